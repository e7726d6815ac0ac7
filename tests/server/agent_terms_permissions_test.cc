// An agent with its own business terms and a user with a row rule (regions where name_zh =
// {user.region}) on the same run: the engine reads the agent's term (its SQL has the term's
// filter, no model) and the rows are the user's region only — exactly a plain query's figure
// for that region. The run's datasource stays the real id ("default") while its cached
// answers live under "default#terms-…#perm-…", so the rules are looked up under the
// datasource and never under the cache key (the bug this guards against: the cache key
// reached the permission lookup, found no rule and ran unfiltered). Once directly through
// RunService, once through the HTTP API with a real client and a signed-in analyst.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <chrono>
#include <memory>
#include <string>

#include "askdb/cache/answer_cache.h"
#include "askdb/common/json.h"
#include "askdb/knowledge/terms/business_term.h"
#include "askdb/knowledge/terms/term_store.h"
#include "askdb/server/api/terms_api.h"
#include "tests/server/server_fixture.h"

namespace askdb::server::api {
namespace {

using namespace std::chrono_literals;
using test::Bearer;
using test::Reply;

constexpr char kQuestion[] = "2024年各地区的净销售额";
constexpr char kEast[] = "华东";

// 2024 net sales (completed orders) of one region, by a plain query on the database file.
double NetSales2024(const std::filesystem::path& db, const std::string& region) {
  sqlite3* conn = nullptr;
  EXPECT_EQ(sqlite3_open_v2(db.c_str(), &conn, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
  sqlite3_stmt* stmt = nullptr;
  EXPECT_EQ(sqlite3_prepare_v2(
                conn,
                "SELECT SUM(o.total_amount) FROM orders o JOIN stores s ON s.store_id = o.store_id "
                "JOIN cities c ON c.city_id = s.city_id JOIN regions g ON g.region_id = "
                "c.region_id WHERE o.status = 'completed' AND o.order_date >= '2024-01-01' AND "
                "o.order_date < '2025-01-01' AND g.name_zh = ?",
                -1, &stmt, nullptr),
            SQLITE_OK);
  sqlite3_bind_text(stmt, 1, region.c_str(), -1, SQLITE_TRANSIENT);
  EXPECT_EQ(sqlite3_step(stmt), SQLITE_ROW);
  const double value = sqlite3_column_double(stmt, 0);
  sqlite3_finalize(stmt);
  sqlite3_close(conn);
  return value;
}

// The one number of a result row (the region's figure).
double NumberIn(const Json& row) {
  for (const Json& v : row) {
    if (v.is_number()) return v.get<double>();
  }
  return -1;
}

class AgentTermsPermissionsTest : public test::ServerFixture {
 protected:
  void SetUp() override {
    BuildBase({.prefix = "agent_terms_perm"});
    if (HasFatalFailure()) return;
    auto terms = OpenDatasourceTerms(*store_, *datasources_);
    ASSERT_TRUE(terms.ok()) << terms.status().ToString();
    terms_ = std::move(terms).value();
    // The agent's own term: "净销售额" is completed orders only (the datasource has none).
    auto term = knowledge::TermFromJson({{"term", "净销售额"},
                                         {"meaning", "measure"},
                                         {"expression", "SUM(orders.total_amount)"},
                                         {"filter", "orders.status = 'completed'"}});
    ASSERT_TRUE(term.ok()) << term.status().ToString();
    term->scope = "agent:default";
    ASSERT_TRUE(terms_->Add(*term).ok());

    RunServiceDeps deps;
    deps.cache = &cache_;
    deps.engine_terms = StoreTermProvider(*terms_);  // as askdb serve gives its runs
    ApiServerDeps api_deps;
    api_deps.management.terms = terms_.get();
    OpenUsersAndRules(deps, api_deps);
    if (HasFatalFailure()) return;
    permissions::PermissionRule rule;
    rule.id = "east-only";
    rule.datasource_id = "default";
    rule.grantee_kind = permissions::GranteeKind::kUser;
    rule.grantee = "ann";
    rule.table = "regions";
    rule.predicate = "name_zh = {user.region}";
    ASSERT_TRUE(permissions::ValidateRule(rule, demo_->schema).ok());
    ASSERT_TRUE(rules_->Put(rule).ok());
    StartServer(std::move(deps), std::move(api_deps));
  }

  // A run through RunService, as `user` (none: no rules); its result JSON.
  Json Ask(const std::string& thread, std::optional<permissions::UserContext> user) {
    RunRequest request;
    request.thread_id = thread;
    request.text = kQuestion;
    request.user = std::move(user);
    auto run = runs_->Start(std::move(request));
    EXPECT_TRUE(run.ok()) << run.status().ToString();
    if (!run.ok()) return nullptr;
    std::optional<StatusOr<Json>> done = (*run)->Wait(60s);
    EXPECT_TRUE(done.has_value() && done->ok()) << (done ? done->status().ToString() : "timeout");
    return done && done->ok() ? **done : Json();
  }

  // The state the run checkpointed ("datasource", "cache_partition", ...).
  Json CheckpointedState(const std::string& thread) {
    auto checkpoint = checkpoints_->Load(thread);
    EXPECT_TRUE(checkpoint.ok()) << checkpoint.status().ToString();
    return checkpoint.ok() ? checkpoint->state : Json();
  }

  std::unique_ptr<knowledge::TermStore> terms_;
  cache::AnswerCache cache_;
};

permissions::UserContext Ann() {
  permissions::UserContext ann;
  ann.user_id = "ann";
  ann.roles = {"analyst"};
  ann.attributes["region"] = kEast;
  return ann;
}

TEST_F(AgentTermsPermissionsTest, ThroughRunServiceTheAgentsTermAndTheUsersRowRuleBothApply) {
  const double east = NetSales2024(db_path_, kEast);
  ASSERT_GT(east, 0);
  // Rule-free first: every region, the agent's term read by the engine (its cache entry must
  // not serve the user below).
  const Json all = Ask("t-admin", std::nullopt);
  ASSERT_EQ(all.value("route", ""), "engine") << all.dump();
  EXPECT_NE(all.value("sql", "").find("completed"), std::string::npos) << all.dump();
  ASSERT_GE(all["result"]["rows"].size(), 3u) << all.dump();

  for (int round = 0; round < 2; ++round) {  // the second from the cache, still filtered
    const std::string thread = "t-ann-" + std::to_string(round);
    const Json mine = Ask(thread, Ann());
    ASSERT_EQ(mine.value("route", ""), round == 0 ? "engine" : "cache") << mine.dump();
    EXPECT_NE(mine.value("sql", "").find("completed"), std::string::npos) << mine.dump();
    const Json& rows = mine["result"]["rows"];
    ASSERT_EQ(rows.size(), 1u) << mine.dump();
    EXPECT_NE(rows[0].dump().find(kEast), std::string::npos) << mine.dump();
    EXPECT_NEAR(NumberIn(rows[0]), east, 0.01) << mine.dump();
    EXPECT_NE(mine.value("permissions", "").find(kEast), std::string::npos) << mine.dump();

    // The datasource is the real id; only the cache partition carries terms and rules.
    const Json state = CheckpointedState(thread);
    EXPECT_EQ(state.value("datasource", ""), "default") << state.dump();
    const std::string partition = state.value("cache_partition", "");
    EXPECT_EQ(partition.rfind("default#terms-", 0), 0u) << partition;
    EXPECT_NE(partition.find("#perm-"), std::string::npos) << partition;
  }
}

TEST_F(AgentTermsPermissionsTest, ThroughTheHttpApiASignedInAnalystSeesOnlyHerRegion) {
  Reply created = Send("POST", "/api/v1/users", Bearer(admin_key_),
                       Json{{"name", "ann"},
                            {"password", "ann-password-1"},
                            {"role", "analyst"},
                            {"attributes", {{"region", kEast}}},
                            {"agents", {"default"}}}
                           .dump());
  ASSERT_EQ(created.status, 201) << created.body;
  Reply login = Send("POST", "/api/v1/auth/login", {},
                     Json{{"name", "ann"}, {"password", "ann-password-1"}}.dump());
  ASSERT_EQ(login.status, 200) << login.body;
  const std::string token = login.json["token"];

  Reply mine = Send("POST", "/api/v1/ask", Bearer(token),
                    Json{{"query", kQuestion}, {"agent_id", "default"}}.dump());
  ASSERT_EQ(mine.status, 200) << mine.body;
  EXPECT_EQ(mine.json.value("route", ""), "engine") << mine.body;
  EXPECT_NE(mine.json.value("sql", "").find("completed"), std::string::npos) << mine.body;
  const Json& rows = mine.json["result"]["rows"];
  ASSERT_EQ(rows.size(), 1u) << mine.body;
  EXPECT_NE(rows[0].dump().find(kEast), std::string::npos) << mine.body;
  EXPECT_NEAR(NumberIn(rows[0]), NetSales2024(db_path_, kEast), 0.01) << mine.body;

  // The admin key (no rules) asking the same afterwards gets every region, not her cached row.
  Reply all = Send("POST", "/api/v1/ask", Bearer(admin_key_),
                   Json{{"query", kQuestion}, {"agent_id", "default"}}.dump());
  ASSERT_EQ(all.status, 200) << all.body;
  EXPECT_GE(all.json["result"]["rows"].size(), 3u) << all.body;
}

}  // namespace
}  // namespace askdb::server::api
