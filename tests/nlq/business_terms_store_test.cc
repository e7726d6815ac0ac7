// Business terms shared by two server processes through one management store (issue 15 item
// 5): each "process" has its own store connection, its own TermStore, its own prepared demo
// datasource (prepared once, before any term existed) and its own TermViews, and reads the
// run's terms at every question as RunService::ApplyAgent does (TermViews::ForRun over
// server::api::StoreTermProvider). A term one process adds, edits, switches off or removes
// changes the other's engine answer from its next question, without preparing again, and an
// agent's term wins its word over the datasource's. On SQLite (a scratch file) and, in the
// servers build (ASKDB_TERMS_ENGINE_PG), on the PostgreSQL of scripts/db_servers.sh.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <optional>

#include "askdb/agent/ask/term_datasource.h"
#include "askdb/db/connector_registry.h"
#include "askdb/demo/demo_database.h"
#include "askdb/knowledge/terms/term_store.h"
#include "askdb/nlq/engine.h"
#include "askdb/nlq/eval.h"
#include "askdb/server/api/terms_api.h"
#include "askdb/server/store/sql_management_store.h"
#ifdef ASKDB_TERMS_ENGINE_PG
#include "askdb/server/store/postgres_management_store.h"
#include "tests/servers/pg_scratch_schema.h"
#include "tests/servers/server_env.h"
#else
#include "askdb/server/store/sqlite_management_store.h"
#endif

namespace askdb {
namespace {

namespace fs = std::filesystem;

constexpr char kBigOrders[] = "大单有多少";

// One server process's share of the work.
struct Process {
  std::unique_ptr<server::store::SqlManagementStore> store;
  std::unique_ptr<knowledge::TermStore> terms;
  std::shared_ptr<agent::PreparedDatasource> base;
  agent::TermViews views;

  // The engine's answer to `question` in a run of `agent_id`: its SQL, or "" when it abstains.
  std::string Ask(const std::string& agent_id, std::string_view question) {
    auto view = views.ForRun(base, agent_id, "shop", server::api::StoreTermProvider(*terms));
    EXPECT_TRUE(view.ok()) << view.status().ToString();
    if (!view.ok()) return "";
    const nlq::Translation t =
        nlq::Engine::Translate(question, *(*view)->index, (*view)->connector->dialect());
    if (!t.answered) return "";
    // The view runs it on the base's connection; the answer is the database's, checked below.
    EXPECT_TRUE((*view)->connector->Execute(t.sql, {}).ok()) << t.sql;
    return t.sql;
  }
};

class BusinessTermsStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("askdb_terms_store_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    ASSERT_TRUE(demo::CreateDemoDatabase(dir_ / "demo.sqlite").ok());
#ifdef ASKDB_TERMS_ENGINE_PG
    ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_STORE_URL");
    schema_.emplace(url, "terms_engine");
#endif
    for (Process* p : {&a_, &b_}) Start(*p);
  }
  void TearDown() override {
    for (Process* p : {&a_, &b_}) {  // the connections close before the schema goes
      p->terms.reset();
      p->store.reset();
    }
#ifdef ASKDB_TERMS_ENGINE_PG
    schema_.reset();
#endif
    fs::remove_all(dir_);
  }

  void Start(Process& p) {
#ifdef ASKDB_TERMS_ENGINE_PG
    auto store = server::store::PostgresManagementStore::Open(schema_->url());
#else
    auto store = server::store::SqliteManagementStore::Open(dir_ / "askdb_server.sqlite");
#endif
    ASSERT_TRUE(store.ok()) << store.status().ToString();
    p.store = std::move(store).value();
    auto terms = knowledge::TermStore::Open(*p.store);
    ASSERT_TRUE(terms.ok()) << terms.status().ToString();
    p.terms = std::move(terms).value();
    const std::string url = "sqlite:" + (dir_ / "demo.sqlite").string();
    auto connector = db::OpenConnector(url);
    ASSERT_TRUE(connector.ok());
    auto prepared = agent::PrepareDatasource(std::move(connector).value(), url);
    ASSERT_TRUE(prepared.ok()) << prepared.status().ToString();
    p.base = std::make_shared<agent::PreparedDatasource>(std::move(prepared).value());
  }

