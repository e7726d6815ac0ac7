// A small Prometheus metrics registry: counters, gauges and histograms, each in a family
// with a fixed list of label names, rendered in the Prometheus text exposition format
// 0.0.4.
//
// Hot path: Counter/Gauge/Histogram updates are lock-free (relaxed atomics). Finding the
// metric of a label set takes a shared (reader) lock; the exclusive lock is taken only
// when a label set is seen for the first time. Code that updates the same label set often
// should keep the reference WithLabels returns: it stays valid as long as the registry.
//
// Ownership: the Registry owns its families and they own their metrics; references and
// pointers handed out live as long as the Registry. Everything here is thread-safe.
// Rendering reads each metric atomically but not the registry as a whole, as Prometheus
// clients usually do.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "askdb/common/status.h"

namespace askdb::server::metrics {

// The Content-Type of RenderText's output.
inline constexpr std::string_view kPrometheusTextContentType =
    "text/plain; version=0.0.4; charset=utf-8";

class Counter {
 public:
  // Counters only go up: a negative or NaN amount is ignored.
  void Increment(double amount = 1.0);
  double Value() const { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<double> value_{0.0};
};

class Gauge {
 public:
  void Set(double value) { value_.store(value, std::memory_order_relaxed); }
  void Increment(double amount = 1.0) { value_.fetch_add(amount, std::memory_order_relaxed); }
  void Decrement(double amount = 1.0) { value_.fetch_sub(amount, std::memory_order_relaxed); }
  double Value() const { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<double> value_{0.0};
};

struct HistogramOptions {
  // Upper bounds (inclusive, "le"), strictly increasing and finite; +Inf is implicit.
  // The default suits request latencies in seconds.
  std::vector<double> buckets = {0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10};
};

class Histogram {
 public:
  // `bounds` must be sorted strictly increasing (Registry::AddHistogram checks it).
  explicit Histogram(std::vector<double> bounds);

  // Counts `value` in the first bucket whose bound is >= value. NaN is ignored.
  void Observe(double value);

  struct Snapshot {
    std::vector<double> bounds;
    std::vector<uint64_t> cumulative_counts;  // one per bound, then +Inf (== count)
    double sum = 0.0;
    uint64_t count = 0;
  };
  Snapshot Collect() const;

 private:
  const std::vector<double> bounds_;
  // Per-bucket (not cumulative) counts, the last one for +Inf.
  std::unique_ptr<std::atomic<uint64_t>[]> counts_;
  std::atomic<double> sum_{0.0};
};

enum class MetricType { kCounter, kGauge, kHistogram };

// Label names and values as pairs: {{"route", "engine"}, {"outcome", "ok"}}.
using LabelView = std::pair<std::string_view, std::string_view>;

// What the Registry keeps: the type-independent part of a family.
class FamilyBase {
 public:
  FamilyBase(std::string name, std::string help, std::vector<std::string> label_names)
      : name_(std::move(name)), help_(std::move(help)), label_names_(std::move(label_names)) {}
  virtual ~FamilyBase() = default;
  FamilyBase(const FamilyBase&) = delete;
  FamilyBase& operator=(const FamilyBase&) = delete;

  const std::string& name() const { return name_; }
  const std::string& help() const { return help_; }
  const std::vector<std::string>& label_names() const { return label_names_; }
  virtual MetricType type() const = 0;

  // Appends the family's HELP, TYPE and sample lines.
  virtual void RenderText(std::string& out) const = 0;

 private:
  std::string name_;
  std::string help_;
  std::vector<std::string> label_names_;
};

// One metric per distinct label set. T is Counter, Gauge or Histogram.
template <typename T>
class Family final : public FamilyBase {
 public:
  Family(std::string name, std::string help, std::vector<std::string> label_names,
         std::function<std::unique_ptr<T>()> make);

  MetricType type() const override;

  // The metric for these labels, created on first use. Labels are matched to the family's
  // label names by name, in any order; a declared label left out gets the empty value and
  // a name the family does not declare is ignored.
  T& WithLabels(std::initializer_list<LabelView> labels);
  T& WithLabels(const std::vector<std::pair<std::string, std::string>>& labels);
  // The metric for label values given in the family's label-name order. Missing values
  // are empty; extra values are ignored.
  T& WithLabelValues(std::initializer_list<std::string_view> values);
  // The metric of a family without labels.
  T& Get() { return WithLabelValues({}); }

  // Every label set seen so far with its metric, sorted by label values.
  std::vector<std::pair<std::vector<std::string>, const T*>> Children() const;

  void RenderText(std::string& out) const override;

 private:
  struct Child {
    std::vector<std::string> values;
    std::unique_ptr<T> metric;
  };
  T& FindOrCreate(std::vector<std::string> values);

  std::function<std::unique_ptr<T>()> make_;
  mutable std::shared_mutex mu_;
  // Keyed by the length-prefixed concatenation of the values (unambiguous).
  std::map<std::string, Child, std::less<>> children_;
};

class Registry {
 public:
  Registry() = default;
  Registry(const Registry&) = delete;
  Registry& operator=(const Registry&) = delete;

  // Registers a family. InvalidArgument for a name or label name Prometheus does not
  // allow, AlreadyExists when the name is taken. A family without labels renders its
  // single metric (as 0) from the start.
  StatusOr<Family<Counter>*> AddCounter(std::string name, std::string help,
                                        std::vector<std::string> label_names = {});
  StatusOr<Family<Gauge>*> AddGauge(std::string name, std::string help,
                                    std::vector<std::string> label_names = {});
  StatusOr<Family<Histogram>*> AddHistogram(std::string name, std::string help,
                                            std::vector<std::string> label_names = {},
                                            HistogramOptions options = {});

  // All families in registration order, in the text exposition format 0.0.4.
  std::string RenderText() const;

 private:
  Status CheckNew(const std::string& name, const std::vector<std::string>& label_names,
                  MetricType type) const;

  mutable std::mutex mu_;
  std::vector<std::unique_ptr<FamilyBase>> families_;
};

// Label value escaping of the text format: backslash, double quote and newline.
std::string EscapeLabelValue(std::string_view value);
// A sample value as Prometheus writes it: integers without a fraction, "+Inf", "NaN".
std::string FormatSampleValue(double value);

extern template class Family<Counter>;
extern template class Family<Gauge>;
extern template class Family<Histogram>;

}  // namespace askdb::server::metrics
