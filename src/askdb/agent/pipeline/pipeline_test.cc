// Pipeline construction and the routes that need no database; the full flow over real
// databases is covered by the scenario files (tests/scenarios/).
#include "askdb/agent/pipeline/pipeline.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "askdb/agent/ask/datasource.h"
#include "askdb/llm/scripted/scripted_llm_client.h"

namespace askdb::agent::pipeline {
namespace {

PipelineDeps Deps(CheckpointStore* store, PipelineDatasourceProvider datasource) {
  PipelineDeps deps;
  deps.checkpoints = store;
  deps.datasource = std::move(datasource);
  return deps;
}

// Deps whose datasource is never there and counts the runs that tried to open it.
PipelineDeps NoDatabaseDeps(CheckpointStore* store, int* opened) {
  return Deps(store, [opened]() -> StatusOr<PreparedDatasource*> {
    ++*opened;
    return UnavailableError("no database in this test");
  });
}

TEST(PipelineTest, CreateNeedsDatasourceAndCheckpointStore) {
  InMemoryCheckpointStore store;
  EXPECT_EQ(Pipeline::Create(Deps(&store, nullptr)).status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(
      Pipeline::Create(Deps(nullptr, []() -> StatusOr<PreparedDatasource*> { return nullptr; }))
          .status()
          .code(),
      StatusCode::kInvalidArgument);
}

TEST(PipelineTest, QuickAnswersNeverOpenTheDatasource) {
  InMemoryCheckpointStore store;
  int opened = 0;
  StatusOr<Pipeline> pipeline = Pipeline::Create(NoDatabaseDeps(&store, &opened));
  ASSERT_TRUE(pipeline.ok()) << pipeline.status().ToString();

  CollectingEventSink sink;
  StatusOr<PipelineResult> r = pipeline->Ask("t1", "3+4*2", &sink);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->route, PipelineRoute::kQuickPath);
  EXPECT_NE(r->answer.find("11"), std::string::npos) << r->answer;
  EXPECT_EQ(r->llm_calls, 0);
  EXPECT_EQ(opened, 0);
  EXPECT_EQ(sink.OfType(EventType::kClassification).size(), 1u);
  ASSERT_EQ(sink.OfType(EventType::kTextDelta).size(), 1u);
  EXPECT_EQ(sink.OfType(EventType::kTextDelta)[0].payload["text"], r->answer);

  // A data question needs the datasource; its failure is the call's error.
  StatusOr<PipelineResult> data = pipeline->Ask("t2", "2024年各地区的销售额", &sink);
  EXPECT_EQ(data.status().code(), StatusCode::kUnavailable);
  EXPECT_EQ(opened, 1);
}

// A stated rate whose roles the words leave open ("50和200，面试率是多少": which is the part?)
// is declined by the quick path; with a model configured it goes on to the model down the data
// path, which opens the datasource (session 21: the decline had been the answer either way).
TEST(PipelineTest, AnUnclearStatedRateGoesOnToAModel) {
  for (const bool with_model : {false, true}) {
    InMemoryCheckpointStore store;
    llm::ScriptedLlmClient llm;
    int opened = 0;
    PipelineDeps deps = NoDatabaseDeps(&store, &opened);
    if (with_model) deps.llm = &llm;
    StatusOr<Pipeline> pipeline = Pipeline::Create(std::move(deps));
    ASSERT_TRUE(pipeline.ok()) << pipeline.status().ToString();
    CollectingEventSink sink;
    StatusOr<PipelineResult> r = pipeline->Ask("t1", "50和200，面试率是多少", &sink);
    if (with_model) {
      EXPECT_EQ(r.status().code(), StatusCode::kUnavailable);
      EXPECT_EQ(opened, 1);
      // Straight to the model's SQL: the cache and the engine would read the database's rows,
      // not the numbers the request states.
      std::vector<std::string> started;
      for (const Event& e : sink.OfType(EventType::kStageStarted)) started.push_back(e.node);
      EXPECT_NE(std::find(started.begin(), started.end(), "llm_sql"), started.end());
      EXPECT_EQ(std::find(started.begin(), started.end(), "cache_lookup"), started.end());
      EXPECT_EQ(std::find(started.begin(), started.end(), "engine"), started.end());
    } else {
      ASSERT_TRUE(r.ok()) << r.status().ToString();
      EXPECT_EQ(r->route, PipelineRoute::kQuickPath);
      EXPECT_EQ(opened, 0);
    }
  }
}

TEST(PipelineTest, ResumeOfUnknownThreadIsNotFound) {
  InMemoryCheckpointStore store;
  PipelineDeps deps;
  deps.checkpoints = &store;
  deps.datasource = []() -> StatusOr<PreparedDatasource*> { return nullptr; };
  StatusOr<Pipeline> pipeline = Pipeline::Create(std::move(deps));
  ASSERT_TRUE(pipeline.ok());
  EXPECT_EQ(pipeline->Resume("nobody", "answer").status().code(), StatusCode::kNotFound);
}

// The answer's result says how each column's numbers read (analysis/number_kind.h), so the
// web UI shows a ratio in percent and money with two decimals as the CLI does.
TEST(PipelineTest, TheResultJsonCarriesEachColumnsKind) {
  PipelineResult r;
  r.sql =
      "SELECT channel, SUM(discount_amount) / SUM(total_amount) AS discount_rate, "
      "SUM(total_amount) AS revenue, COUNT(*) AS orders FROM orders GROUP BY channel";
  r.money_columns = {"total_amount"};
  db::ResultSet rs;
  rs.columns = {{"channel", ""}, {"discount_rate", ""}, {"revenue", ""}, {"orders", ""}};
  rs.rows = {{db::Value::Text("online"), db::Value::Double(0.0398), db::Value::Double(2328.6),
              db::Value::Int(4527)}};
  r.result = rs;
  const Json j = r.ToJson();
  std::vector<std::string> kinds;
  for (const Json& c : j["result"]["columns"]) kinds.push_back(c.value("kind", ""));
  EXPECT_EQ(kinds, (std::vector<std::string>{"text", "ratio", "money", "count"})) << j.dump();
  EXPECT_EQ(j["result"]["rows"][0][1], 0.0398);  // the value itself is unchanged
  EXPECT_TRUE(PipelineResult{}.ResultJson().is_null());

  // An analysis step's rows say it too, from its SQL (the web UI's step tables).
  StepOutcome step;
  step.sql = r.sql;
  step.result = rs;
  const Json s = StepOutcomeToJson(step);
  EXPECT_EQ(s["result"]["columns"][1]["kind"], "ratio") << s.dump();
  EXPECT_EQ(s["result"]["columns"][3]["kind"], "count") << s.dump();

  // A step's money column that only the semantic model names (its alias says nothing of
  // money) reads as money in the answer's steps, as the report's tables read it.
  StepOutcome named_by_model;
  named_by_model.sql = "SELECT channel, SUM(amt) AS q FROM orders GROUP BY channel";
  db::ResultSet plain;
  plain.columns = {{"channel", ""}, {"q", ""}};
  plain.rows = {{db::Value::Text("online"), db::Value::Double(2328.6)}};
  named_by_model.result = plain;
  EXPECT_EQ(StepOutcomeToJson(named_by_model)["result"]["columns"][1]["kind"], "number");
  PipelineResult with_steps;
  with_steps.money_columns = {"amt"};
  with_steps.state.steps.push_back(named_by_model);
  const Json w = with_steps.ToJson();
  EXPECT_EQ(w["steps"][0]["result"]["columns"][1]["kind"], "money") << w.dump();
}

}  // namespace
}  // namespace askdb::agent::pipeline
