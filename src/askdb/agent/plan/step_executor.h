// StepExecutor (seed 000 component 3, seed 001 Requirement 3, seed 003): runs a validated
// AnalysisPlan one step at a time.
//
//   - Steps run strictly in ascending step_num order; a step starts only after the previous
//     one has finished, retries included (Property 9).
//   - Every attempt's result goes to the StepEvaluator, which returns a StepDecision whose
//     action is one of proceed / modify / skip / abort (Property 10). A failed attempt may
//     be retried, at most `max_retries` (3) times, i.e. at most 4 attempts per step —
//     the executor enforces the cap whatever the evaluator asks (Property 12). Then the
//     step is marked failed and the run continues with the steps that do not depend on it
//     ("all retries exhausted → continue with remaining steps if possible").
//   - The progress callback is called once per step of the executed plan, after that step
//     has finished or been skipped, in order (Property 11).
//   - After the plan's last execute_sql step a SufficiencyJudge may ask for more data: its
//     extra queries run as new execute_sql steps inserted right after, at most
//     `max_sufficiency_rounds` (3) rounds, each recorded in the query history (seed 003).
//     When the limit is reached the run continues with the data it has.
//   - Tool calls go through a ToolRunner; the executor itself knows no tool. askdb's
//     analysis runner runs python_executor steps in the sandbox (agent/pipeline/
//     python_step.h); a runner without Python answers them with PythonNotAvailableError():
//     the step fails with that message (never a fake result) and is not retried.
//
// Ownership: the executor borrows the runner, evaluator, judge, validator and clock; they
// must outlive it. Not thread-safe: one Execute at a time per executor.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/agent/plan/analysis_plan.h"
#include "askdb/common/clock.h"
#include "askdb/common/json.h"
#include "askdb/common/status.h"

namespace askdb {
class CancellationToken;
}  // namespace askdb

namespace askdb::agent::plan {

class ExecutionValidator;
class DurationHistory;

enum class StepAction { kProceed, kModify, kSkip, kAbort };
std::string_view StepActionName(StepAction action);  // "proceed", "modify", "skip", "abort"

// What a tool returned.
struct ToolOutput {
  std::string text;                  // what the model or the user sees
  Json data;                         // structured payload (rows, schema), may be null
  std::optional<int64_t> row_count;  // for execute_sql
};

struct StepResult {
  int step_num = 0;
  std::string tool;
  bool success = false;
  bool skipped = false;  // never run (a dependency failed, the run was aborted, ...)
  ToolOutput output;     // of the last attempt
  Status error;          // of the last attempt when !success
  int attempts = 0;      // tool calls made for this step
  std::chrono::milliseconds duration{0};          // all attempts together
  StepAction next_action = StepAction::kProceed;  // the evaluator's final decision
  std::string note;                               // why it was skipped / changed
};

// The evaluator's decision after one attempt of a step.
struct StepDecision {
  StepAction action = StepAction::kProceed;
  // Run the step again (failed attempts only). Ignored once the retry limit is reached.
  bool retry = false;
  std::optional<PlanStep> retry_with;  // the step to re-run instead (e.g. corrected SQL)
  // kModify: replacements for later steps, matched by step_num; they must keep the step's
  // number and use a known tool, otherwise the change is ignored with a warning.
  std::vector<PlanStep> adjusted_steps;
  std::string reason;
};

struct EvaluationContext {
  int attempt = 1;      // 1-based attempt number that produced the result
  int max_retries = 0;  // retries allowed after the first attempt
  const std::vector<StepResult>* previous = nullptr;  // finished steps, in order
};

// Decides what follows a step attempt (the seed's EvaluateStepResult).
class StepEvaluator {
 public:
  virtual ~StepEvaluator() = default;
  virtual StepDecision Evaluate(const PlanStep& step, const StepResult& result,
                                const EvaluationContext& context) = 0;
};

// The deterministic default: success → proceed (or skip the dependants of an execute_sql
// step that returned no rows: there is nothing for them to work on); a retryable failure
// with retries left → retry; any other failure → skip (the step's dependants are skipped).
// Not retried: invalid_argument, permission_denied, failed_precondition, unimplemented,
// cancelled — repeating the same call cannot succeed.
class DefaultStepEvaluator final : public StepEvaluator {
 public:
  StepDecision Evaluate(const PlanStep& step, const StepResult& result,
                        const EvaluationContext& context) override;
  static bool IsRetryable(const Status& status);
};

// Runs one step's tool. `previous` holds the results of the steps finished so far.
// Return an error Status for a failed call; the executor turns it into a failed attempt.
class ToolRunner {
 public:
  virtual ~ToolRunner() = default;
  virtual StatusOr<ToolOutput> Run(const PlanStep& step,
                                   const std::vector<StepResult>& previous) = 0;
};

// The Status a runner without Python returns for python_executor.
Status PythonNotAvailableError();

// Seed 003's assessment of whether the data gathered so far is enough.
struct SufficiencyAssessment {
  bool sufficient = true;
  std::vector<std::string> missing_data;
  std::string reason;
  double confidence = 0;
  std::vector<PlanStep> extra_queries;  // execute_sql steps to run when !sufficient
  int duplicates_dropped = 0;           // proposed queries left out: they had already run
};

class SufficiencyJudge {
 public:
  virtual ~SufficiencyJudge() = default;
  // `round` is 0 for the check after the planned queries, then 1, 2, ... after each extra
  // round. An error is logged and treated as "sufficient" (seed 003: evaluation failure →
  // continue with the default strategy).
  virtual StatusOr<SufficiencyAssessment> Assess(const AnalysisPlan& plan,
                                                 const std::vector<StepResult>& results,
                                                 int round) = 0;
};

// One extra round of queries (seed 003 queryHistory).
struct QueryRound {
  int round = 0;  // 1-based
  std::vector<std::string> missing_data;
  std::string reason;
  std::vector<int> step_nums;  // the inserted steps, in the executed plan's numbering
  Clock::TimePoint timestamp;
  int queries_executed = 0;
  bool success = false;  // every query of the round succeeded
};

struct StepProgress {
  int step_num = 0;
  int completed = 0;  // steps finished or skipped so far, this one included
  int total = 0;      // steps in the executed plan (grows when rounds are added)
  const StepResult* result = nullptr;
};
using ProgressCallback = std::function<void(const StepProgress&)>;

struct ExecutionReport {
  AnalysisPlan plan;                // as executed: modifications applied, rounds inserted
  std::vector<StepResult> results;  // one per step of `plan`, in order
  std::vector<QueryRound> query_history;
  std::vector<std::string> warnings;
  bool aborted = false;
  bool rounds_exhausted = false;  // the judge still wanted data after the last round

