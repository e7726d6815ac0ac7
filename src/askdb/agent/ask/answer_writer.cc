#include "askdb/agent/ask/answer_writer.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

namespace askdb::agent {
namespace {

using analysis::FormatNumber;

// Shares are stated only when every part is positive: a share of a total with negative
// parts misleads.
std::optional<double> PositiveTotal(const std::vector<std::optional<double>>& values) {
  double total = 0;
  for (const auto& v : values) {
    if (!v || *v < 0) return std::nullopt;
    total += *v;
  }
  return total > 0 ? std::optional<double>(total) : std::nullopt;
}

std::string Percent(double part, double whole) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * part / whole);
  return buf;
}

struct Extremes {
  size_t max_index = 0, min_index = 0;
  int count = 0;
};

Extremes FindExtremes(const std::vector<std::optional<double>>& values) {
  Extremes e;
  for (size_t i = 0; i < values.size(); ++i) {
    if (!values[i]) continue;
    if (e.count == 0 || *values[i] > *values[e.max_index]) e.max_index = i;
    if (e.count == 0 || *values[i] < *values[e.min_index]) e.min_index = i;
    ++e.count;
  }
  return e;
}

// Chinese runs on without spaces; a Latin word or number before Chinese text keeps one.
std::string ZhGap(const std::string& before) {
  const unsigned char last = before.empty() ? ' ' : static_cast<unsigned char>(before.back());
  return std::isalnum(last) ? " " : "";
}

// The chart shows only some of the groups: their count, lowest value and total are not the
// result's, so only what holds for the whole result is said.
std::string PartialCategoryAnswer(const analysis::ChartData& data, const Extremes& e,
                                  bool chinese) {
  const std::string all = std::to_string(data.total_categories);
  const std::string shown = std::to_string(data.labels.size());
  const analysis::ChartSeries& series = data.series.front();
  const std::string& top = data.labels[e.max_index];
  const std::string top_value = FormatNumber(*series.values[e.max_index]);
  if (chinese) {
    std::string out =
        "共 " + all + " 项，图中显示" + (data.shows_largest ? "最大的 " : "前 ") + shown + " 项";
    if (data.shows_largest) {
      out += "；" + top + ZhGap(top) + "的" + series.name + "最高，为 " + top_value;
    }
    return out + "。";
  }
  std::string out =
      all + " groups; the chart shows the " + (data.shows_largest ? "largest " : "first ") + shown;
  if (data.shows_largest)
    out += "; " + top + " has the highest " + series.name + " at " + top_value;
  return out + ".";
}

std::string CategoryAnswer(const analysis::ChartData& data, bool chinese) {
  const analysis::ChartSeries& series = data.series.front();
  const Extremes e = FindExtremes(series.values);
  if (e.count == 0) return chinese ? "结果中没有数值。" : "The result holds no numbers.";
  if (data.total_categories > data.labels.size()) return PartialCategoryAnswer(data, e, chinese);
  const std::string& top = data.labels[e.max_index];
  const std::string& bottom = data.labels[e.min_index];
  const double top_value = *series.values[e.max_index];
  const double bottom_value = *series.values[e.min_index];
  // A total and shares only of values that add up (not prices, averages, rates, per-row
  // attributes), over all the rows (not a top N): otherwise they mean nothing.
  const std::optional<double> total =
      series.additive && !data.rows_limited ? PositiveTotal(series.values) : std::nullopt;
  if (e.count == 1 && data.labels.size() == 1) {
    // One row ("订单最多的城市", top 1): its value, without shares or extremes of one.
    return chinese ? top + ZhGap(top) + "的" + series.name + "为 " + FormatNumber(top_value) + "。"
                   : top + ": " + series.name + " " + FormatNumber(top_value) + ".";
  }
  const std::string n = std::to_string(data.labels.size());
  std::string out;
  if (chinese) {
    out = "共 " + n + " 项" + (data.rows_limited ? "（达到查询的行数上限）" : "") + "；" + top +
          ZhGap(top) + "的" + series.name + "最高，为 " + FormatNumber(top_value);
    if (total) out += "（占 " + Percent(top_value, *total) + "）";
    if (e.max_index != e.min_index) {
      out += std::string("，") + (data.rows_limited ? "这些项中" : "") + bottom + ZhGap(bottom) +
             "最低，为 " + FormatNumber(bottom_value);
    }
    if (total) out += "；合计 " + FormatNumber(*total);
    return out + "。";
  }
  out = n + (data.grouped ? " groups" : " rows") +
        (data.rows_limited ? ", the query's limit" : "") + "; " + top + " has the highest " +
        series.name + " at " + FormatNumber(top_value);
  if (total) out += " (" + Percent(top_value, *total) + " of the total)";
  if (e.max_index != e.min_index) {
    out += ", " + bottom + " the lowest" + (data.rows_limited ? " of these" : "") + " at " +
           FormatNumber(bottom_value);
  }
  if (total) out += "; total " + FormatNumber(*total);
  return out + ".";
}

