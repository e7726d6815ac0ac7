// The statement guard's policy: what a statement run on behalf of a person or a model may
// reference — the tables of the datasource's catalog and functions that only compute. It is
// the one place that lists which functions are allowed (per engine) and why the well-known
// dangerous ones are refused (server files, large objects, signalling backends, settings,
// sleeping, other servers, queries given as text), and it words the refusals.
//
// The engines apply it to what a statement references after parsing, never to its text:
// SQLite through its authorizer (every function call and table read the compiler resolves),
// PostgreSQL through PostgreSQL's own parser (libpg_query, postgres/pg_statement_guard.h),
// MySQL/MariaDB through a lexer that refuses what it cannot prove safe plus the server's
// EXPLAIN for the tables (mysql/mysql_statement_guard.h). It guards Connector::Execute and
// Check; askdb's own introspection queries do not pass through it.
//
// Also here: the privileged-role refusal message shared by the server connectors.
//
// Thread-safety: pure functions over constant tables.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/status.h"

namespace askdb::db::guard {

enum class Engine { kSqlite, kPostgres, kMysql };

// Empty when `name` (unqualified; any case) is a function a query may call on `engine`,
// else why not ("it reads files on the database server").
std::string FunctionRefusalReason(Engine engine, std::string_view name);

// Whether `name` is a known dangerous function on any engine (used where a name may be a
// function in disguise, e.g. PostgreSQL's `(expr).func` attribute notation).
bool IsKnownDangerousFunction(std::string_view name);

// PermissionDenied: "function NAME is not allowed: REASON ...".
Status FunctionRefused(std::string_view name, std::string_view reason);
// PermissionDenied: "table NAME is not allowed: REASON ...".
Status TableRefused(std::string_view name, std::string_view reason);
// PermissionDenied for a statement the guard could not prove safe.
Status Unprovable(std::string_view what);

// A privilege of the connected role that makes it unsafe for askdb.
struct RolePrivilege {
  std::string name;  // "superuser (rolsuper)", "member of pg_read_server_files", "FILE"
  std::string why;   // "it can read any file on the database server"
};

// PermissionDenied refusing to use a privileged role: names each privilege and why it
// matters, gives the SQL that creates a read-only role for `engine`, and the settings that
// accept the risk (the URL parameter allow_privileged_role=true).
Status PrivilegedRoleRefused(Engine engine, std::string_view role, std::string_view where,
                             std::string_view database,
                             const std::vector<RolePrivilege>& privileges);

// The SQL that creates a SELECT-only role for askdb (also in docs/databases.md).
std::string ReadOnlyRoleSql(Engine engine, std::string_view database);

// Parses the URL parameter allow_privileged_role ("true"/"1"/"yes"/"on", "false"/...).
StatusOr<bool> ParseAllowPrivilegedRole(std::string_view value);

}  // namespace askdb::db::guard
