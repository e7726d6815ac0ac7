#include "askdb/catalog/semantic_model_csv.h"

#include <array>
#include <map>

#include "askdb/common/json.h"
#include "askdb/common/text.h"

namespace askdb::catalog {
namespace {

constexpr std::array<std::string_view, 10> kEntryHeader = {"table",
                                                           "column",
                                                           "enabled",
                                                           "business_name_zh",
                                                           "business_name_en",
                                                           "synonyms",
                                                           "description_zh",
                                                           "description_en",
                                                           "role",
                                                           "unit"};
constexpr std::array<std::string_view, 4> kRelationHeader = {"from", "to", "kind", "description"};

enum EntryField {
  kTable,
  kColumn,
  kEnabled,
  kNameZh,
  kNameEn,
  kSynonyms,
  kDescZh,
  kDescEn,
  kRole,
  kUnit
};

std::string JoinSynonyms(const std::vector<std::string>& synonyms) {
  std::string out;
  for (const std::string& s : synonyms) {
    if (!out.empty()) out += kCsvSynonymSeparator;
    out += s;
  }
  return out;
}

Json Localized(const std::string& zh, const std::string& en) {
  Json out = Json::object();
  if (!zh.empty()) out["zh"] = zh;
  if (!en.empty()) out["en"] = en;
  return out;
}

// Header row check: names must match in order; says which column is wrong.
template <size_t N>
Status CheckHeader(const std::vector<std::string>& row, const std::array<std::string_view, N>& want,
                   std::string_view file) {
  for (size_t i = 0; i < N; ++i) {
    std::string got = i < row.size() ? text::AsciiLower(row[i]) : "";
    if (got != want[i]) {
      std::string expected;
      for (std::string_view w : want) expected += (expected.empty() ? "" : ",") + std::string(w);
      return InvalidArgumentError(std::string(file) + " line 1: column " + std::to_string(i + 1) +
                                  " is '" + got + "'; the header must be " + expected);
    }
  }
  return Status::Ok();
}

// Fills `object` with the optional fields of an entry row.
Status FillEntry(const std::vector<std::string>& row, size_t line, Json& object) {
  auto cell = [&](EntryField f) -> const std::string& {
    static const std::string kEmpty;
    return static_cast<size_t>(f) < row.size() ? row[f] : kEmpty;
  };
  const std::string enabled = text::AsciiLower(cell(kEnabled));
  if (enabled == "false" || enabled == "0" || enabled == "no") {
    object["enabled"] = false;
  } else if (!enabled.empty() && enabled != "true" && enabled != "1" && enabled != "yes") {
    return InvalidArgumentError("entries line " + std::to_string(line) + ": enabled is '" +
                                cell(kEnabled) + "'; use true or false");
  }
  Json name = Localized(cell(kNameZh), cell(kNameEn));
  if (!name.empty()) object["business_name"] = std::move(name);
  if (!cell(kSynonyms).empty()) {
    Json synonyms = Json::array();
    std::string current;
    for (char c : cell(kSynonyms) + kCsvSynonymSeparator) {
      if (c == kCsvSynonymSeparator) {
        if (!current.empty()) synonyms.push_back(current);
        current.clear();
      } else {
        current += c;
      }
    }
    object["synonyms"] = std::move(synonyms);
  }
  Json description = Localized(cell(kDescZh), cell(kDescEn));
  if (!description.empty()) object["description"] = std::move(description);
  if (!cell(kRole).empty()) object["role"] = cell(kRole);
  if (!cell(kUnit).empty()) object["unit"] = cell(kUnit);
  return Status::Ok();
}

// ParseCsv's state between characters: the rows so far, the open row and field.
class CsvReader {
 public:
  explicit CsvReader(std::string_view text) : text_(text) {}

  StatusOr<std::vector<std::vector<std::string>>> Read() {
    for (size_t i = 0; i < text_.size(); ++i) i = quoted_ ? InQuotes(i) : Outside(i);
    if (quoted_) {
      return InvalidArgumentError("CSV line " + std::to_string(line_) +
                                  ": a quoted field is not closed; add the closing '\"'");
    }
    EndRow();
    return std::move(rows_);
  }

 private:
  // Each step returns the index of the last character it used.
  size_t InQuotes(size_t i) {
    const char c = text_[i];
    if (c == '"' && i + 1 < text_.size() && text_[i + 1] == '"') {
      field_ += '"';
      return i + 1;
    }
    if (c == '"') {
      quoted_ = false;
    } else {
      if (c == '\n') ++line_;
      field_ += c;
    }
    return i;
  }

  size_t Outside(size_t i) {
    const char c = text_[i];
    if (c == '"') {
      quoted_ = true;
      any_ = true;
    } else if (c == ',') {
      row_.push_back(std::move(field_));
      field_.clear();
      any_ = true;
    } else if (c == '\n' || c == '\r') {
      if (c == '\r' && i + 1 < text_.size() && text_[i + 1] == '\n') ++i;
      EndRow();
      ++line_;
    } else {
      field_ += c;
    }
    return i;
  }

  // A line holding nothing at all is no row.
  void EndRow() {
    if (any_ || !field_.empty()) {
      row_.push_back(std::move(field_));
      rows_.push_back(std::move(row_));
    }
    row_.clear();
    field_.clear();
    any_ = false;
  }

