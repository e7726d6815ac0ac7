// The pipeline with no model over the generated demo database: every route askdb answers on
// its own (quick path, consultation, engine, multi-step analysis with the deterministic
// plan), plan approval and rejection, and that hostile input never writes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>

#include "askdb/agent/ask/datasource.h"
#include "askdb/agent/pipeline/analysis_report.h"
#include "askdb/agent/pipeline/pipeline.h"
#include "askdb/agent/plan/analysis_plan.h"
#include "askdb/analysis/chart_recommender.h"
#include "askdb/cache/answer_cache.h"
#include "askdb/db/connector_registry.h"
#include "askdb/demo/demo_database.h"
#include "askdb/knowledge/evidence.h"
#include "askdb/llm/scripted/scripted_llm_client.h"

namespace askdb::agent::pipeline {
namespace {

namespace fs = std::filesystem;

class PipelineNoModelTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new fs::path(fs::temp_directory_path() /
                        ("askdb_pipeline_no_model_" + std::to_string(::getpid())));
    // A directory left by a crashed earlier process with the same pid is stale.
    fs::remove_all(*dir_);
    fs::create_directories(*dir_);
    const fs::path db = *dir_ / "retail.sqlite";
    ASSERT_TRUE(demo::CreateDemoDatabase(db).ok());
    ASSERT_TRUE(demo::WriteDemoSemanticModel(*dir_ / "retail.semantic.json").ok());
    const std::string url = "sqlite:" + db.string();
    auto connector = db::OpenConnector(url);
    ASSERT_TRUE(connector.ok()) << connector.status().ToString();
    auto prepared = PrepareDatasource(std::move(connector).value(), url);
    ASSERT_TRUE(prepared.ok()) << prepared.status().ToString();
    ds_ = new PreparedDatasource(std::move(prepared).value());
  }
  static void TearDownTestSuite() {
    delete ds_;
    fs::remove_all(*dir_);
    delete dir_;
  }

  Pipeline MakePipeline(PipelineOptions options = {},
                        std::vector<const knowledge::EvidenceSource*> evidence = {}) {
    PipelineDeps deps;
    deps.checkpoints = &store_;
    deps.evidence = std::move(evidence);
    deps.datasource = [this]() -> StatusOr<PreparedDatasource*> {
      ++opened_;
      return ds_;
    };
    deps.options = std::move(options);
    StatusOr<Pipeline> p = Pipeline::Create(std::move(deps));
    EXPECT_TRUE(p.ok()) << p.status().ToString();
    return std::move(p).value();
  }

  // `question` asked of a new pipeline over `cache`: a second call with the same question is
  // answered from the cache, with no engine run.
  StatusOr<PipelineResult> AskThroughCache(cache::AnswerCache* cache, const std::string& thread,
                                           const std::string& question,
                                           PipelineOptions options = {}) {
    PipelineDeps deps;
    deps.checkpoints = &store_;
    deps.cache = cache;
    deps.options = std::move(options);
    deps.datasource = []() -> StatusOr<PreparedDatasource*> { return ds_; };
    StatusOr<Pipeline> cached = Pipeline::Create(std::move(deps));
    if (!cached.ok()) return cached.status();
    return cached->Ask(thread, question);
  }

  static int64_t OrderCount() {
    auto count = ds_->connector->Execute("SELECT COUNT(*) FROM orders", {});
    return count.ok() ? count->rows[0][0].int_value() : -1;
  }

  static fs::path* dir_;
  static PreparedDatasource* ds_;
  InMemoryCheckpointStore store_;
  int opened_ = 0;
};

fs::path* PipelineNoModelTest::dir_ = nullptr;
PreparedDatasource* PipelineNoModelTest::ds_ = nullptr;

TEST_F(PipelineNoModelTest, SemanticModelIsFoundBesideTheDatabase) {
  ASSERT_TRUE(ds_->model.has_value());
  EXPECT_EQ(ds_->model_path.filename(), "retail.semantic.json");
}

TEST_F(PipelineNoModelTest, QuickAnswersNeverOpenTheDatabase) {
  Pipeline p = MakePipeline();
  for (const char* q : {"你好", "3+4*2", "100公里等于多少英里"}) {
    StatusOr<PipelineResult> r = p.Ask("quick", q);
    ASSERT_TRUE(r.ok()) << q;
    EXPECT_EQ(r->route, PipelineRoute::kQuickPath) << q;
    EXPECT_FALSE(r->answer.empty());
  }
  EXPECT_EQ(opened_, 0);
}

TEST_F(PipelineNoModelTest, DataQuestionIsAnsweredByTheEngine) {
  Pipeline p = MakePipeline();
  StatusOr<PipelineResult> r = p.Ask("data", "2024年各地区的销售额");
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  ASSERT_EQ(r->route, PipelineRoute::kEngine) << r->answer;
  EXPECT_EQ(r->llm_calls, 0);
  ASSERT_TRUE(r->result.has_value());
  EXPECT_EQ(r->result->row_count(), 7u);  // seven regions
  EXPECT_TRUE(r->chinese);
  EXPECT_NE(r->answer.find("华东"), std::string::npos) << r->answer;
  ASSERT_TRUE(r->translation.has_value());
  EXPECT_FALSE(r->translation->explanation.empty());
  // The same figure straight from SQL.
  auto check = ds_->connector->Execute(
      "SELECT ROUND(SUM(o.total_amount), 2) FROM orders o JOIN stores s USING (store_id) "
      "JOIN cities c USING (city_id) JOIN regions r USING (region_id) "
      "WHERE r.name_zh = '华东' AND o.order_date >= '2024-01-01' AND o.order_date < "
      "'2025-01-01'",
      {});
  ASSERT_TRUE(check.ok());
  const double expected = *check->rows[0][0].AsNumber();
  bool found = false;
  for (const auto& row : r->result->rows) {
    if (row[0].ToDisplayString() == "华东") {
      found = true;
      EXPECT_NEAR(*row[1].AsNumber(), expected, 0.01);
    }
  }
  EXPECT_TRUE(found);
}

// A list that fills the engine's own LIMIT (default_list_limit) was cut there: the result and
// the rows event say truncated, the answer says so; a top N asked for is not cut.
TEST_F(PipelineNoModelTest, AListCutAtTheEnginesLimitIsTruncated) {
  PipelineOptions options;
  options.translate.default_list_limit = 50;
  Pipeline p = MakePipeline(options);
  CollectingEventSink sink;
  StatusOr<PipelineResult> r = p.Ask("cap", "列出所有客户", &sink);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  ASSERT_TRUE(r->result.has_value()) << r->answer;
  EXPECT_EQ(r->result->row_count(), 50u);
  EXPECT_TRUE(r->result->truncated);
  const std::vector<Event> rows = sink.OfType(EventType::kRows);
  ASSERT_FALSE(rows.empty());
  EXPECT_TRUE(rows.back().payload.value("truncated", false));
  EXPECT_NE(r->answer.find("结果已截断"), std::string::npos) << r->answer;
  StatusOr<PipelineResult> top = p.Ask("top", "销售额最高的前5个门店");
  ASSERT_TRUE(top.ok() && top->result.has_value()) << top.status().ToString();
  EXPECT_FALSE(top->result->truncated) << top->answer;
}

