// The database structure that introspection returns: tables, views, columns, keys,
// indexes, row counts and sample values. Engine-neutral plain data; the catalog module
// builds its schema levels, caches and semantic enrichment on top of it.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "askdb/common/json.h"

namespace askdb::db {

struct ColumnInfo {
  std::string name;
  std::string type;  // declared type as the engine reports it
  bool nullable = true;
  std::optional<std::string> default_value;
  std::string comment;
  bool primary_key = false;
  std::vector<std::string> sample_values;  // a few distinct non-null values (text columns)
};

struct ForeignKey {
  std::vector<std::string> columns;
  std::string ref_schema;  // empty: same schema
  std::string ref_table;
  std::vector<std::string> ref_columns;
};

struct IndexInfo {
  std::string name;
  std::vector<std::string> columns;
  bool unique = false;
};

struct TableInfo {
  enum class Kind { kTable, kView };
  std::string schema;  // empty for engines without schemas (SQLite's "main")
  std::string name;
  Kind kind = Kind::kTable;
  std::string comment;
  std::vector<ColumnInfo> columns;
  std::vector<std::string> primary_key;
  std::vector<ForeignKey> foreign_keys;
  std::vector<IndexInfo> indexes;
  std::optional<int64_t> row_count;
  bool row_count_is_estimate = false;

  const ColumnInfo* FindColumn(std::string_view column) const;  // case-insensitive
};

struct DatabaseSchema {
  std::string engine;    // "sqlite", "postgres", "mysql"
  std::string database;  // file name or database name
  std::vector<TableInfo> tables;

  const TableInfo* FindTable(std::string_view table) const;  // case-insensitive
  Json ToJson() const;
};

struct IntrospectOptions {
  std::vector<std::string> tables;   // only these; empty = all
  int sample_values_per_column = 5;  // 0 = none
  bool row_counts = true;
  // Bound on the introspection; zero: the connector's own introspect timeout. The schema
  // manager sets it so that a slow catalog serves its cached copy instead of waiting.
  std::chrono::milliseconds timeout{0};
};

}  // namespace askdb::db
