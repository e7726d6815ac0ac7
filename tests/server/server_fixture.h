// The set-up the server e2e tests share (management_api_test, agent_isolation_test,
// terms_api_test, users_e2e_test): a temp directory holding the demo database, prepared
// and pinned as datasource "default" in a DatasourceCache over a SqliteManagementStore
// (with the default agent), a random SecretBox, an API key store with an admin key and
// its authenticator, SQLite checkpoints; then a RunService and the real HTTP server on
// 127.0.0.1 (a port of its own), and an httplib client to call it. Each test adds what is
// its own (agents, keys, models, users, terms) between BuildBase and StartServer.
#pragma once

#include <gtest/gtest.h>
#include <httplib.h>

#include <filesystem>
#include <memory>
#include <string>

#include "askdb/agent/ask/datasource.h"
#include "askdb/agent/graph/sqlite_checkpoint_store.h"
#include "askdb/common/json.h"
#include "askdb/permissions/permission_store.h"
#include "askdb/server/api/api_server.h"
#include "askdb/server/api/datasource_cache.h"
#include "askdb/server/api/mcp_endpoint.h"
#include "askdb/server/api/run_service.h"
#include "askdb/server/http.h"
#include "askdb/server/security/api_keys.h"
#include "askdb/server/security/secret_box.h"
#include "askdb/server/store/sqlite_management_store.h"
#include "askdb/server/users/user_auth.h"
#include "askdb/server/users/user_store.h"

namespace askdb::server::api::test {

inline constexpr char kHost[] = "127.0.0.1";

// A reply of the server: status 0 when the request failed; `json` null when the body is
// not JSON.
struct Reply {
  int status = 0;
  std::string body;
  Json json;
  httplib::Headers headers;
};

Reply ToReply(const httplib::Result& result);
httplib::Headers Bearer(const std::string& key);

struct BaseOptions {
  std::string prefix;                       // the temp directory: askdb_<prefix>_<pid>_<test>
  std::string store_file = "store.sqlite";  // the management store, in the directory
  bool semantic_model = true;               // write the demo's semantic model beside it
};

class ServerFixture : public ::testing::Test {
 protected:
  // Everything up to the run service. Fatal failures end it early: callers check
  // HasFatalFailure().
  void BuildBase(const BaseOptions& options);
  // Accounts, sign-in and data permissions on the management store, as askdb serve opens
  // them (after BuildBase): fills users_, auth_ and rules_, and hands them to `deps` and
  // `api_deps` for StartServer.
  void OpenUsersAndRules(RunServiceDeps& deps, ApiServerDeps& api_deps,
                         users::UserAuthOptions auth_options = {});
  // A RunService from `deps` (datasource, checkpoints, store and datasources filled in
  // when unset) and the HTTP server with `api_deps` (runs, authenticator and the
  // management store, datasources, secrets, keys and key hash options filled in; with
  // `api_deps.mcp` set, its backend's runs, store and datasources too).
  void StartServer(RunServiceDeps deps, ApiServerDeps api_deps,
                   const RunServiceOptions& run_options = {},
                   const ApiServerOptions& api_options = {}, HttpServerOptions http_options = {});
  void TearDown() override;

  httplib::Client Client() const;
  // `method` GET, POST, PUT, PATCH or DELETE with `body` as the JSON text of the request.
  Reply Send(const std::string& method, const std::string& path, const httplib::Headers& headers,
             const std::string& body) const;

  std::filesystem::path dir_;
  std::filesystem::path db_path_;  // the demo database file
  std::filesystem::path store_path_;
  std::string db_url_;
  std::shared_ptr<agent::PreparedDatasource> demo_;  // pinned as "default"
  std::unique_ptr<store::SqliteManagementStore> store_;
  std::unique_ptr<security::SecretBox> secrets_;
  std::unique_ptr<DatasourceCache> datasources_;
  std::unique_ptr<security::ApiKeyStore> keys_;
  std::unique_ptr<security::ApiKeyAuthenticator> authenticator_;
  std::unique_ptr<agent::SqliteCheckpointStore> checkpoints_;
  std::unique_ptr<RunService> runs_;
  std::unique_ptr<HttpServer> server_;
  std::string admin_key_;
  std::unique_ptr<users::UserStore> users_;  // OpenUsersAndRules
  std::unique_ptr<users::UserAuth> auth_;
  std::unique_ptr<permissions::PermissionStore> rules_;
  McpEndpointOptions mcp_options_;  // StartServer's copy of `api_deps.mcp`, filled in
};

}  // namespace askdb::server::api::test
