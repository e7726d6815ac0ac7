#include "askdb/agent/ask/answer_writer.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "askdb/agent/ask/follow_up_form.h"
#include "askdb/agent/ask/other_language.h"
#include "askdb/agent/ask/question_check.h"
#include "askdb/analysis/number_kind.h"
#include "askdb/analysis/percent_points.h"
#include "askdb/common/text.h"

namespace askdb::agent {
namespace {

using analysis::FormatNumber;

// Shares are stated only when every part is positive: a share of a total with negative
// parts misleads. 0 when there is no such total.
double PositiveTotal(const std::vector<std::optional<double>>& values) {
  double total = 0;
  for (const auto& v : values) {
    if (!v || *v < 0) return 0;
    total += *v;
  }
  return total > 0 ? total : 0;
}

std::string Percent(double part, double whole) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * part / whole);
  return buf;
}

// A value as the series shows it: a ratio in percent ("3.84%", as one number shows it, not
// "0.04"), percent points with their sign ("43.52%", not "43.52"), money with two decimals.
std::string Shown(double value, const analysis::ChartSeries& series) {
  if (series.ratio) return analysis::FormatFraction(value);
  if (analysis::InPercentPoints(series)) return FormatNumber(value, false) + "%";
  return FormatNumber(value, series.money);
}

// Equal up to the noise of summing floating-point values (37.62 vs 37.620000000000005).
bool Same(double a, double b) {
  constexpr double kRelative = 1e-9;
  return std::fabs(a - b) <= kRelative * std::max({1.0, std::fabs(a), std::fabs(b)});
}

struct Extremes {
  size_t max_index = 0, min_index = 0;
  int count = 0;
  // How many values equal the largest and the smallest: naming one of seven tied rows as
  // "the lowest" would say something the data does not.
  int max_ties = 0, min_ties = 0;
  bool all_equal() const { return count > 1 && max_ties == count; }
};

Extremes FindExtremes(const std::vector<std::optional<double>>& values) {
  Extremes e;
  for (size_t i = 0; i < values.size(); ++i) {
    if (!values[i]) continue;
    if (e.count == 0 || *values[i] > *values[e.max_index]) e.max_index = i;
    if (e.count == 0 || *values[i] < *values[e.min_index]) e.min_index = i;
    ++e.count;
  }
  for (const auto& v : values) {
    if (!v) continue;
    e.max_ties += Same(*v, *values[e.max_index]) ? 1 : 0;
    e.min_ties += Same(*v, *values[e.min_index]) ? 1 : 0;
  }
  return e;
}

// Chinese runs on without spaces; a Latin word or number before Chinese text keeps one.
std::string ZhGap(const std::string& before) {
  const unsigned char last = before.empty() ? ' ' : static_cast<unsigned char>(before.back());
  return std::isalnum(last) ? " " : "";
}

// The first of `ties` rows with the same value: "Spain and 6 others", "Spain 等 7 项".
struct TieWords {
  std::string_view en_one, en_many, zh_unit;
};
constexpr TieWords kGroupTies{"other", "others", "项"};
constexpr TieWords kPeriodTies{"other period", "other periods", "个时段"};

std::string Tied(const std::string& label, int ties, bool chinese, const TieWords& words) {
  if (ties <= 1) return label;
  if (chinese)
    return label + ZhGap(label) + "等 " + std::to_string(ties) + " " + std::string(words.zh_unit);
  return label + " and " + std::to_string(ties - 1) + " " +
         std::string(ties == 2 ? words.en_one : words.en_many);
}

// A result the row cap cut (askdb's own cap or the engine's default LIMIT, not a top N the
// question asked for): said so, with what to do, since rows the reader did not leave out
// are missing.
std::string CutRows(size_t rows, bool chinese) {
  const std::string n = FormatNumber(static_cast<double>(rows), false);
  return chinese ? "前 " + n + " 行（结果已截断，可加条件或改问汇总）"
                 : "the first " + n + " rows (cut; narrow the question or ask for a total)";
}

