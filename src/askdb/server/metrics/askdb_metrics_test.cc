#include "askdb/server/metrics/askdb_metrics.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

namespace askdb::server::metrics {
namespace {

using ::std::chrono::milliseconds;

bool HasLine(const std::string& text, const std::string& line) {
  std::istringstream in(text);
  for (std::string current; std::getline(in, current);) {
    if (current == line) return true;
  }
  return false;
}

class AskdbMetricsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    StatusOr<std::unique_ptr<AskdbMetrics>> metrics = AskdbMetrics::Create(registry_);
    ASSERT_TRUE(metrics.ok()) << metrics.status().ToString();
    metrics_ = std::move(metrics).value();
  }

  Registry registry_;
  std::unique_ptr<AskdbMetrics> metrics_;
};

TEST_F(AskdbMetricsTest, RegistersEveryFamilyWithHelpAndType) {
  const std::string text = registry_.RenderText();
  const std::pair<const char*, const char*> families[] = {
      {"askdb_http_requests_total", "counter"},
      {"askdb_http_request_duration_seconds", "histogram"},
      {"askdb_runs_total", "counter"},
      {"askdb_llm_calls_total", "counter"},
      {"askdb_llm_tokens_total", "counter"},
      {"askdb_database_errors_total", "counter"},
      {"askdb_runs_in_flight", "gauge"},
      {"askdb_run_queue_depth", "gauge"},
      {"askdb_auth_failures_total", "counter"},
      {"askdb_auth_throttled_total", "counter"},
      {"askdb_http_connections_open", "gauge"},
      {"askdb_http_connections_total", "counter"},
  };
  for (const auto& [name, type] : families) {
    EXPECT_TRUE(HasLine(text, std::string("# TYPE ") + name + " " + type)) << name;
    EXPECT_NE(text.find(std::string("# HELP ") + name + " "), std::string::npos) << name;
  }
  // Fixed label sets show from the start, so dashboards see 0 rather than nothing.
  EXPECT_TRUE(HasLine(text, "askdb_llm_tokens_total{kind=\"prompt\"} 0"));
  EXPECT_TRUE(HasLine(text, "askdb_llm_tokens_total{kind=\"completion\"} 0"));
  EXPECT_TRUE(HasLine(text, "askdb_llm_calls_total 0"));
  EXPECT_TRUE(HasLine(text, "askdb_runs_in_flight 0"));
  EXPECT_TRUE(HasLine(text, "askdb_http_connections_total{event=\"idle_timeout\"} 0"));
  // No answer cache, no cache counters (they could only read 0).
  EXPECT_EQ(text.find("askdb_cache_"), std::string::npos) << text;
  metrics_->RecordCacheHit(CacheLevel::kL1);
  metrics_->RecordCacheMiss();
  EXPECT_EQ(registry_.RenderText().find("askdb_cache_"), std::string::npos);
}

TEST(AskdbMetricsCacheTest, AServerWithAnAnswerCacheCountsHitsAndMisses) {
  Registry registry;
  AskdbMetricsOptions options;
  options.answer_cache = true;
  StatusOr<std::unique_ptr<AskdbMetrics>> metrics = AskdbMetrics::Create(registry, options);
  ASSERT_TRUE(metrics.ok()) << metrics.status().ToString();
  EXPECT_TRUE(HasLine(registry.RenderText(), "askdb_cache_hits_total{level=\"L1\"} 0"));
  EXPECT_TRUE(HasLine(registry.RenderText(), "askdb_cache_hits_total{level=\"L2\"} 0"));
  (*metrics)->RecordCacheHit(CacheLevel::kL1);
  (*metrics)->RecordCacheHit(CacheLevel::kL2);
  (*metrics)->RecordCacheHit(CacheLevel::kL2);
  (*metrics)->RecordCacheMiss();
  const std::string text = registry.RenderText();
  EXPECT_TRUE(HasLine(text, "askdb_cache_hits_total{level=\"L1\"} 1"));
  EXPECT_TRUE(HasLine(text, "askdb_cache_hits_total{level=\"L2\"} 2"));
  EXPECT_TRUE(HasLine(text, "askdb_cache_misses_total 1"));
}

