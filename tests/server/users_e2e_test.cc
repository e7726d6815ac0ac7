// Users on the real HTTP server (issue 18 items 1 and 3), called with a real
// httplib::Client on 127.0.0.1: sign-in (cookie flags, bearer token, sign-out revokes), a
// wrong password audited and then rate-limited, role checks (an analyst reaches neither
// the admin routes nor an agent not granted; an editor reaches the editor routes only),
// API keys acting as users, and single sign-on through a proxy header accepted only from
// trusted addresses. Management store: SQLite in a temp directory; demo database.
#include <gtest/gtest.h>
#include <httplib.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <string>

#include "askdb/agent/ask/datasource.h"
#include "askdb/agent/graph/sqlite_checkpoint_store.h"
#include "askdb/cache/answer_cache.h"
#include "askdb/common/json.h"
#include "askdb/db/connector_registry.h"
#include "askdb/demo/demo_database.h"
#include "askdb/permissions/permission_store.h"
#include "askdb/server/api/api_server.h"
#include "askdb/server/api/datasource_cache.h"
#include "askdb/server/api/run_service.h"
#include "askdb/server/httplib_server.h"
#include "askdb/server/security/api_keys.h"
#include "askdb/server/security/secret_box.h"
#include "askdb/server/store/management_store.h"
#include "askdb/server/store/sqlite_management_store.h"
#include "askdb/server/users/user_auth.h"
#include "askdb/server/users/user_store.h"

