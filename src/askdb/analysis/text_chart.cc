#include "askdb/analysis/text_chart.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "askdb/analysis/percent_points.h"
#include "askdb/common/text.h"

namespace askdb::analysis {
namespace {

// Labels take at most this share of the width (1/kLabelShare).
constexpr int kLabelShare = 3;
// Series names in a line chart take at most this share of the width.
constexpr int kSeriesNameShare = 4;
// Min/max text beside a sparkline takes at most this share of the width.
constexpr int kStatsShare = 2;
// Fewest columns left for the drawing itself; labels shrink to keep it.
constexpr int kMinPlotWidth = 8;
// Most sparklines drawn; more series are summarised in one line.
constexpr size_t kMaxSparklines = 8;
constexpr int kScatterRows = 10;
// A value wider than this is shown compact ("1.2M") instead of in full.
constexpr int kMaxFullValueWidth = 10;
constexpr int kEighths = 8;

constexpr std::string_view kFullBlock = "█";
// Left partial blocks, one to seven eighths.
constexpr std::string_view kPartialBlocks[] = {"▏", "▎", "▍", "▌", "▋", "▊", "▉"};
constexpr std::string_view kSparkLevels[] = {"▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"};
constexpr std::string_view kDot = "•";
constexpr std::string_view kEllipsis = " … ";

std::string Fit(std::string_view s, int width) { return text::TruncateToWidth(s, width); }

// Control characters (a newline inside a label) would break the line layout.
std::string Clean(std::string_view s) {
  std::string out(s);
  for (char& ch : out) {
    if (static_cast<unsigned char>(ch) < 0x20 || ch == 0x7F) ch = ' ';
  }
  return out;
}

// A ratio in percent (3.98%, not 0.04 for every bar), percent points with their sign, money
// with two decimals.
std::string ValueText(std::optional<double> v, const ChartSeries& series, bool percent_points) {
  if (!v) return "NULL";
  if (series.ratio) return FormatFraction(*v);
  if (percent_points) return FormatNumber(*v, false) + "%";
  std::string full = FormatNumber(*v, series.money);
  return text::DisplayWidth(full) <= kMaxFullValueWidth ? full : FormatCompact(*v);
}

std::string Bar(double fraction, int cells) {
  fraction = std::clamp(fraction, 0.0, 1.0);
  int eighths = static_cast<int>(std::lround(fraction * cells * kEighths));
  std::string out;
  for (int i = 0; i < eighths / kEighths; ++i) out += kFullBlock;
  if (eighths % kEighths != 0) out += kPartialBlocks[eighths % kEighths - 1];
  return out;
}

// Whether the first series holds percent points, read off the result's own groups: a pie's
// merged "其他" sums many small shares, and fractions under "占比(%)" can add up past 1.
bool GroupsInPercentPoints(const ChartSpec& spec) {
  ChartSeries groups = spec.data.series.front();
  if (spec.data.other_slice && !groups.values.empty()) groups.values.pop_back();
  return InPercentPoints(groups);
}

std::vector<std::string> BarLines(const ChartSpec& spec, int width) {
  std::vector<std::string> lines;
  const ChartSeries& series = spec.data.series.front();
  size_t n = std::min(spec.data.labels.size(), series.values.size());
  const bool percent_points = GroupsInPercentPoints(spec);
  // A pie adds each slice's share, unless the values are shares already ("占比(%)": 27.11
  // (27.1%) printed the percent twice).
  const bool pie = spec.kind == ChartKind::kPie && !series.ratio && !percent_points;
  double total = 0;
  double max_abs = 0;
  for (size_t i = 0; i < n; ++i) {
    if (!series.values[i]) continue;
    total += *series.values[i];
    max_abs = std::max(max_abs, std::abs(*series.values[i]));
  }
  std::vector<std::string> values;
  int value_w = 0;
  int label_w = 0;
  for (size_t i = 0; i < n; ++i) {
    std::string v = ValueText(series.values[i], series, percent_points);
    if (pie && series.values[i] && total > 0) {
      char pct[32];
      std::snprintf(pct, sizeof pct, " (%.1f%%)", *series.values[i] / total * 100);
      v += pct;
    }
    value_w = std::max(value_w, text::DisplayWidth(v));
    label_w = std::max(label_w, text::DisplayWidth(spec.data.labels[i]));
    values.push_back(std::move(v));
  }
  value_w = std::min(value_w, width / kLabelShare);
  label_w = std::min(label_w, width / kLabelShare);
  int bar_w = width - label_w - value_w - 2;
  if (bar_w < kMinPlotWidth) {
    label_w = std::max(1, label_w - (kMinPlotWidth - bar_w));
    bar_w = width - label_w - value_w - 2;
  }
  if (spec.data.series.size() > 1) {
    lines.push_back(Fit("(" + series.name + ")", width));
  }
  for (size_t i = 0; i < n; ++i) {
    double fraction = series.values[i] && max_abs > 0 ? std::abs(*series.values[i]) / max_abs : 0.0;
    std::string line = text::PadRight(spec.data.labels[i], label_w) + ' ' +
                       text::PadRight(Bar(fraction, std::max(bar_w, 0)), std::max(bar_w, 0)) + ' ' +
                       Fit(values[i], value_w);
    lines.push_back(Fit(line, width));
  }
  return lines;
}

// Averages `values` into `cells` buckets (NULLs skipped; an all-NULL bucket stays empty).
std::vector<std::optional<double>> Bucket(const std::vector<std::optional<double>>& values,
                                          size_t cells) {
  if (values.size() <= cells) return values;
  std::vector<std::optional<double>> out;
  for (size_t b = 0; b < cells; ++b) {
    size_t lo = b * values.size() / cells;
    size_t hi = std::max(lo + 1, (b + 1) * values.size() / cells);
    double sum = 0;
    size_t count = 0;
    for (size_t i = lo; i < hi && i < values.size(); ++i) {
      if (values[i]) {
        sum += *values[i];
        ++count;
      }
    }
    out.push_back(count ? std::optional<double>(sum / static_cast<double>(count)) : std::nullopt);
  }
  return out;
}

// The lowest and highest non-NULL value; none when every value is NULL.
struct ValueRange {
  std::optional<double> lo;
  std::optional<double> hi;
};

ValueRange RangeOf(const std::vector<std::optional<double>>& values) {
  ValueRange range;
  for (const auto& v : values) {
    if (!v) continue;
    range.lo = range.lo ? std::min(*range.lo, *v) : *v;
    range.hi = range.hi ? std::max(*range.hi, *v) : *v;
  }
  return range;
}

// "min 1.2K max 3.4M" beside a sparkline: the sparkline has no axis, so its scale is said.
std::string MinMaxText(const ChartSeries& series) {
  const ValueRange range = RangeOf(series.values);
  const auto compact = [&](double x) {
    return series.ratio ? FormatFraction(x) : FormatCompact(x);
  };
  return range.lo ? "min " + compact(*range.lo) + " max " + compact(*range.hi) : "no data";
}

// One level per cell, scaled to the cells' own range (a flat series sits mid-height); a
// NULL cell is blank.
std::string Sparkline(const std::vector<std::optional<double>>& cells) {
  const ValueRange range = RangeOf(cells);
  std::string spark;
  for (const auto& v : cells) {
    if (!v) {
      spark += ' ';
      continue;
    }
    double span = *range.hi - *range.lo;
    size_t level = span > 0 ? static_cast<size_t>(std::lround((*v - *range.lo) / span *
                                                              (std::size(kSparkLevels) - 1)))
                            : std::size(kSparkLevels) / 2;
    spark += kSparkLevels[std::min(level, std::size(kSparkLevels) - 1)];
  }
  return spark;
}

// The columns of a line chart's row: series name, sparkline, min/max text. The drawing
// keeps at least kMinPlotWidth; the min/max text gives way first.
struct LineColumns {
  int name = 0;
  int stats = 0;
  int plot = 0;
};

LineColumns LineColumnsFor(int name_w, int stats_w, int width) {
  LineColumns c;
  c.name = std::min(name_w, width / kSeriesNameShare);
  c.stats = std::min(stats_w, width / kStatsShare);
  c.plot = width - c.name - c.stats - 2;
  if (c.plot < kMinPlotWidth) {
    c.stats = std::max(0, c.stats - (kMinPlotWidth - c.plot));
    c.plot = width - c.name - c.stats - 2;
  }
  c.plot = std::max(c.plot, 1);
  return c;
}

// The first and last label under the sparklines ("2024-01 … 2024-12").
std::string LabelRangeLine(const std::vector<std::string>& labels, int indent, int width) {
  std::string range = labels.front();
  if (labels.size() > 1) range += std::string(kEllipsis) + labels.back();
  return Fit(std::string(static_cast<size_t>(indent) + 1, ' ') + range, width);
}

std::vector<std::string> LineLines(const ChartSpec& spec, int width) {
  std::vector<std::string> lines;
  size_t shown = std::min(spec.data.series.size(), kMaxSparklines);
  int name_w = 0;
  std::vector<std::string> stats;
  int stats_w = 0;
  for (size_t s = 0; s < shown; ++s) {
    name_w = std::max(name_w, text::DisplayWidth(spec.data.series[s].name));
    stats.push_back(MinMaxText(spec.data.series[s]));
    stats_w = std::max(stats_w, text::DisplayWidth(stats.back()));
  }
  const LineColumns columns = LineColumnsFor(name_w, stats_w, width);
  for (size_t s = 0; s < shown; ++s) {
    const auto& series = spec.data.series[s];
    std::string spark = Sparkline(Bucket(series.values, static_cast<size_t>(columns.plot)));
    std::string line = text::PadRight(series.name, columns.name) + ' ' +
                       text::PadRight(spark, columns.plot) + ' ' + Fit(stats[s], columns.stats);
    lines.push_back(Fit(line, width));
  }
  if (spec.data.series.size() > shown) {
    lines.push_back(
        Fit("(+" + std::to_string(spec.data.series.size() - shown) + " more series)", width));
  }
  if (!spec.data.labels.empty()) {
    lines.push_back(LabelRangeLine(spec.data.labels, columns.name, width));
  }
  return lines;
}

std::vector<std::string> ScatterLines(const ChartSpec& spec, int width) {
  std::vector<std::string> lines;
  const auto& xs = spec.data.x_values;
  const auto& ys = spec.data.series.front().values;
  size_t n = std::min(xs.size(), ys.size());
  std::optional<double> x_lo, x_hi, y_lo, y_hi;
  for (size_t i = 0; i < n; ++i) {
    if (!ys[i]) continue;
    x_lo = x_lo ? std::min(*x_lo, xs[i]) : xs[i];
    x_hi = x_hi ? std::max(*x_hi, xs[i]) : xs[i];
    y_lo = y_lo ? std::min(*y_lo, *ys[i]) : *ys[i];
    y_hi = y_hi ? std::max(*y_hi, *ys[i]) : *ys[i];
  }
  if (!x_lo) return lines;
  std::string top = FormatCompact(*y_hi);
  std::string bottom = FormatCompact(*y_lo);
  int axis_w =
      std::min(std::max(text::DisplayWidth(top), text::DisplayWidth(bottom)), width / kLabelShare);
  int plot_w = std::max(width - axis_w - 1, 1);
  std::vector<std::vector<bool>> grid(kScatterRows, std::vector<bool>(plot_w, false));
  auto cell = [](double v, double lo, double hi, int cells) {
    if (hi <= lo) return cells / 2;
    return std::clamp(static_cast<int>(std::lround((v - lo) / (hi - lo) * (cells - 1))), 0,
                      cells - 1);
  };
  for (size_t i = 0; i < n; ++i) {
    if (!ys[i]) continue;
    int col = cell(xs[i], *x_lo, *x_hi, plot_w);
    int row = kScatterRows - 1 - cell(*ys[i], *y_lo, *y_hi, kScatterRows);
    grid[row][col] = true;
  }
  for (int r = 0; r < kScatterRows; ++r) {
    std::string label = r == 0 ? top : (r == kScatterRows - 1 ? bottom : "");
    std::string line = text::PadLeft(label, axis_w) + "│";
    for (int c = 0; c < plot_w; ++c) line += grid[r][c] ? std::string(kDot) : " ";
    lines.push_back(Fit(line, width));
  }
  std::string x_axis = FormatCompact(*x_lo);
  std::string x_right = FormatCompact(*x_hi) + " " + spec.data.x_name;
  int gap = plot_w - text::DisplayWidth(x_axis) - text::DisplayWidth(x_right);
  x_axis += std::string(static_cast<size_t>(std::max(gap, 1)), ' ') + x_right;
  lines.push_back(Fit(std::string(static_cast<size_t>(axis_w) + 1, ' ') + x_axis, width));
  return lines;
}

}  // namespace

std::vector<std::string> RenderTextChart(const ChartSpec& original, int width) {
  width = std::max(width, kMinTextChartWidth);
  std::vector<std::string> body;
  if (original.data.series.empty()) return body;
  ChartSpec spec;
  spec.kind = original.kind;
  spec.title = Clean(original.title);
  spec.data = original.data;
  spec.data.x_name = Clean(spec.data.x_name);
  for (auto& label : spec.data.labels) label = Clean(label);
  for (auto& series : spec.data.series) series.name = Clean(series.name);
  switch (spec.kind) {
    case ChartKind::kBar:
    case ChartKind::kPie:
      body = BarLines(spec, width);
      break;
    case ChartKind::kLine:
      body = LineLines(spec, width);
      break;
    case ChartKind::kScatter:
      body = ScatterLines(spec, width);
      break;
    case ChartKind::kKpi:
    case ChartKind::kTable:
      return body;
  }
  if (body.empty()) return body;
  std::vector<std::string> lines;
  if (!spec.title.empty()) lines.push_back(Fit(spec.title, width));
  lines.insert(lines.end(), body.begin(), body.end());
  return lines;
}

}  // namespace askdb::analysis
