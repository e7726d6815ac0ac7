// Whether a semantic model's tables and columns exist in the database it describes. The
// model's validation (SemanticModelFromJson) reads the file alone, and the engine passes
// over entries it cannot place, so a misspelt name would cost its business words silently.
#pragma once

#include <string>
#include <vector>

#include "askdb/catalog/semantic_model.h"
#include "askdb/db/schema.h"

namespace askdb::catalog {

// The tables and columns `model` describes that `schema` lacks, in the model's order and
// spelling: "Orders.Nope" for a column, "Ordes" for a whole table (its columns not listed).
// Names compare case-insensitively, as SemanticModel's and DatabaseSchema's lookups do.
std::vector<std::string> ModelNamesTheSchemaLacks(const SemanticModel& model,
                                                  const db::DatabaseSchema& schema);

}  // namespace askdb::catalog
