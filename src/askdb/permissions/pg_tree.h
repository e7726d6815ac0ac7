// PostgreSQL's parser (libpg_query) as the permissions module uses it: parse text into the
// JSON parse tree, and read names out of it. Internal to permissions/ (the statement guard
// in db/postgres has its own copy inside its translation unit).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/json.h"
#include "askdb/common/status.h"

namespace askdb::permissions::internal {

// The parse tree of `sql` ({"stmts": [...]}), or InvalidArgument carrying the parser's
// message and byte position.
StatusOr<Json> ParsePostgres(std::string_view sql);

// A String node's value ("" for anything else), and a list of them.
std::string StringValue(const Json& node);
std::vector<std::string> StringList(const Json& list);

// Whether `node` has an object member `key`.
inline bool HasObject(const Json& node, const char* key) {
  return node.is_object() && node.contains(key) && node[key].is_object();
}

}  // namespace askdb::permissions::internal

namespace askdb::permissions::internal {

// A {user.NAME} placeholder of a row predicate: its byte span and NAME.
struct Placeholder {
  size_t begin = 0;
  size_t end = 0;  // one past the closing brace
  std::string name;
};

// Every placeholder of `predicate`, in order. InvalidArgument for a '{' that does not start
// a well-formed {user.NAME} (NAME: letters, digits, '_' or non-ASCII, at most 64 bytes).
StatusOr<std::vector<Placeholder>> FindPlaceholders(std::string_view predicate);

}  // namespace askdb::permissions::internal

#include "askdb/permissions/rules.h"

namespace askdb::permissions::internal {

// `sql` as PostgreSQL's parser must see it to find what the engine would read, with every
// byte at the same offset: comments (by the engine's own rules — SQLite's and MySQL's do not
// nest, MySQL's `#` and `-- `) become spaces, string literals keep their quotes with their
// contents replaced by '0', MySQL "strings" become '0000' and `identifiers` "identifiers",
// SQLite [identifiers] and `identifiers` become "identifiers". PostgreSQL text is returned
// unchanged (its parser is the engine's). PermissionDenied, saying why, for what has no
// same-length equivalent or reads differently on the two parsers: MySQL executable comments
// (/*! */), `--` not followed by a space on MySQL, '$' outside quotes, quotes inside a
// quoted identifier, an unterminated string or identifier.
StatusOr<std::string> NormalizeForParser(std::string_view sql, SqlEngine engine);

// The columns a row predicate uses (as written), after checking it is one plain condition
// over `table` (the table's name; "" skips the qualifier check): it parses (for `engine`,
// after NormalizeForParser), cannot break out of the parentheses the rewrite puts around
// it, and has no subquery, table, '*', comment, ';' or function that reads tables.
// InvalidArgument saying what is wrong.
StatusOr<std::vector<std::string>> PredicateColumns(std::string_view predicate,
                                                    std::string_view table, SqlEngine engine);

// Whether `name` (lower case, unqualified) is a function that reads a table or runs a query
// given as text (query_to_xml, table_to_xml, dblink, ts_stat, SQLite's pragma_* functions).
bool ReadsTablesByName(std::string_view name);

}  // namespace askdb::permissions::internal
