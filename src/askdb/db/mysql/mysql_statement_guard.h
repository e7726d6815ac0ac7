// The statement guard for MySQL/MariaDB. Debian has no MySQL parser library, so a careful
// lexer reads the statement the way the server does — comments (--, #, /* */), strings
// with backslash escapes and doubled quotes, backtick identifiers, double quotes read both
// as strings and as identifiers (ANSI_QUOTES) — and refuses whatever it cannot prove safe:
//
//   - executable comments (/*! ... */, /*M! ... */) and optimizer hints (/*+ ... */): the
//     server runs their contents;
//   - a function call (a name followed by '(') that is not on the allow-list
//     (statement_guard.h), or a qualified one (db.func(): a stored function);
//   - a name qualified by a system schema (mysql, information_schema, performance_schema,
//     sys) or by a database other than the datasource's (`other_databases`);
//   - server variables (@@datadir), SELECT ... INTO, PROCEDURE ANALYSE;
//   - statements that are not a query and that the server path does not refuse itself
//     (SHOW, EXPLAIN, DESCRIBE, HELP, ...).
//
// Statements that the connector's server-side prepare already refuses (DML, DDL, SET,
// transaction control, LOAD DATA, ...) are left to it, so their messages stay the same.
//
// Thread-safety: pure function.
#pragma once

#include <set>
#include <string>
#include <string_view>

#include "askdb/common/status.h"

namespace askdb::db::mysql_internal {

// OK when `sql` may run. `other_databases` are the lower-cased names of the server's other
// databases (the datasource's own excluded). Errors: PermissionDenied naming what was refused.
Status GuardMysqlStatement(std::string_view sql, const std::set<std::string>& other_databases);

}  // namespace askdb::db::mysql_internal