TEST_F(PipelineNoModelTest, AChartRequestIsAnsweredByTheEngineWithoutItsChartWords) {
  Pipeline p = MakePipeline();
  // The engine reads the request without its chart words; the chart drawn is the kind the
  // request named (chart_kind_asked.h), else the recommender's.
  const std::pair<const char*, analysis::ChartKind> requests[] = {
      {"plot monthly order amount in 2025", analysis::ChartKind::kLine},
      {"用饼图展示各渠道的销售额", analysis::ChartKind::kPie},
      {"show me a bar chart of revenue by region", analysis::ChartKind::kBar},
      {"画一个每月销售额趋势图", analysis::ChartKind::kLine},
      {"bar chart of monthly order amount in 2025", analysis::ChartKind::kBar}};
  for (const auto& [q, kind] : requests) {
    auto r = p.Ask(std::string("chart-") + q, q);
    ASSERT_TRUE(r.ok()) << r.status().ToString();
    EXPECT_EQ(r->request_type, "visualization") << q;
    EXPECT_EQ(r->route, PipelineRoute::kEngine) << q << ": " << r->answer;
    ASSERT_TRUE(r->result.has_value()) << q;
    EXPECT_GT(r->result->row_count(), 1u) << q;
    ASSERT_TRUE(r->view.has_value()) << q;
    EXPECT_EQ(analysis::ChartKindName(r->view->chart.kind), analysis::ChartKindName(kind)) << q;
  }
}

TEST_F(PipelineNoModelTest, APeriodIsComparedWithTheYearBeforeByTheEngine) {
  Pipeline p = MakePipeline();
  auto r = p.Ask("yoy", "2025年销售额同比增长多少");
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  ASSERT_EQ(r->route, PipelineRoute::kEngine) << r->answer;
  ASSERT_TRUE(r->result.has_value());
  ASSERT_EQ(r->result->row_count(), 1u);
  ASSERT_EQ(r->result->columns.size(), 4u);
  EXPECT_EQ(r->result->columns[2].name, "销售额（2024年）");
  // 2025 over 2024 from the demo's own sums.
  const std::optional<double> growth = r->result->rows[0][0].AsNumber();
  ASSERT_TRUE(growth.has_value());
  auto sum = [&](const char* year) {
    auto s = p.Ask(std::string("sum") + year, std::string(year) + "年销售额");
    EXPECT_TRUE(s.ok() && s->result.has_value());
    return s.ok() && s->result ? s->result->rows[0][0].AsNumber().value_or(0) : 0.0;
  };
  const double now = sum("2025"), before = sum("2024");
  EXPECT_NEAR(*growth, (now - before) * 100 / before, 1e-6);
  EXPECT_TRUE(r->answer.starts_with("同比增长率(%)：")) << r->answer;
}

TEST_F(PipelineNoModelTest, ATopNCutBetweenTiedRowsSaysSo) {
  // The demo's cities with the most stores: two with 4, then four with 3, so a top 3 cuts
  // between cities with 3 stores; a top 2 cuts cleanly.
  Pipeline p = MakePipeline();
  auto tied = p.Ask("tie3", "门店数量最多的3个城市");
  ASSERT_TRUE(tied.ok()) << tied.status().ToString();
  ASSERT_EQ(tied->route, PipelineRoute::kEngine) << tied->answer;
  EXPECT_NE(tied->answer.find("第3行之后的下一行与第3行的值相同（3）"), std::string::npos)
      << tied->answer;
  auto clean = p.Ask("tie2", "门店数量最多的2个城市");
  ASSERT_TRUE(clean.ok()) << clean.status().ToString();
  ASSERT_EQ(clean->route, PipelineRoute::kEngine) << clean->answer;
  EXPECT_EQ(clean->answer.find("注意"), std::string::npos) << clean->answer;
  // Asked again, from the answer cache (the engine did not run): the note stays.
  cache::AnswerCache cache;
  for (int round = 0; round < 2; ++round) {
    auto again = AskThroughCache(&cache, "tie-cached-" + std::to_string(round),
                                 "top 3 cities by number of stores");
    ASSERT_TRUE(again.ok()) << again.status().ToString();
    EXPECT_EQ(again->route, round == 0 ? PipelineRoute::kEngine : PipelineRoute::kCache);
    EXPECT_NE(again->answer.find("the row after row 3 has the same value (3)"), std::string::npos)
        << again->answer;
  }
}

// An answer cached under one row cap is not served under another (a user's
// ASKDB_DATABASE_MAX_ROWS=2, then the default): the cached SQL runs again under the cap now.
TEST_F(PipelineNoModelTest, AResultCutAtAnotherRowCapIsNotServedFromTheCache) {
  cache::AnswerCache cache;
  PipelineOptions two_rows;
  two_rows.query.max_rows = 2;
  auto cut = AskThroughCache(&cache, "cap-2", "2024年每月的订单数", two_rows);
  ASSERT_TRUE(cut.ok() && cut->result.has_value()) << cut.status().ToString();
  ASSERT_EQ(cut->route, PipelineRoute::kEngine) << cut->answer;
  EXPECT_EQ(cut->result->row_count(), 2u);
  EXPECT_TRUE(cut->result->truncated);
  auto full = AskThroughCache(&cache, "cap-default", "2024年每月的订单数");
  ASSERT_TRUE(full.ok() && full->result.has_value()) << full.status().ToString();
  EXPECT_EQ(full->route, PipelineRoute::kCache);  // the cached SQL, run again
  EXPECT_EQ(full->result->row_count(), 12u);
  EXPECT_FALSE(full->result->truncated);
  // Under the first cap again, the rows are cut at it, not the 12 of the larger cap.
  auto again = AskThroughCache(&cache, "cap-2-again", "2024年每月的订单数", two_rows);
  ASSERT_TRUE(again.ok() && again->result.has_value()) << again.status().ToString();
  EXPECT_EQ(again->result->row_count(), 2u);
  EXPECT_TRUE(again->result->truncated);
}

TEST_F(PipelineNoModelTest, EngineAbstentionIsNotAnsweredWithTheReason) {
  Pipeline p = MakePipeline();
  StatusOr<PipelineResult> r = p.Ask("abstain", "订单金额的中位数是多少");
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->route, PipelineRoute::kNotAnswered);
  EXPECT_FALSE(r->answer.empty());
  EXPECT_EQ(r->llm_calls, 0);
  // The reason comes with what to do: name the columns, or configure a model.
  EXPECT_NE(r->answer.find("要得到答案"), std::string::npos) << r->answer;
  EXPECT_NE(r->answer.find("[llm]"), std::string::npos) << r->answer;
}

TEST_F(PipelineNoModelTest, AnAbstentionOverMcpNamesTheMcpToolNotTheCli) {
  PipelineOptions options;
  options.face = AnswerFace::kMcp;
  Pipeline p = MakePipeline(options);
  StatusOr<PipelineResult> r = p.Ask("abstain-mcp", "订单金额的中位数是多少");
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->route, PipelineRoute::kNotAnswered);
  EXPECT_NE(r->answer.find("describe_schema"), std::string::npos) << r->answer;
  EXPECT_EQ(r->answer.find("askdb schema"), std::string::npos) << r->answer;
}

// How a follow-up was read goes out with the classification, for the web UI to show as the
// CLI does; a question that is not one carries none.
TEST_F(PipelineNoModelTest, TheClassificationSaysHowAFollowUpWasRead) {
  Pipeline p = MakePipeline(PipelineOptions{});
  CollectingEventSink first;
  ASSERT_TRUE(p.Ask("read-as", "北京的销售额", &first).ok());
  ASSERT_EQ(first.OfType(EventType::kClassification).size(), 1u);
  EXPECT_FALSE(first.OfType(EventType::kClassification)[0].payload.contains("follow_up"));
  CollectingEventSink sink;
  StatusOr<PipelineResult> r = p.Ask("read-as", "那上海呢？", &sink);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  const std::vector<Event> classified = sink.OfType(EventType::kClassification);
  ASSERT_EQ(classified.size(), 1u);
  const Json& follow_up = classified[0].payload.at("follow_up");
  EXPECT_EQ(follow_up.at("question"), "上海的销售额");
  EXPECT_EQ(follow_up.at("change"), "北京 → 上海");
}

