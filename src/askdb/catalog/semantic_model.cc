#include "askdb/catalog/semantic_model.h"

#include <algorithm>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>

#include "askdb/common/file_util.h"
#include "askdb/common/text.h"

namespace askdb::catalog {
namespace {

// Indentation of files written by SaveSemanticModel; two spaces keeps diffs readable.
constexpr int kJsonIndent = 2;

constexpr std::string_view kRoleHint = "use measure, dimension, time or identifier";
constexpr std::string_view kKindHint = "use 1:1, 1:N or N:1";

constexpr std::string_view kModelFields[] = {"version", "datasource", "tables", "relations"};
constexpr std::string_view kTableFields[] = {"name",     "enabled",     "business_name",
                                             "synonyms", "description", "columns"};
constexpr std::string_view kColumnFields[] = {"name",        "enabled", "business_name", "synonyms",
                                              "description", "role",    "unit",          "values"};
constexpr std::string_view kValueFields[] = {"value", "labels"};
constexpr std::string_view kRelationFields[] = {"from", "to", "kind", "description"};
constexpr std::string_view kLocalizedFields[] = {"zh", "en"};

using text::EqualsIgnoreAsciiCase;

// JSON paths in error messages: "tables[3].columns[2].role".
std::string Field(const std::string& path, std::string_view key) {
  return path.empty() ? std::string(key) : path + "." + std::string(key);
}
std::string Element(const std::string& path, size_t index) {
  return path + "[" + std::to_string(index) + "]";
}

Status FieldError(const std::string& path, std::string_view problem) {
  return InvalidArgumentError(path + ": " + std::string(problem));
}

std::string Join(std::span<const std::string_view> items) {
  std::string out;
  for (std::string_view item : items) {
    if (!out.empty()) out += ", ";
    out += item;
  }
  return out;
}

std::string_view TypeName(const Json& j) { return j.type_name(); }

bool HasNonAscii(std::string_view s) {
  return std::any_of(s.begin(), s.end(),
                     [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
}

Status ExpectObject(const Json& j, const std::string& path, std::string_view what) {
  if (j.is_object()) return Status::Ok();
  return FieldError(
      path.empty() ? std::string("(document)") : path,
      "expected " + std::string(what) + " as a JSON object, got " + std::string(TypeName(j)));
}

// Unknown keys are nearly always typos ("synonym" for "synonyms"), so they are errors;
// "_"-prefixed keys are the documented escape hatch for annotations.
Status CheckKnownFields(const Json& object, const std::string& path,
                        std::span<const std::string_view> known) {
  for (const auto& [key, unused] : object.items()) {
    if (key.starts_with('_')) continue;
    if (std::find(known.begin(), known.end(), key) != known.end()) continue;
    return FieldError(Field(path, key), "unknown field; known fields here are " + Join(known) +
                                            " (keys starting with '_' are ignored)");
  }
  return Status::Ok();
}

Status ReadString(const Json& object, const std::string& path, std::string_view key, bool required,
                  std::string* out) {
  auto it = object.find(key);
  if (it == object.end()) {
    if (required) return FieldError(Field(path, key), "missing; this field is required");
    return Status::Ok();
  }
  if (!it->is_string()) {
    return FieldError(Field(path, key), "expected a string, got " + std::string(TypeName(*it)));
  }
  *out = it->get<std::string>();
  if (required && out->empty()) {
    return FieldError(Field(path, key), "must not be empty");
  }
  return Status::Ok();
}

Status ReadBool(const Json& object, const std::string& path, std::string_view key, bool* out) {
  auto it = object.find(key);
  if (it == object.end()) return Status::Ok();
  if (!it->is_boolean()) {
    return FieldError(Field(path, key),
                      "expected true or false, got " + std::string(TypeName(*it)));
  }
  *out = it->get<bool>();
  return Status::Ok();
}

Status ReadStringList(const Json& j, const std::string& path, std::string_view what,
                      std::vector<std::string>* out) {
  if (!j.is_array()) {
    return FieldError(path, "expected an array of strings, got " + std::string(TypeName(j)));
  }
  out->clear();
  for (size_t i = 0; i < j.size(); ++i) {
    const Json& item = j[i];
    if (!item.is_string()) {
      return FieldError(Element(path, i), "expected a string, got " + std::string(TypeName(item)));
    }
    std::string text = item.get<std::string>();
    if (text.empty())
      return FieldError(Element(path, i), "empty " + std::string(what) + "; remove it");
    out->push_back(std::move(text));
  }
  return Status::Ok();
}

Status ReadOptionalStringList(const Json& object, const std::string& path, std::string_view key,
                              std::string_view what, std::vector<std::string>* out) {
  auto it = object.find(key);
  if (it == object.end()) return Status::Ok();
  return ReadStringList(*it, Field(path, key), what, out);
}

// {"zh": "...", "en": "..."}; a bare string is accepted as shorthand and goes to zh when it
// contains non-ASCII text (Chinese), otherwise to en.
Status ReadLocalized(const Json& object, const std::string& path, std::string_view key,
                     LocalizedText* out) {
  auto it = object.find(key);
  if (it == object.end()) return Status::Ok();
  const std::string field = Field(path, key);
  if (it->is_string()) {
    std::string text = it->get<std::string>();
    (HasNonAscii(text) ? out->zh : out->en) = std::move(text);
    return Status::Ok();
  }
  if (!it->is_object()) {
    return FieldError(field, "expected {\"zh\": \"...\", \"en\": \"...\"} or a string, got " +
                                 std::string(TypeName(*it)));
  }
  ASKDB_RETURN_IF_ERROR(CheckKnownFields(*it, field, kLocalizedFields));
  ASKDB_RETURN_IF_ERROR(ReadString(*it, field, "zh", false, &out->zh));
  ASKDB_RETURN_IF_ERROR(ReadString(*it, field, "en", false, &out->en));
  return Status::Ok();
}

StatusOr<ValueLabel> ReadValueLabel(const Json& j, const std::string& path) {
  ASKDB_RETURN_IF_ERROR(ExpectObject(j, path, "a value label"));
  ASKDB_RETURN_IF_ERROR(CheckKnownFields(j, path, kValueFields));
  ValueLabel value;
  auto it = j.find("value");
  if (it == j.end()) return FieldError(Field(path, "value"), "missing; give the stored code");
  if (it->is_string()) {
    value.value = it->get<std::string>();
  } else if (it->is_number_integer()) {
    // Integer codes (tier 1, 2, 3) are kept in their decimal text form.
    value.value = it->dump();
  } else {
    return FieldError(Field(path, "value"),
                      "expected a string or an integer, got " + std::string(TypeName(*it)));
  }
  auto labels = j.find("labels");
  if (labels == j.end()) {
    return FieldError(Field(path, "labels"),
                      "missing; list the words people use for '" + value.value + "'");
  }
  ASKDB_RETURN_IF_ERROR(ReadStringList(*labels, Field(path, "labels"), "label", &value.labels));
  if (value.labels.empty()) {
    return FieldError(Field(path, "labels"), "give at least one label for '" + value.value + "'");
  }
  return value;
}

StatusOr<ColumnSemantics> ReadColumn(const Json& j, const std::string& path) {
  ASKDB_RETURN_IF_ERROR(ExpectObject(j, path, "a column"));
  ASKDB_RETURN_IF_ERROR(CheckKnownFields(j, path, kColumnFields));
  ColumnSemantics column;
  ASKDB_RETURN_IF_ERROR(ReadString(j, path, "name", true, &column.name));
  ASKDB_RETURN_IF_ERROR(ReadBool(j, path, "enabled", &column.enabled));
  ASKDB_RETURN_IF_ERROR(ReadLocalized(j, path, "business_name", &column.business_name));
  ASKDB_RETURN_IF_ERROR(ReadOptionalStringList(j, path, "synonyms", "synonym", &column.synonyms));
  ASKDB_RETURN_IF_ERROR(ReadLocalized(j, path, "description", &column.description));
  std::string role;
  ASKDB_RETURN_IF_ERROR(ReadString(j, path, "role", false, &role));
  if (j.contains("role")) {
    StatusOr<ColumnRole> parsed = ParseColumnRole(role);
    if (!parsed.ok()) {
      return FieldError(Field(path, "role"),
                        "unknown role '" + role + "'; " + std::string(kRoleHint));
    }
    column.role = *parsed;
  }
  ASKDB_RETURN_IF_ERROR(ReadString(j, path, "unit", false, &column.unit));
  if (auto it = j.find("values"); it != j.end()) {
    const std::string values_path = Field(path, "values");
    if (!it->is_array()) {
      return FieldError(values_path, "expected an array of {\"value\", \"labels\"} objects, got " +
                                         std::string(TypeName(*it)));
    }
    std::unordered_map<std::string, size_t> seen;
    for (size_t i = 0; i < it->size(); ++i) {
      ASKDB_ASSIGN_OR_RETURN(ValueLabel value, ReadValueLabel((*it)[i], Element(values_path, i)));
      auto [pos, inserted] = seen.emplace(value.value, i);
      if (!inserted) {
        return FieldError(Field(Element(values_path, i), "value"),
                          "duplicate value '" + value.value + "' (also " +
                              Element(values_path, pos->second) + "); merge their labels");
      }
      column.values.push_back(std::move(value));
    }
  }
  return column;
}

StatusOr<TableSemantics> ReadTable(const Json& j, const std::string& path) {
  ASKDB_RETURN_IF_ERROR(ExpectObject(j, path, "a table"));
  ASKDB_RETURN_IF_ERROR(CheckKnownFields(j, path, kTableFields));
  TableSemantics table;
  ASKDB_RETURN_IF_ERROR(ReadString(j, path, "name", true, &table.name));
  ASKDB_RETURN_IF_ERROR(ReadBool(j, path, "enabled", &table.enabled));
  ASKDB_RETURN_IF_ERROR(ReadLocalized(j, path, "business_name", &table.business_name));
  ASKDB_RETURN_IF_ERROR(ReadOptionalStringList(j, path, "synonyms", "synonym", &table.synonyms));
  ASKDB_RETURN_IF_ERROR(ReadLocalized(j, path, "description", &table.description));
  if (auto it = j.find("columns"); it != j.end()) {
    const std::string columns_path = Field(path, "columns");
    if (!it->is_array()) {
      return FieldError(columns_path,
                        "expected an array of columns, got " + std::string(TypeName(*it)));
    }
    std::unordered_map<std::string, size_t> seen;
    for (size_t i = 0; i < it->size(); ++i) {
      ASKDB_ASSIGN_OR_RETURN(ColumnSemantics column,
                             ReadColumn((*it)[i], Element(columns_path, i)));
      auto [pos, inserted] = seen.emplace(text::AsciiLower(column.name), i);
      if (!inserted) {
        return FieldError(Field(Element(columns_path, i), "name"),
                          "duplicate column '" + column.name + "' (also " +
                              Element(columns_path, pos->second) + "); merge the two entries");
      }
      table.columns.push_back(std::move(column));
    }
  }
  return table;
}

// Splits "table.column" at the last dot, so a schema-qualified "sales.orders.id" keeps
// "sales.orders" as its table.
Status ReadRelationEnd(const Json& j, const std::string& path, std::string_view key,
                       std::string* table, std::string* column) {
  std::string text;
  ASKDB_RETURN_IF_ERROR(ReadString(j, path, key, true, &text));
  const size_t dot = text.rfind('.');
  if (dot == std::string::npos || dot == 0 || dot + 1 == text.size()) {
    return FieldError(Field(path, key), "expected 'table.column', got '" + text + "'");
  }
  *table = text.substr(0, dot);
  *column = text.substr(dot + 1);
  return Status::Ok();
}

StatusOr<LogicalRelation> ReadRelation(const Json& j, const std::string& path) {
  ASKDB_RETURN_IF_ERROR(ExpectObject(j, path, "a relation"));
  ASKDB_RETURN_IF_ERROR(CheckKnownFields(j, path, kRelationFields));
  LogicalRelation relation;
  ASKDB_RETURN_IF_ERROR(
      ReadRelationEnd(j, path, "from", &relation.from_table, &relation.from_column));
  ASKDB_RETURN_IF_ERROR(ReadRelationEnd(j, path, "to", &relation.to_table, &relation.to_column));
  std::string kind;
  ASKDB_RETURN_IF_ERROR(ReadString(j, path, "kind", false, &kind));
  if (j.contains("kind")) {
    StatusOr<RelationKind> parsed = ParseRelationKind(kind);
    if (!parsed.ok()) {
      return FieldError(Field(path, "kind"),
                        "unknown kind '" + kind + "'; " + std::string(kKindHint));
    }
    relation.kind = *parsed;
  }
  ASKDB_RETURN_IF_ERROR(ReadString(j, path, "description", false, &relation.description));
  return relation;
}

StatusOr<SemanticModel> ReadModel(const Json& j) {
  ASKDB_RETURN_IF_ERROR(ExpectObject(j, "", "the semantic model"));
  ASKDB_RETURN_IF_ERROR(CheckKnownFields(j, "", kModelFields));
  SemanticModel model;
  if (auto it = j.find("version"); it != j.end()) {
    if (!it->is_number_integer() || it->get<int64_t>() != kSemanticModelVersion) {
      return FieldError("version", "unsupported version " + it->dump() +
                                       "; this askdb reads version " +
                                       std::to_string(kSemanticModelVersion));
    }
  }
  ASKDB_RETURN_IF_ERROR(ReadString(j, "", "datasource", false, &model.datasource));
  auto tables = j.find("tables");
  if (tables == j.end()) {
    return FieldError("tables", "missing; a semantic model lists its tables as \"tables\": [...]");
  }
  if (!tables->is_array()) {
    return FieldError("tables",
                      "expected an array of tables, got " + std::string(TypeName(*tables)));
  }
  std::unordered_map<std::string, size_t> seen;
  for (size_t i = 0; i < tables->size(); ++i) {
    ASKDB_ASSIGN_OR_RETURN(TableSemantics table, ReadTable((*tables)[i], Element("tables", i)));
    auto [pos, inserted] = seen.emplace(text::AsciiLower(table.name), i);
    if (!inserted) {
      return FieldError(Field(Element("tables", i), "name"),
                        "duplicate table '" + table.name + "' (also " +
                            Element("tables", pos->second) + "); merge the two entries");
    }
    model.tables.push_back(std::move(table));
  }
  if (auto it = j.find("relations"); it != j.end()) {
    if (!it->is_array()) {
      return FieldError("relations",
                        "expected an array of relations, got " + std::string(TypeName(*it)));
    }
    for (size_t i = 0; i < it->size(); ++i) {
      ASKDB_ASSIGN_OR_RETURN(LogicalRelation relation,
                             ReadRelation((*it)[i], Element("relations", i)));
      model.relations.push_back(std::move(relation));
    }
  }
  return model;
}

void WriteStringList(Json& object, std::string_view key, const std::vector<std::string>& list) {
  if (list.empty()) return;
  object[std::string(key)] = list;
}

Json ColumnToJson(const ColumnSemantics& column) {
  Json out = Json::object();
  out["name"] = column.name;
  if (!column.enabled) out["enabled"] = false;
  WriteLocalized(out, "business_name", column.business_name);
  WriteStringList(out, "synonyms", column.synonyms);
  WriteLocalized(out, "description", column.description);
  if (column.role != ColumnRole::kUnspecified) out["role"] = ColumnRoleName(column.role);
  if (!column.unit.empty()) out["unit"] = column.unit;
  if (!column.values.empty()) {
    Json values = Json::array();
    for (const ValueLabel& value : column.values) {
      values.push_back(Json{{"value", value.value}, {"labels", value.labels}});
    }
    out["values"] = std::move(values);
  }
  return out;
}

Json TableToJson(const TableSemantics& table) {
  Json out = Json::object();
  out["name"] = table.name;
  if (!table.enabled) out["enabled"] = false;
  WriteLocalized(out, "business_name", table.business_name);
  WriteStringList(out, "synonyms", table.synonyms);
  WriteLocalized(out, "description", table.description);
  Json columns = Json::array();
  for (const ColumnSemantics& column : table.columns) columns.push_back(ColumnToJson(column));
  out["columns"] = std::move(columns);
  return out;
}

}  // namespace

void WriteLocalized(Json& object, std::string_view key, const LocalizedText& text) {
  if (text.empty()) return;
  Json out = Json::object();
  if (!text.zh.empty()) out["zh"] = text.zh;
  if (!text.en.empty()) out["en"] = text.en;
  object[std::string(key)] = std::move(out);
}

std::string_view ColumnRoleName(ColumnRole role) {
  switch (role) {
    case ColumnRole::kMeasure:
      return "measure";
    case ColumnRole::kDimension:
      return "dimension";
    case ColumnRole::kTime:
      return "time";
    case ColumnRole::kIdentifier:
      return "identifier";
    case ColumnRole::kUnspecified:
      break;
  }
  return "";
}

StatusOr<ColumnRole> ParseColumnRole(std::string_view name) {
  for (ColumnRole role :
       {ColumnRole::kMeasure, ColumnRole::kDimension, ColumnRole::kTime, ColumnRole::kIdentifier}) {
    if (name == ColumnRoleName(role)) return role;
  }
  return InvalidArgumentError("unknown column role '" + std::string(name) + "'; " +
                              std::string(kRoleHint));
}

std::string_view RelationKindName(RelationKind kind) {
  switch (kind) {
    case RelationKind::kOneToOne:
      return "1:1";
    case RelationKind::kOneToMany:
      return "1:N";
    case RelationKind::kManyToOne:
      break;
  }
  return "N:1";
}

StatusOr<RelationKind> ParseRelationKind(std::string_view name) {
  for (RelationKind kind :
       {RelationKind::kOneToOne, RelationKind::kOneToMany, RelationKind::kManyToOne}) {
    if (EqualsIgnoreAsciiCase(name, RelationKindName(kind))) return kind;
  }
  return InvalidArgumentError("unknown relation kind '" + std::string(name) + "'; " +
                              std::string(kKindHint));
}

const ValueLabel* ColumnSemantics::FindValue(std::string_view value) const {
  for (const ValueLabel& v : values) {
    if (v.value == value) return &v;
  }
  return nullptr;
}

const ColumnSemantics* TableSemantics::FindColumn(std::string_view column) const {
  for (const ColumnSemantics& c : columns) {
    if (EqualsIgnoreAsciiCase(c.name, column)) return &c;
  }
  return nullptr;
}

ColumnSemantics* TableSemantics::FindColumn(std::string_view column) {
  return const_cast<ColumnSemantics*>(std::as_const(*this).FindColumn(column));
}

const TableSemantics* SemanticModel::FindTable(std::string_view table) const {
  for (const TableSemantics& t : tables) {
    if (EqualsIgnoreAsciiCase(t.name, table)) return &t;
  }
  return nullptr;
}

TableSemantics* SemanticModel::FindTable(std::string_view table) {
  return const_cast<TableSemantics*>(std::as_const(*this).FindTable(table));
}

const ColumnSemantics* SemanticModel::FindColumn(std::string_view table,
                                                 std::string_view column) const {
  const TableSemantics* t = FindTable(table);
  return t == nullptr ? nullptr : t->FindColumn(column);
}

StatusOr<SemanticModel> SemanticModelFromJson(const Json& json) {
  // Every access is type-checked first; the catch is a backstop so that a library
  // exception can never escape this adapter.
  try {
    return ReadModel(json);
  } catch (const Json::exception& e) {
    return InternalError(std::string("reading the semantic model failed unexpectedly: ") +
                         e.what());
  }
}

Json ToJson(const SemanticModel& model) {
  Json out = Json::object();
  out["version"] = model.version;
  if (!model.datasource.empty()) out["datasource"] = model.datasource;
  Json tables = Json::array();
  for (const TableSemantics& table : model.tables) tables.push_back(TableToJson(table));
  out["tables"] = std::move(tables);
  if (!model.relations.empty()) {
    Json relations = Json::array();
    for (const LogicalRelation& r : model.relations) {
      Json relation = Json::object();
      relation["from"] = r.from_table + "." + r.from_column;
      relation["to"] = r.to_table + "." + r.to_column;
      relation["kind"] = RelationKindName(r.kind);
      if (!r.description.empty()) relation["description"] = r.description;
      relations.push_back(std::move(relation));
    }
    out["relations"] = std::move(relations);
  }
  return out;
}

StatusOr<SemanticModel> LoadSemanticModel(const std::filesystem::path& path) {
  const std::string context = "loading semantic model " + path.string();
  StatusOr<std::string> text = ReadFile(path);
  if (!text.ok()) return text.status().WithContext(context);
  StatusOr<Json> json = ParseJson(*text);
  if (!json.ok()) return json.status().WithContext(context);
  StatusOr<SemanticModel> model = SemanticModelFromJson(*json);
  if (!model.ok()) return model.status().WithContext(context);
  return model;
}

Status SaveSemanticModel(const SemanticModel& model, const std::filesystem::path& path) {
  std::string text;
  try {
    text = ToJson(model).dump(kJsonIndent);
  } catch (const Json::exception& e) {
    // dump() throws on invalid UTF-8 in a name or label.
    return InvalidArgumentError("cannot write semantic model to " + path.string() + ": " +
                                e.what() + "; fix the text encoding (UTF-8 required)");
  }
  text += '\n';
  return WriteFileAtomic(path, text);
}

}  // namespace askdb::catalog
