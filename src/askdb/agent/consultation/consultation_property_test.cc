// Seed properties 16 and 17 over generated schemas.
//
// Property 16 precondition (as the seed states it for "any consultation response", made
// exact here): the schema has at least one table with at least one column. Then the result
// has ≥ 1 analysis dimension, ≥ 1 visualization recommendation and ≥ 1 example question —
// keys-only schemas included (they get the "data volume" suggestion).
// Property 17: a consultation makes at most one tool call (the basic schema fetch) and runs
// no statement on user data, observed through a counting connector.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <vector>

#include "askdb/agent/consultation/consultation.h"
#include "askdb/agent/consultation/counting_connector.h"
#include "askdb/db/schema.h"
#include "askdb/db/sqlite/sqlite_connector.h"

namespace askdb::agent {
namespace {

// Name pools mix English, Chinese and awkward identifiers so role inference, display names
// and language handling all get exercised.
const std::vector<std::string>& TableNames() {
  static const std::vector<std::string> kNames = {
      "orders", "customers", "products", "regions", "InvoiceLine", "t",     "x_1", "城市",
      "省份",   "销售记录",  "员工",     "events",  "log",         "Track", "a b"};
  return kNames;
}

const std::vector<std::string>& ColumnNames() {
  static const std::vector<std::string> kNames = {
      "id",    "name",  "amount",     "total", "created_at", "status",     "region",
      "price", "qty",   "type",       "email", "年份",       "人口",       "名称",
      "GDP",   "level", "order_date", "score", "UnitPrice",  "country",    "所属省id",
      "note",  "rate",  "count",      "value", "城市名称",   "signup_date"};
  return kNames;
}

const std::vector<std::string>& Types() {
  static const std::vector<std::string> kTypes = {
      "INTEGER",     "REAL", "TEXT",     "DATE", "NUMERIC(10,2)",
      "VARCHAR(20)", "BLOB", "DATETIME", "",     "BOOLEAN"};
  return kTypes;
}

struct GenColumn {
  std::string name;
  std::string type;
};
struct GenTable {
  std::string name;
  std::vector<GenColumn> columns;
  int fk_to = -1;  // index of a previous table this one refers to, or -1
};

rc::Gen<std::vector<GenTable>> GenSchema() {
  return rc::gen::exec([] {
    const int tables = *rc::gen::inRange(1, 6);
    std::vector<GenTable> out;
    std::vector<std::string> used;
    for (int t = 0; t < tables; ++t) {
      GenTable table;
      table.name = *rc::gen::elementOf(TableNames());
      if (std::find(used.begin(), used.end(), table.name) != used.end()) {
        table.name += "_" + std::to_string(t);
      }
      used.push_back(table.name);
      const int columns = *rc::gen::inRange(1, 7);
      std::vector<std::string> col_used;
      for (int c = 0; c < columns; ++c) {
        GenColumn col{*rc::gen::elementOf(ColumnNames()), *rc::gen::elementOf(Types())};
        if (std::find(col_used.begin(), col_used.end(), col.name) != col_used.end()) {
          col.name += "_" + std::to_string(c);
        }
        col_used.push_back(col.name);
        table.columns.push_back(std::move(col));
      }
      if (t > 0 && *rc::gen::arbitrary<bool>()) table.fk_to = *rc::gen::inRange(0, t);
      out.push_back(std::move(table));
    }
    return out;
  });
}

std::string Quote(const std::string& name) { return "\"" + name + "\""; }

// DDL for the generated schema: the first column of each table is its primary key; a
// foreign key gets its own column "ref_id".
std::string Ddl(const std::vector<GenTable>& tables) {
  std::string sql;
  for (const GenTable& t : tables) {
    sql += "CREATE TABLE " + Quote(t.name) + "(";
    for (size_t i = 0; i < t.columns.size(); ++i) {
      if (i > 0) sql += ", ";
      sql += Quote(t.columns[i].name) + " " + t.columns[i].type;
      if (i == 0) sql += " PRIMARY KEY";
    }
    if (t.fk_to >= 0) {
      const GenTable& ref = tables[t.fk_to];
      sql += ", \"ref_id\" INTEGER REFERENCES " + Quote(ref.name) + "(" +
             Quote(ref.columns[0].name) + ")";
    }
    sql += ");\n";
  }
  return sql;
}

void CheckProperty16(const ConsultationResult& r) {
  RC_ASSERT(!r.suggestions.empty());
  RC_ASSERT(!r.dimensions_overview.empty());
  bool dimension = false, chart = false, example = false;
  for (const Suggestion& s : r.suggestions) {
    dimension = dimension || !s.dimensions.empty();
    chart = chart || !ChartKindName(s.chart).empty();
    for (const std::string& q : s.example_questions) example = example || !q.empty();
  }
  RC_ASSERT(dimension);
  RC_ASSERT(chart);
  RC_ASSERT(example);
}

// Property 16 on a live (in-memory SQLite) datasource, and Property 17 observed on it.
RC_GTEST_PROP(ConsultationProperty, SuggestionsHaveDimensionChartAndExample, ()) {
  const std::vector<GenTable> tables = *GenSchema();
  const bool chinese = *rc::gen::arbitrary<bool>();
  auto inner = db::SqliteConnector::OpenInMemory(Ddl(tables));
  RC_ASSERT(inner.ok());
  CountingConnector conn(**inner);
  auto result = ConsultDataSource(conn, nullptr, chinese);
  RC_ASSERT(result.ok());
  CheckProperty16(*result);
  // Property 17.
  RC_ASSERT(conn.executes() == 0);
  RC_ASSERT(conn.introspects() <= 1);
  RC_ASSERT(result->tool_calls <= 1);
  RC_ASSERT(result->tool_calls == conn.introspects());
  RC_ASSERT(result->sql_executed == 0);
  RC_ASSERT(static_cast<int>(result->suggestions.size()) <= ConsultationOptions{}.max_suggestions);
}

// Property 16 on hand-built schemas (no engine quirks), including names and types SQLite
// would not produce and tables whose only column is a key.
RC_GTEST_PROP(ConsultationProperty, AnyNonEmptySchemaGetsSuggestions, ()) {
  const std::vector<GenTable> tables = *GenSchema();
  db::DatabaseSchema schema;
  for (const GenTable& t : tables) {
    db::TableInfo info;
    info.name = t.name;
    for (size_t i = 0; i < t.columns.size(); ++i) {
      db::ColumnInfo c;
      c.name = t.columns[i].name;
      c.type = t.columns[i].type;
      c.primary_key = i == 0 && *rc::gen::arbitrary<bool>();
      if (c.primary_key) info.primary_key.push_back(c.name);
      info.columns.push_back(std::move(c));
    }
    schema.tables.push_back(std::move(info));
  }
  const bool cached = *rc::gen::arbitrary<bool>();
  const ConsultationResult r =
      Consult({schema, nullptr, nullptr, *rc::gen::arbitrary<bool>(), cached});
  CheckProperty16(r);
  RC_ASSERT(r.tool_calls == (cached ? 0 : 1));
  RC_ASSERT(!r.RenderMarkdown().empty());
}

}  // namespace
}  // namespace askdb::agent