// One row ("Who is our oldest employee?"): named, not counted — "Margaret Peacock." A first
// and a last name column read as one name; other columns as "name: value". Empty when the
// row is not one or has too many columns to read as a sentence.
std::string OneRow(const db::ResultSet& result, bool chinese) {
  constexpr size_t kMaxColumns = 4;
  if (result.row_count() != 1 || result.columns.empty() || result.columns.size() > kMaxColumns)
    return "";
  const std::vector<db::Value>& row = result.rows[0];
  const auto last_name = [](const std::string& name) {
    const std::string n = text::AsciiLower(name);
    return n == "last name" || n == "lastname" || n == "last_name" || n == "surname" ||
           name.ends_with("姓") || name.ends_with("姓氏");
  };
  // Numbers as the table shows them ("72,349,795.45", "17.7"); a first column that is a name
  // is the row's subject and goes unnamed, a first number is named like the others, and so
  // is a NULL (no kind to tell a name from a number: "—" alone would say nothing).
  const std::vector<analysis::NumberKind> kinds = analysis::ColumnNumberKinds(result);
  std::vector<std::string> parts;
  for (size_t c = 0; c < result.columns.size(); ++c) {
    const std::string value = row[c].is_null() ? "—" : analysis::FormatCell(row[c], kinds[c]);
    if (c == 1 && last_name(result.columns[1].name)) {
      parts[0] += " " + value;  // the first column's first name and this last name
      continue;
    }
    const bool subject = c == 0 && kinds[0] == analysis::NumberKind::kText && !row[0].is_null();
    parts.push_back(subject ? value : result.columns[c].name + (chinese ? "：" : ": ") + value);
  }
  std::string out;
  for (size_t k = 0; k < parts.size(); ++k) out += (k ? (chinese ? "，" : ", ") : "") + parts[k];
  return out + (chinese ? "。" : ".");
}

// The chart shows only some of the groups: their count, lowest value and total are not the
// result's, so only what holds for the whole result is said.
std::string PartialCategoryAnswer(const analysis::ChartData& data, const Extremes& e,
                                  bool chinese) {
  const std::string all = std::to_string(data.total_categories);
  const std::string shown = std::to_string(data.labels.size() - (data.other_slice ? 1 : 0));
  const analysis::ChartSeries& series = data.series.front();
  const std::string top = Tied(data.labels[e.max_index], e.max_ties, chinese, kGroupTies);
  const std::string top_value = Shown(*series.values[e.max_index], series);
  if (chinese) {
    std::string out =
        (data.row_cap_reached ? CutRows(data.total_categories, true) : "共 " + all + " 项") +
        "，图中显示" + (data.shows_largest ? "最大的 " : "前 ") + shown + " 项" +
        (data.other_slice ? "，其余合为“其他”" : "");
    if (data.shows_largest) {
      out += "；" + top + ZhGap(top) + "的" + series.name + (e.max_ties > 1 ? "并列最高" : "最高") +
             "，为 " + top_value;
    }
    return out + "。";
  }
  std::string out =
      (data.row_cap_reached ? CutRows(data.total_categories, false) : all + " groups") +
      "; the chart shows the " + (data.shows_largest ? "largest " : "first ") + shown +
      (data.other_slice ? ", the rest as \"Other\"" : "");
  if (data.shows_largest) {
    out += "; " + top + (e.max_ties > 1 ? " tie for the highest " : " has the highest ") +
           series.name + " at " + top_value;
  }
  return out + ".";
}

// What a breakdown's sentence says of all its groups: the highest and lowest, tied or not,
// and the total when the values add up.
struct CategoryFacts {
  const analysis::ChartData& data;
  const analysis::ChartSeries& series;
  Extremes e;
  double top_value = 0, bottom_value = 0;
  double total = 0;  // 0: no total (values that do not add up, or a top N)
  std::string n, top, bottom;
};

CategoryFacts ReadCategoryFacts(const analysis::ChartData& data, const Extremes& e, bool chinese) {
  const analysis::ChartSeries& series = data.series.front();
  CategoryFacts f{.data = data, .series = series, .e = e};
  f.top_value = *series.values[e.max_index];
  f.bottom_value = *series.values[e.min_index];
  // A total and shares only of values that add up (not prices, averages, rates, per-row
  // attributes), over all the rows (not a top N): otherwise they mean nothing.
  f.total = series.additive && !data.rows_limited ? PositiveTotal(series.values) : 0;
  f.n = std::to_string(data.labels.size());
  f.top = Tied(data.labels[e.max_index], e.max_ties, chinese, kGroupTies);
  f.bottom = Tied(data.labels[e.min_index], e.min_ties, chinese, kGroupTies);
  return f;
}

