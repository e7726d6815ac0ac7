// SharedSchemaCacheStore: the schema manager's cache documents (the schema cache and the
// column statistics, agent/ask/column_stats_cache.h) in the management database, so that
// every `askdb serve` (and `askdb ask`) over one server.store_url starts warm from what any
// of them fetched and measured, instead of one file per machine. Its own table beside the
// management store's, through SqlManagementStore::ReadWith/WriteWith; one schema and one
// set of statements serve SQLite and PostgreSQL:
//
//   schema_cache_documents(name PK, body, updated_at_ms)
//
// A document is replaced whole in one statement; its entries carry their own checksums, so
// a torn or tampered document is caught by the reader as a file would be. Thread-safe (the
// management store's lock).
#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "askdb/catalog/schema_cache_file.h"

namespace askdb::server::store {
class ManagementStore;
class SqlManagementStore;
}  // namespace askdb::server::store

namespace askdb::server::api {

class SharedSchemaCacheStore final : public catalog::SchemaCacheBackend {
 public:
  // Creates the table when missing. FailedPrecondition when `db` is not one of askdb's SQL
  // management stores; the store's error when the table cannot be created. `db` is borrowed.
  static StatusOr<std::unique_ptr<SharedSchemaCacheStore>> Open(store::ManagementStore& db);

  // The store of `store_url` (PostgreSQL), connected on first use so that commands that
  // never prepare a datasource never connect; when it cannot be opened, the reason is logged
  // once and `fallback` (the data directory) is used instead.
  static std::shared_ptr<catalog::SchemaCacheBackend> Lazy(
      std::string store_url, std::shared_ptr<catalog::SchemaCacheBackend> fallback);

  StatusOr<std::string> Read(std::string_view name) override;
  Status Write(std::string_view name, std::string_view text) override;
  std::string Describe(std::string_view name) const override;

 private:
  explicit SharedSchemaCacheStore(store::SqlManagementStore& db) : db_(db) {}

  store::SqlManagementStore& db_;
};

}  // namespace askdb::server::api
