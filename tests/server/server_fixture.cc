#include "tests/server/server_fixture.h"

#include <unistd.h>

#include <chrono>

#include "askdb/db/connector_registry.h"
#include "askdb/demo/demo_database.h"
#include "askdb/server/api/management_api.h"
#include "askdb/server/httplib_server.h"
#include "askdb/server/store/management_store.h"

namespace askdb::server::api::test {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

Reply ToReply(const httplib::Result& result) {
  Reply reply;
  if (!result) return reply;
  reply.status = result->status;
  reply.body = result->body;
  reply.headers = result->headers;
  StatusOr<Json> parsed = ParseJson(result->body);
  if (parsed.ok()) reply.json = *parsed;
  return reply;
}

httplib::Headers Bearer(const std::string& key) { return {{"Authorization", "Bearer " + key}}; }

void ServerFixture::BuildBase(const BaseOptions& options) {
  dir_ = fs::temp_directory_path() /
         ("askdb_" + options.prefix + "_" + std::to_string(::getpid()) + "_" +
          ::testing::UnitTest::GetInstance()->current_test_info()->name());
  // A directory left by a crashed earlier process with the same pid is stale.
  fs::remove_all(dir_);
  fs::create_directories(dir_);
  db_path_ = dir_ / "retail.sqlite";
  ASSERT_TRUE(demo::CreateDemoDatabase(db_path_).ok());
  if (options.semantic_model) {
    ASSERT_TRUE(demo::WriteDemoSemanticModel(dir_ / "retail.semantic.json").ok());
  }
  db_url_ = "sqlite:" + db_path_.string();
  auto connector = db::OpenConnector(db_url_);
  ASSERT_TRUE(connector.ok()) << connector.status().ToString();
  auto prepared = agent::PrepareDatasource(std::move(connector).value(), db_url_);
  ASSERT_TRUE(prepared.ok()) << prepared.status().ToString();
  demo_ = std::make_shared<agent::PreparedDatasource>(std::move(prepared).value());

  store_path_ = dir_ / options.store_file;
  auto store = store::SqliteManagementStore::Open(store_path_);
  ASSERT_TRUE(store.ok()) << store.status().ToString();
  store_ = std::move(store).value();
  auto secrets = security::SecretBox::Random();
  ASSERT_TRUE(secrets.ok());
  secrets_ = std::make_unique<security::SecretBox>(std::move(secrets).value());
  ASSERT_TRUE(EnsureDefaultAgent(*store_, *secrets_, db_url_).ok());
  datasources_ = std::make_unique<DatasourceCache>(*store_, *secrets_, dir_ / "models");
  datasources_->Pin("default", demo_);

  keys_ = store::NewStoreApiKeyStore(*store_);
  auto admin = security::IssueApiKey(*keys_, security::kAdminScope, security::HashOptions::Min());
  ASSERT_TRUE(admin.ok());
  admin_key_ = admin->key;
  security::AuthenticatorOptions key_options;
  key_options.dummy_hash_options = security::HashOptions::Min();
  auto authenticator = security::ApiKeyAuthenticator::Create(*keys_, key_options);
  ASSERT_TRUE(authenticator.ok());
  authenticator_ = std::move(authenticator).value();

  auto checkpoints = agent::SqliteCheckpointStore::Open(dir_ / "checkpoints.sqlite");
  ASSERT_TRUE(checkpoints.ok());
  checkpoints_ = std::move(checkpoints).value();
}

void ServerFixture::OpenUsersAndRules(RunServiceDeps& deps, ApiServerDeps& api_deps,
                                      users::UserAuthOptions auth_options) {
  auto users = users::UserStore::Open(*store_);
  ASSERT_TRUE(users.ok()) << users.status().ToString();
  users_ = std::move(users).value();
  auth_options.hash = security::HashOptions::Min();
  auto auth = users::UserAuth::Create(*users_, auth_options);
  ASSERT_TRUE(auth.ok()) << auth.status().ToString();
  auth_ = std::move(auth).value();
  auto rules = permissions::OpenSqlitePermissionStore(store_path_);
  ASSERT_TRUE(rules.ok()) << rules.status().ToString();
  rules_ = std::move(rules).value();
  deps.permissions = rules_.get();
  api_deps.users = auth_.get();
  api_deps.permissions = rules_.get();
}

void ServerFixture::StartServer(RunServiceDeps deps, ApiServerDeps api_deps,
                                const RunServiceOptions& run_options,
                                const ApiServerOptions& api_options,
                                HttpServerOptions http_options) {
  if (!deps.datasource) {
    deps.datasource = [demo = demo_]() -> StatusOr<agent::PreparedDatasource*> {
      return demo.get();
    };
  }
  if (deps.checkpoints == nullptr) deps.checkpoints = checkpoints_.get();
  if (deps.store == nullptr) deps.store = store_.get();
  if (deps.datasources == nullptr) deps.datasources = datasources_.get();
  auto runs = RunService::Create(std::move(deps), run_options);
  ASSERT_TRUE(runs.ok()) << runs.status().ToString();
  runs_ = std::move(runs).value();

  http_options.log_access = false;
  server_ = MakeHttplibServer(http_options);
  api_deps.runs = runs_.get();
  api_deps.authenticator = authenticator_.get();
  api_deps.management.store = store_.get();
  api_deps.management.datasources = datasources_.get();
  api_deps.management.secrets = secrets_.get();
  api_deps.management.keys = keys_.get();
  api_deps.management.key_hash_options = security::HashOptions::Min();
  if (api_deps.mcp != nullptr) {
    mcp_options_ = *api_deps.mcp;
    mcp_options_.backend.runs = runs_.get();
    mcp_options_.backend.store = store_.get();
    mcp_options_.backend.datasources = datasources_.get();
    api_deps.mcp = &mcp_options_;
  }
  ASSERT_TRUE(RegisterApiRoutes(*server_, api_deps, api_options).ok());
  ASSERT_TRUE(server_->Start(kHost, 0).ok());
}

void ServerFixture::TearDown() {
  if (server_ != nullptr) {
    (void)GracefulShutdown(*server_, *runs_, std::chrono::steady_clock::now() + 10s);
  }
  server_.reset();
  runs_.reset();
  auth_.reset();
  users_.reset();
  rules_.reset();
  fs::remove_all(dir_);
}

httplib::Client ServerFixture::Client() const {
  httplib::Client client(kHost, server_->port());
  client.set_read_timeout(30, 0);
  return client;
}

Reply ServerFixture::Send(const std::string& method, const std::string& path,
                          const httplib::Headers& headers, const std::string& body) const {
  httplib::Client client = Client();
  if (method == "GET") return ToReply(client.Get(path.c_str(), headers));
  if (method == "POST")
    return ToReply(client.Post(path.c_str(), headers, body, "application/json"));
  if (method == "PUT") return ToReply(client.Put(path.c_str(), headers, body, "application/json"));
  if (method == "PATCH") {
    return ToReply(client.Patch(path.c_str(), headers, body, "application/json"));
  }
  return ToReply(client.Delete(path.c_str(), headers));
}

}  // namespace askdb::server::api::test
