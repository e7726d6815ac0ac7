// Helpers of the schema recall benchmark: the tables a gold SQL statement reads, and a
// db::DatabaseSchema built from a Spider/BIRD tables.json entry. Pure functions;
// thread-safe.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/json.h"
#include "askdb/db/schema.h"

namespace askdb::bench {

// The table names after FROM, JOIN and the commas of a FROM list (subqueries included),
// unquoted ("..." `...` [...]), schema prefixes dropped, aliases ignored, each once, in
// order of appearance. Names are returned as written; the caller matches them against
// the schema (case-insensitive), which also drops CTE names.
std::vector<std::string> TablesInSql(std::string_view sql);

// One tables.json entry as a schema: original table and column names, declared types,
// primary and foreign keys; the natural-language names become comments when they say
// more than the original name.
db::DatabaseSchema SchemaFromSpiderTables(const Json& entry);

}  // namespace askdb::bench
