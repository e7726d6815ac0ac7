#include "askdb/catalog/schema_render.h"

#include "askdb/catalog/relations.h"
#include "askdb/catalog/semantic_model.h"
#include "askdb/common/text.h"
#include "askdb/db/schema.h"

namespace askdb::catalog {
namespace {

// "订单 / orders" — both languages, each once.
std::string Localized(const LocalizedText& text) {
  if (text.zh.empty()) return text.en;
  if (text.en.empty() || text.en == text.zh) return text.zh;
  return text.zh + " / " + text.en;
}

void AppendPart(std::string& out, std::string_view part, std::string_view separator) {
  if (part.empty()) return;
  if (!out.empty()) out += separator;
  out += part;
}

// Cuts at a UTF-8 boundary so that the prompt never carries half a character.
std::string CutSample(const std::string& value, size_t max_bytes) {
  if (value.size() <= max_bytes) return value;
  size_t pos = 0;
  while (pos < value.size()) {
    char32_t cp = 0;
    size_t len = text::DecodeUtf8At(value, pos, &cp);
    if (pos + len > max_bytes) break;
    pos += len;
  }
  return value.substr(0, pos) + "...";
}

// "aka 销售额, GMV", "e.g. 'a', 'b'": a lead word and the items joined by commas.
std::string ListText(std::string_view lead, const std::vector<std::string>& items) {
  std::string out(lead);
  for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i];
  return out;
}

// The words a question may use for the table or column.
std::string AkaText(const std::vector<std::string>& synonyms) { return ListText("aka ", synonyms); }

std::string TableDescription(const db::TableInfo& table, const TableSemantics* model,
                             const RenderOptions& options) {
  std::string names;
  std::string description;
  if (model != nullptr) {
    names = Localized(model->business_name);
    description = Localized(model->description);
    if (options.synonyms && !model->synonyms.empty()) {
      AppendPart(description, AkaText(model->synonyms), "; ");
    }
  }
  if (!table.comment.empty() && table.comment != names)
    AppendPart(description, table.comment, "; ");
  std::string out = names;
  AppendPart(out, description, ": ");
  return out;
}

// " -> orders.order_id" for each foreign key the column is part of (names compared
// without case, as SQL does).
std::string ForeignKeyText(const db::TableInfo& table, const db::ColumnInfo& column) {
  std::string out;
  for (const db::ForeignKey& fk : table.foreign_keys) {
    for (size_t i = 0; i < fk.columns.size(); ++i) {
      if (text::AsciiLower(fk.columns[i]) == text::AsciiLower(column.name)) {
        out += " -> " + fk.ref_table;
        if (i < fk.ref_columns.size()) out += "." + fk.ref_columns[i];
      }
    }
  }
  return out;
}

// "e.g. '1'=已完成, 'x'": the model's labelled values first, then the database's samples the
// model does not label, at most max_samples_per_column, each cut to max_sample_bytes.
std::string SampleText(const db::ColumnInfo& column, const ColumnSemantics* semantics,
                       const RenderOptions& options) {
  std::vector<std::string> samples;
  if (semantics != nullptr) {
    for (const ValueLabel& v : semantics->values) {
      if (static_cast<int>(samples.size()) >= options.max_samples_per_column) break;
      samples.push_back("'" + CutSample(v.value, options.max_sample_bytes) +
                        "'=" + (v.labels.empty() ? std::string() : v.labels.front()));
    }
  }
  for (const std::string& value : column.sample_values) {
    if (static_cast<int>(samples.size()) >= options.max_samples_per_column) break;
    if (semantics != nullptr && semantics->FindValue(value) != nullptr) continue;
    samples.push_back("'" + CutSample(value, options.max_sample_bytes) + "'");
  }
  if (samples.empty()) return "";
  return ListText("e.g. ", samples);
}

// What the column means: the model's names, description, synonyms and unit, the database's
// comment (unless the same), and sample values.
std::string ColumnComment(const db::ColumnInfo& column, const ColumnSemantics* semantics,
                          const RenderOptions& options) {
  std::string comment;
  if (semantics != nullptr) {
    comment = Localized(semantics->business_name);
    AppendPart(comment, Localized(semantics->description), ": ");
    if (options.synonyms && !semantics->synonyms.empty()) {
      AppendPart(comment, AkaText(semantics->synonyms), "; ");
    }
    if (!semantics->unit.empty()) AppendPart(comment, "[" + semantics->unit + "]", " ");
  }
  if (!column.comment.empty() && column.comment != comment) {
    AppendPart(comment, column.comment, "; ");
  }
  AppendPart(comment, SampleText(column, semantics, options), "; ");
  return comment;
}

// "  name TYPE PK -> other.id -- meaning".
std::string ColumnLine(const db::TableInfo& table, const db::ColumnInfo& column,
                       const ColumnSemantics* semantics, const RenderOptions& options) {
  std::string out = "  " + column.name;
  if (!column.type.empty()) out += " " + column.type;
  if (column.primary_key) out += " PK";
  out += ForeignKeyText(table, column);
  const std::string comment = ColumnComment(column, semantics, options);
  if (!comment.empty()) out += " -- " + comment;
  return out;
}

}  // namespace

