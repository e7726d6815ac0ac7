#include "askdb/server/api/run_service.h"

#include <spdlog/spdlog.h>

#include <utility>

#include "askdb/agent/ask/datasource.h"
#include "askdb/agent/ask/question_check.h"
#include "askdb/agent/ask/user_datasource.h"
#include "askdb/agent/graph/event.h"
#include "askdb/agent/pipeline/run_state.h"
#include "askdb/catalog/schema_source.h"
#include "askdb/common/text.h"
#include "askdb/permissions/permission_store.h"
#include "askdb/server/api/active_model.h"
#include "askdb/server/api/agent_table_policy.h"
#include "askdb/server/api/datasource_cache.h"
#include "askdb/server/metrics/askdb_metrics.h"
#include "askdb/server/security/sodium_util.h"
#include "askdb/server/store/management_store.h"

namespace askdb::server::api {
namespace {

using Steady = std::chrono::steady_clock;

// Far enough to mean "no deadline" without overflowing clock arithmetic.
constexpr std::chrono::hours kNoDeadline{24 * 365};
// A session created by a run is titled with the start of its first question.
constexpr std::size_t kSessionTitleBytes = 120;
// Result rows kept with a turn in the session history (the rest is marked truncated): a
// reloaded conversation shows the table and draws the chart (at most 500 points) again.
constexpr std::size_t kHistoryRows = 1000;

// Keeps at most kHistoryRows of a ResultSet's JSON rows, marking the rest as left out.
void CapHistoryRows(Json& result) {
  if (!result.is_object() || !result.contains("rows")) return;
  Json& rows = result["rows"];
  if (!rows.is_array() || rows.size() <= kHistoryRows) return;
  rows.erase(rows.begin() + static_cast<std::ptrdiff_t>(kHistoryRows), rows.end());
  result["truncated"] = true;
}

std::string CompactJson(const Json& value) {
  return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

Json ErrorJson(const Status& status) {
  return Json{{"code", std::string(StatusCodeName(status.code()))}, {"message", status.message()}};
}

// The service's shared parts, as every run's pipeline starts from them (and the probe of
// Create, so that what would fail every run fails at startup).
agent::pipeline::PipelineDeps SharedPipelineDeps(const RunServiceDeps& shared,
                                                 const std::string& agent_id) {
  agent::pipeline::PipelineDeps deps;
  deps.datasource = shared.datasource;
  deps.llm = shared.llm;
  deps.cache = shared.cache;
  deps.durations = shared.durations;
  deps.on_durations_recorded = shared.on_durations_recorded;
  deps.checkpoints = shared.checkpoints;
  deps.options = shared.pipeline_options;
  deps.evidence = shared.evidence;
  deps.evidence_token_budget = shared.evidence_token_budget;
  deps.evidence_agent_id = agent_id;
  return deps;
}

// Turns each agent event into one SSE frame in the run's buffer. Events that arrive after
// the run was cancelled are dropped (the stream has already ended).
class BufferSink final : public agent::EventSink {
 public:
  explicit BufferSink(Run& run) : run_(run) {}
  void Emit(const agent::Event& event) override {
    // The run's trace for the history: its id and each node's duration.
    if (trace_["run_id"].get<std::string>().empty()) trace_["run_id"] = event.run_id;
    if (event.type == agent::EventType::kStageFinished) {
      Json node{{"node", event.node}, {"duration_ms", event.payload.value("duration_ms", 0)}};
      if (event.payload.contains("outcome")) node["outcome"] = event.payload["outcome"];
      trace_["nodes"].push_back(std::move(node));
    }
    if (run_.cancel_token()->IsCancelled()) return;
    const std::string_view name = agent::EventTypeName(event.type);
    Json data = Json::object();
    data["type"] = std::string(name);
    data["seq"] = event.seq;
    data["thread_id"] = event.thread_id;
    data["run_id"] = event.run_id;
    data["node"] = event.node;
    data["elapsed_ms"] = event.elapsed_ms;
    data["payload"] = event.payload;
    run_.events().Append(name, CompactJson(data));
  }
  // {"run_id", "nodes": [{"node", "duration_ms", "outcome"?}]}; read after the run.
  const Json& trace() const { return trace_; }

 private:
  Run& run_;
  Json trace_{{"run_id", ""}, {"nodes", Json::array()}};
};

}  // namespace

Status UnknownThreadError(std::string_view thread_id) {
  return NotFoundError("no thread '" + std::string(thread_id) +
                       "': check the thread id (a new question needs none)");
}

Status ValidateThreadId(std::string_view thread_id, std::string_view field) {
  return store::ValidateRecordId(thread_id, field);
}

std::string NewThreadId() { return "thr_" + security::RandomHex(16); }

// ----------------------------------------------------------------------------------------
// Run

Run::Run(RunRequest request, const SseBufferOptions& buffer_options)
    : request_(std::move(request)), events_(buffer_options) {}

bool Run::finished() const {
  std::lock_guard lock(mu_);
  return outcome_.has_value();
}

std::optional<StatusOr<Json>> Run::Wait(std::chrono::milliseconds timeout) const {
  std::unique_lock lock(mu_);
  if (!done_cv_.wait_for(lock, timeout, [this] { return outcome_.has_value(); })) {
    return std::nullopt;
  }
  return outcome_;
}

std::string Run::StateName() const {
  std::lock_guard lock(mu_);
  return state_;
}

void Run::Attach() {
  std::lock_guard lock(mu_);
  ++attached_;
}

void Run::Detach(Steady::time_point now) {
  std::lock_guard lock(mu_);
  if (attached_ > 0) --attached_;
  last_detach_ = now;
}

bool Run::Finish(StatusOr<Json> outcome, std::string_view state) {
  std::string frame_name;
  std::string frame_data;
  {
    std::lock_guard lock(mu_);
    if (outcome_.has_value()) return false;
    if (outcome.ok()) {
      frame_name = "result";
      frame_data = CompactJson(*outcome);
    } else {
      frame_name = outcome.status().code() == StatusCode::kCancelled ? "cancelled" : "run_error";
      frame_data = CompactJson(ErrorJson(outcome.status()));
    }
    outcome_ = std::move(outcome);
    state_ = std::string(state);
    finished_at_ = Steady::now();
  }
  events_.Append(frame_name, frame_data);
  events_.Close();
  done_cv_.notify_all();
  return true;
}

bool Run::Orphaned(Steady::time_point now, std::chrono::milliseconds grace) const {
  if (!request_.streamed || request_.detached) return false;
  std::lock_guard lock(mu_);
  return !outcome_.has_value() && attached_ == 0 && now - last_detach_ >= grace;
}

// ----------------------------------------------------------------------------------------
// RunService

StatusOr<std::unique_ptr<RunService>> RunService::Create(RunServiceDeps deps,
                                                         RunServiceOptions options) {
  if (!deps.datasource) {
    return InvalidArgumentError("RunService needs a datasource provider (RunServiceDeps)");
  }
  if (deps.checkpoints == nullptr) {
    return InvalidArgumentError("RunService needs a checkpoint store (RunServiceDeps)");
  }
  // Fail at startup, not on the first request, when the pipeline cannot be built.
  ASKDB_RETURN_IF_ERROR(agent::pipeline::Pipeline::Create(SharedPipelineDeps(deps, "")).status());
  return std::unique_ptr<RunService>(new RunService(std::move(deps), std::move(options)));
}

RunService::RunService(RunServiceDeps deps, RunServiceOptions options)
    : deps_(std::move(deps)), options_(std::move(options)), executor_(options_.executor) {
  reaper_ = std::thread([this] { ReaperLoop(); });
}

RunService::~RunService() {
  (void)Shutdown(Steady::now() + kNoDeadline);
  {
    std::lock_guard lock(mu_);
    reaper_stop_ = true;
  }
  reaper_cv_.notify_all();
  if (reaper_.joinable()) reaper_.join();
}

namespace {

// The first frame, at once: the client learns its run was admitted (and its thread id)
// while the run may still wait for a worker.
void AnnounceAccepted(Run& run) {
  run.events().Append("accepted",
                      CompactJson({{"thread_id", run.id()},
                                   {"kind", run.request().kind == RunKind::kAsk ? "ask" : "resume"},
                                   {"agent_id", run.request().agent_id}}));
}

}  // namespace

// Whatever happens to the task (run, or dropped at a shutdown deadline), the run ends.
struct RunService::RunEndGuard {
  explicit RunEndGuard(std::shared_ptr<Run> r) : run(std::move(r)) {}
  ~RunEndGuard() {
    if (run == nullptr) return;
    run->Finish(UnavailableError("the server shut down before the run could start; "
                                 "start it again"),
                "error");
  }
  std::shared_ptr<Run> run;
};

Status CheckResumeText(std::string_view text) {
  const size_t chars = agent::QuestionChars(text);
  if (chars <= agent::kMaxQuestionChars) return Status::Ok();
  return InvalidArgumentError("the answer is too long (" + std::to_string(chars) +
                              " characters; at most " + std::to_string(agent::kMaxQuestionChars) +
                              "): answer in a few words");
}

StatusOr<std::shared_ptr<Run>> RunService::Start(RunRequest request,
                                                 std::chrono::seconds* retry_after) {
  ASKDB_RETURN_IF_ERROR(ValidateThreadId(request.thread_id));
  // A blank, oversized or non-UTF-8 question is refused before a session or a run exists.
  if (request.kind == RunKind::kAsk) ASKDB_RETURN_IF_ERROR(agent::CheckQuestion(request.text));
  if (request.kind == RunKind::kResume) ASKDB_RETURN_IF_ERROR(CheckResumeText(request.text));
  bool claimed = false;
  if (deps_.store != nullptr) {
    ASKDB_ASSIGN_OR_RETURN(claimed, ClaimThread(request));
  }
  auto run = std::make_shared<Run>(std::move(request), options_.buffer);
  ASKDB_RETURN_IF_ERROR(Admit(run, claimed));
  auto guard = std::make_shared<RunEndGuard>(run);
  AnnounceAccepted(*run);
  Status submitted =
      executor_.Submit([this, guard] { ExecuteCatchingBugs(guard->run); }, retry_after);
  if (!submitted.ok()) return Withdraw(run, claimed, submitted);
  if (deps_.metrics != nullptr) deps_.metrics->SetRunQueueDepth(executor_.queued());
  return run;
}

// Registers the run as its thread's; refused while the service stops, when the thread is
// another agent's, or when it has a run in progress.
Status RunService::Admit(const std::shared_ptr<Run>& run, bool claimed) {
  std::lock_guard lock(mu_);
  if (shutting_down_) {
    ReleaseSession(run->id(), claimed);
    return UnavailableError(
        "the server is shutting down and takes no new runs; retry "
        "against another instance or after the restart");
  }
  auto it = runs_.find(run->id());
  if (it != runs_.end() && it->second->request().agent_id != run->request().agent_id) {
    return UnknownThreadError(run->id());
  }
  if (it != runs_.end() && !it->second->finished()) {
    return FailedPreconditionError("thread '" + run->id() +
                                   "' already has a run in progress: reconnect to its "
                                   "stream (Last-Event-ID) or cancel it first");
  }
  runs_[run->id()] = run;
  return Status::Ok();
}

// A session created for a run that is then refused is removed again.
void RunService::ReleaseSession(const std::string& thread_id, bool claimed) {
  if (!claimed) return;
  Status deleted = deps_.store->DeleteSession(thread_id);
  if (!deleted.ok()) spdlog::warn("session_release_failed thread_id={}", thread_id);
}

// A run the executor would not take is forgotten again, with the session made for it.
Status RunService::Withdraw(const std::shared_ptr<Run>& run, bool claimed,
                            const Status& submitted) {
  std::lock_guard lock(mu_);
  auto it = runs_.find(run->id());
  if (it != runs_.end() && it->second == run) runs_.erase(it);
  ReleaseSession(run->id(), claimed);
  if (submitted.code() == StatusCode::kFailedPrecondition) {
    return UnavailableError("the server is shutting down and takes no new runs");
  }
  return submitted;
}

// An exception is a bug; the run still ends for its clients, saying so.
void RunService::ExecuteCatchingBugs(const std::shared_ptr<Run>& run) {
  try {
    Execute(run);
  } catch (const std::exception& e) {
    FailUnexpectedly(*run, e.what());
  } catch (...) {
    FailUnexpectedly(*run, "an unknown exception");
  }
}

StatusOr<bool> RunService::ClaimThread(const RunRequest& request) {
  // Two attempts: a concurrent first run of the same new thread may create it in between.
  for (int attempt = 0; attempt < 2; ++attempt) {
    StatusOr<store::SessionRecord> session = deps_.store->GetSession(request.thread_id);
    if (session.ok()) {
      if (session->agent_id != request.agent_id) return UnknownThreadError(request.thread_id);
      return false;
    }
    if (session.status().code() != StatusCode::kNotFound) return session.status();
    store::SessionRecord created;
    created.id = request.thread_id;
    created.agent_id = request.agent_id;
    created.title = text::Utf8Prefix(request.text, kSessionTitleBytes);
    StatusOr<store::SessionRecord> made = deps_.store->CreateSession(created);
    if (made.ok()) return true;
    if (made.status().code() != StatusCode::kAlreadyExists) return made.status();
  }
  return UnknownThreadError(request.thread_id);
}

StatusOr<std::optional<std::string>> RunService::ThreadOwner(std::string_view thread_id) const {
  if (std::shared_ptr<Run> run = Find(thread_id)) {
    return std::optional<std::string>(run->request().agent_id);
  }
  if (deps_.store == nullptr) return std::optional<std::string>();
  StatusOr<store::SessionRecord> session = deps_.store->GetSession(thread_id);
  if (session.ok()) return std::optional<std::string>(session->agent_id);
  if (session.status().code() == StatusCode::kNotFound) return std::optional<std::string>();
  return session.status();
}

bool RunService::HasCheckpoint(std::string_view thread_id) const {
  return deps_.checkpoints->Load(thread_id).ok();
}

namespace {

// The answer as clients receive it: the pipeline's result with its thread and agent (a run
// naming none says which ran), and what the user's data permissions let them see for the
// answer's footnote.
Json ResultJson(const agent::pipeline::PipelineResult& result, const RunRequest& request,
                const std::string& rules_in_words) {
  Json json = result.ToJson();
  json["thread_id"] = request.thread_id;
  json["agent_id"] = request.agent_id;
  // How a follow-up was read, which otherwise only the SSE classification frame says.
  if (const std::string& read_as = agent::pipeline::FollowUpReadAs(result.state);
      !read_as.empty()) {
    json["read_as"] = read_as;
  }
  if (!rules_in_words.empty()) json["permissions"] = rules_in_words;
  return json;
}

// Statements the database refused: failed SQL attempts and failed SQL steps.
int DatabaseErrorCount(const agent::pipeline::PipelineResult& result) {
  int db_errors = 0;
  for (const agent::pipeline::SqlAttempt& a : result.attempts) db_errors += !a.error.empty();
  for (const agent::pipeline::StepOutcome& s : result.state.steps) {
    db_errors += s.tool == "execute_sql" && !s.success && !s.sql.empty();
  }
  return db_errors;
}

}  // namespace

// What a run's pipeline is built from, and what must live as long as the run.
struct RunService::RunDeps {
  agent::pipeline::PipelineDeps pipeline;
  // What the user's data permissions let them see, for the answer's footnote.
  std::string rules_in_words;
  // Kept alive for this run: the active model may change while it runs.
  std::shared_ptr<llm::LlmClient> active_model;
};

void RunService::Execute(const std::shared_ptr<Run>& run) {
  if (deps_.metrics != nullptr) deps_.metrics->SetRunQueueDepth(executor_.queued());
  if (run->cancel_token()->IsCancelled()) return;  // Cancel already finished it
  std::optional<metrics::AskdbMetrics::RunInFlight> in_flight;
  if (deps_.metrics != nullptr) in_flight.emplace(*deps_.metrics);
  const auto wall_start = std::chrono::system_clock::now();
  const Steady::time_point steady_start = Steady::now();
  BufferSink sink(*run);
  const RunRequest& request = run->request();
  // Ends the run with an error before the pipeline ran (or when it failed).
  // History and metrics are written before Finish wakes the waiting clients, so that a
  // client that has its answer finds the run in the history and in /metrics. (A run that
  // Cancel finished already was counted there.)
  auto fail = [&](const Status& status) {
    const bool cancelled = status.code() == StatusCode::kCancelled;
    const std::string outcome = cancelled ? "cancelled" : "error";
    RecordHistory(*run, sink.trace(), wall_start, steady_start, nullptr, outcome, status);
    if (!run->finished()) RecordOutcome(*run, outcome);
    run->Finish(status, outcome);
  };
  StatusOr<RunDeps> run_deps = RunDepsFor(request);
  if (!run_deps.ok()) return fail(run_deps.status());
  // Kept to name the engine in the database-error metric after the run.
  const agent::pipeline::PipelineDatasourceProvider datasource = run_deps->pipeline.datasource;
  StatusOr<agent::pipeline::Pipeline> pipeline =
      agent::pipeline::Pipeline::Create(std::move(run_deps->pipeline));
  if (!pipeline.ok()) return fail(pipeline.status());
  StatusOr<agent::pipeline::PipelineResult> result =
      request.kind == RunKind::kAsk
          ? pipeline->Ask(request.thread_id, request.text, &sink, run->cancel_token())
          : pipeline->Resume(request.thread_id, request.text, &sink, run->cancel_token());
  if (!result.ok()) return fail(result.status());
  Json json = ResultJson(*result, request, run_deps->rules_in_words);
  const std::string state = result->interrupted() ? "interrupted" : "ok";
  if (run->cancel_token()->IsCancelled()) {  // cancelled meanwhile: discard the result
    RecordHistory(*run, sink.trace(), wall_start, steady_start, &*result, "cancelled",
                  CancelledError("the run was cancelled"));
    run->Finish(CancelledError("the run was cancelled"), "cancelled");
    return;
  }
  RecordHistory(*run, sink.trace(), wall_start, steady_start, &*result, state, Status::Ok());
  if (!run->finished()) RecordOutcome(*run, state);
  if (deps_.metrics != nullptr && !run->finished()) RecordResultMetrics(*result, datasource);
  run->Finish(std::move(json), state);
}

// The run's own pipeline: its agent, the user's view of the data, the mode it asked for
// and the model active now; the first failure ends the run before the pipeline exists.
StatusOr<RunService::RunDeps> RunService::RunDepsFor(const RunRequest& request) {
  RunDeps run_deps;
  run_deps.pipeline = SharedPipelineDeps(deps_, request.agent_id);
  agent::pipeline::PipelineDeps& deps = run_deps.pipeline;
  if (deps_.store != nullptr) ASKDB_RETURN_IF_ERROR(ApplyAgent(request, deps));
  ASKDB_ASSIGN_OR_RETURN(run_deps.rules_in_words, ApplyPermissions(request, deps));
  if (request.nl2sql_only || request.sql_only) deps.options.sql_only = true;
  deps.options.face = request.face;
  if (deps_.active_model != nullptr) {
    ASKDB_ASSIGN_OR_RETURN(run_deps.active_model, deps_.active_model->Current());
    if (run_deps.active_model != nullptr) deps.llm = run_deps.active_model.get();
  }
  return run_deps;
}

// /metrics for a finished run: its model calls, the answer cache and the statements the
// database refused.
void RunService::RecordResultMetrics(
    const agent::pipeline::PipelineResult& result,
    const agent::pipeline::PipelineDatasourceProvider& datasource) {
  // Per-call token counts are not in the result: the first call carries the run's totals.
  for (int i = 0; i < result.llm_calls; ++i) {
    deps_.metrics->RecordLlmCall(
        i == 0 ? static_cast<uint64_t>(result.state.prompt_tokens) : 0,
        i == 0 ? static_cast<uint64_t>(result.state.completion_tokens) : 0);
  }
  if (result.cache_hit) {
    deps_.metrics->RecordCacheHit(result.state.cache_level == "L2" ? metrics::CacheLevel::kL2
                                                                   : metrics::CacheLevel::kL1);
  } else if (deps_.cache != nullptr && result.route == agent::pipeline::PipelineRoute::kEngine) {
    deps_.metrics->RecordCacheMiss();
  }
  const int db_errors = DatabaseErrorCount(result);
  if (db_errors == 0) return;
  StatusOr<agent::PreparedDatasource*> ds = datasource();
  const std::string engine =
      ds.ok() && *ds != nullptr ? std::string((*ds)->connector->engine()) : "unknown";
  for (int i = 0; i < db_errors; ++i) deps_.metrics->RecordDatabaseError(engine);
}

Status RunService::ApplyAgent(const RunRequest& request, agent::pipeline::PipelineDeps& deps) {
  ASKDB_ASSIGN_OR_RETURN(store::AgentRecord agent, deps_.store->GetAgent(request.agent_id));
  ASKDB_ASSIGN_OR_RETURN(std::vector<store::ExampleRecord> examples,
                         deps_.store->ListExamples(agent.id));
  if (deps_.datasources == nullptr) {
    return FailedPreconditionError("RunService has a store but no DatasourceCache");
  }
  ASKDB_ASSIGN_OR_RETURN(std::shared_ptr<agent::PreparedDatasource> prepared,
                         deps_.datasources->Get(agent.datasource_id));
  deps.options.datasource_id = agent.datasource_id;
  // Answers are cached per datasource, and apart per set of engine terms when an agent's
  // differ (the datasource id itself never changes: rules, history and evidence use it).
  deps.options.cache_partition.clear();
  if (deps_.engine_terms) {
    const std::string base_fingerprint = prepared->fingerprint;
    ASKDB_ASSIGN_OR_RETURN(
        prepared, term_views_.ForRun(prepared, agent.id, agent.datasource_id, deps_.engine_terms));
    if (prepared->fingerprint != base_fingerprint) {
      agent::pipeline::AddCachePartition(deps.options, "terms",
                                         catalog::HashHex(prepared->fingerprint));
    }
  }
  // The provider keeps the prepared datasource alive for this run's pipeline, even when
  // the cache drops it meanwhile.
  deps.datasource = [prepared]() -> StatusOr<agent::PreparedDatasource*> { return prepared.get(); };
  deps.evidence_datasource_id = agent.datasource_id;
  agent::pipeline::AgentProfile& profile = deps.options.profile;
  profile.name = agent.name;
  profile.instructions = agent.instructions;
  profile.selected_tables = agent.selected_tables;
  profile.language = agent.language;
  if (agent.plan_review) profile.plan_review = agent.plan_review;
  profile.fast_mode = agent.fast_mode;
  profile.examples.clear();
  for (const auto& example : examples) profile.examples.push_back({example.question, example.sql});
  return Status::Ok();
}

StatusOr<permissions::EffectivePolicy> RunService::PolicyFor(
    const std::optional<permissions::UserContext>& user, const std::string& datasource_id) const {
  if (!user || deps_.permissions == nullptr) return permissions::EffectivePolicy();
  ASKDB_ASSIGN_OR_RETURN(std::vector<permissions::PermissionRule> rules,
                         deps_.permissions->List(datasource_id));
  return permissions::ResolvePolicy(*user, rules);
}

StatusOr<std::string> RunService::ApplyPermissions(const RunRequest& request,
                                                   agent::pipeline::PipelineDeps& deps) {
  ASKDB_ASSIGN_OR_RETURN(permissions::EffectivePolicy policy,
                         PolicyFor(request.user, deps.options.datasource_id));
  // The user's rules in words, before the agent's selection joins them (a line per table).
  std::string in_words = policy.Describe();
  const std::vector<std::string>& selected = deps.options.profile.selected_tables;
  if (policy.empty() && selected.empty()) return std::string();
  const agent::pipeline::PipelineDatasourceProvider base_provider = deps.datasource;
  ASKDB_ASSIGN_OR_RETURN(agent::PreparedDatasource * base, base_provider());
  // The agent's selection is enforced as MCP's run_sql enforces it: the engine's and a
  // model's statements on another table are refused, and the run's schema leaves it out.
  store::AgentRecord agent;
  agent.id = request.agent_id;
  agent.selected_tables = selected;
  RefuseUnselectedTables(base->schema, agent, policy);
  if (policy.empty()) return in_words;
  // Borrowed: base_provider, kept in the new provider, keeps it alive for the run.
  std::shared_ptr<agent::PreparedDatasource> borrowed(base, [](agent::PreparedDatasource*) {});
  ASKDB_ASSIGN_OR_RETURN(std::shared_ptr<agent::PreparedDatasource> mine,
                         agent::PrepareForUser(borrowed, policy));
  deps.datasource = [base_provider, mine]() -> StatusOr<agent::PreparedDatasource*> {
    return mine.get();
  };
  // Cached answers are kept apart per set of effective rules, never shared across them.
  agent::pipeline::AddCachePartition(deps.options, "perm", policy.Fingerprint());
  return in_words;
}

namespace {

// The run's history row: its id, question, outcome, error, timing, node trace and cost.
store::RunRecord RunRecordOf(const RunRequest& request, const Json& trace,
                             std::chrono::system_clock::time_point start,
                             Steady::time_point steady_start,
                             const agent::pipeline::PipelineResult* result,
                             std::string_view outcome, const Status& error) {
  store::RunRecord record;
  record.run_id = trace.value("run_id", std::string());
  if (record.run_id.empty()) {
    // The pipeline never started (no event): a unique id from the start time.
    record.run_id = request.thread_id + "#failed-" +
                    std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(
                                       start.time_since_epoch())
                                       .count());
  }
  record.thread_id = request.thread_id;
  record.agent_id = request.agent_id;
  record.question = request.text;
  record.outcome = std::string(outcome);
  record.error = error.ok() ? (result != nullptr ? result->error : "") : error.ToString();
  record.started_at = start;
  record.duration_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(Steady::now() - steady_start).count();
  record.nodes = trace.value("nodes", Json::array());
  if (result != nullptr) {
    record.route = std::string(agent::pipeline::PipelineRouteName(result->route));
    record.llm_calls = result->llm_calls;
    record.prompt_tokens = result->state.prompt_tokens;
    record.completion_tokens = result->state.completion_tokens;
  }
  return record;
}

// The conversation: the session is the thread; it is created by its first run, titled with
// the start of its question.
Status EnsureSession(store::ManagementStore& store, const RunRequest& request) {
  Status session = store.GetSession(request.thread_id).status();
  if (session.code() == StatusCode::kNotFound) {
    store::SessionRecord created;
    created.id = request.thread_id;
    created.agent_id = request.agent_id;
    created.title = text::Utf8Prefix(request.text, kSessionTitleBytes);
    session = store.CreateSession(created).status();
    if (session.code() == StatusCode::kAlreadyExists) session = Status::Ok();
  }
  return session;
}

// A multi-step analysis: each step (its SQL, rows, text) and the report's narrative, so
// a reopened conversation draws the report with every step's table and chart again.
void AddAnalysisSteps(const agent::pipeline::PipelineResult& result, Json& summary) {
  const agent::pipeline::RunState& state = result.state;
  if (state.steps.empty()) return;
  Json steps = Json::array();
  for (const agent::pipeline::StepOutcome& step : state.steps) {
    Json kept = agent::pipeline::StepOutcomeToJson(step, result.money_columns);
    CapHistoryRows(kept["result"]);
    steps.push_back(std::move(kept));
  }
  summary["steps"] = std::move(steps);
  if (!state.plan.is_null()) {
    summary["plan"] = state.plan;
    summary["plan_title"] = state.plan_title;
    if (!state.plan_notes.empty()) summary["plan_notes"] = state.plan_notes;
  }
  if (!state.report.is_null()) summary["report_narrative"] = state.report;
}

// The turn as the assistant's message keeps it: its cost, so a reloaded conversation shows
// what each turn took, and its SQL, rows, steps, interrupt and chart, so it is drawn again.
Json TurnSummary(const store::RunRecord& record, const agent::pipeline::PipelineResult* result) {
  Json summary{{"run_id", record.run_id},
               {"outcome", record.outcome},
               {"route", record.route},
               {"llm_calls", record.llm_calls},
               {"prompt_tokens", record.prompt_tokens},
               {"completion_tokens", record.completion_tokens},
               {"duration_ms", record.duration_ms}};
  if (result != nullptr) {
    if (!result->sql.empty()) summary["sql"] = result->sql;
    if (result->result) {
      Json rows = result->ResultJson();  // with the column kinds, as the answer had them
      CapHistoryRows(rows);
      summary["result"] = std::move(rows);
    }
    AddAnalysisSteps(*result, summary);
    // How a follow-up was read, as the classification frame said it: a reopened conversation
    // shows the same "read as" line as the live one.
    if (!result->state.follow_up.empty()) {
      summary["follow_up"] = {{"question", agent::pipeline::FollowUpReadAs(result->state)},
                              {"change", result->state.follow_up}};
    }
    if (result->interrupt) {
      summary["interrupt"] = std::string(agent::InterruptKindName(result->interrupt->kind));
      // What the person is asked (the plan, or the clarifying question): a client that
      // reloads shows it again from the history.
      summary["interrupt_payload"] = result->interrupt->payload;
    }
    if (!result->chart.is_null()) summary["chart"] = result->chart;
  }
  if (!record.error.empty()) summary["error"] = record.error;
  return summary;
}

}  // namespace

// The run's row in the history, then its turn (the question and the answer) in the
// thread's session; a failure to record is logged, never the run's.
void RunService::RecordHistory(const Run& run, const Json& trace,
                               std::chrono::system_clock::time_point start,
                               Steady::time_point steady_start,
                               const agent::pipeline::PipelineResult* result,
                               std::string_view outcome, const Status& error) {
  if (deps_.store == nullptr) return;
  const RunRequest& request = run.request();
  const store::RunRecord record =
      RunRecordOf(request, trace, start, steady_start, result, outcome, error);
  Status recorded = deps_.store->RecordRun(record);
  if (!recorded.ok()) {
    spdlog::warn("run_history_failed thread_id={} error={}", request.thread_id,
                 recorded.ToString());
  }
  if (Status session = EnsureSession(*deps_.store, request); !session.ok()) {
    spdlog::warn("session_failed thread_id={} error={}", request.thread_id, session.ToString());
    return;
  }
  store::MessageRecord user;
  user.session_id = request.thread_id;
  user.role = "user";
  user.text = request.text;
  user.thread_id = request.thread_id;
  store::MessageRecord assistant = user;
  assistant.role = "assistant";
  assistant.text = result != nullptr ? result->answer : error.message();
  assistant.run = TurnSummary(record, result);
  for (const store::MessageRecord* message : {&user, &assistant}) {
    Status appended = deps_.store->AppendMessage(*message).status();
    if (!appended.ok()) {
      spdlog::warn("message_failed thread_id={} error={}", request.thread_id, appended.ToString());
    }
  }
}

void RunService::FailUnexpectedly(Run& run, std::string_view what) {
  spdlog::error("run_failed thread_id={} exception={}", run.id(), what);
  const Status error = InternalError("the run failed unexpectedly (" + std::string(what) +
                                     "); this is a bug in askdb: please report it");
  if (run.Finish(error, "error")) RecordOutcome(run, "error");
}

void RunService::RecordOutcome(const Run& run, std::string_view outcome) {
  if (deps_.metrics == nullptr) return;
  deps_.metrics->RecordRun(run.request().route_label, outcome);
}

std::shared_ptr<Run> RunService::Find(std::string_view thread_id) const {
  std::lock_guard lock(mu_);
  auto it = runs_.find(thread_id);
  return it == runs_.end() ? nullptr : it->second;
}

Status RunService::Cancel(std::string_view thread_id) {
  std::shared_ptr<Run> run = Find(thread_id);
  if (run == nullptr) return UnknownThreadError(thread_id);
  if (run->finished()) {
    return FailedPreconditionError("the run of thread '" + std::string(thread_id) +
                                   "' has already finished (" + run->StateName() + ")");
  }
  run->cancel_token()->Cancel();
  if (run->Finish(CancelledError("the run was cancelled"), "cancelled")) {
    RecordOutcome(*run, "cancelled");
  }
  return Status::Ok();
}

Json RunService::ListRuns() const {
  std::lock_guard lock(mu_);
  Json out = Json::array();
  for (const auto& [id, run] : runs_) {
    out.push_back({{"thread_id", id},
                   {"state", run->StateName()},
                   {"events", run->events().last_id()},
                   {"detached", run->request().detached}});
  }
  return out;
}

Status RunService::Ready() const {
  StatusOr<agent::PreparedDatasource*> ds = deps_.datasource();
  if (!ds.ok()) return ds.status();
  // A thread id no client can create: NotFound proves the store answered.
  StatusOr<agent::Checkpoint> probe = deps_.checkpoints->Load("__askdb_readyz_probe__");
  if (!probe.ok() && probe.status().code() != StatusCode::kNotFound) return probe.status();
  return Status::Ok();
}

Status RunService::Shutdown(Steady::time_point deadline) {
  {
    std::lock_guard lock(mu_);
    shutting_down_ = true;
  }
  Status drained = executor_.Shutdown(deadline);
  // Runs still going past the deadline end now for their clients.
  std::vector<std::shared_ptr<Run>> live;
  {
    std::lock_guard lock(mu_);
    for (const auto& [id, run] : runs_) {
      if (!run->finished()) live.push_back(run);
    }
  }
  for (const auto& run : live) {
    run->cancel_token()->Cancel();
    if (run->Finish(CancelledError("the server shut down before the run finished"), "cancelled")) {
      RecordOutcome(*run, "cancelled");
    }
  }
  return drained;
}

void RunService::ReaperLoop() {
  std::unique_lock lock(mu_);
  while (!reaper_stop_) {
    reaper_cv_.wait_for(lock, options_.reaper_interval, [this] { return reaper_stop_; });
    if (reaper_stop_) break;
    const Steady::time_point now = Steady::now();
    std::vector<std::shared_ptr<Run>> orphans;
    for (auto it = runs_.begin(); it != runs_.end();) {
      Run& run = *it->second;
      bool expired = false;
      {
        std::lock_guard run_lock(run.mu_);
        expired = run.outcome_.has_value() && now - run.finished_at_ >= options_.finished_retention;
      }
      if (expired) {
        it = runs_.erase(it);
        continue;
      }
      // During shutdown streams end on purpose; their runs may still finish.
      if (!shutting_down_ && run.Orphaned(now, options_.reconnect_grace)) {
        orphans.push_back(it->second);
      }
      ++it;
    }
    lock.unlock();
    for (const auto& run : orphans) {
      spdlog::info("run_orphaned thread_id={} (no stream attached; cancelling)", run->id());
      (void)Cancel(run->id());
    }
    lock.lock();
  }
}

}  // namespace askdb::server::api