  int CountSucceeded() const;
  int CountFailed() const;
  int CountSkipped() const;
};

struct StepExecutorOptions {
  int max_retries = 3;             // retries after the first attempt (Requirement 3.5)
  int max_sufficiency_rounds = 3;  // extra query rounds (seed 003 maxRounds)
  size_t max_queries_per_round = 5;
};

class StepExecutor {
 public:
  // `evaluator` null → a DefaultStepEvaluator owned by the executor. `judge`, `validator`,
  // `history` and `cancel` are optional. `clock` null → Clock::System().
  struct Deps {
    ToolRunner* runner = nullptr;  // required
    StepEvaluator* evaluator = nullptr;
    SufficiencyJudge* judge = nullptr;
    ExecutionValidator* validator = nullptr;  // gets BeginExecution + TrackExecution calls
    DurationHistory* history = nullptr;       // gets each successful call's duration
    const CancellationToken* cancel = nullptr;
    const Clock* clock = nullptr;
  };

  StepExecutor(Deps deps, StepExecutorOptions options = {});
  ~StepExecutor();
  StepExecutor(const StepExecutor&) = delete;
  StepExecutor& operator=(const StepExecutor&) = delete;

  // Runs `plan`, which should come from ExecutionValidator::ValidatePlan. InvalidArgument
  // when it is not runnable (steps not numbered in ascending order, unknown tools) or no
  // runner was given; Cancelled when the token fires (between attempts).
  StatusOr<ExecutionReport> Execute(const AnalysisPlan& plan,
                                    const ProgressCallback& on_progress = nullptr);

 private:
  struct Run;
  void RunStep(Run& run, size_t index);
  // RunStep's parts.
  void Attempt(const Run& run, const PlanStep& current, int attempt, StepResult& result);
  std::optional<StepDecision> RunWithRetries(Run& run, PlanStep& current, StepResult& result);
  void ApplyDecision(Run& run, size_t index, const PlanStep& current, const StepDecision& decision);
  void ReportProgress(const Run& run, const PlanStep& current);
  // Returns the index of the last step it ran (after_index when it inserted none).
  size_t RunSufficiencyRounds(Run& run, size_t after_index);
  // RunSufficiencyRounds' parts.
  std::optional<SufficiencyAssessment> AssessForMore(Run& run, int round);
  std::vector<PlanStep> RunnableQueries(Run& run, SufficiencyAssessment& assessment, int round);
  QueryRound InsertExtraQueries(AnalysisPlan& plan, size_t index, std::vector<PlanStep> queries,
                                const SufficiencyAssessment& assessment, int round);
  bool RunExtraQueries(Run& run, size_t index, QueryRound& round);

  Deps deps_;
  StepExecutorOptions options_;
  std::unique_ptr<StepEvaluator> owned_evaluator_;
};

}  // namespace askdb::agent::plan
