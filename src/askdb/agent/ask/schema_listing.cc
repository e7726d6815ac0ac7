#include "askdb/agent/ask/schema_listing.h"

#include <set>

#include "askdb/catalog/semantic_model.h"
#include "askdb/common/text.h"

namespace askdb::agent {
namespace {

// "table.column", lower case: what a listing shows, so a reference may point only there.
using ListedColumns = std::set<std::string>;

std::string ListedKey(const std::string& table, const std::string& column) {
  return text::AsciiLower(table) + "." + text::AsciiLower(column);
}

const catalog::TableSemantics* SemanticsOf(const db::TableInfo& table,
                                           const catalog::SemanticModel* model) {
  return model != nullptr ? model->FindTable(table.name) : nullptr;
}

bool ColumnEnabled(const catalog::TableSemantics* table, const std::string& column) {
  const catalog::ColumnSemantics* cs = table != nullptr ? table->FindColumn(column) : nullptr;
  return cs == nullptr || cs->enabled;
}

ListedColumns ListedColumnsOf(const db::DatabaseSchema& schema,
                              const catalog::SemanticModel* model) {
  ListedColumns listed;
  for (const db::TableInfo& table : schema.tables) {
    const catalog::TableSemantics* ts = SemanticsOf(table, model);
    if (ts != nullptr && !ts->enabled) continue;
    for (const db::ColumnInfo& column : table.columns) {
      if (ColumnEnabled(ts, column.name)) listed.insert(ListedKey(table.name, column.name));
    }
  }
  return listed;
}

// "customers.customer_id" when `column` is one of a foreign key's columns and the column it
// points at is listed too; else empty. A table the person may not see (refused, hidden by the
// model, outside the agent's selection) is not named through a key either.
std::string ReferenceOf(const db::TableInfo& table, const std::string& column,
                        const ListedColumns& listed) {
  for (const db::ForeignKey& fk : table.foreign_keys) {
    for (size_t i = 0; i < fk.columns.size() && i < fk.ref_columns.size(); ++i) {
      if (fk.columns[i] != column) continue;
      if (!listed.contains(ListedKey(fk.ref_table, fk.ref_columns[i]))) return "";
      return fk.ref_table + "." + fk.ref_columns[i];
    }
  }
  return "";
}

Json ColumnListing(const db::TableInfo& table, const db::ColumnInfo& column,
                   const catalog::ColumnSemantics* semantics, const ListedColumns& listed) {
  Json out{{"name", column.name}, {"type", column.type}};
  if (column.primary_key) out["primary_key"] = true;
  if (const std::string ref = ReferenceOf(table, column.name, listed); !ref.empty()) {
    out["references"] = ref;
  }
  if (semantics != nullptr) {
    catalog::WriteLocalized(out, "business_name", semantics->business_name);
    if (!semantics->unit.empty()) out["unit"] = semantics->unit;
  }
  return out;
}

Json TableListing(const db::TableInfo& table, const catalog::TableSemantics* semantics,
                  const ListedColumns& listed) {
  Json out{{"name", table.name}};
  if (semantics != nullptr) catalog::WriteLocalized(out, "business_name", semantics->business_name);
  if (table.kind == db::TableInfo::Kind::kView) out["view"] = true;
  if (table.row_count) {
    out["row_count"] = *table.row_count;
    // PostgreSQL's and MySQL's statistics, not a count: shown as "≈".
    if (table.row_count_is_estimate) out["row_count_estimate"] = true;
  }
  Json columns = Json::array();
  for (const db::ColumnInfo& column : table.columns) {
    const catalog::ColumnSemantics* cs =
        semantics != nullptr ? semantics->FindColumn(column.name) : nullptr;
    if (cs != nullptr && !cs->enabled) continue;
    columns.push_back(ColumnListing(table, column, cs, listed));
  }
  out["columns"] = std::move(columns);
  return out;
}

}  // namespace

Json SchemaListing(const db::DatabaseSchema& schema, const catalog::SemanticModel* model) {
  const ListedColumns listed = ListedColumnsOf(schema, model);
  Json tables = Json::array();
  for (const db::TableInfo& table : schema.tables) {
    const catalog::TableSemantics* ts = SemanticsOf(table, model);
    if (ts != nullptr && !ts->enabled) continue;
    tables.push_back(TableListing(table, ts, listed));
  }
  return Json{{"tables", std::move(tables)}};
}

std::vector<db::TableInfo> AgentTables(const db::DatabaseSchema& schema,
                                       const std::vector<std::string>& selected) {
  if (selected.empty()) return schema.tables;
  std::vector<db::TableInfo> kept;
  for (const std::string& name : selected) {
    if (const db::TableInfo* table = schema.FindTable(name)) kept.push_back(*table);
  }
  return kept;
}

}  // namespace askdb::agent