namespace askdb::server::api {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

constexpr char kHost[] = "127.0.0.1";

struct Reply {
  int status = 0;
  std::string body;
  Json json;
  httplib::Headers headers;
};

class UsersE2eTest : public ::testing::Test {
 protected:
  void StartServer(users::UserAuthOptions auth_options = {}) {
    dir_ = fs::temp_directory_path() /
           ("askdb_users_e2e_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    const fs::path db = dir_ / "retail.sqlite";
    ASSERT_TRUE(demo::CreateDemoDatabase(db).ok());
    ASSERT_TRUE(demo::WriteDemoSemanticModel(dir_ / "retail.semantic.json").ok());
    const std::string url = "sqlite:" + db.string();
    auto connector = db::OpenConnector(url);
    ASSERT_TRUE(connector.ok());
    auto prepared = agent::PrepareDatasource(std::move(connector).value(), url);
    ASSERT_TRUE(prepared.ok()) << prepared.status().ToString();
    auto shared = std::make_shared<agent::PreparedDatasource>(std::move(prepared).value());
    auto store = store::SqliteManagementStore::Open(dir_ / "store.sqlite");
    ASSERT_TRUE(store.ok());
    store_ = std::move(store).value();
    auto secrets = security::SecretBox::Random();
    ASSERT_TRUE(secrets.ok());
    secrets_ = std::make_unique<security::SecretBox>(std::move(secrets).value());
    ASSERT_TRUE(EnsureDefaultAgent(*store_, *secrets_, url).ok());
    store::AgentRecord hr;
    hr.id = "hr";
    hr.name = "hr";
    hr.datasource_id = "default";
    ASSERT_TRUE(store_->CreateAgent(hr).ok());
    datasources_ = std::make_unique<DatasourceCache>(*store_, *secrets_, dir_ / "models");
    datasources_->Pin("default", shared);

    keys_ = store::NewStoreApiKeyStore(*store_);
    auto admin = security::IssueApiKey(*keys_, security::kAdminScope, security::HashOptions::Min());
    auto hr_key =
        security::IssueApiKey(*keys_, security::AgentScope("hr"), security::HashOptions::Min());
    ASSERT_TRUE(admin.ok() && hr_key.ok());
    admin_key_ = admin->key;
    hr_key_ = hr_key->key;
    security::AuthenticatorOptions key_options;
    key_options.dummy_hash_options = security::HashOptions::Min();
    auto authenticator = security::ApiKeyAuthenticator::Create(*keys_, key_options);
    ASSERT_TRUE(authenticator.ok());
    authenticator_ = std::move(authenticator).value();

    auto users = users::UserStore::Open(*store_);
    ASSERT_TRUE(users.ok());
    users_ = std::move(users).value();
    auth_options.hash = security::HashOptions::Min();
    auto auth = users::UserAuth::Create(*users_, auth_options);
    ASSERT_TRUE(auth.ok()) << auth.status().ToString();
    auth_ = std::move(auth).value();

    auto rules = permissions::OpenSqlitePermissionStore(dir_ / "store.sqlite");
    ASSERT_TRUE(rules.ok()) << rules.status().ToString();
    rules_ = std::move(rules).value();

    auto checkpoints = agent::SqliteCheckpointStore::Open(dir_ / "checkpoints.sqlite");
    ASSERT_TRUE(checkpoints.ok());
    checkpoints_ = std::move(checkpoints).value();
    RunServiceDeps deps;
    deps.datasource = [shared]() -> StatusOr<agent::PreparedDatasource*> { return shared.get(); };
    deps.checkpoints = checkpoints_.get();
    deps.store = store_.get();
    deps.datasources = datasources_.get();
    deps.cache = &cache_;
    deps.permissions = rules_.get();
    auto runs = RunService::Create(std::move(deps));
    ASSERT_TRUE(runs.ok());
    runs_ = std::move(runs).value();

    HttpServerOptions http_options;
    http_options.log_access = false;
    server_ = MakeHttplibServer(http_options);
    ApiServerDeps api_deps;
    api_deps.runs = runs_.get();
    api_deps.authenticator = authenticator_.get();
    api_deps.users = auth_.get();
    api_deps.permissions = rules_.get();
    api_deps.management.store = store_.get();
    api_deps.management.datasources = datasources_.get();
    api_deps.management.secrets = secrets_.get();
    api_deps.management.keys = keys_.get();
    api_deps.management.key_hash_options = security::HashOptions::Min();
    ASSERT_TRUE(RegisterApiRoutes(*server_, api_deps).ok());
    ASSERT_TRUE(server_->Start(kHost, 0).ok());
  }

  void TearDown() override {
    if (server_ != nullptr) {
      (void)GracefulShutdown(*server_, *runs_, std::chrono::steady_clock::now() + 10s);
    }
    server_.reset();
    runs_.reset();
    fs::remove_all(dir_);
  }

  static Reply ToReply(const httplib::Result& result) {
    Reply reply;
    if (!result) return reply;
    reply.status = result->status;
    reply.body = result->body;
    reply.headers = result->headers;
    StatusOr<Json> parsed = ParseJson(result->body);
    if (parsed.ok()) reply.json = *parsed;
    return reply;
  }
  httplib::Client Client() {
    httplib::Client client(kHost, server_->port());
    client.set_read_timeout(30, 0);
    return client;
  }
  Reply Send(const std::string& method, const std::string& path, const httplib::Headers& headers,
             const Json& body = nullptr) {
    httplib::Client client = Client();
    if (method == "GET") return ToReply(client.Get(path.c_str(), headers));
    if (method == "DELETE") return ToReply(client.Delete(path.c_str(), headers));
    const std::string text = body.is_null() ? "{}" : body.dump();
    if (method == "PUT")
      return ToReply(client.Put(path.c_str(), headers, text, "application/json"));
    return ToReply(client.Post(path.c_str(), headers, text, "application/json"));
  }
  static httplib::Headers Bearer(const std::string& token) {
    return {{"Authorization", "Bearer " + token}};
  }
  Reply CreateUser(const Json& user) {
    return Send("POST", "/api/v1/users", Bearer(admin_key_), user);
  }
  Reply Login(const std::string& name, const std::string& password) {
    return Send("POST", "/api/v1/auth/login", {}, Json{{"name", name}, {"password", password}});
  }
  int AuditCount(const std::string& action) {
    Reply audit = Send("GET", "/api/v1/audit?limit=1000", Bearer(admin_key_));
    int n = 0;
    for (const Json& e : audit.json["entries"]) n += e["action"] == action;
    return n;
  }

  fs::path dir_;
  std::unique_ptr<store::SqliteManagementStore> store_;
  std::unique_ptr<security::SecretBox> secrets_;
  std::unique_ptr<DatasourceCache> datasources_;
  std::unique_ptr<security::ApiKeyStore> keys_;
  std::unique_ptr<security::ApiKeyAuthenticator> authenticator_;
  std::unique_ptr<users::UserStore> users_;
  std::unique_ptr<users::UserAuth> auth_;
  std::unique_ptr<permissions::PermissionStore> rules_;
  cache::AnswerCache cache_;
  std::unique_ptr<agent::SqliteCheckpointStore> checkpoints_;
  std::unique_ptr<RunService> runs_;
  std::unique_ptr<HttpServer> server_;
  std::string admin_key_, hr_key_;
};

TEST_F(UsersE2eTest, SignInGivesAnHttpOnlyStrictCookieAndABearerTokenThatSignOutRevokes) {
  StartServer();
  Reply created = CreateUser({{"name", "ann"},
                              {"password", "ann-password-1"},
                              {"role", "analyst"},
                              {"attributes", {{"region", "华东"}}},
                              {"agents", {"default"}}});
  ASSERT_EQ(created.status, 201) << created.body;
  EXPECT_EQ(created.json["attributes"]["region"], "华东");
  EXPECT_EQ(created.body.find("argon2"), std::string::npos);  // never the hash

  Reply login = Login("ann", "ann-password-1");
  ASSERT_EQ(login.status, 200) << login.body;
  const std::string token = login.json["token"];
  auto cookie = login.headers.find("Set-Cookie");
  ASSERT_NE(cookie, login.headers.end());
  EXPECT_NE(cookie->second.find("askdb_session=" + token), std::string::npos);
  EXPECT_NE(cookie->second.find("HttpOnly"), std::string::npos);
  EXPECT_NE(cookie->second.find("SameSite=Strict"), std::string::npos);
  EXPECT_NE(cookie->second.find("Path=/"), std::string::npos);
  EXPECT_EQ(cookie->second.find("Secure"), std::string::npos);  // auth.cookie_secure off

  Reply by_bearer = Send("GET", "/api/v1/auth/me", Bearer(token));
  ASSERT_EQ(by_bearer.status, 200) << by_bearer.body;
  EXPECT_EQ(by_bearer.json["name"], "ann");
  EXPECT_EQ(by_bearer.json["attributes"]["region"], "华东");
  Reply by_cookie = Send("GET", "/api/v1/me", {{"Cookie", "askdb_session=" + token}});
  ASSERT_EQ(by_cookie.status, 200) << by_cookie.body;
  EXPECT_EQ(by_cookie.json["principal"]["name"], "ann");
  EXPECT_EQ(by_cookie.json["admin"], false);
  ASSERT_EQ(by_cookie.json["agents"].size(), 1u);  // default only, not hr
  EXPECT_EQ(by_cookie.json["agents"][0]["id"], "default");

  Reply out = Send("POST", "/api/v1/auth/logout", {{"Cookie", "askdb_session=" + token}});
  ASSERT_EQ(out.status, 200);
  EXPECT_NE(out.headers.find("Set-Cookie")->second.find("Max-Age=0"), std::string::npos);
  EXPECT_EQ(Send("GET", "/api/v1/auth/me", Bearer(token)).status, 401);
}

TEST_F(UsersE2eTest, WrongPasswordsAreAuditedThenRateLimited) {
  users::UserAuthOptions options;
  options.throttle.max_failures = 3;
  StartServer(options);
  ASSERT_EQ(CreateUser({{"name", "bob"}, {"password", "bob-password-1"}}).status, 201);
  Reply unknown = Login("nobody", "whatever-1");
  for (int i = 0; i < 2; ++i) {
    Reply wrong = Login("bob", "not-his-password");
    EXPECT_EQ(wrong.status, 401) << wrong.body;
    EXPECT_EQ(wrong.json["error"]["message"], unknown.json["error"]["message"]);
  }
  Reply locked = Login("bob", "bob-password-1");  // right, but the address is locked out
  EXPECT_EQ(locked.status, 429) << locked.body;
  EXPECT_NE(locked.headers.find("Retry-After"), locked.headers.end());
  EXPECT_EQ(AuditCount("sign_in_failed"), 3);
  EXPECT_EQ(AuditCount("sign_in_throttled"), 1);
  EXPECT_EQ(AuditCount("user_created"), 1);
  Reply audit = Send("GET", "/api/v1/audit", Bearer(admin_key_));
  const Json& newest_failure = audit.json["entries"][1];
  EXPECT_EQ(newest_failure["action"], "sign_in_failed");
  EXPECT_EQ(newest_failure["client"], "127.0.0.1");
  EXPECT_EQ(newest_failure["target"], "user:bob");
}

TEST_F(UsersE2eTest, RolesDecideRoutesAndAgents) {
  StartServer();
  ASSERT_EQ(
      CreateUser({{"name", "ann"}, {"password", "ann-password-1"}, {"agents", {"default"}}}).status,
      201);
  ASSERT_EQ(CreateUser({{"name", "ed"}, {"password", "ed-password-12"}, {"role", "editor"}}).status,
            201);
  const std::string ann = Login("ann", "ann-password-1").json["token"];
  const std::string ed = Login("ed", "ed-password-12").json["token"];

  // Analyst: no admin or editor route, no ungranted agent.
  EXPECT_EQ(Send("GET", "/api/v1/users", Bearer(ann)).status, 403);
  EXPECT_EQ(Send("GET", "/api/v1/audit", Bearer(ann)).status, 403);
  EXPECT_EQ(Send("GET", "/api/v1/datasources", Bearer(ann)).status, 403);
  EXPECT_EQ(Send("GET", "/api/v1/agents/default/examples", Bearer(ann)).status, 403);
  Reply hr = Send("POST", "/api/v1/ask", Bearer(ann), {{"query", "你好"}, {"agent_id", "hr"}});
  EXPECT_EQ(hr.status, 403) << hr.body;
  Reply own =
      Send("POST", "/api/v1/ask", Bearer(ann), {{"query", "你好"}, {"agent_id", "default"}});
  EXPECT_EQ(own.status, 200) << own.body;

  // Editor: examples and semantic model yes, users and keys no.
  Reply example = Send("POST", "/api/v1/agents/default/examples", Bearer(ed),
                       {{"question", "2024年销售额"}, {"sql", "SELECT 1"}});
  EXPECT_EQ(example.status, 201) << example.body;
  EXPECT_EQ(Send("GET", "/api/v1/datasources/default/semantic-model", Bearer(ed)).status == 403,
            false);
  EXPECT_EQ(Send("GET", "/api/v1/users", Bearer(ed)).status, 403);
  EXPECT_EQ(Send("DELETE", "/api/v1/agents/hr", Bearer(ed)).status, 403);
  EXPECT_EQ(Send("POST", "/api/v1/ask", Bearer(ed), {{"query", "你好"}, {"agent_id", "hr"}}).status,
            200);

  // An agent key acts as an analyst granted its agent; the admin key as an admin.
  Reply key_me = Send("GET", "/api/v1/auth/me", Bearer(hr_key_));
  EXPECT_EQ(key_me.json["role"], "analyst");
  EXPECT_EQ(key_me.json["agents"], Json::array({"hr"}));
  EXPECT_EQ(Send("GET", "/api/v1/users", Bearer(hr_key_)).status, 403);
  EXPECT_EQ(Send("GET", "/api/v1/auth/me", Bearer(admin_key_)).json["role"], "admin");

  // A changed role applies at once; a deleted user's session ends.
  ASSERT_EQ(Send("PUT", "/api/v1/users/ann", Bearer(admin_key_), {{"role", "admin"}}).status, 200);
  EXPECT_EQ(Send("GET", "/api/v1/users", Bearer(ann)).status, 200);
  ASSERT_EQ(Send("DELETE", "/api/v1/users/ann", Bearer(admin_key_)).status, 200);
  EXPECT_EQ(Send("GET", "/api/v1/auth/me", Bearer(ann)).status, 401);
  EXPECT_GE(AuditCount("user_updated"), 1);
  EXPECT_EQ(AuditCount("user_deleted"), 1);
}

TEST_F(UsersE2eTest, ProxyHeaderOnlyFromTrustedPeers) {
  users::UserAuthOptions options;
  options.proxy_header = "X-Forwarded-User";
  options.trusted_proxies = {"10.0.0.0/8"};  // the test client (127.0.0.1) is not one
  StartServer(options);
  ASSERT_EQ(CreateUser({{"name", "ann"}, {"password", "ann-password-1"}}).status, 201);
  Reply spoofed = Send("GET", "/api/v1/auth/me", {{"X-Forwarded-User", "ann"}});
  EXPECT_EQ(spoofed.status, 403) << spoofed.body;
  EXPECT_EQ(AuditCount("proxy_header_refused"), 1);
  TearDown();

  options.trusted_proxies = {"127.0.0.1/32"};
  StartServer(options);
  ASSERT_EQ(CreateUser({{"name", "ann"}, {"password", "ann-password-1"}}).status, 201);
  Reply proxied = Send("GET", "/api/v1/auth/me", {{"X-Forwarded-User", "ann"}});
  ASSERT_EQ(proxied.status, 200) << proxied.body;
  EXPECT_EQ(proxied.json["name"], "ann");
  EXPECT_EQ(proxied.json["via"], "proxy");
  EXPECT_EQ(Send("GET", "/api/v1/auth/me", {{"X-Forwarded-User", "mallory"}}).status, 401);
}

// Two analysts whose rule is "regions where name_zh = {user.region}" ask the same question
// through the HTTP API (engine, no model): each gets their own region's row — exactly the
// admin's (rule-exempt) row for that region — and the answer cache, shared by both,
// never serves one's answer to the other. The result names the rule in words.
TEST_F(UsersE2eTest, TwoRegionsAskTheSameQuestionAndGetTheirOwnNumbers) {
  StartServer();
  for (auto [name, region] : {std::pair{"east", "华东"}, std::pair{"north", "华北"}}) {
    ASSERT_EQ(CreateUser({{"name", name},
                          {"password", "region-password"},
                          {"attributes", {{"region", region}}},
                          {"agents", {"default"}}})
                  .status,
              201);
  }
  Reply rule = Send("POST", "/api/v1/datasources/default/permissions", Bearer(admin_key_),
                    {{"grantee_kind", "role"},
                     {"grantee", "analyst"},
                     {"kind", "row"},
                     {"table", "regions"},
                     {"predicate", "name_zh = {user.region}"}});
  ASSERT_EQ(rule.status, 201) << rule.body;
  EXPECT_EQ(AuditCount("permission_created"), 1);
  Reply bad = Send("POST", "/api/v1/datasources/default/permissions", Bearer(admin_key_),
                   {{"grantee_kind", "role"},
                    {"grantee", "analyst"},
                    {"kind", "row"},
                    {"table", "regions"},
                    {"predicate", "no_such_column = 1"}});
  EXPECT_EQ(bad.status, 400) << bad.body;
  EXPECT_EQ(Send("GET", "/api/v1/datasources/default/permissions",
                 Bearer(Login("east", "region-password").json["token"]))
                .status,
            403);

  // The expected row per region: the admin's answer (exempt from rules) over every region.
  Reply all = Send("POST", "/api/v1/ask", Bearer(admin_key_),
                   {{"query", "2024年各地区的销售额"}, {"agent_id", "default"}});
  ASSERT_EQ(all.status, 200) << all.body;
  ASSERT_GE(all.json["result"]["rows"].size(), 7u) << all.body.substr(0, 3000);
  auto expected = [&](const std::string& region) {
    for (const Json& row : all.json["result"]["rows"]) {
      if (row.dump().find(region) != std::string::npos) return row.dump();
    }
    return std::string();
  };

  std::map<std::string, Reply> answers;
  for (int round = 0; round < 2; ++round) {  // the second round may come from the cache
    for (const char* name : {"east", "north"}) {
      const std::string token = Login(name, "region-password").json["token"];
      Reply r = Send("POST", "/api/v1/ask", Bearer(token),
                     {{"query", "2024年各地区的销售额"}, {"agent_id", "default"}});
      ASSERT_EQ(r.status, 200) << r.body;
      answers[std::string(name) + std::to_string(round)] = r;
    }
  }
  for (int round = 0; round < 2; ++round) {
    for (auto [name, region] : {std::pair{"east", "华东"}, std::pair{"north", "华北"}}) {
      const Reply& r = answers[std::string(name) + std::to_string(round)];
      const Json& rows = r.json["result"]["rows"];
      ASSERT_EQ(rows.size(), 1u) << name << " round " << round << ": " << r.body;
      EXPECT_NE(rows.dump().find(region), std::string::npos) << r.body;
      EXPECT_EQ(rows[0].dump(), expected(region)) << name << " round " << round;
      EXPECT_NE(r.json.value("permissions", "").find(region), std::string::npos) << r.body;
    }
  }
  EXPECT_NE(answers["east0"].json["result"].dump(), answers["north0"].json["result"].dump());
}

}  // namespace
}  // namespace askdb::server::api
