// Connector: one connection to one user database, read-only. Every statement askdb runs
// on user data goes through Execute, which enforces read-only in the engine itself (not by
// pattern matching), runs a single statement, caps rows, honours a timeout and can be
// cancelled from another thread. Check asks the engine to compile a statement against the
// live catalog without running it, so that a model-written query can be validated first.
// Both pass the statement guard (statement_guard.h): a statement may reference only the
// datasource's tables and functions that only compute (QueryOptions::internal exempts
// askdb's own fixed catalog queries).
//
// Thread-safety: Execute, Check and Introspect may be called from several threads; an
// implementation serialises them on its connection(s). Cancel is safe from any thread.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <string_view>

#include "askdb/common/cancellation.h"
#include "askdb/common/status.h"
#include "askdb/db/dialect.h"
#include "askdb/db/result_set.h"
#include "askdb/db/schema.h"

namespace askdb::db {

struct QueryOptions {
  long long max_rows = 1000;                        // rows beyond this set ResultSet::truncated
  std::chrono::milliseconds timeout{30'000};        // DeadlineExceeded past this
  std::shared_ptr<const CancellationToken> cancel;  // polled while the statement runs
  // askdb's own fixed catalog queries (a structure fingerprint over pg_catalog or
  // information_schema) set this to pass the statement guard, which otherwise limits a
  // statement to the datasource's tables and computing functions. Never set it for text
  // that came from a person or a model. Read-only, the row cap and the timeout still apply.
  bool internal = false;
};

class Connector {
 public:
  virtual ~Connector() = default;

  virtual std::string_view engine() const = 0;  // "sqlite", "postgres", "mysql"
  virtual const Dialect& dialect() const = 0;
  // Where this connector points, with any password masked, for messages and logs.
  virtual std::string display_name() const = 0;

  // Runs exactly one read statement. Errors: InvalidArgument (empty or several
  // statements), PermissionDenied (a write or other refused operation, saying which),
  // SqlError (syntax or binding, with the engine's message and position),
  // DeadlineExceeded, Cancelled, Unavailable (connection lost).
  virtual StatusOr<ResultSet> Execute(std::string_view sql, const QueryOptions& options) = 0;

  // Validates without executing: OK when `sql` is exactly one read-only statement that the
  // engine parses and binds (every table, column and function resolved against the live
  // catalog). Nothing runs and nothing changes; the engine's own compiler does the work
  // (SQLite prepare, a PostgreSQL unnamed prepared statement, a MySQL server-side prepare).
  // Errors, each message prefixed with "checking the query on <display_name>":
  // InvalidArgument (syntax or binding, carrying the engine's message such as
  // `no such column: x`; also empty text or several statements), PermissionDenied (a write
  // or other refused statement, as Execute reports it), DeadlineExceeded and Cancelled
  // (options.timeout / options.cancel / Cancel() are honoured as in Execute), Unavailable
  // (connection lost). options.max_rows is ignored. Errors that only arise while running
  // (division by zero, a bad cast of a stored value, nextval or FOR UPDATE refused in a
  // read-only transaction) are not detected: Execute still reports them.
  // The default returns Unimplemented, for wrappers and fakes that cannot check.
  virtual Status Check(std::string_view sql, const QueryOptions& options) {
    (void)sql;
    (void)options;
    return UnimplementedError(std::string(engine()) +
                              " connector cannot check a query without running it; "
                              "run it with Execute instead");
  }

  virtual StatusOr<DatabaseSchema> Introspect(const IntrospectOptions& options) = 0;

  // Interrupts whatever statement is running now; it fails with Cancelled.
  virtual void Cancel() = 0;
};

}  // namespace askdb::db