// A thread asked on one database is not followed up on another: "那上海呢" would be read
// against the other database's earlier question.
TEST_F(PipelineNoModelTest, AThreadStaysOnTheDatabaseItWasAskedOn) {
  PipelineOptions on_a;
  on_a.database = "sqlite:/data/a.sqlite";
  Pipeline a = MakePipeline(on_a);
  ASSERT_TRUE(a.Ask("bound", "订单数是多少").ok());
  EXPECT_TRUE(a.Ask("bound", "订单数是多少").ok());  // the same database goes on
  PipelineOptions on_b;
  on_b.database = "sqlite:/data/b.sqlite";
  Pipeline b = MakePipeline(on_b);
  StatusOr<PipelineResult> other = b.Ask("bound", "订单数是多少");
  ASSERT_FALSE(other.ok());
  EXPECT_EQ(other.status().code(), StatusCode::kFailedPrecondition);
  EXPECT_NE(other.status().message().find("sqlite:/data/a.sqlite"), std::string::npos)
      << other.status().message();
  EXPECT_FALSE(b.Resume("bound", "approve").ok());
  EXPECT_TRUE(b.Ask("fresh", "订单数是多少").ok());  // a new thread on b is fine
}

// A thread's SQLite file moved to another folder: its path is gone, its name is the same, so
// the thread goes on there (and is bound to the new path). A file of another name, or a copy
// while the original still exists, is another database.
TEST_F(PipelineNoModelTest, AThreadFollowsItsSqliteFileWhenTheFileIsMoved) {
  const fs::path old_dir = *dir_ / "moved_from", new_dir = *dir_ / "moved_to";
  fs::create_directories(old_dir);
  fs::create_directories(new_dir);
  std::ofstream(old_dir / "shop.sqlite") << "";
  auto on = [this](const fs::path& file) {
    PipelineOptions o;
    o.database = "sqlite:" + file.string();
    return MakePipeline(o);
  };
  ASSERT_TRUE(on(old_dir / "shop.sqlite").Ask("moving", "订单数是多少").ok());
  std::ofstream(new_dir / "shop.sqlite") << "";
  EXPECT_FALSE(on(new_dir / "shop.sqlite").Ask("moving", "订单数是多少").ok())
      << "a copy while the original is still there is another database";
  fs::remove(old_dir / "shop.sqlite");  // now it was moved
  EXPECT_FALSE(on(new_dir / "other.sqlite").Ask("moving", "订单数是多少").ok());
  StatusOr<PipelineResult> moved = on(new_dir / "shop.sqlite").Ask("moving", "订单数是多少");
  ASSERT_TRUE(moved.ok()) << moved.status().ToString();
  // Bound to the new path now: a file put back at the old one is another database.
  std::ofstream(old_dir / "shop.sqlite") << "";
  EXPECT_FALSE(on(old_dir / "shop.sqlite").Ask("moving", "订单数是多少").ok());
}

// A relative period is read against the data's latest date: the answer names the dates, or
// "今年的订单数：N" would read as the calendar's this year.
TEST_F(PipelineNoModelTest, AnAnswerOverARelativePeriodNamesItsDates) {
  PipelineOptions from_data;
  from_data.translate.anchor = nlq::TimeAnchor::kData;  // the demo data ended long ago
  Pipeline p = MakePipeline(from_data);
  StatusOr<PipelineResult> r = p.Ask("period", "今年的订单数");
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  ASSERT_EQ(r->route, PipelineRoute::kEngine) << r->answer;
  EXPECT_NE(r->answer.find("时间：今年 = "), std::string::npos) << r->answer;
  StatusOr<PipelineResult> plain = p.Ask("no-period", "订单总数是多少");
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(plain->answer.find("时间："), std::string::npos) << plain->answer;
}

// Found on Chinook in PostgreSQL (invoices of 2021..2025): "how many invoices in 2012" said
// "0." as if none had been made. A period the data does not reach is said to be outside it;
// one inside it is not.
TEST_F(PipelineNoModelTest, APeriodTheDataDoesNotReachIsSaidToBeOutsideIt) {
  Pipeline p = MakePipeline();
  StatusOr<PipelineResult> r = p.Ask("outside", "1990年的订单数");
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  ASSERT_EQ(r->route, PipelineRoute::kEngine) << r->answer;
  EXPECT_NE(r->answer.find("不在其中，数据没有覆盖它"), std::string::npos) << r->answer;
  EXPECT_NE(r->answer.find("1990-01-01"), std::string::npos) << r->answer;
  StatusOr<PipelineResult> inside = p.Ask("inside", "2024年的订单数");
  ASSERT_TRUE(inside.ok());
  EXPECT_EQ(inside->answer.find("不在其中"), std::string::npos) << inside->answer;

  // The same answer from the answer cache (the engine did not run) says it too.
  cache::AnswerCache cache;
  for (int round = 0; round < 2; ++round) {
    StatusOr<PipelineResult> again =
        AskThroughCache(&cache, "cached-" + std::to_string(round), "1990年的订单数");
    ASSERT_TRUE(again.ok()) << again.status().ToString();
    EXPECT_EQ(again->route, round == 0 ? PipelineRoute::kEngine : PipelineRoute::kCache);
    EXPECT_NE(again->answer.find("不在其中，数据没有覆盖它"), std::string::npos) << again->answer;
  }
}

// The engine abstains (held below an unreachable threshold here; in use, a word it could not
// place) on a period the data does not reach: the answer says so, since a rephrased question
// would find nothing either.
TEST_F(PipelineNoModelTest, AnAbstentionOverAPeriodOutsideTheDataSaysSo) {
  PipelineOptions options;
  options.translate.confidence_threshold = 2;
  Pipeline p = MakePipeline(options);
  StatusOr<PipelineResult> r = p.Ask("abstain-outside", "1990年的订单数");
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  ASSERT_EQ(r->route, PipelineRoute::kNotAnswered) << r->answer;
  EXPECT_NE(r->answer.find("所问的时段 1990-01-01 至 1990-12-31 不在其中"), std::string::npos)
      << r->answer;
  StatusOr<PipelineResult> inside = p.Ask("abstain-inside", "2024年的订单数");
  ASSERT_TRUE(inside.ok());
  EXPECT_EQ(inside->answer.find("不在其中"), std::string::npos) << inside->answer;
}

// The one test here with a model: a cached answer first written by a model says the period
// is outside the data, as the fresh run did (one function gives both the question's reading).
// The engine, held below an unreachable threshold, abstains; the scripted model writes the SQL.
TEST_F(PipelineNoModelTest, ACachedModelAnswerSaysThePeriodIsOutsideTheDataToo) {
  llm::ScriptedLlmClient llm;
  llm.ReplyJson("(?s)1990年的订单数",
                {{"sql",
                  "SELECT COUNT(*) AS \"订单数\" FROM orders WHERE order_date >= '1990-01-01' "
                  "AND order_date < '1991-01-01'"}});
  cache::AnswerCache cache;
  for (int round = 0; round < 2; ++round) {
    PipelineDeps deps;
    deps.checkpoints = &store_;
    deps.cache = &cache;
    deps.llm = &llm;
    deps.datasource = []() -> StatusOr<PreparedDatasource*> { return ds_; };
    deps.options.translate.confidence_threshold = 2;  // the engine abstains
    StatusOr<Pipeline> p = Pipeline::Create(std::move(deps));
    ASSERT_TRUE(p.ok()) << p.status().ToString();
    StatusOr<PipelineResult> r = p->Ask("model-" + std::to_string(round), "1990年的订单数");
    ASSERT_TRUE(r.ok()) << r.status().ToString();
    EXPECT_EQ(r->route, round == 0 ? PipelineRoute::kLlm : PipelineRoute::kCache) << r->answer;
    EXPECT_NE(r->answer.find("不在其中，数据没有覆盖它"), std::string::npos) << r->answer;
  }
  EXPECT_EQ(llm.requests().size(), 1u);  // the second answer came from the cache
}

