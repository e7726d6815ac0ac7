// The schema manager on a run's path (docs/schema.md "On the request path"): a data question
// makes one schema call (the detailed level, before the engine) and the model's SQL prompt
// renders its recalled tables from it, so a table changed in the database after preparation
// is seen by the next question (the fingerprint check drops the cache); consultation suggests from
// one basic-level call, and a table added after preparation is among its suggestions.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>

#include "askdb/agent/ask/datasource.h"
#include "askdb/agent/consultation/counting_connector.h"
#include "askdb/agent/graph/checkpoint_store.h"
#include "askdb/agent/pipeline/pipeline.h"
#include "askdb/db/connector_registry.h"
#include "askdb/llm/scripted/scripted_llm_client.h"

namespace askdb::agent::pipeline {
namespace {

namespace fs = std::filesystem;

class SchemaOnPathTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("askdb_schema_on_path_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    url_ = "sqlite:" + (dir_ / "shop.sqlite").string();
    Exec(
        "CREATE TABLE widgets (widget_id INTEGER PRIMARY KEY, widget_name TEXT, price REAL);"
        "INSERT INTO widgets VALUES (1, 'level', 3.5), (2, 'gear', 7.25), (3, 'rotor', 1.0);");
    auto connector = db::OpenConnector(url_);
    ASSERT_TRUE(connector.ok()) << connector.status().ToString();
    auto prepared = PrepareDatasource(std::move(connector).value(), url_);
    ASSERT_TRUE(prepared.ok()) << prepared.status().ToString();
    ds_ = std::make_unique<PreparedDatasource>(std::move(prepared).value());
    llm_.ReplyJson("回文[\\s\\S]*只回复 JSON",
                   {{"sql", "SELECT widget_name FROM widgets WHERE widget_name = 'level'"}});
  }
  void TearDown() override {
    ds_.reset();
    fs::remove_all(dir_);
  }

  void Exec(const std::string& sql) const {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open((dir_ / "shop.sqlite").c_str(), &db), SQLITE_OK);
    char* error = nullptr;
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
    const std::string message = error != nullptr ? error : "";
    sqlite3_free(error);
    sqlite3_close(db);
    ASSERT_EQ(rc, SQLITE_OK) << message;
  }

  Pipeline MakePipeline(llm::LlmClient* llm) {
    PipelineDeps deps;
    deps.checkpoints = &store_;
    deps.llm = llm;
    deps.datasource = [this]() -> StatusOr<PreparedDatasource*> { return ds_.get(); };
    StatusOr<Pipeline> p = Pipeline::Create(std::move(deps));
    EXPECT_TRUE(p.ok()) << p.status().ToString();
    return std::move(p).value();
  }

  // The last SQL-generation prompt the model received.
  std::string LastSqlPrompt() const {
    std::string prompt;
    for (const llm::ChatRequest& r : llm_.requests()) {
      const std::string& last = r.messages.back().content;
      if (last.find("只回复 JSON") != std::string::npos) prompt = last;
    }
    return prompt;
  }

  static std::vector<Json> SchemaEvents(const CollectingEventSink& sink) {
    std::vector<Json> out;
    for (const Event& e : sink.OfType(EventType::kSchema)) out.push_back(e.payload);
    return out;
  }

  fs::path dir_;
  std::string url_;
  std::unique_ptr<PreparedDatasource> ds_;
  InMemoryCheckpointStore store_;
  llm::ScriptedLlmClient llm_;
};

TEST_F(SchemaOnPathTest, TheSqlPromptFetchesTheRecalledTablesAndSeesAChangedTable) {
  Pipeline p = MakePipeline(&llm_);
  const std::string question = "列出 widget_name 是回文的 widgets";
  CollectingEventSink first;
  StatusOr<PipelineResult> r = p.Ask("t1", question, &first);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  ASSERT_NE(r->sql.find("'level'"), std::string::npos) << r->answer;
  const std::string before = LastSqlPrompt();
  ASSERT_NE(before.find("widget_name"), std::string::npos) << before;
  // Once in the schema, once in the question: the table is not rendered twice.
  size_t mentions = 0;
  for (size_t at = before.find("widget_name"); at != std::string::npos;
       at = before.find("widget_name", at + 1)) {
    ++mentions;
  }
  EXPECT_EQ(mentions, 2u) << "rendered twice: " << before;
  EXPECT_EQ(before.find("colour"), std::string::npos);
  // One schema call for the whole question: the detailed level read before the engine,
  // answered from the cache seeded at preparation; the prompt's tables are rendered from it.
  std::vector<Json> events = SchemaEvents(first);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0]["level"], "detailed") << events[0].dump();
  EXPECT_EQ(events[0]["from_cache"], true) << events[0].dump();
  EXPECT_EQ(events[0]["note"], "[Using cached schema]") << events[0].dump();
  EXPECT_FALSE(events[0].contains("requested")) << events[0].dump();

  // A column added after preparation changes the structure fingerprint: the next question's
  // prompt shows it (fetched again, not from the cache), without preparing again.
  Exec("ALTER TABLE widgets ADD COLUMN colour TEXT;");
  CollectingEventSink second;
  r = p.Ask("t2", question, &second);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  const std::string after = LastSqlPrompt();
  EXPECT_NE(after.find("colour"), std::string::npos) << after;
  events = SchemaEvents(second);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0]["from_cache"], false) << events[0].dump();
}

