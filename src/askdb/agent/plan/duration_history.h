// DurationHistory: estimated_duration_ms for plan steps from past runs (seed 001
// Requirement 6.4). Each (tool, query_type) key keeps its most recent `window` durations;
// the estimate is their median (robust to the odd slow query). A key with no samples falls
// back to the tool's samples across all query types, then to a per-tool default.
// Persisted so that estimates survive restarts: as JSON (ToJson/LoadJson, the CLI's data-dir
// file), or through a DurationStore (the management database, shared by every process over
// it): Record appends to the store and Refresh, called before a plan is estimated, reads the
// samples every process has recorded since.
//
// Thread-safe: every method locks an internal mutex, so the executor may Record while a
// planner estimates.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "askdb/common/json.h"
#include "askdb/common/status.h"

namespace askdb::agent::plan {

struct AnalysisPlan;

struct DurationHistoryOptions {
  size_t window = 50;  // samples kept per key
  // Defaults used before any run has been recorded for a tool.
  int64_t default_schema_ms = 300;
  int64_t default_sql_ms = 1000;
  int64_t default_python_ms = 3000;
  int64_t default_web_search_ms = 2000;
  int64_t default_web_fetch_ms = 2000;
  int64_t default_other_ms = 1000;
};

struct DurationSample {
  std::string tool;
  std::string query_type;
  int64_t duration_ms = 0;
};

// Where several processes pool their samples (server/api/shared_duration_store.h).
class DurationStore {
 public:
  virtual ~DurationStore() = default;
  // Adds one sample; the store keeps at least the newest `window` of its key.
  virtual Status Append(const DurationSample& sample) = 0;
  // Every kept sample, oldest first within a key.
  virtual StatusOr<std::vector<DurationSample>> LoadAll() = 0;
};

class DurationHistory {
 public:
  explicit DurationHistory(DurationHistoryOptions options = {});
  DurationHistory(const DurationHistory&) = delete;
  DurationHistory& operator=(const DurationHistory&) = delete;

  // Borrows `store` (it must outlive the history) and loads its samples; on an error the
  // history keeps what it has and stays detached.
  Status AttachStore(DurationStore* store);
  // With a store: replaces the samples with the store's (every process's runs). A store error
  // keeps the samples in memory (and is returned). Without one: nothing.
  Status Refresh();
  bool has_store() const;

  // Records one finished call, also in the store when one is attached (an error there is
  // logged: the sample then only counts in this process). Negative durations are ignored (a
  // clock step, not a run).
  void Record(std::string_view tool, std::string_view query_type, int64_t duration_ms);

  // Median of the (tool, query_type) samples, else of all the tool's samples, else the
  // tool's default.
  int64_t EstimateMs(std::string_view tool, std::string_view query_type = {}) const;
  int64_t DefaultMs(std::string_view tool) const;

  // Sets estimated_duration_ms on every step of `plan`.
  void Apply(AnalysisPlan& plan) const;

  // {"window": N, "samples": {"execute_sql|aggregation": [ms, ...], ...}}.
  Json ToJson() const;
  // Replaces the samples with those in `json`; InvalidArgument names the bad field.
  Status LoadJson(const Json& json);

 private:
  using Key = std::pair<std::string, std::string>;  // (tool, query_type)
  static int64_t Median(std::deque<int64_t> samples);
  void ReplaceSamples(const std::vector<DurationSample>& samples);

  DurationHistoryOptions options_;
  mutable std::mutex mu_;
  std::map<Key, std::deque<int64_t>> samples_;
  DurationStore* store_ = nullptr;  // guarded by mu_
};

}  // namespace askdb::agent::plan
