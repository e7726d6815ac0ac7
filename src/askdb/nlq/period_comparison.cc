#include "askdb/nlq/period_comparison.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <sstream>
#include <utility>
#include <vector>

#include "askdb/common/text.h"
#include "askdb/db/dialect.h"
#include "askdb/nlq/schema_index.h"
#include "askdb/nlq/time_expr.h"

namespace askdb::nlq {
namespace {

struct CueWords {
  std::string_view word;
  bool year_over_year;
  int period_months = 0;  // the length of period the words name, 0 any
};

constexpr std::array<CueWords, 2> kChineseCues = {{{"同比", true}, {"环比", false}}};

// What may follow 同比/环比 and goes with it, longest first ("同比增长了多少", "环比的变化").
constexpr std::array<std::string_view, 19> kChineseAfter = {
    "百分之几", "增长率", "增长了", "下降了", "是多少", "了多少", "怎么样", "增长", "增幅", "增速",
    "涨幅",     "下降",   "变化",   "情况",   "多少",   "如何",   "是",     "了",   "的"};

// English cue phrases, lower case, as whole words.
constexpr std::array<CueWords, 10> kEnglishCues = {{{"year over year", true},
                                                    {"year-over-year", true},
                                                    {"year on year", true},
                                                    {"year-on-year", true},
                                                    {"yoy", true},
                                                    {"month over month", false, 1},
                                                    {"month-over-month", false, 1},
                                                    {"month on month", false, 1},
                                                    {"quarter over quarter", false, 3},
                                                    {"quarter-over-quarter", false, 3}}};

// Words saying the change itself, taken with an English cue ("yoy growth of revenue").
constexpr std::array<std::string_view, 9> kEnglishChangeWords = {
    "growth", "change", "increase", "decrease", "decline", "grow", "grew", "percent", "%"};

constexpr int kMonthsPerYear = 12;

// 比 and the character after it as a word of their own: 不同比例, 相同比重, 不同比赛, 循环比赛
// hold 同比/环比 across two words and ask for no comparison.
constexpr std::array<std::string_view, 5> kBiWords = {"例", "赛", "较", "重", "分"};

// Where the cue word first stands as itself; npos when it does not.
size_t FindCueWord(std::string_view question, std::string_view word) {
  for (size_t at = question.find(word); at != std::string_view::npos;
       at = question.find(word, at + word.size())) {
    const std::string_view after = question.substr(at + word.size());
    if (std::none_of(kBiWords.begin(), kBiWords.end(),
                     [&](std::string_view w) { return after.starts_with(w); })) {
      return at;
    }
  }
  return std::string_view::npos;
}

std::optional<ComparisonCue> ChineseCue(std::string_view question) {
  for (const CueWords& cue : kChineseCues) {
    size_t begin = FindCueWord(question, cue.word);
    if (begin == std::string_view::npos) continue;
    size_t end = begin + cue.word.size();
    for (bool more = true; more;) {
      more = false;
      for (std::string_view after : kChineseAfter) {
        if (question.substr(end).starts_with(after)) {
          end += after.size();
          more = true;
          break;
        }
      }
    }
    constexpr std::string_view kOf = "的";
    if (begin >= kOf.size() && question.substr(begin - kOf.size()).starts_with(kOf)) {
      begin -= kOf.size();
    }
    return ComparisonCue{
        cue.year_over_year, 0, std::string(question.substr(begin, end - begin)),
        std::string(question.substr(0, begin)) + std::string(question.substr(end))};
  }
  return std::nullopt;
}

// Lower-case words with the punctuation around them taken off ("2025?" → "2025").
std::string Bare(std::string_view word) {
  std::string w = text::AsciiLower(word);
  while (!w.empty() && std::ispunct(static_cast<unsigned char>(w.back())) && w.back() != '%') {
    w.pop_back();
  }
  return w;
}

std::vector<std::string> SplitWords(std::string_view text) {
  std::vector<std::string> words;
  std::istringstream in{std::string(text)};
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

// Whether the cue's words stand at `i` of the question's bare words.
bool CueAt(const std::vector<std::string>& bare, size_t i, const std::vector<std::string>& cue) {
  if (i + cue.size() > bare.size()) return false;
  return std::equal(cue.begin(), cue.end(), bare.begin() + i);
}

// Marks the words saying the change itself ("growth", and an "of"/"in" right after it).
void TakeChangeWords(const std::vector<std::string>& bare, std::vector<bool>& taken) {
  for (size_t k = 0; k < bare.size(); ++k) {
    if (std::find(kEnglishChangeWords.begin(), kEnglishChangeWords.end(), bare[k]) ==
        kEnglishChangeWords.end()) {
      continue;
    }
    taken[k] = true;
    if (k + 1 < bare.size() && (bare[k + 1] == "of" || bare[k + 1] == "in")) taken[k + 1] = true;
  }
}

std::optional<ComparisonCue> EnglishCue(std::string_view question) {
  // Every question passes here (Engine::Translate): the cues are split once, the question's
  // words made bare once.
  static const std::vector<std::vector<std::string>> kCueWords = [] {
    std::vector<std::vector<std::string>> out;
    for (const CueWords& cue : kEnglishCues) out.push_back(SplitWords(cue.word));
    return out;
  }();
  const std::vector<std::string> words = SplitWords(question);
  std::vector<std::string> bare;
  for (const std::string& w : words) bare.push_back(Bare(w));
  for (size_t c = 0; c < kEnglishCues.size(); ++c) {
    for (size_t i = 0; i < words.size(); ++i) {
      if (!CueAt(bare, i, kCueWords[c])) continue;
      std::vector<bool> taken(words.size(), false);
      std::fill_n(taken.begin() + i, kCueWords[c].size(), true);
      TakeChangeWords(bare, taken);
      const CueWords& cue = kEnglishCues[c];
      ComparisonCue out{cue.year_over_year, cue.period_months, std::string(cue.word), ""};
      for (size_t k = 0; k < words.size(); ++k) {
        if (!taken[k]) out.question += (out.question.empty() ? "" : " ") + words[k];
      }
      return out;
    }
  }
  return std::nullopt;
}

// The one period the reading filtered on (Translation::periods_read).
std::optional<DateRange> PeriodRead(const Translation& t) {
  if (t.periods_read.size() != 1) return std::nullopt;
  return t.periods_read.front();
}

// "2025年" / "2025", "2025年Q3" / "Q3 2025", "2025年12月" / "2025-12", else the dates.
std::string PeriodLabel(const DateRange& r, bool chinese) {
  const std::string year = std::to_string(r.start.year);
  switch (WholeMonths(r)) {
    case kMonthsPerYear:
      if (r.start.month == 1) return chinese ? year + "年" : year;
      break;
    case 3:
      if ((r.start.month - 1) % 3 == 0) {
        const std::string q = "Q" + std::to_string((r.start.month - 1) / 3 + 1);
        return chinese ? year + "年" + q : q + " " + year;
      }
      break;
    case 1: {
      const std::string month = std::to_string(r.start.month);
      return chinese ? year + "年" + month + "月"
                     : year + "-" + (month.size() == 1 ? "0" : "") + month;
    }
    default:
      break;
  }
  return FormatIsoDate(r.start) + ".." + FormatIsoDate(AddDays(r.end, -1));
}

// Why the reading cannot be compared with its earlier period, or empty.
std::string WhyNotComparable(const Translation& t, bool chinese) {
  if (t.measure_columns.empty() || !t.other_columns.empty()) {
    return chinese ? "同比/环比只比较汇总的数值（如销售额、订单数），不比较占比或逐行列出的列"
                   : "a period comparison compares totals (revenue, a count), not shares or "
                     "listed columns";
  }
  if (t.chart == ChartHint::kTimeSeries) {
    return chinese
               ? "按月/季度的序列各期标签不同，无法逐期对齐；请问某一期（如 2025年12月销售额同比）"
               : "a series by month or quarter has other labels in the earlier period; ask "
                 "for one period (revenue in December 2025 year over year)";
  }
  if (!t.tie_check_sql.empty()) {
    return chinese ? "前N名在上一期可能是另一些行，暂不支持排名的同比/环比"
                   : "a top N may hold other rows in the earlier period; comparing a ranking is "
                     "not supported yet";
  }
  return "";
}

struct Periods {
  DateRange now, before;
};

// NULL last on every dialect (PostgreSQL puts it first in DESC; NULLS LAST is not MySQL): a
// group without an earlier value has no growth and comes after every group that has one; when
// the top ones are kept it is left out, never shown as the fastest growing.
std::string OrderClause(const std::string& cur, const std::string& prev, const ComparisonCue& cue,
                        int order_by_change, const db::Dialect& d) {
  std::string by = cur;
  int direction = 1;
  if (cue.rank != 0) {
    direction = cue.rank;
    by = cue.rank_by_change ? cur + " - " + prev
                            : d.CastToReal(cur + " - " + prev) + " * 100 / NULLIF(" + prev + ", 0)";
  } else if (order_by_change != 0) {
    direction = order_by_change;
    by = cur + " - " + prev;
  }
  const bool top = cue.rank != 0 && cue.top > 0;
  std::string out = top ? "\nWHERE " + by + " IS NOT NULL" : "";
  out += "\nORDER BY (" + by + " IS NULL), " + by + (direction < 0 ? " ASC" : " DESC");
  if (top) out += d.LimitClause(cue.top);
  return out;
}

// "2024 vs 2023, growth = (2024 − 2023) / 2023; …": what was compared and how; an amount
// asked says the change first, and of one total the change alone (all that is shown).
std::string GrowthFormula(const ComparisonCue& cue, const Periods& p, bool zh, bool grouped) {
  const std::string a = PeriodLabel(p.now, zh), b = PeriodLabel(p.before, zh);
  const bool top = cue.rank != 0 && cue.top > 0;
  std::string how = zh ? a + " 对比 " + b + "，" : a + " vs " + b + ", ";
  if (cue.rank_by_change) {
    how += (zh ? "增长额 = " : "change = ") + a + " − " + b;
    if (!grouped) return how;
    how += zh ? "，" : ", ";
  }
  return how + (zh ? "增长率 = (" + a + " − " + b + ") / " + b + "；" + b +
                         (top ? "无数值的分组没有增长率，不参与排名"
                              : "无数值的分组没有增长率（留空，排在最后）")
                   : "growth = (" + a + " − " + b + ") / " + b + "; a group with no " + b +
                         " value has no growth (" + (top ? "not ranked)" : "left empty, last)"));
}

// What a growth in words compared and how it ranks, said in the explanation.
Mapping GrowthMapping(const ComparisonCue& cue, const Periods& p, bool zh, bool grouped) {
  std::string how = GrowthFormula(cue, p, zh, grouped);
  if (cue.period_defaulted) {
    const std::string said = zh ? "问题没有写明时间：取数据中最近的完整年份 "
                                : "no period named: the latest full year in the data, ";
    how = said + how;
  }
  if (cue.rank != 0 && grouped) {
    const std::string by =
        cue.rank_by_change ? (zh ? "增长额" : "the change") : (zh ? "增长率" : "the growth rate");
    how += zh ? "；按" + by + (cue.rank < 0 ? "从低到高" : "从高到低") + "排序"
              : "; ranked by " + by + (cue.rank < 0 ? ", lowest first" : ", highest first");
    if (cue.top > 0) {
      how += zh ? "，取前 " + std::to_string(cue.top) + " 个"
                : ", top " + std::to_string(cue.top) + " kept";
    }
  }
  return {cue.phrase, "compare", how};
}

// A measure's name with what it says of it (the period, the growth), within the 63 bytes
// PostgreSQL keeps of an identifier: the name is cut, never the period, so the columns of the
// two periods stay apart and keep the names the answer looks them up by.
std::string FitAlias(const std::string& measure, const std::string& tail) {
  const size_t room = kMaxAliasBytes > tail.size() ? kMaxAliasBytes - tail.size() : 0;
  return text::Utf8Prefix(measure, room) + tail;
}

// The four columns of one measure: its growth, both periods and the change. Growth asked
// heads the chart and the one-row answer ("同比增长多少"); side by side, the periods come first.
void AppendMeasure(const std::string& m, const Translation& now, const Periods& p,
                   const ComparisonCue& cue, const db::Dialect& d, std::vector<std::string>& select,
                   std::vector<std::string>& measures_shown,
                   std::vector<std::string>& non_additive_shown) {
  const bool zh = now.chinese;
  const auto col = [&](std::string_view cte) {
    return d.QuoteIdentifier(cte) + "." + d.QuoteIdentifier(m);
  };
  const std::string cur = col("now"), prev = col("before");
  const std::string prefix = now.measure_columns.size() == 1 ? "" : m + (zh ? "" : " ");
  const std::string now_label = PeriodLabel(p.now, zh), before_label = PeriodLabel(p.before, zh);
  const std::string rate_name = zh ? (cue.growth_words     ? "增长率(%)"
                                      : cue.year_over_year ? "同比增长率(%)"
                                                           : "环比增长率(%)")
                                   : "growth (%)";
  std::vector<std::pair<std::string, std::string>> columns = {
      {d.CastToReal(cur + " - " + prev) + " * 100 / NULLIF(" + prev + ", 0)",
       FitAlias(prefix, rate_name)},
      {cur, FitAlias(m, zh ? "（" + now_label + "）" : " (" + now_label + ")")},
      {prev, FitAlias(m, zh ? "（" + before_label + "）" : " (" + before_label + ")")},
      {cur + " - " + prev, FitAlias(prefix, zh ? "增长额" : "change")}};
  // A growth rate never adds up; nor does an average's value or change.
  const bool additive = std::find(now.non_additive_columns.begin(), now.non_additive_columns.end(),
                                  m) == now.non_additive_columns.end();
  const std::string rate = columns[0].second;
  if (cue.side_by_side) std::rotate(columns.begin(), columns.begin() + 1, columns.end());
  // An amount asked (增加了多少, "by how much") heads with the change; of one total, the
  // change alone answers it (the explanation names both periods).
  if (cue.growth_words && cue.rank_by_change) {
    columns = {columns[3], columns[1], columns[2], columns[0]};
    if (now.label_columns.empty()) columns.resize(1);
  }
  for (const auto& [expr, name] : columns) {
    select.push_back(expr + " AS " + d.QuoteIdentifier(name));
    measures_shown.push_back(name);
    if (name == rate || !additive) non_additive_shown.push_back(name);
  }
}

// One statement: both readings as CTEs, joined on their labels.
std::string ComparisonSql(const Translation& now, const Translation& before, const Periods& p,
                          const ComparisonCue& cue, int order_by_change, const db::Dialect& d,
                          std::vector<std::string>& measures_shown,
                          std::vector<std::string>& non_additive_shown) {
  const auto col = [&](std::string_view cte, const std::string& alias) {
    return d.QuoteIdentifier(cte) + "." + d.QuoteIdentifier(alias);
  };
  std::vector<std::string> select;
  for (const std::string& label : now.label_columns) select.push_back(col("now", label));
  for (const std::string& m : now.measure_columns) {
    AppendMeasure(m, now, p, cue, d, select, measures_shown, non_additive_shown);
  }
  std::string sql = "WITH " + d.QuoteIdentifier("now") + " AS (\n" + now.sql + "\n), " +
                    d.QuoteIdentifier("before") + " AS (\n" + before.sql + "\n)\nSELECT ";
  for (size_t i = 0; i < select.size(); ++i) sql += (i ? ", " : "") + select[i];
  sql += "\nFROM " + d.QuoteIdentifier("now");
  if (now.label_columns.empty()) return sql + ", " + d.QuoteIdentifier("before");
  sql += "\nLEFT JOIN " + d.QuoteIdentifier("before") + " ON ";
  for (size_t i = 0; i < now.label_columns.size(); ++i) {
    const std::string& label = now.label_columns[i];
    sql += (i ? " AND " : "") + col("now", label) + " = " + col("before", label);
  }
  return sql + OrderClause(col("now", now.measure_columns[0]),
                           col("before", now.measure_columns[0]), cue, order_by_change, d);
}

}  // namespace

int WholeMonths(const DateRange& r) {
  if (r.start.day != 1 || r.end.day != 1) return 0;
  const int months = (r.end.year - r.start.year) * kMonthsPerYear + r.end.month - r.start.month;
  return months == 1 || months == 3 || months == kMonthsPerYear ? months : 0;
}

Translation AbstainComparison(const Translation& reading, std::string en, std::string zh) {
  Translation out;
  out.chinese = reading.chinese;
  out.explanation = reading.explanation;
  out.understood = reading.understood;
  out.abstain_reason = reading.chinese ? std::move(zh) : std::move(en);
  out.abstain_reason_says_what_to_do = true;
  return out;
}

bool SchemaNames(const SchemaIndex& index, std::string_view word) {
  const auto holds = [&](std::string_view name) {
    return text::AsciiLower(name).find(word) != std::string::npos;
  };
  for (const IndexedColumn& c : index.columns()) {
    if (holds(c.name) || holds(c.display_zh) || holds(c.display_en)) return true;
  }
  for (const IndexedTable& t : index.tables()) {
    if (holds(t.name) || holds(t.display_zh) || holds(t.display_en)) return true;
  }
  return false;
}

std::optional<ComparisonCue> FindComparisonCue(std::string_view question,
                                               const SchemaIndex& index) {
  std::optional<ComparisonCue> cue = ChineseCue(question);
  if (!cue) cue = EnglishCue(question);
  if (!cue) return std::nullopt;
  // A schema that names the word itself (a column 同比增长) is asked about, not compared.
  for (std::string_view word : {"同比", "环比", "yoy", "year over year", "month over month"}) {
    if (SchemaNames(index, word)) return std::nullopt;
  }
  return cue;
}

Translation TranslateComparison(const ComparisonCue& cue, const db::Dialect& dialect,
                                const TranslateOptions& options, const ReadQuestion& read) {
  Translation now = read(cue.question, options);
  if (!now.answered) return now;
  const std::optional<DateRange> period = PeriodRead(now);
  if (!period && cue.growth_words) {
    return AbstainComparison(
        now,
        "'" + cue.phrase +
            "' compares a period with the one before, and the question names no "
            "period: name it (sales growth in 2025, 2025 vs 2024)",
        "“" + cue.phrase +
            "”是把某一期与上一期比较，而问题没有写明是哪一期：请写明（如 "
            "2025年销售额增长、2025年与2024年对比）");
  }
  if (!period) {
    return AbstainComparison(
        now,
        "'" + cue.phrase +
            "' compares a period with an earlier one: name the period "
            "(revenue in 2025 year over year, in December 2025, in Q3 2025)",
        "“" + cue.phrase +
            "”是把某一期与更早的一期比较：请写明是哪一期（如 2025年销售额同比、"
            "2025年12月销售额环比）");
  }
  const int months = cue.shift_months != 0 ? cue.shift_months
                     : cue.year_over_year  ? kMonthsPerYear
                                           : WholeMonths(*period);
  // "revenue in 2025 month over month" asks for each month against the one before, not 2025
  // against 2024.
  if (cue.period_months != 0 && WholeMonths(*period) != cue.period_months) {
    return AbstainComparison(
        now,
        "'" + cue.phrase + "' compares one " + (cue.period_months == 1 ? "month" : "quarter") +
            " with the one before: " + "name it (" +
            (cue.period_months == 1 ? "in December 2025" : "in Q3 2025") + ")",
        "“" + cue.phrase + "”是把一个" + (cue.period_months == 1 ? "月" : "季度") +
            "与上一个比较：请写明是哪一个");
  }
  // 最近24个月同比: the earlier period would overlap the later one.
  if (months == 0 || (cue.shift_months != 0 && WholeMonths(*period) == 0) ||
      AddMonths(period->start, months) < period->end) {
    return AbstainComparison(now,
                             "'" + cue.phrase + "' needs a year, a quarter or a month to compare",
                             "“" + cue.phrase + "”需要一整年、一个季度或一个月来比较");
  }
  if (std::string why = WhyNotComparable(now, now.chinese); !why.empty()) {
    return AbstainComparison(now, why, why);
  }
  TranslateOptions earlier = options;
  earlier.period_shift_months -= months;
  // Every earlier group: capped, it would keep its own top rows, and a later group outside
  // them would show no earlier figure.
  earlier.cap_lists = false;
  const Translation before = read(cue.question, earlier);
  if (!before.answered) return before;
  if (before.label_columns != now.label_columns || before.measure_columns != now.measure_columns) {
    return AbstainComparison(now, "the earlier period was read differently; name the columns",
                             "上一期的读法不同；请写明要比较的列");
  }
  const Periods periods{*period,
                        {AddMonths(period->start, -months), AddMonths(period->end, -months)}};
  Translation out = now;
  out.measure_columns.clear();
  out.non_additive_columns.clear();
  out.sql = ComparisonSql(now, before, periods, cue, options.comparison_order_by_change, dialect,
                          out.measure_columns, out.non_additive_columns);
  out.tie_check_sql.clear();
  out.explanation.push_back({cue.phrase, "compare",
                             "previous period " + FormatIsoDate(periods.before.start) + " .. " +
                                 FormatIsoDate(periods.before.end)});
  if (cue.growth_words) {
    out.explanation.push_back(GrowthMapping(cue, periods, now.chinese, !now.label_columns.empty()));
  }
  out.chart = out.label_columns.empty() ? ChartHint::kNone : ChartHint::kCategory;
  return out;
}

}  // namespace askdb::nlq