std::string ChineseCategoryAnswer(const CategoryFacts& f) {
  const analysis::ChartData& data = f.data;
  const Extremes& e = f.e;
  // A top N asked for is "the first N"; only the row cap means rows the reader did not ask
  // to leave out are missing.
  std::string out = data.row_cap_reached ? CutRows(data.labels.size(), true) + "；"
                    : data.rows_limited  ? "前 " + f.n + " 项；"
                                         : "共 " + f.n + " 项；";
  if (e.all_equal()) {
    out += f.series.name + "均为 " + Shown(f.top_value, f.series);
  } else {
    out += f.top + ZhGap(f.top) + "的" + f.series.name + (e.max_ties > 1 ? "并列最高" : "最高") +
           "，为 " + Shown(f.top_value, f.series);
    if (f.total > 0)
      out += (e.max_ties > 1 ? "（各占 " : "（占 ") + Percent(f.top_value, f.total) + "）";
    // "这些项中 Luis Rojas 最低": a Latin label keeps a space on both sides.
    const bool latin = !f.bottom.empty() && std::isalnum(static_cast<unsigned char>(f.bottom[0]));
    out += std::string("，") + (data.rows_limited ? (latin ? "这些项中 " : "这些项中") : "") +
           f.bottom + ZhGap(f.bottom) + (e.min_ties > 1 ? "并列最低" : "最低") + "，为 " +
           Shown(f.bottom_value, f.series);
  }
  if (f.total > 0) out += "；合计 " + Shown(f.total, f.series);
  return out + "。";
}

std::string EnglishCategoryAnswer(const CategoryFacts& f) {
  const analysis::ChartData& data = f.data;
  const Extremes& e = f.e;
  const std::string rows = f.n + (data.grouped ? " groups" : " rows");
  std::string out = data.row_cap_reached ? CutRows(data.labels.size(), false) + "; "
                    : data.rows_limited  ? "the first " + rows + "; "
                                         : rows + "; ";
  if (e.all_equal()) {
    out += "each has " + f.series.name + " " + Shown(f.top_value, f.series);
  } else {
    out += f.top + (e.max_ties > 1 ? " tie for the highest " : " has the highest ") +
           f.series.name + " at " + Shown(f.top_value, f.series);
    if (f.total > 0) {
      out += std::string(e.max_ties > 1 ? " (each " : " (") + Percent(f.top_value, f.total) +
             " of the total)";
    }
    out += ", " + f.bottom + " the lowest" + (data.rows_limited ? " of these" : "") + " at " +
           Shown(f.bottom_value, f.series);
  }
  if (f.total > 0) out += "; total " + Shown(f.total, f.series);
  return out + ".";
}

std::string CategoryAnswer(const analysis::ChartData& data, bool chinese) {
  const analysis::ChartSeries& series = data.series.front();
  std::vector<std::optional<double>> values = series.values;
  if (data.other_slice && !values.empty()) values.back().reset();  // "其他" is no group
  const Extremes e = FindExtremes(values);
  if (e.count == 0) return chinese ? "结果中没有数值。" : "The result holds no numbers.";
  if (data.total_categories > data.labels.size()) return PartialCategoryAnswer(data, e, chinese);
  if (e.count == 1 && data.labels.size() == 1) {
    // One row ("订单最多的城市", top 1): its value, without shares or extremes of one.
    const std::string& first = data.labels[e.max_index];
    const std::string value = Shown(*series.values[e.max_index], series);
    return chinese ? first + ZhGap(first) + "的" + series.name + "为 " + value + "。"
                   : first + ": " + series.name + " " + value + ".";
  }
  const CategoryFacts facts = ReadCategoryFacts(data, e, chinese);
  return chinese ? ChineseCategoryAnswer(facts) : EnglishCategoryAnswer(facts);
}

// What a series' sentence says: its first and last points, the change between them, the
// peak and the trough.
struct SeriesFacts {
  const analysis::ChartSeries& series;
  Extremes e;
  double first = 0, last = 0;
  std::string first_label, last_label;
  std::string change;  // "+12.5%"; empty when there is none to tell
  bool flat = false;   // under 0.05%, which would read "-0.0%": unchanged
  std::string peak, trough;
};

// The first and last points that hold a value.
void ReadEnds(const analysis::ChartData& data, SeriesFacts& f) {
  bool seen = false;
  for (size_t i = 0; i < f.series.values.size(); ++i) {
    if (!f.series.values[i]) continue;
    if (!seen) {
      f.first = *f.series.values[i];
      f.first_label = data.labels[i];
      seen = true;
    }
    f.last = *f.series.values[i];
    f.last_label = data.labels[i];
  }
}

// The change from the first to the last point.
void ReadChange(SeriesFacts& f) {
  if (f.first == 0 || f.first_label == f.last_label) return;
  const double pct = 100.0 * (f.last - f.first) / std::fabs(f.first);
  constexpr double kFlatPercent = 0.05;
  f.flat = std::fabs(pct) < kFlatPercent;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.1f%%", pct);
  f.change = buf;
}