  std::string_view text_;
  std::vector<std::vector<std::string>> rows_;
  std::vector<std::string> row_;
  std::string field_;
  bool quoted_ = false;
  bool any_ = false;  // the line has a quote or a comma: it is a row even when blank
  size_t line_ = 1;
};

}  // namespace

StatusOr<std::vector<std::vector<std::string>>> ParseCsv(std::string_view text) {
  return CsvReader(text).Read();
}

std::string CsvRow(const std::vector<std::string>& fields) {
  std::string out;
  for (size_t i = 0; i < fields.size(); ++i) {
    if (i) out += ',';
    const std::string& f = fields[i];
    if (f.find_first_of(",\"\r\n") == std::string::npos) {
      out += f;
      continue;
    }
    out += '"';
    for (char c : f) {
      if (c == '"') out += '"';
      out += c;
    }
    out += '"';
  }
  return out + "\n";
}

StatusOr<SemanticModelCsv> ExportSemanticModelCsv(const SemanticModel& model) {
  SemanticModelCsv out;
  out.entries = CsvRow(std::vector<std::string>(kEntryHeader.begin(), kEntryHeader.end()));
  auto check = [](const std::vector<std::string>& synonyms, const std::string& where) -> Status {
    for (const std::string& s : synonyms) {
      if (s.find(kCsvSynonymSeparator) != std::string::npos) {
        return InvalidArgumentError("synonym '" + s + "' of " + where + " contains '" +
                                    std::string(1, kCsvSynonymSeparator) +
                                    "', which CSV uses between synonyms; export as JSON instead");
      }
    }
    return Status::Ok();
  };
  for (const TableSemantics& t : model.tables) {
    ASKDB_RETURN_IF_ERROR(check(t.synonyms, t.name));
    out.entries +=
        CsvRow({t.name, "", t.enabled ? "" : "false", t.business_name.zh, t.business_name.en,
                JoinSynonyms(t.synonyms), t.description.zh, t.description.en, "", ""});
    for (const ColumnSemantics& c : t.columns) {
      ASKDB_RETURN_IF_ERROR(check(c.synonyms, t.name + "." + c.name));
      out.entries += CsvRow({t.name, c.name, c.enabled ? "" : "false", c.business_name.zh,
                             c.business_name.en, JoinSynonyms(c.synonyms), c.description.zh,
                             c.description.en, std::string(ColumnRoleName(c.role)), c.unit});
    }
  }
  out.relations = CsvRow(std::vector<std::string>(kRelationHeader.begin(), kRelationHeader.end()));
  for (const LogicalRelation& r : model.relations) {
    out.relations += CsvRow({r.from_table + "." + r.from_column, r.to_table + "." + r.to_column,
                             std::string(RelationKindName(r.kind)), r.description});
  }
  return out;
}

namespace {

// The model's tables from the entry rows (the header first): a row without a column cell
// describes its table, the others one column each; a table's rows may be anywhere.
StatusOr<Json> TablesFromEntryRows(const std::vector<std::vector<std::string>>& entry_rows) {
  Json tables = Json::array();
  std::map<std::string, size_t> table_index;  // lower-cased name → position in `tables`
  for (size_t i = 1; i < entry_rows.size(); ++i) {
    const auto& row = entry_rows[i];
    const size_t line = i + 1;
    if (row.empty() || row[kTable].empty()) {
      return InvalidArgumentError("entries line " + std::to_string(line) +
                                  ": the table cell is empty; every row names its table");
    }
    const std::string key = text::AsciiLower(row[kTable]);
    auto it = table_index.find(key);
    if (it == table_index.end()) {
      it = table_index.emplace(key, tables.size()).first;
      tables.push_back(Json{{"name", row[kTable]}, {"columns", Json::array()}});
    }
    Json& table = tables[it->second];
    const bool is_table_row = row.size() <= kColumn || row[kColumn].empty();
    if (is_table_row) {
      ASKDB_RETURN_IF_ERROR(FillEntry(row, line, table));
    } else {
      Json column = Json{{"name", row[kColumn]}};
      ASKDB_RETURN_IF_ERROR(FillEntry(row, line, column));
      table["columns"].push_back(std::move(column));
    }
  }
  return tables;
}

// The relations CSV as a JSON list, blank cells left out; empty when it has no rows.
StatusOr<Json> RelationsFromCsv(std::string_view relations) {
  Json list = Json::array();
  if (relations.empty()) return list;
  ASKDB_ASSIGN_OR_RETURN(auto relation_rows, ParseCsv(relations));
  if (relation_rows.empty()) return list;
  ASKDB_RETURN_IF_ERROR(CheckHeader(relation_rows[0], kRelationHeader, "relations"));
  for (size_t i = 1; i < relation_rows.size(); ++i) {
    const auto& row = relation_rows[i];
    Json r = Json::object();
    for (size_t f = 0; f < kRelationHeader.size() && f < row.size(); ++f) {
      if (!row[f].empty()) r[std::string(kRelationHeader[f])] = row[f];
    }
    list.push_back(std::move(r));
  }
  return list;
}

}  // namespace

StatusOr<SemanticModel> ImportSemanticModelCsv(std::string_view entries, std::string_view relations,
                                               std::string datasource) {
  ASKDB_ASSIGN_OR_RETURN(auto entry_rows, ParseCsv(entries));
  if (entry_rows.empty()) {
    return InvalidArgumentError("entries CSV is empty; it needs at least the header row");
  }
  ASKDB_RETURN_IF_ERROR(CheckHeader(entry_rows[0], kEntryHeader, "entries"));
  Json model = Json::object();
  model["version"] = kSemanticModelVersion;
  if (!datasource.empty()) model["datasource"] = datasource;
  ASKDB_ASSIGN_OR_RETURN(model["tables"], TablesFromEntryRows(entry_rows));
  ASKDB_ASSIGN_OR_RETURN(Json relation_list, RelationsFromCsv(relations));
  if (!relation_list.empty()) model["relations"] = std::move(relation_list);
  StatusOr<SemanticModel> parsed = SemanticModelFromJson(model);
  if (!parsed.ok()) return parsed.status().WithContext("importing the semantic model CSV");
  return parsed;
}

}  // namespace askdb::catalog
