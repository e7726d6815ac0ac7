// Business terms over the management API end to end (issue 15 items 1, 2 and 6): the real
// routes (RegisterApiRoutes with a SqliteManagementStore, a DatasourceCache and the term store
// opened as askdb serve opens it) on the real HTTP server over 127.0.0.1, called with
// httplib::Client, over the demo database. A definition that does not bind is a 400 naming
// it with nothing stored; a term added over HTTP answers the next question with the engine
// and no model call (checked against a plain SQLite query), under a new fingerprint.
#include "askdb/server/api/terms_api.h"

#include <gtest/gtest.h>
#include <httplib.h>
#include <sqlite3.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <string>

#include "askdb/agent/ask/datasource.h"
#include "askdb/agent/graph/sqlite_checkpoint_store.h"
#include "askdb/common/json.h"
#include "askdb/db/connector_registry.h"
#include "askdb/demo/demo_database.h"
#include "askdb/knowledge/terms/term_store.h"
#include "askdb/llm/scripted/scripted_llm_client.h"
#include "askdb/server/api/api_server.h"
#include "askdb/server/api/datasource_cache.h"
#include "askdb/server/api/run_service.h"
#include "askdb/server/httplib_server.h"
#include "askdb/server/security/api_keys.h"
#include "askdb/server/security/secret_box.h"
#include "askdb/server/store/sqlite_management_store.h"
#include "tests/server/server_fixture.h"

namespace askdb::server::api {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

constexpr char kTerms[] = "/api/v1/datasources/default/terms";
constexpr char kQuestion[] = "2024年的净销售额";

Json NetSales() {
  return {{"term", "净销售额"},
          {"synonyms", {"net sales"}},
          {"description", "已完成订单的实付金额之和"},
          {"meaning", "measure"},
          {"expression", "SUM(orders.total_amount)"},
          {"filter", "orders.status = 'completed'"}};
}

using test::Reply;

class TermsApiTest : public test::ServerFixture {
 protected:
  void SetUp() override {
    BuildBase({.prefix = "terms_api", .store_file = "askdb.sqlite", .semantic_model = false});
    if (HasFatalFailure()) return;
    auto terms = OpenDatasourceTerms(*store_, *datasources_);
    ASSERT_TRUE(terms.ok()) << terms.status().ToString();
    terms_ = std::move(terms).value();

    // A model that knows nothing: a call to it is counted, and any answer it gave is not
    // the term's.
    // It writes the completed-orders SQL only when it reads the term's meaning in its prompt.
    auto llm = llm::ScriptedLlmClient::FromJson(Json::array(
        {{{"match",
           "(?s)Meaning \\(measure\\): SUM\\(orders.total_amount\\) over rows where "
           "orders.status = 'completed'"},
          {"json",
           {{"sql",
             "SELECT SUM(total_amount) AS net FROM orders WHERE status = "
             "'completed'"}}}},
         {{"match", "(?s)."}, {"json", {{"sql", "SELECT SUM(total_amount) FROM orders"}}}}}));
    ASSERT_TRUE(llm.ok()) << llm.status().ToString();
    llm_ = std::move(llm).value();

    RunServiceDeps deps;
    DatasourceCache* cache = datasources_.get();
    deps.datasource = [cache]() -> StatusOr<agent::PreparedDatasource*> {
      ASKDB_ASSIGN_OR_RETURN(auto prepared, cache->Get("default"));
      return prepared.get();
    };
    deps.llm = llm_.get();
    // The terms channel of the evidence stage, as askdb serve gives its runs.
    term_evidence_ = std::make_unique<knowledge::TermEvidenceSource>(StoreTermProvider(*terms_));
    deps.evidence.push_back(term_evidence_.get());
    ApiServerDeps api_deps;
    api_deps.management.terms = terms_.get();
    StartServer(std::move(deps), std::move(api_deps));
  }

  Reply Send(const std::string& method, const std::string& path, const Json& body = nullptr) {
    return test::ServerFixture::Send(method, path, test::Bearer(admin_key_),
                                     body.is_null() ? "" : body.dump());
  }