std::string ChineseSeriesAnswer(const SeriesFacts& f) {
  const Extremes& e = f.e;
  std::string out = f.first_label + " 至 " + f.last_label + "，" + f.series.name;
  if (e.all_equal()) {
    out += "均为 " + Shown(*f.series.values[e.max_index], f.series);
  } else {
    out += "峰值在 " + f.peak + "（" + Shown(*f.series.values[e.max_index], f.series) +
           "），低谷在 " + f.trough + "（" + Shown(*f.series.values[e.min_index], f.series) + "）";
  }
  if (f.flat) {
    out += "；" + f.last_label + " 与 " + f.first_label + " 持平";
  } else if (!f.change.empty()) {
    out += "；" + f.last_label + " 较 " + f.first_label + " 变化 " + f.change;
  }
  return out + "。";
}

std::string EnglishSeriesAnswer(const SeriesFacts& f) {
  const Extremes& e = f.e;
  std::string out = "From " + f.first_label + " to " + f.last_label + ", " + f.series.name;
  if (e.all_equal()) {
    out += " was " + Shown(*f.series.values[e.max_index], f.series) + " throughout";
  } else {
    out += " peaked in " + f.peak + " (" + Shown(*f.series.values[e.max_index], f.series) +
           ") and was lowest in " + f.trough + " (" +
           Shown(*f.series.values[e.min_index], f.series) + ")";
  }
  if (f.flat) {
    out += "; " + f.last_label + " vs " + f.first_label + ": unchanged";
  } else if (!f.change.empty()) {
    out += "; " + f.last_label + " vs " + f.first_label + ": " + f.change;
  }
  return out + ".";
}

std::string SeriesAnswer(const analysis::ChartData& data, bool chinese) {
  SeriesFacts f{.series = data.series.front(), .e = FindExtremes(data.series.front().values)};
  if (f.e.count == 0) return chinese ? "结果中没有数值。" : "The result holds no numbers.";
  ReadEnds(data, f);
  // One period ("哪一年的营收最高" keeps the top year): its value, not a peak and a trough of
  // the same point.
  if (f.e.count == 1) {
    const std::string value = Shown(f.first, f.series);
    return chinese
               ? f.first_label + "，" + f.series.name + ZhGap(f.series.name) + "为 " + value + "。"
               : "In " + f.first_label + ", " + f.series.name + " was " + value + ".";
  }
  ReadChange(f);
  f.peak = Tied(data.labels[f.e.max_index], f.e.max_ties, chinese, kPeriodTies);
  f.trough = Tied(data.labels[f.e.min_index], f.e.min_ties, chinese, kPeriodTies);
  return chinese ? ChineseSeriesAnswer(f) : EnglishSeriesAnswer(f);
}

// A request to change the data ("drop table orders", "删除订单表"), which askdb never does:
// an imperative write verb first, after a polite opening.
bool AsksToChangeData(std::string_view question) {
  constexpr std::string_view kZhOpenings[] = {"请帮我", "帮我", "请", "给我"};
  constexpr std::string_view kZhVerbs[] = {"删除", "删掉", "清空", "修改", "更新", "插入",
                                           "新增", "添加", "创建", "新建", "建表", "重命名"};
  constexpr std::string_view kEnVerbs[] = {"drop",  "delete", "update", "insert", "truncate",
                                           "alter", "create", "remove", "rename", "replace",
                                           "grant", "revoke", "merge",  "upsert"};
  std::string_view q = question;
  while (!q.empty() && std::isspace(static_cast<unsigned char>(q.front()))) q.remove_prefix(1);
  for (std::string_view opening : kZhOpenings) {
    if (q.starts_with(opening)) {
      q.remove_prefix(opening.size());
      break;
    }
  }
  for (std::string_view verb : kZhVerbs) {
    if (!q.starts_with(verb)) continue;
    // "删除的订单" (the deleted orders) asks about rows; "删除订单表" asks to delete.
    const std::string_view rest = q.substr(verb.size());
    return !(rest.starts_with("的") || rest.starts_with("了") || rest.starts_with("过"));
  }
  size_t end = 0;
  while (end < q.size() && std::isalpha(static_cast<unsigned char>(q[end]))) ++end;
  const std::string first = text::AsciiLower(q.substr(0, end));
  return std::find(std::begin(kEnVerbs), std::end(kEnVerbs), first) != std::end(kEnVerbs);
}

// The engine's period note in a Chinese sentence: "2025-10-01 至 2025-12-31（以数据最新日期
// 2025-12-31）", not its ASCII " .. " and "(...)".
std::string ChinesePunctuation(std::string_view note) {
  std::string out(note);
  constexpr std::pair<std::string_view, std::string_view> kMarks[] = {
      {" .. ", " 至 "}, {" (", "（"}, {")", "）"}, {": ", "："}};
  for (const auto& [from, to] : kMarks) {
    for (size_t at = out.find(from); at != std::string::npos; at = out.find(from, at + to.size())) {
      out.replace(at, from.size(), to);
    }
  }
  return out;
}

