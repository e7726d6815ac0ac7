// The reply to a schema question (schema_question.h), written from SchemaListing's JSON — the
// tables and columns as the asker may see them — in the request's language: the tables with
// their business names and row counts, or one table's columns with type, business name, unit,
// key and what they refer to. An unknown table is named with the tables there are.
#pragma once

#include <string>
#include <vector>

#include "askdb/agent/ask/schema_question.h"
#include "askdb/common/json.h"

namespace askdb::agent {

std::string WriteSchemaAnswer(const SchemaQuestion& question, const Json& listing, bool chinese);

// The listing's tables as the answer names them: "orders（订单）", "orders (Orders)".
std::vector<std::string> TableTitles(const Json& listing, bool chinese);

}  // namespace askdb::agent