  // The question's value by a plain query on the database file, not through askdb.
  double Sqlite(const char* sql) const {
    sqlite3* db = nullptr;
    EXPECT_EQ(sqlite3_open_v2(db_path_.c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
    sqlite3_stmt* stmt = nullptr;
    EXPECT_EQ(sqlite3_prepare_v2(db, sql, -1, &stmt, nullptr), SQLITE_OK);
    EXPECT_EQ(sqlite3_step(stmt), SQLITE_ROW);
    const double value = sqlite3_column_double(stmt, 0);
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return value;
  }

  std::string Fingerprint() {
    auto prepared = datasources_->Get("default");
    EXPECT_TRUE(prepared.ok());
    return prepared.ok() ? (*prepared)->fingerprint : "";
  }

  std::unique_ptr<knowledge::TermStore> terms_;
  std::unique_ptr<knowledge::TermEvidenceSource> term_evidence_;
  std::unique_ptr<llm::ScriptedLlmClient> llm_;
};

TEST_F(TermsApiTest, ADefinitionThatDoesNotBindIsRefusedNamingItAndNothingIsStored) {
  Json bad = NetSales();
  bad["expression"] = "SUM(orders.amount)";
  Reply refused = Send("POST", kTerms, bad);
  EXPECT_EQ(refused.status, 400) << refused.body;
  EXPECT_NE(refused.body.find("orders.amount"), std::string::npos) << refused.body;
  bad = NetSales();
  bad["filter"] = "orders.state = 'completed'";
  refused = Send("POST", kTerms, bad);
  EXPECT_EQ(refused.status, 400) << refused.body;
  EXPECT_NE(refused.body.find("orders.state"), std::string::npos) << refused.body;
  Json typo = NetSales();
  typo["expresion"] = "SUM(orders.total_amount)";
  refused = Send("POST", kTerms, typo);
  EXPECT_EQ(refused.status, 400) << refused.body;
  EXPECT_NE(refused.body.find("expresion"), std::string::npos) << refused.body;
  Reply list = Send("GET", kTerms);
  ASSERT_EQ(list.status, 200) << list.body;
  EXPECT_TRUE(list.json["terms"].empty()) << list.body;
  auto stored = terms_->List("");
  ASSERT_TRUE(stored.ok());
  EXPECT_TRUE(stored->empty());
}

TEST_F(TermsApiTest, CreateReadUpdateRecallDeleteInEachScope) {
  Reply added = Send("POST", kTerms, NetSales());
  ASSERT_EQ(added.status, 201) << added.body;
  const std::string id = added.json["id"].get<std::string>();
  EXPECT_EQ(added.json["scope"], "datasource:default");
  const std::string one = std::string(kTerms) + "/" + id;
  EXPECT_EQ(Send("GET", one).json["term"], "净销售额");
  // A word of the scope means one thing: a second term with it is a conflict.
  Json clash = NetSales();
  clash["term"] = "net sales";
  clash["synonyms"] = Json::array();
  EXPECT_EQ(Send("POST", kTerms, clash).status, 409);

  Json edited = NetSales();
  edited["description"] = "completed orders only";
  edited["scope"] = "datasource:elsewhere";  // ignored: the path gives the scope
  Reply put = Send("PUT", one, edited);
  ASSERT_EQ(put.status, 200) << put.body;
  EXPECT_EQ(put.json["description"], "completed orders only");
  EXPECT_EQ(put.json["scope"], "datasource:default");
  Json bad = edited;
  bad["expression"] = "SUM(orders.nope)";
  EXPECT_EQ(Send("PUT", one, bad).status, 400);
  EXPECT_EQ(Send("GET", one).json["expression"], "SUM(orders.total_amount)");

  Reply off = Send("POST", one + "/recall", {{"is_recall", false}});
  ASSERT_EQ(off.status, 200) << off.body;
  EXPECT_EQ(off.json["is_recall"], false);
  EXPECT_EQ(Send("POST", one + "/recall", {{"recall", "no"}}).status, 400);

  // An agent's term binds to its datasource; another scope's path does not reach it.
  Reply agent_term = Send("POST", "/api/v1/agents/default/terms", clash);
  ASSERT_EQ(agent_term.status, 201) << agent_term.body;
  EXPECT_EQ(agent_term.json["scope"], "agent:default");
  EXPECT_EQ(Send("GET", "/api/v1/agents/default/terms/" + id).status, 404);
  EXPECT_EQ(Send("GET", "/api/v1/agents/default/terms").json["terms"].size(), 1u);
  EXPECT_EQ(Send("GET", "/api/v1/agents/nobody/terms").status, 404);
  EXPECT_EQ(Send("POST", "/api/v1/datasources/nowhere/terms", NetSales()).status, 404);

  EXPECT_EQ(Send("DELETE", one).status, 200);
  EXPECT_EQ(Send("GET", one).status, 404);
  EXPECT_TRUE(Send("GET", kTerms).json["terms"].empty());
}

TEST_F(TermsApiTest, ATermAddedOverHttpAnswersTheNextQuestionWithNoModel) {
  const std::string before = Fingerprint();
  Reply unknown = Send("POST", "/api/v1/ask", {{"query", kQuestion}, {"thread_id", "t-1"}});
  EXPECT_NE(unknown.json.value("route", ""), "engine") << unknown.body;

  Reply added = Send("POST", kTerms, NetSales());
  ASSERT_EQ(added.status, 201) << added.body;
  EXPECT_NE(Fingerprint(), before);  // cached answers of the old terms are not reused
  const size_t calls = llm_->call_count();
  Reply answer = Send("POST", "/api/v1/ask", {{"query", kQuestion}, {"thread_id", "t-2"}});
  ASSERT_EQ(answer.status, 200) << answer.body;
  EXPECT_EQ(answer.json["route"], "engine") << answer.body;
  EXPECT_EQ(llm_->call_count(), calls);
  const double want = Sqlite(
      "SELECT SUM(total_amount) FROM orders WHERE status = 'completed' AND "
      "order_date >= '2024-01-01' AND order_date < '2025-01-01'");
  ASSERT_FALSE(answer.json["result"]["rows"].empty()) << answer.body;
  EXPECT_NEAR(answer.json["result"]["rows"][0][0].get<double>(), want, 1e-6) << answer.body;

  // Switched off, the engine no longer reads it.
  const std::string id = added.json["id"].get<std::string>();
  ASSERT_EQ(Send("POST", std::string(kTerms) + "/" + id + "/recall", {{"is_recall", false}}).status,
            200);
  Reply off = Send("POST", "/api/v1/ask", {{"query", kQuestion}, {"thread_id", "t-3"}});
  EXPECT_NE(off.json.value("route", ""), "engine") << off.body;
}

TEST_F(TermsApiTest, ARunLeftToTheModelRecallsItsAgentsTermsAsEvidence) {
  // A data question the engine leaves to the model ("…做个对比分析" would be an analysis).
  constexpr char kModelQuestion[] = "净销售额的情况怎么样，和去年比怎么样";
  Reply without = Send("POST", "/api/v1/ask", {{"query", kModelQuestion}, {"thread_id", "m-1"}});
  ASSERT_EQ(without.status, 200) << without.body;
  EXPECT_EQ(without.body.find("status = 'completed'"), std::string::npos) << without.body;
  // An agent's term: not read by the engine (it is per datasource), recalled for the prompts.
  ASSERT_EQ(Send("POST", "/api/v1/agents/default/terms", NetSales()).status, 201);
  Reply with = Send("POST", "/api/v1/ask", {{"query", kModelQuestion}, {"thread_id", "m-2"}});
  ASSERT_EQ(with.status, 200) << with.body;
  EXPECT_EQ(with.json["route"], "llm") << with.body;
  EXPECT_NE(with.json.value("sql", "").find("status = 'completed'"), std::string::npos)
      << with.body;
}

}  // namespace
}  // namespace askdb::server::api
