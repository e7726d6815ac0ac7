// Schema levels (seed 001 Requirement 2): how much of a datasource's structure a request
// needs. kBasic is table names, descriptions and relationships (enough to suggest analyses);
// kDetailed adds columns, types and sample values (needed to write SQL). The request type
// comes in as the classifier's name for it ("consultation", "data_query", ...), so this
// module does not depend on the agent module that defines the classifier.
// Pure functions over constant tables; thread-safe.
#pragma once

#include <string_view>

#include "askdb/common/status.h"

namespace askdb::catalog {

enum class SchemaLevel { kBasic, kDetailed };

// "basic" / "detailed".
std::string_view SchemaLevelName(SchemaLevel level);
// Parses "basic" / "detailed" (case-insensitive). InvalidArgument names the accepted values.
StatusOr<SchemaLevel> ParseSchemaLevel(std::string_view name);

// The level a request type needs (seed 001 "SchemaLevelMapping"): trivial, simple,
// consultation, calculation and web_search → kBasic; data_query, visualization and
// multi_step_analysis → kDetailed. An unknown type is treated like data_query (the seed's
// fallback for unrecognised requests) and gets kDetailed.
SchemaLevel GetSchemaLevel(std::string_view request_type);

}  // namespace askdb::catalog
