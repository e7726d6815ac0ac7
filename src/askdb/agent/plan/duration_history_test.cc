#include "askdb/agent/plan/duration_history.h"

#include <gtest/gtest.h>

#include "askdb/agent/plan/analysis_plan.h"

namespace askdb::agent::plan {
namespace {

TEST(DurationHistoryTest, DefaultsWithoutHistory) {
  DurationHistoryOptions o;
  o.default_sql_ms = 1234;
  DurationHistory h(o);
  EXPECT_EQ(h.EstimateMs("execute_sql", "join"), 1234);
  EXPECT_EQ(h.EstimateMs("get_data_source_context"), o.default_schema_ms);
  EXPECT_EQ(h.EstimateMs("python_executor"), o.default_python_ms);
}

TEST(DurationHistoryTest, MedianOfExactKeyThenToolThenDefault) {
  DurationHistory h;
  h.Record("execute_sql", "join", 100);
  h.Record("execute_sql", "join", 900);
  h.Record("execute_sql", "join", 200);
  EXPECT_EQ(h.EstimateMs("execute_sql", "join"), 200);
  h.Record("execute_sql", "join", 300);
  EXPECT_EQ(h.EstimateMs("execute_sql", "join"), 250);  // even count: mean of the middle two
  // No "trend" samples: all execute_sql samples.
  h.Record("execute_sql", "aggregation", 10000);
  EXPECT_EQ(h.EstimateMs("execute_sql", "trend"), 300);
  h.Record("execute_sql", "join", -5);  // ignored
  EXPECT_EQ(h.EstimateMs("execute_sql", "join"), 250);
}

TEST(DurationHistoryTest, WindowKeepsRecentSamples) {
  DurationHistoryOptions o;
  o.window = 3;
  DurationHistory h(o);
  for (int64_t v : {1, 2, 3, 1000, 1000, 1000}) h.Record("web_search", "", v);
  EXPECT_EQ(h.EstimateMs("web_search"), 1000);
}

TEST(DurationHistoryTest, ApplyAndJsonRoundTrip) {
  DurationHistory h;
  h.Record("execute_sql", "aggregation", 40);
  h.Record("get_data_source_context", "", 7);
  AnalysisPlan p;
  p.steps.resize(2);
  p.steps[0].tool = "get_data_source_context";
  p.steps[1].tool = "execute_sql";
  p.steps[1].query_type = "aggregation";
  h.Apply(p);
  EXPECT_EQ(p.steps[0].estimated_duration_ms, 7);
  EXPECT_EQ(p.steps[1].estimated_duration_ms, 40);

  DurationHistory restored;
  ASSERT_TRUE(restored.LoadJson(h.ToJson()).ok());
  EXPECT_EQ(restored.EstimateMs("execute_sql", "aggregation"), 40);
  EXPECT_EQ(restored.EstimateMs("get_data_source_context"), 7);

  Status bad = restored.LoadJson(Json{{"samples", {{"nokey", Json::array({1})}}}});
  EXPECT_EQ(bad.code(), StatusCode::kInvalidArgument);
  Status negative = restored.LoadJson(Json{{"samples", {{"execute_sql|", Json::array({-1})}}}});
  EXPECT_EQ(negative.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(negative.message().find("samples.execute_sql|[0]"), std::string::npos);
  EXPECT_FALSE(restored.LoadJson(Json::array()).ok());
  // A failed load keeps the earlier samples.
  EXPECT_EQ(restored.EstimateMs("get_data_source_context"), 7);
}

}  // namespace
}  // namespace askdb::agent::plan
