// MysqlConnector: read-only access to one MySQL or MariaDB database through the MariaDB
// Connector/C (libmariadb).
//
// Read-only is enforced by the server, never by looking at the SQL text: every session is
// SET SESSION TRANSACTION READ ONLY and each statement runs inside START TRANSACTION READ
// ONLY, always rolled back (writes fail with error 1792). Before it runs, the statement is
// prepared on the server (not executed): the server's parser refuses a second statement
// (CLIENT_MULTI_STATEMENTS is never set), and a statement that returns no result set — DML,
// DDL, SET, LOCK, transaction control, SELECT ... INTO OUTFILE, CALL — or that cannot be
// prepared at all (HANDLER, LOAD DATA) is refused. LOAD DATA LOCAL is off in the client.
// The statement guard (mysql_statement_guard.h) limits what a query may reference to the
// datasource's tables and functions that only compute, and Open refuses a privileged
// account (FILE, SUPER, ALL PRIVILEGES, grants on mysql.*, ...) unless allow_privileged_role
// is set (docs/databases.md).
//
// Execute caps rows server-side (sql_select_limit = max_rows + 1; the extra row sets
// `truncated`), limits the statement server-side (MariaDB max_statement_time, MySQL
// max_execution_time) and client-side (a watchdog issues KILL QUERY at the deadline or on
// cancellation, and closes the socket if the server does not stop within a grace period).
//
// Check runs only that server-side prepare (the server resolves every table, column and
// function; nothing is executed) with the same refusals, under the same watchdog, then
// closes the statement.
//
// Sessions come from a bounded pool; broken sessions are dropped and replaced, and a
// statement that failed before reaching the server on a stale pooled session is retried
// once on a fresh one.
//
// Thread-safety: Execute, Introspect and Cancel may be called from any thread.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>

#include "askdb/db/connector.h"

namespace askdb::db {

struct DatabaseUrl;

namespace mysql_internal {
class Session;
struct ConnectParams;
}  // namespace mysql_internal
namespace server {
template <typename Session>
class SessionPool;
}  // namespace server

struct MysqlOptions {
  size_t max_sessions = 4;
  std::chrono::milliseconds connect_timeout{10'000};
  // After KILL QUERY, how long to wait for the statement to stop before the socket is shut.
  std::chrono::milliseconds cancel_grace{2'000};
  std::chrono::milliseconds poll_interval{20};  // how often the watchdog polls the token
  size_t max_sql_bytes = 1 << 20;
  std::chrono::milliseconds introspect_timeout{120'000};
  int max_sample_value_bytes = 100;
  int sample_scan_rows = 10'000;
  int sample_batch_columns = 64;
  // Tables whose estimated row count is below this are counted exactly (cheap, and
  // InnoDB's estimates are rough for small tables).
  long long exact_count_below = 100'000;
  int exact_count_batch_tables = 200;
  // Open refuses an account that can do more than read data (FILE, SUPER, ALL PRIVILEGES,
  // grants on mysql.*, ...) unless this is set or the URL says allow_privileged_role=true.
  bool allow_privileged_role = false;
};

class MysqlConnector final : public Connector {
 public:
  // Connects once so that bad credentials fail here. Errors: Unavailable (unreachable,
  // timeout), PermissionDenied (access denied, TLS required), NotFound (unknown database),
  // InvalidArgument (unknown URL parameter).
  static StatusOr<std::unique_ptr<MysqlConnector>> Open(const DatabaseUrl& url,
                                                        const MysqlOptions& options = {});

  class PrivateTag {
    friend class MysqlConnector;
    PrivateTag() = default;
  };
  MysqlConnector(PrivateTag, std::unique_ptr<mysql_internal::ConnectParams> params,
                 std::string display_name, std::string database, const MysqlOptions& options);
  ~MysqlConnector() override;
  MysqlConnector(const MysqlConnector&) = delete;
  MysqlConnector& operator=(const MysqlConnector&) = delete;

  std::string_view engine() const override { return "mysql"; }
  const Dialect& dialect() const override;
  std::string display_name() const override { return display_name_; }

  StatusOr<ResultSet> Execute(std::string_view sql, const QueryOptions& options) override;
  Status Check(std::string_view sql, const QueryOptions& options) override;
  StatusOr<DatabaseSchema> Introspect(const IntrospectOptions& options) override;
  void Cancel() override;

  size_t open_sessions() const;

 private:
  using Session = mysql_internal::Session;

  StatusOr<std::unique_ptr<Session>> Connect() const;
  void Finish(std::unique_ptr<Session> session);
  class Watchdog;  // stops the statement running on a session at the deadline or on cancel
  // Prepares `sql` on the server without running it; refuses what Execute would not run.
  // `server_error`, when given, receives the server's error (code 0 when it prepared).
  struct ServerError {
    unsigned code = 0;
    std::string message;
  };
  Status PrepareOnly(Session& session, std::string_view sql, ServerError* server_error = nullptr);
  StatusOr<ResultSet> RunChecked(Session& session, std::string_view sql,
                                 const QueryOptions& options,
                                 std::chrono::steady_clock::time_point deadline);
  Status IntrospectIn(Session& session, const IntrospectOptions& options, DatabaseSchema& schema);
  // Refuses a privileged account (see MysqlOptions::allow_privileged_role).
  Status CheckRole(Session& session, const std::string& user);
  // A pooled session that answers a ping; a dead idle one is replaced once.
  StatusOr<std::unique_ptr<Session>> AcquireLive(std::chrono::steady_clock::time_point deadline);
  // PrepareOnly bounded by the deadline and the query's cancellation.
  Status PrepareWatched(Session& session, std::string_view sql, const QueryOptions& options,
                        std::chrono::steady_clock::time_point deadline,
                        ServerError* server_error = nullptr);
  // Prepares `sql` on a pooled session without running it: the server's error, or OK.
  Status PrepareOnServer(std::string_view sql, const QueryOptions& options,
                         std::chrono::steady_clock::time_point deadline);

  std::unique_ptr<mysql_internal::ConnectParams> params_;
  std::string display_name_;
  std::string database_;
  MysqlOptions options_;
  std::unique_ptr<server::SessionPool<Session>> pool_;
  // The server's other databases (lower-case), for the statement guard; set by Open.
  std::set<std::string> other_databases_;

  // Cancel() bumps the epoch and wakes the watchdogs of running statements.
  std::atomic<uint64_t> cancel_epoch_{0};
  std::mutex watch_mu_;
  std::condition_variable watch_cv_;
};

}  // namespace askdb::db
