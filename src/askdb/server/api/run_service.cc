#include "askdb/server/api/run_service.h"

#include <spdlog/spdlog.h>

#include <utility>

#include "askdb/agent/graph/event.h"
#include "askdb/agent/pipeline/run_state.h"
#include "askdb/server/metrics/askdb_metrics.h"

namespace askdb::server::api {
namespace {

using Steady = std::chrono::steady_clock;

// Far enough to mean "no deadline" without overflowing clock arithmetic.
constexpr std::chrono::hours kNoDeadline{24 * 365};

std::string CompactJson(const Json& value) {
  return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

Json ErrorJson(const Status& status) {
  return Json{{"code", std::string(StatusCodeName(status.code()))}, {"message", status.message()}};
}

// Turns each agent event into one SSE frame in the run's buffer. Events that arrive after
// the run was cancelled are dropped (the stream has already ended).
class BufferSink final : public agent::EventSink {
 public:
  explicit BufferSink(Run& run) : run_(run) {}
  void Emit(const agent::Event& event) override {
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

 private:
  Run& run_;
};

}  // namespace

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
  agent::pipeline::PipelineDeps probe;
  probe.datasource = deps.datasource;
  probe.llm = deps.llm;
  probe.cache = deps.cache;
  probe.checkpoints = deps.checkpoints;
  probe.options = deps.pipeline_options;
  ASKDB_RETURN_IF_ERROR(agent::pipeline::Pipeline::Create(std::move(probe)).status());
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

StatusOr<std::shared_ptr<Run>> RunService::Start(RunRequest request,
                                                 std::chrono::seconds* retry_after) {
  if (request.thread_id.empty()) return InvalidArgumentError("a run needs a thread id");
  auto run = std::make_shared<Run>(std::move(request), options_.buffer);
  {
    std::lock_guard lock(mu_);
    if (shutting_down_) {
      return UnavailableError(
          "the server is shutting down and takes no new runs; retry "
          "against another instance or after the restart");
    }
    auto it = runs_.find(run->id());
    if (it != runs_.end() && !it->second->finished()) {
      return FailedPreconditionError("thread '" + run->id() +
                                     "' already has a run in progress: reconnect to its "
                                     "stream (Last-Event-ID) or cancel it first");
    }
    runs_[run->id()] = run;
  }
  // Whatever happens to the task (run, or dropped at a shutdown deadline), the run ends.
  struct Guard {
    std::shared_ptr<Run> run;
    ~Guard() {
      if (run == nullptr) return;
      run->Finish(UnavailableError("the server shut down before the run could start; "
                                   "start it again"),
                  "error");
    }
  };
  auto guard = std::make_shared<Guard>();
  guard->run = run;
  Status submitted = executor_.Submit([this, guard] { Execute(guard->run); }, retry_after);
  if (!submitted.ok()) {
    std::lock_guard lock(mu_);
    auto it = runs_.find(run->id());
    if (it != runs_.end() && it->second == run) runs_.erase(it);
    if (submitted.code() == StatusCode::kFailedPrecondition) {
      return UnavailableError("the server is shutting down and takes no new runs");
    }
    return submitted;
  }
  if (deps_.metrics != nullptr) deps_.metrics->SetRunQueueDepth(executor_.queued());
  return run;
}

void RunService::Execute(const std::shared_ptr<Run>& run) {
  if (deps_.metrics != nullptr) deps_.metrics->SetRunQueueDepth(executor_.queued());
  if (run->cancel_token()->IsCancelled()) return;  // Cancel already finished it
  std::optional<metrics::AskdbMetrics::RunInFlight> in_flight;
  if (deps_.metrics != nullptr) in_flight.emplace(*deps_.metrics);

  agent::pipeline::PipelineDeps deps;
  deps.datasource = deps_.datasource;
  deps.llm = deps_.llm;
  deps.cache = deps_.cache;
  deps.checkpoints = deps_.checkpoints;
  deps.options = deps_.pipeline_options;
  StatusOr<agent::pipeline::Pipeline> pipeline = agent::pipeline::Pipeline::Create(std::move(deps));
  if (!pipeline.ok()) {
    if (run->Finish(pipeline.status(), "error")) RecordOutcome(*run, "error");
    return;
  }
  BufferSink sink(*run);
  const RunRequest& request = run->request();
  StatusOr<agent::pipeline::PipelineResult> result =
      request.kind == RunKind::kAsk
          ? pipeline->Ask(request.thread_id, request.text, &sink, run->cancel_token())
          : pipeline->Resume(request.thread_id, request.text, &sink, run->cancel_token());
  if (!result.ok()) {
    const bool cancelled = result.status().code() == StatusCode::kCancelled;
    if (run->Finish(result.status(), cancelled ? "cancelled" : "error")) {
      RecordOutcome(*run, cancelled ? "cancelled" : "error");
    }
    return;
  }
  Json json = result->ToJson();
  json["thread_id"] = request.thread_id;
  const std::string state = result->interrupted() ? "interrupted" : "ok";
  if (!run->Finish(std::move(json), state)) return;  // cancelled meanwhile: discard
  RecordOutcome(*run, state);
  if (deps_.metrics != nullptr) {
    // Per-call token counts are not in the result: the first call carries the run's totals.
    for (int i = 0; i < result->llm_calls; ++i) {
      deps_.metrics->RecordLlmCall(
          i == 0 ? static_cast<uint64_t>(result->state.prompt_tokens) : 0,
          i == 0 ? static_cast<uint64_t>(result->state.completion_tokens) : 0);
    }
    if (result->cache_hit) {
      deps_.metrics->RecordCacheHit(result->state.cache_level == "L2" ? metrics::CacheLevel::kL2
                                                                      : metrics::CacheLevel::kL1);
    } else if (deps_.cache != nullptr && result->route == agent::pipeline::PipelineRoute::kEngine) {
      deps_.metrics->RecordCacheMiss();
    }
  }
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
  if (run == nullptr) {
    return NotFoundError("no run of thread '" + std::string(thread_id) +
                         "' is known: it never started or finished long ago");
  }
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