// Whichever route the classifier picks for it, a question in a third language is told which
// languages askdb reads.
TEST_F(PipelineNoModelTest, AQuestionInAThirdLanguageIsToldWhatAskdbReads) {
  Pipeline p = MakePipeline();
  for (const char* q : {"地域別の売上を教えてください", "Wie hoch ist der Umsatz pro Region?"}) {
    StatusOr<PipelineResult> r = p.Ask(std::string("lang-") + q, q);
    ASSERT_TRUE(r.ok()) << r.status().ToString();
    EXPECT_EQ(r->route, PipelineRoute::kNotAnswered) << r->answer;
    const bool named = r->answer.find("中文和英文") != std::string::npos ||
                       r->answer.find("Chinese and English") != std::string::npos;
    EXPECT_TRUE(named) << q << ": " << r->answer;
  }
}

TEST_F(PipelineNoModelTest, AForecastWithPythonSwitchedOffSaysWhatToChange) {
  PipelineOptions options;
  options.python.mode = python::ExecutorMode::kOff;
  Pipeline p = MakePipeline(std::move(options));
  StatusOr<PipelineResult> r = p.Ask("python-off", "预测下个季度的销售额");
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->route, PipelineRoute::kNotAnswered);
  EXPECT_NE(r->answer.find("python.executor = off"), std::string::npos) << r->answer;
  // A question with no Python cue keeps the engine's reason alone.
  StatusOr<PipelineResult> plain = p.Ask("plain", "订单金额的中位数是多少");
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(plain->answer.find("python.executor"), std::string::npos) << plain->answer;
}

// A web or HTTP user cannot change python.executor: the note tells them whom to ask.
TEST_F(PipelineNoModelTest, AForecastWithPythonOffOnTheServerSaysWhomToAsk) {
  PipelineOptions options;
  options.python.mode = python::ExecutorMode::kOff;
  options.face = AnswerFace::kServer;
  Pipeline p = MakePipeline(std::move(options));
  StatusOr<PipelineResult> r = p.Ask("python-off-web", "预测下个季度的销售额");
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->route, PipelineRoute::kNotAnswered);
  EXPECT_NE(
      r->answer.find("（预测）的问题，而 python.executor = off；请管理员把服务器 askdb.toml 的 "
                     "python.executor 设为 sandbox"),
      std::string::npos)
      << r->answer;
}

// The engine's reason in the JSON (`engine.abstain_reason`) names what lists the tables where
// the caller is, as the answer does: "`askdb schema`" is a CLI command.
TEST_F(PipelineNoModelTest, TheEnginesReasonOnTheServerNamesNoCliCommand) {
  PipelineOptions options;
  options.face = AnswerFace::kServer;
  Pipeline p = MakePipeline(std::move(options));
  StatusOr<PipelineResult> r = p.Ask("face", "total sales by flavour");
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  const Json j = r->ToJson();
  ASSERT_TRUE(j.contains("engine") && j["engine"].contains("abstain_reason")) << j.dump();
  const std::string reason = j["engine"]["abstain_reason"].get<std::string>();
  EXPECT_NE(reason.find("flavour"), std::string::npos) << reason;
  EXPECT_EQ(reason.find("askdb schema"), std::string::npos) << reason;
}

// A new user's first questions are about the data itself: the tables, or a table's columns,
// answered from the schema in the request's language — no SQL on the data, no model.
TEST_F(PipelineNoModelTest, ASchemaQuestionIsAnsweredFromTheTablesTheRunMayUse) {
  Pipeline p = MakePipeline();
  StatusOr<PipelineResult> r = p.Ask("schema", "有哪些表");
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  ASSERT_EQ(r->route, PipelineRoute::kSchema) << r->answer;
  EXPECT_EQ(PipelineRouteName(r->route), "schema");
  EXPECT_TRUE(r->sql.empty());
  EXPECT_FALSE(r->result.has_value());
  EXPECT_EQ(r->llm_calls, 0);
  EXPECT_NE(r->answer.find("可以查询的表有 9 张"), std::string::npos) << r->answer;
  EXPECT_NE(r->answer.find("- orders（订单）：60,000 行"), std::string::npos) << r->answer;

  r = p.Ask("schema", "what columns does the orders table have");
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->route, PipelineRoute::kSchema) << r->answer;
  EXPECT_NE(r->answer.find("- total_amount  REAL  order amount (in CNY)"), std::string::npos)
      << r->answer;
  EXPECT_NE(r->answer.find("refers to customers.customer_id"), std::string::npos) << r->answer;

  // Not schema questions: a count of tables, and a list of rows (a data question).
  for (const char* q : {"how many tables are there", "list the customers"}) {
    r = p.Ask("schema", q);
    ASSERT_TRUE(r.ok()) << q;
    EXPECT_NE(r->route, PipelineRoute::kSchema) << q << ": " << r->answer;
  }
}

// An agent limited to some tables is told only of those; another table reads as unknown.
// A pipeline for an agent that selects orders and stores.
PipelineOptions OrdersAndStoresAgent() {
  PipelineOptions options;
  options.profile.selected_tables = {"orders", "stores"};
  return options;
}

TEST_F(PipelineNoModelTest, ASchemaQuestionSeesOnlyTheAgentsTables) {
  Pipeline p = MakePipeline(OrdersAndStoresAgent());
  StatusOr<PipelineResult> r = p.Ask("agent_schema", "what tables are there");
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->route, PipelineRoute::kSchema) << r->answer;
  EXPECT_NE(r->answer.find("There are 2 tables you can query"), std::string::npos) << r->answer;
  EXPECT_EQ(r->answer.find("customers"), std::string::npos) << r->answer;
  r = p.Ask("agent_schema", "客户表有哪些字段");
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->route, PipelineRoute::kSchema) << r->answer;
  EXPECT_EQ(r->answer, "没有名为“客户”的表。可以查询的表有：orders（订单）、stores（门店）。");
}

// Session 27: an agent limited to some tables abstained on a word of another table ("客户" not
// understood, on the server, whose runs see only the selection) without saying what it may
// use; the abstention names its tables (agent_isolation_test checks the server's run).
TEST_F(PipelineNoModelTest, AnAbstentionNamesTheAgentsTables) {
  Pipeline p = MakePipeline(OrdersAndStoresAgent());
  StatusOr<PipelineResult> r = p.Ask("agent_abstain", "有多少个佐布拉特");
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->route, PipelineRoute::kNotAnswered) << r->answer;
  EXPECT_NE(r->answer.find("这个智能体只能查询这些表：orders（订单）、stores（门店）。"),
            std::string::npos)
      << r->answer;
  r = p.Ask("agent_abstain_en", "how many zorblats supports");
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->route, PipelineRoute::kNotAnswered) << r->answer;
  EXPECT_NE(r->answer.find("This agent may use only these tables: orders, stores."),
            std::string::npos)
      << r->answer;
  // Without a selection, nothing is said of tables.
  r = MakePipeline().Ask("no_selection", "how many zorblats supports");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->answer.find("This agent may use only"), std::string::npos) << r->answer;
}

