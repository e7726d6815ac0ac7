// PostgresManagementStore: the ManagementStore in a PostgreSQL database (server.store_url),
// shared by several `askdb serve` processes — scale-out: agents, datasources, sessions, run
// history and API keys created through one process are seen by all of them.
//
// Same tables and columns as the SQLite store (management_store.h), with BIGINT for the
// *_ms columns; created when missing under a transaction-scoped advisory lock, with a
// schema_versions row (component "management"); a newer version is refused with
// FailedPrecondition. URL as for PostgresCheckpointStore (postgres_checkpoint_store.h):
// postgres://USER:PASSWORD@HOST:PORT/DB with askdb's `schema=NAME` and `password_file=PATH`
// and libpq's sslmode, sslrootcert, sslcert, sslkey, application_name, connect_timeout;
// password also from ASKDB_STORE_PASSWORD or PGPASSWORD. Messages show the URL with ***.
//
// Every write is one SERIALIZABLE transaction, retried a few times when PostgreSQL reports
// a serialization failure, so the check-then-write steps (AlreadyExists, references,
// message numbering, one active model) hold across processes as they do in SQLite.
//
// Thread-safe: one connection guarded by a mutex; a connection found broken is re-opened
// before the next call, and a read that failed on it is retried once.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <string_view>

#include "askdb/server/store/sql_management_store.h"

namespace askdb::server::store {

struct PostgresManagementStoreOptions {
  std::chrono::milliseconds connect_timeout{10'000};
  std::chrono::milliseconds statement_timeout{30'000};  // server-side, per statement
  int max_write_attempts = 10;   // serialization failures are retried this many times
  std::string schema;            // the URL's schema= wins over it; empty and none: search_path
  const Clock* clock = nullptr;  // null: the system clock
};

class PostgresManagementStore final : public SqlManagementStore {
 public:
  static constexpr int kSchemaVersion = 1;

  // Connects, creates the tables when missing and checks the schema version. Errors as
  // PostgresCheckpointStore::Open: InvalidArgument (URL), Unavailable, PermissionDenied,
  // NotFound (database), FailedPrecondition (newer schema).
  static StatusOr<std::unique_ptr<PostgresManagementStore>> Open(
      std::string_view url, PostgresManagementStoreOptions options = {});
  ~PostgresManagementStore() override;
  PostgresManagementStore(const PostgresManagementStore&) = delete;
  PostgresManagementStore& operator=(const PostgresManagementStore&) = delete;

  // The URL with the password replaced by "***".
  const std::string& display_url() const;

 protected:
  std::unique_ptr<SqlStatement> Prepare(std::string_view sql) const override;
  Status Transaction(const std::function<Status()>& body) override;

 private:
  struct Impl;
  PostgresManagementStore(std::unique_ptr<Impl> impl, const Clock* clock);
  std::unique_ptr<Impl> impl_;
};

}  // namespace askdb::server::store
