// SharedDurationStore: plan step durations (agent/plan/duration_history.h) in the management
// database, so that every `askdb serve` and `askdb ask` over one store (server.store_url)
// estimates from the runs of all of them. Its own two tables beside the management store's,
// through SqlManagementStore::ReadWith/WriteWith; one schema and one set of statements serve
// SQLite and PostgreSQL.
//
//   step_duration_keys(tool, query_type, last_seq; PK (tool, query_type))
//   step_duration_samples(tool, query_type, seq, duration_ms; PK (tool, query_type, seq))
//
// Each Append numbers its sample with the key's next sequence number inside its transaction
// (the counter row serialises concurrent appenders) and drops the key's samples older than
// the newest `window`. Thread-safe (the management store's lock).
#pragma once

#include <memory>

#include "askdb/agent/plan/duration_history.h"

namespace askdb::server::store {
class ManagementStore;
class SqlManagementStore;
}  // namespace askdb::server::store

namespace askdb::server::api {

class SharedDurationStore final : public agent::plan::DurationStore {
 public:
  // Creates the tables when missing. FailedPrecondition when `db` is not one of askdb's SQL
  // management stores; the store's error when the tables cannot be created.
  static StatusOr<std::unique_ptr<SharedDurationStore>> Open(store::ManagementStore& db,
                                                             size_t window = 50);

  Status Append(const agent::plan::DurationSample& sample) override;
  StatusOr<std::vector<agent::plan::DurationSample>> LoadAll() override;

 private:
  SharedDurationStore(store::SqlManagementStore& db, size_t window) : db_(db), window_(window) {}

  store::SqlManagementStore& db_;
  size_t window_;
};

}  // namespace askdb::server::api
