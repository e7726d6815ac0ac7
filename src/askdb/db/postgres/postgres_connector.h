// PostgresConnector: read-only access to one PostgreSQL database through libpq.
//
// Read-only is enforced by the server, never by looking at the SQL text: every session
// starts with default_transaction_read_only=on, every statement runs inside
// BEGIN TRANSACTION READ ONLY (so writes, nextval, SELECT ... FOR UPDATE fail with
// SQLSTATE 25006) and is wrapped in DECLARE CURSOR over the extended protocol, which
// admits exactly one SELECT or VALUES statement (no DML, DDL, COPY, DO, SET, transaction
// control, data-modifying CTE, and no second statement). The transaction is always rolled
// back. What a SELECT may reference is limited by the statement guard
// (pg_statement_guard.h): the datasource's tables and functions that only compute. Open
// refuses a privileged role (superuser, pg_read_server_files, ...) unless
// allow_privileged_role is set (docs/databases.md).
//
// Execute fetches at most max_rows + 1 rows from the cursor (the extra row sets
// `truncated`), limits the statement server-side (SET LOCAL statement_timeout) and
// client-side (a deadline on the socket wait, then PQcancel, then the connection is dropped
// if the server does not answer within a grace period), and stops on the query's
// CancellationToken or Cancel() (PQcancel).
//
// Check prepares the same DECLARE CURSOR wrapper as the unnamed statement (a Parse
// message: parse analysis binds every table, column and function, and nothing is planned
// or run) inside the same read-only transaction with statement_timeout, then rolls back.
//
// Sessions come from a bounded pool; a session found broken is dropped and replaced, and a
// statement that failed before reaching the server on a stale pooled session is retried
// once on a fresh one.
//
// Thread-safety: Execute, Introspect and Cancel may be called from any thread; each
// statement runs on its own pooled session. The connector owns its sessions.
#pragma once

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>

#include "askdb/db/connector.h"

namespace askdb::db {

struct DatabaseUrl;

namespace postgres_internal {
class Session;
struct Call;
}  // namespace postgres_internal
namespace server {
template <typename Session>
class SessionPool;
}  // namespace server

struct PostgresOptions {
  size_t max_sessions = 4;  // pool size: statements beyond this wait for a free session
  std::chrono::milliseconds connect_timeout{10'000};
  // After a cancel request, how long to wait for the server to stop before the connection
  // is dropped (a server that does not answer a cancel is gone or stuck).
  std::chrono::milliseconds cancel_grace{2'000};
  // Socket wait slice between checks of the deadline and the cancellation flags.
  std::chrono::milliseconds poll_interval{20};
  size_t max_sql_bytes = 1 << 20;
  // Introspection has no per-call timeout in IntrospectOptions; this bounds it.
  std::chrono::milliseconds introspect_timeout{120'000};
  int max_sample_value_bytes = 100;    // longer text samples are skipped
  int sample_scan_rows = 10'000;       // samples come from at most this many rows per table
  int sample_batch_columns = 64;       // sample queries per round trip (UNION ALL)
  int exact_count_batch_tables = 200;  // COUNT(*) per round trip for never-analysed tables
  // Open refuses a role that can do more than read data (superuser, pg_read_server_files,
  // ...) unless this is set or the URL says allow_privileged_role=true.
  bool allow_privileged_role = false;
};

class PostgresConnector final : public Connector {
 public:
  // Connects once (so that a wrong password or unknown database fails here, with a clear
  // message) and keeps that session in the pool. Errors: Unavailable (unreachable host,
  // server down, timeout), PermissionDenied (authentication, TLS required, no CONNECT
  // right, or a privileged role without allow_privileged_role), NotFound (unknown database),
  // InvalidArgument (unknown URL parameter).
  static StatusOr<std::unique_ptr<PostgresConnector>> Open(const DatabaseUrl& url,
                                                           const PostgresOptions& options = {});

  class PrivateTag {
    friend class PostgresConnector;
    PrivateTag() = default;
  };
  PostgresConnector(PrivateTag, std::vector<std::pair<std::string, std::string>> conn_params,
                    std::string display_name, std::string database, const PostgresOptions& options);
  ~PostgresConnector() override;
  PostgresConnector(const PostgresConnector&) = delete;
  PostgresConnector& operator=(const PostgresConnector&) = delete;

  std::string_view engine() const override { return "postgres"; }
  const Dialect& dialect() const override;
  std::string display_name() const override { return display_name_; }

  StatusOr<ResultSet> Execute(std::string_view sql, const QueryOptions& options) override;
  Status Check(std::string_view sql, const QueryOptions& options) override;
  StatusOr<DatabaseSchema> Introspect(const IntrospectOptions& options) override;
  void Cancel() override;

  // Sessions currently open (idle or busy), for tests of the pool.
  size_t open_sessions() const;

 private:
  using Session = postgres_internal::Session;
  using Call = postgres_internal::Call;  // one statement's deadline, token, interrupt state

  StatusOr<std::unique_ptr<Session>> Connect() const;
  // A session in a fresh READ ONLY transaction with statement_timeout set; retries once
  // on a new session when a pooled one turns out to be dead.
  StatusOr<std::unique_ptr<Session>> BeginReadOnly(Call& call);
  void Finish(std::unique_ptr<Session> session);
  // Prepares `sql` inside the cursor wrapper without running it (Check).
  Status PrepareCursor(Session& session, std::string_view sql, Call& call);
  StatusOr<ResultSet> RunCursor(Session& session, std::string_view sql, long long max_rows,
                                Call& call);
  Status DescribeColumns(Session& session, Call& call, ResultSet& result,
                         const std::vector<std::pair<unsigned, int>>& types);
  Status IntrospectIn(Session& session, Call& call, const IntrospectOptions& options,
                      DatabaseSchema& schema);
  // Refuses a privileged role (see PostgresOptions::allow_privileged_role).
  Status CheckRole(Session& session, const std::string& user);
  // The statement guard (pg_statement_guard.h) in front of Execute and Check; a statement
  // the parser cannot read runs only if the server cannot parse it either (its error wins).
  Status GuardStatement(std::string_view sql, Call& call);

  std::vector<std::pair<std::string, std::string>> conn_params_;  // holds the password
  std::string display_name_;
  std::string database_;
  PostgresOptions options_;
  std::unique_ptr<server::SessionPool<Session>> pool_;
  // Cancel() bumps the epoch; a running statement that sees a new epoch cancels itself.
  std::atomic<uint64_t> cancel_epoch_{0};

  std::mutex type_names_mu_;
  std::map<std::pair<unsigned, int>, std::string> type_names_;  // (oid, typmod) → name
};

}  // namespace askdb::db
