// Chart recommendation: looks at a query result (column names and values) and picks the
// chart a person would draw for it — a line for a measure over time, a bar for a measure
// by category, a pie for parts of a whole, a scatter for two measures, a KPI card for a
// single number, and a plain table for anything else — then builds the ECharts option.
//
// RecommendChart() is a pure function of its inputs: it never fails and never throws,
// whatever the result holds (no rows, NULLs, mixed kinds, huge results); the worst case is
// a kTable spec. The option is plain JSON (no JavaScript functions). Where a number
// formatter is wanted, an axis label or tooltip carries "askdbFormat": "compact" or
// "number"; renderers (the HTML report, the web UI) install the matching function, and
// ECharts ignores the key otherwise. Thread-safe: no shared state.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/json.h"

namespace askdb::db {
struct ResultSet;
}

namespace askdb::analysis {

enum class ChartKind { kLine, kBar, kPie, kScatter, kKpi, kTable };

// Stable lower-case name ("line", "bar", "pie", "scatter", "kpi", "table").
std::string_view ChartKindName(ChartKind kind);

// One plotted series: a value per label (std::nullopt for a gap, e.g. a NULL).
struct ChartSeries {
  std::string name;
  std::vector<std::optional<double>> values;
  // The values add up across the labels (measure_additivity.h): only then do a total and a
  // share of it mean something. False when unknown.
  bool additive = false;
  // The values are money (ResultFacts::money): shown with two decimals.
  bool money = false;
  // The values are fractions shown in percent (ResultFacts::ratio): "3.84%", as a one-number
  // answer shows the same ratio.
  bool ratio = false;
};

// The data the option was built from, engine-neutral, for text rendering and tests.
// Line/bar/pie: `labels` are the x-axis categories (or slice names) and each series has one
// value per label. Scatter: `x_values` holds the x of each point and series[0] the y.
struct ChartData {
  std::string x_name;
  std::vector<std::string> labels;
  std::vector<double> x_values;
  std::vector<ChartSeries> series;
  // A bar chart of more categories than it shows (ChartOptions::max_categories): how many
  // the result has (0: all are shown), and whether the shown ones are the largest (the query
  // did not order the rows) rather than the query's first ones. A count, lowest value or
  // total read off the shown ones would be wrong.
  size_t total_categories = 0;
  bool shows_largest = false;
  // The query kept only its first rows (LIMIT reached, OFFSET, row cap): even the result's
  // own total is not the whole's.
  bool rows_limited = false;
  // The rows were cut at askdb's row cap, not by the query's own LIMIT (a top 10 asked for):
  // only then is the reader told that rows are missing.
  bool row_cap_reached = false;
  // Each row is a group (GROUP BY or an aggregate), not a row of a table.
  bool grouped = false;
  // A pie's last slice sums its smallest parts ("其他"/"Other"; then total_categories counts
  // the parts): it is no group of the result, neither the highest nor the lowest.
  bool other_slice = false;
};

struct ChartSpec {
  ChartKind kind = ChartKind::kTable;
  std::string title;
  // ECharts option for line/bar/pie/scatter; null for kKpi and kTable.
  Json echarts_option;
  // Why this chart, in the question's language ("revenue over month: a time column and a
  // measure"), for the answer text and for debugging.
  std::string reason;
  // For the reader, beside the chart; empty unless the request named a chart kind the rows
  // cannot be drawn as ("A pie chart was asked for, but average price does not add up to a
  // whole …; shown as a bar chart.").
  std::string note;
  ChartData data;
  // kKpi only: the number, what it is, and its display text ("1,234,567").
  double kpi_value = 0;
  std::string kpi_label;
  std::string kpi_formatted;

  // {"kind":"bar","title":...,"reason":...,"option":{...}} (+ "kpi" for kKpi, "note" when set).
  Json ToJson() const;
};

// Limits and thresholds, with defaults that suit a report page and a terminal.
struct ChartOptions {
  // Most points on a line or scatter; longer results are sampled evenly.
  size_t max_points = 500;
  // Most bars; longer results keep the largest (or the first, when the query ordered).
  size_t max_categories = 30;
  // Most pie slices, the last of which is "Other" when there are more.
  size_t max_pie_slices = 8;
  // Most series on one line chart (measures, or categories pivoted into series).
  size_t max_series = 8;
  // Fewest points that make a scatter worth drawing.
  size_t min_scatter_points = 3;
  // Bars turn horizontal when a label is wider than this (display columns) ...
  int long_label_width = 10;
  // ... or when there are more bars than this.
  size_t many_categories = 12;
};

// What is known besides the data. All fields optional.
struct ChartRequest {
  // Default member initialisers let callers write {.question = q} without -Wextra noise.
  std::string title{};     // used as is when set
  std::string question{};  // the user's question: language, "share"/"占比" intent, title
  std::string sql{};       // the statement that made the result: an ORDER BY keeps row order;
                           // its select items say which measures add up (no pie otherwise)
  // Source columns known to hold money (DescribeResult's money_columns): a result column
  // showing one of them is money, two decimals.
  std::vector<std::string> money_columns{};
};

ChartSpec RecommendChart(const db::ResultSet& result, const ChartRequest& request = {},
                         const ChartOptions& options = {});

// "1,234,567.89": thousands separators, at most two decimals, trailing zeros dropped; money
// keeps both decimals ("2,328.60", "12.00").
std::string FormatNumber(double value, bool money = false);
// A fraction in percent: 0.03842 → "3.84%"; below 0.1% three significant digits
// ("0.0123%") so a small rate never reads as 0.
std::string FormatFraction(double fraction);
// "1.2K", "3.4M", "5.6B", "7.8T"; plain FormatNumber below 1,000.
std::string FormatCompact(double value);

}  // namespace askdb::analysis
