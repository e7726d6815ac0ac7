// SqliteConnector: a read-only connection to one SQLite database file.
//
// Read-only is enforced by the engine, never by looking at the SQL text: the file is opened
// SQLITE_OPEN_READONLY (it is never created), PRAGMA query_only is on, an authorizer admits
// only reads (SELECT, column reads, recursive CTEs, functions other than a deny-list such
// as load_extension/readfile/writefile, and a few read-only introspection PRAGMAs), a
// prepared statement must also be read-only by sqlite3_stmt_readonly, extension loading is
// off, defensive mode is on and ATTACH is limited to zero databases. A statement must also
// have been seen by the authorizer as a SELECT or an allowed PRAGMA. A refusal is
// PermissionDenied naming the refused operation. Only one statement runs per Execute; text
// after it other than blanks, comments and ';' is refused.
//
// Check runs the same path up to sqlite3_prepare_v2 and the same read-only and
// one-statement checks, then finalizes the statement without stepping it: SQLite's
// compiler resolves every table, column and function, and nothing is evaluated.
//
// Execute caps rows (fetching one more to set `truncated`), stops at the timeout
// (DeadlineExceeded) and stops when the query's CancellationToken fires or Cancel() is
// called from another thread (Cancelled).
//
// Thread-safety: Execute and Introspect are serialised on one connection by a mutex;
// Cancel may be called from any thread while the connector is alive. The connector owns
// its sqlite3 handle and closes it on destruction.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>

#include "askdb/db/connector.h"

struct sqlite3;
struct sqlite3_stmt;