TEST_F(PipelineNoModelTest, ConsultationSuggestsWithoutRunningSql) {
  Pipeline p = MakePipeline();
  StatusOr<PipelineResult> r = p.Ask("consult", "对本数据源提出一些分析建议");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->request_type, "consultation");
  ASSERT_EQ(r->route, PipelineRoute::kConsultation);
  EXPECT_FALSE(r->answer.empty());
  EXPECT_FALSE(r->result.has_value());
  EXPECT_TRUE(r->sql.empty());
}

TEST_F(PipelineNoModelTest, MultiStepAnalysisRunsTheDeterministicPlan) {
  Pipeline p = MakePipeline();
  CollectingEventSink sink;
  StatusOr<PipelineResult> r = p.Ask("analysis", "做一份全面的销售分析报告", &sink);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->request_type, "multi_step_analysis");
  ASSERT_EQ(r->route, PipelineRoute::kAnalysis) << r->answer;
  EXPECT_EQ(r->llm_calls, 0);
  // A schema step, then SQL steps that all ran.
  const std::vector<StepOutcome>& steps = r->state.steps;
  ASSERT_GE(steps.size(), 3u);
  EXPECT_EQ(steps[0].tool, plan::kToolGetDataSourceContext);
  int sql_steps = 0;
  for (const StepOutcome& s : steps) {
    if (s.tool != plan::kToolExecuteSql) continue;
    ++sql_steps;
    EXPECT_TRUE(s.success) << s.purpose << ": " << s.error;
    ASSERT_TRUE(s.result.has_value()) << s.purpose;
    EXPECT_FALSE(s.sql.empty());
  }
  EXPECT_GE(sql_steps, 2);
  // Events: the plan once, one progress event per step in order (Property 11).
  ASSERT_EQ(sink.OfType(EventType::kPlan).size(), 1u);
  const auto progress = sink.OfType(EventType::kStep);
  ASSERT_EQ(progress.size(), steps.size());
  for (size_t i = 0; i < progress.size(); ++i) {
    EXPECT_EQ(progress[i].payload["step_num"], steps[i].step_num);
    EXPECT_EQ(progress[i].payload["completed"], static_cast<int>(i) + 1);
  }
  // The narrative's findings come from the rows; the report renders every SQL step.
  ASSERT_TRUE(r->state.report.is_object());
  const auto python_steps = std::count_if(steps.begin(), steps.end(), [](const StepOutcome& s) {
    return s.tool == plan::kToolPythonExecutor && s.success;
  });
  EXPECT_EQ(r->state.report["findings"].size(), static_cast<size_t>(sql_steps + python_steps));
  const std::string markdown = analysis::RenderMarkdown(BuildAnalysisReport(r->state));
  EXPECT_GE(std::count(markdown.begin(), markdown.end(), '\n'), 20) << markdown;
  for (const StepOutcome& s : steps) {
    if (s.tool == plan::kToolExecuteSql) {
      EXPECT_NE(markdown.find(s.sql), std::string::npos) << s.sql;
    }
  }
  EXPECT_EQ(OrderCount(), 60000);
}

// Quartile by linear interpolation between order statistics.
double Quantile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  const double pos = q * static_cast<double>(v.size() - 1);
  const size_t lo = static_cast<size_t>(pos);
  const size_t hi = std::min(lo + 1, v.size() - 1);
  return v[lo] + (pos - static_cast<double>(lo)) * (v[hi] - v[lo]);
}

const StepOutcome* PythonStep(const std::vector<StepOutcome>& steps, std::string_view words) {
  for (const StepOutcome& s : steps) {
    if (s.tool == plan::kToolPythonExecutor && s.purpose.find(words) != std::string::npos) {
      return &s;
    }
  }
  return nullptr;
}

// Issue 16: with no model, the analysis's forecast and outliers are computed by the Python
// templates in the sandbox; here the same figures come from this test's own SQL and C++.
TEST_F(PipelineNoModelTest, MultiStepAnalysisForecastsAndFindsOutliersInPython) {
  Pipeline p = MakePipeline();
  CollectingEventSink sink;
  StatusOr<PipelineResult> r = p.Ask("python", "做一份全面的销售分析报告", &sink);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  const StepOutcome* forecast = PythonStep(r->state.steps, "预测");
  const StepOutcome* outliers = PythonStep(r->state.steps, "异常");
  ASSERT_NE(forecast, nullptr);
  ASSERT_NE(outliers, nullptr);
  ASSERT_TRUE(forecast->success) << forecast->error;
  ASSERT_TRUE(outliers->success) << outliers->error;

  // Forecast: each of the next three months = the same month a year earlier × (last twelve
  // months / the twelve before them).
  auto monthly = ds_->connector->Execute(
      "SELECT substr(order_date, 1, 7) AS m, SUM(total_amount) FROM orders GROUP BY m ORDER BY m",
      {});
  ASSERT_TRUE(monthly.ok()) << monthly.status().ToString();
  std::vector<double> months;
  for (const auto& row : monthly->rows) months.push_back(*row[1].AsNumber());
  ASSERT_GE(months.size(), 24u);
  const size_t n = months.size();
  double last12 = 0, prev12 = 0;
  for (size_t i = n - 12; i < n; ++i) last12 += months[i];
  for (size_t i = n - 24; i < n - 12; ++i) prev12 += months[i];
  double expected_total = 0;
  for (size_t k = 0; k < 3; ++k) expected_total += months[n - 12 + k] * last12 / prev12;
  const Json& fv = forecast->python["output"]["values"];
  EXPECT_NEAR(fv["forecast_total"].get<double>(), expected_total, 1e-6 * expected_total);
  EXPECT_NE(forecast->text.find("预测"), std::string::npos) << forecast->text;

  // Outliers: stores outside Tukey's fences of the per-store totals.
  auto stores = ds_->connector->Execute(
      "SELECT s.name, SUM(o.total_amount) FROM orders o JOIN stores s ON o.store_id = s.store_id "
      "GROUP BY s.store_id",
      {});
  ASSERT_TRUE(stores.ok()) << stores.status().ToString();
  std::vector<double> totals;
  for (const auto& row : stores->rows) totals.push_back(*row[1].AsNumber());
  const double q1 = Quantile(totals, 0.25), q3 = Quantile(totals, 0.75);
  const double low = q1 - 1.5 * (q3 - q1), high = q3 + 1.5 * (q3 - q1);
  std::set<std::string> expected;
  for (const auto& row : stores->rows) {
    const double v = *row[1].AsNumber();
    if (v < low || v > high) expected.insert(row[0].text());
  }
  ASSERT_FALSE(expected.empty());
  std::set<std::string> found;
  for (const auto& [name, value] : outliers->python["output"]["values"]["outliers"].items()) {
    found.insert(name);
  }
  EXPECT_EQ(found, expected);
  for (const std::string& name : expected) {
    EXPECT_NE(outliers->text.find(name), std::string::npos) << outliers->text;
  }

  // Streamed like an SQL step: the code, its findings and charts, its duration and tries.
  bool streamed = false;
  for (const auto& e : sink.OfType(EventType::kStep)) {
    if (e.payload["step_num"] != outliers->step_num) continue;
    streamed = true;
    EXPECT_FALSE(e.payload["code"].get<std::string>().empty());
    EXPECT_EQ(e.payload["tries"], 1);
    EXPECT_FALSE(e.payload["findings"].empty());
    EXPECT_FALSE(e.payload["charts"].empty());
    EXPECT_TRUE(e.payload.contains("duration_ms"));
  }
  EXPECT_TRUE(streamed);
  // The report carries both findings and the Python charts.
  const std::string markdown = analysis::RenderMarkdown(BuildAnalysisReport(r->state));
  EXPECT_NE(markdown.find(*expected.begin()), std::string::npos);
  EXPECT_NE(markdown.find(forecast->text.substr(0, 20)), std::string::npos);
}

