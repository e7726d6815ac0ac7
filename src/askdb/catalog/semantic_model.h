// The semantic model: business names, synonyms, descriptions, column roles, units and value
// labels that a datasource's owner adds on top of the physical schema, plus logical
// relations the database does not declare. Schema recall, the question-to-SQL engine and
// the prompts read it to map people's words ("营业额", "大区", "线上") onto tables, columns
// and stored codes. The file format is documented in docs/semantic-model.md.
//
// Everything here is plain data with value semantics; the functions are pure and
// thread-safe. A SemanticModel that came out of SemanticModelFromJson has passed validation
// (unique names, known roles and kinds, well-formed relation ends); one built by hand has
// not, and ToJson writes it as it is.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/json.h"
#include "askdb/common/status.h"

namespace askdb::catalog {

// The format version this code reads and writes.
inline constexpr int kSemanticModelVersion = 1;

// A text in both of the project's languages; either may be empty.
struct LocalizedText {
  std::string zh;
  std::string en;

  bool empty() const { return zh.empty() && en.empty(); }
  bool operator==(const LocalizedText&) const = default;
};

// What a column is for in analysis. kUnspecified means the file gives no hint and
// consumers infer a role from the column's type and name.
enum class ColumnRole { kUnspecified, kMeasure, kDimension, kTime, kIdentifier };

// "measure", "dimension", "time", "identifier"; "" for kUnspecified.
std::string_view ColumnRoleName(ColumnRole role);
// Parses a role name (exact, lower case). InvalidArgument lists the accepted names.
StatusOr<ColumnRole> ParseColumnRole(std::string_view name);

// One stored code of a coded column and the words people use for it
// ('online' → 线上, 网店, online store).
struct ValueLabel {
  std::string value;
  std::vector<std::string> labels;

  bool operator==(const ValueLabel&) const = default;
};

struct ColumnSemantics {
  std::string name;     // physical column name
  bool enabled = true;  // false: hide the column from recall and generated SQL
  LocalizedText business_name;
  std::vector<std::string> synonyms;
  LocalizedText description;
  ColumnRole role = ColumnRole::kUnspecified;
  std::string unit;  // "CNY", "%", "㎡", ...; empty when none
  std::vector<ValueLabel> values;

  // The entry for a stored code (exact match, codes are case-sensitive data); nullptr if none.
  const ValueLabel* FindValue(std::string_view value) const;

  bool operator==(const ColumnSemantics&) const = default;
};

struct TableSemantics {
  std::string name;     // physical table name
  bool enabled = true;  // false: hide the table from recall and generated SQL
  LocalizedText business_name;
  std::vector<std::string> synonyms;
  LocalizedText description;
  std::vector<ColumnSemantics> columns;

  // Case-insensitive (ASCII) lookup by physical name; nullptr if the column is not described.
  const ColumnSemantics* FindColumn(std::string_view column) const;
  ColumnSemantics* FindColumn(std::string_view column);

  bool operator==(const TableSemantics&) const = default;
};

// Cardinality of a logical relation, read from the "from" side to the "to" side:
// kManyToOne means many "from" rows refer to one "to" row (the usual foreign key).
enum class RelationKind { kOneToOne, kOneToMany, kManyToOne };

// "1:1", "1:N", "N:1".
std::string_view RelationKindName(RelationKind kind);
// Parses "1:1", "1:N" or "N:1" (case-insensitive "n"). InvalidArgument lists them.
StatusOr<RelationKind> ParseRelationKind(std::string_view name);

// A join path the database does not declare as a foreign key. Written in the file as
// "from": "table.column", "to": "table.column".
struct LogicalRelation {
  std::string from_table;
  std::string from_column;
  std::string to_table;
  std::string to_column;
  RelationKind kind = RelationKind::kManyToOne;
  std::string description;

  bool operator==(const LogicalRelation&) const = default;
};

struct SemanticModel {
  int version = kSemanticModelVersion;
  std::string datasource;  // the datasource this model describes; may be empty
  std::vector<TableSemantics> tables;
  std::vector<LogicalRelation> relations;

  // Case-insensitive (ASCII) lookups by physical name; nullptr when not described.
  const TableSemantics* FindTable(std::string_view table) const;
  TableSemantics* FindTable(std::string_view table);
  const ColumnSemantics* FindColumn(std::string_view table, std::string_view column) const;

  bool operator==(const SemanticModel&) const = default;
};

// Reads and validates a model. Errors are InvalidArgument and name the offending field by
// its JSON path, e.g. "tables[3].columns[2].role: unknown role 'metric'; use measure,
// dimension, time or identifier". Unknown fields are rejected (they are usually typos)
// except keys starting with "_", which are free-form annotations and are dropped.
StatusOr<SemanticModel> SemanticModelFromJson(const Json& json);

// Writes the model in the file format. Optional fields left at their defaults are omitted,
// so SemanticModelFromJson(ToJson(m)) == m for every valid model.
Json ToJson(const SemanticModel& model);

// Sets object[key] to {"zh": ..., "en": ...} with the names `text` has; nothing when empty.
void WriteLocalized(Json& object, std::string_view key, const LocalizedText& text);

// Reads `path` (UTF-8 JSON) and validates it; errors say which file and which field.
StatusOr<SemanticModel> LoadSemanticModel(const std::filesystem::path& path);

// Writes the model as indented JSON, atomically (a reader never sees half a file).
Status SaveSemanticModel(const SemanticModel& model, const std::filesystem::path& path);

}  // namespace askdb::catalog