  knowledge::BusinessTerm Add(Process& p, const std::string& scope, const std::string& above) {
    knowledge::BusinessTerm t;
    t.scope = scope;
    t.term = "大单";
    t.synonyms = {"big orders"};
    t.meaning = nlq::BusinessMeaning::kFilter;
    t.expression = "orders.total_amount > " + above;
    EXPECT_TRUE(knowledge::ValidateTerm(t, p.base->schema).ok());
    auto added = p.terms->Add(t);
    EXPECT_TRUE(added.ok()) << added.status().ToString();
    return added.ok() ? *added : t;
  }

  // The question's answer by SQLite itself, and the engine's SQL run the same way.
  long long Count(const std::string& sql) {
    auto rows = a_.base->connector->Execute(sql, {});
    EXPECT_TRUE(rows.ok() && !rows->rows.empty()) << sql;
    return rows.ok() && !rows->rows.empty() ? rows->rows[0][0].int_value() : -1;
  }
  long long Above(int amount) {
    return Count("SELECT COUNT(*) FROM orders WHERE total_amount > " + std::to_string(amount));
  }

  fs::path dir_;
#ifdef ASKDB_TERMS_ENGINE_PG
  std::optional<db::testing::PgScratchSchema> schema_;
#endif
  Process a_, b_;
};

TEST_F(BusinessTermsStoreTest, AnotherProcesssTermChangesCountFromItsNextQuestion) {
  EXPECT_EQ(b_.Ask("sales", kBigOrders), "");  // no term yet: 大单 means nothing

  // Process A defines 大单 for the datasource; B answers with it, prepared before it existed.
  knowledge::BusinessTerm shared = Add(a_, "datasource:shop", "5000");
  std::string sql = b_.Ask("sales", kBigOrders);
  ASSERT_NE(sql, "");
  EXPECT_EQ(Count(sql), Above(5000)) << sql;
  auto first_view =
      b_.views.ForRun(b_.base, "sales", "shop", server::api::StoreTermProvider(*b_.terms));
  ASSERT_TRUE(first_view.ok());

  // An agent's own 大单 wins in that agent's runs only.
  knowledge::BusinessTerm vip = Add(a_, "agent:vip", "8000");
  sql = b_.Ask("vip", kBigOrders);
  EXPECT_EQ(Count(sql), Above(8000)) << sql;
  sql = b_.Ask("sales", kBigOrders);
  EXPECT_EQ(Count(sql), Above(5000)) << sql;
  // Nothing changed for "sales": the same view, not rebuilt.
  auto again = b_.views.ForRun(b_.base, "sales", "shop", server::api::StoreTermProvider(*b_.terms));
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->get(), first_view->get());

  // A edits the datasource's term: B reads the new threshold.
  shared.expression = "orders.total_amount > 6000";
  ASSERT_TRUE(a_.terms->Update(shared).ok());
  sql = b_.Ask("sales", kBigOrders);
  EXPECT_EQ(Count(sql), Above(6000)) << sql;

  // The agent's term switched off: the datasource's meaning again for that agent.
  ASSERT_TRUE(a_.terms->SetRecall(vip.id, false).ok());
  sql = b_.Ask("vip", kBigOrders);
  EXPECT_EQ(Count(sql), Above(6000)) << sql;

  // Removed: B no longer knows the word.
  ASSERT_TRUE(a_.terms->Remove(shared.id).ok());
  EXPECT_EQ(b_.Ask("sales", kBigOrders), "");
  EXPECT_EQ(b_.Ask("vip", "how many big orders are there"), "");
}

}  // namespace
}  // namespace askdb
