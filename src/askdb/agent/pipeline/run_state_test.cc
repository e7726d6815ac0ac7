#include "askdb/agent/pipeline/run_state.h"

#include <gtest/gtest.h>

namespace askdb::agent::pipeline {
namespace {

TEST(RunStateTest, RoundTripsThroughJson) {
  RunState s;
  s.question = "各地区销售额\nClarification: 2024";
  s.original_question = "各地区销售额";
  s.datasource = "demo";
  s.language = "zh";
  s.route = PipelineRoute::kLlm;
  s.cache_hit = true;
  s.cache_level = "L2";
  s.cache_l2_id = 7;
  s.translation = Json{{"answered", false}};
  s.attempts = {{"SELECT x FROM t", "no such column: x"}, {"SELECT a FROM t", ""}};
  s.fixes = 1;
  s.sql_source = SqlSource::kFix;
  s.final_sql = "SELECT a FROM t";
  db::ResultSet r;
  r.columns = {{"a", "TEXT"}, {"n", "INTEGER"}, {"v", "REAL"}};
  r.rows = {{db::Value::Text("x"), db::Value::Int(3), db::Value::Double(1.5)},
            {db::Value::Null(), db::Value::Int(-1), db::Value::Double(0.25)}};
  s.result = r;
  s.llm_calls = 2;
  s.prompt_tokens = 120;
  s.clarification_answers = {"2024"};
  s.next = "chart";

  StatusOr<RunState> back = RunStateFromJson(RunStateToJson(s));
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  EXPECT_EQ(back->question, s.question);
  EXPECT_EQ(back->route, PipelineRoute::kLlm);
  EXPECT_EQ(back->sql_source, SqlSource::kFix);
  EXPECT_EQ(back->attempts, s.attempts);
  EXPECT_EQ(back->cache_l2_id, 7u);
  ASSERT_TRUE(back->result.has_value());
  EXPECT_EQ(back->result->rows, r.rows);
  EXPECT_EQ(back->result->columns.size(), 3u);
  EXPECT_EQ(back->clarification_answers, s.clarification_answers);
  EXPECT_EQ(back->next, "chart");
  EXPECT_EQ(RunStateToJson(*back), RunStateToJson(s));
}

// The checkpoint's fields keep their order (a stored state reads the same in any version).
TEST(RunStateTest, WritesTheFieldsInAFixedOrder) {
  RunState s;
  s.question = "q";
  s.database = "sqlite:/tmp/x.sqlite";
  std::vector<std::string> keys;
  const Json written = RunStateToJson(s);
  for (const auto& [key, value] : written.items()) keys.push_back(key);
  const std::vector<std::string> expected = {"question",
                                             "original_question",
                                             "datasource",
                                             "cache_partition",
                                             "database",
                                             "language",
                                             "request_type",
                                             "confidence",
                                             "route",
                                             "cache_hit",
                                             "cache_level",
                                             "cache_stored_question",
                                             "cache_l2_id",
                                             "schema_text",
                                             "evidence",
                                             "translation",
                                             "attempts",
                                             "fixes",
                                             "sql",
                                             "sql_source",
                                             "final_sql",
                                             "result",
                                             "chart",
                                             "answer",
                                             "error",
                                             "llm_calls",
                                             "prompt_tokens",
                                             "completion_tokens",
                                             "clarification_question",
                                             "clarification_answers",
                                             "plan_review",
                                             "plan",
                                             "plan_title",
                                             "plan_notes",
                                             "plan_warnings",
                                             "plan_feedback",
                                             "steps",
                                             "query_history",
                                             "deviation_score",
                                             "deviation",
                                             "report",
                                             "session",
                                             "history",
                                             "follow_up",
                                             "follow_up_question",
                                             "declined_follow_up",
                                             "declined_follow_up_why",
                                             "next"};
  EXPECT_EQ(keys, expected);
  StatusOr<RunState> back = RunStateFromJson(RunStateToJson(s));
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  EXPECT_EQ(back->database, s.database);
  EXPECT_EQ(back->cache_partition, "");
  EXPECT_EQ(back->route, PipelineRoute::kNone);
}

TEST(RunStateTest, RejectsMalformedState) {
  EXPECT_FALSE(RunStateFromJson(Json::array()).ok());
  EXPECT_FALSE(RunStateFromJson(Json{{"route", "llm"}}).ok());  // no question
  EXPECT_FALSE(RunStateFromJson(Json{{"question", "q"}, {"route", "bogus"}}).ok());
  Json bad_rows = {{"columns", {{{"name", "a"}}}}, {"rows", {{1, 2}}}};
  EXPECT_FALSE(ResultSetFromJson(bad_rows).ok());
}

}  // namespace
}  // namespace askdb::agent::pipeline
