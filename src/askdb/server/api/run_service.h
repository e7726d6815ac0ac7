// RunService: runs questions on the agent pipeline for the HTTP server (`askdb serve`).
//
// A run is one Pipeline::Ask or Pipeline::Resume call for a thread; its id is the thread id
// (one live run per thread). Each run owns an SseEventBuffer fed by an EventSink adapter:
// every agent::Event becomes one frame (event name = EventTypeName, data = {"type", "seq",
// "thread_id", "run_id", "node", "elapsed_ms", "payload"}, SSE id = the buffer's id), and
// the run ends with one terminal frame — "result" (PipelineResult::ToJson), "run_error"
// ({"code","message"}) or "cancelled" — after which the buffer is closed. Runs go through
// a bounded RunExecutor: when it is full Start fails with ResourceExhausted and the
// suggested retry-after (HTTP 429 + Retry-After).
//
// Registry: live runs and, for `finished_retention`, finished ones (so a client that
// reconnects with Last-Event-ID still gets the tail). A background reaper drops expired
// runs and cancels orphaned ones: a run started by a stream (not detached) whose streams
// have all been gone for `reconnect_grace`.
//
// Cancellation: Cancel sets the run's token, which the pipeline checks between nodes and
// inside database and model calls, and ends the run's stream and waiters at once with
// Cancelled; whatever the pipeline still emits while it stops is discarded.
//
// Ownership: the service borrows everything in RunServiceDeps (they must outlive it) and
// creates one Pipeline per run (a Pipeline is not safe for concurrent calls; Create is
// cheap). Thread-safe: every method may be called from any thread.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "askdb/agent/ask/term_datasource.h"
#include "askdb/agent/pipeline/pipeline.h"
#include "askdb/common/cancellation.h"
#include "askdb/common/json.h"
#include "askdb/common/status.h"
#include "askdb/knowledge/terms/term_evidence.h"
#include "askdb/permissions/rules.h"
#include "askdb/server/run_executor.h"
#include "askdb/server/sse.h"

namespace askdb::server::metrics {
class AskdbMetrics;
}  // namespace askdb::server::metrics
namespace askdb::server::store {
class ManagementStore;
}  // namespace askdb::server::store
namespace askdb::permissions {
class PermissionStore;
}  // namespace askdb::permissions

