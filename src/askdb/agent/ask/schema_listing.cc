#include "askdb/agent/ask/schema_listing.h"

#include "askdb/catalog/semantic_model.h"

namespace askdb::agent {
namespace {

// "customers.customer_id" when `column` is one of a foreign key's columns; else empty.
std::string ReferenceOf(const db::TableInfo& table, const std::string& column) {
  for (const db::ForeignKey& fk : table.foreign_keys) {
    for (size_t i = 0; i < fk.columns.size(); ++i) {
      if (fk.columns[i] != column) continue;
      return fk.ref_table + (i < fk.ref_columns.size() ? "." + fk.ref_columns[i] : "");
    }
  }
  return "";
}

Json ColumnListing(const db::TableInfo& table, const db::ColumnInfo& column,
                   const catalog::ColumnSemantics* semantics) {
  Json out{{"name", column.name}, {"type", column.type}};
  if (column.primary_key) out["primary_key"] = true;
  if (const std::string ref = ReferenceOf(table, column.name); !ref.empty()) {
    out["references"] = ref;
  }
  if (semantics != nullptr) {
    catalog::WriteLocalized(out, "business_name", semantics->business_name);
    if (!semantics->unit.empty()) out["unit"] = semantics->unit;
  }
  return out;
}

Json TableListing(const db::TableInfo& table, const catalog::TableSemantics* semantics) {
  Json out{{"name", table.name}};
  if (semantics != nullptr) catalog::WriteLocalized(out, "business_name", semantics->business_name);
  if (table.kind == db::TableInfo::Kind::kView) out["view"] = true;
  if (table.row_count) out["row_count"] = *table.row_count;
  Json columns = Json::array();
  for (const db::ColumnInfo& column : table.columns) {
    const catalog::ColumnSemantics* cs =
        semantics != nullptr ? semantics->FindColumn(column.name) : nullptr;
    if (cs != nullptr && !cs->enabled) continue;
    columns.push_back(ColumnListing(table, column, cs));
  }
  out["columns"] = std::move(columns);
  return out;
}

}  // namespace

Json SchemaListing(const db::DatabaseSchema& schema, const catalog::SemanticModel* model) {
  Json tables = Json::array();
  for (const db::TableInfo& table : schema.tables) {
    const catalog::TableSemantics* ts = model != nullptr ? model->FindTable(table.name) : nullptr;
    if (ts != nullptr && !ts->enabled) continue;
    tables.push_back(TableListing(table, ts));
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
