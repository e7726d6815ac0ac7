#include "askdb/db/schema.h"

#include "askdb/db/ascii_util.h"

namespace askdb::db {
namespace {

std::string_view KindName(TableInfo::Kind kind) {
  switch (kind) {
    case TableInfo::Kind::kTable:
      return "table";
    case TableInfo::Kind::kView:
      return "view";
  }
  return "table";
}

template <typename T>
const T* FindByName(const std::vector<T>& items, std::string_view name) {
  // Exact spelling first, so "Order" and "order" stay distinguishable where both exist.
  for (const T& item : items) {
    if (item.name == name) return &item;
  }
  for (const T& item : items) {
    if (internal::EqualsIgnoreAsciiCase(item.name, name)) return &item;
  }
  return nullptr;
}

Json ColumnToJson(const ColumnInfo& c) {
  Json j{{"name", c.name}, {"type", c.type}, {"nullable", c.nullable}};
  j["default"] = c.default_value ? Json(*c.default_value) : Json(nullptr);
  if (!c.comment.empty()) j["comment"] = c.comment;
  j["primary_key"] = c.primary_key;
  if (!c.sample_values.empty()) j["sample_values"] = c.sample_values;
  return j;
}

Json TableToJson(const TableInfo& t) {
  Json j;
  if (!t.schema.empty()) j["schema"] = t.schema;
  j["name"] = t.name;
  j["kind"] = KindName(t.kind);
  if (!t.comment.empty()) j["comment"] = t.comment;
  Json cols = Json::array();
  for (const ColumnInfo& c : t.columns) cols.push_back(ColumnToJson(c));
  j["columns"] = std::move(cols);
  j["primary_key"] = t.primary_key;
  Json fks = Json::array();
  for (const ForeignKey& fk : t.foreign_keys) {
    Json f{{"columns", fk.columns}};
    if (!fk.ref_schema.empty()) f["ref_schema"] = fk.ref_schema;
    f["ref_table"] = fk.ref_table;
    f["ref_columns"] = fk.ref_columns;
    fks.push_back(std::move(f));
  }
  j["foreign_keys"] = std::move(fks);
  Json idx = Json::array();
  for (const IndexInfo& i : t.indexes) {
    idx.push_back(Json{{"name", i.name}, {"columns", i.columns}, {"unique", i.unique}});
  }
  j["indexes"] = std::move(idx);
  j["row_count"] = t.row_count ? Json(*t.row_count) : Json(nullptr);
  if (t.row_count_is_estimate) j["row_count_is_estimate"] = true;
  return j;
}

}  // namespace

const ColumnInfo* TableInfo::FindColumn(std::string_view column) const {
  return FindByName(columns, column);
}

const TableInfo* DatabaseSchema::FindTable(std::string_view table) const {
  return FindByName(tables, table);
}

Json DatabaseSchema::ToJson() const {
  Json out_tables = Json::array();
  for (const TableInfo& t : tables) out_tables.push_back(TableToJson(t));
  return Json{{"engine", engine}, {"database", database}, {"tables", std::move(out_tables)}};
}

}  // namespace askdb::db