namespace askdb::server::api {

class DatasourceCache;

class ActiveModel;

struct RunServiceDeps {
  // The shared, prepared datasource (prepared once per server; read-only afterwards).
  agent::pipeline::PipelineDatasourceProvider datasource;  // required
  llm::LlmClient* llm = nullptr;                           // null: engine only
  cache::AnswerCache* cache = nullptr;                     // null: no answer cache
  // Plan step durations shared by every run (null: each run estimates from the defaults),
  // and what saves them after an analysis recorded new ones.
  agent::plan::DurationHistory* durations = nullptr;
  std::function<void()> on_durations_recorded;
  agent::CheckpointStore* checkpoints = nullptr;  // required
  metrics::AskdbMetrics* metrics = nullptr;       // null: no metrics
  agent::pipeline::PipelineOptions pipeline_options;
  // The management store (null: one agent, "default", on `datasource`). With it, each run
  // looks up its agent, runs on the agent's datasource (prepared once by `datasources`)
  // with the agent as the pipeline's AgentProfile, and is recorded in the run history;
  // its question and answer are appended to the session named by the thread id.
  store::ManagementStore* store = nullptr;
  DatasourceCache* datasources = nullptr;  // required with `store`
  // The store's active model configuration (null: always `llm`). When a model is active,
  // runs use its client instead of `llm`.
  ActiveModel* active_model = nullptr;
  // Data permissions (issue 18): the rules of the run's datasource apply to a run with a
  // RunRequest::user. Borrowed; null: no rules.
  permissions::PermissionStore* permissions = nullptr;
  // Channels of the evidence stage (business terms, ...), asked with the run's agent and
  // datasource ids; borrowed. None: no evidence stage.
  std::vector<const knowledge::EvidenceSource*> evidence;
  int evidence_token_budget = 800;
  // The business terms of a run's agent and datasource for the engine (store mode; e.g.
  // StoreTermProvider), read at every question: the agent's terms win a word over the
  // datasource's, and an edit by another process counts from the next question
  // (agent/ask/term_datasource.h). Empty: the engine reads what the datasource was prepared
  // with.
  knowledge::TermProvider engine_terms;
};

struct RunServiceOptions {
  RunExecutorOptions executor;
  SseBufferOptions buffer;
  // How long a finished run's events stay available for Last-Event-ID replays.
  std::chrono::milliseconds finished_retention{60'000};
  // A stream-started run with no stream attached for this long is cancelled (unless
  // detached); a client that reconnects within it keeps the run.
  std::chrono::milliseconds reconnect_grace{10'000};
  // How often the reaper looks for expired and orphaned runs.
  std::chrono::milliseconds reaper_interval{250};
};

enum class RunKind { kAsk, kResume };

// An answer to an interrupted run (feedbackContent, POST /runs/{id}/resume, MCP's answer)
// joins the question the model reads, so it has the question's limit
// (agent::kMaxQuestionChars): InvalidArgument naming both figures over it.
Status CheckResumeText(std::string_view text);

// The one answer for a thread that does not exist and for one that belongs to another agent
// (NotFound, HTTP 404): a refusal never tells that a thread exists, nor whose it is.
Status UnknownThreadError(std::string_view thread_id);

// A thread id a client may choose: 1 to 64 of [A-Za-z0-9_.-] (the session id rule), so that
// it can never forge lines in a log or a header. InvalidArgument naming `field` otherwise.
Status ValidateThreadId(std::string_view thread_id, std::string_view field = "thread_id");

// A new thread id: "thr_" and 128 random bits (libsodium) in hex.
std::string NewThreadId();

struct RunRequest {
  std::string thread_id;  // required
  RunKind kind = RunKind::kAsk;
  std::string text;                  // the question (kAsk) or the person's answer (kResume)
  std::string agent_id = "default";  // the agent that answers (see RunServiceDeps::store)
  // Started by a stream: cancelled when its streams are gone, unless `detached`.
  bool streamed = false;
  bool detached = false;
  // Seed 004's nl2sqlOnly: the SQL is written and checked, not executed (as sql_only).
  bool nl2sql_only = false;
  // Write and check the SQL without running it (PipelineOptions::sql_only; MCP generate_sql).
  bool sql_only = false;
  // Metrics label: the HTTP route pattern that started the run.
  std::string route_label;
  // Where the answer is read: the web UI / HTTP API, or an MCP client (mcp_backend.cc); an
  // abstention's advice names that face's pages, routes or tools, not the CLI's.
  agent::AnswerFace::Kind face = agent::AnswerFace::kServer;
  // Who asks: every statement of the run is rewritten for their data permissions, the schema
  // the model and the engine see is theirs, and the answer cache is keyed by their rules.
  // Unset: no rules (single-user use).
  std::optional<permissions::UserContext> user;
};

// One run. Shared between the service, the executor task and the HTTP handlers.
class Run {
 public:
  Run(RunRequest request, const SseBufferOptions& buffer_options);
  Run(const Run&) = delete;
  Run& operator=(const Run&) = delete;

  const std::string& id() const { return request_.thread_id; }
  const RunRequest& request() const { return request_; }
  SseEventBuffer& events() { return events_; }
  const std::shared_ptr<CancellationToken>& cancel_token() const { return cancel_; }

  bool finished() const;
  // Waits up to `timeout` for the end. nullopt on timeout; else OK with the result JSON
  // (PipelineResult::ToJson) or the run's error (Cancelled for a cancelled run).
  std::optional<StatusOr<Json>> Wait(std::chrono::milliseconds timeout) const;
  // "running", "ok", "interrupted", "error", "cancelled".
  std::string StateName() const;

  // Streams attached (for orphan detection).
  void Attach();
  void Detach(std::chrono::steady_clock::time_point now);

 private:
  friend class RunService;
  // Records the outcome, appends the terminal frame and closes the buffer; false when the
  // run had finished already (the first outcome wins).
  bool Finish(StatusOr<Json> outcome, std::string_view state);
  bool Orphaned(std::chrono::steady_clock::time_point now, std::chrono::milliseconds grace) const;

  const RunRequest request_;
  SseEventBuffer events_;
  std::shared_ptr<CancellationToken> cancel_ = std::make_shared<CancellationToken>();
  mutable std::mutex mu_;
  mutable std::condition_variable done_cv_;
  std::optional<StatusOr<Json>> outcome_;
  std::string state_ = "running";
  std::chrono::steady_clock::time_point finished_at_;
  int attached_ = 0;
  std::chrono::steady_clock::time_point last_detach_ = std::chrono::steady_clock::now();
};

class RunService {
 public:
  // InvalidArgument when the datasource provider or checkpoint store is missing.
  static StatusOr<std::unique_ptr<RunService>> Create(RunServiceDeps deps,
                                                      RunServiceOptions options = {});
  // Shuts down without a deadline.
  ~RunService();
  RunService(const RunService&) = delete;
  RunService& operator=(const RunService&) = delete;

  // Queues a run. A thread belongs to the agent that started its first run: with a store
  // the thread's session is created (claimed) here, atomically, before the run is queued,
  // and a thread owned by another agent answers UnknownThreadError. FailedPrecondition
  // when the thread already has a live run (reconnect to its stream or cancel it);
  // ResourceExhausted (with `*retry_after`) when the executor is full; Unavailable once
  // shutdown began.
  StatusOr<std::shared_ptr<Run>> Start(RunRequest request,
                                       std::chrono::seconds* retry_after = nullptr);
  // The live or recently finished run of `thread_id`, or null.
  std::shared_ptr<Run> Find(std::string_view thread_id) const;
  // The agent `thread_id` belongs to: its registered run's, else its session's (store
  // mode); nullopt when neither knows the thread. A failing store is an error.
  StatusOr<std::optional<std::string>> ThreadOwner(std::string_view thread_id) const;
  // True when the thread has a checkpoint (a run of it can be resumed).
  bool HasCheckpoint(std::string_view thread_id) const;
  // The data permissions of `user` on `datasource_id` (empty: no rules, no user, or no
  // permission store) — what a run of that user applies; MCP's run_sql and describe_schema
  // apply the same.
  StatusOr<permissions::EffectivePolicy> PolicyFor(
      const std::optional<permissions::UserContext>& user, const std::string& datasource_id) const;
  // Cancels the live run of `thread_id`: UnknownThreadError when there is none,
  // FailedPrecondition when it already finished.
  Status Cancel(std::string_view thread_id);
  // {"thread_id","state","events"} for every registered run.
  Json ListRuns() const;

  // OK when the datasource is prepared and the checkpoint store answers.
  Status Ready() const;

  // Refuses new runs, waits for queued and running ones until `deadline`, then cancels
  // what is left. Idempotent.
  Status Shutdown(std::chrono::steady_clock::time_point deadline);

  std::size_t queued() const { return executor_.queued(); }
  std::size_t running() const { return executor_.running(); }

 private:
  struct RunDeps;
  struct RunEndGuard;

  RunService(RunServiceDeps deps, RunServiceOptions options);
  Status Admit(const std::shared_ptr<Run>& run, bool claimed);
  void ReleaseSession(const std::string& thread_id, bool claimed);
  Status Withdraw(const std::shared_ptr<Run>& run, bool claimed, const Status& submitted);
  void ExecuteCatchingBugs(const std::shared_ptr<Run>& run);
  void Execute(const std::shared_ptr<Run>& run);
  StatusOr<RunDeps> RunDepsFor(const RunRequest& request);
  void RecordResultMetrics(const agent::pipeline::PipelineResult& result,
                           const agent::pipeline::PipelineDatasourceProvider& datasource);
  // Store mode: makes `request`'s agent the owner of its thread (creates the session) or
  // checks that it is. True when the session was created here.
  StatusOr<bool> ClaimThread(const RunRequest& request);
  void RecordOutcome(const Run& run, std::string_view outcome);
  // Ends a run whose Execute threw (a bug) with InternalError naming `what`.
  void FailUnexpectedly(Run& run, std::string_view what);
  // The agent's datasource, profile and cache key applied to `deps` (store mode only).
  Status ApplyAgent(const RunRequest& request, agent::pipeline::PipelineDeps& deps);
  // Puts the user's view of the run's datasource (deps.options.datasource_id, always the real
  // id) into `deps` (agent/ask/user_datasource.h), keeps its cached answers apart by the
  // rules, and returns the rules that apply, in words ("" when none).
  StatusOr<std::string> ApplyPermissions(const RunRequest& request,
                                         agent::pipeline::PipelineDeps& deps);
  // Run history and session messages (store mode only); failures are logged, not fatal.
  void RecordHistory(const Run& run, const Json& trace, std::chrono::system_clock::time_point start,
                     std::chrono::steady_clock::time_point steady_start,
                     const agent::pipeline::PipelineResult* result, std::string_view outcome,
                     const Status& error);
  void ReaperLoop();

  RunServiceDeps deps_;
  const RunServiceOptions options_;
  RunExecutor executor_;
  mutable std::mutex mu_;
  std::condition_variable reaper_cv_;
  std::map<std::string, std::shared_ptr<Run>, std::less<>> runs_;
  agent::TermViews term_views_;  // per agent: its datasource as its engine terms make it
  bool shutting_down_ = false;
  bool reaper_stop_ = false;
  std::thread reaper_;
};

}  // namespace askdb::server::api
