// askdb schema: lists a database's tables and views with columns, keys and row counts, and
// the business names of the semantic model (the words a question can use for them).
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <optional>

#include "askdb/agent/ask/datasource.h"
#include "askdb/catalog/semantic_model.h"
#include "askdb/cli/cli_context.h"
#include "askdb/cli/database_resolver.h"
#include "askdb/cli/result_output.h"
#include "askdb/common/text.h"
#include "askdb/db/connector.h"
#include "askdb/db/database_url.h"

namespace askdb::cli {
namespace {

struct SchemaOptions {
  std::string db;
  std::vector<std::string> tables;
  int samples = 3;
  std::string semantic_model;
};

// --semantic-model, else NAME.semantic.json beside a SQLite file (as `askdb ask` finds it);
// nullopt when there is none.
StatusOr<std::optional<catalog::SemanticModel>> LoadModel(const SchemaOptions& options,
                                                          const CliContext& ctx) {
  std::filesystem::path path = options.semantic_model;
  if (path.empty()) {
    ASKDB_ASSIGN_OR_RETURN(std::string url, ResolveDatabaseUrl(options.db, ctx));
    StatusOr<db::DatabaseUrl> parsed = db::ParseDatabaseUrl(url);
    std::error_code ec;
    if (parsed.ok() && parsed->is_sqlite()) {
      std::filesystem::path beside = agent::SemanticModelPathFor(parsed->database);
      if (std::filesystem::exists(beside, ec)) path = beside;
    }
  }
  if (path.empty()) return std::optional<catalog::SemanticModel>();
  // Its errors already name the file.
  ASKDB_ASSIGN_OR_RETURN(catalog::SemanticModel model, catalog::LoadSemanticModel(path));
  return std::optional<catalog::SemanticModel>(std::move(model));
}

// "国家 / country", the names a question may use; the English one only when it is not the
// physical name itself. Empty when the model gives none.
std::string BusinessNames(const catalog::LocalizedText& name, std::string_view physical) {
  std::string out = name.zh;
  if (!name.en.empty() && text::AsciiLower(name.en) != text::AsciiLower(physical)) {
    out += (out.empty() ? "" : " / ") + name.en;
  }
  return out;
}

// The JSON form carries what the text form shows from the model: each described table's and
// column's business names, a column's unit, and what the model hides.
void AddModelWords(Json& schema, const catalog::SemanticModel& model) {
  for (Json& table : schema["tables"]) {
    const catalog::TableSemantics* ts = model.FindTable(table.value("name", ""));
    if (ts == nullptr) continue;
    catalog::WriteLocalized(table, "business_name", ts->business_name);
    if (!ts->enabled) table["hidden"] = true;
    for (Json& column : table["columns"]) {
      const catalog::ColumnSemantics* cs = ts->FindColumn(column.value("name", ""));
      if (cs == nullptr) continue;
      catalog::WriteLocalized(column, "business_name", cs->business_name);
      if (!cs->unit.empty()) column["unit"] = cs->unit;
      if (!cs->enabled) column["hidden"] = true;
    }
  }
}

std::string ForeignKeyTarget(const db::ForeignKey& fk, size_t i) {
  std::string target = fk.ref_table;
  if (i < fk.ref_columns.size()) target += "." + fk.ref_columns[i];
  return target;
}

// "orders  订单 / orders  60000 rows": the name, whether the model hides it, its business
// names, view or not, and its row count.
std::string TableHeading(const Style& style, const db::TableInfo& table,
                         const catalog::TableSemantics* semantics) {
  std::string heading = style.Bold(table.name);
  if (semantics != nullptr) {
    if (!semantics->enabled) heading += " " + style.Dim("(hidden by the semantic model)");
    const std::string names = BusinessNames(semantics->business_name, table.name);
    if (!names.empty()) heading += "  " + style.Green(names);
  }
  if (table.kind == db::TableInfo::Kind::kView) heading += " " + style.Dim("(view)");
  if (table.row_count) {
    heading += style.Dim("  " + std::to_string(*table.row_count) +
                         (table.row_count_is_estimate ? " rows (estimate)" : " rows"));
  }
  return heading;
}

// What the semantic model says of a column: business names, unit, hidden.
std::string ColumnSemanticsText(const Style& style, const db::ColumnInfo& c,
                                const catalog::TableSemantics* semantics) {
  const catalog::ColumnSemantics* cs =
      semantics != nullptr ? semantics->FindColumn(c.name) : nullptr;
  if (cs == nullptr) return "";
  std::string out;
  std::string names = BusinessNames(cs->business_name, c.name);
  if (!cs->unit.empty()) names += (names.empty() ? "" : " · ") + cs->unit;
  if (!names.empty()) out += "  " + style.Green(names);
  if (!cs->enabled) out += "  " + style.Dim("(hidden)");
  return out;
}

// One column: name and type aligned in columns of the given widths, key, NOT NULL, the
// foreign keys it is part of, samples (detailed), comment and the model's words.
std::string ColumnLine(const Style& style, const db::TableInfo& table, const db::ColumnInfo& c,
                       int name_width, int type_width, bool detailed,
                       const catalog::TableSemantics* semantics) {
  std::string line = "  " + text::PadRight(c.name, name_width) + "  " +
                     text::PadRight(c.type.empty() ? "-" : c.type, type_width);
  if (c.primary_key) line += "  " + style.Yellow("PK");
  if (!c.nullable && !c.primary_key) line += "  NOT NULL";
  for (const db::ForeignKey& fk : table.foreign_keys) {
    for (size_t i = 0; i < fk.columns.size(); ++i) {
      if (fk.columns[i] == c.name) line += "  " + style.Cyan("→ " + ForeignKeyTarget(fk, i));
    }
  }
  if (detailed && !c.sample_values.empty()) {
    std::string samples;
    for (const std::string& v : c.sample_values) {
      if (!samples.empty()) samples += ", ";
      samples += text::TruncateToWidth(v, 24);
    }
    line += "  " + style.Dim("e.g. " + samples);
  }
  if (!c.comment.empty()) line += "  " + style.Dim("-- " + c.comment);
  line += ColumnSemanticsText(style, c, semantics);
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line;
}

void PrintIndexes(const Style& style, const db::TableInfo& table) {
  for (const db::IndexInfo& index : table.indexes) {
    std::string cols;
    for (const std::string& c : index.columns) cols += (cols.empty() ? "" : ", ") + c;
    std::cout << "  "
              << style.Dim(std::string(index.unique ? "unique index " : "index ") + index.name +
                           " (" + cols + ")")
              << "\n";
  }
}

void PrintTable(const CliContext& ctx, const db::TableInfo& table, bool detailed,
                const catalog::TableSemantics* semantics) {
  const Style style = ctx.style();
  std::cout << TableHeading(style, table, semantics) << "\n";
  if (!table.comment.empty()) std::cout << "  " << style.Dim(table.comment) << "\n";
  int name_width = 0;
  int type_width = 0;
  for (const db::ColumnInfo& c : table.columns) {
    name_width = std::max(name_width, text::DisplayWidth(c.name));
    type_width = std::max(type_width, text::DisplayWidth(c.type));
  }
  for (const db::ColumnInfo& c : table.columns) {
    std::cout << ColumnLine(style, table, c, name_width, type_width, detailed, semantics) << "\n";
  }
  if (detailed) PrintIndexes(style, table);
  std::cout << "\n";
}

Status RunSchema(const SchemaOptions& options, CliContext& ctx) {
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<db::Connector> connector, OpenDatabase(options.db, ctx));
  ASKDB_ASSIGN_OR_RETURN(std::optional<catalog::SemanticModel> model, LoadModel(options, ctx));
  db::IntrospectOptions introspect;
  introspect.tables = options.tables;
  introspect.sample_values_per_column = options.samples;
  ASKDB_ASSIGN_OR_RETURN(db::DatabaseSchema schema, connector->Introspect(introspect));
  for (const std::string& wanted : options.tables) {
    if (schema.FindTable(wanted) == nullptr) {
      return NotFoundError("no table or view named '" + wanted + "' in " +
                           connector->display_name() + " (run `askdb schema` to list them)");
    }
  }
  if (ctx.json) {
    Json out = schema.ToJson();
    if (model) AddModelWords(out, *model);
    PrintJson(ctx, out);
    return Status::Ok();
  }
  std::cout << ctx.style().Bold(connector->display_name()) << "  " << schema.engine << ", "
            << schema.tables.size() << (schema.tables.size() == 1 ? " table\n\n" : " tables\n\n");
  const bool detailed = !options.tables.empty();
  for (const db::TableInfo& table : schema.tables) {
    PrintTable(ctx, table, detailed, model ? model->FindTable(table.name) : nullptr);
  }
  return Status::Ok();
}

}  // namespace

Command AddSchemaCommand(CLI::App& app) {
  auto options = std::make_shared<SchemaOptions>();
  CLI::App* cmd = app.add_subcommand("schema", "List tables, columns, keys and row counts");
  cmd->add_option("--db", options->db, kDatabaseFlagHelp);
  cmd->add_option("--table,-t", options->tables,
                  "Show only this table, with sample values and indexes (repeatable)");
  cmd->add_option("--samples", options->samples,
                  "Sample values per text column with --table (default: 3)")
      ->check(CLI::Range(0, 50));
  cmd->add_option("--semantic-model", options->semantic_model,
                  "Semantic model JSON whose business names to show (default: "
                  "NAME.semantic.json beside a SQLite file)");
  cmd->footer(
      "Examples:\n"
      "  askdb schema --db ../shared/data/chinook/chinook.sqlite\n"
      "  askdb schema --db ../shared/data/chinook/chinook.sqlite \\\n"
      "      --semantic-model data/semantic/chinook.semantic.json\n"
      "  askdb schema --db sqlite:shop.db --table orders --json");
  return {cmd, [options](CliContext& ctx) { return RunSchema(*options, ctx); }};
}

}  // namespace askdb::cli
