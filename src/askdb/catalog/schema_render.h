// Schema text for an LLM prompt: a compact DDL-like rendering of tables with comments,
// business names, synonyms, units, sample values and relations. This text is what schema
// recall's token budget counts and what the recall benchmark measures, so both use these
// functions; the schema manager renders its levels with them too.
//
//   # orders -- 订单 / orders: One row per order. (~60000 rows)
//   orders(
//     order_id INTEGER PK,
//     customer_id INTEGER -> customers.customer_id,
//     total_amount REAL -- 订单金额 / order amount; aka 销售额, GMV [CNY],
//     channel TEXT -- 销售渠道; e.g. 'online', 'store'
//   )
//
// The basic level renders only the "# table -- description" lines and a relations block.
// Disabled tables and columns of the semantic model are never rendered.
// Pure functions; thread-safe.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "askdb/catalog/schema_level.h"

namespace askdb::db {
struct DatabaseSchema;
struct TableInfo;
}  // namespace askdb::db

namespace askdb::catalog {

struct SemanticModel;
struct TableSemantics;
struct Relation;

struct RenderOptions {
  SchemaLevel level = SchemaLevel::kDetailed;
  int max_samples_per_column = 3;  // sample values shown per column
  size_t max_sample_bytes = 40;    // longer samples are cut (free text costs tokens, says little)
  bool row_counts = true;          // "(~60000 rows)"
  bool synonyms = true;            // "aka 销售额, GMV"
};

// One table at the detailed level. `columns` selects columns by index into
// table.columns (in that order); null renders every enabled column. `model` may be null.
std::string RenderTable(const db::TableInfo& table, const TableSemantics* model,
                        const std::vector<int>* columns, const RenderOptions& options);

// The "# table -- description (~rows)" line alone (the basic level's unit).
std::string RenderTableHeader(const db::TableInfo& table, const TableSemantics* model,
                              const RenderOptions& options);

// "Relations:\n  a.x -> b.y (N:1)\n ..." or "" when there are none.
std::string RenderRelations(const std::vector<Relation>& relations);

// The whole schema at options.level, relations (physical merged with logical) included.
std::string RenderSchema(const db::DatabaseSchema& schema, const SemanticModel* model,
                         const RenderOptions& options);

}  // namespace askdb::catalog
