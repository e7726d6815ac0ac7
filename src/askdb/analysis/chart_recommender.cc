#include "askdb/analysis/chart_recommender.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>
#include <numeric>
#include <set>
#include <span>
#include <string>
#include <utility>

#include "askdb/analysis/chart_kind_asked.h"
#include "askdb/analysis/measure_additivity.h"
#include "askdb/common/text.h"
#include "askdb/db/result_set.h"

namespace askdb::analysis {
namespace {

using db::ResultSet;
using db::Value;

// Plausible calendar years for a bare integer in a column whose name says "year".
constexpr int kMinYear = 1900;
constexpr int kMaxYear = 2200;
constexpr int kMonthsPerYear = 12;
constexpr int kMaxDayOfMonth = 31;
constexpr int kMonthsPerQuarter = 3;
// A set of values is a whole split into parts when it adds up to 100 (percent) or 1.
constexpr double kPercentWhole = 100.0;
constexpr double kFractionWhole = 1.0;
constexpr double kWholeTolerance = 0.01;  // relative
// Markers and line charts: drawing a symbol on every point clutters long series.
constexpr size_t kMaxPointsWithSymbols = 60;
// Vertical bars: rotate the labels when, side by side, they would need more display columns
// than a typical chart is wide (at about 7 px a column, 70 columns ≈ 500 px).
constexpr size_t kMaxUnrotatedLabelColumns = 70;
constexpr int kRotatedLabelDegrees = 30;
// Value labels on bars are readable up to this many bars.
constexpr size_t kMaxValueLabels = 15;

// Words in a column name that say it holds time. Matched on the lower-cased name.
constexpr std::string_view kTimeNameWords[] = {"date", "time",    "year",   "month", "day",
                                               "week", "quarter", "period", "日期",  "时间",
                                               "年",   "月",      "季度",   "周",    "日"};
constexpr std::string_view kYearNameWords[] = {"year", "yr", "年"};
constexpr std::string_view kMonthNameWords[] = {"month", "mon", "月"};
constexpr std::string_view kQuarterNameWords[] = {"quarter", "qtr", "季度"};
// Words in a question that ask for parts of a whole.
constexpr std::string_view kShareQuestionWords[] = {
    "share", "proportion", "percentage", "percent", "breakdown", "composition", "split", "fraction",
    "占比",  "比例",       "份额",       "构成",    "比重",      "百分比",      "组成"};
// Words in a column name that say the values are parts of a whole.
constexpr std::string_view kShareColumnWords[] = {"share", "pct",  "percent", "ratio", "proportion",
                                                  "占比",  "比例", "份额",    "比重"};

enum class Role { kEmpty, kTime, kMeasure, kCategory };

struct TimeKey {
  int year = 0;
  int month = 0;
  int day = 0;
  std::string rest;  // time of day etc., compared as text
  auto operator<=>(const TimeKey&) const = default;
};

struct Column {
  size_t index = 0;
  std::string name;
  Role role = Role::kEmpty;
  // Further label columns read with this one: a group named by all of them — "Margaret
  // Peacock" for a first and a last name, "Unplugged (Eric Clapton)" otherwise.
  std::vector<size_t> more{};
  bool person_name = false;
};

bool ContainsAny(std::string_view haystack, std::span<const std::string_view> needles) {
  return std::any_of(needles.begin(), needles.end(), [&](std::string_view n) {
    return haystack.find(n) != std::string_view::npos;
  });
}

std::string Lower(std::string_view s) { return text::AsciiLower(s); }

std::string Trim(std::string_view s) {
  size_t b = 0;
  size_t e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

const Value* Cell(const ResultSet& rs, size_t row, size_t col) {
  const auto& r = rs.rows[row];
  return col < r.size() ? &r[col] : nullptr;
}

// A finite number parsed from the whole of `s` (no trailing junk), as from_chars reads it.
std::optional<double> ParseNumber(std::string_view s) {
  std::string t = Trim(s);
  if (t.empty()) return std::nullopt;
  const char* begin = t.data();
  if (*begin == '+') ++begin;
  double d = 0;
  auto [ptr, ec] = std::from_chars(begin, t.data() + t.size(), d);
  if (ec != std::errc() || ptr != t.data() + t.size() || !std::isfinite(d)) return std::nullopt;
  return d;
}

// The cell as a number when it holds one. Booleans are not measures; text counts when the
// whole text is a number (engines without typed results return numbers as text).
std::optional<double> NumberOf(const Value* v) {
  if (v == nullptr) return std::nullopt;
  switch (v->kind()) {
    case Value::Kind::kInt:
      return static_cast<double>(v->int_value());
    case Value::Kind::kDouble:
      if (!std::isfinite(v->double_value())) return std::nullopt;
      return v->double_value();
    case Value::Kind::kDecimal:
    case Value::Kind::kText:
      return ParseNumber(v->text());
    default:
      return std::nullopt;
  }
}

bool IsNullish(const Value* v) {
  if (v == nullptr || v->is_null()) return true;
  return v->kind() == Value::Kind::kDouble && !std::isfinite(v->double_value());
}

std::string LabelOf(const Value* v) {
  if (v == nullptr || v->is_null()) return "NULL";
  switch (v->kind()) {
    case Value::Kind::kText:
    case Value::Kind::kDate:
    case Value::Kind::kTime:
    case Value::Kind::kTimestamp:
    case Value::Kind::kDecimal:
      return v->text();
    case Value::Kind::kInt:
      return std::to_string(v->int_value());
    case Value::Kind::kBool:
      return v->bool_value() ? "true" : "false";
    default:
      return v->ToDisplayString();
  }
}

// Reads an unsigned decimal of `min_digits`..`max_digits` digits at `pos`.
std::optional<int> ReadInt(std::string_view s, size_t& pos, size_t min_digits, size_t max_digits) {
  size_t start = pos;
  int n = 0;
  while (pos < s.size() && pos - start < max_digits &&
         std::isdigit(static_cast<unsigned char>(s[pos]))) {
    n = n * 10 + (s[pos] - '0');
    ++pos;
  }
  if (pos - start < min_digits) {
    pos = start;
    return std::nullopt;
  }
  return n;
}

bool Consume(std::string_view s, size_t& pos, std::string_view what) {
  if (s.substr(pos, what.size()) == what) {
    pos += what.size();
    return true;
  }
  return false;
}

bool ValidMonth(int m) { return m >= 1 && m <= kMonthsPerYear; }
bool ValidDay(int d) { return d >= 1 && d <= kMaxDayOfMonth; }

// The steps of ParseTime: each reads what follows the year (`pos` just after it) in one
// shape, and says none when a part does not read.

// yyyymm / yyyymmdd.
std::optional<TimeKey> DigitsAfterYear(const std::string& s, size_t pos, TimeKey key) {
  auto month = ReadInt(s, pos, 2, 2);
  if (!month || !ValidMonth(*month)) return std::nullopt;
  key.month = *month;
  if (pos == s.size()) return key;
  auto day = ReadInt(s, pos, 2, 2);
  if (!day || !ValidDay(*day) || pos != s.size()) return std::nullopt;
  key.day = *day;
  return key;
}

// 2024年, 2024年3月, 2024年3月1日 (`pos` after 年).
std::optional<TimeKey> ChineseAfterYear(const std::string& s, size_t pos, TimeKey key) {
  if (pos == s.size()) return key;
  auto month = ReadInt(s, pos, 1, 2);
  if (!month || !ValidMonth(*month) || !Consume(s, pos, "月")) return std::nullopt;
  key.month = *month;
  if (pos == s.size()) return key;
  auto day = ReadInt(s, pos, 1, 2);
  if (!day || !ValidDay(*day) || !Consume(s, pos, "日") || pos != s.size()) return std::nullopt;
  key.day = *day;
  return key;
}

// The quarter's number (`pos` after the Q), read as the quarter's first month.
std::optional<TimeKey> QuarterAfterYear(const std::string& s, size_t pos, TimeKey key) {
  auto q = ReadInt(s, pos, 1, 1);
  if (!q || *q < 1 || *q > 4 || pos != s.size()) return std::nullopt;
  key.month = (*q - 1) * kMonthsPerQuarter + 1;
  return key;
}

// -03, -03-01, /3/1, .3.1 (one separator throughout), then a time after 'T' or a space.
std::optional<TimeKey> SeparatedAfterYear(const std::string& s, size_t pos, TimeKey key) {
  char sep = s[pos];
  if (sep != '-' && sep != '/' && sep != '.') return std::nullopt;
  ++pos;
  auto month = ReadInt(s, pos, 1, 2);
  if (!month || !ValidMonth(*month)) return std::nullopt;
  key.month = *month;
  if (pos == s.size()) return key;
  if (s[pos] != sep) return std::nullopt;
  ++pos;
  auto day = ReadInt(s, pos, 1, 2);
  if (!day || !ValidDay(*day)) return std::nullopt;
  key.day = *day;
  if (pos == s.size()) return key;
  if (s[pos] != 'T' && s[pos] != ' ') return std::nullopt;
  key.rest = s.substr(pos + 1);
  return key;
}

// Dates and periods people write: 2024-03-01[ T13:45...], 2024/3/1, 2024-03, 2024-Q1,
// 2024Q1, 2024年3月[1日]. A bare year is accepted only with `year_hint`, a bare month number
// (1..12) only with `month_hint`, and yyyymm / yyyymmdd digits only with a time hint.
std::optional<TimeKey> ParseTime(std::string_view raw, bool time_hint, bool year_hint,
                                 bool month_hint) {
  std::string s = Trim(raw);
  size_t pos = 0;
  if (month_hint && s.size() <= 2) {
    auto m = ReadInt(s, pos, 1, 2);
    if (m && pos == s.size() && ValidMonth(*m)) return TimeKey{0, *m, 0, ""};
    return std::nullopt;
  }
  auto year = ReadInt(s, pos, 4, 4);
  if (!year) return std::nullopt;
  TimeKey key;
  key.year = *year;
  if (pos == s.size()) {
    if (year_hint && *year >= kMinYear && *year <= kMaxYear) return key;
    return std::nullopt;
  }
  if (time_hint && std::isdigit(static_cast<unsigned char>(s[pos]))) {
    return DigitsAfterYear(s, pos, key);
  }
  if (Consume(s, pos, "年")) return ChineseAfterYear(s, pos, key);
  // Quarter: 2024-Q1, 2024 Q1, 2024Q1.
  size_t q_pos = pos;
  Consume(s, q_pos, "-") || Consume(s, q_pos, " ");
  if (q_pos < s.size() && (s[q_pos] == 'Q' || s[q_pos] == 'q')) {
    return QuarterAfterYear(s, q_pos + 1, key);
  }
  return SeparatedAfterYear(s, pos, key);
}

struct NameHints {
  bool time = false;
  bool year = false;
  bool month = false;
  bool quarter = false;
};

NameHints HintsFor(std::string_view name) {
  std::string n = Lower(name);
  NameHints h;
  h.time = ContainsAny(n, kTimeNameWords) || n == "dt" || n == "ym";
  h.year = ContainsAny(n, kYearNameWords);
  // "month" but not "months" (a count of months is a measure).
  h.month = ContainsAny(n, kMonthNameWords) && n.find("months") == std::string::npos;
  h.quarter = ContainsAny(n, kQuarterNameWords) && n.find("quarters") == std::string::npos;
  return h;
}

// A quarter of one year under a quarter name ("2025年每个季度": 季度 1..4, or Q1..Q4): a time,
// so the quarters draw as a line in their order rather than as a measure.
std::optional<TimeKey> QuarterNumber(std::string_view raw) {
  std::string s = Trim(raw);
  if (!s.empty() && (s[0] == 'Q' || s[0] == 'q')) s.erase(0, 1);
  if (s.size() != 1 || s[0] < '1' || s[0] > '4') return std::nullopt;
  return TimeKey{0, (s[0] - '1') * kMonthsPerQuarter + 1, 0, ""};
}

std::optional<TimeKey> TimeOf(const Value* v, const NameHints& h) {
  if (v == nullptr) return std::nullopt;
  switch (v->kind()) {
    case Value::Kind::kDate:
    case Value::Kind::kTimestamp:
      return ParseTime(v->text(), true, h.year, false).value_or(TimeKey{0, 0, 0, v->text()});
    case Value::Kind::kText:
      if (h.quarter && !h.year) {
        if (auto q = QuarterNumber(v->text())) return q;
      }
      return ParseTime(v->text(), h.time, h.year, h.month);
    case Value::Kind::kInt:
      if (h.quarter && !h.year) return QuarterNumber(std::to_string(v->int_value()));
      if (h.year || h.month)
        return ParseTime(std::to_string(v->int_value()), h.time, h.year, h.month);
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

// "id", "customer_id", "CustomerId", "user id": numbers that name things, not measure them.
bool IsIdName(std::string_view name) {
  std::string n = Lower(name);
  if (n == "id" || n == "编号") return true;
  if (n.size() > 2 && n.ends_with("id")) {
    char before = name[name.size() - 3];
    // snake_case / spaced, or camelCase where "Id"/"ID" starts a new word.
    return before == '_' || before == ' ' || before == '-' ||
           (name[name.size() - 2] == 'I' && std::islower(static_cast<unsigned char>(before)));
  }
  return false;
}

Column Classify(const ResultSet& rs, size_t col) {
  Column c;
  c.index = col;
  c.name = rs.columns[col].name;
  NameHints hints = HintsFor(c.name);
  size_t non_null = 0;
  bool all_time = true;
  bool all_numeric = true;
  for (size_t r = 0; r < rs.rows.size(); ++r) {
    const Value* v = Cell(rs, r, col);
    if (IsNullish(v)) continue;
    ++non_null;
    if (all_time && !TimeOf(v, hints)) all_time = false;
    if (all_numeric && !NumberOf(v)) all_numeric = false;
    if (!all_time && !all_numeric) break;
  }
  if (non_null == 0) {
    c.role = Role::kEmpty;
  } else if (all_time) {
    c.role = Role::kTime;
  } else if (all_numeric) {
    c.role = IsIdName(c.name) ? Role::kCategory : Role::kMeasure;
  } else {
    c.role = Role::kCategory;
  }
  return c;
}

bool SqlOrdersRows(std::string_view sql) {
  std::string s = Lower(sql);
  for (size_t p = s.find("order"); p != std::string::npos; p = s.find("order", p + 1)) {
    size_t q = p + 5;
    if (q >= s.size() || !std::isspace(static_cast<unsigned char>(s[q]))) continue;
    while (q < s.size() && std::isspace(static_cast<unsigned char>(s[q]))) ++q;
    if (s.compare(q, 2, "by") == 0) return true;
  }
  return false;
}

// Evenly spread `keep` indices over [0, n), always including the first and last.
std::vector<size_t> SampleIndices(size_t n, size_t keep) {
  std::vector<size_t> out;
  if (keep == 0 || n == 0) return out;
  if (n <= keep) {
    out.resize(n);
    std::iota(out.begin(), out.end(), size_t{0});
    return out;
  }
  if (keep == 1) return {n - 1};
  out.reserve(keep);
  for (size_t i = 0; i < keep; ++i) out.push_back(i * (n - 1) / (keep - 1));
  return out;
}

// A series' values for ECharts: a missing value is null (a gap, not a zero).
Json ValuesJson(const std::vector<std::optional<double>>& values) {
  Json data = Json::array();
  for (const auto& v : values) data.push_back(v ? Json(*v) : Json(nullptr));
  return data;
}

// Language of the generated words: the question's, else the column names'.
struct Words {
  bool zh = false;
  std::string Pick(std::string_view zh_text, std::string_view en_text) const {
    return zh ? TidyCjkSpaces(zh_text) : std::string(en_text);
  }
  // Chinese templates put spaces around names so that English names stay readable
  // ("revenue 趋势"); between two Chinese words the space is wrong ("各地区的销售额").
  static std::string TidyCjkSpaces(std::string_view s) {
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
      bool non_ascii_around = i > 0 && i + 1 < s.size() &&
                              static_cast<unsigned char>(s[i - 1]) >= 0x80 &&
                              static_cast<unsigned char>(s[i + 1]) >= 0x80;
      if (s[i] == ' ' && non_ascii_around) continue;
      out += s[i];
    }
    return out;
  }
};

std::string JoinNames(const std::vector<Column>& cols, const Words& w) {
  std::string out;
  for (size_t i = 0; i < cols.size(); ++i) {
    if (i > 0) out += w.zh ? "、" : ", ";
    out += cols[i].name;
  }
  return out;
}

Json BaseOption(const std::string& title) {
  Json o = Json::object();
  o["animation"] = false;
  if (!title.empty()) {
    o["title"] = {{"text", title}, {"left", "center"}, {"textStyle", {{"fontSize", 16}}}};
  }
  return o;
}

// Space around the plot (pixels). containLabel keeps tick labels inside; axis names placed
// under the x axis and the legend need their own room.
constexpr int kGridSide = 16;
constexpr int kGridRight = 40;
constexpr int kGridTop = 60;
constexpr int kLegendHeight = 28;
constexpr int kAxisNameHeight = 24;
constexpr int kAxisNameGap = 30;

Json Grid(bool legend, bool x_axis_name) {
  return {
      {"left", kGridSide},
      {"right", kGridRight},
      {"top", kGridTop},
      {"bottom", kGridSide + (legend ? kLegendHeight : 0) + (x_axis_name ? kAxisNameHeight : 0)},
      {"containLabel", true}};
}

// An x axis name centred under the axis: at the axis' end it would be cut off on the right.
void NameUnderAxis(Json& axis, const std::string& name) {
  axis["name"] = name;
  axis["nameLocation"] = "middle";
  axis["nameGap"] = kAxisNameGap;
}

Json Legend() { return {{"type", "scroll"}, {"bottom", 0}}; }

Json ValueAxis(const std::string& name, std::string_view format = "compact") {
  Json axis = {{"type", "value"}, {"axisLabel", {{"askdbFormat", format}}}};
  if (!name.empty()) axis["name"] = name;
  return axis;
}

class Recommender {
 public:
  Recommender(const ResultSet& rs, const ChartRequest& req, const ChartOptions& opt)
      : rs_(rs), req_(req), opt_(opt), facts_(DescribeResult(rs, req.sql, req.money_columns)) {
    words_.zh = text::ContainsCjk(req.question);
    if (req.question.empty()) {
      for (const auto& c : rs.columns) words_.zh = words_.zh || text::ContainsCjk(c.name);
    }
  }

  ChartSpec Run() {
    ChartSpec s = Choose();
    s.data.rows_limited = facts_.rows_limited;
    s.data.row_cap_reached = facts_.row_cap_reached;
    s.data.grouped = facts_.grouped;
    return s;
  }

 private:
  // The result's columns by role; a chart is drawn from these.
  struct Roles {
    std::vector<Column> time, measures, categories;
  };

  ChartSpec Choose() {
    if (rs_.columns.empty() || rs_.rows.empty()) {
      return Table(words_.Pick("表格：结果为空", "table: the result has no rows"));
    }
    Roles roles;
    for (size_t c = 0; c < rs_.columns.size(); ++c) {
      Column col = Classify(rs_, c);
      if (col.role == Role::kTime) roles.time.push_back(col);
      if (col.role == Role::kMeasure) roles.measures.push_back(col);
      if (col.role == Role::kCategory) roles.categories.push_back(col);
    }
    ChartSpec chosen = ChooseFor(roles);
    const std::optional<ChartKind> asked = ChartKindAsked(req_.question);
    if (!asked || *asked == chosen.kind) return chosen;
    return DrawAsAsked(*asked, roles, std::move(chosen));
  }

  // The chart that suits the result, whatever the request named.
  ChartSpec ChooseFor(Roles& r) const {
    if (rs_.rows.size() == 1 && rs_.columns.size() == 1) {
      if (auto n = NumberOf(Cell(rs_, 0, 0))) return Kpi(*n);
    }
    if (r.time.size() == 1 && r.categories.empty() && !r.measures.empty()) {
      return Line(r.time[0], r.measures);
    }
    if (r.time.size() == 1 && r.categories.size() == 1 && r.measures.size() == 1) {
      return PivotLine(r.time[0], r.categories[0], r.measures[0]);
    }
    if (r.time.empty() && !r.measures.empty()) MergeLabelColumns(r.categories);
    if (r.time.empty() && r.categories.size() == 1 && !r.measures.empty()) {
      if (r.measures.size() == 1 && LooksLikeShare(r.measures[0])) {
        return Pie(r.categories[0], r.measures[0]);
      }
      return Bar(r.categories[0], r.measures);
    }
    if (r.time.empty() && r.categories.empty() && r.measures.size() == 2) {
      if (rs_.rows.size() >= opt_.min_scatter_points) return Scatter(r.measures[0], r.measures[1]);
      return Table(
          words_.Pick("表格：点太少，不适合散点图", "table: too few rows for a scatter plot"));
    }
    return Table(words_.Pick("表格：列的组合不适合图表（时间列 " + std::to_string(r.time.size()) +
                                 "，类别列 " + std::to_string(r.categories.size()) + "，度量列 " +
                                 std::to_string(r.measures.size()) + "）",
                             "table: no chart fits this mix of columns (" +
                                 std::to_string(r.time.size()) + " time, " +
                                 std::to_string(r.categories.size()) + " category, " +
                                 std::to_string(r.measures.size()) + " measure)"));
  }

  // The kind the request named ("用饼图展示…", "as a line chart"), when the rows can be drawn
  // so; otherwise the suited chart, whose reason says why the named kind was not drawn.
  ChartSpec DrawAsAsked(ChartKind asked, const Roles& r, ChartSpec chosen) const {
    const std::string why_not = WhyNotDrawnAs(asked, r);
    if (why_not.empty()) {
      ChartSpec drawn = DrawAs(asked, r);
      drawn.reason = words_.Pick("按要求，", "as asked, ") + drawn.reason;
      return drawn;
    }
    chosen.reason +=
        words_.Pick("；要求的是" + KindWord(asked, true) + "，但" + why_not,
                    "; a " + KindWord(asked, false) + " was asked for, but " + why_not);
    chosen.note = words_.Pick("要求的是" + KindWord(asked, true) + "，但" + why_not +
                                  "，所以显示为" + KindWord(chosen.kind, true) + "。",
                              "A " + KindWord(asked, false) + " was asked for, but " + why_not +
                                  "; shown as " + "a " + KindWord(chosen.kind, false) + ".");
    return chosen;
  }

  static std::string KindWord(ChartKind kind, bool zh) {
    switch (kind) {
      case ChartKind::kLine:
        return zh ? "折线图" : "line chart";
      case ChartKind::kBar:
        return zh ? "柱状图" : "bar chart";
      case ChartKind::kPie:
        return zh ? "饼图" : "pie chart";
      case ChartKind::kScatter:
        return zh ? "散点图" : "scatter plot";
      case ChartKind::kKpi:
        return zh ? "指标卡" : "KPI card";
      case ChartKind::kTable:
        return zh ? "表格" : "table";
    }
    return zh ? "图表" : "chart";
  }

  // The one column that labels the bars or slices: the category, else the time.
  static const Column* LabelColumn(const Roles& r) {
    if (r.categories.size() == 1) return &r.categories[0];
    if (r.categories.empty() && r.time.size() == 1) return &r.time[0];
    return nullptr;
  }

  // Empty when the rows can be drawn as `kind`; else why not, in the request's language.
  std::string WhyNotDrawnAs(ChartKind kind, const Roles& r) const {
    if (rs_.rows.size() == 1 && rs_.columns.size() == 1) {
      return words_.Pick("结果只有一个数值", "the result is a single number");
    }
    const Column* label = LabelColumn(r);
    switch (kind) {
      case ChartKind::kPie:
        if (!label || r.measures.size() != 1) {
          return words_.Pick("饼图需要一个类别列和一个度量列",
                             "a pie needs one label column and one measure");
        }
        return WhyNotParts(r.measures[0]);
      case ChartKind::kBar:
        if (label && !r.measures.empty()) return "";
        return words_.Pick("柱状图需要一个类别列和度量列",
                           "bars need one label column and a measure");
      case ChartKind::kLine:
        if (r.time.size() == 1 && !r.measures.empty() && r.categories.size() <= 1) return "";
        return words_.Pick("结果没有可作横轴的时间列",
                           "the result has no time column for its x axis");
      case ChartKind::kScatter:
        if (r.measures.size() >= 2 && rs_.rows.size() >= opt_.min_scatter_points) return "";
        return words_.Pick(
            "散点图需要两个度量列和至少 " + std::to_string(opt_.min_scatter_points) + " 行",
            "a scatter plot needs two measures and at least " +
                std::to_string(opt_.min_scatter_points) + " rows");
      default:
        return words_.Pick("无法画成这种图", "the rows cannot be drawn so");
    }
  }

  // A pie's slices must be parts of one whole: no negative part, values that add up (not an
  // average or a price), and all of the rows (not the first N of more).
  std::string WhyNotParts(const Column& measure) const {
    for (size_t row = 0; row < rs_.rows.size(); ++row) {
      const std::optional<double> v = NumberOf(Cell(rs_, row, measure.index));
      if (v && *v < 0) return words_.Pick("有负值，不能构成整体", "some values are negative");
    }
    if (!Additive(measure) && !ContainsAny(Lower(measure.name), kShareColumnWords)) {
      return words_.Pick(measure.name + " 不能相加（如平均值、价格），各部分不构成整体",
                         measure.name + " does not add up to a whole (like an average or a price)");
    }
    if (facts_.rows_limited) {
      return words_.Pick("结果只是前几行，不是整体",
                         "the rows are only the first ones, not the whole");
    }
    return "";
  }

  ChartSpec DrawAs(ChartKind kind, const Roles& r) const {
    switch (kind) {
      case ChartKind::kPie:
        return Pie(*LabelColumn(r), r.measures[0]);
      case ChartKind::kBar: {
        const Column& label = *LabelColumn(r);
        if (label.role != Role::kTime) return Bar(label, r.measures);
        return Bar(label, r.measures, TimeOrder(label));
      }
      case ChartKind::kLine:
        if (r.categories.empty()) return Line(r.time[0], r.measures);
        return PivotLine(r.time[0], r.categories[0], r.measures[0]);
      default:
        return Scatter(r.measures[0], r.measures[1]);
    }
  }

  // Row indices in time order; rows whose time cannot be read keep their place at the end.
  std::vector<size_t> TimeOrder(const Column& time) const {
    const NameHints hints = HintsFor(time.name);
    std::vector<std::pair<std::optional<TimeKey>, size_t>> keyed;
    for (size_t row = 0; row < rs_.rows.size(); ++row) {
      keyed.emplace_back(TimeOf(Cell(rs_, row, time.index), hints), row);
    }
    std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) {
      if (!a.first || !b.first) return a.first.has_value() && !b.first.has_value();
      return *a.first < *b.first;
    });
    std::vector<size_t> order;
    for (const auto& [key, row] : keyed) order.push_back(row);
    return order;
  }

  // A group named by several columns (GROUP BY FirstName, LastName) is one category with
  // joined labels, so the breakdown still gets its bar and its answer. Only for grouped rows
  // whose joined labels are distinct: a plain list of rows stays a table.
  void MergeLabelColumns(std::vector<Column>& categories) const {
    constexpr size_t kMaxLabelColumns = 3;
    if (!facts_.grouped || categories.size() < 2 || categories.size() > kMaxLabelColumns) return;
    Column merged = categories[0];
    for (size_t i = 1; i < categories.size(); ++i) merged.more.push_back(categories[i].index);
    constexpr std::string_view kFirst[] = {"first", "given"};
    constexpr std::string_view kLast[] = {"last", "family", "surname"};
    // Chinese: the semantic model's 名/姓 ("姓", "客户姓", "姓氏").
    const std::string& second = categories[1].name;
    merged.person_name =
        categories.size() == 2 &&
        (ContainsAny(Lower(categories[0].name), kFirst) || ContainsAny(Lower(second), kLast) ||
         second.ends_with("姓") || second.ends_with("姓氏"));
    std::set<std::string> seen;
    for (size_t r = 0; r < rs_.rows.size(); ++r) {
      if (!seen.insert(CategoryLabel(merged, r)).second) return;
    }
    categories = {std::move(merged)};
  }
  std::string CategoryLabel(const Column& c, size_t row) const {
    std::string label = LabelOf(Cell(rs_, row, c.index));
    if (c.person_name) return label + " " + LabelOf(Cell(rs_, row, c.more[0]));
    for (size_t i = 0; i < c.more.size(); ++i) {
      label += (i == 0 ? " (" : ", ") + LabelOf(Cell(rs_, row, c.more[i]));
    }
    return c.more.empty() ? label : label + ")";
  }

  bool Additive(const Column& c) const {
    return c.index < facts_.columns.size() && facts_.columns[c.index] == Additivity::kAdditive;
  }
  bool Money(const Column& c) const {
    return c.index < facts_.money.size() && facts_.money[c.index];
  }
  // Every row's value of `c` is a number no larger than the row before: the first rows are
  // the largest of the result.
  bool Descending(const Column& c) const {
    std::optional<double> previous;
    for (size_t r = 0; r < rs_.rows.size(); ++r) {
      const std::optional<double> v = NumberOf(Cell(rs_, r, c.index));
      if (!v || (previous && *v > *previous)) return false;
      previous = v;
    }
    return true;
  }
  bool Ratio(const Column& c) const {
    return c.index < facts_.ratio.size() && facts_.ratio[c.index];
  }
  std::string TitleOr(std::string derived) const {
    if (!req_.title.empty()) return req_.title;
    std::string q = Trim(req_.question);
    if (!q.empty()) return q;
    return derived;
  }

  ChartSpec Table(std::string reason) const {
    ChartSpec s;
    s.kind = ChartKind::kTable;
    s.title = TitleOr("");
    s.reason = std::move(reason);
    return s;
  }

  ChartSpec Kpi(double value) const {
    ChartSpec s;
    s.kind = ChartKind::kKpi;
    s.kpi_value = value;
    s.kpi_label = rs_.columns[0].name;
    s.kpi_formatted = !facts_.ratio.empty() && facts_.ratio[0]
                          ? FormatFraction(value)
                          : FormatNumber(value, !facts_.money.empty() && facts_.money[0]);
    s.title = TitleOr(s.kpi_label);
    s.reason = words_.Pick("指标卡：结果只有一个数值", "KPI card: the result is a single number");
    s.data.labels = {s.kpi_label};
    s.data.series.push_back(
        {s.kpi_label, {value}, false, !facts_.money.empty() && facts_.money[0]});
    return s;
  }

  bool LooksLikeShare(const Column& measure) const {
    double sum = 0;
    double max = 0;
    size_t positive = 0;
    for (size_t r = 0; r < rs_.rows.size(); ++r) {
      auto v = NumberOf(Cell(rs_, r, measure.index));
      if (!v) continue;
      if (*v < 0) return false;  // negative parts make no whole
      if (*v > 0) ++positive;
      sum += *v;
      max = std::max(max, *v);
    }
    if (positive < 2) return false;
    std::string q = Lower(req_.question);
    // Values named or shaped as shares are parts already; otherwise a whole needs values that
    // add up, all of them (a price, an average or a top N of many make no pie).
    if (ContainsAny(Lower(measure.name), kShareColumnWords)) return true;
    if (ContainsAny(q, kShareQuestionWords)) return Additive(measure) && !facts_.rows_limited;
    auto near = [](double a, double b) { return std::abs(a - b) <= b * kWholeTolerance; };
    return (near(sum, kPercentWhole) && max <= kPercentWhole) ||
           (near(sum, kFractionWhole) && max <= kFractionWhole);
  }

  // Series on one value axis must share its scale: a growth in percent beside amounts in
  // millions would lie flat on the axis. Keeps the first measure and those whose largest
  // magnitude is within kScaleRatio of its own either way; says which were left out.
  std::string KeepOneScale(std::vector<Column>& measures) const {
    constexpr double kScaleRatio = 100;
    const auto largest = [&](const Column& m) {
      double most = 0;
      for (size_t r = 0; r < rs_.rows.size(); ++r) {
        if (auto v = NumberOf(Cell(rs_, r, m.index))) most = std::max(most, std::abs(*v));
      }
      return most;
    };
    if (measures.size() < 2) return "";
    const double first = largest(measures[0]);
    if (first == 0) return "";  // all zero or NULL (no earlier period): no scale to keep
    std::vector<Column> kept, left;
    for (const Column& m : measures) {
      const double most = largest(m);
      const bool same_scale = most * kScaleRatio >= first && most <= first * kScaleRatio;
      (kept.empty() || same_scale ? kept : left).push_back(m);
    }
    measures = std::move(kept);
    if (left.empty()) return "";
    return words_.Pick("；" + JoinNames(left, words_) + " 的量级不同，未画出",
                       "; " + JoinNames(left, words_) + " not drawn (another scale)");
  }

  ChartSpec Line(const Column& time, std::vector<Column> measures) const {
    std::string note = KeepOneScale(measures);
    if (measures.size() > opt_.max_series) {
      note += words_.Pick("；只画前 " + std::to_string(opt_.max_series) + " 个度量",
                          "; first " + std::to_string(opt_.max_series) + " measures shown");
      measures.resize(opt_.max_series);
    }
    NameHints hints = HintsFor(time.name);
    std::vector<std::pair<TimeKey, size_t>> order;
    for (size_t r = 0; r < rs_.rows.size(); ++r) {
      const Value* v = Cell(rs_, r, time.index);
      if (IsNullish(v)) continue;
      if (auto k = TimeOf(v, hints)) order.emplace_back(std::move(*k), r);
    }
    std::stable_sort(order.begin(), order.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<size_t> picked = SampleIndices(order.size(), opt_.max_points);
    if (picked.size() < order.size()) {
      note += words_.Pick("；均匀抽取 " + std::to_string(picked.size()) + "/" +
                              std::to_string(order.size()) + " 个点",
                          "; " + std::to_string(picked.size()) + " of " +
                              std::to_string(order.size()) + " points, evenly sampled");
    }
    ChartSpec s;
    s.kind = ChartKind::kLine;
    s.data.x_name = time.name;
    for (size_t i : picked)
      s.data.labels.push_back(LabelOf(Cell(rs_, order[i].second, time.index)));
    for (const auto& m : measures) {
      ChartSeries series{m.name, {}, Additive(m), Money(m), Ratio(m)};
      for (size_t i : picked)
        series.values.push_back(NumberOf(Cell(rs_, order[i].second, m.index)));
      s.data.series.push_back(std::move(series));
    }
    s.title = TitleOr(words_.Pick(JoinNames(measures, words_) + " 趋势（按 " + time.name + "）",
                                  JoinNames(measures, words_) + " over " + time.name));
    s.reason =
        words_.Pick("折线图：" + time.name + " 是时间列，" + JoinNames(measures, words_) +
                        " 是度量，横轴按时间排序",
                    "line chart: " + time.name + " is a time column and " +
                        JoinNames(measures, words_) + " measured over it; x axis in time order") +
        note;
    s.echarts_option = LineOption(s, measures.size() == 1 ? measures[0].name : "");
    return s;
  }

  ChartSpec PivotLine(const Column& time, const Column& category, const Column& measure) const {
    NameHints hints = HintsFor(time.name);
    std::map<TimeKey, std::string> times;  // key → first label seen
    std::vector<std::string> cats;         // first-seen order
    std::map<std::string, size_t> cat_index;
    std::map<std::pair<TimeKey, size_t>, double> cells;
    for (size_t r = 0; r < rs_.rows.size(); ++r) {
      const Value* tv = Cell(rs_, r, time.index);
      if (IsNullish(tv)) continue;
      auto key = TimeOf(tv, hints);
      if (!key) continue;
      times.emplace(*key, LabelOf(tv));
      std::string cat = LabelOf(Cell(rs_, r, category.index));
      auto [it, inserted] = cat_index.emplace(cat, cats.size());
      if (inserted) cats.push_back(cat);
      // Two rows for one (time, category) add up: the chart shows the total.
      if (auto v = NumberOf(Cell(rs_, r, measure.index))) cells[{*key, it->second}] += *v;
    }
    if (cats.size() > opt_.max_series) {
      return Table(words_.Pick(
          "表格：" + category.name + " 有 " + std::to_string(cats.size()) + " 个值，折线太多",
          "table: " + category.name + " has " + std::to_string(cats.size()) +
              " values, too many lines for one chart"));
    }
    std::vector<TimeKey> keys;
    for (const auto& [k, label] : times) keys.push_back(k);
    std::vector<size_t> picked = SampleIndices(keys.size(), opt_.max_points);
    ChartSpec s;
    s.kind = ChartKind::kLine;
    s.data.x_name = time.name;
    for (size_t i : picked) s.data.labels.push_back(times[keys[i]]);
    for (size_t c = 0; c < cats.size(); ++c) {
      ChartSeries series{cats[c], {}, Additive(measure), Money(measure), Ratio(measure)};
      for (size_t i : picked) {
        auto it = cells.find({keys[i], c});
        series.values.push_back(it == cells.end() ? std::nullopt
                                                  : std::optional<double>(it->second));
      }
      s.data.series.push_back(std::move(series));
    }
    s.title = TitleOr(words_.Pick(measure.name + " 趋势（按 " + category.name + "）",
                                  measure.name + " over " + time.name + " by " + category.name));
    s.reason = words_.Pick("折线图：" + time.name + " 是时间列，每个 " + category.name +
                               " 一条线，度量是 " + measure.name,
                           "line chart: " + time.name + " is a time column, one line per " +
                               category.name + ", measuring " + measure.name);
    s.echarts_option = LineOption(s, measure.name);
    return s;
  }

  static bool AllSeries(const ChartSpec& s, bool ChartSeries::*fact) {
    return !s.data.series.empty() &&
           std::all_of(s.data.series.begin(), s.data.series.end(),
                       [fact](const ChartSeries& series) { return series.*fact; });
  }

  // The tooltip's number format (report_builder.cc's kInitJs, web/src/lib/charts.ts):
  // "percent" (FormatFraction: 0.0384 → 3.84%) when every plotted series is a ratio, "money"
  // (two decimals, as FormatNumber(v, true)) when every one is money, else "number".
  static std::string TooltipFormat(const ChartSpec& s) {
    if (AllSeries(s, &ChartSeries::ratio)) return "percent";
    return AllSeries(s, &ChartSeries::money) ? "money" : "number";
  }
  // A value axis and bar labels: ratios in percent, else compact (1.2K, 3.4M).
  static std::string AxisFormat(const ChartSpec& s) {
    return AllSeries(s, &ChartSeries::ratio) ? "percent" : "compact";
  }

  Json LineOption(const ChartSpec& s, const std::string& y_name) const {
    bool legend = s.data.series.size() > 1;
    Json o = BaseOption(s.title);
    o["tooltip"] = {{"trigger", "axis"}, {"askdbFormat", TooltipFormat(s)}};
    if (legend) o["legend"] = Legend();
    o["grid"] = Grid(legend, true);
    o["xAxis"] = {{"type", "category"}, {"boundaryGap", false}, {"data", s.data.labels}};
    NameUnderAxis(o["xAxis"], s.data.x_name);
    o["yAxis"] = ValueAxis(y_name, AxisFormat(s));
    Json series = Json::array();
    for (const auto& cs : s.data.series) {
      Json one = {{"name", cs.name},
                  {"type", "line"},
                  {"data", ValuesJson(cs.values)},
                  {"showSymbol", s.data.labels.size() <= kMaxPointsWithSymbols},
                  {"connectNulls", false}};
      if (!legend) one["areaStyle"] = {{"opacity", 0.08}};
      series.push_back(std::move(one));
    }
    o["series"] = std::move(series);
    return o;
  }

  // `order`: rows in this order (bars over time, in time order); else the query's order when
  // it has one, largest first otherwise.
  ChartSpec Bar(const Column& category, std::vector<Column> measures,
                std::optional<std::vector<size_t>> order = std::nullopt) const {
    std::string note = KeepOneScale(measures);
    if (measures.size() > opt_.max_series) {
      note += words_.Pick("；只画前 " + std::to_string(opt_.max_series) + " 个度量",
                          "; first " + std::to_string(opt_.max_series) + " measures shown");
      measures.resize(opt_.max_series);
    }
    const bool in_time_order = order.has_value();
    const bool ordered = in_time_order || SqlOrdersRows(req_.sql);
    std::vector<size_t> rows = BarRows(measures[0], std::move(order), ordered);
    const size_t all_rows = rows.size();
    if (rows.size() > opt_.max_categories) {
      note += words_.Pick((ordered ? "；显示前 " : "；显示最大的 ") +
                              std::to_string(opt_.max_categories) + "/" +
                              std::to_string(rows.size()) + " 项",
                          (ordered ? "; first " : "; top ") + std::to_string(opt_.max_categories) +
                              " of " + std::to_string(rows.size()) + " shown");
      rows.resize(opt_.max_categories);
    }
    ChartSpec s;
    s.kind = ChartKind::kBar;
    s.data.x_name = category.name;
    if (all_rows > rows.size()) {
      s.data.total_categories = all_rows;
      // The query's own order largest first (ORDER BY COUNT(*) DESC) shows the largest too:
      // the answer may name the highest ("Lost, Season 3 has the most"), read off the rows.
      s.data.shows_largest = !ordered || Descending(measures[0]);
    }
    const int widest = FillBarData(category, measures, rows, s.data);
    bool horizontal = widest > opt_.long_label_width || rows.size() > opt_.many_categories;
    s.title = TitleOr(words_.Pick("各 " + category.name + " 的 " + JoinNames(measures, words_),
                                  JoinNames(measures, words_) + " by " + category.name));
    s.reason = BarReason(category, measures, horizontal, in_time_order, ordered) + note;
    bool rotate = static_cast<size_t>(widest + 1) * rows.size() > kMaxUnrotatedLabelColumns;
    s.echarts_option =
        BarOption(s, horizontal, rotate, measures.size() == 1 ? measures[0].name : "");
    return s;
  }

  // The rows to draw, in `order` when given; else the query's order when `ordered`, else
  // largest `first` measure first, NULLs last (stable, so ties keep the query's order).
  std::vector<size_t> BarRows(const Column& first, std::optional<std::vector<size_t>> order,
                              bool ordered) const {
    std::vector<size_t> rows(rs_.rows.size());
    std::iota(rows.begin(), rows.end(), size_t{0});
    if (order) rows = std::move(*order);
    if (!ordered) {
      std::stable_sort(rows.begin(), rows.end(), [&](size_t a, size_t b) {
        auto va = NumberOf(Cell(rs_, a, first.index));
        auto vb = NumberOf(Cell(rs_, b, first.index));
        if (!va || !vb) return va.has_value() && !vb.has_value();
        return *va > *vb;
      });
    }
    return rows;
  }

  // The bars' labels and one series per measure; returns the widest label's display width
  // (long labels turn the bars horizontal or the labels slanted).
  int FillBarData(const Column& category, const std::vector<Column>& measures,
                  const std::vector<size_t>& rows, ChartData& data) const {
    int widest = 0;
    for (size_t r : rows) {
      data.labels.push_back(CategoryLabel(category, r));
      widest = std::max(widest, text::DisplayWidth(data.labels.back()));
    }
    for (const auto& m : measures) {
      ChartSeries series{m.name, {}, Additive(m), Money(m), Ratio(m)};
      for (size_t r : rows) series.values.push_back(NumberOf(Cell(rs_, r, m.index)));
      data.series.push_back(std::move(series));
    }
    return widest;
  }

  // Why a bar chart, which way, and in which order the bars stand.
  std::string BarReason(const Column& category, const std::vector<Column>& measures,
                        bool horizontal, bool in_time_order, bool ordered) const {
    const std::string order_words = in_time_order ? words_.Pick("，按时间顺序", ", in time order")
                                    : ordered
                                        ? words_.Pick("，保持查询的顺序", ", in the query's order")
                                        : words_.Pick("，按数值从大到小排序", ", sorted by value");
    return words_.Pick(std::string(horizontal ? "横向" : "") + "柱状图：" + category.name +
                           " 是类别，" + JoinNames(measures, words_) + " 是度量",
                       std::string(horizontal ? "horizontal " : "") + "bar chart: " +
                           JoinNames(measures, words_) + " by the category " + category.name) +
           order_words;
  }

  Json BarOption(const ChartSpec& s, bool horizontal, bool rotate,
                 const std::string& value_name) const {
    bool legend = s.data.series.size() > 1;
    Json o = BaseOption(s.title);
    o["tooltip"] = {{"trigger", "axis"},
                    {"axisPointer", {{"type", "shadow"}}},
                    {"askdbFormat", TooltipFormat(s)}};
    if (legend) o["legend"] = Legend();
    const bool x_name = PlaceBarAxes(s, horizontal, rotate, value_name, o);
    o["grid"] = Grid(legend, x_name);
    o["series"] = BarSeries(s, horizontal, legend);
    return o;
  }

  // The category and value axes of a bar chart, as x and y or (horizontal) y and x; returns
  // whether a name sits under the x axis (the grid leaves room for it).
  static bool PlaceBarAxes(const ChartSpec& s, bool horizontal, bool rotate,
                           const std::string& value_name, Json& o) {
    Json cat_axis = {{"type", "category"}, {"data", s.data.labels}};
    Json value_axis = ValueAxis("", AxisFormat(s));
    bool x_name = false;
    if (horizontal) {
      // The category name would sit above the labels, clashing with the title: the title
      // already names it.
      cat_axis["inverse"] = true;  // first (largest) bar on top
      cat_axis["axisLabel"] = {{"interval", 0}};
      if (!value_name.empty()) {
        NameUnderAxis(value_axis, value_name);
        x_name = true;
      }
      o["xAxis"] = std::move(value_axis);
      o["yAxis"] = std::move(cat_axis);
      return x_name;
    }
    cat_axis["axisLabel"] = {{"interval", 0}, {"rotate", rotate ? kRotatedLabelDegrees : 0}};
    // Rotated labels hang below the axis, where the name would go.
    if (!rotate) {
      NameUnderAxis(cat_axis, s.data.x_name);
      x_name = true;
    }
    if (!value_name.empty()) value_axis["name"] = value_name;
    o["xAxis"] = std::move(cat_axis);
    o["yAxis"] = std::move(value_axis);
    return x_name;
  }

  // One bar series per measure; a lone series with few bars shows its values on them.
  static Json BarSeries(const ChartSpec& s, bool horizontal, bool legend) {
    Json series = Json::array();
    for (const auto& cs : s.data.series) {
      Json one = {
          {"name", cs.name}, {"type", "bar"}, {"data", ValuesJson(cs.values)}, {"barMaxWidth", 48}};
      if (!legend && s.data.labels.size() <= kMaxValueLabels) {
        one["label"] = {{"show", true},
                        {"position", horizontal ? "right" : "top"},
                        {"askdbFormat", AxisFormat(s)}};
      }
      series.push_back(std::move(one));
    }
    return series;
  }

  // The smallest slices beyond opt_.max_pie_slices merged into one "其他"/"Other" slice;
  // `s` is told (ChartData::other_slice) and the note says so. `slices` sorted, largest first.
  std::string MergeSmallestSlices(std::vector<std::pair<std::string, double>>& slices,
                                  ChartSpec& s) const {
    const size_t max_slices = std::max<size_t>(opt_.max_pie_slices, 2);
    if (slices.size() <= max_slices) return "";
    double other = 0;
    for (size_t i = max_slices - 1; i < slices.size(); ++i) other += slices[i].second;
    const std::string merged = std::to_string(slices.size() - max_slices + 1);
    // The answer is written from the parts shown, not from "其他" (it had named 美妆 the
    // lowest share beside 图书's smaller one, merged away). Every group of the result counts,
    // the zero or missing ones that have no slice too ("共 N 项").
    s.data.total_categories = rs_.rows.size();
    s.data.shows_largest = true;
    s.data.other_slice = true;
    slices.resize(max_slices - 1);
    slices.emplace_back(words_.Pick("其他", "Other"), other);
    return words_.Pick("；其余 " + merged + " 项合并为“其他”",
                       "; the smallest " + merged + " grouped as \"Other\"");
  }

  ChartSpec Pie(const Column& category, const Column& measure) const {
    std::vector<std::pair<std::string, double>> slices;
    for (size_t r = 0; r < rs_.rows.size(); ++r) {
      auto v = NumberOf(Cell(rs_, r, measure.index));
      if (!v || *v <= 0) continue;  // a zero or missing part has no slice
      slices.emplace_back(CategoryLabel(category, r), *v);
    }
    std::stable_sort(slices.begin(), slices.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    ChartSpec s;
    const std::string note = MergeSmallestSlices(slices, s);
    s.kind = ChartKind::kPie;
    s.data.x_name = category.name;
    ChartSeries series{measure.name, {}, Additive(measure), Money(measure), Ratio(measure)};
    Json data = Json::array();
    for (const auto& [name, value] : slices) {
      s.data.labels.push_back(name);
      series.values.push_back(value);
      data.push_back({{"name", name}, {"value", value}});
    }
    s.data.series.push_back(std::move(series));
    s.title = TitleOr(words_.Pick(measure.name + " 占比（按 " + category.name + "）",
                                  "Share of " + measure.name + " by " + category.name));
    s.reason = words_.Pick("饼图：" + measure.name + " 是各 " + category.name + " 组成的整体",
                           "pie chart: " + measure.name + " split into parts by " + category.name +
                               " (parts of a whole)") +
               note;
    Json o = BaseOption(s.title);
    o["tooltip"] = {{"trigger", "item"}, {"formatter", "{b}: {c} ({d}%)"}};
    o["legend"] = Legend();
    o["series"] = Json::array({{{"name", measure.name},
                                {"type", "pie"},
                                {"radius", {"30%", "62%"}},
                                {"center", {"50%", "52%"}},
                                {"label", {{"formatter", "{b}: {d}%"}}},
                                {"data", std::move(data)}}});
    s.echarts_option = std::move(o);
    return s;
  }

  ChartSpec Scatter(const Column& x, const Column& y) const {
    std::vector<std::pair<double, double>> points;
    for (size_t r = 0; r < rs_.rows.size(); ++r) {
      auto vx = NumberOf(Cell(rs_, r, x.index));
      auto vy = NumberOf(Cell(rs_, r, y.index));
      if (vx && vy) points.emplace_back(*vx, *vy);
    }
    std::string note;
    std::vector<size_t> picked = SampleIndices(points.size(), opt_.max_points);
    if (picked.size() < points.size()) {
      note = words_.Pick("；均匀抽取 " + std::to_string(picked.size()) + "/" +
                             std::to_string(points.size()) + " 个点",
                         "; " + std::to_string(picked.size()) + " of " +
                             std::to_string(points.size()) + " points, evenly sampled");
    }
    ChartSpec s;
    s.kind = ChartKind::kScatter;
    s.data.x_name = x.name;
    ChartSeries series{y.name, {}};
    Json data = Json::array();
    for (size_t i : picked) {
      s.data.x_values.push_back(points[i].first);
      series.values.push_back(points[i].second);
      data.push_back({points[i].first, points[i].second});
    }
    s.data.series.push_back(std::move(series));
    s.title = TitleOr(words_.Pick(x.name + " 与 " + y.name, y.name + " vs " + x.name));
    s.reason = words_.Pick("散点图：两个度量 " + x.name + " 和 " + y.name + "，没有类别",
                           "scatter plot: two measures, " + x.name + " and " + y.name +
                               ", and no category") +
               note;
    Json o = BaseOption(s.title);
    o["tooltip"] = {{"trigger", "item"}, {"askdbFormat", "number"}};
    o["grid"] = Grid(false, true);
    Json xa = ValueAxis("");
    NameUnderAxis(xa, x.name);
    xa["scale"] = true;
    Json ya = ValueAxis(y.name);
    ya["scale"] = true;
    o["xAxis"] = std::move(xa);
    o["yAxis"] = std::move(ya);
    o["series"] = Json::array(
        {{{"name", y.name}, {"type", "scatter"}, {"symbolSize", 8}, {"data", std::move(data)}}});
    s.echarts_option = std::move(o);
    return s;
  }

  const ResultSet& rs_;
  const ChartRequest& req_;
  const ChartOptions& opt_;
  const ResultFacts facts_;
  Words words_;
};

std::string GroupThousands(std::string digits) {
  std::string out;
  int n = static_cast<int>(digits.size());
  for (int i = 0; i < n; ++i) {
    if (i > 0 && (n - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

}  // namespace

std::string_view ChartKindName(ChartKind kind) {
  switch (kind) {
    case ChartKind::kLine:
      return "line";
    case ChartKind::kBar:
      return "bar";
    case ChartKind::kPie:
      return "pie";
    case ChartKind::kScatter:
      return "scatter";
    case ChartKind::kKpi:
      return "kpi";
    case ChartKind::kTable:
      return "table";
  }
  return "table";
}

Json ChartSpec::ToJson() const {
  Json j = {{"kind", ChartKindName(kind)}, {"title", title}, {"reason", reason}};
  if (kind == ChartKind::kKpi) {
    j["kpi"] = {{"value", kpi_value}, {"label", kpi_label}, {"formatted", kpi_formatted}};
  }
  if (!note.empty()) j["note"] = note;
  j["option"] = echarts_option;
  return j;
}

std::string FormatNumber(double value, bool money) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "∞" : "-∞";
  char buf[400];
  std::snprintf(buf, sizeof buf, "%.2f", std::abs(value));
  std::string s = buf;
  size_t dot = s.find('.');
  std::string whole = s.substr(0, dot);
  std::string frac = s.substr(dot + 1);
  while (!money && !frac.empty() && frac.back() == '0') frac.pop_back();
  std::string out = GroupThousands(whole);
  if (!frac.empty()) out += "." + frac;
  bool negative = value < 0 && out.find_first_not_of("0.,") != std::string::npos;
  return negative ? "-" + out : out;
}

std::string FormatFraction(double fraction) {
  const double percent = fraction * 100;
  if (!std::isfinite(percent) || percent == 0 || std::abs(percent) >= 0.1)
    return FormatNumber(percent) + "%";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3g", percent);
  return std::string(buf) + "%";
}

std::string FormatCompact(double value) {
  static constexpr struct {
    double scale;
    const char* suffix;
  } kUnits[] = {{1e3, "K"}, {1e6, "M"}, {1e9, "B"}, {1e12, "T"}};
  double a = std::abs(value);
  if (!std::isfinite(value) || a < kUnits[0].scale) return FormatNumber(value);
  size_t i = 0;
  while (i + 1 < std::size(kUnits) && a >= kUnits[i + 1].scale) ++i;
  double scaled = std::round(a / kUnits[i].scale * 10) / 10;
  // 999,950 rounds to "1000K"; the next unit reads better ("1M").
  if (scaled >= 1000 && i + 1 < std::size(kUnits)) {
    ++i;
    scaled = std::round(a / kUnits[i].scale * 10) / 10;
  }
  char buf[400];
  std::snprintf(buf, sizeof buf, "%.1f", scaled);
  std::string s = buf;
  if (s.ends_with(".0")) s.resize(s.size() - 2);
  return (value < 0 ? "-" : "") + s + kUnits[i].suffix;
}

ChartSpec RecommendChart(const db::ResultSet& result, const ChartRequest& request,
                         const ChartOptions& options) {
  return Recommender(result, request, options).Run();
}

}  // namespace askdb::analysis
