// Reading comparisons and filters: magnitudes, comparisons with numbers, equalities, value
// filters and counts of related rows.
#include <algorithm>
#include <cctype>
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
#include "askdb/nlq/chinese_reading_check.h"
#include "askdb/nlq/measure_units.h"
#include "askdb/nlq/number_words.h"
#include "askdb/nlq/parser.h"
#include "askdb/nlq/sale_verbs.h"

namespace askdb::nlq {

namespace {

// Whether a value of `table`'s column describes rows of `described` ("单价为1.99的曲目": its
// own rows; "毒性排名第1的动物": 最毒的动物 refers to the 动物 it ranks).
bool DescribesRowsOf(int table, int described, const SchemaIndex& index) {
  if (table == described) return true;
  return std::any_of(index.edges().begin(), index.edges().end(), [&](const JoinEdge& e) {
    return e.from_table == table && e.to_table == described;
  });
}

// "排名第一的菜品": 排名 is read as an order word, yet it is also the name of a rank column. The
// one such column (StoresRankNumbers) its words name, of a table the question names when there
// are several (动物榜单 has four 排名); -1 when none or still several.
int RankColumnSaidAsKeyword(const Item& it, const SchemaIndex& index,
                            const std::set<int>& named_tables) {
  std::set<int> columns, of_named;
  for (int t : it.keyword_terms) {
    const Term& term = index.terms()[t];
    if (term.kind != TermKind::kColumn || !StoresRankNumbers(index.columns()[term.column])) {
      continue;
    }
    columns.insert(term.column);
    if (named_tables.count(term.table)) of_named.insert(term.column);
  }
  if (columns.size() == 1) return *columns.begin();
  return of_named.size() == 1 ? *of_named.begin() : -1;
}

// Milliseconds per unit of a duration column, from its name ("Milliseconds", "length_ms",
// "duration_seconds", "minutes"); 0 when the name says no unit.
double ColumnDurationMs(const std::string& column_name) {
  const std::string name = text::AsciiLower(column_name);
  if (name.find("millisecond") != std::string::npos || name.ends_with("_ms")) return 1;
  if (name.find("second") != std::string::npos || name.ends_with("_sec")) return 1000;
  if (name.find("minute") != std::string::npos || name.ends_with("_min")) return 60000;
  return 0;
}

// Milliseconds per unit a question's words name ("分钟", "秒", "hours"); 0 when none.
double WordDurationMs(const std::string& words) {
  struct Unit {
    std::string_view word;
    double ms;
  };
  static constexpr Unit kUnits[] = {{"毫秒", 1},        {"分钟", 60000},   {"分", 60000},
                                    {"min", 60000},     {"mins", 60000},   {"minute", 60000},
                                    {"minutes", 60000}, {"秒", 1000},      {"秒钟", 1000},
                                    {"sec", 1000},      {"secs", 1000},    {"second", 1000},
                                    {"seconds", 1000},  {"小时", 3600000}, {"个小时", 3600000},
                                    {"hour", 3600000},  {"hours", 3600000}};
  const std::string w = text::AsciiLower(words);
  for (const Unit& u : kUnits) {
    if (w == u.word) return u.ms;
  }
  return 0;
}

}  // namespace

bool IsCurrencySign(const Item& it) {
  return it.kind == ItemKind::kPunct &&
         (it.text == "$" || it.text == "€" || it.text == "£" || it.text == "¥");
}

Op ComparisonOpOf(const Item& it) {
  return it.Has(Kw::kGe)   ? Op::kGe
         : it.Has(Kw::kLe) ? Op::kLe
         : it.Has(Kw::kGt) ? Op::kGt
                           : Op::kLt;
}

bool IsCurrencyWord(const Item& it) {
  static constexpr std::string_view kWords[] = {"dollar", "dollars", "usd", "euro", "euros",
                                                "eur",    "pounds",  "gbp", "yuan", "rmb"};
  const std::string w = text::AsciiLower(it.text);
  // Several are stop words of the lexicon ("dollars", "usd"): neutral elsewhere.
  const bool word_only = it.kind == ItemKind::kUnknown ||
                         (it.kind == ItemKind::kKeyword && (it.kw & ~Bit(Kw::kStop)) == 0);
  return word_only && std::find(std::begin(kWords), std::end(kWords), w) != std::end(kWords);
}

namespace {

// A minus sign right before the number at `i` (not a dash between two numbers: 2019-2020).
bool MinusBefore(const std::vector<Item>& items, int i) {
  return i >= 1 && items[i - 1].kind == ItemKind::kPunct &&
         (items[i - 1].text == "-" || items[i - 1].text == "－") &&
         (i < 2 || items[i - 2].kind != ItemKind::kNumber);
}

// A Chinese word that counts or scores what a number is of (分, 人, 集, 个 …); never a unit
// needing conversion (米, 公斤, 小时).
bool IsCountingUnit(const Item& unit) {
  static constexpr std::string_view kCounting[] = {"分", "人", "次", "集", "届", "度", "岁",
                                                   "个", "部", "本", "家", "位", "名", "场"};
  return !unit.used && unit.unit_end == unit.unit_begin + 1 &&
         (unit.kind == ItemKind::kUnknown || unit.kind == ItemKind::kKeyword) &&
         std::find(std::begin(kCounting), std::end(kCounting), unit.text) != std::end(kCounting);
}

// "评分超过9分", "人数在100人以上", "高温超过40度": a counting word right after a compared number
// that is the column's own unit — a character of its name (评分 is in 分, 人数 in 人), 度 of a
// temperature, 岁 of an age — says only what the number counts, not a second condition (分 is
// no minute here, nor a grouping).
bool IsColumnsOwnUnit(const IndexedColumn& c, const Item& unit) {
  if (!IsCountingUnit(unit)) return false;
  auto named = [&](std::string_view w) {
    return c.name.find(w) != std::string::npos || c.display_zh.find(w) != std::string::npos;
  };
  if (unit.text == "度") return named("度") || named("温");
  if (unit.text == "岁") return named("岁") || named("龄");
  // "员工数超过5万人", "免税店数量超过100家": a count column (X数, X数量) counts things, and a
  // word that counts things (not 分/度/岁, which score or measure) says only what it counts.
  static constexpr std::string_view kThings[] = {"人", "个", "部", "本", "家", "位", "名", "场"};
  if (std::find(std::begin(kThings), std::end(kThings), unit.text) != std::end(kThings) &&
      (c.name.ends_with("数") || c.name.ends_with("数量"))) {
    return true;
  }
  return named(unit.text);
}

// "员工数超过50000米", "员工数超过5万元": a unit that measures (a length, a weight, an area, money)
// after a number compared with a count column (X数, X数量) says the number is of something else.
// `unit` is the item right after the number; its text and the next item's are read together
// (5万元: 万 was read into the number, 元 may be a word of its own).
bool MeasureUnitOnACount(const IndexedColumn& c, const std::vector<Item>& items, int unit) {
  static constexpr std::string_view kMeasures[] = {"米", "元", "公里", "千米", "公斤", "千克",
                                                   "克", "吨", "亩",   "公顷", "平方"};
  if (!(c.name.ends_with("数") || c.name.ends_with("数量"))) return false;
  std::string after = items[unit].text;
  if (unit + 1 < static_cast<int>(items.size())) after += items[unit + 1].text;
  std::string_view text = after;
  for (std::string_view m : {"万", "亿", "千"}) {
    if (text.starts_with(m)) text.remove_prefix(m.size());
  }
  return std::any_of(std::begin(kMeasures), std::end(kMeasures),
                     [&](std::string_view m) { return text.starts_with(m); });
}

}  // namespace

void Parser::ParseNumbersMagnitude() {
  for (size_t i = 0; i + 1 < items_.size(); ++i) {
    Item& it = items_[i];
    if (it.kind != ItemKind::kNumber || it.used) continue;
    Item& next = items_[i + 1];
    if (next.kind == ItemKind::kNumber || next.kind == ItemKind::kUnknown) {
      if (auto m = MagnitudeMultiplier(units_[next.unit_begin].key);
          m && next.unit_end == next.unit_begin + 1) {
        it.number *= *m;
        next.used = true;
        next.kind = ItemKind::kPunct;
      }
    }
  }
}

// The item right after the Chinese number at `i` that may be its unit: a counting word
// (IsCountingUnit, past a magnitude already applied: 3万人) or "%"; -1 when none.
int Parser::ChineseUnitAfter(int i) const {
  const int n = static_cast<int>(items_.size());
  if (!chinese_) return -1;
  int u = i + 1;
  if (u < n && items_[u].used && items_[u].kind == ItemKind::kPunct &&
      MagnitudeMultiplier(units_[items_[u].unit_begin].key)) {
    ++u;
  }
  if (u >= n || items_[u].used) return -1;
  const Item& it = items_[u];
  if (it.text == "%" && u == i + 1) return u;
  return IsCountingUnit(it) ? u : -1;
}

// "人数规模3万人的马拉松", "成功率20%的城市", "55集的电视剧": a number written with its unit is
// a value of the column named right before it (or, with none named, of the one column of the
// rows described whose name is the unit's count: 集 → 集数) — the stored text "20%" when the
// column holds it so, else the number when the unit is the column's own. Else left unread.
void Parser::ReadValueWithUnit(int number_item, int unit, int described_table) {
  int c_idx = PrevMeaningful(number_item);
  if (c_idx >= 0 && items_[c_idx].kind == ItemKind::kKeyword && items_[c_idx].Has(Kw::kEq)) {
    c_idx = PrevMeaningful(c_idx);  // "集数为55集"
  }
  int col = c_idx >= 0 && !items_[c_idx].used ? ColumnOf(items_[c_idx], true) : -1;
  if (col < 0) c_idx = -1;
  const std::string& u = items_[unit].text;
  if (col < 0 && described_table >= 0 && u != "%") {
    for (int c : index_.tables()[described_table].columns) {
      if (!IsNumericCol(c) || (Col(c).name != u + "数" && Col(c).name != u + "数量")) continue;
      col = c;
    }
  }
  if (col < 0 || Col(col).role == ColumnRole::kIdentifier || Col(col).primary_key ||
      Col(col).foreign_key) {
    return;
  }
  if (described_table >= 0 && Col(col).table != described_table) return;
  Item& number = items_[number_item];
  const bool minus = MinusBefore(items_, number_item);
  const double v = minus ? -number.number : number.number;
  const std::string written = FormatNumber(v) + u;
  const std::vector<std::string>& stored = Col(col).stats.values;
  Filter f;
  f.column = col;
  f.op = Op::kEq;
  if (std::find(stored.begin(), stored.end(), written) != stored.end()) {
    f.values = {written};
  } else if (u == "%" || !(c_idx < 0 || IsColumnsOwnUnit(Col(col), items_[unit]))) {
    return;
  } else {
    f.numeric = true;
    f.lo = v;
  }
  number.used = items_[unit].used = true;
  if (minus) items_[number_item - 1].used = true;
  if (c_idx >= 0) {
    items_[c_idx].used = true;
    for (int j = c_idx + 1; j < number_item; ++j) {
      if (items_[j].Has(Kw::kEq)) items_[j].used = true;
    }
    Map(items_[c_idx], "column", ColName(col));
  }
  q_.filters.push_back(f);
  const std::string value = f.numeric ? FormatNumber(f.lo) : "'" + written + "'";
  Map(number, "filter", ColName(col) + " = " + value);
  Understood(Col(col).name + " = " + value, Col(col).name + " = " + value);
}

namespace {

// Whether "a <connector> b" at items[i..i+2] is a range: "10 to 20", "10-20", "1000到2000" say
// so themselves; "and" (和, 与) only beside a between word ("between 10 and 20", "在1000和2000
// 之间"); "or" (或) never: "whose birth year is 1948 or 1953" is two years, not the six between.
bool SaysARange(const std::vector<Item>& items, int i) {
  static constexpr std::string_view kOr[] = {"or", "或", "或者"};
  static constexpr std::string_view kAnd[] = {"and", "和", "与", "及", "以及"};
  const std::string connector = text::AsciiLower(items[i + 1].text);
  if (std::find(std::begin(kOr), std::end(kOr), connector) != std::end(kOr)) return false;
  if (std::find(std::begin(kAnd), std::end(kAnd), connector) == std::end(kAnd)) return true;
  const int n = static_cast<int>(items.size());
  for (int j = std::max(0, i - 2); j < std::min(n, i + 5); ++j) {
    if (items[j].Has(Kw::kBetween)) return true;
  }
  return false;
}

}  // namespace

// Ranges: [between] a and b [之间] on the numeric column before them. True when the number
// at `i` starts such a range (read or not).
bool Parser::ReadRange(int i) {
  const int n = static_cast<int>(items_.size());
  Item& it = items_[i];
  if (!(i + 2 < n && items_[i + 1].Has(Kw::kAnd) && items_[i + 2].kind == ItemKind::kNumber)) {
    return false;
  }
  if (!SaysARange(items_, i)) return false;
  int col = -1;
  int c_idx = -1;
  for (int j = i - 1; j >= 0 && j >= i - 4; --j) {
    if (items_[j].used) continue;
    if (int c = ColumnOf(items_[j], true); c >= 0) {
      col = c;
      c_idx = j;
      break;
    }
  }
  if (col < 0) return true;
  Filter f;
  f.column = col;
  f.op = Op::kBetween;
  f.numeric = true;
  f.lo = std::min(it.number, items_[i + 2].number);
  f.hi = std::max(it.number, items_[i + 2].number);
  it.used = items_[i + 1].used = items_[i + 2].used = items_[c_idx].used = true;
  for (int j = std::max(0, i - 2); j < std::min(n, i + 5); ++j) {
    if (items_[j].Has(Kw::kBetween)) items_[j].used = true;
  }
  q_.filters.push_back(f);
  Map(items_[c_idx], "column", ColName(col));
  Map(it, "filter", "BETWEEN " + FormatNumber(f.lo) + " AND " + FormatNumber(f.hi));
  Understood(Col(col).name + " between " + FormatNumber(f.lo) + " and " + FormatNumber(f.hi),
             Col(col).name + " 介于 " + FormatNumber(f.lo) + " 和 " + FormatNumber(f.hi));
  return true;
}

// The numeric column a comparison at `op_idx` on the number at `i` applies to: named before
// the comparison (or before the number, "100以上"), else as the number's unit after it.
// -1 when none; `c_idx` receives the item that named it.
int Parser::ComparedColumn(int i, int op_idx, bool postfix, int* c_idx) const {
  const int search_from = postfix ? i : op_idx;
  for (int j = search_from - 1; j >= 0 && j >= search_from - 4; --j) {
    if (items_[j].used && items_[j].kind != ItemKind::kTerm) continue;
    if (int c = ColumnOf(items_[j], true); c >= 0 && !items_[j].used) {
      *c_idx = j;
      return c;
    }
    // "invoices with a total above 20": the column's name is also a function word.
    if (int c = KeywordColumn(items_[j]);
        c >= 0 && !items_[j].used && items_[j].kind == ItemKind::kKeyword) {
      *c_idx = j;
      return c;
    }
    if (items_[j].kind == ItemKind::kTerm) break;  // a table or value: not our column
  }
  // "tracks longer than 300000 milliseconds": the measure named after the number, as a
  // unit. (A table there, "more than 5 albums", is a count of related rows: not this.)
  if (!postfix) {
    const int k = NextMeaningful(i);
    const int c = k >= 0 && !items_[k].used ? ColumnOf(items_[k], true) : -1;
    if (c >= 0 && Col(c).role == ColumnRole::kMeasure) {
      *c_idx = k;
      return c;
    }
  }
  return -1;
}

// "List all customers and their phone numbers" (customer_phone; customer_number by its prefix-less
// alias): two column words side by side make one English noun phrase, the first narrowing the
// second, so the query using both as two columns lists or compares one the phrase does not name
// ("cities with a Hispanic population above 5000" had compared county.Population and listed
// city.Hispanic at 1.00; "city population" is the city table's column, not two columns).
// The phrase ("" when none); words that are table names or values are not column words here.
std::string Parser::TwoColumnsInOneNounPhrase() const {
  if (chinese_) return "";
  std::set<int> used(q_.projections.begin(), q_.projections.end());
  used.insert(q_.group_columns.begin(), q_.group_columns.end());
  for (const Filter& f : q_.filters) used.insert(f.column);
  for (const Measure& m : q_.measures) used.insert(m.column);
  used.insert(q_.order_column);
  auto column_word = [&](const Item& it) {
    return it.used && it.kind == ItemKind::kTerm && TableOf(it) < 0 && !HasValue(it) ? ColumnOf(it)
                                                                                     : -1;
  };
  for (size_t k = 0; k + 1 < items_.size(); ++k) {
    const int a = column_word(items_[k]), b = column_word(items_[k + 1]);
    if (a >= 0 && b >= 0 && a != b && used.count(a) > 0 && used.count(b) > 0) {
      return items_[k].text + " " + items_[k + 1].text;
    }
  }
  return "";
}

// "What are the names of devices in shops in Dinas?" had listed shop.Shop_Name (device has no
// name column; the shops are named too) beside device.Device at 0.82: in English "the X of Y"
// is Y's X, so a column shown for a word followed by "of" and a word naming other rows (their
// table; values before it narrow them), on a table neither those rows nor a row they refer to
// holds, is read on the wrong table. The phrase ("" if none).
std::string Parser::ColumnOfOtherRows() const {
  if (chinese_) return "";
  std::set<int> shown(q_.projections.begin(), q_.projections.end());
  shown.insert(q_.group_columns.begin(), q_.group_columns.end());
  for (const Measure& m : q_.measures) shown.insert(m.column);
  const int n = static_cast<int>(items_.size());
  for (int k = 0; k + 2 < n; ++k) {
    const Item& word = items_[k];
    if (!word.used || word.kind != ItemKind::kTerm || TableOf(word) >= 0 || HasValue(word) ||
        text::AsciiLower(items_[k + 1].text) != "of") {
      continue;
    }
    const int col = ColumnOf(word);
    int r = NextMeaningful(k + 1);
    while (r >= 0 && OnlyValues(items_[r])) r = NextMeaningful(r);  // "names of red grapes"
    if (col < 0 || shown.count(col) == 0 || r < 0 || items_[r].kind != ItemKind::kTerm ||
        HasValue(items_[r])) {
      continue;
    }
    std::set<int> rows;  // the tables whose rows the word after "of" names
    for (int id : items_[r].terms) {
      const Term& t = TermOf(id);
      if (t.kind == TermKind::kTable) rows.insert(t.table);
    }
    bool rows_labelled = false;  // a label, or a column the same word names (grapes.Grape)
    for (int id : items_[r].terms) {
      const Term& t = TermOf(id);
      rows_labelled |= t.kind == TermKind::kColumn && rows.count(t.table) > 0;
    }
    for (int table : rows) rows_labelled |= index_.LabelColumn(table, false) >= 0;
    // One reference away is theirs: "names of poker players" (people.Name, each poker player
    // refers to a person), "attribute values of the superhero" (the rows that refer to it) —
    // but a label of rows that refer to them does not name rows that have a label of their own
    // ("names of grapes" are not the names of the wines of a grape).
    const int t = Col(col).table;
    const bool other_label = col == index_.LabelColumn(t, false) && rows_labelled;
    const bool theirs =
        rows.count(t) > 0 ||
        std::any_of(index_.edges().begin(), index_.edges().end(), [&](const JoinEdge& e) {
          return (rows.count(e.from_table) > 0 && e.to_table == t) ||
                 (rows.count(e.to_table) > 0 && e.from_table == t && !other_label);
        });
    if (!rows.empty() && !theirs) return word.text + " of " + items_[r].text;
  }
  return "";
}

// "tracks longer than 10 minutes", "songs that run over 5 minutes": a duration compared with no
// column named is the length of the table named just before the comparison (its one length
// column, LengthColumn); -1 when there is no such table or column.
int Parser::DurationColumnBefore(int i, int op_idx, int* c_idx) const {
  const int unit = NextMeaningful(i);
  if (unit < 0 || items_[unit].used || WordDurationMs(items_[unit].text) == 0) return -1;
  for (int j = op_idx - 1; j >= 0 && j >= op_idx - 3; --j) {
    if (items_[j].kind != ItemKind::kTerm) continue;  // fillers, a verb ("run")
    const int table = TableOf(items_[j]);
    if (table < 0 || ColumnOf(items_[j]) >= 0) return -1;
    const int col = LengthColumn(table);
    if (col < 0) return -1;
    *c_idx = op_idx;
    return col;
  }
  // 超过10分钟的曲目: in Chinese the rows follow the duration, past 的.
  for (int j = unit + 1; chinese_ && j < static_cast<int>(items_.size()) && j <= unit + 3; ++j) {
    if (items_[j].kind != ItemKind::kTerm) continue;  // 钟 of 分钟, 的
    const int table = TableOf(items_[j]);
    const int col = table < 0 || ColumnOf(items_[j]) >= 0 ? -1 : LengthColumn(table);
    if (col >= 0) *c_idx = op_idx;
    return col;
  }
  return -1;
}

// "invoices over $15", "products under 10 dollars": an amount of money compared with no column
// named is the money of the table named just before the comparison — the money words' column
// when it is that table's (Invoice.Total), else the table's one price column; -1 when none.
int Parser::MoneyColumnBefore(int i, int op_idx, int* c_idx) const {
  const bool sign = i > 0 && IsCurrencySign(items_[i - 1]);
  const bool word = i + 1 < static_cast<int>(items_.size()) && !items_[i + 1].used &&
                    IsCurrencyWord(items_[i + 1]);
  if (!sign && !word) return -1;
  for (int j = op_idx - 1; j >= 0 && j >= op_idx - 3; --j) {
    if (items_[j].kind != ItemKind::kTerm) continue;  // fillers, a verb ("cost")
    const int table = TableOf(items_[j]);
    if (table < 0 || ColumnOf(items_[j]) >= 0) return -1;
    const int money = index_.inferred_money_column();
    const int col = money >= 0 && Col(money).table == table ? money : index_.PriceColumn(table);
    if (col < 0) return -1;
    *c_idx = op_idx;
    return col;
  }
  return -1;
}

// Comparisons: column [is] > number, 单价大于100, 100以上; an age or a year compared with no
// column named waits for its table (ResolveYearComparison); no comparison: an equality.
void Parser::ReadComparison(int i) {
  const ComparisonWords w = FindComparisonWords(i);
  if (w.op < 0) {
    ParseEquality(i);
    return;
  }
  if (items_[w.op].used) return;
  const Item& op_item = items_[w.op];
  const Op op = ComparisonOpOf(op_item);
  int c_idx = -1;
  int col = ComparedColumn(i, w.op, w.postfix, &c_idx);
  if (col < 0 && !w.postfix) col = DurationColumnBefore(i, w.op, &c_idx);
  // "products with more than $70,000 in sales": the money said after the number is compared
  // (a group total, ReadGroupTotals), not the products' own price.
  if (col < 0 && !w.postfix && MoneySaidAfter(i) >= 0) return;
  if (col < 0 && !w.postfix) col = MoneyColumnBefore(i, w.op, &c_idx);
  // "products that cost less than 10 dollars": the currency of a money column says nothing more.
  if (col >= 0 && i + 1 < static_cast<int>(items_.size()) && !items_[i + 1].used &&
      IsCurrencyWord(items_[i + 1]) &&
      (col == index_.inferred_money_column() || col == index_.PriceColumn(Col(col).table))) {
    items_[i + 1].used = true;
  }
  if (col < 0) {
    DeferYearComparison(i, w, op);
    return;
  }
  const bool own_unit = w.unit >= 0 && chinese_ && IsColumnsOwnUnit(Col(col), items_[w.unit]);
  // "3万人以上" on another column, "5公里以上" of a duration: unread.
  if (w.postfix && w.unit >= 0 && !own_unit && !MeasureUnitFits(col, w)) return;
  double value = 0;
  if (!ComparedValue(i, col, w, own_unit, &value)) return;
  // "员工数超过5万分": a word counting or scoring something else right after the number (not
  // the column's own unit, nor part of a duration: 10分钟) is no filler; the comparison is left
  // unread and the question abstains.
  if (chinese_ && !w.postfix && w.unit >= 0 && !own_unit &&
      (IsCountingUnit(items_[w.unit]) || MeasureUnitOnACount(Col(col), items_, w.unit))) {
    return;
  }
  AddComparisonFilter(i, col, c_idx, w.op, op, value);
}

// The comparison word of the number at i: before it (past fillers and a year word: "after or
// in year 2014"), or after it ("100以上"), or after its one-unit word ("8分以上"); the unit
// word after the number ("超过9分"). No comparison word: op is -1 (an equality). After the
// number English says "or more", "or before"; a bare "before" there is not its comparison
// ("a population of 80000 before the war" was Population < 80000 at 0.73).
Parser::ComparisonWords Parser::FindComparisonWords(int i) const {
  constexpr KwSet kCompare = Bit(Kw::kGt) | Bit(Kw::kGe) | Bit(Kw::kLt) | Bit(Kw::kLe);
  const int n = static_cast<int>(items_.size());
  auto PostfixComparison = [&](int k) {
    return chinese_ || text::AsciiLower(items_[k].text).starts_with("or ");
  };
  ComparisonWords w;
  for (int j = i - 1; j >= 0 && j >= i - 2; --j) {
    if (items_[j].kw & kCompare) {
      w.op = j;
      break;
    }
    if (items_[j].kind == ItemKind::kKeyword && items_[j].Has(Kw::kYearUnit) && !items_[j].used) {
      w.year_word = j;
      continue;
    }
    if (!IsFiller(items_[j])) break;
  }
  if (w.op < 0 && i + 1 < n && (items_[i + 1].kw & kCompare) && PostfixComparison(i + 1)) {
    w.op = i + 1;  // "100以上"
    w.postfix = true;
  }
  // "8分以上": the number's unit between it and the comparison (checked against the column).
  if (w.op < 0 && i + 2 < n && (items_[i + 2].kw & kCompare) && PostfixComparison(i + 2) &&
      !items_[i + 1].used && items_[i + 1].kind != ItemKind::kTerm &&
      items_[i + 1].unit_end == items_[i + 1].unit_begin + 1) {
    w.op = i + 2;
    w.postfix = true;
    w.unit = i + 1;
  }
  if (chinese_ && (w.op < 0 || w.unit >= 0)) FindMeasureUnitBeforeComparison(i, &w);
  if (!w.postfix && i + 1 < n) w.unit = i + 1;  // "超过9分"
  // "超过5万人": the unit past a magnitude already applied (万 is read into the number).
  if (!w.postfix && i + 1 < n && items_[i + 1].used && ChineseUnitAfter(i) > i + 1) {
    w.unit = ChineseUnitAfter(i);
  }
  return w;
}

// "金额在10美元以上", "时长5分钟以下", "面积150平以上": a measure unit (measure_units.h), whole
// items past a magnitude already applied (1万元以上), between the number and a postfix
// comparison word. It is read only when it fits the column (MeasureUnitFits).
void Parser::FindMeasureUnitBeforeComparison(int i, ComparisonWords* w) const {
  constexpr KwSet kCompare = Bit(Kw::kGt) | Bit(Kw::kGe) | Bit(Kw::kLt) | Bit(Kw::kLe);
  const int n = static_cast<int>(items_.size());
  int first = i + 1;
  while (first < n && items_[first].used && items_[first].kind == ItemKind::kPunct &&
         MagnitudeMultiplier(units_[items_[first].unit_begin].key)) {
    ++first;
  }
  std::string spelled;
  for (int k = first; k < n && k < first + 3; ++k) {
    if (items_[k].used || items_[k].kind == ItemKind::kPunct) return;
    spelled += items_[k].text;
    const UnitWord unit = UnitWordAt(spelled);
    if (unit.word.size() != spelled.size() || k + 1 >= n) continue;
    if (!(items_[k + 1].kw & kCompare)) continue;  // 块 of 块钱
    w->op = k + 1;
    w->postfix = true;
    w->unit = first;
    w->measure_last = k;
    w->measure = unit.kind;
    return;
  }
}

// A measure unit before a postfix comparison fits the column when the column's words say it
// measures that kind (时长 in 分钟, 面积 in 平); money on a column whose words say nothing, or a
// count (奖牌总数 in 块), stays unread.
bool Parser::MeasureUnitFits(int col, const ComparisonWords& w) const {
  if (w.measure == MeasureKind::kNone || ColumnMeasureKind(Col(col)) != w.measure ||
      MeasureUnitOnACount(Col(col), items_, w.unit)) {
    return false;
  }
  // Only a duration is converted to the column's unit (ComparedValue); money keeps the
  // engine's reading of a currency on a money column; a length, an area or a weight is
  // compared as said only when the column's names say it is held in that unit.
  if (w.measure == MeasureKind::kDuration || w.measure == MeasureKind::kMoney) return true;
  std::string unit_word;
  for (int k = w.unit; k <= w.measure_last; ++k) unit_word += items_[k].text;
  return ColumnNamesUnit(Col(col), UnitWordAt(unit_word).word);
}

// A comparison with no column: "students who are older than 20" waits for the table's age
// column (a birth date is not compared as an age), "concerts after or in 2014" for its year
// column (ResolveYearComparison, once the table is known). One such comparison per question.
void Parser::DeferYearComparison(int i, const ComparisonWords& w, Op op) {
  if (year_cmp_) return;
  Item& it = items_[i];
  const std::string op_words = text::AsciiLower(items_[w.op].text);
  const bool age_cmp =
      op_words.find("older") != std::string::npos || op_words.find("younger") != std::string::npos;
  const bool year =
      it.number >= kYearMin && it.number <= kYearMax && std::floor(it.number) == it.number;
  if (!age_cmp && !year) return;
  // "segments with more than 2000 customers" listed the segment of every customer who signed up
  // after 2000 at 1.00: a number followed by a table's word counts its rows, it is no year.
  if (!age_cmp && i + 1 < static_cast<int>(items_.size()) && TableOf(items_[i + 1]) >= 0) return;
  year_cmp_ = age_cmp ? YearComparison{op, it.number, w.op, i, -1, true}
                      : YearComparison{op, it.number, w.op, i, w.year_word};
  it.used = items_[w.op].used = true;
  if (!age_cmp && w.year_word >= 0) items_[w.year_word].used = true;
}

// The compared number in the column's unit, its unit words marked read: a minus sign between
// the comparison and the number is its sign ("低于-20度", "below -5": read as punctuation, it
// was dropped); a duration word is converted to the column's unit ("时长超过10分钟" on a
// column held in milliseconds). False when the column's name gives the duration no unit (the
// word is left unused, and the question abstains).
bool Parser::ComparedValue(int i, int col, const ComparisonWords& w, bool own_unit, double* value) {
  const int n = static_cast<int>(items_.size());
  const bool minus = !w.postfix && w.op == i - 2 && MinusBefore(items_, i);
  if (minus) items_[i - 1].used = true;
  const double number = minus ? -items_[i].number : items_[i].number;
  *value = number;
  std::vector<int> unit_items;
  if (own_unit) unit_items.push_back(w.unit);
  if (!own_unit && w.measure != MeasureKind::kNone) {
    if (w.measure == MeasureKind::kDuration) {
      std::string words;
      for (int k = w.unit; k <= w.measure_last; ++k) words += items_[k].text;
      const double column_ms = ColumnDurationMs(Col(col).name);
      const double word_ms = WordDurationMs(words);
      if (column_ms == 0 || word_ms == 0) return false;  // a unit it cannot convert: unread
      *value = number * word_ms / column_ms;
    }
    for (int k = w.unit; k <= w.measure_last; ++k) unit_items.push_back(k);
  }
  for (int len = 2; len >= 1 && unit_items.empty() && !w.postfix; --len) {
    if (i + len >= n) continue;
    std::string words;
    bool free = true;
    for (int k = i + 1; k <= i + len; ++k) {
      words += items_[k].text;
      free &= !items_[k].used && items_[k].kind != ItemKind::kPunct;
    }
    const double word_ms = free ? WordDurationMs(words) : 0;
    if (word_ms == 0) continue;
    const double column_ms = ColumnDurationMs(Col(col).name);
    if (column_ms == 0) return false;
    *value = number * word_ms / column_ms;
    for (int k = i + 1; k <= i + len; ++k) unit_items.push_back(k);
  }
  for (int k : unit_items) items_[k].used = true;
  return true;
}

void Parser::AddComparisonFilter(int i, int col, int c_idx, int op_idx, Op op, double value) {
  Filter f;
  f.column = col;
  f.op = op;
  f.numeric = true;
  f.lo = value;
  items_[i].used = items_[op_idx].used = items_[c_idx].used = true;
  q_.filters.push_back(f);
  const std::string cmp = std::string(OpSymbol(op)) + " " + FormatNumber(f.lo);
  Map(items_[c_idx], "column", ColName(col));
  Map(items_[op_idx], "filter", cmp);
  Understood(Col(col).name + " " + cmp, Col(col).name + " " + cmp);
}

void Parser::ParseComparisons() {
  const int n = static_cast<int>(items_.size());
  for (int i = 0; i < n; ++i) {
    if (items_[i].used || items_[i].kind != ItemKind::kNumber) continue;
    if (ReadVerbCountColumn(i)) continue;
    if (!ReadRange(i)) ReadComparison(i);
  }
}

// "能容纳7000人的场馆", "大厅能容纳超过2000人的酒店", "招生1000人以上的学校": a verb, a number and
// the unit it counts name the one column called verb + unit + 数 (容纳人数, 大厅容纳人数,
// 招生人数): the verb said before the number (its 能/可以 dropped, a comparison word between) is
// that column. True when read (an equality, or the comparison said).
bool Parser::ReadVerbCountColumn(int i) {
  constexpr KwSet kCompare = Bit(Kw::kGt) | Bit(Kw::kGe) | Bit(Kw::kLt) | Bit(Kw::kLe);
  const int n = static_cast<int>(items_.size());
  const int unit = chinese_ ? ChineseUnitAfter(i) : -1;
  if (unit < 0 || items_[unit].unit_end - items_[unit].unit_begin != 1) return false;
  const int postfix =
      unit + 1 < n && !items_[unit + 1].used && (items_[unit + 1].kw & kCompare) ? unit + 1 : -1;
  const int prefix = i > 0 && !items_[i - 1].used && (items_[i - 1].kw & kCompare) ? i - 1 : -1;
  if (prefix >= 0 && postfix >= 0) return false;
  std::vector<int> run;  // the verb's characters, nearest first (能/可 among them)
  std::string verb;
  int col = -1, verb_items = 0;
  for (int k = (prefix >= 0 ? prefix : i) - 1; k >= 0 && run.size() < 8; --k) {
    const Item& it = items_[k];
    if (it.used || (it.kind != ItemKind::kUnknown && it.kw != Bit(Kw::kStop))) break;
    run.push_back(k);
    const bool ke_yi = it.text == "以" && k > 0 && items_[k - 1].text == "可";  // 可|以
    if (it.text == "能" || it.text == "可" || it.text == "可以" || ke_yi) {
      if (col >= 0 && verb_items + 1 == static_cast<int>(run.size())) ++verb_items;  // 能容纳
      continue;
    }
    verb = it.text + verb;
    if (verb.size() < 6) continue;  // two characters at least
    if (const int c = VerbCountColumn(verb, items_[unit].text); c >= 0) {
      col = c;
      verb_items = static_cast<int>(run.size());
    }
  }
  if (col < 0) return false;
  // 主场馆能容纳21000人的球队: another column said as the verb's subject would be listed in place
  // of the rows; left to the other readings (which abstain).
  const int subject = run[verb_items - 1] - 1;
  if (subject >= 0 && !items_[subject].used && ColumnOf(items_[subject]) >= 0) return false;
  const int op_item = prefix >= 0 ? prefix : postfix;
  const Item* op = op_item >= 0 ? &items_[op_item] : nullptr;
  Filter f;
  f.column = col;
  f.numeric = true;
  f.lo = items_[i].number;
  f.op = !op ? Op::kEq : ComparisonOpOf(*op);
  q_.filters.push_back(f);
  for (int k = 0; k < verb_items; ++k) items_[run[k]].used = true;
  items_[i].used = items_[unit].used = true;
  if (op_item >= 0) items_[op_item].used = true;
  const std::string cond =
      ColName(col) + " " + std::string(OpSymbol(f.op)) + " " + FormatNumber(f.lo);
  Map(items_[i], "filter", cond);
  Understood(cond, cond);
  return true;
}

// The one number column of the schema named `verb` + `unit` + 数 (or 数量): -1 when none or two.
int Parser::VerbCountColumn(const std::string& verb, const std::string& unit) const {
  int found = -1;
  for (int c = 0; c < static_cast<int>(index_.columns().size()); ++c) {
    const IndexedColumn& col = Col(c);
    if (col.name != verb + unit + "数" && col.name != verb + unit + "数量") continue;
    if (!IsNumeric(col.type_class) || col.primary_key || col.foreign_key || found >= 0) return -1;
    found = c;
  }
  return found;
}

// "票房10亿的明星", "意向成交额711亿美元的是哪几届进博会": a number with its magnitude and unit,
// right after a column's word (为/是 between) and ending the phrase, that spells one of the
// column's stored texts exactly ('10亿', '711亿美元') is that value. True when read so.
bool Parser::ReadStoredNumberText(int number_item) {
  int c_idx = -1, ordinal = -1, keyword_rank = -1;
  if (!chinese_ || !FindEqualityColumn(number_item, &c_idx, &ordinal, &keyword_rank) ||
      ordinal >= 0 || keyword_rank >= 0) {
    return false;
  }
  const int col = ColumnOf(items_[c_idx]);
  if (col < 0) return false;
  const std::vector<std::string>& stored = Col(col).stats.values;
  const int n = static_cast<int>(items_.size());
  const bool minus = MinusBefore(items_, number_item);  // 增长率是-5%
  const std::string sign = minus ? "-" : "";
  std::string written = sign;
  int end = -1;  // the last item of the stored text
  for (int j = number_item; j < n && j <= number_item + 4; ++j) {
    const Item& it = items_[j];
    const bool magnitude = j == number_item + 1 && it.used && it.kind == ItemKind::kPunct;
    if (j > number_item && !magnitude && it.text != "%" &&
        (it.used || it.text == "的" ||
         (it.kind != ItemKind::kUnknown && it.kind != ItemKind::kKeyword))) {
      break;
    }
    written += it.text;
    if (std::find(stored.begin(), stored.end(), written) != stored.end()) end = j;
  }
  if (end < 0) return false;
  // 容纳人数是7000万: the magnitude read into the number (a used mark) is part of the text;
  // '7000' is another number.
  const bool magnitude = number_item + 1 < n && items_[number_item + 1].used &&
                         items_[number_item + 1].kind == ItemKind::kPunct;
  if (magnitude && end == number_item) return false;
  if (end + 1 < n && !IsFiller(items_[end + 1]) && !items_[end + 1].Has(Kw::kWhich)) return false;
  written = sign;
  if (minus) items_[number_item - 1].used = true;
  for (int j = number_item; j <= end; ++j) {
    written += items_[j].text;
    items_[j].used = true;
  }
  for (int j = c_idx; j < number_item; ++j) {
    if (j == c_idx || items_[j].Has(Kw::kEq)) items_[j].used = true;
  }
  Filter f;
  f.column = col;
  f.op = Op::kEq;
  f.values = {written};
  q_.filters.push_back(f);
  Map(items_[c_idx], "column", ColName(col));
  Map(items_[number_item], "filter", ColName(col) + " = '" + written + "'");
  Understood(Col(col).name + " = '" + written + "'", Col(col).name + " = '" + written + "'");
  return true;
}

void Parser::ParseEquality(int number_item) {
  // "tracks with a unit price of 1.99", "单价为100的商品": a number right after a measure
  // column (fillers and "equal to"/"为" between) and ending the phrase is that column's value.
  // Anything after the number ("unit price of 5 tracks") makes it something else.
  if (ReadStoredNumberText(number_item)) return;
  const int unit = ChineseUnitAfter(number_item);  // "3万人", "20%": -1 when none
  const int last = unit >= 0 ? unit : number_item;
  const int next = NextMeaningful(last);
  // "单价为1.99的曲目": in Chinese the value of a column, then 的, then the rows it describes.
  const bool after_de = chinese_ && next == last + 2 && items_[last + 1].text == "的";
  const int described = after_de ? DescribedTable(next) : -1;
  const bool describes_rows = described >= 0;
  if (next >= 0 && items_[next].kind == ItemKind::kTerm && !after_de) return;
  if (unit >= 0) {
    if (after_de && described < 0) return;
    ReadValueWithUnit(number_item, unit, described);
    return;
  }
  if (next >= 0 && items_[next].kind == ItemKind::kTerm && !describes_rows) return;
  int c_idx = -1, ordinal = -1, keyword_rank = -1;
  if (!FindEqualityColumn(number_item, &c_idx, &ordinal, &keyword_rank)) return;
  const int col = keyword_rank >= 0 ? keyword_rank : ColumnOf(items_[c_idx], true);
  if (col < 0) return;
  // A place in a ranking is compared as a value: 排名第1, 排名为1 (a rank is no measure).
  const bool rank = chinese_ && StoresRankNumbers(Col(col));
  // "获奖人数是15的国家": a column, its number, 的 and the rows it describes say the column's
  // value whatever the column's role (on DuSQL's tiny tables few numbers are measures); a key
  // or an identifier is no such column.
  const IndexedColumn& c = Col(col);
  const bool said_of_rows = describes_rows && ordinal < 0 && keyword_rank < 0 &&
                            c.role != ColumnRole::kIdentifier && !c.primary_key && !c.foreign_key;
  if (!rank && !said_of_rows && (ordinal >= 0 || c.role != ColumnRole::kMeasure)) return;
  if (describes_rows && !DescribesRowsOf(Col(col).table, described, index_)) return;
  if (ordinal >= 0) items_[ordinal].used = true;
  AddEqualityFilter(number_item, c_idx, col);
}

// The rows a value followed by 的 describes: a table, or a column of theirs to list
// ("成功率20%的城市", "排名第一的省份"); -1 when item `next` names neither.
int Parser::DescribedTable(int next) const {
  const int table = TableOf(items_[next]);
  if (table >= 0 || ColumnOf(items_[next]) < 0) return table;
  return Col(ColumnOf(items_[next])).table;
}

// The column item a number is the value of: an unused term at most three items before it,
// with only fillers, "equal to"/为 and a 第 right before the number between (or a Chinese
// ranking keyword naming a rank column: *keyword_rank). False when something else comes
// between.
bool Parser::FindEqualityColumn(int number_item, int* c_idx, int* ordinal,
                                int* keyword_rank) const {
  for (int j = number_item - 1; j >= 0 && j >= number_item - 3; --j) {
    const Item& prev = items_[j];
    if (chinese_ && prev.kind == ItemKind::kKeyword && !prev.used) {
      *keyword_rank = RankColumnSaidAsKeyword(prev, index_, table_words_anywhere_);
      if (*keyword_rank >= 0) {
        *c_idx = j;
        return true;
      }
    }
    if (prev.kind == ItemKind::kTerm) {
      *c_idx = prev.used ? -1 : j;
      return *c_idx >= 0;
    }
    const bool linking_word =
        prev.kind == ItemKind::kKeyword && (prev.Has(Kw::kStop) || prev.Has(Kw::kEq));
    if (chinese_ && j == number_item - 1 && prev.text == "第" && !prev.used) {
      *ordinal = j;  // "世界排名第1": 第 before a place in a ranking
      continue;
    }
    if (!IsFiller(prev) && !linking_word) return false;
  }
  return false;
}

// Column `col` (said at item c_idx) equals the number: the filter, with a minus said before
// the number ("温度为-20") and the "equal to" words between marked read.
void Parser::AddEqualityFilter(int number_item, int c_idx, int col) {
  const int n = static_cast<int>(items_.size());
  Item& number = items_[number_item];
  Filter f;
  f.column = col;
  f.op = Op::kEq;
  f.numeric = true;
  f.lo = number.number;
  if (MinusBefore(items_, number_item)) {  // "温度为-20"
    f.lo = -f.lo;
    items_[number_item - 1].used = true;
  }
  number.used = items_[c_idx].used = true;
  for (int j = c_idx + 1; j < number_item && j < n; ++j) {
    if (items_[j].Has(Kw::kEq)) items_[j].used = true;
  }
  q_.filters.push_back(f);
  Map(items_[c_idx], "column", ColName(col));
  Map(number, "filter", "= " + FormatNumber(f.lo));
  Understood(Col(col).name + " = " + FormatNumber(f.lo),
             Col(col).name + " = " + FormatNumber(f.lo));
}

namespace {

bool IsHaveVerb(std::string_view w) { return w == "have" || w == "has" || w == "had"; }

// A negation before a verb: not, never, don't, doesn't, didn't (one word or split at the
// apostrophe, "doesn" "t").
bool IsVerbNegation(std::string_view w) {
  return w == "not" || w == "never" || w == "t" || w == "dont" || w == "doesnt" || w == "didnt" ||
         w.ends_with("n't") || w.ends_with("n’t");
}

// Whether the words before item `i` say its rows lack it: "have no", "with no", "without",
// "don't/doesn't have (any)"; `any` and `a` between are skipped.
bool SaysLacking(const std::vector<Item>& items, int i) {
  int j = i - 1;
  auto word = [&](int k) { return k >= 0 ? text::AsciiLower(items[k].text) : std::string(); };
  while (j >= 0 && (word(j) == "any" || word(j) == "a")) --j;
  const std::string before = word(j);
  if (before == "without") return true;
  if (before == "no") return IsHaveVerb(word(j - 1)) || word(j - 1) == "with";
  return IsHaveVerb(before) && IsVerbNegation(word(j - 1));
}

}  // namespace

// "Which buildings have no flats?" ("with no flats", "without flats", "don't have any flats"):
// a plural word whose stored value is singular ('Flat') after words saying the rows lack it
// names related things of that kind, not a value their own column differs from; the word is
// left unread (and the question abstains naming it).
bool Parser::HadNoThingsOfAValue(int i) const {
  if (chinese_ || !SaysLacking(items_, i)) return false;
  const std::string said = text::AsciiLower(items_[i].text);
  if (said.size() < 3 || said.back() != 's') return false;
  for (int id : items_[i].terms) {
    const Term& t = TermOf(id);
    if (t.kind == TermKind::kValue && text::AsciiLower(t.value) == said) return false;
  }
  return true;
}

void Parser::ParseValues() {
  const int n = static_cast<int>(items_.size());
  for (int i = 0; i < n; ++i) {
    Item& it = items_[i];
    if (it.used || !HasValue(it)) continue;
    // A value that is also a column or table name is read as the name unless nothing else
    // can use it; the column/table reading is tried by the later passes.
    if (!OnlyValues(it)) continue;
    if (HadNoThingsOfAValue(i)) {
      it.kind = ItemKind::kUnknown;  // unplaced: no other pass reads it as the value
      it.terms.clear();
      continue;
    }
    bool negated = false;
    for (int j = i - 1; j >= 0 && j >= i - 2; --j) negated |= items_[j].Has(Kw::kNot);
    for (int j = i - 1; j >= 0 && j >= i - 2; --j) {
      if (items_[j].Has(Kw::kNot)) items_[j].used = true;
    }
    it.used = true;
    values_.push_back({it.terms, negated, it.text});
    if (chinese_) ReadVerbOfValueColumn(i);
    if (!chinese_) ReadTableBeforeValue(i);
  }
  if (chinese_) ReadOneCharacterValues();
  if (chinese_) ReadVerbsOfDateValues();
}

// "2018年出现的网红食品" (出现年份 stores '2018年'): the verb right after a stored date value
// names that value's column (DateColumnOfVerb) and is read with it.
void Parser::ReadVerbsOfDateValues() {
  const int n = static_cast<int>(items_.size());
  for (int i = 0; i + 1 < n; ++i) {
    if (!items_[i].used || items_[i].kind != ItemKind::kTerm || items_[i + 1].used) continue;
    int len = 0;
    const int col = DateColumnOfVerb(i + 1, &len);
    const bool of_col =
        col >= 0 && std::any_of(items_[i].terms.begin(), items_[i].terms.end(), [&](int id) {
          return TermOf(id).kind == TermKind::kValue && TermOf(id).column == col;
        });
    if (!of_col) continue;
    for (int k = i + 1; k <= i + len; ++k) items_[k].used = true;
  }
}

// "女运动员有哪些", "女明星有几个": a one-character value (never indexed: 女 is inside too many
// words) said right before a word naming one table, and after no other character of a word
// (the question's start, punctuation, a function word), is the value of that table's one text
// column that stores it; none or two such columns leave it unread.
void Parser::ReadOneCharacterValues() {
  const int n = static_cast<int>(items_.size());
  for (int i = 0; i + 1 < n; ++i) {
    Item& it = items_[i];
    const int table = TableOf(items_[i + 1]);
    if (it.used || it.kind != ItemKind::kUnknown || !text::ContainsCjk(it.text) ||
        it.unit_end != it.unit_begin + 1 || table < 0 ||
        (i > 0 && !IsFiller(items_[i - 1]) && !items_[i - 1].Has(Kw::kWhich))) {
      continue;
    }
    int column = -1, holding = 0;  // two columns storing it: which one is meant?
    for (int c : index_.tables()[table].columns) {
      const IndexedColumn& col = Col(c);
      if (col.type_class == TypeClass::kText && !col.primary_key && !col.foreign_key &&
          std::find(col.stats.values.begin(), col.stats.values.end(), it.text) !=
              col.stats.values.end()) {
        column = c;
        ++holding;
      }
    }
    if (holding != 1) continue;
    it.used = true;
    Filter f;
    f.column = column;
    f.op = Op::kEq;
    f.values = {it.text};
    q_.filters.push_back(f);
    Map(it, "filter", ColName(column) + " = '" + it.text + "'");
    Understood(Col(column).name + " = '" + it.text + "'",
               Col(column).name + " = '" + it.text + "'");
  }
}

// "orders of each customer in France", "orders from French customers", "suppliers based in
// Japan": a value right after a table's word and "in"/"from" (maybe "the", maybe after a verb of
// location), or right before the table's word, describes that
// table's rows, so it is of that table's column (Customers.Country), not of the counted rows'
// look-alike (Orders.ShipCountry). Only when the value has one column there.
void Parser::ReadTableBeforeValue(int i) {
  auto one_table = [&](int k) {
    if (k < 0 || k >= static_cast<int>(items_.size()) || items_[k].kind != ItemKind::kTerm) {
      return -1;
    }
    int table = -1;
    for (int id : items_[k].terms) {
      if (TermOf(id).kind != TermKind::kTable || (table >= 0 && TermOf(id).table != table)) {
        return -1;
      }
      table = TermOf(id).table;
    }
    return table;
  };
  int prep = i - 1;
  if (prep >= 0 && text::AsciiLower(items_[prep].text) == "the") --prep;
  const std::string said = prep >= 0 ? text::AsciiLower(items_[prep].text) : "";
  int before = prep - 1;
  // "suppliers based in Japan": a verb of where the rows are says no more than "in", after a
  // word naming only a table (not "schools" that is also school.School, a column to list).
  if (said == "in" && before >= 0 && !items_[before].used &&
      items_[before].kind == ItemKind::kUnknown) {
    const std::string verb = text::AsciiLower(items_[before].text);
    const int named = PrevMeaningful(before);
    if ((verb == "based" || verb == "located" || verb == "headquartered") &&
        one_table(named) >= 0) {
      items_[before].used = true;
      Map(items_[before], "filter", "where the rows are (like 'in')");
      before = named;
    }
  }
  int table = said == "in" || said == "from" ? one_table(before) : -1;
  if (table < 0) table = one_table(i + 1);
  if (table < 0) return;
  int column = -1;
  for (int id : items_[i].terms) {
    const Term& t = TermOf(id);
    if (t.kind != TermKind::kValue || t.table != table || t.column == column) continue;
    if (column >= 0) return;  // two columns of that table: nothing to choose by
    column = t.column;
  }
  if (column < 0) return;
  filter_subjects_.insert(column);
  table_subjects_.insert(column);
}

// "1990年首版的作品": the characters right after a value that, with 时间/日期, are the name of
// the value's own column (首版 → 首版时间) only say which column the value is of; they are read
// as part of the filter. Only when every term of the value is of that one column. So do two or
// three characters that open that column's longer name (北京电影学院毕业的明星: 毕业院校,
// 上海出生的: 出生地).
void Parser::ReadVerbOfValueColumn(int i) {
  const int n = static_cast<int>(items_.size());
  int column = -1;
  for (int id : items_[i].terms) {
    const Term& t = TermOf(id);
    if (t.kind != TermKind::kValue || (column >= 0 && t.column != column)) return;
    column = t.column;
  }
  std::string verb;
  for (int k = i + 1; k < n && k <= i + 3; ++k) {
    const Item& o = items_[k];
    if (o.used || o.text == "的" || (o.kind != ItemKind::kUnknown && !o.Has(Kw::kRowUnit))) return;
    verb += o.text;
    const std::string& name = Col(column).name;
    if (verb.size() >= 6 && name.size() > verb.size() && name.starts_with(verb) &&
        (k + 1 >= n || items_[k + 1].text == "的" || items_[k + 1].Has(Kw::kStop))) {
      for (int u = i + 1; u <= k; ++u) items_[u].used = true;
      filter_subjects_.insert(column);
      return;
    }
    for (std::string_view noun : {"时间", "日期"}) {
      const std::vector<int>* terms = index_.FindTerms(PhraseKey(verb + std::string(noun)));
      if (terms == nullptr) continue;
      const bool names = std::any_of(terms->begin(), terms->end(), [&](int id) {
        return TermOf(id).kind == TermKind::kColumn && TermOf(id).column == column;
      });
      if (!names) return;
      for (int u = i + 1; u <= k; ++u) items_[u].used = true;
      filter_subjects_.insert(column);
      return;
    }
  }
}

int Parser::RelatedCountEdge(int table, int counted) const {
  const auto& edges = index_.edges();
  auto single = [&](int from, int to) {
    int found = -1;
    for (int k = 0; k < static_cast<int>(edges.size()); ++k) {
      if (edges[k].from_table != from || edges[k].to_table != to) continue;
      if (found >= 0) return -2;  // two references: which one counts is a guess
      found = k;
    }
    return found;
  };
  if (table == counted) return -1;
  if (const int e = single(counted, table); e != -1) return e < 0 ? -1 : e;
  if (single(table, counted) != -1) return -1;  // the table refers to it: not a count of rows
  // A link table (has_pet between student and pets): its rows pointing at the table.
  int found = -1;
  for (int link = 0; link < static_cast<int>(index_.tables().size()); ++link) {
    if (link == table || link == counted) continue;
    const int to_table = single(link, table);
    if (to_table == -1 || single(link, counted) == -1) continue;
    if (to_table < 0 || single(link, counted) < 0 || found >= 0) return -1;
    found = to_table;
  }
  return found;
}

namespace {
bool IsHavingVerb(std::string_view word) {
  static constexpr std::string_view kVerbs[] = {
      "have",     "has",       "had",       "place",  "placed",    "places",
      "make",     "made",      "makes",     "buy",    "bought",    "buys",
      "purchase", "purchased", "purchases", "submit", "submitted", "submits"};
  const std::string lower = text::AsciiLower(word);
  return std::find(std::begin(kVerbs), std::end(kVerbs), lower) != std::end(kVerbs);
}
}  // namespace

// "ordered", "invoiced": a verb made of a table's word (order, invoice) names that table's
// rows; -1 when the stem names no table or several.
int Parser::TableOfVerb(std::string_view word) const {
  const std::string lower = text::AsciiLower(word);
  if (!lower.ends_with("ed") || lower.size() < 5) return -1;
  const std::string stem = lower.substr(0, lower.size() - 2);
  int found = -1;
  for (const std::string& s : {stem, stem + "e"}) {
    const std::vector<int>* terms = index_.FindTerms(PhraseKey(s));
    if (!terms) continue;
    for (int id : *terms) {
      if (TermOf(id).kind != TermKind::kTable) continue;
      if (found >= 0 && found != TermOf(id).table) return -1;
      found = TermOf(id).table;
    }
  }
  return found;
}

void Parser::ParseRelatedCounts() {
  const int n = static_cast<int>(items_.size());
  for (int i = 0; i < n && chinese_; ++i) ReadChineseNoRelated(i);
  for (int i = 0; i < n && chinese_; ++i) ReadChineseRelatedCount(i);
  for (int i = 0; i < n && chinese_; ++i) ReadChineseHavingCount(i);
  for (int i = 0; i < n; ++i) ReadRelatedCount(i);
}

// "有2个及以上客户的城市", "有超过10张发票的客户", "至少有3个客户的国家": 有 + a compared count of
// B's rows + 的 + A is the A that so many rows of B fall in (a group column of B) or point at (a
// table B refers to): the comparison right after 有, 至少 right before it, or 及以上/及以下 after
// the number's unit. A bare 以上 (more than, or at least?) is left unread.
void Parser::ReadChineseHavingCount(int i) {
  constexpr KwSet kCompare = Bit(Kw::kGt) | Bit(Kw::kGe) | Bit(Kw::kLt) | Bit(Kw::kLe);
  const int n = static_cast<int>(items_.size());
  auto compares = [&](int k) {
    return k >= 0 && k < n && !items_[k].used && items_[k].kind == ItemKind::kKeyword &&
           (items_[k].kw & kCompare) != 0 && !items_[k].Has(Kw::kNot);
  };
  if (items_[i].used || items_[i].text != "有") return;
  int op = -1, m = i + 1;
  if (compares(m) && items_[m].text != "以上" && items_[m].text != "以下") {
    op = m++;
  } else if (compares(i - 1) && items_[i - 1].text == "至少") {
    op = i - 1;
  }
  if (m >= n || items_[m].used || items_[m].kind != ItemKind::kNumber || items_[m].number < 0 ||
      std::floor(items_[m].number) != items_[m].number) {
    return;
  }
  int j = m + 1;
  const int unit = j < n && items_[j].Has(Kw::kRowUnit) ? j++ : -1;
  if (op < 0 && compares(j) && (items_[j].text == "及以上" || items_[j].text == "及以下")) op = j++;
  if (op < 0 || j + 2 >= n || items_[j].used || items_[j].kind != ItemKind::kTerm ||
      HasValue(items_[j]) || items_[j + 1].text != "的") {
    return;
  }
  const int k = j, counted = TableOf(items_[k]), a = j + 2;
  if (counted < 0 || items_[a].used || items_[a].kind != ItemKind::kTerm || HasValue(items_[a])) {
    return;
  }
  const int table = TableOf(items_[a]);
  const int group = table < 0 ? GroupColumnOf(items_[a], counted) : -1;
  const int edge = group < 0 && table >= 0 ? RelatedCountEdge(table, counted) : -1;
  if (group >= 0) {
    AddGroupCount(group, op, k, m);
  } else if (edge >= 0) {
    const Item& w = items_[op];
    const Op cmp = ComparisonOpOf(w);
    AddRelatedCount(table, counted, edge, cmp, items_[m].number, k);
    items_[op].used = items_[m].used = true;
  } else {
    return;
  }
  items_[i].used = true;
  if (unit >= 0) items_[unit].used = true;
}

// "customers with more than 5 orders", "artists who never released an album": a comparison
// word (or a negation) at i between the rows compared and the table counted.
void Parser::ReadRelatedCount(int i) {
  constexpr KwSet kCompare = Bit(Kw::kGt) | Bit(Kw::kGe) | Bit(Kw::kLt) | Bit(Kw::kLe);
  Item& trigger = items_[i];
  const bool never =
      !chinese_ && trigger.kind == ItemKind::kUnknown && text::AsciiLower(trigger.text) == "never";
  if (trigger.used || (trigger.kind != ItemKind::kKeyword && !never)) return;
  const bool negation = never || (trigger.Has(Kw::kNot) && (trigger.kw & kCompare) == 0);
  if (!negation && (trigger.kw & kCompare) == 0) return;
  int k = -1, number = -1;
  const int counted = RelatedCountedTable(i, negation, &k, &number);
  if (counted < 0) return;
  const int table = TableComparedBefore(i);
  if (table < 0 && !negation && !chinese_) ReadGroupCount(i, counted, k, number);
  if (table < 0) return;
  const int edge = RelatedCountEdge(table, counted);
  if (edge < 0) return;
  const Op op = negation ? Op::kEq : ComparisonOpOf(trigger);
  AddRelatedCount(table, counted, edge, op, negation ? 0 : items_[number].number, k);
  trigger.used = true;
  if (number >= 0) items_[number].used = true;
  for (int j = i + 1; j < k; ++j) items_[j].used = true;  // "any"
  // "customers who have never ordered anything": after the verb naming the counted rows,
  // "anything" is any of them.
  const int after = negation && items_[k].kind == ItemKind::kUnknown ? NextMeaningful(k) : -1;
  if (after >= 0 && !items_[after].used && text::AsciiLower(items_[after].text) == "anything") {
    items_[after].used = true;
  }
}

// The table a related-count word at i counts: a comparison's number right after it
// (*number), then the counted table's word, maybe after "any" (*k); -1 when it counts none.
int Parser::RelatedCountedTable(int i, bool negation, int* k, int* number) const {
  *k = NextMeaningful(i);
  if (negation && *k >= 0 && text::AsciiLower(items_[*k].text) == "been") *k = NextMeaningful(*k);
  const int lines = negation ? SoldVerbLines(i, *k) : -1;
  if (lines >= 0) return lines;
  // "never placed an order", "did not buy any orders": a verb of having or making rows
  // says nothing of which rows (a verb that does, "cancelled", leaves it unread).
  if (negation && *k >= 0 && items_[*k].kind == ItemKind::kUnknown &&
      IsHavingVerb(items_[*k].text)) {
    *k = NextMeaningful(*k);
  }
  if (!negation) {
    if (*k < 0 || items_[*k].kind != ItemKind::kNumber || items_[*k].used) return -1;
    *number = *k;
    *k = NextMeaningful(*k);
  } else if (*k >= 0 && text::AsciiLower(items_[*k].text) == "any") {
    *k = NextMeaningful(*k);
  }
  // "customers who never ordered": the verb of a table's word counts that table's rows.
  const int verb_table =
      negation && *k >= 0 && items_[*k].kind == ItemKind::kUnknown && !items_[*k].used
          ? TableOfVerb(items_[*k].text)
          : -1;
  if (verb_table >= 0) return verb_table;
  if (*k < 0 || items_[*k].used || items_[*k].kind != ItemKind::kTerm) return -1;
  if (HasValue(items_[*k])) return -1;
  return TableOf(items_[*k]);
}

// "tracks never sold", "how many tracks have never been purchased?": a sale verb ending the
// question after the negation says the rows have no order lines (the English twin of
// sale_verbs.cc ReadNeverSoldVerb); the order lines' table, or -1. The lines must then refer
// to the rows directly (RelatedCountEdge): "customers who never bought", "genres never sold"
// stay unread, and so do the lines' own documents, whose name the lines' table begins with
// (InvoiceLine, "Order Details": "invoices never sold" says what?).
// Anything after the verb (a period, a buyer) is not read, and abstains. A list of them from
// a table longer than the list limit could be cut (Chinook: 1519 of 3503 tracks unsold), so
// there they are only counted.
int Parser::SoldVerbLines(int i, int k) const {
  if (k < 0 || items_[k].used || items_[k].kind != ItemKind::kUnknown) return -1;
  const int table = TableComparedBefore(i);
  const int lines = OrderLinesTable(index_);
  if (table < 0 || lines < 0) return -1;
  auto squeezed = [](std::string_view name) {
    std::string out;
    for (char c : name) {
      if (std::isalnum(static_cast<unsigned char>(c))) out += text::AsciiLower(std::string(1, c));
    }
    return out;
  };
  const std::string document = SingularizeEnglish(squeezed(index_.tables()[table].name));
  if (squeezed(index_.tables()[lines].name).starts_with(document)) return -1;
  const bool counted =
      std::any_of(items_.begin(), items_.end(), [](const Item& it) { return it.Has(Kw::kCount); });
  static constexpr std::string_view kVerbs[] = {"sold", "purchased", "bought"};
  const std::string lower = text::AsciiLower(items_[k].text);
  if (std::find(std::begin(kVerbs), std::end(kVerbs), lower) == std::end(kVerbs)) return -1;
  if (NextMeaningful(k) >= 0) return -1;
  if (!counted && index_.tables()[table].row_count > options_.default_list_limit) {
    unsold_list_too_long_ = table;
    return -1;
  }
  return lines;
}

// "countries with more than 5 customers", "which cities have more than one customer": a
// label column of the counted table right before the comparison (past fillers and one verb)
// is compared by the count of that table's rows in each of its values (a HAVING of the
// groups). The item of the column, or -1: a key or a number column (a value compared, not a
// group) and a column with a value said ("customers in Berlin") are no group.
int Parser::GroupComparedBefore(int i, int counted) const {
  int verbs = 0;
  for (int j = i - 1; j >= 0; --j) {
    if (IsFiller(items_[j])) continue;
    if (items_[j].kind == ItemKind::kUnknown && !items_[j].used && ++verbs <= 1) continue;
    return GroupColumnOf(items_[j], counted) >= 0 ? j : -1;
  }
  return -1;
}

// A label column of `counted` that can name its groups: text, no key, no value said.
int Parser::GroupColumnOf(const Item& it, int counted) const {
  if (it.kind != ItemKind::kTerm || it.used || HasValue(it)) return -1;
  const int c = ColumnOf(it);
  if (c < 0 || Col(c).table != counted || Col(c).primary_key || Col(c).foreign_key) return -1;
  return Col(c).type_class == TypeClass::kText && Col(c).role == ColumnRole::kDimension ? c : -1;
}

void Parser::ReadGroupCount(int i, int counted, int k, int number) {
  const int group = GroupComparedBefore(i, counted);
  if (group >= 0 && number >= 0) AddGroupCount(ColumnOf(items_[group]), i, k, number);
}

// The groups of `column` compared (the comparison word at i, its number) by the count of rows
// the word at k names: Filter::group_count.
void Parser::AddGroupCount(int column, int i, int k, int number) {
  const int counted = Col(column).table;
  Filter f;
  f.column = column;
  f.numeric = true;
  f.group_count = true;
  f.op = ComparisonOpOf(items_[i]);
  f.lo = items_[number].number;
  q_.filters.push_back(f);
  items_[i].used = items_[number].used = items_[k].used = true;
  const std::string what = index_.tables()[counted].name;
  const std::string cond =
      "COUNT(" + what + ") " + std::string(OpSymbol(f.op)) + " " + FormatNumber(f.lo);
  Map(items_[k], "filter", cond + " per " + Col(f.column).name);
  Understood(Col(f.column).name + ": " + cond, Col(f.column).name + "：" + cond);
}

// The rows a related count compares: the nearest table word before i, past fillers and one
// verb; -1 when none.
int Parser::TableComparedBefore(int i) const {
  int verbs = 0;
  for (int j = i - 1; j >= 0; --j) {
    if (IsFiller(items_[j])) continue;
    if (items_[j].kind == ItemKind::kUnknown && !items_[j].used && ++verbs <= 1) continue;
    return items_[j].kind == ItemKind::kTerm ? TableOf(items_[j]) : -1;
  }
  return -1;
}

void Parser::AddRelatedCount(int table, int counted, int edge, Op op, double value, int k) {
  Filter f;
  f.column = index_.edges()[edge].to_column;
  f.numeric = true;
  f.related_edge = edge;
  f.related_counted = counted;
  f.op = op;
  f.lo = value;
  q_.filters.push_back(f);
  related_counted_.insert(counted);
  related_counted_.insert(index_.edges()[edge].from_table);
  items_[k].used = true;
  const std::string what = index_.tables()[index_.edges()[edge].from_table].name;
  const std::string cond =
      "COUNT(" + what + ") " + std::string(OpSymbol(f.op)) + " " + FormatNumber(f.lo);
  Map(items_[k], "filter", cond + " per " + index_.tables()[table].name);
  Understood(index_.tables()[table].name + ": " + cond, index_.tables()[table].name + "：" + cond);
}

// "没有专辑的艺人", "没有发票的客户有多少": 没有 B 的 A is the rows of A that no row of B
// points at (the English "artists that do not have any albums"); 任何 after 没有 ("没有任何
// 销售记录的曲目") says the same. Only with nothing but fillers between; the rows named
// before 没有 are ReadChineseRowsWithNoRelated's; anything else ("没有卖出过的歌曲") stays
// unread and abstains.
void Parser::ReadChineseNoRelated(int i) {
  const int n = static_cast<int>(items_.size());
  int last = AbsenceWordEnd(i);
  if (last < 0) return;
  // 没有赞助过节目的品牌: the verb of the missing rows is read with 没有 when the link says it.
  int verb_end = -1;
  negated_verb_ = last + 1 < n ? NegatedVerbAt(last + 1, &verb_end) : "";
  if (!negated_verb_.empty()) last = verb_end;
  ReadChineseRowsWithNoRelated(i, last);
  if (items_[i].used) {
    ReadNeverWordBefore(i);
    return;
  }
  int k = NextMeaningful(last);
  const int any = k >= 0 ? AnyWordEnd(k) : -1;
  if (any >= 0) k = NextMeaningful(any);
  if (k < 0 || items_[k].used || items_[k].kind != ItemKind::kTerm || HasValue(items_[k])) return;
  const int link = k;  // 没有转播体育赛事的平台: moved past the link table's word said as the verb
  int records = -1;
  const int counted = CountedAfterAbsence(&k, &records);
  const int j = NextMeaningful(records >= 0 ? records : k);
  if (counted < 0 || j < 0 || items_[j].used || items_[j].kind != ItemKind::kTerm) return;
  // 没有 B 的 A: without the 的 (没有转播体育赛事) B is no noun phrase of its own.
  if (!DeBetween(records >= 0 ? records : k, j)) return;
  const int table = TableOf(items_[j]);
  if (table < 0 || table == counted) return;
  const int edge = RelatedCountEdge(table, counted);
  if (edge < 0 || !NoRelatedVerbFits(edge)) return;
  if (link != k && index_.edges()[edge].from_table != TableOf(items_[link])) return;
  AddRelatedCount(table, counted, edge, Op::kEq, 0, k);
  for (int u = link; u < k; ++u) items_[u].used = true;
  for (int u = i; u <= last; ++u) items_[u].used = true;
  for (int u = last + 1; u <= any; ++u) items_[u].used = true;
  for (int u = k + 1; u <= records; ++u) items_[u].used = true;
  ReadNeverWordBefore(i);
}

// The last item of a word of absence at i, or -1: 没有 (or 没 有); 没 or 未 alone right before a
// table's word or a negated verb (没专辑的艺人, 从未被卖出过的曲目: the verb read as the lines'
// table, sale_verbs.cc; 没赞助过节目的品牌, 一个节目都没赞助过); 不 before the word of a link table
// said as the verb (不转播体育赛事的平台).
int Parser::AbsenceWordEnd(int i) const {
  const int n = static_cast<int>(items_.size());
  if (items_[i].used) return -1;
  if (items_[i].text == "没有") return i;
  if (items_[i].text == "没" && i + 1 < n && items_[i + 1].text == "有" && !items_[i + 1].used) {
    return i + 1;
  }
  if (items_[i].text == "没" || items_[i].text == "未") {
    int k = NextMeaningful(i);
    int verb_end = -1;
    if (i + 1 < n && !NegatedVerbAt(i + 1, &verb_end).empty()) k = NextMeaningful(verb_end);
    return (k >= 0 ? TableOf(items_[k]) >= 0 && !HasValue(items_[k]) : verb_end >= 0) ? i : -1;
  }
  if (items_[i].text == "不" && i + 1 < n && TableOf(items_[i + 1]) >= 0 && !items_[i + 1].used &&
      !HasValue(items_[i + 1])) {
    const int b = NextMeaningful(i + 1), a = b >= 0 ? NextMeaningful(b) : -1;
    if (a >= 0 && LinkSaidAsVerb(i + 1, TableOf(items_[a])) == b) return i;
  }
  return -1;
}

// The table counted after 没有 from the word at *k, or -1. A link table's word said as the verb
// (没有转播体育赛事的平台: 转播 of 赛事转播) moves *k to the word after it; the counted table's
// records (没有出版记录的外文书), or those of a column's table (没有营养成分记录的坚果), end at
// *records.
int Parser::CountedAfterAbsence(int* k, int* records) const {
  const int n = static_cast<int>(items_.size());
  int after_link = NextMeaningful(*k);
  if (after_link >= 0 && items_[after_link].text == "过") after_link = NextMeaningful(after_link);
  const int next_word = after_link >= 0 ? NextMeaningful(after_link) : -1;
  if (next_word >= 0 && LinkSaidAsVerb(*k, TableOf(items_[next_word])) == after_link) {
    *k = after_link;
  }
  int counted = TableOf(items_[*k]);
  *records = NextMeaningful(*k) >= 0 ? RecordWordEnd(NextMeaningful(*k)) : -1;
  if (counted >= 0) return counted;
  int rows_word = -1;
  for (int u = *k + 1; u < n && rows_word < 0; ++u) {
    if (items_[u].kind == ItemKind::kTerm) rows_word = u;
  }
  if (NextMeaningful(*k) < 0 || rows_word < 0) return -1;
  int end = -1;
  counted = RecordsOfColumnTable(*k, TableOf(items_[rows_word]), &end);
  if (counted >= 0) *records = end;
  return counted;
}

// The verb after 没/没有 that says which rows are missing (赞助过, 办过, 演过, 拿过): one to three
// unread characters, then 过 or a table's word or the question's end; its text without 过
// (empty when there is none at k), `*end` its last item (过 included).
std::string Parser::NegatedVerbAt(int k, int* end) const {
  const int n = static_cast<int>(items_.size());
  if (AnyWordEnd(k) >= 0) return "";  // 没有任何客户: no verb
  std::string verb;
  int last = -1;
  for (int u = k; u < n && !items_[u].used && items_[u].kind == ItemKind::kUnknown; ++u) {
    last = u;
    if (items_[u].text == "过") break;
    verb += items_[u].text;
    if (verb.size() > 9) return "";  // three characters at most
  }
  const bool ends = last >= 0 && (items_[last].text == "过" || last + 1 >= n ||
                                  items_[last + 1].kind == ItemKind::kTerm);
  if (verb.empty() || !ends) return "";
  *end = last;
  return verb;
}

// Whether the verb read with 没有 (negated_verb_) says the link `edge` counts: in the name of the
// referencing table or its key (综艺节目赞助商 for 赞助, 演员和电影 for 演), or a verb of having
// or doing that names no other relation (有, 拿, 获得, 办, 举办, 参加). True with no verb.
bool Parser::NoRelatedVerbFits(int edge) const {
  if (negated_verb_.empty()) return true;
  static constexpr std::string_view kHaving[] = {"有", "拿", "获得", "办", "举办", "参加"};
  if (std::find(std::begin(kHaving), std::end(kHaving), negated_verb_) != std::end(kHaving)) {
    return true;
  }
  const JoinEdge& e = index_.edges()[edge];
  return index_.tables()[e.from_table].name.find(negated_verb_) != std::string::npos ||
         Col(e.from_column).name.find(negated_verb_) != std::string::npos;
}

// 从/从来 before 没 (从来没有赞助过, 从没办过): "ever", read with the negation.
void Parser::ReadNeverWordBefore(int i) {
  for (int u = i - 1; u >= 0 && u >= i - 2; --u) {
    if (items_[u].used ||
        (items_[u].text != "从" && items_[u].text != "来" && items_[u].text != "从来")) {
      return;
    }
    items_[u].used = true;
  }
}

// The last item of 任何 ("any", one word or its two unknown characters) starting at k, else -1.
int Parser::AnyWordEnd(int k) const {
  const int n = static_cast<int>(items_.size());
  if (items_[k].used) return -1;
  if (items_[k].text == "任何") return k;
  if (items_[k].text == "任" && k + 1 < n && items_[k + 1].text == "何" && !items_[k + 1].used) {
    return k + 1;
  }
  return -1;
}

// The last item of 记录 ("records", one word or its two unknown characters) starting at k, else
// -1: said after a table's word (没有出版记录, 没有皇帝的记录) it names that table's rows.
int Parser::RecordWordEnd(int k) const {
  const int n = static_cast<int>(items_.size());
  if (items_[k].used) return -1;
  if (items_[k].text == "记录" && items_[k].kind != ItemKind::kTerm) return k;
  if (items_[k].text == "记" && k + 1 < n && items_[k + 1].text == "录" && !items_[k + 1].used) {
    return k + 1;
  }
  return -1;
}

// 哪些坚果没有产地记录, 没有营养成分信息的坚果: a column word of a table that refers to
// `rows_table` once, then a word for records (记录, 信息, 数据, 资料; 的 between allowed), says
// that table's rows. The table, `*end` the records word's last item; else -1.
int Parser::RecordsOfColumnTable(int k, int rows_table, int* end) const {
  const int n = static_cast<int>(items_.size());
  if (rows_table < 0 || items_[k].used || items_[k].kind != ItemKind::kTerm ||
      HasValue(items_[k])) {
    return -1;
  }
  const int c = ColumnOf(items_[k]);
  if (c < 0 || Col(c).primary_key || Col(c).foreign_key || Col(c).table == rows_table) return -1;
  int refs = 0;
  for (const JoinEdge& e : index_.edges()) {
    refs += e.from_table == Col(c).table && e.to_table == rows_table;
  }
  if (refs != 1) return -1;
  int r = k + 1;
  if (r < n && items_[r].text == "的") ++r;
  if (r >= n || items_[r].used) return -1;
  if (const int rec = RecordWordEnd(r); rec >= 0) {
    *end = rec;
    return Col(c).table;
  }
  static constexpr std::string_view kRecords[] = {"信息", "数据", "资料"};
  if (std::find(std::begin(kRecords), std::end(kRecords), items_[r].text) == std::end(kRecords)) {
    return -1;
  }
  *end = r;
  return Col(c).table;
}

// Whether a 的 stands between items a and b.
bool Parser::DeBetween(int a, int b) const {
  for (int u = a + 1; u < b; ++u) {
    if (items_[u].text == "的") return true;
  }
  return false;
}

// 平台没有转播体育赛事: the word at k names a link table said as the verb between the rows
// (`rows_table`) and the next word's table: that next word's item, else -1. The link holds
// one reference to each and the next word names a table of its own.
int Parser::LinkSaidAsVerb(int k, int rows_table) const {
  const int link = TableOf(items_[k]);
  int b = NextMeaningful(k);
  if (b >= 0 && items_[b].text == "过" && !items_[b].used) b = NextMeaningful(b);  // 转播过
  if (link < 0 || rows_table < 0 || b < 0 || items_[b].used || HasValue(items_[k]) ||
      HasValue(items_[b])) {
    return -1;
  }
  const int other = TableOf(items_[b]);
  if (other < 0 || other == link || other == rows_table || link == rows_table) return -1;
  auto refs = [&](int to) {
    int count = 0;
    for (const JoinEdge& e : index_.edges()) count += e.from_table == link && e.to_table == to;
    return count;
  };
  return refs(rows_table) == 1 && refs(other) == 1 ? b : -1;
}

// The other word orders of 没有, with the rows asked about named first and nothing after the
// counted table: "哪些艺人没有专辑", "哪些艺人没有任何专辑", "哪些员工名下没有客户" (名下: in one's
// name, a 的), "哪些艺人一张专辑都没有" (一 + its unit + B + 都 before 没有: not even one B).
// The same rows as 没有 B 的 A; a table B the rows A do not have (via RelatedCountEdge) or a
// word after B leaves 没有 unread.
void Parser::ReadChineseRowsWithNoRelated(int i, int last) {
  NoRelatedWords w;
  const int before = PrevMeaningful(i);
  const bool not_even_one =
      before >= 0 && i > 0 && items_[i - 1].text == "都" && items_[before].kind == ItemKind::kTerm;
  if (!(not_even_one ? NotEvenOneBefore(i, last, &w) : RowsNamedBeforeNo(before, last, &w))) return;
  const int rows_at = w.rows_at, counted_at = w.counted_at;
  if (rows_at < 0 || items_[rows_at].used || items_[rows_at].kind != ItemKind::kTerm ||
      HasValue(items_[rows_at]) || items_[counted_at].used || HasValue(items_[counted_at])) {
    return;
  }
  const int table = TableOf(items_[rows_at]);
  int counted = TableOf(items_[counted_at]);
  if (counted < 0) counted = w.records_table;
  if (table < 0 || counted < 0 || table == counted) return;
  const int edge = RelatedCountEdge(table, counted);
  if (edge < 0 || !NoRelatedVerbFits(edge)) return;
  if (w.link >= 0 && index_.edges()[edge].from_table != w.link) return;
  AddRelatedCount(table, counted, edge, Op::kEq, 0, counted_at);
  for (int u = i; u <= last; ++u) items_[u].used = true;
  for (int u : w.read) items_[u].used = true;
}

// A 一 张 B 都 没有 (一场宣讲会都没办过: 没 + the verb, read by ReadChineseNoRelated into `last`):
// the rows A before 一, the counted B before 都; false when the words are not so.
bool Parser::NotEvenOneBefore(int i, int last, NoRelatedWords* w) const {
  const int before = PrevMeaningful(i);
  const int one = PrevMeaningful(before);
  if (one < 0 || items_[one].kind != ItemKind::kNumber || items_[one].number != 1 ||
      one + 1 >= before || !items_[one + 1].Has(Kw::kRowUnit)) {
    return false;
  }
  w->counted_at = before;
  w->rows_at = PrevMeaningful(one);
  w->read = {one, i - 1};
  return NextMeaningful(last) < 0;
}

// A (名下) 没有 (任何) B, the rows A at `before`, B after `last` ending the question: B may be a
// link table's word said as the verb (哪些平台没有转播体育赛事), the counted table's records
// (哪些国家没有最大都市的记录) or a column's table's (哪些坚果没有产地信息); false otherwise.
bool Parser::RowsNamedBeforeNo(int before, int last, NoRelatedWords* w) const {
  int rows_at = before;
  if (rows_at >= 0 && items_[rows_at].text == "名下" && !items_[rows_at].used) {
    w->read.push_back(rows_at);
    rows_at = PrevMeaningful(rows_at);
  }
  w->rows_at = rows_at;
  int counted_at = NextMeaningful(last);
  if (const int any = counted_at >= 0 ? AnyWordEnd(counted_at) : -1; any >= 0) {
    for (int u = counted_at; u <= any; ++u) w->read.push_back(u);
    counted_at = NextMeaningful(any);
  }
  if (counted_at >= 0 && rows_at >= 0) {
    if (const int b = LinkSaidAsVerb(counted_at, TableOf(items_[rows_at])); b >= 0) {
      w->link = TableOf(items_[counted_at]);
      for (int u = counted_at; u < b; ++u) w->read.push_back(u);
      counted_at = b;
    }
  }
  w->counted_at = counted_at;
  const int after = counted_at >= 0 ? NextMeaningful(counted_at) : -1;
  int records = after >= 0 ? RecordWordEnd(after) : -1;
  if (counted_at >= 0 && rows_at >= 0 && TableOf(items_[counted_at]) < 0) {
    int records_end = -1;
    w->records_table = RecordsOfColumnTable(counted_at, TableOf(items_[rows_at]), &records_end);
    if (w->records_table >= 0) records = records_end;
  }
  for (int u = counted_at + 1; records >= 0 && u <= records; ++u) w->read.push_back(u);
  return counted_at >= 0 && NextMeaningful(records >= 0 ? records : counted_at) < 0;
}

// "下单超过20次的客户", "专辑多于3张的艺人": B 超过 N (次|张…) 的 A is the rows of A that more
// than N rows of B point at (the English "artists that have more than 3 albums"), in that
// word order only: the counted table word right before the comparison, a whole number after
// it, then its unit, 的 and the table word.
void Parser::ReadChineseRelatedCount(int i) {
  constexpr KwSet kCompare = Bit(Kw::kGt) | Bit(Kw::kGe) | Bit(Kw::kLt) | Bit(Kw::kLe);
  const int n = static_cast<int>(items_.size());
  const Item& op = items_[i];
  if (op.used || op.kind != ItemKind::kKeyword || (op.kw & kCompare) == 0 || op.Has(Kw::kNot)) {
    return;
  }
  int k = i - 1;
  // 客户数超过4个的国家: the count word after the counted table's word (the groups only).
  const int count_word = k >= 1 && !items_[k].used && items_[k].Has(Kw::kCount) ? k-- : -1;
  if (k < 0 || items_[k].used || items_[k].kind != ItemKind::kTerm || HasValue(items_[k])) return;
  const int counted = TableOf(items_[k]);
  const int m = i + 1;
  if (counted < 0 || m >= n || items_[m].used || items_[m].kind != ItemKind::kNumber ||
      items_[m].number < 0 || std::floor(items_[m].number) != items_[m].number) {
    return;
  }
  int j = m + 1;
  const int unit = j < n && (items_[j].Has(Kw::kRowUnit) || items_[j].text == "次") ? j++ : -1;
  if (j >= n || items_[j].text != "的") return;
  ++j;
  if (j >= n || items_[j].used || items_[j].kind != ItemKind::kTerm || HasValue(items_[j])) return;
  const int table = TableOf(items_[j]);
  // 客户超过5个的国家, 客户数超过4个的国家: a label column of the counted table, its groups.
  const int group = table < 0 ? GroupColumnOf(items_[j], counted) : -1;
  if (group >= 0) {
    AddGroupCount(group, i, k, m);
    if (unit >= 0) items_[unit].used = true;
    if (count_word >= 0) items_[count_word].used = true;
    return;
  }
  // 曲目数超过20的专辑, 客户数超过300个的城市: the count word says the same count of the rows
  // that refer to the table named after 的.
  const int edge = table < 0 ? -1 : RelatedCountEdge(table, counted);
  if (edge < 0) return;
  const Op cmp = ComparisonOpOf(op);
  AddRelatedCount(table, counted, edge, cmp, items_[m].number, k);
  items_[i].used = items_[m].used = true;
  if (unit >= 0) items_[unit].used = true;
  if (count_word >= 0) items_[count_word].used = true;
}

}  // namespace askdb::nlq