std::string RenderTableHeader(const db::TableInfo& table, const TableSemantics* model,
                              const RenderOptions& options) {
  std::string out = "# " + table.name;
  if (table.kind == db::TableInfo::Kind::kView) out += " (view)";
  std::string description = TableDescription(table, model, options);
  if (!description.empty()) out += " -- " + description;
  if (options.row_counts && table.row_count.has_value()) {
    out += " (" + std::string(table.row_count_is_estimate ? "~" : "") +
           std::to_string(*table.row_count) + " rows)";
  }
  return out + "\n";
}

std::string RenderTable(const db::TableInfo& table, const TableSemantics* model,
                        const std::vector<int>* columns, const RenderOptions& options) {
  std::vector<int> all;
  if (columns == nullptr) {
    for (size_t i = 0; i < table.columns.size(); ++i) all.push_back(static_cast<int>(i));
    columns = &all;
  }
  std::string out = RenderTableHeader(table, model, options);
  out += table.name + "(\n";
  bool first = true;
  for (int index : *columns) {
    if (index < 0 || static_cast<size_t>(index) >= table.columns.size()) continue;
    const db::ColumnInfo& column = table.columns[index];
    const ColumnSemantics* semantics = model ? model->FindColumn(column.name) : nullptr;
    if (semantics != nullptr && !semantics->enabled) continue;
    if (!first) out += ",\n";
    first = false;
    out += ColumnLine(table, column, semantics, options);
  }
  out += "\n)\n";
  return out;
}

std::string RenderRelations(const std::vector<Relation>& relations) {
  if (relations.empty()) return "";
  std::string out = "Relations:\n";
  for (const Relation& r : relations) {
    out += "  " + r.from_table + "." + r.from_column + " -> " + r.to_table + "." + r.to_column +
           " (" + std::string(RelationKindName(r.kind)) + (r.logical ? ", logical" : "") + ")";
    if (!r.description.empty()) out += " -- " + r.description;
    out += "\n";
  }
  return out;
}

std::string RenderSchema(const db::DatabaseSchema& schema, const SemanticModel* model,
                         const RenderOptions& options) {
  std::string out;
  for (const db::TableInfo& table : schema.tables) {
    const TableSemantics* semantics = model ? model->FindTable(table.name) : nullptr;
    if (semantics != nullptr && !semantics->enabled) continue;
    out += options.level == SchemaLevel::kBasic ? RenderTableHeader(table, semantics, options)
                                                : RenderTable(table, semantics, nullptr, options);
  }
  std::vector<Relation> relations = MergeRelations(schema, model);
  if (options.level == SchemaLevel::kDetailed) {
    // Physical keys are already inline ("-> customers.id"); list only the logical ones.
    std::erase_if(relations, [](const Relation& r) { return !r.logical; });
  }
  out += RenderRelations(relations);
  return out;
}

}  // namespace askdb::catalog