// Issue 16: a standalone forecast or outlier question, with no model, is a small analysis
// whose Python template computes the answer; the figures are checked against this test's
// own SQL and C++ (the same formulas as above, computed independently of the templates).
TEST_F(PipelineNoModelTest, StandaloneForecastAndOutlierQuestionsRunTheirTemplates) {
  auto monthly = ds_->connector->Execute(
      "SELECT substr(order_date, 1, 7) AS m, SUM(total_amount) FROM orders GROUP BY m ORDER BY m",
      {});
  ASSERT_TRUE(monthly.ok()) << monthly.status().ToString();
  std::vector<double> months;
  for (const auto& row : monthly->rows) months.push_back(*row[1].AsNumber());
  ASSERT_GE(months.size(), 24u);
  const size_t n = months.size();
  double last12 = 0, prev12 = 0;
  for (size_t i = n - 12; i < n; ++i) last12 += months[i];
  for (size_t i = n - 24; i < n - 12; ++i) prev12 += months[i];
  double expected_total = 0;
  for (size_t k = 0; k < 3; ++k) expected_total += months[n - 12 + k] * last12 / prev12;

  auto stores = ds_->connector->Execute(
      "SELECT s.name, SUM(o.total_amount) FROM orders o JOIN stores s ON o.store_id = s.store_id "
      "GROUP BY s.store_id",
      {});
  ASSERT_TRUE(stores.ok()) << stores.status().ToString();
  std::vector<double> totals;
  for (const auto& row : stores->rows) totals.push_back(*row[1].AsNumber());
  const double q1 = Quantile(totals, 0.25), q3 = Quantile(totals, 0.75);
  const double low = q1 - 1.5 * (q3 - q1), high = q3 + 1.5 * (q3 - q1);
  std::set<std::string> expected;
  for (const auto& row : stores->rows) {
    const double v = *row[1].AsNumber();
    if (v < low || v > high) expected.insert(row[0].text());
  }
  ASSERT_FALSE(expected.empty());

  Pipeline p = MakePipeline();
  for (const char* question : {"预测下个季度的销售额", "forecast next quarter's revenue"}) {
    SCOPED_TRACE(question);
    StatusOr<PipelineResult> r = p.Ask(std::string("f-") + question, question);
    ASSERT_TRUE(r.ok()) << r.status().ToString();
    EXPECT_EQ(r->route, PipelineRoute::kAnalysis) << r->answer;
    EXPECT_EQ(r->llm_calls, 0);
    const StepOutcome* forecast =
        PythonStep(r->state.steps, question[0] == 'f' ? "Forecast" : "预测");
    ASSERT_NE(forecast, nullptr) << r->answer;
    ASSERT_TRUE(forecast->success) << forecast->error;
    EXPECT_NEAR(forecast->python["output"]["values"]["forecast_total"].get<double>(),
                expected_total, 1e-6 * expected_total);
    // An estimate is stated with the digits it deserves (three significant figures, in
    // millions or 万), never to the cent.
    ASSERT_GE(expected_total, 1e7);  // the demo's quarter: tens of millions
    ASSERT_LT(expected_total, 1e8);
    char stated[32];
    if (question[0] == 'f') {
      std::snprintf(stated, sizeof stated, "about %.1f million", expected_total / 1e6);
    } else {
      const long long wan = std::llround(expected_total / 1e4);
      std::snprintf(stated, sizeof stated, "约 %lld,%03lld 万", wan / 1000, wan % 1000);
    }
    EXPECT_NE(forecast->text.find(stated), std::string::npos) << forecast->text;
  }
  for (const char* question : {"哪些门店的销售额异常", "which stores have abnormal sales"}) {
    SCOPED_TRACE(question);
    StatusOr<PipelineResult> r = p.Ask(std::string("o-") + question, question);
    ASSERT_TRUE(r.ok()) << r.status().ToString();
    EXPECT_EQ(r->route, PipelineRoute::kAnalysis) << r->answer;
    const StepOutcome* outliers =
        PythonStep(r->state.steps, question[0] == 'w' ? "unusual" : "异常");
    ASSERT_NE(outliers, nullptr) << r->answer;
    ASSERT_TRUE(outliers->success) << outliers->error;
    std::set<std::string> found;
    for (const auto& [name, value] : outliers->python["output"]["values"]["outliers"].items()) {
      found.insert(name);
    }
    EXPECT_EQ(found, expected);
  }
  // Precision first: a cue word whose measure or items the schema does not have is not a
  // Python question; it keeps its ordinary route (here the web-search refusal, or the engine
  // naming the words it cannot place) and nothing runs.
  for (const char* question :
       {"预测下个季度的天气", "forecast next quarter's weather", "哪些星球的销售额异常"}) {
    SCOPED_TRACE(question);
    StatusOr<PipelineResult> r = p.Ask(std::string("m-") + question, question);
    ASSERT_TRUE(r.ok()) << r.status().ToString();
    EXPECT_EQ(r->route, PipelineRoute::kNotAnswered) << r->answer;
    EXPECT_EQ(r->answer.find("Python"), std::string::npos) << r->answer;
    EXPECT_TRUE(r->state.steps.empty());
  }
  // Another kind in another phrasing: a Pareto split of the stores, its A class checked
  // against the test's own arithmetic on its own SQL.
  std::vector<double> desc = totals;
  std::sort(desc.rbegin(), desc.rend());
  double total = 0, before = 0;
  for (double v : desc) total += v;
  int a_class = 0;
  for (double v : desc) {
    if (before / total * 100 < 80) ++a_class;
    before += v;
  }
  StatusOr<PipelineResult> r = p.Ask("pareto", "按销售额对门店做帕累托分析");
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->route, PipelineRoute::kAnalysis) << r->answer;
  const StepOutcome* pareto = PythonStep(r->state.steps, "帕累托");
  ASSERT_NE(pareto, nullptr) << r->answer;
  ASSERT_TRUE(pareto->success) << pareto->error;
  EXPECT_EQ(pareto->python["output"]["values"]["classes"]["A"].get<int>(), a_class);
}

TEST_F(PipelineNoModelTest, PlanReviewWaitsForApprovalThenRuns) {
  PipelineOptions options;
  options.plan_review = true;
  Pipeline p = MakePipeline(options);
  StatusOr<PipelineResult> r = p.Ask("review", "做一份全面的销售分析报告");
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  ASSERT_TRUE(r->interrupted());
  EXPECT_EQ(r->interrupt->kind, InterruptKind::kPlanApproval);
  EXPECT_TRUE(r->interrupt->payload["plan"].is_object());
  EXPECT_TRUE(r->state.steps.empty()) << "nothing runs before approval";

  // A new Pipeline over the same store stands for another process after a restart.
  Pipeline other = MakePipeline(options);
  StatusOr<PipelineResult> done = other.Resume("review", "approve");
  ASSERT_TRUE(done.ok()) << done.status().ToString();
  EXPECT_FALSE(done->interrupted());
  EXPECT_EQ(done->route, PipelineRoute::kAnalysis) << done->answer;
  EXPECT_EQ(done->state.plan, r->state.plan) << "the approved plan is the one that ran";
}

