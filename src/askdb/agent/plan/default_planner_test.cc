#include "askdb/agent/plan/default_planner.h"

#include <gtest/gtest.h>

#include "askdb/agent/plan/duration_history.h"
#include "askdb/agent/plan/plan_validator.h"

namespace askdb::agent::plan {
namespace {

std::vector<std::string> Tools(const AnalysisPlan& p) {
  std::vector<std::string> out;
  for (const PlanStep& s : p.steps) out.push_back(s.tool);
  return out;
}

TEST(DefaultPlannerTest, ConsultationIsOneBasicSchemaStep) {
  AnalysisPlan p = DefaultPlanner().Plan(RequestType::kConsultation, "有什么分析建议");
  ASSERT_EQ(p.steps.size(), 1u);
  EXPECT_EQ(p.steps[0].tool, kToolGetDataSourceContext);
  EXPECT_EQ(p.steps[0].schema_level, kSchemaLevelBasic);
  EXPECT_EQ(p.schema_level, kSchemaLevelBasic);
  EXPECT_FALSE(p.is_multi_step);
}

TEST(DefaultPlannerTest, DataQueryIsDetailedSchemaThenSql) {
  AnalysisPlan p = DefaultPlanner().Plan(RequestType::kDataQuery, "sales by region");
  EXPECT_EQ(Tools(p), (std::vector<std::string>{"get_data_source_context", "execute_sql"}));
  EXPECT_EQ(p.steps[0].schema_level, kSchemaLevelDetailed);
  EXPECT_FALSE(p.steps[1].query_type.empty());
  EXPECT_EQ(p.steps[1].depends_on, std::vector<int>{1});
  EXPECT_EQ(p.steps[1].input, "sales by region");
}

TEST(DefaultPlannerTest, MultiStepHasSeveralQueriesAndCheckpoints) {
  DefaultPlannerOptions o;
  o.multi_step_queries = 4;
  AnalysisPlan p = DefaultPlanner(nullptr, o).Plan(RequestType::kMultiStepAnalysis, "全面分析");
  EXPECT_TRUE(p.is_multi_step);
  ASSERT_EQ(p.steps.size(), 6u);  // schema + 4 SQL + python summary
  EXPECT_EQ(p.steps.back().tool, kToolPythonExecutor);
  EXPECT_EQ(p.steps.back().depends_on, (std::vector<int>{2, 3, 4, 5}));
  EXPECT_EQ(p.checkpoints, (std::vector<int>{1, 2, 3, 4, 5}));
}

TEST(DefaultPlannerTest, EstimatesComeFromHistory) {
  DurationHistory h;
  h.Record("execute_sql", "aggregation", 77);
  AnalysisPlan p = DefaultPlanner(&h).Plan(RequestType::kVisualization, "chart");
  EXPECT_EQ(p.steps[1].estimated_duration_ms, 77);
  EXPECT_EQ(p.steps[0].estimated_duration_ms, DurationHistoryOptions{}.default_schema_ms);
}

TEST(DefaultPlannerTest, EveryTypeGivesAPlanTheValidatorAccepts) {
  ExecutionValidator v(ValidatorOptions{}, [](std::string_view) {});
  for (RequestType t : kAllRequestTypes) {
    AnalysisPlan p = DefaultPlanner().Plan(t, "q");
    ValidationResult r = v.ValidatePlan(p, t);
    EXPECT_TRUE(r.warnings.empty()) << RequestTypeName(t) << ": " << r.warnings.front();
    EXPECT_EQ(r.plan, p) << RequestTypeName(t);
  }
  EXPECT_TRUE(DefaultPlanner().Plan(RequestType::kTrivial, "hi").steps.empty());
}

}  // namespace
}  // namespace askdb::agent::plan
