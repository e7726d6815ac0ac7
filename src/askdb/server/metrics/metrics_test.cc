#include "askdb/server/metrics/metrics.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <thread>
#include <vector>

namespace askdb::server::metrics {
namespace {

// Reverses the text format's label value escaping. Written here, apart from the code
// under test, as a reader of the format would.
std::string UnescapeLabelValue(std::string_view escaped) {
  std::string out;
  for (size_t i = 0; i < escaped.size(); ++i) {
    if (escaped[i] == '\\' && i + 1 < escaped.size()) {
      const char next = escaped[++i];
      out += next == 'n' ? '\n' : next;
    } else {
      out += escaped[i];
    }
  }
  return out;
}

TEST(RegistryTest, RendersTheTextFormatExactly) {
  Registry registry;
  Family<Counter>* requests =
      registry
          .AddCounter("test_requests_total", "Requests served.\nBy route \\ outcome.",
                      {"route", "outcome"})
          .value();
  requests->WithLabels({{"outcome", "ok"}, {"route", "engine"}}).Increment();
  requests->WithLabels({{"route", "llm"}, {"outcome", "error"}}).Increment(2.5);
  requests->WithLabels({{"route", "engine"}, {"outcome", "ok"}}).Increment();

  Family<Gauge>* in_flight = registry.AddGauge("test_in_flight", "Runs now.").value();
  in_flight->Get().Set(3);

  Family<Histogram>* latency =
      registry
          .AddHistogram("test_latency_seconds", "Latency.", {"route"}, HistogramOptions{{0.125, 1}})
          .value();
  Histogram& quoted = latency->WithLabels({{"route", "a\"b\\c\nd"}});
  quoted.Observe(0.0625);
  quoted.Observe(0.125);  // bounds are inclusive
  quoted.Observe(4);

  EXPECT_EQ(registry.RenderText(),
            "# HELP test_requests_total Requests served.\\nBy route \\\\ outcome.\n"
            "# TYPE test_requests_total counter\n"
            "test_requests_total{route=\"engine\",outcome=\"ok\"} 2\n"
            "test_requests_total{route=\"llm\",outcome=\"error\"} 2.5\n"
            "# HELP test_in_flight Runs now.\n"
            "# TYPE test_in_flight gauge\n"
            "test_in_flight 3\n"
            "# HELP test_latency_seconds Latency.\n"
            "# TYPE test_latency_seconds histogram\n"
            "test_latency_seconds_bucket{route=\"a\\\"b\\\\c\\nd\",le=\"0.125\"} 2\n"
            "test_latency_seconds_bucket{route=\"a\\\"b\\\\c\\nd\",le=\"1\"} 2\n"
            "test_latency_seconds_bucket{route=\"a\\\"b\\\\c\\nd\",le=\"+Inf\"} 3\n"
            "test_latency_seconds_sum{route=\"a\\\"b\\\\c\\nd\"} 4.1875\n"
            "test_latency_seconds_count{route=\"a\\\"b\\\\c\\nd\"} 3\n");
}

TEST(RegistryTest, UnlabelledFamiliesRenderZeroAndLabelledOnesOnlyTheirHeader) {
  Registry registry;
  ASSERT_TRUE(registry.AddCounter("a_total", "A.").ok());
  ASSERT_TRUE(registry.AddCounter("b_total", "B.", {"kind"}).ok());
  ASSERT_TRUE(registry.AddHistogram("c_seconds", "C.", {}, HistogramOptions{{1}}).ok());
  EXPECT_EQ(registry.RenderText(),
            "# HELP a_total A.\n# TYPE a_total counter\na_total 0\n"
            "# HELP b_total B.\n# TYPE b_total counter\n"
            "# HELP c_seconds C.\n# TYPE c_seconds histogram\n"
            "c_seconds_bucket{le=\"1\"} 0\nc_seconds_bucket{le=\"+Inf\"} 0\n"
            "c_seconds_sum 0\nc_seconds_count 0\n");
}

TEST(RegistryTest, RejectsBadNamesAndDuplicates) {
  Registry registry;
  EXPECT_EQ(registry.AddCounter("1abc", "x").status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(registry.AddCounter("a-b", "x").status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(registry.AddCounter("", "x").status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(registry.AddCounter("ok", "x", {"__reserved"}).status().code(),
            StatusCode::kInvalidArgument);
  EXPECT_EQ(registry.AddCounter("ok", "x", {"a", "a"}).status().code(),
            StatusCode::kInvalidArgument);
  EXPECT_EQ(registry.AddHistogram("h", "x", {"le"}).status().code(), StatusCode::kInvalidArgument);
  EXPECT_TRUE(registry.AddCounter("ns:ok_total", "x", {"le", "_x1"}).ok());
  EXPECT_EQ(registry.AddGauge("ns:ok_total", "x").status().code(), StatusCode::kAlreadyExists);
}

TEST(RegistryTest, RejectsBadBuckets) {
  Registry registry;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_FALSE(registry.AddHistogram("h1", "x", {}, HistogramOptions{{1, 1}}).ok());
  EXPECT_FALSE(registry.AddHistogram("h2", "x", {}, HistogramOptions{{2, 1}}).ok());
  EXPECT_FALSE(registry.AddHistogram("h3", "x", {}, HistogramOptions{{nan}}).ok());
  // A trailing +Inf is implicit anyway and accepted.
  Family<Histogram>* h = registry.AddHistogram("h4", "x", {}, HistogramOptions{{1, inf}}).value();
  EXPECT_EQ(h->Get().Collect().bounds, std::vector<double>{1});
}

TEST(FamilyTest, LabelOrderDoesNotMatterAndReferencesAreStable) {
  Registry registry;
  Family<Counter>* family = registry.AddCounter("x_total", "x", {"route", "outcome"}).value();
  Counter& first = family->WithLabels({{"route", "r"}, {"outcome", "ok"}});
  EXPECT_EQ(&first, &family->WithLabels({{"outcome", "ok"}, {"route", "r"}}));
  EXPECT_EQ(&first, &family->WithLabelValues({"r", "ok"}));
  EXPECT_EQ(&first, &family->WithLabels(std::vector<std::pair<std::string, std::string>>{
                        {"outcome", "ok"}, {"route", "r"}}));
  first.Increment();
  for (int i = 0; i < 1000; ++i) family->WithLabelValues({std::to_string(i), "ok"});
  EXPECT_EQ(&first, &family->WithLabelValues({"r", "ok"}));
  EXPECT_EQ(first.Value(), 1);
  EXPECT_EQ(family->Children().size(), 1001u);
}

TEST(FamilyTest, MissingLabelsAreEmptyAndUnknownOnesIgnored) {
  Registry registry;
  Family<Counter>* family = registry.AddCounter("x_total", "x", {"a", "b"}).value();
  Counter& partial = family->WithLabels({{"b", "2"}, {"zzz", "ignored"}});
  EXPECT_EQ(&partial, &family->WithLabelValues({"", "2"}));
  // Values that would collide if simply concatenated stay apart.
  EXPECT_NE(&family->WithLabelValues({"ab", "c"}), &family->WithLabelValues({"a", "bc"}));
}

TEST(CounterTest, OnlyGoesUp) {
  Counter counter;
  counter.Increment();
  counter.Increment(0.5);
  counter.Increment(-3);
  counter.Increment(std::numeric_limits<double>::quiet_NaN());
  EXPECT_EQ(counter.Value(), 1.5);
}

TEST(GaugeTest, SetIncrementDecrement) {
  Gauge gauge;
  gauge.Set(10);
  gauge.Increment(2);
  gauge.Decrement();
  EXPECT_EQ(gauge.Value(), 11);
  gauge.Set(-4);
  EXPECT_EQ(gauge.Value(), -4);
}

TEST(HistogramTest, BucketsAreInclusiveAndCumulative) {
  Histogram histogram({1, 2, 5});
  for (double v : {0.5, 1.0, 1.5, 2.0, 3.0, 5.0, 7.0, -1.0}) histogram.Observe(v);
  histogram.Observe(std::numeric_limits<double>::quiet_NaN());
  const Histogram::Snapshot snapshot = histogram.Collect();
  EXPECT_EQ(snapshot.cumulative_counts, (std::vector<uint64_t>{3, 5, 7, 8}));
  EXPECT_EQ(snapshot.count, 8u);
  EXPECT_DOUBLE_EQ(snapshot.sum, 19.0);
}

TEST(ConcurrencyTest, IncrementsFromManyThreadsAddUp) {
  Registry registry;
  Family<Counter>* counters = registry.AddCounter("c_total", "c", {"thread"}).value();
  Family<Gauge>* gauges = registry.AddGauge("g", "g").value();
  Family<Histogram>* histograms =
      registry.AddHistogram("h", "h", {"thread"}, HistogramOptions{{0.5}}).value();
  constexpr int kThreads = 4;
  constexpr int kIterations = 20000;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      const std::string own = std::to_string(t);
      for (int i = 0; i < kIterations; ++i) {
        // Looked up each time so label-set creation and lookup race as well.
        counters->WithLabels({{"thread", "shared"}}).Increment();
        counters->WithLabels({{"thread", own}}).Increment(2);
        gauges->Get().Increment();
        gauges->Get().Decrement();
        histograms->WithLabels({{"thread", "shared"}}).Observe(i % 2 == 0 ? 0.25 : 1.0);
        if (i % 1000 == 0) (void)registry.RenderText();
      }
    });
  }
  for (std::thread& thread : threads) thread.join();

  EXPECT_EQ(counters->WithLabels({{"thread", "shared"}}).Value(), kThreads * kIterations);
  for (int t = 0; t < kThreads; ++t) {
    EXPECT_EQ(counters->WithLabelValues({std::to_string(t)}).Value(), 2.0 * kIterations);
  }
  EXPECT_EQ(counters->Children().size(), kThreads + 1u);
  EXPECT_EQ(gauges->Get().Value(), 0);
  const Histogram::Snapshot snapshot = histograms->WithLabelValues({"shared"}).Collect();
  EXPECT_EQ(snapshot.count, static_cast<uint64_t>(kThreads * kIterations));
  EXPECT_EQ(snapshot.cumulative_counts[0], static_cast<uint64_t>(kThreads * kIterations / 2));
  EXPECT_DOUBLE_EQ(snapshot.sum, kThreads * kIterations / 2 * 1.25);
}

TEST(FormatSampleValueTest, MatchesPrometheusSpelling) {
  EXPECT_EQ(FormatSampleValue(0), "0");
  EXPECT_EQ(FormatSampleValue(42), "42");
  EXPECT_EQ(FormatSampleValue(-2), "-2");
  EXPECT_EQ(FormatSampleValue(2.5), "2.5");
  EXPECT_EQ(FormatSampleValue(0.1), "0.1");
  EXPECT_EQ(FormatSampleValue(1e300), "1e+300");
  EXPECT_EQ(FormatSampleValue(std::numeric_limits<double>::infinity()), "+Inf");
  EXPECT_EQ(FormatSampleValue(-std::numeric_limits<double>::infinity()), "-Inf");
  EXPECT_EQ(FormatSampleValue(std::numeric_limits<double>::quiet_NaN()), "NaN");
}

TEST(EscapeLabelValueTest, EscapesBackslashQuoteAndNewline) {
  EXPECT_EQ(EscapeLabelValue("plain 中文"), "plain 中文");
  EXPECT_EQ(EscapeLabelValue("a\\b\"c\nd"), "a\\\\b\\\"c\\nd");
}

// Whatever a label value holds, the rendered line keeps it on one line, every quote in it
// is escaped, and a reader of the format gets the value back.
RC_GTEST_PROP(EscapeLabelValueProperty, RenderedValueReadsBack, (const std::string& value)) {
  Registry registry;
  Family<Counter>* family = registry.AddCounter("p_total", "p", {"v"}).value();
  family->WithLabels({{"v", value}}).Increment();
  const std::string text = registry.RenderText();
  const std::string start = "p_total{v=\"";
  const size_t begin = text.find(start);
  RC_ASSERT(begin != std::string::npos);
  const size_t value_begin = begin + start.size();
  const std::string tail = "\"} 1\n";
  RC_ASSERT(text.size() >= value_begin + tail.size());
  RC_ASSERT(text.compare(text.size() - tail.size(), tail.size(), tail) == 0);
  const std::string escaped = text.substr(value_begin, text.size() - tail.size() - value_begin);
  RC_ASSERT(escaped.find('\n') == std::string::npos);
  for (size_t i = 0; i < escaped.size(); ++i) {
    if (escaped[i] == '\\') {
      ++i;  // the escaped character
    } else {
      RC_ASSERT(escaped[i] != '"');
    }
  }
  RC_ASSERT(UnescapeLabelValue(escaped) == value);
}

RC_GTEST_PROP(HistogramProperty, BucketsCountValuesAtOrBelowTheirBound,
              (const std::vector<int>& raw)) {
  const std::vector<double> bounds = {-10, 0, 1, 50};
  Histogram histogram(bounds);
  for (int v : raw) histogram.Observe(v % 100);
  const Histogram::Snapshot snapshot = histogram.Collect();
  RC_ASSERT(snapshot.count == raw.size());
  for (size_t b = 0; b < bounds.size(); ++b) {
    uint64_t expected = 0;
    for (int v : raw) expected += (v % 100) <= bounds[b] ? 1 : 0;
    RC_ASSERT(snapshot.cumulative_counts[b] == expected);
  }
  RC_ASSERT(snapshot.cumulative_counts.back() == raw.size());
}

}  // namespace
}  // namespace askdb::server::metrics
