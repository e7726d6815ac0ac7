// PermissionStore: the data-permission rules (rules.h), kept in the management database in
// their own table `permission_rules` (SQLite file by default, PostgreSQL for several server
// processes), beside but not inside the ManagementStore interface.
//
// Table: permission_rules(id TEXT PRIMARY KEY, datasource_id TEXT, body TEXT (RuleToJson),
// created_ms, updated_ms), with a schema_versions-style row in permission_schema_version.
// Validation against the catalog (ValidateRule) is the caller's, who has the schema: Put
// only checks the record on its own (RuleFromJson's checks).
//
// Thread-safe: one connection guarded by a mutex.
#pragma once

#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/status.h"
#include "askdb/permissions/rules.h"

namespace askdb::permissions {

class PermissionStore {
 public:
  virtual ~PermissionStore() = default;

  // Every rule, or those of one datasource (empty id: all), ordered by id.
  virtual StatusOr<std::vector<PermissionRule>> List(std::string_view datasource_id) const = 0;
  // NotFound when no rule has this id.
  virtual StatusOr<PermissionRule> Get(std::string_view id) const = 0;
  // Creates (empty id: a new id is assigned) or replaces the rule; returns it as stored.
  // InvalidArgument for an incomplete rule.
  virtual StatusOr<PermissionRule> Put(const PermissionRule& rule) = 0;
  // NotFound when no rule has this id.
  virtual Status Delete(std::string_view id) = 0;
};

// The SQLite store in `path` (the management database file, e.g.
// <data dir>/askdb_server.sqlite); creates its table when missing.
StatusOr<std::unique_ptr<PermissionStore>> OpenSqlitePermissionStore(
    const std::filesystem::path& path,
    std::chrono::milliseconds busy_timeout = std::chrono::milliseconds(5'000));

// The PostgreSQL store at `url` (server.store_url: postgres://USER:PASSWORD@HOST:PORT/DB,
// with askdb's schema=NAME); creates its table when missing.
StatusOr<std::unique_ptr<PermissionStore>> OpenPostgresPermissionStore(std::string_view url);

}  // namespace askdb::permissions
