// The askdb server's metric set (all names prefixed askdb_), registered once into a
// Registry, with one method per event the server records.
//
// Label values must come from small, fixed sets: pass the route pattern
// ("/v1/agents/:id/runs"), never the raw path, so the number of series stays bounded.
//
// Ownership: AskdbMetrics borrows the Registry, which must outlive it. Thread-safe: every
// method only touches atomics, or looks up a label set (see metrics.h).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "askdb/common/status.h"
#include "askdb/server/metrics/metrics.h"

namespace askdb::server::metrics {

struct AskdbMetricsOptions {
  // Request duration buckets in seconds: runs with model calls take tens of seconds.
  std::vector<double> request_duration_buckets = {0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5,
                                                  1,     2.5,  5,     10,   30,  60,   120};
  // Register askdb_cache_* only for a server that has an answer cache: `askdb serve` has
  // none yet, and counters that can only read 0 would claim one.
  bool answer_cache = false;
};

enum class CacheLevel { kL1, kL2 };

class AskdbMetrics {
 public:
  // Registers the askdb families in `registry`; AlreadyExists when they were registered
  // before (register once per registry and share the object).
  static StatusOr<std::unique_ptr<AskdbMetrics>> Create(Registry& registry,
                                                        const AskdbMetricsOptions& options = {});

  // askdb_http_requests_total{method,route,status} and
  // askdb_http_request_duration_seconds{route}.
  void RecordHttpRequest(std::string_view method, std::string_view route, int status,
                         std::chrono::duration<double> elapsed);
  // askdb_runs_total{route,outcome}; outcome such as "ok", "error", "cancelled",
  // "interrupted".
  void RecordRun(std::string_view route, std::string_view outcome);
  // askdb_llm_calls_total and askdb_llm_tokens_total{kind="prompt"|"completion"}.
  void RecordLlmCall(uint64_t prompt_tokens, uint64_t completion_tokens);
  // askdb_cache_hits_total{level="L1"|"L2"} and askdb_cache_misses_total; no-ops unless
  // created with options.answer_cache.
  void RecordCacheHit(CacheLevel level);
  void RecordCacheMiss();
  // askdb_database_errors_total{engine} ("sqlite", "postgres", "mysql").
  void RecordDatabaseError(std::string_view engine);
  // askdb_runs_in_flight: call RunStarted/RunFinished in pairs (or use RunInFlight).
  void RunStarted();
  void RunFinished();
  // askdb_run_queue_depth.
  void SetRunQueueDepth(size_t depth);
  // askdb_auth_failures_total (failed API-key checks) and askdb_auth_throttled_total
  // (requests refused because their client failed too many).
  void RecordAuthFailure();
  void RecordAuthThrottled();
  // HTTP connections (HttpServerOptions::on_connection_event): the gauge
  // askdb_http_connections_open follows "opened"/"closed"; askdb_http_connections_total
  // {event} counts every event: opened, closed, rejected_max_connections,
  // rejected_per_client, idle_timeout, request_deadline, client_gone.
  void RecordConnectionEvent(std::string_view event);

  // Counts one run in flight for its lifetime.
  class RunInFlight {
   public:
    explicit RunInFlight(AskdbMetrics& metrics) : metrics_(metrics) { metrics_.RunStarted(); }
    ~RunInFlight() { metrics_.RunFinished(); }
    RunInFlight(const RunInFlight&) = delete;
    RunInFlight& operator=(const RunInFlight&) = delete;

   private:
    AskdbMetrics& metrics_;
  };

 private:
  AskdbMetrics() = default;

  // The steps of Create, one per group of families, in the order they are registered.
  Status AddHttpRequestMetrics(Registry& registry, const AskdbMetricsOptions& options);
  Status AddRunOutcomeMetric(Registry& registry);
  Status AddLlmMetrics(Registry& registry);
  Status AddCacheMetrics(Registry& registry);
  Status AddExecutionMetrics(Registry& registry);
  Status AddAuthMetrics(Registry& registry);
  Status AddConnectionMetrics(Registry& registry);

  Family<Counter>* http_requests_ = nullptr;
  Family<Histogram>* http_duration_ = nullptr;
  Family<Counter>* runs_ = nullptr;
  Counter* llm_calls_ = nullptr;
  Counter* llm_prompt_tokens_ = nullptr;
  Counter* llm_completion_tokens_ = nullptr;
  Counter* cache_hits_l1_ = nullptr;
  Counter* cache_hits_l2_ = nullptr;
  Counter* cache_misses_ = nullptr;
  Family<Counter>* database_errors_ = nullptr;
  Gauge* runs_in_flight_ = nullptr;
  Counter* auth_failures_ = nullptr;
  Counter* auth_throttled_ = nullptr;
  Gauge* connections_open_ = nullptr;
  Family<Counter>* connection_events_ = nullptr;
  Gauge* run_queue_depth_ = nullptr;
};

}  // namespace askdb::server::metrics