// The server's route that lists the tables and columns the run's agent may use.
std::string SchemaRoute(const AnswerFace& face) {
  return "GET /api/v1/agents/" + (face.agent_id.empty() ? std::string("default") : face.agent_id) +
         "/schema";
}

// The web chat's own way to see the tables: its Tables button (an analyst may not open the
// admin pages, and an API path means nothing in a browser).
std::string TablesButton(bool chinese) {
  return chinese ? "对话页的「数据表」按钮" : "the chat's Tables button";
}

// Where the person on `face` finds the tables and columns: a clause ending in "lists them".
std::string SchemaPointer(const AnswerFace& face, bool chinese) {
  switch (face.kind) {
    case AnswerFace::kServer:
      return chinese ? TablesButton(true) + "或 " + SchemaRoute(face) + " 可列出表和列"
                     : TablesButton(false) + " or " + SchemaRoute(face) +
                           " lists the tables and columns";
    case AnswerFace::kMcp:
      return chinese ? "describe_schema 工具可列出表和列"
                     : "the describe_schema tool lists the tables and columns";
    case AnswerFace::kCli:
      break;
  }
  return chinese ? "askdb schema 可列出表和列" : "askdb schema lists the tables and columns";
}

// How the person on `face` gets a model for the questions the engine is unsure of: a web or
// MCP user cannot edit the server's askdb.toml, so they are told whom to ask.
std::string ModelPointer(const AnswerFace& face, bool chinese) {
  switch (face.kind) {
    case AnswerFace::kServer:
      return chinese ? "请管理员配置模型（网页界面的 管理 → 模型 页）"
                     : "ask an admin to configure a model (the web UI's Admin → Models page)";
    case AnswerFace::kMcp:
      return chinese ? "请运行 askdb MCP 服务的人配置模型（它的 askdb.toml 的 [llm]）"
                     : "ask whoever runs the askdb MCP server to configure a model ([llm] in its "
                       "askdb.toml)";
    case AnswerFace::kCli:
      break;
  }
  return chinese ? "配置模型（askdb.toml 的 [llm]）" : "configure a model ([llm] in askdb.toml)";
}

// A Python template's name (data/python/questions.json) as the person's words: a Chinese
// note said "Python 分析（forecast）". An unknown name is shown as it is.
std::string PythonKindWords(std::string_view kind, bool chinese) {
  struct Words {
    std::string_view name, zh, en;
  };
  static constexpr Words kWords[] = {
      {"forecast", "预测", "forecast"},
      {"outliers", "异常值", "outliers"},
      {"correlation", "相关性", "correlation"},
      {"trend", "趋势", "trend"},
      {"period_over_period", "同比/环比", "period over period"},
      {"pareto", "帕累托 / ABC 分类", "Pareto / ABC classes"},
  };
  for (const Words& w : kWords) {
    if (w.name == kind) return std::string(chinese ? w.zh : w.en);
  }
  return std::string(kind);
}

// How the person on `face` gets Python switched on: a server setting, so a web or MCP user is
// told whom to ask, as for a model (ModelPointer).
std::string PythonPointer(const AnswerFace& face, bool chinese) {
  switch (face.kind) {
    case AnswerFace::kServer:
      return chinese ? "请管理员把服务器 askdb.toml 的 python.executor 设为 sandbox"
                     : "ask an admin to set python.executor to sandbox in the server's askdb.toml";
    case AnswerFace::kMcp:
      return chinese ? "请运行 askdb MCP 服务的人把它的 askdb.toml 的 python.executor 设为 sandbox"
                     : "ask whoever runs the askdb MCP server to set python.executor to sandbox "
                       "in its askdb.toml";
    case AnswerFace::kCli:
      break;
  }
  return chinese ? "把 python.executor 设为 sandbox" : "set python.executor to sandbox";
}

}  // namespace

std::string PythonOffNote(std::string_view kind, bool chinese, const AnswerFace& face) {
  return chinese ? "（这是 Python 分析（" + PythonKindWords(kind, true) +
                       "）的问题，而 python.executor = off；" + PythonPointer(face, true) +
                       "，之后可以回答。）"
                 : " (This needs a Python analysis (" + PythonKindWords(kind, false) +
                       "), and python.executor = off; " + PythonPointer(face, false) +
                       " to answer it.)";
}

