#include "askdb/agent/plan/step_executor.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "askdb/agent/plan/duration_history.h"
#include "askdb/agent/plan/plan_validator.h"
#include "askdb/agent/plan/test_fakes.h"
#include "askdb/common/cancellation.h"

namespace askdb::agent::plan {
namespace {

using testing::Enough;
using testing::Fail;
using ::testing::HasSubstr;
using testing::NeedMore;
using testing::Ok;
using testing::ScriptedJudge;
using testing::ScriptedRunner;
using testing::Step;

AnalysisPlan ThreeStepPlan() {
  AnalysisPlan p;
  p.request_type = RequestType::kMultiStepAnalysis;
  p.is_multi_step = true;
  p.schema_level = "detailed";
  p.steps = {Step(1, kToolGetDataSourceContext), Step(2, kToolExecuteSql, {1}),
             Step(3, kToolExecuteSql, {1})};
  p.checkpoints = {1};
  return p;
}

ExecutionReport MustRun(StepExecutor& e, const AnalysisPlan& p,
                        const ProgressCallback& cb = nullptr) {
  auto r = e.Execute(p, cb);
  EXPECT_TRUE(r.ok()) << r.status().ToString();
  return r.ok() ? std::move(r).value() : ExecutionReport{};
}

TEST(StepExecutorTest, RunsAllStepsInOrderAndReportsProgress) {
  ScriptedRunner runner;
  StepExecutor e({.runner = &runner});
  std::vector<std::pair<int, int>> progress;
  ExecutionReport r = MustRun(e, ThreeStepPlan(), [&](const StepProgress& p) {
    progress.emplace_back(p.step_num, p.completed);
    EXPECT_EQ(p.total, 3);
    ASSERT_NE(p.result, nullptr);
    EXPECT_TRUE(p.result->success);
  });
  ASSERT_EQ(runner.calls.size(), 3u);
  EXPECT_EQ(runner.calls[0].step_num, 1);
  EXPECT_EQ(runner.calls[2].step_num, 3);
  EXPECT_EQ(progress, (std::vector<std::pair<int, int>>{{1, 1}, {2, 2}, {3, 3}}));
  EXPECT_EQ(r.CountSucceeded(), 3);
  EXPECT_FALSE(r.aborted);
}

// Error table: "step execution timeout → mark step as failed, attempt retry".
TEST(StepExecutorTest, TimeoutIsRetried) {
  ScriptedRunner runner;
  runner.Script(2, {Fail(DeadlineExceededError("query timed out")), Ok("rows", 3)});
  StepExecutor e({.runner = &runner});
  ExecutionReport r = MustRun(e, ThreeStepPlan());
  EXPECT_EQ(runner.CallsFor(2), 2);
  EXPECT_TRUE(r.results[1].success);
  EXPECT_EQ(r.results[1].attempts, 2);
  EXPECT_EQ(r.results[1].output.row_count, 3);
}

// Error table: "tool call failure → retry up to 3 times" and "all retries exhausted →
// mark step as failed, continue with remaining steps if possible".
TEST(StepExecutorTest, ExhaustedRetriesFailTheStepAndTheRunContinues) {
  ScriptedRunner runner;
  runner.Script(2, {Fail(SqlError("database is locked"))});
  StepExecutor e({.runner = &runner});
  AnalysisPlan p = ThreeStepPlan();
  p.steps.push_back(Step(4, kToolPythonExecutor, {2}));  // depends on the failing step
  ExecutionReport r = MustRun(e, p);
  EXPECT_EQ(runner.CallsFor(2), 4);  // 1 attempt + 3 retries
  const StepResult& failed = r.results[1];
  EXPECT_FALSE(failed.success);
  EXPECT_FALSE(failed.skipped);
  EXPECT_EQ(failed.attempts, 4);
  EXPECT_EQ(failed.error.code(), StatusCode::kSqlError);
  EXPECT_EQ(failed.next_action, StepAction::kSkip);
  EXPECT_TRUE(r.results[2].success);  // independent step still runs
  EXPECT_TRUE(r.results[3].skipped);  // dependant is skipped
  EXPECT_THAT(r.results[3].note, HasSubstr("step 2"));
  EXPECT_EQ(runner.CallsFor(4), 0);
  EXPECT_EQ(r.CountFailed(), 1);
  EXPECT_EQ(r.CountSkipped(), 1);
}

TEST(StepExecutorTest, RetryLimitIsAnOption) {
  ScriptedRunner runner;
  runner.Script(1, {Fail(UnavailableError("down"))});
  StepExecutorOptions o;
  o.max_retries = 1;
  StepExecutor e({.runner = &runner}, o);
  ExecutionReport r = MustRun(e, ThreeStepPlan());
  EXPECT_EQ(runner.CallsFor(1), 2);
  EXPECT_EQ(r.CountSkipped(), 2);  // everything depends on the schema
}

TEST(StepExecutorTest, PermanentErrorsAreNotRetried) {
  ScriptedRunner runner;
  runner.Script(2, {Fail(PermissionDeniedError("read-only"))});
  StepExecutor e({.runner = &runner});
  ExecutionReport r = MustRun(e, ThreeStepPlan());
  EXPECT_EQ(runner.CallsFor(2), 1);
  EXPECT_FALSE(r.results[1].success);
}

// Python steps are planned now and run when the sandbox lands: the result says so.
TEST(StepExecutorTest, PythonStepReportsNotAvailable) {
  ScriptedRunner runner;
  runner.Script(2, {Fail(PythonNotAvailableError())});
  StepExecutor e({.runner = &runner});
  AnalysisPlan p;
  p.steps = {Step(1, kToolExecuteSql), Step(2, kToolPythonExecutor, {1})};
  ExecutionReport r = MustRun(e, p);
  EXPECT_EQ(runner.CallsFor(2), 1);
  EXPECT_FALSE(r.results[1].success);
  EXPECT_EQ(r.results[1].error.code(), StatusCode::kUnimplemented);
  EXPECT_THAT(r.results[1].error.message(), HasSubstr("Python execution is not available"));
  EXPECT_TRUE(r.results[1].output.text.empty());
}

// Error table: "intermediate result validation failure → adjust next step or skip".
TEST(StepExecutorTest, EmptyResultSkipsDependants) {
  ScriptedRunner runner;
  runner.Script(2, {Ok("no rows", 0)});
  StepExecutor e({.runner = &runner});
  AnalysisPlan p = ThreeStepPlan();
  p.steps.push_back(Step(4, kToolPythonExecutor, {2}));
  ExecutionReport r = MustRun(e, p);
  EXPECT_TRUE(r.results[1].success);
  EXPECT_EQ(r.results[1].next_action, StepAction::kSkip);
  EXPECT_TRUE(r.results[2].success);
  EXPECT_TRUE(r.results[3].skipped);
}

class AdjustingEvaluator : public StepEvaluator {
 public:
  StepDecision Evaluate(const PlanStep& step, const StepResult& result,
                        const EvaluationContext&) override {
    StepDecision d;
    if (step.step_num == 1 && result.success) {
      d.action = StepAction::kModify;
      PlanStep changed = Step(3, kToolExecuteSql, {1});
      changed.input = "SELECT SUM(x) FROM fixed";
      PlanStep bad = Step(1, kToolExecuteSql);  // not a later step: ignored
      d.adjusted_steps = {changed, bad};
    }
    if (step.step_num == 2 && !result.success) {
      d.retry = true;
      PlanStep fixed = step;
      fixed.input = "SELECT 1 -- fixed";
      d.retry_with = fixed;
    }
    if (step.step_num == 3) d.action = StepAction::kAbort;
    return d;
  }
};

TEST(StepExecutorTest, EvaluatorModifiesLaterStepsRetriesWithChangesAndAborts) {
  ScriptedRunner runner;
  runner.Script(2, {Fail(SqlError("no such column")), Ok()});
  AdjustingEvaluator evaluator;
  StepExecutor e({.runner = &runner, .evaluator = &evaluator});
  AnalysisPlan p = ThreeStepPlan();
  p.steps.push_back(Step(4, kToolExecuteSql, {1}));
  ExecutionReport r = MustRun(e, p);
  ASSERT_EQ(runner.calls.size(), 4u);
  EXPECT_EQ(runner.calls[2].input, "SELECT 1 -- fixed");
  EXPECT_EQ(runner.calls[3].input, "SELECT SUM(x) FROM fixed");
  EXPECT_EQ(r.plan.steps[1].input, "SELECT 1 -- fixed");  // the executed plan shows the change
  EXPECT_EQ(r.plan.steps[0].tool, kToolGetDataSourceContext);
  EXPECT_TRUE(r.aborted);
  EXPECT_TRUE(r.results[3].skipped);
  EXPECT_THAT(r.results[3].note, HasSubstr("aborted after step 3"));
  EXPECT_EQ(r.warnings.size(), 1u);
}

TEST(StepExecutorTest, SufficiencyRoundsInsertQueriesAfterTheLastSql) {
  ScriptedRunner runner;
  ScriptedJudge judge(
      {NeedMore({"SELECT * FROM a ORDER BY x LIMIT 5", "SELECT COUNT(*) FROM b"}), Enough()});
  FakeClock clock;
  StepExecutor e({.runner = &runner, .judge = &judge, .clock = &clock});
  AnalysisPlan p = ThreeStepPlan();
  p.steps.push_back(Step(4, kToolPythonExecutor, {1, 3}));
  p.checkpoints = {1, 4};
  std::vector<int> progressed;
  ExecutionReport r =
      MustRun(e, p, [&](const StepProgress& s) { progressed.push_back(s.step_num); });
  ASSERT_EQ(r.plan.steps.size(), 6u);
  for (size_t i = 0; i < 6; ++i) EXPECT_EQ(r.plan.steps[i].step_num, static_cast<int>(i) + 1);
  EXPECT_EQ(r.plan.steps[3].input, "SELECT * FROM a ORDER BY x LIMIT 5");
  EXPECT_EQ(r.plan.steps[3].query_type, kQueryTypeRanking);
  EXPECT_EQ(r.plan.steps[4].query_type, kQueryTypeAggregation);
  EXPECT_EQ(r.plan.steps[5].tool, kToolPythonExecutor);
  EXPECT_EQ(r.plan.steps[5].depends_on, (std::vector<int>{1, 3}));
  EXPECT_EQ(r.plan.checkpoints, (std::vector<int>{1, 6}));
  EXPECT_EQ(progressed, (std::vector<int>{1, 2, 3, 4, 5, 6}));
  ASSERT_EQ(r.query_history.size(), 1u);
  EXPECT_EQ(r.query_history[0].round, 1);
  EXPECT_EQ(r.query_history[0].step_nums, (std::vector<int>{4, 5}));
  EXPECT_EQ(r.query_history[0].queries_executed, 2);
  EXPECT_TRUE(r.query_history[0].success);
  EXPECT_EQ(judge.rounds, (std::vector<int>{0, 1}));
  EXPECT_FALSE(r.rounds_exhausted);
}

TEST(StepExecutorTest, SufficiencyRoundsStopAtTheLimit) {
  ScriptedRunner runner;
  ScriptedJudge judge({NeedMore({"SELECT 1"})});  // never satisfied
  StepExecutor e({.runner = &runner, .judge = &judge});
  ExecutionReport r = MustRun(e, ThreeStepPlan());
  EXPECT_EQ(r.query_history.size(), 3u);
  EXPECT_TRUE(r.rounds_exhausted);
  EXPECT_EQ(r.plan.steps.size(), 6u);
  EXPECT_EQ(judge.calls, 4);  // after the plan, then after each of the 3 rounds
  EXPECT_THAT(r.warnings.back(), HasSubstr("after 3 extra rounds"));
}

TEST(StepExecutorTest, JudgeFailureAndNonSqlQueriesAreWarningsNotErrors) {
  ScriptedRunner runner;
  ScriptedJudge failing({LlmError("model unavailable")});
  StepExecutor e1({.runner = &runner, .judge = &failing});
  ExecutionReport r1 = MustRun(e1, ThreeStepPlan());
  EXPECT_EQ(r1.plan.steps.size(), 3u);
  EXPECT_THAT(r1.warnings[0], HasSubstr("sufficiency check failed"));

  SufficiencyAssessment web = NeedMore({});
  PlanStep search = Step(0, kToolWebSearch);
  web.extra_queries.push_back(search);
  ScriptedJudge wrong_tool({web});
  StepExecutor e2({.runner = &runner, .judge = &wrong_tool});
  ExecutionReport r2 = MustRun(e2, ThreeStepPlan());
  EXPECT_EQ(r2.plan.steps.size(), 3u);
  EXPECT_EQ(r2.warnings.size(), 2u);
}

TEST(StepExecutorTest, TracksCallsRecordsDurationsAndRejectsBadPlans) {
  ScriptedRunner runner;
  runner.Script(2, {Fail(UnavailableError("x")), Ok()});
  ExecutionValidator validator({}, [](std::string_view) {});
  DurationHistory history;
  FakeClock clock;
  StepExecutor e(
      {.runner = &runner, .validator = &validator, .history = &history, .clock = &clock});
  ExecutionReport r = MustRun(e, ThreeStepPlan());
  ExecutionMetrics m = validator.GetMetrics();
  EXPECT_EQ(m.actual_calls, 4);
  EXPECT_EQ(m.planned_calls, 3);
  EXPECT_EQ(history.EstimateMs(kToolExecuteSql, kQueryTypeAggregation), 0);  // fake: instant

  AnalysisPlan unordered = ThreeStepPlan();
  std::swap(unordered.steps[1], unordered.steps[2]);
  EXPECT_EQ(e.Execute(unordered).status().code(), StatusCode::kInvalidArgument);
  AnalysisPlan unknown = ThreeStepPlan();
  unknown.steps[0].tool = "get_schema";
  EXPECT_THAT(e.Execute(unknown).status().message(), HasSubstr("ValidatePlan"));
  StepExecutor no_runner({});
  EXPECT_EQ(no_runner.Execute(ThreeStepPlan()).status().code(), StatusCode::kInvalidArgument);
}

TEST(StepExecutorTest, CancellationStopsTheRun) {
  CancellationToken cancel;
  ScriptedRunner runner;
  StepExecutor e({.runner = &runner, .cancel = &cancel});
  int seen = 0;
  auto r = e.Execute(ThreeStepPlan(), [&](const StepProgress&) {
    if (++seen == 1) cancel.Cancel();
  });
  EXPECT_EQ(r.status().code(), StatusCode::kCancelled);
  EXPECT_EQ(runner.calls.size(), 1u);
}

}  // namespace
}  // namespace askdb::agent::plan
