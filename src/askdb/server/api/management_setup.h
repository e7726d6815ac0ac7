// OpenManagement: everything `askdb serve` needs for the management API, opened from the
// data directory in one call:
//   - the SQLite management store <data dir>/askdb_server.sqlite;
//   - the SecretBox for passwords and model keys (ASKDB_SECRET_KEY, else the key file
//     <data dir>/secret.key, mode 0600, created on first use);
//   - datasource "default" (the serve --db URL, its password sealed) and agent "default";
//     the already prepared --db datasource is pinned in the DatasourceCache, and its
//     semantic model copied into the store when the store has none;
//   - API keys kept in the store: records of an older <data dir>/server_keys.json are
//     imported once, and an admin key is issued when none is active (`new_admin_key`,
//     to print once).
// The returned object owns all of it; destroy it after the HTTP server and RunService.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "askdb/common/status.h"
#include "askdb/server/security/api_keys.h"

namespace askdb::agent {
struct PreparedDatasource;
}  // namespace askdb::agent
namespace askdb::server::security {
class SecretBox;
}  // namespace askdb::server::security
namespace askdb::server::store {
class ManagementStore;
}  // namespace askdb::server::store

namespace askdb::server::api {

class DatasourceCache;

inline constexpr std::string_view kDefaultSecretKeyFileName = "secret.key";
inline constexpr std::string_view kDefaultModelDirName = "semantic_models";

class ActiveModel;

struct Management {
  Management();
  ~Management();
  Management(Management&&) noexcept;
  Management& operator=(Management&&) noexcept;

  std::unique_ptr<store::ManagementStore> store;
  std::unique_ptr<security::SecretBox> secrets;
  std::unique_ptr<DatasourceCache> datasources;
  std::unique_ptr<security::ApiKeyStore> keys;  // backed by `store`
  std::unique_ptr<ActiveModel> active_model;    // the store's active model, for runs
  std::optional<std::string> new_admin_key;     // set when one was issued now
};

struct ManagementOptions {
  std::filesystem::path data_dir;  // required; must exist
  // server.store_url: empty → SQLite under data_dir; postgres://… → the shared PostgreSQL
  // store (every replica must then use the same secret key: ASKDB_SECRET_KEY).
  std::string store_url;
  std::string db_url;                                   // serve --db (may hold a password)
  std::shared_ptr<agent::PreparedDatasource> prepared;  // the prepared --db datasource
  bool issue_admin_key = true;                          // false with --no-auth
  security::HashOptions hash_options = security::HashOptions::Interactive();
};

StatusOr<Management> OpenManagement(const ManagementOptions& options);

}  // namespace askdb::server::api
