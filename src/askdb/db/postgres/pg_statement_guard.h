// The statement guard for PostgreSQL: parses the exact text the server will receive with
// PostgreSQL's own parser (libpg_query, the server's grammar as a library) and walks the
// parse tree for what the statement references — every table (RangeVar, schema-qualified
// or not, including in CTEs, subqueries, LATERAL and table functions) and every function
// (FuncCall, also `(expr).func` attribute notation and schema-qualified operators) — and
// refuses what is not the user's data or a function that only computes (statement_guard.h).
//
// Tables: a reference in pg_catalog, information_schema, pg_toast or a temporary schema, or
// an unqualified name starting with "pg_" (PostgreSQL looks in pg_catalog first), is
// refused; every other table is the datasource's own and left to the server's privileges
// (a missing one is the server's "does not exist"). A name that refers to a CTE in scope is
// not a table at all, whatever it is called: `WITH pg_authid AS (...)` is allowed, and a
// CTE's body is checked like any query.
//
// Thread-safety: pure function; libpg_query keeps its memory per thread.
#pragma once

#include <string_view>

#include "askdb/common/status.h"

namespace askdb::db::postgres_internal {

enum class GuardVerdict {
  kAllowed,        // one SELECT that references only allowed tables and functions
  kLeaveToServer,  // not a single SELECT (DML, DDL, several statements): the server refuses
  kUnparsed,       // the parser failed: run only if the server also fails to parse it
};

// `wrapped_sql` is the statement as sent (inside askdb's DECLARE CURSOR wrapper, or bare).
// Errors: PermissionDenied naming the refused table or function.
StatusOr<GuardVerdict> GuardPostgresStatement(std::string_view wrapped_sql);

}  // namespace askdb::db::postgres_internal
