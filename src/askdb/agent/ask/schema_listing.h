// The tables and columns a person may ask about, as the web chat's Tables button lists them
// (GET /api/v1/agents/<id>/schema): names, business names and units from the semantic model,
// types, keys and row counts. What the model hides is left out (a question cannot use it).
#pragma once

#include <string>
#include <vector>

#include "askdb/common/json.h"
#include "askdb/db/schema.h"

namespace askdb::catalog {
struct SemanticModel;
}  // namespace askdb::catalog

namespace askdb::agent {

// {"tables": [{"name", "business_name"?: {"zh","en"}, "row_count"?, "view"?, "columns":
// [{"name", "type", "business_name"?, "unit"?, "primary_key"?, "references"?: "t.c"}]}]}.
// `model` may be null.
Json SchemaListing(const db::DatabaseSchema& schema, const catalog::SemanticModel* model);

// The tables of `schema` an agent limited to `selected` may use, in the selection's order (any
// case); a name the schema no longer has is skipped (a saved selection may name a dropped
// table). Empty `selected`: every table.
std::vector<db::TableInfo> AgentTables(const db::DatabaseSchema& schema,
                                       const std::vector<std::string>& selected);

}  // namespace askdb::agent
