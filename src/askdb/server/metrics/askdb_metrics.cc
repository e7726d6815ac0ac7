#include "askdb/server/metrics/askdb_metrics.h"

#include <string>

namespace askdb::server::metrics {

// The families are registered in this order, which is the order /metrics lists them in.
StatusOr<std::unique_ptr<AskdbMetrics>> AskdbMetrics::Create(Registry& registry,
                                                             const AskdbMetricsOptions& options) {
  std::unique_ptr<AskdbMetrics> m(new AskdbMetrics());
  ASKDB_RETURN_IF_ERROR(m->AddHttpRequestMetrics(registry, options));
  ASKDB_RETURN_IF_ERROR(m->AddRunOutcomeMetric(registry));
  ASKDB_RETURN_IF_ERROR(m->AddLlmMetrics(registry));
  if (options.answer_cache) ASKDB_RETURN_IF_ERROR(m->AddCacheMetrics(registry));
  ASKDB_RETURN_IF_ERROR(m->AddExecutionMetrics(registry));
  ASKDB_RETURN_IF_ERROR(m->AddAuthMetrics(registry));
  ASKDB_RETURN_IF_ERROR(m->AddConnectionMetrics(registry));
  return m;
}

// Requests by method, route pattern and status, and how long each route takes.
Status AskdbMetrics::AddHttpRequestMetrics(Registry& registry, const AskdbMetricsOptions& options) {
  ASKDB_ASSIGN_OR_RETURN(http_requests_,
                         registry.AddCounter("askdb_http_requests_total",
                                             "HTTP requests served, by method, route pattern "
                                             "and status code.",
                                             {"method", "route", "status"}));
  ASKDB_ASSIGN_OR_RETURN(
      http_duration_,
      registry.AddHistogram("askdb_http_request_duration_seconds",
                            "Time from receiving an HTTP request to finishing its response, "
                            "in seconds, by route pattern.",
                            {"route"}, HistogramOptions{options.request_duration_buckets}));
  return Status::Ok();
}

// How runs end (ok, error, cancelled, interrupted), by route.
Status AskdbMetrics::AddRunOutcomeMetric(Registry& registry) {
  ASKDB_ASSIGN_OR_RETURN(
      runs_, registry.AddCounter("askdb_runs_total",
                                 "Agent runs finished, by route and outcome (ok, error, "
                                 "cancelled, interrupted).",
                                 {"route", "outcome"}));
  return Status::Ok();
}

// Model calls and tokens: what a deployment pays for.
Status AskdbMetrics::AddLlmMetrics(Registry& registry) {
  ASKDB_ASSIGN_OR_RETURN(
      Family<Counter> * llm_calls,
      registry.AddCounter("askdb_llm_calls_total", "Calls made to the language model."));
  llm_calls_ = &llm_calls->Get();
  ASKDB_ASSIGN_OR_RETURN(Family<Counter> * llm_tokens,
                         registry.AddCounter("askdb_llm_tokens_total",
                                             "Language model tokens used, by kind (prompt or "
                                             "completion).",
                                             {"kind"}));
  llm_prompt_tokens_ = &llm_tokens->WithLabels({{"kind", "prompt"}});
  llm_completion_tokens_ = &llm_tokens->WithLabels({{"kind", "completion"}});
  return Status::Ok();
}

// Answer cache hits by level and misses (only for a server that has a cache).
Status AskdbMetrics::AddCacheMetrics(Registry& registry) {
  ASKDB_ASSIGN_OR_RETURN(Family<Counter> * cache_hits,
                         registry.AddCounter("askdb_cache_hits_total",
                                             "Answer cache hits, by level (L1 exact, L2 "
                                             "semantic).",
                                             {"level"}));
  cache_hits_l1_ = &cache_hits->WithLabels({{"level", "L1"}});
  cache_hits_l2_ = &cache_hits->WithLabels({{"level", "L2"}});
  ASKDB_ASSIGN_OR_RETURN(Family<Counter> * cache_misses,
                         registry.AddCounter("askdb_cache_misses_total",
                                             "Questions that no answer cache level could "
                                             "answer."));
  cache_misses_ = &cache_misses->Get();
  return Status::Ok();
}

// What the executors meet: user database errors, runs executing and runs waiting.
Status AskdbMetrics::AddExecutionMetrics(Registry& registry) {
  ASKDB_ASSIGN_OR_RETURN(
      database_errors_,
      registry.AddCounter("askdb_database_errors_total",
                          "Errors returned by user databases, by engine.", {"engine"}));
  ASKDB_ASSIGN_OR_RETURN(Family<Gauge> * in_flight,
                         registry.AddGauge("askdb_runs_in_flight", "Agent runs executing now."));
  runs_in_flight_ = &in_flight->Get();
  ASKDB_ASSIGN_OR_RETURN(
      Family<Gauge> * queue_depth,
      registry.AddGauge("askdb_run_queue_depth", "Agent runs waiting for an executor."));
  run_queue_depth_ = &queue_depth->Get();
  return Status::Ok();
}

// Failed API-key checks and the requests refused for too many of them.
Status AskdbMetrics::AddAuthMetrics(Registry& registry) {
  ASKDB_ASSIGN_OR_RETURN(
      Family<Counter> * auth_failures,
      registry.AddCounter("askdb_auth_failures_total", "Failed API-key checks."));
  auth_failures_ = &auth_failures->Get();
  ASKDB_ASSIGN_OR_RETURN(Family<Counter> * auth_throttled,
                         registry.AddCounter("askdb_auth_throttled_total",
                                             "Requests refused (429) because their client "
                                             "failed too many API-key checks."));
  auth_throttled_ = &auth_throttled->Get();
  return Status::Ok();
}

// Connections open now and every connection event; each event's series exists from the
// start, so a rate over it reads 0 rather than nothing before the first event.
Status AskdbMetrics::AddConnectionMetrics(Registry& registry) {
  ASKDB_ASSIGN_OR_RETURN(Family<Gauge> * connections_open,
                         registry.AddGauge("askdb_http_connections_open",
                                           "HTTP connections open now (being served)."));
  connections_open_ = &connections_open->Get();
  ASKDB_ASSIGN_OR_RETURN(
      connection_events_,
      registry.AddCounter("askdb_http_connections_total",
                          "HTTP connection events: opened, closed, rejected_max_connections, "
                          "rejected_per_client, idle_timeout, request_deadline, client_gone.",
                          {"event"}));
  for (std::string_view event :
       {"opened", "closed", "rejected_max_connections", "rejected_per_client", "idle_timeout",
        "request_deadline", "client_gone"}) {
    connection_events_->WithLabels({{"event", event}});
  }
  return Status::Ok();
}

void AskdbMetrics::RecordAuthFailure() { auth_failures_->Increment(); }

void AskdbMetrics::RecordAuthThrottled() { auth_throttled_->Increment(); }

void AskdbMetrics::RecordConnectionEvent(std::string_view event) {
  if (event == "opened") connections_open_->Increment();
  if (event == "closed") connections_open_->Decrement();
  connection_events_->WithLabels({{"event", event}}).Increment();
}

void AskdbMetrics::RecordHttpRequest(std::string_view method, std::string_view route, int status,
                                     std::chrono::duration<double> elapsed) {
  const std::string status_text = std::to_string(status);
  http_requests_->WithLabels({{"method", method}, {"route", route}, {"status", status_text}})
      .Increment();
  http_duration_->WithLabels({{"route", route}}).Observe(elapsed.count());
}

void AskdbMetrics::RecordRun(std::string_view route, std::string_view outcome) {
  runs_->WithLabels({{"route", route}, {"outcome", outcome}}).Increment();
}

void AskdbMetrics::RecordLlmCall(uint64_t prompt_tokens, uint64_t completion_tokens) {
  llm_calls_->Increment();
  llm_prompt_tokens_->Increment(static_cast<double>(prompt_tokens));
  llm_completion_tokens_->Increment(static_cast<double>(completion_tokens));
}

void AskdbMetrics::RecordCacheHit(CacheLevel level) {
  Counter* hits = level == CacheLevel::kL1 ? cache_hits_l1_ : cache_hits_l2_;
  if (hits != nullptr) hits->Increment();
}

void AskdbMetrics::RecordCacheMiss() {
  if (cache_misses_ != nullptr) cache_misses_->Increment();
}

void AskdbMetrics::RecordDatabaseError(std::string_view engine) {
  database_errors_->WithLabels({{"engine", engine}}).Increment();
}

void AskdbMetrics::RunStarted() { runs_in_flight_->Increment(); }

void AskdbMetrics::RunFinished() { runs_in_flight_->Decrement(); }

void AskdbMetrics::SetRunQueueDepth(size_t depth) {
  run_queue_depth_->Set(static_cast<double>(depth));
}

}  // namespace askdb::server::metrics
