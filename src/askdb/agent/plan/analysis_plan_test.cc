#include "askdb/agent/plan/analysis_plan.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace askdb::agent::plan {
namespace {

using ::testing::HasSubstr;

AnalysisPlan SamplePlan() {
  AnalysisPlan p;
  p.request_type = RequestType::kMultiStepAnalysis;
  p.schema_level = "detailed";
  p.is_multi_step = true;
  p.checkpoints = {1, 2};
  PlanStep a;
  a.step_num = 1;
  a.tool = "get_data_source_context";
  a.purpose = "schema";
  a.schema_level = "detailed";
  a.estimated_duration_ms = 300;
  a.is_checkpoint = true;
  PlanStep b;
  b.step_num = 2;
  b.tool = "execute_sql";
  b.input = "SELECT 1";
  b.depends_on = {1};
  b.query_type = "aggregation";
  b.is_checkpoint = true;
  p.steps = {a, b};
  return p;
}

TEST(AnalysisPlanTest, JsonRoundTripKeepsEveryField) {
  AnalysisPlan p = SamplePlan();
  Json j = AnalysisPlanToJson(p);
  EXPECT_EQ(j["request_type"], "multi_step_analysis");
  EXPECT_EQ(j["estimated_calls"], 2);
  EXPECT_EQ(j["needs_sql"], true);
  EXPECT_EQ(j["needs_python"], false);
  EXPECT_FALSE(j["steps"][1].contains("schema_level"));
  EXPECT_EQ(j["steps"][1]["query_type"], "aggregation");
  auto back = AnalysisPlanFromJson(j, RequestType::kDataQuery);
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  EXPECT_EQ(*back, p);
}

TEST(AnalysisPlanTest, ParsesReplyInsideFenceAndProse) {
  std::string reply =
      "Here is the plan:\n```json\n{\"steps\": [{\"tool\": \"get_data_source_context\", "
      "\"schema_level\": \"basic\"}, {\"tool\": \"execute_sql\", \"input\": {\"sql\": "
      "\"SELECT 1\"}, \"depends_on\": [1.0]}]}\n```\nDone.";
  auto plan = ParseAnalysisPlanReply(reply, RequestType::kVisualization);
  ASSERT_TRUE(plan.ok()) << plan.status().ToString();
  EXPECT_EQ(plan->request_type, RequestType::kVisualization);
  ASSERT_EQ(plan->steps.size(), 2u);
  EXPECT_EQ(plan->steps[0].step_num, 1);
  EXPECT_EQ(plan->steps[1].step_num, 2);
  EXPECT_EQ(plan->steps[1].input, R"({"sql":"SELECT 1"})");
  EXPECT_EQ(plan->steps[1].depends_on, std::vector<int>{1});
}

TEST(AnalysisPlanTest, ErrorsNameTheFieldPath) {
  auto bad_dep = ParseAnalysisPlanReply(
      R"({"steps": [{"tool": "execute_sql"}, {"tool": "execute_sql", "depends_on": ["one"]}]})",
      RequestType::kDataQuery);
  ASSERT_FALSE(bad_dep.ok());
  EXPECT_EQ(bad_dep.status().code(), StatusCode::kInvalidArgument);
  EXPECT_THAT(bad_dep.status().message(), HasSubstr("steps[1].depends_on[0]"));
  EXPECT_THAT(bad_dep.status().message(), HasSubstr("string"));

  auto no_tool =
      ParseAnalysisPlanReply(R"({"steps": [{"purpose": "x"}]})", RequestType::kDataQuery);
  ASSERT_FALSE(no_tool.ok());
  EXPECT_THAT(no_tool.status().message(), HasSubstr("steps[0].tool: missing"));

  auto bad_type =
      ParseAnalysisPlanReply(R"({"request_type": "gossip", "steps": []})", RequestType::kDataQuery);
  ASSERT_FALSE(bad_type.ok());
  EXPECT_THAT(bad_type.status().message(), HasSubstr("request_type"));

  auto bad_flag =
      ParseAnalysisPlanReply(R"({"is_multi_step": "yes", "steps": []})", RequestType::kDataQuery);
  ASSERT_FALSE(bad_flag.ok());
  EXPECT_THAT(bad_flag.status().message(), HasSubstr("is_multi_step"));

  auto no_steps =
      ParseAnalysisPlanReply(R"({"request_type": "data_query"})", RequestType::kDataQuery);
  ASSERT_FALSE(no_steps.ok());
  EXPECT_THAT(no_steps.status().message(), HasSubstr("steps: missing"));

  auto fraction = ParseAnalysisPlanReply(R"({"steps": [{"tool": "x", "step_num": 1.5}]})",
                                         RequestType::kDataQuery);
  ASSERT_FALSE(fraction.ok());
  EXPECT_THAT(fraction.status().message(), HasSubstr("steps[0].step_num"));

  auto not_json = ParseAnalysisPlanReply("I cannot plan this.", RequestType::kDataQuery);
  ASSERT_FALSE(not_json.ok());
  EXPECT_THAT(not_json.status().message(), HasSubstr("no JSON object"));

  auto broken = ParseAnalysisPlanReply("{\"steps\": [}", RequestType::kDataQuery);
  ASSERT_FALSE(broken.ok());
  EXPECT_THAT(broken.status().message(), HasSubstr("plan reply"));
}

TEST(AnalysisPlanTest, UnknownToolParsesSoTheValidatorCanCorrectIt) {
  auto plan =
      ParseAnalysisPlanReply(R"({"steps": [{"tool": "get_schema"}]})", RequestType::kConsultation);
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan->steps[0].tool, "get_schema");
}

TEST(AnalysisPlanTest, CanonicalToolNames) {
  EXPECT_EQ(CanonicalToolName("get_schema"), kToolGetDataSourceContext);
  EXPECT_EQ(CanonicalToolName("SQL_EXECUTOR"), kToolExecuteSql);
  EXPECT_EQ(CanonicalToolName("python"), kToolPythonExecutor);
  EXPECT_EQ(CanonicalToolName("web_fetch"), kToolWebFetch);
  EXPECT_EQ(CanonicalToolName("rm_rf"), std::nullopt);
  EXPECT_TRUE(IsPlanTool("web_search"));
  EXPECT_FALSE(IsPlanTool("get_schema"));
}

TEST(AnalysisPlanTest, SchemaLevelMappingFollowsTheSeed) {
  EXPECT_EQ(SchemaLevelFor(RequestType::kConsultation), "basic");
  EXPECT_EQ(SchemaLevelFor(RequestType::kTrivial), "basic");
  EXPECT_EQ(SchemaLevelFor(RequestType::kWebSearch), "basic");
  EXPECT_EQ(SchemaLevelFor(RequestType::kCalculation), "basic");
  EXPECT_EQ(SchemaLevelFor(RequestType::kDataQuery), "detailed");
  EXPECT_EQ(SchemaLevelFor(RequestType::kVisualization), "detailed");
  EXPECT_EQ(SchemaLevelFor(RequestType::kMultiStepAnalysis), "detailed");
}

}  // namespace
}  // namespace askdb::agent::plan
