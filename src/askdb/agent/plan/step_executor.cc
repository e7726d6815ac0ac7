#include "askdb/agent/plan/step_executor.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <set>
#include <utility>

#include "askdb/agent/plan/duration_history.h"
#include "askdb/agent/plan/plan_validator.h"
#include "askdb/common/cancellation.h"

namespace askdb::agent::plan {

std::string_view StepActionName(StepAction action) {
  switch (action) {
    case StepAction::kProceed:
      return "proceed";
    case StepAction::kModify:
      return "modify";
    case StepAction::kSkip:
      return "skip";
    case StepAction::kAbort:
      return "abort";
  }
  return "proceed";
}

Status PythonNotAvailableError() {
  return UnimplementedError(
      "Python execution is not available here: this step runner has no Python executor, so "
      "the step was not run; the SQL results above are the answer's data");
}

bool DefaultStepEvaluator::IsRetryable(const Status& status) {
  switch (status.code()) {
    case StatusCode::kInvalidArgument:
    case StatusCode::kPermissionDenied:
    case StatusCode::kFailedPrecondition:
    case StatusCode::kUnimplemented:
    case StatusCode::kCancelled:
      return false;
    default:
      return true;
  }
}

StepDecision DefaultStepEvaluator::Evaluate(const PlanStep& step, const StepResult& result,
                                            const EvaluationContext& context) {
  StepDecision d;
  if (result.success) {
    if (step.tool == kToolExecuteSql && result.output.row_count && *result.output.row_count == 0) {
      d.action = StepAction::kSkip;
      d.reason =
          "the query returned no rows, so the steps that depend on it have nothing to "
          "work on";
    }
    return d;
  }
  if (IsRetryable(result.error) && context.attempt <= context.max_retries) {
    d.retry = true;
    d.reason = "retrying after: " + result.error.message();
    return d;
  }
  d.action = StepAction::kSkip;
  d.reason = "step failed: " + result.error.ToString();
  return d;
}

int ExecutionReport::CountSucceeded() const {
  return static_cast<int>(
      std::count_if(results.begin(), results.end(), [](const StepResult& r) { return r.success; }));
}
int ExecutionReport::CountFailed() const {
  return static_cast<int>(std::count_if(results.begin(), results.end(), [](const StepResult& r) {
    return !r.success && !r.skipped;
  }));
}
int ExecutionReport::CountSkipped() const {
  return static_cast<int>(
      std::count_if(results.begin(), results.end(), [](const StepResult& r) { return r.skipped; }));
}

struct StepExecutor::Run {
  ExecutionReport report;
  const ProgressCallback* on_progress = nullptr;
  std::set<int> blocked;  // step numbers whose dependants must be skipped
  int aborted_at = 0;
  bool cancelled = false;
};

StepExecutor::StepExecutor(Deps deps, StepExecutorOptions options)
    : deps_(deps), options_(options) {
  if (deps_.evaluator == nullptr) {
    owned_evaluator_ = std::make_unique<DefaultStepEvaluator>();
    deps_.evaluator = owned_evaluator_.get();
  }
  if (deps_.clock == nullptr) deps_.clock = &Clock::System();
  if (options_.max_retries < 0) options_.max_retries = 0;
  if (options_.max_sufficiency_rounds < 0) options_.max_sufficiency_rounds = 0;
}

StepExecutor::~StepExecutor() = default;

namespace {

// Why a step is not run: the run was aborted, or a step it depends on failed or was skipped.
// Empty: it runs.
std::string SkipNote(const PlanStep& step, const std::set<int>& blocked, int aborted_at) {
  if (aborted_at != 0) return fmt::format("skipped: the run was aborted after step {}", aborted_at);
  auto blocking_dep = std::find_if(step.depends_on.begin(), step.depends_on.end(),
                                   [&](int d) { return blocked.count(d) > 0; });
  if (blocking_dep == step.depends_on.end()) return "";
  return fmt::format("skipped: it depends on step {}, which failed or was skipped", *blocking_dep);
}

}  // namespace

// One call of the step's tool: its output or error, its time, and the history of timings.
void StepExecutor::Attempt(const Run& run, const PlanStep& current, int attempt,
                           StepResult& result) {
  if (deps_.validator != nullptr) deps_.validator->TrackExecution(current.tool, current.step_num);
  const Clock::TimePoint start = deps_.clock->Now();
  StatusOr<ToolOutput> out = deps_.runner->Run(current, run.report.results);
  const auto elapsed =
      std::chrono::duration_cast<std::chrono::milliseconds>(deps_.clock->Now() - start);
  result.duration += elapsed;
  result.attempts = attempt;
  if (out.ok()) {
    result.success = true;
    result.output = std::move(out).value();
    result.error = Status::Ok();
    if (deps_.history != nullptr) {
      deps_.history->Record(current.tool, current.query_type, elapsed.count());
    }
  } else {
    result.success = false;
    result.output = ToolOutput{};
    result.error = out.status();
  }
}

// Runs the step until it succeeds or the evaluator stops retrying (the retry limit wins;
// a retry may change the step). Nullopt when the run was cancelled between attempts.
std::optional<StepDecision> StepExecutor::RunWithRetries(Run& run, PlanStep& current,
                                                         StepResult& result) {
  StepDecision decision;
  for (int attempt = 1;; ++attempt) {
    if (deps_.cancel != nullptr && deps_.cancel->IsCancelled()) return std::nullopt;
    Attempt(run, current, attempt, result);
    EvaluationContext context{attempt, options_.max_retries, &run.report.results};
    decision = deps_.evaluator->Evaluate(current, result, context);
    if (result.success || !decision.retry) return decision;
    if (attempt > options_.max_retries) {
      result.note =
          fmt::format("failed after {} attempts (retry limit {})", attempt, options_.max_retries);
      // The evaluator asked for another retry; the limit wins and the step is skipped
      // unless the evaluator said how to continue.
      if (decision.action == StepAction::kProceed) decision.action = StepAction::kSkip;
      return decision;
    }
    if (decision.retry_with) {
      if (decision.retry_with->step_num == current.step_num &&
          IsPlanTool(decision.retry_with->tool)) {
        current = *decision.retry_with;
      } else {
        run.report.warnings.push_back(
            fmt::format("step {}: ignored a retry change that altered the step number or used an "
                        "unknown tool",
                        current.step_num));
      }
    }
  }
}

// What the evaluator decided for the steps after this one: adjust later steps, skip this
// step's dependants, or abort the run.
void StepExecutor::ApplyDecision(Run& run, size_t index, const PlanStep& current,
                                 const StepDecision& decision) {
  AnalysisPlan& plan = run.report.plan;
  switch (decision.action) {
    case StepAction::kProceed:
      break;
    case StepAction::kModify:
      for (const PlanStep& change : decision.adjusted_steps) {
        auto it = std::find_if(plan.steps.begin() + static_cast<std::ptrdiff_t>(index) + 1,
                               plan.steps.end(),
                               [&](const PlanStep& s) { return s.step_num == change.step_num; });
        if (it == plan.steps.end() || !IsPlanTool(change.tool)) {
          run.report.warnings.push_back(fmt::format(
              "step {}: ignored an adjustment of step {} (not a later step, or an unknown "
              "tool)",
              current.step_num, change.step_num));
          continue;
        }
        *it = change;
      }
      break;
    case StepAction::kSkip:
      run.blocked.insert(current.step_num);
      break;
    case StepAction::kAbort:
      run.aborted_at = current.step_num;
      run.report.aborted = true;
      run.blocked.insert(current.step_num);
      break;
  }
}

void StepExecutor::ReportProgress(const Run& run, const PlanStep& current) {
  if (!*run.on_progress) return;
  StepProgress progress;
  progress.step_num = current.step_num;
  progress.completed = static_cast<int>(run.report.results.size());
  progress.total = static_cast<int>(run.report.plan.steps.size());
  progress.result = &run.report.results.back();
  (*run.on_progress)(progress);
}

void StepExecutor::RunStep(Run& run, size_t index) {
  AnalysisPlan& plan = run.report.plan;
  PlanStep current = plan.steps[index];
  StepResult result;
  result.step_num = current.step_num;
  result.tool = current.tool;
  if (std::string skip = SkipNote(current, run.blocked, run.aborted_at); !skip.empty()) {
    result.skipped = true;
    result.next_action = StepAction::kSkip;
    result.note = std::move(skip);
    run.blocked.insert(current.step_num);
  } else {
    std::optional<StepDecision> decision = RunWithRetries(run, current, result);
    if (!decision) {
      run.cancelled = true;
      return;
    }
    result.next_action = decision->action;
    if (result.note.empty()) result.note = decision->reason;
    plan.steps[index] = current;
    ApplyDecision(run, index, current, *decision);
  }
  run.report.results.push_back(std::move(result));
  ReportProgress(run, current);
}

size_t StepExecutor::RunSufficiencyRounds(Run& run, size_t index) {
  for (int round = 0;; ++round) {
    if (run.aborted_at != 0 || run.cancelled) return index;
    std::optional<SufficiencyAssessment> assessment = AssessForMore(run, round);
    if (!assessment) return index;
    std::vector<PlanStep> queries = RunnableQueries(run, *assessment, round);
    if (queries.empty()) {
      run.report.warnings.push_back(
          assessment->duplicates_dropped > 0
              ? "the data was judged insufficient but every query proposed had already run; "
                "continuing with the data gathered so far"
              : "the data was judged insufficient but no runnable query was proposed; "
                "continuing with the data gathered so far");
      return index;
    }
    const size_t k = queries.size();
    QueryRound qr =
        InsertExtraQueries(run.report.plan, index, std::move(queries), *assessment, round);
    if (!RunExtraQueries(run, index, qr)) return index;
    run.report.query_history.push_back(std::move(qr));
    index += k;
  }
}

// The judge's assessment after `round` extra rounds, when it asks for more data and another
// round is allowed; none (with a warning where the run goes on without it) otherwise.
std::optional<SufficiencyAssessment> StepExecutor::AssessForMore(Run& run, int round) {
  StatusOr<SufficiencyAssessment> assessment =
      deps_.judge->Assess(run.report.plan, run.report.results, round);
  if (!assessment.ok()) {
    spdlog::warn("analysis: sufficiency check {} failed: {}", round,
                 assessment.status().ToString());
    run.report.warnings.push_back("data sufficiency check failed (" +
                                  assessment.status().ToString() +
                                  "); continuing with the data gathered so far");
    return std::nullopt;
  }
  spdlog::info(
      "analysis: sufficiency check {}: {} (confidence {:.2f}); reason: {}; missing: [{}]; "
      "{} extra queries proposed, {} dropped as already run",
      round, assessment->sufficient ? "sufficient" : "insufficient", assessment->confidence,
      assessment->reason, fmt::join(assessment->missing_data, "; "),
      assessment->extra_queries.size() + static_cast<size_t>(assessment->duplicates_dropped),
      assessment->duplicates_dropped);
  if (assessment->sufficient) return std::nullopt;
  if (round >= options_.max_sufficiency_rounds) {
    run.report.rounds_exhausted = true;
    run.report.warnings.push_back(fmt::format(
        "the data is still judged insufficient after {} extra rounds ({}); continuing with "
        "the data gathered so far",
        options_.max_sufficiency_rounds, assessment->reason));
    return std::nullopt;
  }
  return *std::move(assessment);
}

// The extra queries a round runs: execute_sql only, at most max_queries_per_round (each one
// left out is said in a warning).
std::vector<PlanStep> StepExecutor::RunnableQueries(Run& run, SufficiencyAssessment& assessment,
                                                    int round) {
  std::vector<PlanStep> queries;
  for (PlanStep& q : assessment.extra_queries) {
    if (q.tool != kToolExecuteSql) {
      run.report.warnings.push_back("ignored an extra query with tool \"" + q.tool +
                                    "\": extra rounds run execute_sql only");
      continue;
    }
    if (queries.size() >= options_.max_queries_per_round) {
      run.report.warnings.push_back(
          fmt::format("extra round {} proposed more than {} queries; ran the first {}", round + 1,
                      options_.max_queries_per_round, options_.max_queries_per_round));
      break;
    }
    queries.push_back(std::move(q));
  }
  return queries;
}

// Puts `queries` into the plan right after step `index`: later steps, their dependencies and
// checkpoints move up to make room, and each query gets its number, type, purpose and
// estimate. Returns the round's record, its outcome still to fill.
QueryRound StepExecutor::InsertExtraQueries(AnalysisPlan& plan, size_t index,
                                            std::vector<PlanStep> queries,
                                            const SufficiencyAssessment& assessment, int round) {
  const int k = static_cast<int>(queries.size());
  const int first_new = plan.steps[index].step_num + 1;
  for (size_t i = index + 1; i < plan.steps.size(); ++i) {
    PlanStep& s = plan.steps[i];
    s.step_num += k;
    for (int& d : s.depends_on) {
      if (d >= first_new) d += k;
    }
  }
  for (int& c : plan.checkpoints) {
    if (c >= first_new) c += k;
  }
  QueryRound qr;
  qr.round = round + 1;
  qr.missing_data = assessment.missing_data;
  qr.reason = assessment.reason;
  qr.timestamp = deps_.clock->Now();
  for (int j = 0; j < k; ++j) {
    PlanStep& q = queries[static_cast<size_t>(j)];
    q.step_num = first_new + j;
    std::erase_if(q.depends_on, [&](int d) { return d >= q.step_num || d < 1; });
    q.schema_level.clear();
    if (q.query_type.empty()) q.query_type = std::string(InferQueryType(q.input));
    if (q.purpose.empty()) q.purpose = "extra data: " + assessment.reason;
    if (deps_.history != nullptr) {
      q.estimated_duration_ms = deps_.history->EstimateMs(q.tool, q.query_type);
    }
    qr.step_nums.push_back(q.step_num);
  }
  plan.steps.insert(plan.steps.begin() + static_cast<std::ptrdiff_t>(index) + 1, queries.begin(),
                    queries.end());
  if (deps_.validator != nullptr) deps_.validator->ExtendPlan(plan, k);
  return qr;
}

// Runs the round's queries (the steps after `index`); false when the run was cancelled.
bool StepExecutor::RunExtraQueries(Run& run, size_t index, QueryRound& qr) {
  const size_t k = qr.step_nums.size();
  bool all_ok = true;
  for (size_t j = 0; j < k; ++j) {
    RunStep(run, index + 1 + j);
    if (run.cancelled) return false;
    const StepResult& r = run.report.results.back();
    if (!r.skipped) ++qr.queries_executed;
    all_ok = all_ok && r.success;
  }
  qr.success = all_ok;
  spdlog::info("analysis: sufficiency round {}: ran {} of {} queries (steps {}){}", qr.round,
               qr.queries_executed, k, fmt::join(qr.step_nums, ", "),
               all_ok ? "" : "; some failed");
  return true;
}

StatusOr<ExecutionReport> StepExecutor::Execute(const AnalysisPlan& plan,
                                                const ProgressCallback& on_progress) {
  if (deps_.runner == nullptr) {
    return InvalidArgumentError("step executor: no ToolRunner was given; pass one in Deps");
  }
  for (size_t i = 0; i < plan.steps.size(); ++i) {
    const PlanStep& s = plan.steps[i];
    if (!IsPlanTool(s.tool)) {
      return InvalidArgumentError(
          fmt::format("step {}: unknown tool \"{}\"; run ExecutionValidator::ValidatePlan first",
                      s.step_num, s.tool));
    }
    if (i > 0 && s.step_num <= plan.steps[i - 1].step_num) {
      return InvalidArgumentError(
          fmt::format("steps are not in ascending step_num order at step {}; run "
                      "ExecutionValidator::ValidatePlan first",
                      s.step_num));
    }
  }
  Run run;
  run.report.plan = plan;
  run.on_progress = &on_progress;
  if (deps_.validator != nullptr) deps_.validator->BeginExecution(plan);

  size_t last_sql = plan.steps.size();
  for (size_t i = 0; i < plan.steps.size(); ++i) {
    if (plan.steps[i].tool == kToolExecuteSql) last_sql = i;
  }
  for (size_t i = 0; i < run.report.plan.steps.size(); ++i) {
    RunStep(run, i);
    if (run.cancelled) break;
    if (i == last_sql && deps_.judge != nullptr) {
      i = RunSufficiencyRounds(run, i);
      if (run.cancelled) break;
    }
  }
  if (run.cancelled) {
    return CancelledError(fmt::format("plan execution cancelled after {} of {} steps",
                                      run.report.results.size(), run.report.plan.steps.size()));
  }
  return std::move(run.report);
}

}  // namespace askdb::agent::plan
