// The rewrite: a statement as a user may run it. The statement is parsed with PostgreSQL's
// parser (libpg_query) — for MySQL after backtick identifiers are turned into double-quoted
// ones with an exact position map — and every base-table reference (RangeVar) that a rule
// covers is replaced, at the parser's own locations, by
//   (SELECT <visible columns, masked expressions> FROM <table> WHERE <bound predicates>) AS <alias>
// so that the result equals the same query over the filtered, masked tables. Hidden columns
// are not in the subquery, so any reference to them fails to bind on the engine.
//
// Refused (PermissionDenied, saying why) when the datasource has rules for the user: text the
// parser cannot read, several statements, anything but one SELECT, system schemas
// (information_schema, pg_catalog, sqlite_master/sqlite_schema, mysql, performance_schema,
// sys), views not proven to read only unprotected tables (JudgeViews), functions that read
// tables given as text
// (query_to_xml, ...), a table refused by its policy (missing attribute), and
// `SELECT *`-style constructs that would pass a hidden column through a name the rewrite
// cannot see (NATURAL JOIN / USING on a hidden column bind and fail on the engine).
//
// Thread-safety: pure function; libpg_query keeps its memory per thread.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/status.h"
#include "askdb/permissions/rules.h"

namespace askdb::db {
struct DatabaseSchema;
}

namespace askdb::permissions {

struct RewriteResult {
  std::string sql;                  // the statement to run
  std::vector<std::string> tables;  // the protected tables it read (lower case), in order
  bool changed = false;             // false: no reference was covered by a rule
};

// A view's definition as its engine keeps it.
struct ViewDefinition {
  // SQLite: the CREATE VIEW statement (sqlite_master.sql); PostgreSQL: pg_get_viewdef;
  // MySQL: information_schema.VIEWS.VIEW_DEFINITION.
  std::string sql;
  // PostgreSQL: the view depends on a function that is not built in (which may read any
  // table); the definition's text cannot show what that function reads.
  bool calls_user_functions = false;
};

// Lower-case view name -> "" when the view may be used as it is under the user's rules:
// its definition reads, directly or through other views, only catalog tables no rule covers
// — no protected table, no system catalog, no function that reads tables (given by name, a
// PostgreSQL function that is not built in, a MySQL stored function). Otherwise why not.
// Such a view returns exactly what it returns for everyone, which is what the rules allow.
using ViewVerdicts = std::map<std::string, std::string>;

// The verdict on every view of `definitions` (lower-case names) for `policy`.
ViewVerdicts JudgeViews(const std::map<std::string, ViewDefinition>& definitions, SqlEngine engine,
                        const EffectivePolicy& policy, const db::DatabaseSchema& schema);

// `schema` gives each protected table's columns (the subquery lists them explicitly) and its
// views; `views` says which views may be used as they are (JudgeViews; null: none — each
// view is refused). `policy` is the user's (ResolvePolicy).
StatusOr<RewriteResult> RewriteStatement(std::string_view sql, SqlEngine engine,
                                         const EffectivePolicy& policy,
                                         const db::DatabaseSchema& schema,
                                         const ViewVerdicts* views = nullptr);

// `predicate` with each {user.X} replaced by the value of X in `attributes`, as a string
// literal quoted for `engine` (no value can end the literal, whatever the engine's escape
// settings). PermissionDenied naming the attribute when the user has none of that name.
StatusOr<std::string> BindPredicate(std::string_view predicate,
                                    const std::map<std::string, std::string>& attributes,
                                    SqlEngine engine);

// Ok when `predicate` is one plain condition the rewrite can apply on `engine`: it parses,
// cannot break out of its parentheses, has no subquery, table or comment. Else
// PermissionDenied saying why (PermissionedConnector refuses the rule's table).
Status CheckPredicate(std::string_view predicate, SqlEngine engine);

// The SQL expression that shows `column` (already quoted for `engine`) masked by `policy`.
std::string MaskExpression(SqlEngine engine, const std::string& quoted_column,
                           const ColumnPolicy& policy);

}  // namespace askdb::permissions