TEST_F(PipelineNoModelTest, RejectedPlanIsReplannedWithOtherQueries) {
  PipelineOptions options;
  options.plan_review = true;
  Pipeline p = MakePipeline(options);
  StatusOr<PipelineResult> first = p.Ask("reject", "做一份全面的销售分析报告");
  ASSERT_TRUE(first.ok() && first->interrupted());
  StatusOr<PipelineResult> second = p.Resume("reject", "reject: 换一些别的角度");
  ASSERT_TRUE(second.ok()) << second.status().ToString();
  ASSERT_TRUE(second->interrupted()) << second->answer;
  EXPECT_EQ(second->interrupt->payload["rejections"], 1);
  ASSERT_EQ(second->state.plan_feedback.size(), 1u);
  EXPECT_EQ(second->state.plan_feedback[0], "换一些别的角度");
  // No rule reads the comment: the plan's notes say so (it looked as if it were followed).
  ASSERT_FALSE(second->state.plan_notes.empty());
  EXPECT_NE(second->state.plan_notes.front().find("不能按“换一些别的角度”修改"), std::string::npos)
      << second->state.plan_notes.front();
  // No SQL of the rejected plan comes back.
  for (const Json& old_step : first->state.plan["steps"]) {
    if (old_step["tool"] != "execute_sql") continue;
    for (const Json& new_step : second->state.plan["steps"]) {
      EXPECT_NE(old_step["input"], new_step["input"]);
    }
  }
}

TEST_F(PipelineNoModelTest, FourthRejectionEndsTheRun) {
  PipelineOptions options;
  options.plan_review = true;
  options.analysis_sql_steps = 1;  // small plans, so the suggestions last four plans
  Pipeline p = MakePipeline(options);
  StatusOr<PipelineResult> r = p.Ask("stubborn", "做一份全面的销售分析报告");
  ASSERT_TRUE(r.ok() && r->interrupted());
  for (int i = 1; i <= kDefaultMaxPlanRejections; ++i) {
    r = p.Resume("stubborn", "no");
    ASSERT_TRUE(r.ok()) << r.status().ToString();
    ASSERT_TRUE(r->interrupted()) << "rejection " << i << ": " << r->answer;
  }
  r = p.Resume("stubborn", "no");
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->interrupted());
  EXPECT_EQ(r->route, PipelineRoute::kNotAnswered);
  EXPECT_TRUE(r->state.steps.empty());
}

TEST_F(PipelineNoModelTest, HostileInputNeverRunsAWrite) {
  Pipeline p = MakePipeline();
  for (const char* q : {"'; DROP TABLE orders; --", "？？？", "订单 UNION SELECT 1; DELETE"}) {
    StatusOr<PipelineResult> r = p.Ask("hostile", q);
    ASSERT_TRUE(r.ok()) << q << ": " << r.status().ToString();
  }
  // A blank question is refused before anything reads it (question_check.h).
  for (const char* q : {"", "  \n"}) {
    StatusOr<PipelineResult> r = p.Ask("hostile", q);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.status().code(), StatusCode::kInvalidArgument) << r.status().ToString();
  }
  EXPECT_EQ(OrderCount(), 60000);
}

// A caveat the planner wrote (a last month the data may cover in part) reaches the report's
// reader, who never saw the terminal.
TEST(AnalysisReportTest, PlanNotesAreInTheReport) {
  RunState s;
  s.original_question = "forecast the number of orders";
  s.plan_notes = {"the data's last month (1998-05) runs only to 1998-05-06"};
  const std::string html = analysis::RenderHtml(BuildAnalysisReport(s));
  EXPECT_NE(html.find("Note: the data&#39;s last month (1998-05) runs only to 1998-05-06"),
            std::string::npos)
      << html.substr(0, 2000);
}

// An analysis report's step charts know the datasource's money columns: SQLite's
// SUM(Total) AS Total is money when the semantic model gives Invoice.Total a currency, and the
// HTML tooltip shows it with two decimals.
TEST(AnalysisReportTest, StepChartsFormatKnownMoney) {
  RunState s;
  s.route = PipelineRoute::kAnalysis;
  s.original_question = "sales by country";
  StepOutcome step;
  step.step_num = 1;
  step.tool = plan::kToolExecuteSql;
  step.purpose = "Sales by country";
  step.success = true;
  step.sql = "SELECT BillingCountry, SUM(Total) AS Total FROM Invoice GROUP BY 1 ORDER BY 2 DESC";
  db::ResultSet rows;
  rows.columns = {{"BillingCountry", ""}, {"Total", ""}};
  rows.rows = {{db::Value::Text("France"), db::Value::Double(195.1)},
               {db::Value::Text("Brazil"), db::Value::Double(190.1)}};
  step.result = rows;
  s.steps.push_back(step);
  const std::string plain = analysis::RenderHtml(BuildAnalysisReport(s));
  EXPECT_NE(plain.find("\"askdbFormat\":\"number\""), std::string::npos);
  EXPECT_EQ(plain.find("\"askdbFormat\":\"money\""), std::string::npos);
  const std::string money = analysis::RenderHtml(BuildAnalysisReport(s, {"total"}));
  EXPECT_NE(money.find("\"askdbFormat\":\"money\""), std::string::npos);
}

// A knowledge channel that recalls one document passage for any question, with the share of
// the question's terms it is said to cover.
class OnePassage : public knowledge::EvidenceSource {
 public:
  explicit OnePassage(double coverage) : coverage_(coverage) {}
  std::string_view name() const override { return "knowledge"; }
  Status Recall(const knowledge::EvidenceQuery&, knowledge::Evidence& out) const override {
    out.hits.push_back({.item_id = "kn_1",
                        .chunk_id = "kn_1#0",
                        .kind = "document",
                        .source = "finance.md",
                        .text = "# 财务制度\n\n公司的财年从每年4月1日开始，到次年3月31日结束。",
                        .fused_score = 0.03,
                        .query_coverage = coverage_});
    return Status::Ok();
  }

 private:
  double coverage_;
};

