// Grounding time: the question's period ("去年", "in 2024", "last 30 days") and trend words.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "askdb/common/measure_names.h"
#include "askdb/common/text.h"
#include "askdb/nlq/number_words.h"
#include "askdb/nlq/parser.h"

namespace askdb::nlq {

namespace {
// "2021年到2023年", "2021 to 2023": the year at `i` ends a range that began with the period
// just read when only a range word stands between them; returns that word's index, or -1.
bool IsRangeWord(const Item& item) {
  const std::string word = text::AsciiLower(item.text);
  static constexpr std::string_view kRangeWords[] = {"到", "至", "to", "through", "until",
                                                     "-",  "~",  "～", "—"};
  return std::find(std::begin(kRangeWords), std::end(kRangeWords), word) != std::end(kRangeWords);
}
int RangeWordBefore(const std::vector<Item>& items, int i) {
  const int w = i - 1;
  if (w < 1 || !items[w - 1].used) return -1;
  return IsRangeWord(items[w]) ? w : -1;
}
// "学校人数在1000到2000之间": the number at `i` ends a range of plain numbers (the number
// before the range word was not read as a period), so it is not a year either.
bool EndsANumberRange(const std::vector<Item>& items, int i) {
  const int w = i - 1;
  if (w < 1 || items[w - 1].kind != ItemKind::kNumber || items[w - 1].used) return false;
  const std::string word = text::AsciiLower(items[w].text);
  static constexpr std::string_view kRangeWords[] = {"到", "至", "to", "-", "~", "～", "—"};
  return std::find(std::begin(kRangeWords), std::end(kRangeWords), word) != std::end(kRangeWords);
}
// "1996 vs 1997", "2023 versus 2024", "1997 compared to 1996", and "2022 and 2023" when the
// question says compare: the unread words between the year at `i` and the year read just
// before it (`first`), with the compare word; empty when they do not join two years.
std::vector<int> EnglishYearsLink(const std::vector<Item>& items, int i, int first) {
  std::vector<int> link;
  std::string between;
  int k = i - 1;
  for (; k >= 0 && !items[k].used; --k) {
    link.push_back(k);
    if (items[k].kind == ItemKind::kPunct) continue;  // "vs."
    between = text::AsciiLower(items[k].text) + (between.empty() ? "" : " " + between);
  }
  if (k < 0 || items[k].kind != ItemKind::kNumber || items[k].number != first) return {};
  int compare = -1;
  for (int j = 0; j < static_cast<int>(items.size()); ++j) {
    const std::string w = text::AsciiLower(items[j].text);
    if (!items[j].used && (w == "compare" || w == "comparing")) compare = j;
  }
  const bool joins = between == "vs" || between == "versus" || between == "compared to" ||
                     between == "compared with" || between == "against" ||
                     (between == "and" && compare >= 0);
  if (!joins) return {};
  if (compare >= 0) link.push_back(compare);
  return link;
}
// The quarter a word names (Q1..Q4, 第一季度...), 0 when none.
int QuarterOf(const Item& it) {
  return it.Has(Kw::kQ1) ? 1 : it.Has(Kw::kQ2) ? 2 : it.Has(Kw::kQ3) ? 3 : it.Has(Kw::kQ4) ? 4 : 0;
}
// What ends a date column's name after the verb of its event (开业 + 时间).
constexpr std::string_view kDateTails[] = {"时间", "日期", "年份", "年代", "年"};
}  // namespace

// "total revenue 1997", "sales 2024 by month": an English year written with no "in" is the
// period only when the data's dates reach that year and nothing before it makes it a count,
// a rank or a column's value (top 2021, unit price 1997).
bool Parser::BareYearInData(int i) const {
  const Item& it = items_[i];
  if (it.kind != ItemKind::kNumber || std::floor(it.number) != it.number) return false;
  // Only a table word or a money word may stand right before it ("orders 1998", "revenue
  // 1997"; a business term read already, and its "total", are used).
  const int p = PrevMeaningful(i);
  if (p >= 0 && !items_[p].used) {
    const Item& before = items_[p];
    const bool money = std::any_of(before.terms.begin(), before.terms.end(),
                                   [&](int id) { return TermOf(id).source == "inferred money"; });
    const bool table = TableOf(before) >= 0 && ColumnOf(before) < 0;
    if (before.kind != ItemKind::kTerm || !(money || table)) return false;
  }
  const int year = static_cast<int>(it.number);
  for (const IndexedColumn& c : index_.columns()) {
    if (c.role != ColumnRole::kTime || !c.stats.min_date || !c.stats.max_date) continue;
    if (c.stats.min_date->year <= year && year <= c.stats.max_date->year) return true;
  }
  return false;
}

void Parser::SetTimeRange(const Item& it, DateRange r, std::optional<int> year,
                          std::string phrase) {
  if (const int shift = options_.period_shift_months; shift != 0) {  // TranslateOptions
    r = {AddMonths(r.start, shift), AddMonths(r.end, shift)};
    if (year && shift % 12 == 0) *year += shift / 12;
    if (shift % 12 != 0) year.reset();
  }
  q_.time = TimeRange{r, year, std::move(phrase)};
  Map(it, "time", FormatIsoDate(r.start) + " .. " + FormatIsoDate(r.end));
  out_.periods_read.push_back(r);
}

// "2008年以后开业的酒店", "成立时间早于1990年的球队": a year and a boundary word compare a
// date column with the year's start, whatever the column stores (a date, '2014年', 1999): Y以后 /
// 之后 / 以来 / 后 / 起 = from Y on, Y以前 / 之前 / 前 = before Y, 早于Y = before Y, 晚于Y = from
// Y+1 on (read as the year 2008 alone, 早于 unread, these answered another question). The column
// is the date column named right before (开业时间在2008年以后), else the one a verb right after
// names (以后开业 → 开业时间); with neither the words stay unread and the question abstains.
bool Parser::ReadChineseYearBoundary(int i) {
  const int n = static_cast<int>(items_.size());
  if (!chinese_ || i + 1 >= n || !items_[i + 1].Has(Kw::kYearMarker) || items_[i + 1].used) {
    return false;
  }
  auto text_at = [&](int k) {
    return k >= 0 && k < n && !items_[k].used ? items_[k].text : std::string();
  };
  const int year = static_cast<int>(items_[i].number);
  // Two items only when both are there: a one-item 以后 (a schema word) at the end must not
  // reach items_[n] below.
  const std::string one = text_at(i + 2), two = i + 3 < n ? one + text_at(i + 3) : "";
  const std::string before = i >= 2 ? text_at(i - 2) + text_at(i - 1) : "";
  std::vector<int> words;
  Op op = Op::kGe;
  int boundary = year;
  if (two == "以后" || two == "之后" || two == "以来" || two == "以前" || two == "之前") {
    words = {i + 2, i + 3};
    op = two == "以前" || two == "之前" ? Op::kLt : Op::kGe;
  } else if (one == "后" || one == "起" || one == "以来" || one == "前") {
    words = {i + 2};
    op = one == "前" ? Op::kLt : Op::kGe;
  } else if (before == "早于" || before == "晚于") {
    words = {i - 2, i - 1};
    op = before == "早于" ? Op::kLt : Op::kGe;
    boundary = before == "早于" ? year : year + 1;
  } else {
    return false;
  }
  const int after = std::max(words.back(), i + 1) + 1;
  if (after < n && items_[after].kind == ItemKind::kNumber) return false;  // 2020年前10个月
  int named = -1;
  int col = ColumnBeforeYearBoundary(std::min(words.front(), i), &named);
  int verb_len = 0;
  if (col < 0) col = DateColumnOfVerb(after, &verb_len);
  if (col < 0) return false;
  Filter f;
  f.column = col;
  f.op = op;
  f.values = {std::to_string(boundary)};  // a date, 1999 or '2014年' alike (FilterCondition)
  q_.filters.push_back(f);
  for (int k : words) items_[k].used = true;
  for (int k = after; k < after + verb_len; ++k) items_[k].used = true;
  items_[i].used = items_[i + 1].used = true;
  if (named >= 0) items_[named].used = true;
  const std::string cond =
      ColName(col) + (op == Op::kLt ? " < " : " >= ") + std::to_string(boundary);
  Map(items_[i], "filter", cond);
  Understood(cond, cond);
  return true;
}

// The date column said right before a year boundary (past 在/于/是): its index, the word's in
// `item`; -1 when that word names no date column.
int Parser::ColumnBeforeYearBoundary(int first, int* item) const {
  for (int k = first - 1; k >= 0 && k >= first - 2; --k) {
    const Item& w = items_[k];
    if (w.used) return -1;
    if (w.kind == ItemKind::kKeyword &&
        (w.Has(Kw::kInTime) || w.Has(Kw::kBetween) || w.Has(Kw::kEq) || w.Has(Kw::kStop))) {
      continue;
    }
    const int col = w.kind == ItemKind::kTerm ? ColumnOf(w) : -1;
    if (col < 0 || Col(col).role != ColumnRole::kTime) return -1;
    *item = k;
    return col;
  }
  return -1;
}

// 开业 for 开业时间, 成立 for 成立日期, 出现 for 出现年份: the unread characters from `verb` on
// (two to four of them) that are the one date column's name without its 时间/日期/年份/年代/年,
// over the whole schema, of a table the question names; -1 when none or two. `len` is the number
// of characters.
int Parser::DateColumnOfVerb(int verb, int* len) const {
  const int n = static_cast<int>(items_.size());
  std::string word;
  for (int k = verb; k < n && k < verb + 4; ++k) {
    const Item& it = items_[k];  // 出 of 出现 is a stop word
    const bool stop = it.kind == ItemKind::kKeyword && it.kw == Bit(Kw::kStop);
    if (it.used || (it.kind != ItemKind::kUnknown && !stop)) break;
    word += it.text;
    if (it.unit_end - items_[verb].unit_begin < 2) continue;  // one character: not a verb yet
    int found = -1;
    for (int c = 0; c < static_cast<int>(index_.columns().size()); ++c) {
      const std::string& name = Col(c).name;
      for (std::string_view tail : kDateTails) {
        if (name.size() != word.size() + tail.size() || !name.starts_with(word) ||
            !name.ends_with(tail)) {
          continue;
        }
        if (found >= 0) return -1;
        found = c;
      }
    }
    if (found < 0) found = DateColumnNamed(word);
    if (found >= 0 && NamesTableOf(found)) {
      *len = k - verb + 1;
      return found;
    }
  }
  return -1;
}

// The one date column a semantic model names `verb` + a date tail (注册 + 日期: signup_date's
// business name 注册日期, or its synonym 注册时间), -1 when none or two: the demo's raw names are
// English, so 2023年以后注册的客户 found no column by name.
int Parser::DateColumnNamed(const std::string& verb) const {
  int found = -1;
  for (std::string_view tail : kDateTails) {
    const std::vector<int>* terms = index_.FindTerms(PhraseKey(verb + std::string(tail), nullptr));
    if (terms == nullptr) continue;
    for (int id : *terms) {
      const Term& t = TermOf(id);
      if (t.kind != TermKind::kColumn || t.column < 0 || Col(t.column).role != ColumnRole::kTime) {
        continue;
      }
      if (found >= 0 && found != t.column) return -1;
      found = t.column;
    }
  }
  return found;
}

// Whether a word of the question may name the table of column `col` (1987年出生的球员: 球员 named
// another table than the one whose 出生日期 it is, and the count joined them).
bool Parser::NamesTableOf(int col) const {
  auto names_table = [&](int id) {
    return TermOf(id).kind == TermKind::kTable && TermOf(id).table == Col(col).table;
  };
  return std::any_of(items_.begin(), items_.end(), [&](const Item& it) {
    return std::any_of(it.terms.begin(), it.terms.end(), names_table);
  });
}

// Years: 2024 / 2024年 / in 2024, with a quarter or a month after them ("2024年3月").
void Parser::ReadYear(int i) {
  if (ReadChineseYearBoundary(i)) return;
  Item& it = items_[i];
  const int year = static_cast<int>(it.number);
  int next = i + 1 < static_cast<int>(items_.size()) ? i + 1 : -1;
  const bool marker = next >= 0 && items_[next].Has(Kw::kYearMarker);
  const int prev = i - 1;
  const bool in_prefix = prev >= 0 && items_[prev].Has(Kw::kInTime);
  // A comparison before the number makes it a plain number ("after 2014" stays numeric).
  const bool compared =
      prev >= 0 && (items_[prev].kw & (Bit(Kw::kGt) | Bit(Kw::kGe) | Bit(Kw::kLt) | Bit(Kw::kLe)));
  // English "March 2022", "in Q4 2024": a month or quarter word right before the year.
  const int lead = !chinese_ && prev >= 0 && !items_[prev].used &&
                           (items_[prev].Has(Kw::kMonthName) || QuarterOf(items_[prev]) > 0)
                       ? prev
                       : -1;
  if (compared || EndsANumberRange(items_, i)) return;
  if (!chinese_ && q_.time && lead < 0) {
    ReadComparedYears(i, -1);  // "revenue 1996 vs 1997"
    if (it.used) return;
  }
  if (!chinese_ && !marker && !in_prefix && lead < 0 && !BareYearInData(i)) return;
  // A second period: the end of a range ("2021年到2023年"), else left unread so that the
  // question abstains naming it — the later year silently replacing the first would answer
  // another question.
  const int range_word = q_.time ? RangeWordBefore(items_, i) : -1;
  if (q_.time && range_word < 0) {
    ReadComparedYears(i, marker ? next : -1);
    return;
  }
  it.used = true;
  if (range_word >= 0) items_[range_word].used = true;
  if (marker) items_[next].used = true;
  if (in_prefix) items_[prev].used = true;
  std::string phrase = it.text;
  std::optional<int> year_only = year;
  DateRange r = NarrowYear(year, lead, marker ? next + 1 : i + 1, &phrase, &year_only);
  if (range_word >= 0) {
    if (!(q_.time->range.start < r.start)) {  // "2023年到2021年": backwards, not a range
      it.used = items_[range_word].used = false;
      if (marker) items_[next].used = false;
      return;
    }
    // The start as said: SetTimeRange moves the whole range by period_shift_months once.
    r.start = AddMonths(q_.time->range.start, -options_.period_shift_months);
    year_only.reset();
    phrase = q_.time->phrase + items_[range_word].text + phrase;
  }
  SetTimeRange(it, r, year_only, phrase);
  Understood("time: " + phrase, "时间：" + phrase);
  if (chinese_) ReadVerbOfThePeriod(i);
}

// "2008年开业的酒店", "哪些电影是2015年上映的": the verb right after a period names the date column
// it is on (开业 → 开业时间, DateColumnOfVerb), unless a column was named already.
void Parser::ReadVerbOfThePeriod(int i) {
  const int n = static_cast<int>(items_.size());
  int after = i + 1;
  while (after < n && items_[after].used) ++after;
  int len = 0;
  const int col = time_column_ < 0 ? DateColumnOfVerb(after, &len) : -1;
  if (col < 0) return;
  time_column_ = col;
  for (int k = after; k < after + len; ++k) items_[k].used = true;
  Map(items_[after], "column", ColName(col));
}

// The period a year names, narrowed by a month or a quarter said with it: the word before it
// (`lead`: "March 2022", "in Q4 2024") or the item `after` it (2024年第一季度, 2024年3月, "2022
// March"). The words read are marked used; the phrase grows by them and `year_only` is
// cleared when the period is narrower than the year.
DateRange Parser::NarrowYear(int year, int lead, int after, std::string* phrase,
                             std::optional<int>* year_only) {
  const int n = static_cast<int>(items_.size());
  if (lead >= 0) {
    Item& l = items_[lead];
    const int quarter = QuarterOf(l);
    l.used = true;
    if (lead > 0 && items_[lead - 1].Has(Kw::kInTime)) items_[lead - 1].used = true;
    year_only->reset();
    *phrase = l.text + " " + *phrase;
    // "March 2022" says the month already: the item after the year is not read.
    return quarter > 0 ? QuarterRange(year, quarter)
                       : MonthRange(year, lex_.MonthOf(units_[l.unit_begin].key));
  }
  if (after >= n) return YearRange(year);
  Item& a = items_[after];
  if (const int quarter = QuarterOf(a); quarter > 0) {
    a.used = true;
    year_only->reset();
    *phrase += a.text;
    return QuarterRange(year, quarter);
  }
  if (a.kind == ItemKind::kNumber && a.number >= 1 && a.number <= 12 && after + 1 < n &&
      items_[after + 1].Has(Kw::kMonthUnit)) {
    a.used = items_[after + 1].used = true;
    year_only->reset();
    *phrase += a.text + items_[after + 1].text;
    const int first = static_cast<int>(a.number);
    // 2022年1月到3月: a later month of the same year after a range word ends the period.
    const int k = after + 2;
    if (k + 2 < n && IsRangeWord(items_[k]) && items_[k + 1].kind == ItemKind::kNumber &&
        items_[k + 1].number > first && items_[k + 1].number <= 12 &&
        items_[k + 1].number == static_cast<int>(items_[k + 1].number) &&
        items_[k + 2].Has(Kw::kMonthUnit)) {
      for (int j = k; j <= k + 2; ++j) items_[j].used = true;
      *phrase += items_[k].text + items_[k + 1].text + items_[k + 2].text;
      return DateRange{MonthRange(year, first).start,
                       MonthRange(year, static_cast<int>(items_[k + 1].number)).end};
    }
    return MonthRange(year, first);
  }
  if (a.Has(Kw::kMonthName)) {
    a.used = true;
    year_only->reset();
    *phrase += (chinese_ ? "" : " ") + a.text;
    return MonthRange(year, lex_.MonthOf(units_[a.unit_begin].key));
  }
  // 2021年上半年 / 下半年: January to June, July to December.
  if ((a.text == "上" || a.text == "下") && after + 2 < n && items_[after + 1].text == "半" &&
      items_[after + 2].text == "年") {
    const bool first = a.text == "上";
    for (int k = after; k <= after + 2; ++k) items_[k].used = true;
    year_only->reset();
    *phrase += a.text + "半年";
    return first ? DateRange{{year, 1, 1}, {year, 7, 1}}
                 : DateRange{{year, 7, 1}, {year + 1, 1, 1}};
  }
  return YearRange(year);
}

void Parser::NoteRelativePeriod(const std::string& phrase, const DateRange& r) {
  relative_period_ = phrase;
  relative_range_ = r;
  out_.anchor_note = phrase + " = " + FormatIsoDate(r.start) + " .. " +
                     FormatIsoDate(AddDays(r.end, -1)) + " (" + anchor_source_ + ")";
}

// 今年 / last year / this quarter ...: anchored (TranslateOptions::anchor). True when read.
bool Parser::ReadRelativePeriod(int i) {
  Item& it = items_[i];
  struct Rel {
    Kw kw;
    RelativePeriod period;
  };
  static constexpr Rel kRel[] = {{Kw::kThisYear, RelativePeriod::kThisYear},
                                 {Kw::kLastYear, RelativePeriod::kLastYear},
                                 {Kw::kThisMonth, RelativePeriod::kThisMonth},
                                 {Kw::kLastMonth, RelativePeriod::kLastMonth},
                                 {Kw::kThisQuarter, RelativePeriod::kThisQuarter},
                                 {Kw::kLastQuarter, RelativePeriod::kLastQuarter}};
  for (const Rel& rel : kRel) {
    if (!it.Has(rel.kw)) continue;
    if (q_.time) return false;  // a second period is left unread (see ReadYear)
    it.used = true;
    const DateRange r = ResolveRelative(rel.period, anchor_);
    SetTimeRange(it, r, std::nullopt, it.text);
    if (rel.period == RelativePeriod::kThisYear || rel.period == RelativePeriod::kLastYear) {
      q_.time->year_only = q_.time->range.start.year;  // as moved by period_shift_months
    }
    NoteRelativePeriod(it.text, r);
    Understood("time: " + it.text, "时间：" + it.text);
    return true;
  }
  return false;
}

// last N days / 最近N天 / past 3 months. True when read.
bool Parser::ReadLastN(int i) {
  Item& it = items_[i];
  const int n_idx = i + 1;
  const int unit_idx = n_idx + 1;
  if (q_.time || !it.Has(Kw::kLastDays) || n_idx >= static_cast<int>(items_.size()) ||
      items_[n_idx].kind != ItemKind::kNumber || unit_idx >= static_cast<int>(items_.size())) {
    return false;
  }
  Item& unit = items_[unit_idx];
  const int n = static_cast<int>(items_[n_idx].number);
  std::optional<DateRange> r;
  if (unit.Has(Kw::kDayUnit)) r = LastNDays(n, anchor_);
  if (unit.Has(Kw::kMonthUnit)) r = LastNMonths(n, anchor_);
  if (unit.Has(Kw::kYearUnit))
    r = DateRange{{anchor_.year - n + 1, 1, 1}, {anchor_.year + 1, 1, 1}};
  if (!r || n <= 0) return false;
  it.used = items_[n_idx].used = unit.used = true;
  const std::string phrase = it.text + items_[n_idx].text + unit.text;
  SetTimeRange(it, *r, std::nullopt, phrase);
  NoteRelativePeriod(phrase, *r);
  Understood("time: " + phrase, "时间：" + phrase);
  return true;
}

// "对比一下2022年和2023年的销售额", "2023和2024年每年的营收": a second whole year joined to the
// first by 和/与/及, the year right after it, in a question that compares (对比/比较) or buckets by
// year, is both years, one row each: the range widened to the two and a year bucket. Two years
// apart (2021和2023年) would take in the year between them, and without a comparison word the
// question may want one total: both stay unread. English joins the years by vs, versus,
// compared to/with, against, or "and" when the question says compare (EnglishYearsLink), in
// either order ("1997 vs 1996").
void Parser::ReadComparedYears(int i, int marker) {
  const int year = static_cast<int>(items_[i].number);
  if (!q_.time || !q_.time->year_only) return;
  const CivilDate said_start = AddMonths(q_.time->range.start, -options_.period_shift_months);
  DateRange range{said_start, YearRange(year).end};
  std::string phrase = q_.time->phrase;
  std::vector<int> read;  // the words joining the two years, and 对比/compare
  if (chinese_) {
    if (year != *q_.time->year_only + 1 || i < 2 || !items_[i - 1].Has(Kw::kConj) ||
        items_[i - 1].used || !items_[i - 2].used) {
      return;
    }
    if (marker < 0 && !(i - 2 >= 0 && items_[i - 2].Has(Kw::kYearMarker))) return;
    for (int k = 0; k + 1 < static_cast<int>(items_.size()); ++k) {  // unread characters
      const std::string pair = items_[k].text + items_[k + 1].text;
      if (!items_[k].used && !items_[k + 1].used && (pair == "对比" || pair == "比较")) {
        read = {k, k + 1};
      }
    }
    const bool bucket = std::any_of(items_.begin(), items_.end(),
                                    [](const Item& o) { return o.Has(Kw::kYearBucket); });
    if (read.empty() && !bucket) return;
    read.push_back(i - 1);
    if (marker >= 0) read.push_back(marker);
    phrase += items_[i - 1].text + items_[i].text;
  } else {
    // "compare revenue 1996 vs 1997", "sales in 2023 versus 2024", "1997 compared to 1996".
    if (std::abs(year - said_start.year) != 1) return;
    read = EnglishYearsLink(items_, i, said_start.year);
    if (read.empty()) return;
    const int first = std::min(year, said_start.year);
    range = DateRange{YearRange(first).start, YearRange(first + 1).end};
    phrase += " vs " + items_[i].text;
  }
  for (int k : read) items_[k].used = true;
  items_[i].used = true;
  SetTimeRange(items_[i], range, std::nullopt, phrase);
  if (!q_.bucket) {
    q_.bucket = DatePart::kYear;
    Map(items_[i], "group", "time bucket (year)");
  }
  Understood("time: " + phrase + ", by year", "时间：" + phrase + "，按年");
}

// Buckets: by month / 每月 / 按季度.
void Parser::ReadTimeBucket(int i) {
  Item& it = items_[i];
  std::optional<DatePart> part;
  if (it.Has(Kw::kYearBucket)) part = DatePart::kYear;
  if (it.Has(Kw::kQuarterBucket)) part = DatePart::kQuarter;
  if (it.Has(Kw::kMonthBucket)) part = DatePart::kMonth;
  if (it.Has(Kw::kWeekBucket)) part = DatePart::kWeek;
  if (it.Has(Kw::kDayBucket)) part = DatePart::kDay;
  if (!part) return;
  it.used = true;
  q_.bucket = part;
  Map(it, "group", "time bucket");
  // "按月" already says 按: "按按月" would double it.
  Understood("by " + it.text, it.text.starts_with("按") ? it.text : "按" + it.text);
  // "按月" is one phrase, but "按 月份" leaves a group word before it.
  const int prev = PrevMeaningful(i);
  if (prev >= 0 && items_[prev].Has(Kw::kGroup) && !items_[prev].used) items_[prev].used = true;
}

// "哪一年的营收最高", "2024年哪个月销售额最多": a which-word right before a year or month unit
// (or 季度) with a superlative in the question ranks the periods: the bucket, its first row.
// A month or quarter only inside a year read before it ("哪个月" over several years: March of
// any year, or one year's March?). In English ("which month had the highest sales") the month
// of several years is one year's month, shown with its year (2024-03), as the word is used in
// business talk. Without a superlative the unit stays unread.
bool Parser::ReadWhichPeriod(int i) {
  const int n = static_cast<int>(items_.size());
  if (!items_[i].Has(Kw::kWhich) || i + 1 >= n || items_[i + 1].used) return false;
  const Item& unit = items_[i + 1];
  std::optional<DatePart> part;
  if (unit.Has(Kw::kYearUnit) || unit.Has(Kw::kYearMarker)) part = DatePart::kYear;
  if (unit.Has(Kw::kMonthUnit)) part = DatePart::kMonth;
  if (unit.text == "季度" || unit.Has(Kw::kQuarterUnit)) part = DatePart::kQuarter;
  const bool superlative = std::any_of(items_.begin(), items_.end(), [](const Item& it) {
    return it.kind == ItemKind::kKeyword && (it.Has(Kw::kMax) || it.Has(Kw::kMin));
  });
  if (!part || !superlative || q_.bucket) return false;
  if (chinese_ && *part != DatePart::kYear && !(q_.time && q_.time->year_only)) return false;
  items_[i].used = items_[i + 1].used = which_used_ = true;
  q_.bucket = part;
  q_.limit = 1;
  q_.superlative = true;
  Map(items_[i + 1], "group", "time bucket");
  Understood("which " + items_[i + 1].text, items_[i].text + items_[i + 1].text);
  return true;
}

// "what was our best month ever for sales", "the worst quarter of 2024 for revenue": best or
// worst right before a year, quarter or month unit ranks those periods by the measure the
// question names (highest or lowest first), the first one; an "ever" after the unit is read
// with it. English, and for a measure of money coming in only.
bool Parser::ReadBestPeriod(int i) {
  const std::string word = text::AsciiLower(items_[i].text);
  if (chinese_ || q_.bucket || items_[i].used || (word != "best" && word != "worst")) return false;
  const int j = NextMeaningful(i);
  if (j < 0 || items_[j].used || items_[j].kind != ItemKind::kKeyword) return false;
  std::optional<DatePart> part;
  if (items_[j].Has(Kw::kYearUnit)) part = DatePart::kYear;
  if (items_[j].Has(Kw::kQuarterUnit)) part = DatePart::kQuarter;
  if (items_[j].Has(Kw::kMonthUnit)) part = DatePart::kMonth;
  if (!part) return false;
  // Only money coming in (sales, revenue) has a known better side: "the best month for
  // freight" (a cost), "for discounts" or "for returns" could mean the lowest.
  const std::vector<std::string_view>& revenue = measures::RevenuePhrases();
  const bool money_in = std::any_of(items_.begin() + j + 1, items_.end(), [&](const Item& it) {
    return std::any_of(revenue.begin(), revenue.end(),
                       [&](std::string_view w) { return PhraseKey(w) == PhraseKey(it.text); });
  });
  if (!money_in) return false;
  items_[i].used = items_[j].used = true;
  const int k = NextMeaningful(j);
  if (k >= 0 && !items_[k].used && text::AsciiLower(items_[k].text) == "ever") {
    items_[k].used = true;
  }
  q_.bucket = part;
  q_.limit = 1;
  q_.superlative = true;
  q_.superlative_desc = word == "best";
  Map(items_[i], "order", q_.superlative_desc ? "DESC" : "ASC");
  Map(items_[j], "group", "time bucket");
  return true;
}

void Parser::ParseTime() {
  for (int i = 0; i < static_cast<int>(items_.size()); ++i) {
    Item& it = items_[i];
    if (it.used) continue;
    if (it.kind == ItemKind::kNumber && it.number >= kYearMin && it.number <= kYearMax &&
        std::floor(it.number) == it.number) {
      ReadYear(i);
      continue;
    }
    if (ReadBestPeriod(i)) continue;
    if (it.kind != ItemKind::kKeyword) continue;
    if (ReadRelativePeriod(i) || ReadLastN(i) || ReadWhichPeriod(i)) continue;
    ReadTimeBucket(i);
  }
}

// "每年12月的销售额", "每年的6月份销售额", "各年3月的订单数": a month said right after a yearly
// bucket (past 的) is that month of every year, each year its group. Not beside a period
// ("2024年每年12月": which?), nor a number that is no month (每年13月).
void Parser::ReadMonthOfEveryYear() {
  if (!chinese_ || q_.bucket != DatePart::kYear || q_.time) return;
  const int n = static_cast<int>(items_.size());
  for (int i = 0; i + 1 < n; ++i) {
    if (!items_[i].used || !items_[i].Has(Kw::kYearBucket)) continue;
    int m = i + 1;
    if (m < n && items_[m].text == "的" && !items_[m].used) ++m;
    if (m + 1 >= n || items_[m].used || items_[m].kind != ItemKind::kNumber) return;
    const double month = items_[m].number;
    Item& unit = items_[m + 1];
    if (month < 1 || month > 12 || std::floor(month) != month || unit.used ||
        !unit.Has(Kw::kMonthUnit) || unit.text != "月") {
      return;
    }
    // 6月份: 份 read with the month.
    if (m + 2 < n && items_[m + 2].text == "份" && !items_[m + 2].used) items_[m + 2].used = true;
    q_.month_of_year = static_cast<int>(month);
    items_[m].used = unit.used = true;
    Map(items_[m], "time", "month " + std::to_string(q_.month_of_year) + " of every year");
    Understood("month " + std::to_string(q_.month_of_year) + " of every year",
               "每年" + std::to_string(q_.month_of_year) + "月");
    return;
  }
}

void Parser::ParseTrend() {
  // "每月销售额趋势", "sales trend", "revenue over time": a time series. The bucket named in
  // the question wins; otherwise months (ResolveTables abstains when there is no date).
  for (Item& it : items_) {
    if (it.used || it.kind != ItemKind::kKeyword || !it.Has(Kw::kTrend)) continue;
    it.used = true;
    Map(it, "group", "time series");
    if (!q_.bucket) {
      q_.bucket = DatePart::kMonth;
      Understood("by month (" + it.text + ")", "按月（" + it.text + "）");
    }
  }
}

}  // namespace askdb::nlq
