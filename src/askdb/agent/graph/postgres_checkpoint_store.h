// PostgresCheckpointStore: the CheckpointStore for scale-out. Several askdb processes (serve
// replicas, CLI invocations) open the same PostgreSQL database and share every thread's
// latest checkpoint, so a run interrupted on one process resumes on another.
//
// Layout: table agent_checkpoints (thread_id primary key, list columns, body = the whole
// checkpoint as JSON text, kept as text so the state's key order round-trips exactly) and
// table schema_versions (component "checkpoints"), the same layout as the SQLite store. Open
// creates them when missing under a transaction-scoped advisory lock (two processes starting
// together do not race on CREATE TABLE) and refuses a newer schema version.
//
// Save is one INSERT ... ON CONFLICT DO UPDATE statement (its own transaction): Saves of
// different threads touch different rows and never conflict; for one thread the last
// write wins, as the contract says.
//
// URL: postgres://USER:PASSWORD@HOST:PORT/DATABASE?k=v (also postgresql://). The role needs
// CREATE on the schema the first time (or tables created beforehand), then
// SELECT/INSERT/UPDATE/DELETE. askdb's own parameters: `schema=NAME` (tables live in that
// schema, created when missing; lets several deployments or tests share one database),
// `password_file=PATH`, `pool_size=N`; libpq's sslmode, sslrootcert, sslcert, sslkey,
// application_name and connect_timeout pass through. Password: the URL, password_file=,
// then ASKDB_STORE_PASSWORD, then libpq's own (PGPASSWORD, ~/.pgpass). Errors and logs name
// the URL with the password replaced by ***.
//
// Thread-safe: every call takes a session from a small pool (pool_size, default 4); a
// session found broken is dropped and the call retried once on a fresh connection, so the
// store recovers when the server restarts.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "askdb/agent/graph/checkpoint_store.h"

namespace askdb::db::server {
template <typename Session>
class SessionPool;
}  // namespace askdb::db::server
namespace askdb::db::postgres_internal {
class Session;  // db/postgres/pg_session.h
}  // namespace askdb::db::postgres_internal

namespace askdb::agent {

struct PostgresCheckpointStoreOptions {
  std::size_t pool_size = 4;  // connections at most; the URL's pool_size= wins
  std::chrono::milliseconds connect_timeout{10'000};
  // Server-side limit of one statement (statement_timeout), so a stuck lock cannot hang a
  // run forever.
  std::chrono::milliseconds statement_timeout{30'000};
  // How long a call waits for a free pooled connection.
  std::chrono::milliseconds acquire_timeout{30'000};
  // Tables live in this schema (created when missing); the URL's schema= wins over it.
  // Empty and none in the URL: the role's default search_path. Lower-case letters, digits
  // and '_' only.
  std::string schema;
};

class PostgresCheckpointStore final : public CheckpointStore {
 public:
  // The layout this build writes and reads (table schema_versions, component "checkpoints").
  static constexpr int kSchemaVersion = 1;

  // Connects, creates the tables when missing and checks the schema version.
  // InvalidArgument: not a postgres:// URL, unknown parameter, bad schema name.
  // Unavailable: server unreachable. PermissionDenied: authentication or privileges.
  // NotFound: no such database. FailedPrecondition: written by a newer askdb.
  // ResourceExhausted: libpq cannot allocate a connection.
  static StatusOr<std::unique_ptr<PostgresCheckpointStore>> Open(
      std::string_view url, PostgresCheckpointStoreOptions options = {});

  // Only Open can make the key; the constructor is public for std::make_unique.
  class Key {
    friend class PostgresCheckpointStore;
    Key() = default;
  };
  PostgresCheckpointStore(Key, std::vector<std::pair<std::string, std::string>> conn_params,
                          std::string display_url, PostgresCheckpointStoreOptions options);
  ~PostgresCheckpointStore() override;
  PostgresCheckpointStore(const PostgresCheckpointStore&) = delete;
  PostgresCheckpointStore& operator=(const PostgresCheckpointStore&) = delete;

  Status Save(const Checkpoint& checkpoint) override;
  StatusOr<Checkpoint> Load(std::string_view thread_id) override;
  StatusOr<std::vector<CheckpointSummary>> List() override;
  Status Delete(std::string_view thread_id) override;

  // The URL with the password replaced by "***", for messages.
  const std::string& display_url() const { return display_url_; }
  // Connections currently open (idle or in use); tests check the pool recovers.
  std::size_t open_connections() const;

 private:
  using Session = db::postgres_internal::Session;
  StatusOr<std::unique_ptr<Session>> Connect() const;
  Status CreateSchema();
  Status CreateTables(Session& session);
  Status WithSession(const std::function<Status(Session&)>& fn);

  std::vector<std::pair<std::string, std::string>> conn_params_;  // libpq keywords
  std::string display_url_;
  PostgresCheckpointStoreOptions options_;
  std::unique_ptr<db::server::SessionPool<Session>> pool_;
};

// Run first in every transaction that creates askdb's schema or tables in a PostgreSQL
// store. CREATE ... IF NOT EXISTS is not safe against a concurrent one, and the stores of
// processes starting together share one schema, so they all take turns on one lock.
inline constexpr const char* kPgLockStoreSchema = "SELECT pg_advisory_xact_lock(107148350874113)";

// What the PostgreSQL stores (this one, server/store/postgres_management_store.h,
// permissions/permission_store.h) need from a store URL: libpq keyword/value pairs, the URL with
// "***" for the password, and askdb's own parameters.
struct PgStoreConnection {
  std::vector<std::pair<std::string, std::string>> params;  // libpq keywords, in order
  std::string display_url;
  std::string schema;         // the URL's schema=, else `default_schema`
  std::size_t pool_size = 0;  // the URL's pool_size=, else 0
};
// Parses `url` (postgres:// or postgresql://) and sets the session defaults every
// connection gets: statement_timeout, client_min_messages=warning, TimeZone=UTC and, when a
// schema is named, search_path. `what` names the store in messages ("checkpoint store").
// InvalidArgument for another scheme, an unknown parameter or a bad schema name.
StatusOr<PgStoreConnection> ParsePgStoreUrl(std::string_view url, std::string_view what,
                                            std::string default_schema,
                                            std::chrono::milliseconds connect_timeout,
                                            std::chrono::milliseconds statement_timeout);
// The checkpoint store named by `store_url` (the server.store_url setting): empty → the
// SQLite file under the data directory; postgres:// or postgresql:// → PostgreSQL.
// InvalidArgument for any other scheme.
StatusOr<std::unique_ptr<CheckpointStore>> OpenCheckpointStore(std::string_view store_url);

}  // namespace askdb::agent