namespace askdb::db {

// What a user with data permissions may read; names lower case, columns "table.column".
// SQLite names a CTE like a view when it reports a read, so only the catalog's views count.
struct SqliteReadPolicy {
  std::set<std::string> hidden_columns;
  std::set<std::string> protected_tables;
  std::set<std::string> views;
};

struct SqliteOpenOptions {
  // Wait this long for a lock held by another process before failing with Unavailable.
  std::chrono::milliseconds busy_timeout{2'000};
  // Statements longer than this are refused (InvalidArgument) before SQLite parses them.
  int max_sql_bytes = 1 << 20;
  // Largest string or blob a statement may build (SQLITE_LIMIT_LENGTH), bounding memory.
  int max_value_bytes = 64 << 20;
  // VM instructions between two checks of the deadline and the cancellation flags.
  int progress_check_interval = 1'000;
  // Introspection has no per-call timeout in IntrospectOptions; this bounds it.
  std::chrono::milliseconds introspect_timeout{120'000};
  // Text samples longer than this (in bytes) are skipped: they rarely help matching.
  int max_sample_value_bytes = 100;
  // Sample values come from at most this many rows per table, keeping introspection cheap.
  int sample_scan_rows = 10'000;
};

class SqliteConnector final : public Connector {
 public:
  // Opens an existing database file read-only. NotFound when the file does not exist,
  // InvalidArgument when it is a directory or not a SQLite database.
  static StatusOr<std::unique_ptr<SqliteConnector>> Open(std::string_view path,
                                                         const SqliteOpenOptions& options = {});

  // An in-memory database filled by `setup_sql` (trusted text: a test fixture or demo
  // data), then guarded exactly like a file. For fakes and tests.
  static StatusOr<std::unique_ptr<SqliteConnector>> OpenInMemory(
      std::string_view setup_sql, const SqliteOpenOptions& options = {});

  // Only Open and OpenInMemory can build one (the tag is private); public for make_unique.
  struct DbCloser {
    void operator()(sqlite3* db) const;
  };
  class PrivateTag {
    friend class SqliteConnector;
    PrivateTag() = default;
  };
  SqliteConnector(PrivateTag, std::unique_ptr<sqlite3, DbCloser> db, std::string path,
                  std::string display_name, const SqliteOpenOptions& options);
  ~SqliteConnector() override;
  SqliteConnector(const SqliteConnector&) = delete;
  SqliteConnector& operator=(const SqliteConnector&) = delete;

  std::string_view engine() const override { return "sqlite"; }
  const Dialect& dialect() const override;
  std::string display_name() const override { return display_name_; }

  StatusOr<ResultSet> Execute(std::string_view sql, const QueryOptions& options) override;
  Status Check(std::string_view sql, const QueryOptions& options) override;
  StatusOr<DatabaseSchema> Introspect(const IntrospectOptions& options) override;
  void Cancel() override;

  // Execute and Check for a user with data permissions (permissions/permissioned_connector.h),
  // a second check beneath the permission rewrite: the authorizer also refuses any read of a
  // hidden column and any read of a protected table made inside one of `policy.views`.
  StatusOr<ResultSet> ExecuteUnder(std::string_view sql, const QueryOptions& options,
                                   const SqliteReadPolicy& policy);
  Status CheckUnder(std::string_view sql, const QueryOptions& options,
                    const SqliteReadPolicy& policy);

 private:
  enum class Interrupt { kNone, kDeadline, kCancelled };
  // kPrepareOnly stops after the statement compiled and passed the checks (Check).
  enum class Mode { kRun, kPrepareOnly };

  // Applies limits, defensive settings, query_only, the authorizer and the progress
  // handler, then checks the file really is a database. Called once while opening.
  static Status Harden(sqlite3* db, const SqliteOpenOptions& options, std::string_view label);
  void InstallCallbacks();

  static int Authorize(void* self, int action, const char* arg1, const char* arg2,
                       const char* db_name, const char* trigger);
  // Authorize's verdicts on a column read and a function call (the statement guard's and
  // the read policy's refusals go to guard_refusal_), and the refusal of any other action.
  int AuthorizeRead(const char* table, const char* column, const char* trigger);
  int AuthorizeFunction(const char* arg1, const char* name);
  int GuardDeny(std::string why);
  int DenyAction(int action, const char* arg1, const char* arg2);
  static int OnProgress(void* self);
  // Why a user's read policy refuses reading `column` of `table` (inside `view` when not
  // null), or "".
  std::string ReadRefusal(const char* table, const char* column, const char* view) const;
  // Execute and Check with mu_ held.
  StatusOr<ResultSet> ExecuteLocked(std::string_view sql, const QueryOptions& options);
  Status CheckLocked(std::string_view sql, const QueryOptions& options);
  // Names what the authorizer refused in `statement`, for the PermissionDenied message.
  std::string DescribeRefusal(std::string_view statement) const;
  // The PermissionDenied for a statement the authorizer refused.
  Status Refusal(std::string_view statement) const;

  // Prepares and (in kRun) runs one statement; mu_ must be held. `timeout` <= 0 means none.
  // In kPrepareOnly the result has the statement's columns and no rows.
  StatusOr<ResultSet> RunLocked(std::string_view sql, long long max_rows,
                                std::chrono::milliseconds timeout,
                                const std::shared_ptr<const CancellationToken>& cancel,
                                Mode mode = Mode::kRun);
  // Resets what the callbacks record and sets this call's cancellation and deadline.
  void BeginCall(const std::shared_ptr<const CancellationToken>& cancel,
                 std::chrono::milliseconds timeout, std::chrono::steady_clock::time_point start);
  // The one statement of `sql`, compiled and checked to be a read-only query; the caller
  // owns (finalizes) it.
  StatusOr<sqlite3_stmt*> PrepareOneQuery(std::string_view sql, std::chrono::milliseconds timeout);
  // The first real statement of `sql` compiled (null when the text holds only blanks, ";" and
  // comments); `*rest` points past it. The caller owns (finalizes) the statement.
  StatusOr<sqlite3_stmt*> PrepareFirstStatement(std::string_view sql,
                                                std::chrono::milliseconds timeout,
                                                const char** rest);
  // RunLocked's errors: a statement that did not compile, a run stopped before its last row,
  // and the progress handler's interrupt (deadline or cancel) for either.
  Status PrepareError(int rc, std::string_view statement, std::chrono::milliseconds timeout) const;
  Status StepError(int rc, std::string_view sql, std::chrono::milliseconds timeout) const;
  Status InterruptError(std::chrono::milliseconds timeout) const;
  Status IntrospectTable(TableInfo& table, const IntrospectOptions& options);
  // IntrospectTable's stages.
  StatusOr<ResultSet> RunCatalog(const std::string& sql, std::chrono::milliseconds timeout);
  Status ReadColumns(TableInfo& table, std::chrono::milliseconds timeout);
  Status ReadForeignKeys(TableInfo& table, std::chrono::milliseconds timeout);
  Status ReadIndexes(TableInfo& table, std::chrono::milliseconds timeout);
  Status ReadSampleValues(TableInfo& table, const IntrospectOptions& options,
                          std::chrono::milliseconds timeout);

  std::unique_ptr<sqlite3, DbCloser> db_;
  std::string path_;
  std::string display_name_;
  SqliteOpenOptions options_;

  std::mutex mu_;  // serialises Execute and Introspect on db_
  // Per-call state read by the authorizer and progress callbacks; guarded by mu_.
  std::string denied_operation_;
  // Set when the first refusal was a write to an internal table (sqlite_master for DDL,
  // sqlite_stat1 for ANALYZE): the message then names the statement's keyword instead.
  std::string denied_internal_table_;
  // Whether the statement being prepared asked to SELECT or to run an allowed PRAGMA. A
  // statement that does neither (DROP TABLE IF EXISTS on a missing table compiles to a
  // no-op that SQLite calls read-only) is still not a query, and is refused.
  bool saw_query_ = false;
  // Whether the statement is a person's or model's (Execute, Check): the statement guard's
  // function allow-list applies; guard_refusal_ holds its first refusal message.
  bool guarded_ = false;
  std::string guard_refusal_;
  const SqliteReadPolicy* read_policy_ = nullptr;  // set by ExecuteUnder / CheckUnder
  bool has_deadline_ = false;
  std::chrono::steady_clock::time_point deadline_;
  std::shared_ptr<const CancellationToken> cancel_token_;
  Interrupt interrupt_ = Interrupt::kNone;
  // Set by Cancel() from any thread.
  std::atomic<bool> cancel_requested_{false};
};

}  // namespace askdb::db
