// Table relations: the physical foreign keys that introspection reads merged with the
// semantic model's logical relations (seed 004 §7), and foreign-key completion of a set of
// recalled tables (seed 004 §7.3): tables that recalled tables reference, and link tables
// that connect two recalled tables, join the candidate set so the SQL writer does not miss
// a join. Plain data and pure functions; thread-safe.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "askdb/catalog/semantic_model.h"

namespace askdb::db {
struct DatabaseSchema;
}  // namespace askdb::db

namespace askdb::catalog {

// One join path, column by column: from_table.from_column = to_table.to_column.
struct Relation {
  std::string from_table;
  std::string from_column;
  std::string to_table;
  std::string to_column;
  RelationKind kind = RelationKind::kManyToOne;
  std::string description;
  bool logical = false;  // from the semantic model, not declared in the database

  // "orders.customer_id=customers.customer_id" (seed 004 §7.1's format).
  std::string ToString() const;
  bool operator==(const Relation&) const = default;
};

// The physical foreign keys of `schema` (one Relation per column pair of a composite key)
// followed by the model's logical relations. A logical relation that repeats a physical
// one (same ends, either direction) is dropped; one whose table or column is not in the
// schema, or whose table or column the model disables, is dropped too (it could only
// produce SQL that fails). Relations touching disabled tables are left out. `model` may be
// null. Table and column names are returned as the schema spells them.
std::vector<Relation> MergeRelations(const db::DatabaseSchema& schema, const SemanticModel* model);

// Only the relations with at least one end in `tables` (case-insensitive), as
// DataAgent's TableRelationNode keeps "relations related to the recalled tables".
std::vector<Relation> RelationsTouching(const std::vector<Relation>& relations,
                                        const std::vector<std::string>& tables);

struct CompletionOptions {
  // Add the tables that a recalled table references (its foreign-key parents).
  bool add_referenced = true;
  // Add a table that is not recalled but has relations to at least two recalled tables
  // (the link table of a many-to-many join).
  bool add_link_tables = true;
};

struct CompletedTable {
  std::string table;
  std::string via;  // the recalled table that pulled it in (for explanations)
  bool link = false;
};

// The tables to add to `recalled` so that its joins are complete, in a stable order
// (by the position of the recalled table that pulled them in). Never repeats a recalled
// table; each added table appears once.
std::vector<CompletedTable> CompleteWithForeignKeys(const std::vector<std::string>& recalled,
                                                    const std::vector<Relation>& relations,
                                                    const CompletionOptions& options = {});

}  // namespace askdb::catalog