// The column statistics are persisted with the schema cache: a second preparation (a
// second `askdb ask`) runs one statement — the structure fingerprint — and introspects
// nothing; a column added later is the only one measured.
TEST_F(SchemaOnPathTest, ASecondPreparationMeasuresNoStatistics) {
  PrepareOptions options;
  options.schema_cache.dir = dir_ / "schema_cache";
  auto prepare = [&](long long* executes, long long* introspects) {
    auto inner = db::OpenConnector(url_);
    ASSERT_TRUE(inner.ok()) << inner.status().ToString();
    auto counting = std::make_unique<CountingConnector>(**inner);
    CountingConnector& counts = *counting;
    auto prepared = PrepareDatasource(std::move(counting), url_, options);
    ASSERT_TRUE(prepared.ok()) << prepared.status().ToString();
    *executes = counts.executes();
    *introspects = counts.introspects();
    EXPECT_NE(prepared->stats->find("widgets.widget_name"), prepared->stats->end());
  };
  long long cold = 0, cold_introspects = 0, warm = 0, warm_introspects = 0;
  prepare(&cold, &cold_introspects);
  EXPECT_EQ(cold_introspects, 1);
  EXPECT_GT(cold, 2) << "the fingerprint and at least two statistics statements";
  prepare(&warm, &warm_introspects);
  EXPECT_EQ(warm_introspects, 0);
  EXPECT_EQ(warm, 1) << "only the structure fingerprint; no statistics query";
  // The persisted statistics are the measured ones (the engine reads the same values).
  Exec("ALTER TABLE widgets ADD COLUMN colour TEXT; UPDATE widgets SET colour = 'red';");
  long long changed = 0, changed_introspects = 0;
  prepare(&changed, &changed_introspects);
  EXPECT_EQ(changed_introspects, 1);
  EXPECT_GT(changed, 1);
  EXPECT_LT(changed, cold) << "only the new column is measured";
}

// A run whose datasource was just checked (serve: PrepareAgainIfChanged before each run)
// reads the structure fingerprint once, not once in the check and again in the run.
TEST_F(SchemaOnPathTest, ARunReadsTheFingerprintOnce) {
  Pipeline p = MakePipeline(&llm_);
  const std::string question = "列出 widget_name 是回文的 widgets";
  ASSERT_TRUE(p.Ask("f0", question, nullptr).ok());  // takes preparation's check
  for (int run = 1; run <= 3; ++run) {
    const long long before = ds_->schemas->stats().fingerprint_calls;
    auto again = PrepareAgainIfChanged(*ds_);
    ASSERT_TRUE(again.ok() && !again->has_value());
    CollectingEventSink sink;
    ASSERT_TRUE(p.Ask("f" + std::to_string(run), question, &sink).ok());
    ASSERT_EQ(SchemaEvents(sink).size(), 1u);
    EXPECT_EQ(ds_->schemas->stats().fingerprint_calls - before, 1) << "run " << run;
  }
  // Without a check before it, the run reads the fingerprint itself.
  const long long before = ds_->schemas->stats().fingerprint_calls;
  ASSERT_TRUE(p.Ask("f9", question, nullptr).ok());
  EXPECT_EQ(ds_->schemas->stats().fingerprint_calls - before, 1);
}

TEST_F(SchemaOnPathTest, ConsultationReadsTheBasicLevelOnceAndSeesANewTable) {
  Pipeline p = MakePipeline(nullptr);
  CollectingEventSink sink;
  StatusOr<PipelineResult> r = p.Ask("c1", "对本数据源提出一些分析建议", &sink);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  ASSERT_EQ(r->route, PipelineRoute::kConsultation);
  std::vector<Json> events = SchemaEvents(sink);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0]["level"], "basic");
  EXPECT_EQ(r->answer.find("shipments"), std::string::npos);

  // A table created after preparation: the basic level is fetched again (one call) and the
  // suggestions come from it, columns and types included.
  Exec(
      "CREATE TABLE shipments (shipment_id INTEGER PRIMARY KEY, widget_id INTEGER REFERENCES "
      "widgets(widget_id), shipped_on DATE, weight_kg REAL, carrier TEXT);"
      "INSERT INTO shipments VALUES (1, 1, '2026-01-05', 2.5, 'DHL');");
  sink.Clear();
  r = p.Ask("c2", "对本数据源提出一些分析建议", &sink);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  events = SchemaEvents(sink);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0]["from_cache"], false);
  EXPECT_EQ(events[0]["tables"], 2);
  EXPECT_NE(r->answer.find("weight_kg"), std::string::npos) << r->answer;
}

}  // namespace
}  // namespace askdb::agent::pipeline
