#include "askdb/agent/ask/schema_answer.h"

#include "askdb/analysis/chart_recommender.h"

namespace askdb::agent {
namespace {

// The business name in the run's language, else the other one; "" when none.
std::string BusinessName(const Json& item, bool chinese) {
  const Json names = item.value("business_name", Json::object());
  const std::string first = names.value(chinese ? "zh" : "en", "");
  return first.empty() ? names.value(chinese ? "en" : "zh", "") : first;
}

// "orders（订单）" / "orders (orders)": the name, with the business name when it says more.
std::string TableTitle(const Json& table, bool chinese) {
  const std::string name = table.value("name", "");
  const std::string business = BusinessName(table, chinese);
  if (business.empty() || business == name) return name;
  return chinese ? name + "（" + business + "）" : name + " (" + business + ")";
}

std::string RowCount(const Json& table, bool chinese) {
  if (!table.contains("row_count")) return "";
  // A server's statistics, not a count (row_count_estimate): "≈".
  const std::string n = (table.value("row_count_estimate", false) ? "≈" : "") +
                        analysis::FormatNumber(table["row_count"].get<double>());
  return chinese ? n + " 行" : n + (n == "1" ? " row" : " rows");
}

std::string TableLine(const Json& table, bool chinese) {
  std::string line = "- " + TableTitle(table, chinese);
  if (table.value("view", false)) line += chinese ? "（视图）" : " (view)";
  if (const std::string rows = RowCount(table, chinese); !rows.empty()) {
    line += (chinese ? "：" : ": ") + rows;
  }
  return line;
}

std::string TableNames(const Json& tables, bool chinese) {
  std::string names;
  for (const Json& table : tables) {
    names += (names.empty() ? "" : chinese ? "、" : ", ") + TableTitle(table, chinese);
  }
  return names;
}

std::string TablesAnswer(const Json& tables, bool chinese) {
  if (tables.empty()) {
    return chinese ? "这里没有你可以查询的表。" : "There are no tables you can query here.";
  }
  const std::string count = std::to_string(tables.size());
  std::string out = chinese ? "可以查询的表有 " + count + " 张：\n"
                            : "There " + std::string(tables.size() == 1 ? "is " : "are ") + count +
                                  (tables.size() == 1 ? " table" : " tables") + " you can query:\n";
  for (const Json& table : tables) out += TableLine(table, chinese) + "\n";
  const std::string example = tables[0].value("name", "");
  out += chinese ? "想看某张表的字段，可以问“" + example + "表有哪些字段”。"
                 : "To see a table's columns, ask \"what columns does the " + example +
                       " table have\".";
  return out;
}

// "- total_amount  REAL  订单金额（CNY）  → customers.customer_id  主键".
std::string ColumnLine(const Json& column, bool chinese) {
  std::string line = "- " + column.value("name", "") + "  " + column.value("type", "");
  const std::string business = BusinessName(column, chinese);
  const std::string unit = column.value("unit", "");
  if (!business.empty()) line += "  " + business;
  if (!unit.empty()) line += chinese ? "（单位 " + unit + "）" : " (in " + unit + ")";
  if (column.value("primary_key", false)) line += chinese ? "  主键" : "  primary key";
  if (const std::string ref = column.value("references", ""); !ref.empty()) {
    line += (chinese ? "  引用 " : "  refers to ") + ref;
  }
  return line;
}

std::string ColumnsAnswer(const Json& table, bool chinese) {
  const Json columns = table.value("columns", Json::array());
  const std::string count = std::to_string(columns.size());
  const std::string rows = RowCount(table, chinese);
  std::string out = TableTitle(table, chinese);
  if (chinese) {
    out += "有 " + count + " 个字段" + (rows.empty() ? "" : "（" + rows + "）") + "：\n";
  } else {
    out += " has " + count + (columns.size() == 1 ? " column" : " columns") +
           (rows.empty() ? "" : " (" + rows + ")") + ":\n";
  }
  for (const Json& column : columns) out += ColumnLine(column, chinese) + "\n";
  out.pop_back();
  return out;
}

std::string UnknownTableAnswer(const std::string& named, const Json& tables, bool chinese) {
  if (tables.empty()) {
    return chinese ? "没有名为“" + named + "”的表，这里也没有你可以查询的表。"
                   : "There is no table \"" + named + "\", and no table you can query here.";
  }
  return chinese ? "没有名为“" + named + "”的表。可以查询的表有：" + TableNames(tables, true) + "。"
                 : "There is no table \"" + named +
                       "\". The tables you can query are: " + TableNames(tables, false) + ".";
}

}  // namespace

std::string WriteSchemaAnswer(const SchemaQuestion& question, const Json& listing, bool chinese) {
  const Json tables = listing.value("tables", Json::array());
  if (question.kind == SchemaQuestion::Kind::kTables) return TablesAnswer(tables, chinese);
  for (const Json& table : tables) {
    if (table.value("name", "") == question.table) return ColumnsAnswer(table, chinese);
  }
  return UnknownTableAnswer(question.named, tables, chinese);
}

std::vector<std::string> TableTitles(const Json& listing, bool chinese) {
  std::vector<std::string> titles;
  for (const Json& table : listing.value("tables", Json::array())) {
    titles.push_back(TableTitle(table, chinese));
  }
  return titles;
}

}  // namespace askdb::agent