namespace {

bool EndsInNonAscii(std::string_view text) {
  return !text.empty() && static_cast<unsigned char>(text.back()) >= 0x80;
}

}  // namespace

std::string FitToFace(std::string text, const AnswerFace& face, bool chinese) {
  if (face.kind == AnswerFace::kCli) return text;
  const std::string own = face.kind == AnswerFace::kServer ? TablesButton(chinese)
                          : chinese                        ? "describe_schema 工具"
                                                           : "the describe_schema tool";
  for (const std::string_view cli : {"`askdb schema`", "askdb schema"}) {
    for (size_t at = text.find(cli); at != std::string::npos;
         at = text.find(cli, at + own.size())) {
      text.replace(at, cli.size(), own);
      // Chinese sets no space after a Chinese word: 「数据表」按钮可列出, not 按钮 可列出.
      const size_t after = at + own.size();
      if (EndsInNonAscii(own) && after < text.size() && text[after] == ' ') text.erase(after, 1);
    }
  }
  return text;
}

std::string OtherLanguageAnswer(std::string_view question, bool chinese, const AnswerFace& face) {
  const std::string language = OtherLanguageName(question, chinese);
  if (language.empty()) return "";
  return chinese
             ? "askdb 只读懂中文和英文的问题，这个问题看起来是" + language +
                   "。请用中文或英文提问，或" + ModelPointer(face, true) + "。"
             : "askdb reads questions in Chinese and English, and this one looks like " + language +
                   ". Ask it in Chinese or English, or " + ModelPointer(face, false) + ".";
}

std::string WithPeriod(std::string answer, std::string_view anchor_note, bool chinese) {
  if (anchor_note.empty()) return answer;
  if (chinese) return answer + "时间：" + ChinesePunctuation(anchor_note) + "。";
  return answer + " Period: " + std::string(anchor_note) + ".";
}

bool FoundNothing(const db::ResultSet& result) {
  if (result.row_count() == 0) return true;
  if (result.row_count() != 1) return false;
  const std::vector<db::Value>& row = result.rows[0];
  if (std::all_of(row.begin(), row.end(), [](const db::Value& v) { return v.is_null(); }))
    return true;
  if (result.columns.size() != 1) return false;
  const db::Value& v = result.rows[0][0];
  if (v.is_null()) return true;
  using Kind = db::Value::Kind;
  if (v.kind() != Kind::kInt && v.kind() != Kind::kDouble && v.kind() != Kind::kDecimal) {
    return false;
  }
  const std::optional<double> n = v.AsNumber();
  return n && *n == 0;
}

namespace {
// "2013-01-01" → "2012-12-31" (an ISO date checked by IsIsoDate).
std::string DayBefore(std::string_view iso) {
  using namespace std::chrono;
  const auto number = [&](size_t at, size_t len) {
    int v = 0;
    for (char c : iso.substr(at, len)) v = v * 10 + (c - '0');
    return v;
  };
  const year_month_day day{
      sys_days{year{number(0, 4)} / month{static_cast<unsigned>(number(5, 2))} /
               static_cast<unsigned>(number(8, 2))} -
      days{1}};
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d-%02u-%02u", static_cast<int>(day.year()),
                static_cast<unsigned>(day.month()), static_cast<unsigned>(day.day()));
  return buf;
}

// "2012-01-01": ISO dates compare as text.
bool IsIsoDate(std::string_view s) {
  if (s.size() != 10 || s[4] != '-' || s[7] != '-') return false;
  for (size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) {
    if (!std::isdigit(static_cast<unsigned char>(s[i]))) return false;
  }
  return true;
}
}  // namespace

std::string OutsideDataNote(std::string_view period, std::string_view column,
                            std::string_view first, std::string_view last, bool chinese) {
  constexpr std::string_view kTo = " .. ";
  const size_t to = period.find(kTo);
  if (to == std::string_view::npos) return "";
  const std::string_view start = period.substr(0, to);
  const std::string_view end = period.substr(to + kTo.size());  // exclusive
  if (!IsIsoDate(start) || !IsIsoDate(end) || !IsIsoDate(first) || !IsIsoDate(last)) return "";
  if (end > first && start <= last) return "";  // the period meets the data
  // Said with its last day, as the data's range is: "1990-01-01 至 1990-12-31".
  const std::string last_day = DayBefore(end);
  if (chinese) {
    return std::string(column) + " 的日期从 " + std::string(first) + " 到 " + std::string(last) +
           "，所问的时段 " + std::string(start) + " 至 " + last_day + " 不在其中，数据没有覆盖它。";
  }
  return std::string(column) + " holds dates from " + std::string(first) + " to " +
         std::string(last) + "; the period asked about (" + std::string(start) + " to " + last_day +
         ") lies outside them, so the data does not cover it.";
}