TEST_F(AskdbMetricsTest, RegisteringTwiceIsRefused) {
  EXPECT_EQ(AskdbMetrics::Create(registry_).status().code(), StatusCode::kAlreadyExists);
}

TEST_F(AskdbMetricsTest, RecordsHttpRequests) {
  metrics_->RecordHttpRequest("POST", "/v1/agents/:id/runs", 200, milliseconds(30));
  metrics_->RecordHttpRequest("POST", "/v1/agents/:id/runs", 200, milliseconds(700));
  metrics_->RecordHttpRequest("GET", "/v1/health", 503, milliseconds(1));
  const std::string text = registry_.RenderText();
  EXPECT_TRUE(HasLine(text,
                      "askdb_http_requests_total{method=\"POST\",route=\"/v1/agents/:id/runs\","
                      "status=\"200\"} 2"))
      << text;
  EXPECT_TRUE(HasLine(
      text, "askdb_http_requests_total{method=\"GET\",route=\"/v1/health\",status=\"503\"} 1"));
  EXPECT_TRUE(HasLine(
      text,
      "askdb_http_request_duration_seconds_bucket{route=\"/v1/agents/:id/runs\",le=\"0.05\"} 1"));
  EXPECT_TRUE(HasLine(
      text,
      "askdb_http_request_duration_seconds_bucket{route=\"/v1/agents/:id/runs\",le=\"1\"} 2"));
  EXPECT_TRUE(
      HasLine(text, "askdb_http_request_duration_seconds_count{route=\"/v1/agents/:id/runs\"} 2"));
  EXPECT_TRUE(HasLine(
      text, "askdb_http_request_duration_seconds_bucket{route=\"/v1/health\",le=\"+Inf\"} 1"));
}

TEST_F(AskdbMetricsTest, RecordsRunsLlmAndDatabaseEvents) {
  metrics_->RecordRun("/v1/agents/:id/runs", "ok");
  metrics_->RecordRun("/v1/agents/:id/runs", "error");
  metrics_->RecordRun("/v1/agents/:id/runs", "ok");
  metrics_->RecordLlmCall(100, 20);
  metrics_->RecordLlmCall(50, 5);
  metrics_->RecordDatabaseError("postgres");
  metrics_->SetRunQueueDepth(7);
  const std::string text = registry_.RenderText();
  EXPECT_TRUE(HasLine(text, "askdb_runs_total{route=\"/v1/agents/:id/runs\",outcome=\"ok\"} 2"));
  EXPECT_TRUE(HasLine(text, "askdb_runs_total{route=\"/v1/agents/:id/runs\",outcome=\"error\"} 1"));
  EXPECT_TRUE(HasLine(text, "askdb_llm_calls_total 2"));
  EXPECT_TRUE(HasLine(text, "askdb_llm_tokens_total{kind=\"prompt\"} 150"));
  EXPECT_TRUE(HasLine(text, "askdb_llm_tokens_total{kind=\"completion\"} 25"));
  EXPECT_TRUE(HasLine(text, "askdb_database_errors_total{engine=\"postgres\"} 1"));
  EXPECT_TRUE(HasLine(text, "askdb_run_queue_depth 7"));
}

TEST_F(AskdbMetricsTest, RunInFlightCountsWhileAlive) {
  {
    AskdbMetrics::RunInFlight first(*metrics_);
    AskdbMetrics::RunInFlight second(*metrics_);
    EXPECT_TRUE(HasLine(registry_.RenderText(), "askdb_runs_in_flight 2"));
  }
  EXPECT_TRUE(HasLine(registry_.RenderText(), "askdb_runs_in_flight 0"));
}

TEST(AskdbMetricsOptionsTest, CustomBucketsAreUsed) {
  Registry registry;
  AskdbMetricsOptions options;
  options.request_duration_buckets = {0.5};
  std::unique_ptr<AskdbMetrics> metrics = AskdbMetrics::Create(registry, options).value();
  metrics->RecordHttpRequest("GET", "/x", 200, milliseconds(100));
  const std::string text = registry.RenderText();
  EXPECT_TRUE(
      HasLine(text, "askdb_http_request_duration_seconds_bucket{route=\"/x\",le=\"0.5\"} 1"));
  EXPECT_EQ(text.find("le=\"0.005\""), std::string::npos);
}

}  // namespace
}  // namespace askdb::server::metrics