// With no model, a document passage that covers what the engine cannot answer leads the
// answer, with its source, as possibly related and not a result from the data; the engine's
// abstention and its advice follow: the passage is what the user asked for, and the answer
// still never says "this answers it" followed by "rephrase to get an answer". One that covers
// too little of the question is not shown.
TEST_F(PipelineNoModelTest, AbstentionShowsAKnowledgePassageThatCoversTheQuestion) {
  for (const double coverage : {0.83, 0.5}) {
    OnePassage passage(coverage);
    Pipeline p = MakePipeline({}, {&passage});
    StatusOr<PipelineResult> r = p.Ask("kb-" + std::to_string(coverage), "财年从几月开始");
    ASSERT_TRUE(r.ok()) << r.status().ToString();
    EXPECT_EQ(r->route, PipelineRoute::kNotAnswered) << r->answer;
    const bool shown = r->answer.find("4月1日") != std::string::npos;
    EXPECT_EQ(shown, coverage >= knowledge::kPassageMinCoverage) << coverage << ": " << r->answer;
    if (shown) {
      const size_t advice = r->answer.find("\n要得到答案");
      const size_t quote = r->answer.find("4月1日");
      ASSERT_NE(advice, std::string::npos) << "the abstention stays: " << r->answer;
      EXPECT_TRUE(r->answer.starts_with(
          "知识库文档「finance.md」中有一段可能相关的内容（不是查询数据的结果）：\n\n"))
          << "the passage first: " << r->answer;
      EXPECT_LT(quote, advice) << "the passage before the advice: " << r->answer;
      EXPECT_EQ(r->answer.find("可能回答了这个问题"), std::string::npos) << r->answer;
      // Quoted: the document's words stand apart from askdb's own.
      EXPECT_NE(r->answer.find("\n> # 财务制度\n>\n> 公司的财年"), std::string::npos) << r->answer;
      // A blank line between the quote and the abstention.
      EXPECT_NE(r->answer.find("3月31日结束。\n\n"), std::string::npos) << r->answer;
    }
  }
  // English: the same order.
  OnePassage english(0.9);
  Pipeline p = MakePipeline({}, {&english});
  StatusOr<PipelineResult> r = p.Ask("kb-en", "what is the return policy for orders");
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->route, PipelineRoute::kNotAnswered) << r->answer;
  EXPECT_TRUE(r->answer.starts_with(
      "A passage of the knowledge base document \"finance.md\" that may be related (not a "
      "result from the data):\n\n"))
      << r->answer;
  const size_t advice = r->answer.find("To get an answer");
  ASSERT_NE(advice, std::string::npos) << r->answer;
  EXPECT_LT(r->answer.find("4月1日"), advice) << r->answer;
}

// Session 27: a follow-up made only of a follow-up's words that has no place in the last
// answered question ("按月呢" after a top 5) was read alone: small talk, or an abstention on
// "只看". It now says it could not be applied, and the chain goes on after it.
TEST_F(PipelineNoModelTest, AFollowUpThatCannotBeAppliedSaysSo) {
  Pipeline p = MakePipeline();
  ASSERT_TRUE(p.Ask("declined", "各门店的销售额").ok());
  StatusOr<PipelineResult> r = p.Ask("declined", "只看前5个");
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  ASSERT_NE(r->sql.find("LIMIT 5"), std::string::npos) << r->answer;
  r = p.Ask("declined", "按月呢");
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->route, PipelineRoute::kNotAnswered) << r->answer;
  EXPECT_TRUE(r->answer.starts_with("“按月呢”像是接着上一个问题“前5个门店的销售额”的追问"))
      << r->answer;
  // It asks about the data (it was typed small talk), and says why it could not be applied.
  EXPECT_EQ(r->request_type, "data_query");
  EXPECT_NE(r->answer.find("是每期的前几名还是前几名的每期"), std::string::npos) << r->answer;
  r = p.Ask("declined", "那2023年呢");
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_NE(r->sql.find("2023-01-01"), std::string::npos) << r->answer;
  EXPECT_NE(r->sql.find("LIMIT 5"), std::string::npos) << r->sql;
}

// A request that only changes the chart with nothing answered before it to re-chart says so
// ("换成" was "not understood").
TEST_F(PipelineNoModelTest, AChartChangeWithNothingToRechartSaysSo) {
  Pipeline p = MakePipeline();
  StatusOr<PipelineResult> r = p.Ask("rechart-zh", "换成柱状图");
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->route, PipelineRoute::kNotAnswered) << r->answer;
  EXPECT_TRUE(r->answer.starts_with("没有可以改图的上一个问题")) << r->answer;
  r = p.Ask("rechart-en", "as a bar chart");
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_TRUE(r->answer.starts_with("There is no previous question to draw another chart for"))
      << r->answer;
}

// A knowledge channel whose Q&A answers the question.
class OneAnswer : public knowledge::EvidenceSource {
 public:
  std::string_view name() const override { return "knowledge"; }
  Status Recall(const knowledge::EvidenceQuery&, knowledge::Evidence& out) const override {
    out.suggested_answer =
        knowledge::SuggestedAnswer{.item_id = "kn_2",
                                   .question = "明天天气怎么样",
                                   .answer = "门店明天照常营业，天气以当地预报为准。",
                                   .source = "门店FAQ",
                                   .similarity = 0.95};
    return Status::Ok();
  }
};

// Session 27: a question the classifier reads as a web search was refused ("联网搜索暂未开放")
// even when the knowledge base held its answer; now the knowledge base is asked first.
TEST_F(PipelineNoModelTest, AWebSearchTheKnowledgeBaseAnswersIsAnswered) {
  OneAnswer answer;
  Pipeline p = MakePipeline({}, {&answer});
  StatusOr<PipelineResult> r = p.Ask("kb-web", "明天天气怎么样");
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  ASSERT_EQ(r->request_type, "web_search") << "the test needs a web search: " << r->answer;
  EXPECT_EQ(r->route, PipelineRoute::kKnowledge) << r->answer;
  EXPECT_TRUE(r->answer.starts_with("门店明天照常营业")) << r->answer;
  // With nothing recalled, still the refusal of a web search.
  OnePassage nothing_close(0.1);
  r = MakePipeline({}, {&nothing_close}).Ask("kb-web-none", "明天天气怎么样");
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->route, PipelineRoute::kNotAnswered) << r->answer;
  EXPECT_NE(r->answer.find("联网搜索暂未开放"), std::string::npos) << r->answer;
}

// A simple request the quick path cannot answer goes on as data: past the knowledge first,
// as a data question does (docs/knowledge.md), never to the analysis planner.
TEST_F(PipelineNoModelTest, ASimpleRequestTheQuickPathCannotAnswerRecallsTheKnowledge) {
  OnePassage passage(0.1);
  Pipeline p = MakePipeline({}, {&passage});
  StatusOr<PipelineResult> r = p.Ask("simple-kb", "help me with math");
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  ASSERT_EQ(r->request_type, "simple") << r->answer;
  EXPECT_FALSE(r->state.evidence.is_null()) << "the evidence node was skipped: " << r->answer;
  EXPECT_NE(r->route, PipelineRoute::kAnalysis) << r->answer;
  EXPECT_NE(r->route, PipelineRoute::kQuickPath) << r->answer;
}

// The same for a request a model calls trivial and the quick path declines: it goes on as
// data (the answer cache, the engine), never to the analysis planner, which would write SQL.
TEST_F(PipelineNoModelTest, ATrivialRequestTheQuickPathDeclinesGoesOnAsData) {
  llm::ScriptedLlmClient llm;
  llm.ReplyJson("(?s)Choose exactly one request type", {{"request_type", "trivial"}});
  llm.ReplyJson("", {{"sql", "SELECT COUNT(*) AS n FROM orders"}});  // the data path's SQL
  OnePassage passage(0.1);
  PipelineDeps deps;
  deps.checkpoints = &store_;
  deps.llm = &llm;
  deps.evidence = {&passage};
  deps.datasource = []() -> StatusOr<PreparedDatasource*> { return ds_; };
  StatusOr<Pipeline> p = Pipeline::Create(std::move(deps));
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  StatusOr<PipelineResult> r = p->Ask("trivial-declined", "help me with math");
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  ASSERT_EQ(r->request_type, "trivial") << r->answer;
  EXPECT_FALSE(r->state.evidence.is_null()) << "the evidence node was skipped: " << r->answer;
  EXPECT_NE(r->route, PipelineRoute::kAnalysis) << r->answer;
  EXPECT_NE(r->route, PipelineRoute::kQuickPath) << r->answer;
  for (const llm::ChatRequest& request : llm.requests()) {
    for (const llm::Message& m : request.messages) {
      EXPECT_EQ(m.content.find("askdb's planner"), std::string::npos) << "the planner was asked";
    }
  }
}

}  // namespace
}  // namespace askdb::agent::pipeline