std::string WriteTieNote(std::string_view value, size_t n, bool chinese) {
  const std::string v(value), place = std::to_string(n);
  if (chinese) {
    if (n == 1)
      return "注意：还有别的行与这一行的值相同（" + v + "），并列第一，这里只显示了一行。";
    return "注意：第" + place + "行之后的下一行与第" + place + "行的值相同（" + v +
           "），截断落在并列的行之间；多要几行可以看到它们。";
  }
  if (n == 1) {
    return "Note: another row has the same value (" + v +
           ") as this one: they are tied, and only one is shown.";
  }
  return "Note: the row after row " + place + " has the same value (" + v +
         "): the cut-off falls between tied rows; ask for more rows to see them.";
}

std::string WriteKnowledgePassage(std::string_view source, std::string_view passage, bool chinese) {
  // Quoted line by line, e-mail style: the document's words stand apart from askdb's own in
  // the terminal and the web page (plain text), and a client that renders Markdown (an MCP
  // host) keeps the document's headings inside the quote.
  std::string quoted;
  size_t start = 0;
  while (start <= passage.size()) {
    size_t end = passage.find('\n', start);
    if (end == std::string_view::npos) end = passage.size();
    const std::string_view line = passage.substr(start, end - start);
    quoted += line.empty() ? ">\n" : "> " + std::string(line) + "\n";
    start = end + 1;
  }
  // Said before the abstention as possibly related, not as the answer: the abstention after
  // it says the question was not answered, and a passage "that answers it" contradicted that.
  const std::string s(source);
  if (chinese)
    return "知识库文档「" + s + "」中有一段可能相关的内容（不是查询数据的结果）：\n\n" + quoted;
  return "A passage of the knowledge base document \"" + s +
         "\" that may be related (not a result from the data):\n\n" + quoted;
}

namespace {

// A question with a page of pasted context: the engine's list of the words it could not read
// would run to dozens and hide why; say what the text looks like and what to send instead.
std::string LongQuestionAbstention(size_t chars, bool chinese, const AnswerFace& face) {
  const std::string n = std::to_string(chars);
  if (chinese) {
    return "这段文字有 " + n +
           " 个字，像是一个问题加上粘贴的背景资料。未配置模型时，askdb 一次只读一个简短的问题，"
           "读不懂背景资料：请只发问题本身（例如“2024年各地区的销售额”），或" +
           ModelPointer(face, true) + "，由它结合背景资料回答。";
  }
  return "This text is " + n +
         " characters long: it reads as a question with pasted context. Without a model askdb "
         "reads one short question and cannot use the context: send the question alone (e.g. "
         "\"revenue by country in 2024\"), or " +
         ModelPointer(face, false) + " to answer it with the context.";
}

// A note before the engine's reason on "那上海呢" it did not answer: with no answered question
// in the conversation there was nothing to continue; with one, it could not be applied to it
// (no part the subject replaces, or a new question since ended the chain).
std::string FollowUpNote(std::string_view question, std::string_view subject,
                         std::string_view previous, bool chinese) {
  const std::string q(question);
  const std::string x(subject);
  const std::string p(previous);
  if (chinese) {
    const std::string why = p.empty() ? "但这段对话里还没有已回答的问题可以接着问"
                                      : "但没能套用到上一个已回答的问题“" + p + "”上";
    return "“" + q + "”像是接着上一个问题的追问，" + why + "：请把问题问完整，写明要看" + x +
           "的什么数据。";
  }
  const std::string why =
      p.empty() ? "but this conversation has no answered question before it to continue"
                : "but it could not be applied to the last answered question \"" + p + "\"";
  return "\"" + q + "\" reads as a follow-up, " + why +
         ": ask the whole question, naming what to show for " + x + ".";
}

// Pasted context, not one long question: a line break, or two sentence ends with text after
// them ("我们是一家零售企业。在全国有很多门店。各大区的订单金额").
bool LooksPasted(std::string_view question) {
  if (question.find('\n') != std::string_view::npos) return true;
  int breaks = 0;
  for (size_t i = 0; i < question.size(); ++i) {
    const std::string_view rest = question.substr(i);
    bool end = rest.starts_with("。") || rest.starts_with("！") || rest.starts_with("？");
    size_t len = end ? std::string_view("。").size() : 1;
    if (!end && (rest[0] == '.' || rest[0] == '!' || rest[0] == '?'))
      end = rest.size() > 1 && rest[1] == ' ';  // "3.5" is no sentence end
    if (end && !rest.substr(len).empty() &&
        rest.substr(len).find_first_not_of(' ') != std::string_view::npos)
      ++breaks;
  }
  return breaks >= 2;
}

// A long question that is not pasted context keeps the engine's reason: this note says only
// that the engine reads short questions best.
std::string LongQuestionNote(size_t chars, bool chinese) {
  const std::string n = std::to_string(chars);
  if (chinese)
    return "（这个问题有 " + n + " 个字：未配置模型时，askdb 读一次只问一件事的简短问题最准。）";
  return "(This question is " + n +
         " characters long: without a model askdb reads short questions that ask one thing "
         "best.)";
}

// The engine's reason with what to do after it, unless the reason already says.
std::string ReasonWithAdvice(std::string_view reason, bool chinese, bool reason_says_what_to_do,
                             const AnswerFace& face) {
  std::string out = FitToFace(std::string(reason), face, chinese);
  while (!out.empty() && (out.back() == ' ' || out.back() == '\n')) out.pop_back();
  if (out.empty())
    out = chinese ? "引擎没有把握回答这个问题。" : "The engine is not sure how to answer this.";
  if (reason_says_what_to_do) return out;
  if (chinese) {
    return out + "\n要得到答案：换个说法，写明要用的列名（" + SchemaPointer(face, true) + "），或" +
           ModelPointer(face, true) + "，由它回答引擎没把握的问题。";
  }
  const char last = out.back();
  if (last != '.' && last != ')' && last != '?' && last != '!') out += '.';
  return out + "\nTo get an answer, rephrase it with the names of the columns to use (" +
         SchemaPointer(face, false) + "), or " + ModelPointer(face, false) +
         " to take the questions the engine is unsure of.";
}

// The tables an agent with a selection may use:
// "这个智能体只能查询这些表：orders（订单）、stores。".
std::string AgentTablesNote(const std::vector<std::string>& tables, bool chinese) {
  std::string list;
  for (const std::string& t : tables) list += (list.empty() ? "" : (chinese ? "、" : ", ")) + t;
  return chinese ? "这个智能体只能查询这些表：" + list + "。"
                 : "This agent may use only these tables: " + list + ".";
}

}  // namespace