std::string SeriesAnswer(const analysis::ChartData& data, bool chinese) {
  const analysis::ChartSeries& series = data.series.front();
  const Extremes e = FindExtremes(series.values);
  if (e.count == 0) return chinese ? "结果中没有数值。" : "The result holds no numbers.";
  std::optional<double> first, last;
  std::string first_label, last_label;
  for (size_t i = 0; i < series.values.size(); ++i) {
    if (!series.values[i]) continue;
    if (!first) {
      first = series.values[i];
      first_label = data.labels[i];
    }
    last = series.values[i];
    last_label = data.labels[i];
  }
  std::string change;
  if (*first != 0 && first_label != last_label) {
    const double pct = 100.0 * (*last - *first) / std::fabs(*first);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.1f%%", pct);
    change = buf;
  }
  const std::string& peak = data.labels[e.max_index];
  const std::string& trough = data.labels[e.min_index];
  if (chinese) {
    std::string out = first_label + " 至 " + last_label + "，" + series.name + "峰值在 " + peak +
                      "（" + FormatNumber(*series.values[e.max_index]) + "），低谷在 " + trough +
                      "（" + FormatNumber(*series.values[e.min_index]) + "）";
    if (!change.empty()) out += "；" + last_label + " 较 " + first_label + " 变化 " + change;
    return out + "。";
  }
  std::string out = "From " + first_label + " to " + last_label + ", " + series.name +
                    " peaked in " + peak + " (" + FormatNumber(*series.values[e.max_index]) +
                    ") and was lowest in " + trough + " (" +
                    FormatNumber(*series.values[e.min_index]) + ")";
  if (!change.empty()) out += "; " + last_label + " vs " + first_label + ": " + change;
  return out + ".";
}

}  // namespace

std::string WriteAnswer(const db::ResultSet& result, const analysis::ChartSpec& chart,
                        bool chinese) {
  if (result.row_count() == 0) {
    return chinese ? "没有符合条件的数据。" : "No rows match the question.";
  }
  const bool has_series = !chart.data.series.empty() && !chart.data.labels.empty();
  switch (chart.kind) {
    case analysis::ChartKind::kKpi:
      return chart.kpi_label + (chinese ? "：" : ": ") + chart.kpi_formatted +
             (chinese ? "。" : ".");
    case analysis::ChartKind::kLine:
      if (has_series) return SeriesAnswer(chart.data, chinese);
      break;
    case analysis::ChartKind::kBar:
    case analysis::ChartKind::kPie:
      if (has_series) return CategoryAnswer(chart.data, chinese);
      break;
    case analysis::ChartKind::kScatter:
    case analysis::ChartKind::kTable:
      break;
  }
  const std::string rows = std::to_string(result.row_count());
  std::string out =
      chinese ? "共返回 " + rows + " 行" : rows + (result.row_count() == 1 ? " row" : " rows");
  if (result.truncated)
    out += chinese ? "（已达行数上限，另有更多行）" : " (row cap reached; more exist)";
  return out + (chinese ? "。" : ".");
}

}  // namespace askdb::agent
