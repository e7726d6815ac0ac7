// Reading age and year words: "the oldest", "ordered by age", "older than 20", "after 2014".
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

#include "askdb/common/text.h"
#include "askdb/nlq/parser.h"

namespace askdb::nlq {

int Parser::AgeWordTable(int item) const {
  auto table_of = [&](const Item& it) -> int {
    if (it.kind != ItemKind::kTerm) return -1;
    const int table = TableOf(it);
    if (table >= 0) return table;
    const int col = ColumnOf(it);
    if (col >= 0) return Col(col).table;
    if (!it.terms.empty() && TermOf(it.terms[0]).kind == TermKind::kValue) {
      const int t = TermOf(it.terms[0]).table;
      for (int id : it.terms) {
        if (TermOf(id).table != t) return -1;  // a value of several tables: not certain
      }
      return t;
    }
    return -1;
  };
  const int n = static_cast<int>(items_.size());
  for (int j = item + 1; j < n; ++j) {
    if (IsFiller(items_[j])) continue;
    if (items_[j].kind == ItemKind::kTerm) return table_of(items_[j]);
    break;
  }
  for (int j = item - 1; j >= 0; --j) {
    if (IsFiller(items_[j]) || items_[j].Has(Kw::kWhich)) continue;
    if (items_[j].kind == ItemKind::kTerm) return table_of(items_[j]);
    break;
  }
  return -1;
}

std::pair<int, bool> Parser::AgeColumn(int table) const {
  std::vector<int> births, years;
  for (int c : index_.tables()[table].columns) {
    const std::string name = text::AsciiLower(Col(c).name);
    auto has = [&](std::string_view part) { return name.find(part) != std::string::npos; };
    if ((name == "age" || name == "年龄") && IsNumericCol(c)) return {c, false};
    // 出生日期/出生年份/生日, not 出生地 (the birthplace).
    if (has("birth") || name == "dob" || has("出生日期") || has("出生年") || has("生日")) {
      births.push_back(c);
    } else if (Col(c).role == ColumnRole::kTime || name.ends_with("year") || has("found") ||
               has("establish") || has("成立")) {
      // Open_Year, PubYear date the row as a founding year does; beside a date they are two
      // candidates (the oldest shop by Open_Date or by Open_Year), so neither is picked.
      years.push_back(c);
    }
  }
  if (births.size() == 1) return {births[0], true};
  if (births.empty() && years.size() == 1) return {years[0], true};
  return {-1, false};
}

// The oldest/youngest words of a list question and the table they order; false when they
// cannot apply (a computed or grouped answer "of the oldest" is a nested question).
bool Parser::FindAgeWords(AgeWords* a) {
  const int n = static_cast<int>(items_.size());
  const int age_item = age_order_.second;
  for (int i = 0; i < n; ++i) {
    const Item& it = items_[i];
    if (it.used || it.kind != ItemKind::kKeyword) continue;
    if (it.Has(Kw::kOldest)) a->oldest.push_back(i);
    if (it.Has(Kw::kYoungest)) a->youngest.push_back(i);
  }
  if (!q_.measures.empty() || q_.bucket || q_.share || q_.superlative || q_.limit > 0) return false;
  // "names for every singer" with nothing computed lists the singers: the "group" is the
  // table's own label, which goes back to the listed columns.
  if (!q_.group_columns.empty()) {
    if (q_.group_columns.size() != 1) return false;
    const int g = q_.group_columns[0];
    if (index_.LabelColumn(Col(g).table, chinese_) != g) return false;
    a->ungroup = true;
  }
  // "from the oldest to the youngest": a direction for an ordering, not a superlative.
  a->range = a->oldest.size() == 1 && a->youngest.size() == 1;
  a->oldest_first_range = a->range && a->oldest[0] < a->youngest[0];
  // "ordered by age", or "from the oldest to the youngest" with no other ordering column.
  a->by_age = age_item >= 0 || (a->range && q_.order_column < 0);
  if (a->by_age) {
    a->table = q_.subject_table >= 0     ? q_.subject_table
               : !q_.projections.empty() ? Col(q_.projections[0]).table
               : a->ungroup              ? Col(q_.group_columns[0]).table
                                         : -1;
  } else if (a->range && q_.order_column >= 0) {
    a->table = Col(q_.order_column).table;
  } else if (!a->range && a->oldest.size() + a->youngest.size() == 1) {
    a->word = a->oldest.empty() ? a->youngest[0] : a->oldest[0];
    a->table = AgeWordTable(a->word);
  } else {
    return false;
  }
  return a->table >= 0;
}

// Everything else the question names must be of the age words' table.
bool Parser::AllOfAgeTable(const AgeWords& a) const {
  if (q_.subject_table >= 0 && q_.subject_table != a.table) return false;
  for (int c : q_.projections) {
    if (Col(c).table != a.table) return false;
  }
  for (const PendingValue& v : values_) {
    if (TermOf(v.terms[0]).table != a.table) return false;
  }
  if (!q_.filters.empty() || q_.time) return false;
  return !a.ungroup || Col(q_.group_columns[0]).table == a.table;
}

// The column, and whether older rows have smaller values (a birth date, a founding year);
// -1 when none.
int Parser::AgeOrderColumn(const AgeWords& a, bool* older_smaller) const {
  if (a.by_age || a.word >= 0) {
    const auto [col, smaller] = AgeColumn(a.table);
    *older_smaller = smaller;
    return col;
  }
  // An explicit ordering column with "from oldest to latest": it must be the age column.
  const std::pair<int, bool> age = AgeColumn(a.table);
  if (age.first != q_.order_column) return -1;
  *older_smaller = age.second;
  return q_.order_column;
}

void Parser::ApplyAgeOrder(const AgeWords& a, int col, bool desc) {
  const auto [order_item, age_item] = age_order_;
  if (a.ungroup) {
    const int g = q_.group_columns[0];
    if (std::find(q_.projections.begin(), q_.projections.end(), g) == q_.projections.end()) {
      q_.projections.insert(q_.projections.begin(), g);
    }
    q_.group_columns.clear();
    q_.group_keys.clear();
  }
  if (a.word >= 0) {
    // "shared by the oldest orchestras": a passive "by", not a grouping.
    const int p = PrevMeaningful(a.word);
    if (p >= 0 && items_[p].Has(Kw::kGroup) && text::AsciiLower(items_[p].text) == "by") {
      items_[p].used = true;
    }
    q_.superlative = true;
    q_.superlative_desc = desc;
    q_.limit = 1;
    items_[a.word].used = true;
    Map(items_[a.word], "order", ColName(col) + (desc ? " DESC" : " ASC") + " LIMIT 1");
  } else {
    q_.order_set = true;
    q_.order_desc = desc;
    if (a.range) items_[a.oldest[0]].used = items_[a.youngest[0]].used = true;
    if (age_item >= 0) {
      items_[order_item].used = items_[age_item].used = true;
      Map(items_[age_item], "order", ColName(col) + (desc ? " DESC" : " ASC"));
    }
  }
  q_.order_column = col;
  if (q_.subject_table < 0) q_.subject_table = a.table;
}

void Parser::ParseAgeWords() {
  const auto [order_item, age_item] = age_order_;
  // Until resolved, the order and age words count as not applied (so the question abstains).
  if (age_item >= 0) items_[order_item].used = items_[age_item].used = false;
  AgeWords a;
  if (!FindAgeWords(&a) || !AllOfAgeTable(a)) return;
  bool older_smaller = false;
  const int col = AgeOrderColumn(a, &older_smaller);
  if (col < 0) return;
  bool oldest_first;
  if (a.word >= 0) {
    oldest_first = items_[a.word].Has(Kw::kOldest);
  } else {
    // Ascending age is youngest first; "from the oldest to the youngest" is oldest first.
    const bool by_age_desc = q_.order_set && q_.order_desc;
    if (a.range && q_.order_set && by_age_desc != a.oldest_first_range) return;  // contradiction
    oldest_first = a.range ? a.oldest_first_range : by_age_desc;
  }
  ApplyAgeOrder(a, col, oldest_first != older_smaller);
  Understood(std::string(oldest_first ? "oldest" : "youngest") + " first by " + ColName(col),
             std::string(oldest_first ? "从年长到年轻" : "从年轻到年长") + "，按 " + ColName(col));
}

// "employees hired before 1993", "orders after 1997" (English) with no year column: the period
// from the data's earliest date to the year's start, or from the next year's start to the
// data's latest date, on the time column the tables resolve later (a verb's date: hired →
// HireDate). Not beside another period, nor for an age. True when read.
bool Parser::ReadYearComparisonAsPeriod() {
  const YearComparison& y = *year_cmp_;
  if (chinese_ || y.age || q_.time || q_.bucket || y.op == Op::kEq || y.op == Op::kNe ||
      y.op == Op::kBetween) {
    return false;
  }
  // "orders over 2000" compares an amount, "orders after 2000" a date: without a word of time
  // the year is no period ("orders over 2000" were the orders since 2001 at 0.90 on the demo).
  static constexpr std::string_view kTimeWords[] = {"after",   "before", "since", "later",
                                                    "earlier", "as of",  "until", "prior"};
  const std::string op_words = text::AsciiLower(items_[y.op_item].text);
  if (std::none_of(std::begin(kTimeWords), std::end(kTimeWords),
                   [&](std::string_view w) { return op_words.find(w) != std::string::npos; })) {
    return false;
  }
  std::optional<CivilDate> first, last;
  for (const IndexedColumn& c : index_.columns()) {
    if (c.role != ColumnRole::kTime || !c.stats.min_date || !c.stats.max_date) continue;
    if (!first || *c.stats.min_date < *first) first = c.stats.min_date;
    if (!last || *last < *c.stats.max_date) last = c.stats.max_date;
  }
  if (!first || !last) return false;
  const int year = static_cast<int>(y.year);
  const bool before = y.op == Op::kLt || y.op == Op::kLe;
  // "before 1993": up to 1993-01-01; "before or in 1993": up to 1994-01-01; "after 1993": from
  // 1994-01-01; "in or after 1993": from 1993-01-01.
  const int edge = (y.op == Op::kLe || y.op == Op::kGt) ? year + 1 : year;
  DateRange r{*first, AddDays(*last, 1)};
  if (before) r.end = YearRange(edge).start;
  if (!before) r.start = YearRange(edge).start;
  if (!(r.start < r.end)) return false;  // the data has no dates on that side
  const std::string phrase = items_[y.op_item].text + " " + items_[y.number_item].text;
  SetTimeRange(items_[y.op_item], r, std::nullopt, phrase);
  Understood("time: " + phrase, "时间：" + phrase);
  return true;
}

void Parser::ResolveYearComparison() {
  if (!year_cmp_) return;
  const YearComparison& y = *year_cmp_;
  auto give_up = [&] {
    items_[y.op_item].used = items_[y.number_item].used = false;
    if (y.year_word >= 0) items_[y.year_word].used = false;
  };
  int table = q_.subject_table;
  if (table < 0 && !q_.projections.empty()) table = Col(q_.projections[0]).table;
  if (table < 0 && !q_.measures.empty()) table = q_.measures[0].table;
  if (table < 0) return give_up();
  const int col = ComparedYearColumn(y.op_item, y.age, table);
  if (col == -1 && ReadYearComparisonAsPeriod()) return;
  if (col < 0) return give_up();
  Filter f;
  f.column = col;
  f.op = y.op;
  f.numeric = true;
  f.lo = y.year;
  f.text_literal = Col(col).type_class == TypeClass::kText;
  q_.filters.push_back(f);
  const std::string cond =
      ColName(col) + " " + std::string(OpSymbol(y.op)) + " " + FormatNumber(y.year);
  Map(items_[y.op_item], "filter", cond);
  Understood(cond, cond);
}

// The one year column of a table (its age column for "older than"): -1 when none, -2 when
// several.
int Parser::YearColumnOf(int table, bool age) const {
  if (age) {
    const auto [c, older_smaller] = AgeColumn(table);
    return c >= 0 && !older_smaller ? c : -1;
  }
  int found = -1;
  for (int c : index_.tables()[table].columns) {
    const IndexedColumn& ic = Col(c);
    const std::string name = text::AsciiLower(ic.name);
    const bool yearish = name == "year" || name.find("found") != std::string::npos ||
                         name.find("establish") != std::string::npos ||
                         name.find("成立年") != std::string::npos;
    // Dates are compared as dates, not numbers: not handled here.
    if (!yearish || ic.role == ColumnRole::kTime || ic.stats.min_date) continue;
    if (found != -1) return -2;
    found = c;
  }
  return found;
}

// The column a year comparison is on: the year column of the table named nearest before the
// comparison ("clubs with events after 2020" → the events' year), else of the question's
// table, else of the one other table it names that has one ("singer names in concerts after
// 2014" → concert.Year). -1 when none, -2 when it is not clear which.
int Parser::ComparedYearColumn(int op_item, bool age, int table) const {
  int col = -1;
  for (int j = op_item - 1; j >= 0; --j) {
    if (items_[j].kind != ItemKind::kTerm) continue;
    const int t = TableOf(items_[j]);
    if (t < 0) continue;
    col = YearColumnOf(t, age);
    if (col == -2) return -2;
    break;
  }
  if (col < 0) col = YearColumnOf(table, age);
  if (col == -1) {
    for (const auto& [t, words] : table_words_) {
      if (t == table) continue;
      const int c = YearColumnOf(t, age);
      if (c == -2 || (c >= 0 && col >= 0)) return -2;
      if (c >= 0) col = c;
    }
  }
  return col;
}

}  // namespace askdb::nlq