std::string WriteAbstention(std::string_view question, std::string_view reason, bool chinese,
                            bool reason_says_what_to_do, const AnswerFace& face,
                            const AbstentionContext& context) {
  if (AsksToChangeData(question)) {
    return chinese ? "askdb 只读取数据，不会删除、修改或新增任何表和行；请换成一个关于数据的问题。"
                   : "askdb only reads your data: it never deletes, changes or adds tables or "
                     "rows. Ask a question about the data instead.";
  }
  if (std::string other = OtherLanguageAnswer(question, chinese, face); !other.empty()) {
    return other;
  }
  const size_t chars = QuestionChars(question);
  const bool long_question = chars > kLongQuestionChars;
  if (context.too_long_for_engine || (long_question && LooksPasted(question))) {
    return LongQuestionAbstention(chars, chinese, face);
  }
  std::string out = ReasonWithAdvice(reason, chinese, reason_says_what_to_do, face);
  if (!context.agent_tables.empty()) out += "\n" + AgentTablesNote(context.agent_tables, chinese);
  if (long_question) out += "\n" + LongQuestionNote(chars, chinese);
  if (std::optional<std::string> subject = FollowUpSubject(question)) {
    return FollowUpNote(question, *subject, context.previous_question, chinese) + "\n" + out;
  }
  return out;
}

std::string WriteAnswer(const db::ResultSet& result, const analysis::ChartSpec& chart,
                        bool chinese) {
  if (result.row_count() == 0) {
    return chinese ? "没有符合条件的数据。" : "No rows match the question.";
  }
  if (result.row_count() == 1 && result.columns.size() == 1 && result.rows[0][0].is_null()) {
    // SUM/AVG/MAX over no rows: "1 row" would hide that nothing matched.
    const std::string& name = result.columns[0].name;
    return chinese ? name + ZhGap(name) + "没有值（NULL）：没有符合条件且有值的数据。"
                   : name + " has no value (NULL): no rows with a value match the question.";
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
  if (result.truncated) return CutRows(result.row_count(), chinese) + (chinese ? "。" : ".");
  if (std::string row = OneRow(result, chinese); !row.empty()) return row;
  const std::string rows = std::to_string(result.row_count());
  const std::string out =
      chinese ? "共返回 " + rows + " 行" : rows + (result.row_count() == 1 ? " row" : " rows");
  return out + (chinese ? "。" : ".");
}

}  // namespace askdb::agent
