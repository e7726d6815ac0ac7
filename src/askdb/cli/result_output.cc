#include "askdb/cli/result_output.h"

#include <cstdio>
#include <iostream>

#include "askdb/analysis/text_chart.h"
#include "askdb/cli/table_printer.h"

namespace askdb::cli {
namespace {
// Charts are narrower than tables: a bar chart stretched to 200 columns reads badly.
constexpr int kMaxChartWidth = 80;
}  // namespace

void PrintQueryResult(const CliContext& ctx, std::string_view sql, const db::ResultSet& result,
                      const analysis::ChartSpec& chart,
                      const std::vector<std::string>& money_columns, std::string_view null_text,
                      bool chinese) {
  const Style style = ctx.style();
  if (!sql.empty()) std::cout << style.Cyan(sql) << "\n\n";
  if (chart.kind == analysis::ChartKind::kKpi) {
    std::cout << style.Bold(chart.kpi_label) << (chinese ? "：" : ": ")
              << style.Green(chart.kpi_formatted) << "\n";
    if (!chart.note.empty()) std::cout << style.Dim(chart.note) << "\n";
    return;
  }
  TableFormat format;
  format.max_rows = static_cast<int>(ctx.config.output.max_table_rows);
  format.max_width = ctx.terminal.width;
  format.sql = std::string(sql);
  format.money_columns = money_columns;
  format.null_text = std::string(null_text);
  format.chinese = chinese;
  std::cout << FormatTable(result, format);
  std::vector<std::string> lines =
      analysis::RenderTextChart(chart, std::min(ctx.terminal.width, kMaxChartWidth));
  if (!lines.empty()) {
    std::cout << "\n";
    for (const std::string& line : lines) std::cout << line << "\n";
  }
  if (!chart.note.empty()) std::cout << style.Dim(chart.note) << "\n";
}

Json QueryResultJson(std::string_view sql, const db::ResultSet& result,
                     const analysis::ChartSpec& chart) {
  Json out = Json::object();
  out["sql"] = sql;
  Json body = result.ToJson();
  for (auto& [key, value] : body.items()) out[key] = value;
  out["chart"] = chart.ToJson();
  return out;
}

void PrintJson(const CliContext& ctx, const Json& json) {
  const int indent = ctx.terminal.stdout_is_tty ? 2 : -1;
  std::cout << json.dump(indent, ' ', false, Json::error_handler_t::replace) << "\n";
}

}  // namespace askdb::cli
