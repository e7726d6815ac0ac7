// SharedAnswerCacheStore: the answer cache's entries in the management database (its own two
// tables beside the management store's, through SqlManagementStore::ReadWith/WriteWith), so
// that several `askdb serve` processes over one PostgreSQL store (server.store_url) share
// what any of them answered. One schema and one set of statements serve SQLite and
// PostgreSQL: BIGINT and TEXT read the same in both, vectors are kept as JSON text.
//
//   answer_cache_datasources(datasource PK, fingerprint, version)
//   answer_cache_entries(datasource, normalized, question, sql, result, slots, embedder,
//                        embedding, stored_at_ms, version; PK (datasource, normalized))
//   answer_cache_erasures(datasource, normalized, version; PK (datasource, normalized))
//
// Same contract as cache::SqliteAnswerCacheStore (cache/answer_cache_store.h): versions are
// numbered inside each Put's transaction, each datasource keeps at most `max_entries` rows.
// Thread-safe (the management store's lock).
#pragma once

#include <memory>

#include "askdb/cache/answer_cache_store.h"

namespace askdb::server::store {
class ManagementStore;
class SqlManagementStore;
}  // namespace askdb::server::store

namespace askdb::server::api {

class SharedAnswerCacheStore final : public cache::AnswerCacheStore {
 public:
  // Creates the tables when missing. FailedPrecondition when `db` is not one of askdb's SQL
  // management stores; the store's error when the tables cannot be created.
  static StatusOr<std::unique_ptr<SharedAnswerCacheStore>> Open(store::ManagementStore& db,
                                                                size_t max_entries = 1000);

  StatusOr<std::optional<cache::StoredDatasource>> State(std::string_view datasource) override;
  Status Reset(std::string_view datasource, std::string_view fingerprint) override;
  StatusOr<std::vector<cache::StoredAnswer>> Load(
      std::string_view datasource, int64_t after_version = cache::kAllVersions) override;
  StatusOr<int64_t> Put(const cache::StoredAnswer& answer) override;
  StatusOr<int64_t> Erase(std::string_view datasource, std::string_view normalized) override;

 private:
  SharedAnswerCacheStore(store::SqlManagementStore& db, size_t max_entries)
      : db_(db), max_entries_(max_entries) {}

  store::SqlManagementStore& db_;
  size_t max_entries_;
};

}  // namespace askdb::server::api
