// Connector: one connection to one user database, read-only. Every statement askdb runs
// on user data goes through Execute, which enforces read-only in the engine itself (not by
// pattern matching), runs a single statement, caps rows, honours a timeout and can be
// cancelled from another thread.
//
// Thread-safety: Execute and Introspect may be called from several threads; an
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

  virtual StatusOr<DatabaseSchema> Introspect(const IntrospectOptions& options) = 0;

  // Interrupts whatever statement is running now; it fails with Cancelled.
  virtual void Cancel() = 0;
};

}  // namespace askdb::db
