// The pipeline's first check on a model's SQL before anything runs: one read statement.
// It strips comments, requires the statement to start with SELECT or WITH and refuses a
// second statement after a semicolon (string literals and quoted identifiers respected).
// This is a fast, explainable refusal that goes back to the model as an error to fix; the
// connector's engine-level read-only guard (the SQLite authorizer, read-only sessions)
// stays the last line of defence, so nothing here has to be perfect to be safe.
// Pure functions; thread-safe.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/status.h"

namespace askdb::agent::pipeline {

// `sql` without comments and surrounding white space; a trailing semicolon is dropped.
std::string StripSqlComments(std::string_view sql);

// OK for a single SELECT/WITH statement. PermissionDenied when it starts with anything
// else (a write, DDL, PRAGMA); InvalidArgument when it is empty or holds several statements.
Status CheckSingleReadStatement(std::string_view sql);

// Every identifier in `sql` as written, in order: bare words and "double-quoted",
// `backticked` or [bracketed] names (unquoted, doubled quotes undone); string literals and
// comments are skipped (a string whose end depends on backslash escapes is read both ways,
// and a [bracketed] text also for the names inside it: PostgreSQL's subscripts). A
// qualified name gives one identifier per part; repeats stay. Used to find the
// tables a statement may name (an agent limited to some tables): a column or alias spelled
// like a table is listed too, which errs on the side of refusing.
std::vector<std::string> SqlIdentifiers(std::string_view sql);

// White space collapsed and case folded outside literals, comments removed: two statements
// that differ only in layout compare equal (the fix loop's "repeated itself" test).
std::string NormalizeSqlForComparison(std::string_view sql);

}  // namespace askdb::agent::pipeline
