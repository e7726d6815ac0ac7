#include "askdb/agent/plan/plan_validator.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "askdb/agent/plan/test_fakes.h"

namespace askdb::agent::plan {
namespace {

using ::testing::Contains;
using ::testing::HasSubstr;
using testing::Step;

struct Captured {
  std::vector<std::string> lines;
  ExecutionValidator::Logger logger() {
    return [this](std::string_view m) { lines.emplace_back(m); };
  }
};

bool AnyContains(const std::vector<std::string>& v, std::string_view needle) {
  for (const std::string& s : v) {
    if (s.find(needle) != std::string::npos) return true;
  }
  return false;
}

// Error table "Plan validation failure → log warning, attempt auto-correction" and
// Property 13.
TEST(ExecutionValidatorTest, ConsultationLosesSqlWithAWarning) {
  Captured log;
  ExecutionValidator v({}, log.logger());
  AnalysisPlan p;
  p.request_type = RequestType::kConsultation;
  p.schema_level = "basic";
  p.steps = {Step(1, kToolGetDataSourceContext), Step(2, kToolExecuteSql, {1})};
  ValidationResult r = v.ValidatePlan(p, RequestType::kConsultation);
  ASSERT_EQ(r.plan.steps.size(), 1u);
  EXPECT_EQ(r.plan.steps[0].tool, kToolGetDataSourceContext);
  EXPECT_EQ(r.plan.steps[0].schema_level, kSchemaLevelBasic);  // was detailed
  EXPECT_TRUE(AnyContains(r.warnings, "execute_sql"));
  EXPECT_EQ(log.lines, r.warnings);  // every correction is logged
}

TEST(ExecutionValidatorTest, ConsultationKeepsOnlyOneSchemaFetch) {
  ExecutionValidator v({}, [](std::string_view) {});
  AnalysisPlan p;
  p.request_type = RequestType::kConsultation;
  p.steps = {Step(1, kToolGetDataSourceContext), Step(2, kToolPythonExecutor),
             Step(3, kToolGetDataSourceContext)};
  ValidationResult r = v.ValidatePlan(p, RequestType::kConsultation);
  ASSERT_EQ(r.plan.steps.size(), 1u);
  EXPECT_TRUE(AnyContains(r.warnings, "python_executor"));
  EXPECT_TRUE(AnyContains(r.warnings, "twice"));
}

TEST(ExecutionValidatorTest, CorrectsToolNamesFieldsNumberingAndDependencies) {
  ExecutionValidator v({}, [](std::string_view) {});
  AnalysisPlan p;
  p.request_type = RequestType::kDataQuery;  // classification says multi-step
  PlanStep schema;
  schema.step_num = 10;
  schema.tool = "get_schema";
  schema.query_type = "join";  // not a SQL step
  PlanStep sql;
  sql.step_num = 20;
  sql.tool = "sql_executor";
  sql.input = "SELECT a.x, b.y FROM a JOIN b ON a.id = b.id";
  sql.depends_on = {10, 99, 30};  // 99 unknown, 30 later
  PlanStep junk;
  junk.step_num = 15;
  junk.tool = "send_email";
  PlanStep py;
  py.step_num = 30;
  py.tool = "python";
  py.depends_on = {20, 15};  // 15 is removed
  py.estimated_duration_ms = -4;
  p.steps = {schema, py, sql, junk};
  p.checkpoints = {20, 77};
  ValidationResult r = v.ValidatePlan(p, RequestType::kMultiStepAnalysis);
  const AnalysisPlan& c = r.plan;
  EXPECT_EQ(c.request_type, RequestType::kMultiStepAnalysis);
  EXPECT_TRUE(c.is_multi_step);
  EXPECT_EQ(c.schema_level, kSchemaLevelDetailed);
  ASSERT_EQ(c.steps.size(), 3u);
  EXPECT_EQ(c.steps[0].tool, kToolGetDataSourceContext);
  EXPECT_EQ(c.steps[0].schema_level, kSchemaLevelDetailed);
  EXPECT_TRUE(c.steps[0].query_type.empty());
  EXPECT_EQ(c.steps[1].tool, kToolExecuteSql);
  EXPECT_EQ(c.steps[1].query_type, kQueryTypeJoin);
  EXPECT_EQ(c.steps[1].depends_on, std::vector<int>{1});
  EXPECT_EQ(c.steps[2].tool, kToolPythonExecutor);
  EXPECT_EQ(c.steps[2].depends_on, std::vector<int>{2});
  EXPECT_EQ(c.steps[2].estimated_duration_ms, 0);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(c.steps[static_cast<size_t>(i)].step_num, i + 1);
  EXPECT_EQ(c.checkpoints, std::vector<int>{2});
  EXPECT_TRUE(c.steps[1].is_checkpoint);
  for (std::string_view w : {"send_email", "renamed", "not in the plan", "does not run before",
                             "checkpoint 77", "sorted", "renumbered", "negative", "request_type",
                             "is_multi_step", "inferred \"join\"", "had a query_type"}) {
    EXPECT_TRUE(AnyContains(r.warnings, w)) << w;
  }
}

TEST(ExecutionValidatorTest, MultiStepWithoutCheckpointGetsOne) {
  ExecutionValidator v({}, [](std::string_view) {});
  AnalysisPlan p;
  p.request_type = RequestType::kMultiStepAnalysis;
  p.is_multi_step = true;
  p.schema_level = "detailed";
  p.steps = {Step(1, kToolGetDataSourceContext), Step(2, kToolExecuteSql, {1})};
  ValidationResult r = v.ValidatePlan(p, RequestType::kMultiStepAnalysis);
  EXPECT_EQ(r.plan.checkpoints, std::vector<int>{2});
  EXPECT_TRUE(r.plan.steps[1].is_checkpoint);
}

TEST(ExecutionValidatorTest, CutsOverlongPlans) {
  ValidatorOptions o;
  o.max_steps = 2;
  ExecutionValidator v(o, [](std::string_view) {});
  AnalysisPlan p;
  p.schema_level = "detailed";
  p.steps = {Step(1, kToolGetDataSourceContext), Step(2, kToolExecuteSql),
             Step(3, kToolExecuteSql)};
  ValidationResult r = v.ValidatePlan(p, RequestType::kDataQuery);
  EXPECT_EQ(r.plan.steps.size(), 2u);
  EXPECT_TRUE(AnyContains(r.warnings, "limit of 2"));
}

TEST(ExecutionValidatorTest, InferQueryType) {
  EXPECT_EQ(InferQueryType("select count(*) from t"), kQueryTypeAggregation);
  EXPECT_EQ(InferQueryType("SELECT * FROM a join b on a.i=b.i"), kQueryTypeJoin);
  EXPECT_EQ(InferQueryType("SELECT * FROM t ORDER BY x DESC LIMIT 5"), kQueryTypeRanking);
  EXPECT_EQ(InferQueryType("SELECT * FROM t WHERE x > 1"), kQueryTypeFilter);
  EXPECT_EQ(InferQueryType("SELECT * FROM t"), kQueryTypeDetail);
  EXPECT_EQ(InferQueryType(""), kQueryTypeDetail);
}

TEST(DeviationScoreTest, MatchesTheDefinition) {
  using V = std::vector<std::string>;
  EXPECT_DOUBLE_EQ(DeviationScore({}, {}), 0.0);
  EXPECT_DOUBLE_EQ(DeviationScore(V{"a", "b"}, V{"a", "b"}), 0.0);
  EXPECT_DOUBLE_EQ(DeviationScore(V{"a", "b"}, V{}), 1.0);
  EXPECT_DOUBLE_EQ(DeviationScore(V{}, V{"a"}), 1.0);
  EXPECT_DOUBLE_EQ(DeviationScore(V{"a", "b"}, V{"b", "a"}), 0.5);            // order change
  EXPECT_DOUBLE_EQ(DeviationScore(V{"a", "b"}, V{"a", "b", "b", "b"}), 0.5);  // retries
  EXPECT_DOUBLE_EQ(DeviationScore(V{"a", "b", "c"}, V{"c"}), 2.0 / 3.0);
}

// Properties 14 and 15 by example; error table "tracking data inconsistency → log
// warning, continue execution".
TEST(ExecutionValidatorTest, TracksCallsAndWarnsOnInconsistency) {
  Captured log;
  ExecutionValidator v({}, log.logger());
  AnalysisPlan p;
  p.steps = {Step(1, kToolGetDataSourceContext), Step(2, kToolExecuteSql)};
  v.BeginExecution(p);
  v.TrackExecution(kToolGetDataSourceContext, 1);
  v.TrackExecution(kToolWebSearch, 2);   // planned execute_sql
  v.TrackExecution(kToolExecuteSql, 9);  // no step 9
  v.TrackExecution(kToolExecuteSql, 2);
  ExecutionMetrics m = v.GetMetrics();
  EXPECT_EQ(m.planned_calls, 2);
  EXPECT_EQ(m.actual_calls, 4);
  EXPECT_EQ(m.actual_steps, (std::vector<std::string>{"get_data_source_context", "web_search",
                                                      "execute_sql", "execute_sql"}));
  EXPECT_EQ(m.order_changes, 1);
  EXPECT_DOUBLE_EQ(m.deviation_score, 0.5);  // LCS 2 of 4: not above the threshold
  EXPECT_EQ(log.lines.size(), 2u);           // both inconsistencies logged as they happened
  EXPECT_TRUE(AnyContains(log.lines, "planned as execute_sql but called web_search"));
  EXPECT_TRUE(AnyContains(log.lines, "not in the plan"));
  EXPECT_EQ(v.LogDeviations().size(), 2u);  // nothing new to log
  EXPECT_EQ(log.lines.size(), 2u);
  v.TrackExecution(kToolWebFetch, 3);
  std::vector<std::string> warnings = v.LogDeviations();
  EXPECT_TRUE(AnyContains(warnings, "deviated from the plan"));
  EXPECT_TRUE(AnyContains(log.lines, "deviation score 0.60 > 0.50"));
}

// A Chinese run reads its tracking and deviation warnings in Chinese (they are printed as
// the run's notes and streamed as plan_deviation warnings); nothing English is left in them.
TEST(ExecutionValidatorTest, ChineseRunWarnsInChinese) {
  Captured log;
  ValidatorOptions options;
  options.chinese = true;
  ExecutionValidator v(options, log.logger());
  AnalysisPlan p;
  p.steps = {Step(1, kToolGetDataSourceContext), Step(2, kToolExecuteSql)};
  v.BeginExecution(p);
  v.TrackExecution(kToolGetDataSourceContext, 1);
  v.TrackExecution(kToolWebSearch, 2);
  v.TrackExecution(kToolExecuteSql, 9);
  v.TrackExecution(kToolExecuteSql, 2);
  v.TrackExecution(kToolWebFetch, 3);
  std::vector<std::string> warnings = v.LogDeviations();
  ASSERT_EQ(warnings.size(), 4u);
  EXPECT_EQ(warnings[0], "第 2 步计划用 execute_sql，实际调用了 web_search");
  EXPECT_EQ(warnings[1], "第 9 步调用了 execute_sql，但计划里没有这一步");
  EXPECT_EQ(warnings[2], "第 3 步调用了 web_fetch，但计划里没有这一步");
  EXPECT_EQ(warnings[3],
            "执行偏离了计划：偏离度 0.60 > 0.50（计划：get_data_source_context、execute_sql；"
            "实际：get_data_source_context、web_search、execute_sql、execute_sql、web_fetch）");
  EXPECT_EQ(log.lines, warnings);  // the log carries the same text

  ExecutionValidator untracked(options, log.logger());
  untracked.TrackExecution(kToolExecuteSql, 1);
  EXPECT_TRUE(AnyContains(untracked.GetMetrics().warnings, "执行指标不完整"));
}

// Steps a sufficiency round adds to the running plan are planned additions, not deviations.
TEST(ExecutionValidatorTest, PlanExtendedWhileRunningIsNoDeviation) {
  Captured log;
  ExecutionValidator v({}, log.logger());
  AnalysisPlan p;
  p.steps = {Step(1, kToolGetDataSourceContext), Step(2, kToolExecuteSql)};
  v.BeginExecution(p);
  v.TrackExecution(kToolGetDataSourceContext, 1);
  v.TrackExecution(kToolExecuteSql, 2);
  p.steps.push_back(Step(3, kToolExecuteSql));
  p.steps.push_back(Step(4, kToolExecuteSql));
  v.ExtendPlan(p, 2);
  v.TrackExecution(kToolExecuteSql, 3);
  v.TrackExecution(kToolExecuteSql, 4);
  const ExecutionMetrics m = v.GetMetrics();
  EXPECT_EQ(m.planned_calls, 4);
  EXPECT_EQ(m.planned_additions, 2);
  EXPECT_DOUBLE_EQ(m.deviation_score, 0.0);
  EXPECT_TRUE(v.LogDeviations().empty());
  EXPECT_TRUE(log.lines.empty());
}

// Error table "metrics calculation error → log error, return partial metrics".
TEST(ExecutionValidatorTest, MetricsWithoutAPlanArePartial) {
  Captured log;
  ExecutionValidator v({}, log.logger());
  v.TrackExecution(kToolExecuteSql, 1);
  ExecutionMetrics m = v.GetMetrics();
  EXPECT_EQ(m.actual_calls, 1);
  EXPECT_EQ(m.planned_calls, 0);
  EXPECT_TRUE(AnyContains(m.warnings, "partial"));
  v.LogDeviations();
  EXPECT_TRUE(AnyContains(log.lines, "partial"));
}

TEST(ExecutionValidatorTest, BeginExecutionForgetsTheEarlierRun) {
  ExecutionValidator v({}, [](std::string_view) {});
  AnalysisPlan p;
  p.steps = {Step(1, kToolExecuteSql)};
  v.BeginExecution(p);
  v.TrackExecution(kToolWebSearch, 5);
  v.BeginExecution(p);
  v.TrackExecution(kToolExecuteSql, 1);
  ExecutionMetrics m = v.GetMetrics();
  EXPECT_EQ(m.actual_calls, 1);
  EXPECT_TRUE(m.warnings.empty());
  EXPECT_DOUBLE_EQ(m.deviation_score, 0.0);
}

}  // namespace
}  // namespace askdb::agent::plan
