// Reading measures and aggregates: top/bottom N, ranked rows, and the aggregate words
// (sum, average, count, highest...) with the columns they apply to.
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
#include "askdb/nlq/number_words.h"
#include "askdb/nlq/parser.h"

namespace askdb::nlq {

namespace {

// The Chinese superlatives that rank what follows them ("订单最多的城市", "销售额最高的商品").
bool IsRankingSuperlative(std::string_view word) {
  static constexpr std::string_view kWords[] = {"最多的", "最少的", "最高的", "最低的"};
  return std::find(std::begin(kWords), std::end(kWords), word) != std::end(kWords);
}

// 几种 / 多少种 ask how many kinds ("有几种支付方式" = 4), not which ones: a count of the
// distinct values. After 哪 ("有哪几种支付方式") they ask which ones, a list.
bool AsksHowManyKinds(const std::vector<Item>& items, int i) {
  const std::string& w = items[i].text;
  if (!w.starts_with("几") && !w.starts_with("多少")) return false;
  return i == 0 || !items[i - 1].text.ends_with("哪");
}

}  // namespace

// The one numeric column of `table` that holds a length or a duration ("Milliseconds",
// "length", "duration_minutes"), or -1 when none or several.
int Parser::LengthColumn(int table) const {
  int found = -1;
  for (int c : index_.tables()[table].columns) {
    if (!IsNumericCol(c) || Col(c).primary_key || Col(c).foreign_key) continue;
    const std::string name = text::AsciiLower(Col(c).name);
    bool length = false;
    for (std::string_view part : {"length", "duration", "millisecond", "second", "minute"}) {
      length |= name.find(part) != std::string::npos;
    }
    if (!length) continue;
    if (found >= 0) return -1;  // two candidates: either would be a guess
    found = c;
  }
  return found;
}

// The table whose rows the term at `k` names (a table word, or a word naming the table and
// its label), -1 for any other item.
int Parser::RowTableAt(int k) const {
  if (k < 0 || k >= static_cast<int>(items_.size()) || items_[k].used ||
      items_[k].kind != ItemKind::kTerm) {
    return -1;
  }
  const int table = TableOf(items_[k]);
  const int column = ColumnOf(items_[k]);
  if (table < 0 || (column >= 0 && (Col(column).table != table || IsNumericCol(column)))) {
    return -1;
  }
  return table;
}

// How many rows the number at `num` asks for (1 with no number); 0 when it is no whole
// number from 1 to the longest list.
long long Parser::RowsAsked(int num) const {
  if (num < 0) return 1;
  const double v = items_[num].number;
  if (v < 1 || v > options_.default_list_limit || std::floor(v) != v) return 0;
  return static_cast<long long>(v);
}

// A filler, a which-word or a value (a filter): a word that asks for nothing beside rows
// ranked by their own value, so the ranking is all the question asks.
bool Parser::AsksNothingBesideTheRanking(const Item& it) const {
  return IsFiller(it) || (it.kind == ItemKind::kKeyword && (it.kw & ~Bit(Kw::kWhich)) == 0) ||
         (it.kind == ItemKind::kTerm && OnlyValues(it));
}

// The first `limit` rows of `table` by `col`, shown by their label (and its companion).
void Parser::RankRows(int table, int label, int col, bool desc, long long limit) {
  q_.limit = limit;
  q_.projections = {label};
  AddNameCompanion(&q_.projections, label);
  q_.order_column = col;
  q_.order_set = true;
  q_.order_desc = desc;
  q_.subject_table = table;
}

namespace {

// 哪些/有哪些 ask for a set: beside a superlative with no N ("员工最多的快递公司有哪些") that is
// every row at the top value, however many tie there.
bool AsksForASet(const std::vector<Item>& items) {
  static constexpr std::string_view kSetWords[] = {"哪些", "有哪些", "是哪些", "都有哪些"};
  return std::any_of(items.begin(), items.end(), [](const Item& it) {
    return std::find(std::begin(kSetWords), std::end(kSetWords), it.text) != std::end(kSetWords) ||
           (it.Has(Kw::kWhich) && it.text.starts_with("哪几"));  // 哪几位, 哪几条 (ReadWhichFew)
  });
}

// An English superlative of a row's own value starting at item `i`: "longest"/"shortest"
// (the table's length column), "cheapest"/"priciest" and "most/least expensive" (its price
// column). `last` is the superlative's last item; -1 when there is none at `i`.
struct RowSuperlative {
  int last = -1;
  bool desc = false;
  bool price = false;
};

RowSuperlative EnglishRowSuperlative(const std::vector<Item>& items, int i) {
  const Item& it = items[i];
  if (it.used) return {};
  const std::string w = text::AsciiLower(it.text);
  if (it.kind == ItemKind::kUnknown) {
    if (w == "longest" || w == "shortest") return {i, w == "longest", false};
    if (w == "cheapest" || w == "priciest") return {i, w == "priciest", true};
    return {};
  }
  const bool expensive = i + 1 < static_cast<int>(items.size()) && !items[i + 1].used &&
                         items[i + 1].kind == ItemKind::kUnknown &&
                         text::AsciiLower(items[i + 1].text) == "expensive";
  if (it.kind == ItemKind::kKeyword && expensive && (w == "most" || w == "least")) {
    return {i + 1, w == "most", true};
  }
  return {};
}

}  // namespace

// "the 5 longest tracks", "the shortest track", "the 3 most expensive products", "which
// product is the cheapest": the N rows of the table named right after the word (or, in the
// which-form, before it), ordered by the table's one length or price column. Read only when
// all of it is certain: English, one such column, a number before the word or a singular
// table word (one row). Otherwise the word stays unused and the question abstains.
void Parser::ReadLengthSuperlative() {
  if (chinese_) {
    ReadChineseRowSuperlative();
    if (q_.limit == 0) ReadChineseDateSuperlative();
    return;
  }
  const int n = static_cast<int>(items_.size());
  for (int i = 0; i < n; ++i) {
    const RowSuperlative s = EnglishRowSuperlative(items_, i);
    if (s.last < 0) continue;
    int t = NextMeaningful(s.last);
    int which = -1;  // "Which track is the longest?": the table before, the word last
    if (t < 0) {
      t = PrevMeaningful(i);
      which = t >= 0 ? PrevMeaningful(t) : -1;
      if (which < 0 || items_[which].kind != ItemKind::kKeyword || !items_[which].Has(Kw::kWhich))
        return;
    }
    if (t < 0 || items_[t].used || items_[t].kind != ItemKind::kTerm) return;
    const int table = TableOf(items_[t]);
    if (table < 0 || ColumnOf(items_[t]) >= 0) return;
    const int col = s.price ? index_.PriceColumn(table) : LengthColumn(table);
    const int label = index_.LabelColumn(table, chinese_);
    if (col < 0 || label < 0) return;
    const int p = which < 0 ? PrevMeaningful(i) : -1;
    // A number before the word, whole and at most the longest list (RowsAsked), counts the rows.
    const long long asked =
        p >= 0 && !items_[p].used && items_[p].kind == ItemKind::kNumber ? RowsAsked(p) : 0;
    const bool counted = asked > 0;
    const std::string& noun = items_[t].text;
    const bool singular = !noun.empty() && text::AsciiLower(noun).back() != 's';
    if (!counted && !singular) return;  // "the longest rivers": how many is not said
    RankRows(table, label, col, s.desc, counted ? asked : 1);
    q_.projections.push_back(col);
    for (int k = i; k <= s.last; ++k) items_[k].used = true;
    items_[t].used = true;
    if (counted) items_[p].used = true;
    if (which >= 0) items_[which].used = which_used_ = true;
    std::string word;
    for (int k = i; k <= s.last; ++k) {
      word += (word.empty() ? "" : " ") + text::AsciiLower(items_[k].text);
    }
    Map(items_[t], "table", index_.tables()[table].name);
    Map(items_[i], "order",
        ColName(col) + (q_.order_desc ? " DESC" : " ASC") + " LIMIT " + std::to_string(q_.limit));
    Understood(word + " by " + ColName(col), word + "：按 " + ColName(col));
    return;
  }
}

namespace {

// The Chinese superlatives of a row's own value; 最大值 is a function.
bool IsChineseValueSuperlative(const Item& it) {
  static constexpr std::string_view kWords[] = {
      "最高", "最高的", "最大", "最大的", "最长", "最贵",   "最低", "最低的",
      "最小", "最小的", "最短", "最便宜", "最多", "最多的", "最少", "最少的"};
  return it.kind == ItemKind::kKeyword && !it.used &&
         std::find(std::begin(kWords), std::end(kWords), it.text) != std::end(kWords);
}

// 最多/最少 count rows ("订单最多的城市") unless a column of the ranked rows is named right
// before them: "出版刊数最多的3本期刊" ranks the journals by their own count.
bool CountsRows(const Item& it) {
  return it.text.starts_with("最多") || it.text.starts_with("最少");
}

}  // namespace

// "时长最长的5首歌", "单价最高的10首曲目", "最贵的曲目", "哪首歌最长": the N rows of a table
// ordered by one of its own numeric columns (named before the word; for 最长/最短 its length
// column, for 最贵/最便宜 its one price column). Read only when nothing else is asked: every
// other word is a filler, a which-word or a value (a filter); otherwise the words stay
// unused for the other readings, and the question abstains if none places them.
void Parser::ReadChineseRowSuperlative() {
  if (!chinese_) return;
  for (int i = 0; i < static_cast<int>(items_.size()); ++i) {
    if (!IsChineseValueSuperlative(items_[i])) continue;
    const std::optional<ValueSuperlative> s = FindValueSuperlative(i);
    if (!s) continue;
    const int col = RankedColumn(*s);
    int label = index_.LabelColumn(s->table, chinese_);
    if (label < 0) label = index_.DocumentKey(s->table);  // 金额最大的发票: known by its number
    const long long rows = RowsAsked(s->num);
    if (col < 0 || label < 0 || rows == 0 || !AsksOnlyTheRowRanking(*s)) continue;
    RankByRowSuperlative(*s, col, label, rows);
    return;
  }
}

// The words around the superlative at i: the ranked table after it (past a count and its
// unit, or past a which-word: "被引数量最多的是哪本期刊") with a column named before it, or
// before it in the which-form ("哪(个|首) T [的 C] 最X"). None when no table of rows is there,
// or when 最多/最少 has no column of the rows before it (a count of rows, read elsewhere).
std::optional<Parser::ValueSuperlative> Parser::FindValueSuperlative(int i) const {
  ValueSuperlative s;
  s.at = i;
  int after = NextMeaningful(i);
  if (after >= 0 && items_[after].kind == ItemKind::kNumber && !items_[after].used) {
    s.num = after;
    after = NextMeaningful(after);
  }
  const int before = PrevMeaningful(i);
  if (s.num < 0 && after >= 0 && RowTableAt(after) < 0 && items_[after].Has(Kw::kWhich) &&
      (items_[after].kw & ~Bit(Kw::kWhich)) == 0) {
    after = NextMeaningful(after);
  }
  s.table = RowTableAt(after);
  if (s.table >= 0) {
    s.table_item = after;
    if (before >= 0 && items_[before].kind == ItemKind::kTerm && !OnlyValues(items_[before])) {
      s.column_item = before;
    }
  } else if (s.num < 0 && before >= 0) {
    int t = before;
    if (items_[t].kind == ItemKind::kTerm && TableOf(items_[t]) < 0) {
      s.column_item = t;
      t = PrevMeaningful(t);
    }
    s.table = RowTableAt(t);
    const int w = t >= 0 ? PrevMeaningful(t) : -1;
    if (s.table < 0 || w < 0 || !items_[w].Has(Kw::kWhich)) return std::nullopt;
    s.table_item = t;
  }
  if (s.table < 0 || (CountsRows(items_[i]) && s.column_item < 0)) return std::nullopt;
  return s;
}

// The numeric column the rows are ranked by: the one named before the word (of the ranked
// table), else for 最长/最短 the table's length column, for 最贵/最便宜 its one price column.
int Parser::RankedColumn(const ValueSuperlative& s) const {
  if (s.column_item >= 0) {
    const int col = ColumnOf(items_[s.column_item], /*numeric_only=*/true);
    const bool own = col >= 0 && Col(col).table == s.table && !items_[s.column_item].used;
    return own ? col : -1;
  }
  const std::string& word = items_[s.at].text;
  if (word == "最长" || word == "最短") return LengthColumn(s.table);
  if (word == "最贵" || word == "最便宜") return index_.PriceColumn(s.table);
  return -1;
}

// Nothing else may be asked: every other word a filler, a which-word, a value.
bool Parser::AsksOnlyTheRowRanking(const ValueSuperlative& s) const {
  for (int k = 0; k < static_cast<int>(items_.size()); ++k) {
    if (!s.Holds(k) && !AsksNothingBesideTheRanking(items_[k])) return false;
  }
  return true;
}

// The table's rows ordered by `col` (highest first for 最高/最多/最长/最贵), the first `rows`,
// the column shown; the superlative's words and the which-words read.
void Parser::RankByRowSuperlative(const ValueSuperlative& s, int col, int label, long long rows) {
  const int n = static_cast<int>(items_.size());
  const bool desc = items_[s.at].Has(Kw::kMax) || items_[s.at].Has(Kw::kTop);
  RankRows(s.table, label, col, desc, rows);
  q_.top_value_rows = s.num < 0 && AsksForASet(items_);
  if (std::find(q_.projections.begin(), q_.projections.end(), col) == q_.projections.end()) {
    q_.projections.push_back(col);
  }
  for (int k : {s.at, s.num, s.table_item, s.column_item}) {
    if (k >= 0) items_[k].used = true;
  }
  for (Item& o : items_) {
    if (o.kind == ItemKind::kKeyword && o.Has(Kw::kWhich)) o.used = true;
  }
  if (s.num >= 0 && s.num + 1 < n && items_[s.num + 1].Has(Kw::kRowUnit)) {
    items_[s.num + 1].used = true;
  }
  NameColumn(col, s.column_item >= 0 ? items_[s.column_item].text : ColumnWords(col));
  Map(items_[s.table_item], "table", index_.tables()[s.table].name);
  Map(items_[s.at], "order",
      ColName(col) + (desc ? " DESC" : " ASC") + " LIMIT " + std::to_string(q_.limit));
  Understood(ColName(col) + (desc ? " highest first" : " lowest first"),
             items_[s.at].text + "：按 " + ColName(col) + (desc ? " 从高到低" : " 从低到高"));
}

// "最大的一笔订单金额是多少", "最长的一首歌的时长": 一 and a counting unit right after a
// superlative say "the one", which a single MAX or MIN already is. Chinese only; with a
// grouping or a ranking of rows the number is theirs to read (RowsAsked), not this.
void Parser::ReadTheOneOfASuperlative() {
  if (!chinese_ || !q_.group_columns.empty() || q_.limit != 0 || q_.measures.size() != 1) return;
  if (q_.measures[0].agg != Agg::kMax && q_.measures[0].agg != Agg::kMin) return;
  const int n = static_cast<int>(items_.size());
  for (int i = 0; i + 1 < n; ++i) {
    Item& one = items_[i];
    if (one.used || one.kind != ItemKind::kNumber || one.text != "一") continue;
    if (items_[i + 1].used || !items_[i + 1].Has(Kw::kRowUnit)) continue;
    const int p = PrevMeaningful(i);  // past 的
    if (p < 0 || !items_[p].used || !(items_[p].Has(Kw::kMax) || items_[p].Has(Kw::kMin))) {
      continue;
    }
    one.used = items_[i + 1].used = true;
  }
}

namespace {

// 最早 (+1: the earliest first) or 最晚/最新 (-1: the latest first), written as the two
// characters the lexicon leaves unmatched at item `i`; 0 otherwise.
int ChineseDateSuperlative(const std::vector<Item>& items, int i) {
  if (i + 1 >= static_cast<int>(items.size()) || items[i].used || items[i + 1].used ||
      items[i].kind != ItemKind::kUnknown || items[i + 1].kind != ItemKind::kUnknown ||
      items[i].text != "最") {
    return 0;
  }
  if (items[i + 1].text == "早") return 1;
  if (items[i + 1].text == "晚" || items[i + 1].text == "新") return -1;
  return 0;
}

}  // namespace

int Parser::TimeColumnNamedBy(int table, int from, int to) const {
  auto of_table = [&](int c) {
    return c >= 0 && Col(c).table == table && Col(c).role == ColumnRole::kTime;
  };
  // The one time column among `terms`, else -1.
  auto one_of = [&](const std::vector<int>& terms) {
    int found = -1;
    for (int id : terms) {
      const Term& t = TermOf(id);
      if (t.kind != TermKind::kColumn || !of_table(t.column) || t.column == found) continue;
      if (found >= 0) return -1;
      found = t.column;
    }
    return found;
  };
  if (from == to) {
    int found = -1;
    for (int c : index_.tables()[table].columns) {
      if (!of_table(c)) continue;
      if (found >= 0) return -1;  // 最早的员工: born or hired first?
      found = c;
    }
    return found;
  }
  if (to == from + 1 && items_[from].kind == ItemKind::kTerm) return one_of(items_[from].terms);
  std::string verb;
  for (int k = from; k < to; ++k) {
    if (items_[k].kind != ItemKind::kUnknown) return -1;
    verb += items_[k].text;
  }
  for (std::string_view noun : {"日期", "时间"}) {
    const std::vector<int>* terms = index_.FindTerms(PhraseKey(verb + std::string(noun)));
    if (terms != nullptr) return one_of(*terms);
  }
  return -1;
}

// "最早入职的员工是谁", "最晚注册的3个客户", "哪位员工入职最早": the rows of a table ordered by
// one of its time columns — the one the words next to 最早 name (入职 → 入职日期, 注册 → 注册
// 日期), else the table's only one — first N (1 without a number). Read only when nothing
// else is asked (fillers, which-words, values); rows with no date are left out, so the
// earliest is never an unknown one.
void Parser::ReadChineseDateSuperlative() {
  const int n = static_cast<int>(items_.size());
  for (int i = 0; i < n; ++i) {
    const int dir = ChineseDateSuperlative(items_, i);
    if (dir == 0) continue;
    const std::optional<DateSuperlative> s = FindDateSuperlative(i);
    if (!s) continue;
    const int table = RowTableAt(s->table_item);
    const int col = TimeColumnNamedBy(table, s->from, s->to);
    const int label = index_.LabelColumn(table, chinese_);
    const long long rows = RowsAsked(s->num);
    if (col < 0 || label < 0 || rows == 0 || !AsksOnlyTheDateRanking(*s)) continue;
    RankByDate(*s, dir, table, col, label, rows);
    return;
  }
}

// The words around the 最早 at i: "最早 [words] 的 [N 个] T" (the words before 的 name the
// date), else "哪(个|位) T [words] 最早 [words]" (the words on one side only); none when no
// table of rows is found there.
std::optional<Parser::DateSuperlative> Parser::FindDateSuperlative(int i) const {
  const int n = static_cast<int>(items_.size());
  DateSuperlative s;
  s.at = i;
  s.from = s.to = i + 2;
  int de = -1;
  for (int k = i + 2; k < n && k <= i + 4 && de < 0; ++k) {
    if (items_[k].text == "的") de = k;
  }
  if (de >= 0) {
    s.to = de;
    int t = de + 1;
    if (t < n && items_[t].kind == ItemKind::kNumber) s.num = t++;
    if (t < n && items_[t].Has(Kw::kRowUnit)) ++t;
    s.table_item = t;
  } else {
    int t = i - 1;
    while (t >= 0 && i - t <= 3 && RowTableAt(t) < 0 && !IsFiller(items_[t])) --t;
    const int w = PrevMeaningful(t);
    if (RowTableAt(t) < 0 || w < 0 || !items_[w].Has(Kw::kWhich)) return std::nullopt;
    s.table_item = t;
    s.from = t + 1;
    s.to = i;
    if (s.from == s.to) {
      for (s.to = i + 2; s.to < n && !IsFiller(items_[s.to]); ++s.to) {
      }
    }
  }
  if (RowTableAt(s.table_item) < 0) return std::nullopt;
  return s;
}

namespace {

// 谁 ("…的员工是谁") asks for the rows themselves, shown by their label.
bool IsWho(const Item& it) { return it.kind == ItemKind::kUnknown && it.text == "谁"; }

}  // namespace

// Whether every word outside the superlative's own asks nothing beside the ranking (fillers,
// which-words, values, 谁).
bool Parser::AsksOnlyTheDateRanking(const DateSuperlative& s) const {
  for (int k = 0; k < static_cast<int>(items_.size()); ++k) {
    if (s.Holds(k)) continue;
    if (!AsksNothingBesideTheRanking(items_[k]) && !IsWho(items_[k])) return false;
  }
  return true;
}

// The table's rows ordered by `col` (dir < 0: the latest first), the first `rows`, those with
// no date left out; the superlative's words, 谁 and which-words read.
void Parser::RankByDate(const DateSuperlative& s, int dir, int table, int col, int label,
                        long long rows) {
  const int n = static_cast<int>(items_.size());
  RankRows(table, label, col, dir < 0, rows);
  q_.top_value_rows = s.num < 0 && AsksForASet(items_);
  Filter dated;
  dated.column = col;
  dated.op = Op::kNe;
  dated.is_null = true;
  q_.filters.push_back(dated);
  for (int k = 0; k < n; ++k) {
    if (s.Holds(k) || IsWho(items_[k]) ||
        (items_[k].kind == ItemKind::kKeyword && items_[k].Has(Kw::kWhich))) {
      items_[k].used = true;
    }
  }
  if (s.num >= 0 && s.num + 1 < n && items_[s.num + 1].Has(Kw::kRowUnit)) {
    items_[s.num + 1].used = true;
  }
  const std::string word = items_[s.at].text + items_[s.at + 1].text;
  Map(items_[s.table_item], "table", index_.tables()[table].name);
  Map(items_[s.at], "order",
      ColName(col) + (dir < 0 ? " DESC" : " ASC") + " LIMIT " + std::to_string(q_.limit));
  Understood(ColName(col) + (dir < 0 ? " latest first" : " earliest first"),
             word + "：按 " + ColName(col) + (dir < 0 ? " 从晚到早" : " 从早到晚"));
}

// "the 3 best-selling products by units sold", "Top 5 best-selling products by units": best-
// (top-)selling ranks the rows named after it by the measure "by" introduces, highest first,
// as "top" does. Without a "by" and a measure it says nothing of what to rank by (units or
// revenue) and stays unread; without a number or a top word, too. ("worst-selling" is not
// read: the rows never sold would be missing from a ranking of sums.)
void Parser::ReadBestSelling() {
  const int n = static_cast<int>(items_.size());
  for (int i = 0; i + 1 < n && !chinese_; ++i) {
    const int selling = SellingAfter(i);
    if (selling < 0) continue;
    const bool by_measure = RankedByAMeasure(selling);
    const int number = PrevMeaningful(i);
    const bool counted = number >= 0 && items_[number].kind == ItemKind::kNumber &&
                         !items_[number].used && RowsAsked(number) > 0;
    const bool top_word = std::any_of(items_.begin(), items_.begin() + i, [](const Item& it) {
      return !it.used && it.Has(Kw::kTop) && it.kind == ItemKind::kKeyword;
    });
    if (!by_measure || (!counted && !top_word)) continue;
    for (int k = i; k <= selling; ++k) items_[k].used = true;
    if (top_word) return;  // "Top 5 best-selling ...": the top word ranks (ParseTopN)
    RankTopRows(i, number);
    return;
  }
}

// The item of "selling" in an unused "best selling" / "top-selling" starting at `i`, else -1.
int Parser::SellingAfter(int i) const {
  const int n = static_cast<int>(items_.size());
  const std::string first = text::AsciiLower(items_[i].text);
  if (items_[i].used || (first != "best" && first != "top")) return -1;
  int selling = i + 1;
  if (items_[selling].kind == ItemKind::kPunct && items_[selling].text == "-") ++selling;
  if (selling >= n || items_[selling].used || text::AsciiLower(items_[selling].text) != "selling") {
    return -1;
  }
  return selling;
}

// A "by" after `selling` introduces a measure column or business measure to rank by; "by
// units" after best-selling is read as the units sold.
bool Parser::RankedByAMeasure(int selling) {
  const int n = static_cast<int>(items_.size());
  bool by_measure = false;
  for (int k = selling + 1; k + 1 < n && !by_measure; ++k) {
    const int m = NextMeaningful(k);
    if (text::AsciiLower(items_[k].text) != "by" || m < 0) continue;
    // "best-selling ... by units": the units are the units sold.
    const std::vector<int>* sold = index_.FindTerms(PhraseKey("units sold"));
    if (items_[m].kind == ItemKind::kUnknown && text::AsciiLower(items_[m].text) == "units" &&
        sold) {
      items_[m].kind = ItemKind::kTerm;
      items_[m].terms = *sold;
    }
    by_measure = NamesAMeasure(items_[m]);
  }
  return by_measure;
}

// The item names a numeric measure column or a business term that means a measure.
bool Parser::NamesAMeasure(const Item& it) const {
  if (it.kind != ItemKind::kTerm) return false;
  const int c = ColumnOf(it, /*numeric_only=*/true);
  if (c >= 0) return Col(c).role == ColumnRole::kMeasure;
  return std::any_of(it.terms.begin(), it.terms.end(), [&](int id) {
    return TermOf(id).kind == TermKind::kBusiness &&
           index_.business_terms()[TermOf(id).business].def.meaning == BusinessMeaning::kMeasure;
  });
}

// "客单价最高的门店": a business term read as its measure (ground_terms.cc leaves its word a
// used keyword, no longer a term) stands before a superlative as a measure column would.
bool Parser::ReadAsBusinessMeasure(int k) const {
  const Item& it = items_[k];
  return it.kind == ItemKind::kKeyword && it.kw == 0 && it.used &&
         std::any_of(q_.measures.begin(), q_.measures.end(),
                     [&](const Measure& m) { return m.business >= 0 && m.phrase == it.text; });
}

// The number before the ranking word (item `number`) is how many rows to keep, highest first.
void Parser::RankTopRows(int i, int number) {
  q_.limit = RowsAsked(number);
  q_.superlative = true;
  q_.superlative_desc = true;
  items_[number].used = true;
  const std::string rows = FormatNumber(static_cast<double>(q_.limit));
  Map(items_[i], "limit", "top " + rows);
  Understood("top " + rows, "前" + rows);
}

void Parser::ParseTopN() {
  const int n = static_cast<int>(items_.size());
  for (int i = 0; i < n; ++i) {
    Item& it = items_[i];
    if (it.used || !(it.kw & (Bit(Kw::kTop) | Bit(Kw::kBottom)))) continue;
    int num = -1;
    if (i + 1 < n && items_[i + 1].kind == ItemKind::kNumber && !items_[i + 1].used) num = i + 1;
    // "最高的5个" → top then number after filler.
    if (num < 0) {
      int j = NextMeaningful(i);
      if (j >= 0 && items_[j].kind == ItemKind::kNumber && !items_[j].used) num = j;
    }
    // "订单最多的城市": a Chinese superlative right before what is ranked, with no number,
    // asks for the first one — the same as "订单最多的1个城市".
    // Only between two terms: the measure before, what is ranked after ("最低的订单金额" with
    // nothing before is the lowest amount, an aggregate).
    const int before = PrevMeaningful(i);
    const int after = NextMeaningful(i);
    // "歌曲数量最多的专辑": a count word after its table stands where the measure would.
    const int counted = before >= 1 && items_[before].kind == ItemKind::kKeyword &&
                                (items_[before].kw & ~Bit(Kw::kStop)) == Bit(Kw::kCount) &&
                                items_[before - 1].kind == ItemKind::kTerm &&
                                TableOf(items_[before - 1]) >= 0
                            ? before - 1
                            : before;
    const bool measure_before = (counted >= 0 && items_[counted].kind == ItemKind::kTerm) ||
                                (i > 0 && ReadAsBusinessMeasure(i - 1));
    const bool implicit_one = num < 0 && chinese_ && IsRankingSuperlative(it.text) &&
                              measure_before && after >= 0 &&
                              items_[after].kind == ItemKind::kTerm && !items_[after].used;
    if (num < 0 && !implicit_one) continue;
    const long long rows = implicit_one ? 1 : RowsAsked(num);
    if (rows == 0) continue;
    q_.limit = rows;
    q_.top_value_rows = implicit_one && AsksForASet(items_);
    q_.superlative = true;
    q_.superlative_desc = !it.Has(Kw::kBottom) || (it.Has(Kw::kTop) && !it.Has(Kw::kBottom));
    if (it.Has(Kw::kBottom) && !it.Has(Kw::kTop)) q_.superlative_desc = false;
    if (it.Has(Kw::kBottom) && it.Has(Kw::kMin)) q_.superlative_desc = false;
    it.used = true;
    if (num >= 0) {
      items_[num].used = true;
      if (num + 1 < n && items_[num + 1].Has(Kw::kRowUnit)) items_[num + 1].used = true;
    }
    RankByColumnBeforeTop(i, num);
    const std::string count = FormatNumber(static_cast<double>(rows));
    Map(it, "limit", (q_.superlative_desc ? "top " : "bottom ") + count);
    Understood((q_.superlative_desc ? "top " : "bottom ") + count,
               (q_.superlative_desc ? "前" : "后") + count);
  }
}

int Parser::KeywordColumn(const Item& it) const {
  int found = -1;
  for (int id : it.keyword_terms) {
    const Term& t = TermOf(id);
    if (t.kind != TermKind::kColumn || !IsNumericCol(t.column)) continue;
    if (found >= 0 && found != t.column) return -1;  // two columns of that name: a guess
    found = t.column;
  }
  return found;
}

bool Parser::NamesTheRowsTheirOwn() const {
  static constexpr std::string_view kPossessives[] = {"their", "its", "各自的", "及其", "和它们的"};
  return std::any_of(items_.begin(), items_.end(), [](const Item& it) {
    const std::string lower = text::AsciiLower(it.text);
    return std::find(std::begin(kPossessives), std::end(kPossessives), lower) !=
           std::end(kPossessives);
  });
}

// "员工名单及职位", "员工及其职位", "list employees and titles": the table's word is an item of the
// list itself (joined by 及/和/、/and to what follows, past 名单/列表 and stop words), so its rows
// are named beside the columns listed, as with "their"; "员工的职位" lists the column alone.
// "Which restaurant has the highest rating?": a which-word right before the table's word asks
// for its rows; the rating alone (ORDER BY ... LIMIT 1) did not say which restaurant.
bool Parser::AsksWhichRows(int table) const {
  if (chinese_) return false;
  const int n = static_cast<int>(items_.size());
  for (int i = 0; i + 1 < n; ++i) {
    const Item& w = items_[i];
    if (w.kind != ItemKind::kKeyword || !w.Has(Kw::kWhich)) continue;
    const Item& t = items_[i + 1];
    if (t.used && t.kind == ItemKind::kTerm && TableOf(t) == table) return true;
  }
  return false;
}

bool Parser::TableSaidAsAListItem(int table) const {
  const int n = static_cast<int>(items_.size());
  for (int i = 0; i < n; ++i) {
    const Item& it = items_[i];
    const bool names_table =
        it.used && it.kind == ItemKind::kTerm &&
        std::any_of(it.terms.begin(), it.terms.end(), [&](int id) {
          return TermOf(id).kind == TermKind::kTable && TermOf(id).table == table;
        });
    if (!names_table) continue;
    std::string between;  // the words between the table's and the joiner (名 + 单 of 名单)
    for (int j = i + 1; j < n && j <= i + 3; ++j) {
      const Item& next = items_[j];
      if (next.JoinsAList()) {
        if (between.empty() || between == "名单" || between == "列表" || between == "清单" ||
            between == "list") {
          return true;
        }
        break;
      }
      between += next.text;
    }
  }
  return false;
}

bool Parser::IsRequestVerb(const Item& it) const {
  static constexpr std::string_view kVerbs[] = {"list", "show",     "show me",   "find", "give me",
                                                "get",  "what are", "which are", "name"};
  const std::string lower = text::AsciiLower(it.text);
  return std::find(std::begin(kVerbs), std::end(kVerbs), lower) != std::end(kVerbs);
}

bool Parser::RanksNamedRows(int superlative) {
  // "the product with the highest unit price", "the 3 tracks having the lowest price": rows
  // named first, then ranked — a list of N rows, not MAX over all of them.
  static constexpr std::string_view kLinks[] = {"with",      "having",    "that has",
                                                "which has", "that have", "whose"};
  bool linked = false;
  for (int j = superlative - 1; j >= 0; --j) {
    const Item& it = items_[j];
    const std::string lower = text::AsciiLower(it.text);
    if (std::find(std::begin(kLinks), std::end(kLinks), lower) != std::end(kLinks)) {
      linked = true;
      continue;
    }
    if (it.kind != ItemKind::kTerm) {
      if (IsFiller(it)) continue;
      return false;
    }
    if (!linked || TableOf(it) < 0 || ColumnOf(it) >= 0) return false;
    const int table = TableOf(it);
    // Only the rows the question asks for ("the products ..."), ranked by one of their own
    // numeric columns: "concerts in the stadium with the highest capacity" is a nested
    // question, "customers with the highest invoice total" an aggregate ranking.
    const int num_before = PrevMeaningful(j);
    for (int k = 0; k < j; ++k) {
      if (k == num_before && items_[k].kind == ItemKind::kNumber) continue;
      if (!IsFiller(items_[k]) && !IsRequestVerb(items_[k])) return false;
    }
    const int next = NextMeaningful(superlative);
    const int ranked_by = next >= 0 ? ColumnOf(items_[next], true) : -1;
    if (ranked_by < 0 || Col(ranked_by).table != table) return false;
    ranked_table_ = table;
    // "the 3 products with ...": the number before the rows is how many.
    const int num = PrevMeaningful(j);
    if (num >= 0 && items_[num].kind == ItemKind::kNumber && !items_[num].used) {
      q_.limit = RowsAsked(num);
      if (q_.limit == 0) return false;
      items_[num].used = true;
      Map(items_[num], "limit", FormatNumber(items_[num].number));
    }
    return true;
  }
  return false;
}

namespace {

Agg AggOf(const Item& it) {
  if (it.Has(Kw::kAvg)) return Agg::kAvg;
  if (it.Has(Kw::kCount)) return Agg::kCount;
  if (it.Has(Kw::kSum)) return Agg::kSum;
  if (it.Has(Kw::kMax)) return Agg::kMax;
  if (it.Has(Kw::kMin)) return Agg::kMin;
  return Agg::kNone;
}

}  // namespace

void Parser::BindMeasure(Agg agg, int kw_idx, int col, int table, bool distinct, int term_idx,
                         int event) {
  Measure m;
  m.agg = agg;
  m.column = col;
  m.table = col >= 0 ? Col(col).table : table;
  m.distinct = distinct;
  m.phrase = items_[kw_idx].text;
  m.column_phrase = col >= 0 ? (term_idx >= 0 ? items_[term_idx].text : items_[kw_idx].text) : "";
  if (col < 0 && term_idx >= 0) m.table_phrase = items_[term_idx].text;
  m.event = event;
  q_.measures.push_back(m);
  items_[kw_idx].used = true;
  if (term_idx >= 0) items_[term_idx].used = true;
  const std::string target = std::string(AggName(agg)) + "(" + (distinct ? "DISTINCT " : "") +
                             (col >= 0 ? ColName(col) : "*") + ")";
  Map(items_[kw_idx], "function", target);
  if (term_idx >= 0) {
    Map(items_[term_idx], col >= 0 ? "column" : "table",
        col >= 0 ? ColName(col) : index_.tables()[table].name);
  }
  Understood(target, target);
}

// "教职工人数前三的学校", "领兵出战次数排名前3的将军": 前N between a numeric column and the
// table whose column it is ranks that table's rows by it; the column, read among the
// leftovers, is then the order (RankRowsByOwnColumn), not a value listed beside a top N.
void Parser::RankByColumnBeforeTop(int top, int num) {
  if (!chinese_ || num < 0 || !items_[top].text.ends_with("前") || ranked_table_ >= 0) return;
  const int before = PrevMeaningful(top);
  const int col = before >= 0 && !items_[before].used ? ColumnOf(items_[before], true) : -1;
  if (col < 0 || Col(col).role == ColumnRole::kIdentifier) return;
  const int next = NextMeaningful(num);
  if (RowTableAt(next) == Col(col).table || NamesRowsByTheirKey(next, Col(col).table)) {
    ranked_table_ = Col(col).table;
  }
}

// "岗位数前三的省份" on a table 各省份报名人数 keyed by 省份: the word at k names the table's
// one text key, so each value is one row of the table and the word says its rows.
bool Parser::NamesRowsByTheirKey(int k, int table) const {
  if (k < 0 || items_[k].used || items_[k].kind != ItemKind::kTerm) return false;
  const int column = ColumnOf(items_[k]);
  return column >= 0 && column == TextKeyColumn(table);
}

// The table's primary key when it is one text column (省份, a country's name): its rows are
// known by it as by a name. -1 otherwise.
int Parser::TextKeyColumn(int table) const {
  int key = -1;
  for (int c : index_.tables()[table].columns) {
    if (!Col(c).primary_key) continue;
    if (key >= 0) return -1;
    key = c;
  }
  return key >= 0 && Col(key).type_class == TypeClass::kText ? key : -1;
}

// The table whose rows a word names for "most"/最多 to count: a table word, or one that also
// names a text column of that table ("门店", "stores": the stores and their name) — what is
// counted is rows. -1 otherwise (a measure column, another table's column).
int Parser::CountedTableOf(const Item& it) const {
  const int table = TableOf(it);
  const int column = ColumnOf(it);
  if (table < 0 || (column >= 0 && (Col(column).table != table || IsNumericCol(column)))) {
    return -1;
  }
  return table;
}

// "订单最多的5个城市": a top-N "most/fewest" word right after a table word counts its rows
// (the "most customers" reading, with the table before the word as Chinese puts it).
void Parser::BindCountSuperlatives() {
  static constexpr std::string_view kCountSuperlatives[] = {"最多的", "最少的"};
  const int n = static_cast<int>(items_.size());
  for (int i = 0; i < n && chinese_ && q_.measures.empty(); ++i) {
    const Item& it = items_[i];
    if (!it.used || it.kind != ItemKind::kKeyword || !(it.kw & (Bit(Kw::kTop) | Bit(Kw::kBottom))))
      continue;
    if (std::find(std::begin(kCountSuperlatives), std::end(kCountSuperlatives), it.text) ==
        std::end(kCountSuperlatives)) {
      continue;
    }
    const int p = PrevMeaningful(i);
    if (p < 0 || items_[p].used || items_[p].kind != ItemKind::kTerm) continue;
    const int table = CountedTableOf(items_[p]);
    if (table >= 0) BindMeasure(Agg::kCount, i, -1, table, false, p, 0);
  }
}

// Superlatives (highest/最多) beside a "which" or a top-N are ordering, not a MAX/MIN: true
// when the word at `i` was read so.
bool Parser::ReadSuperlativeAsOrder(int i, Agg agg, int event) {
  Item& it = items_[i];
  if ((agg != Agg::kMax && agg != Agg::kMin) || !(which_ || q_.superlative || RanksNamedRows(i))) {
    return false;
  }
  const bool explicit_fn =
      units_[it.unit_begin].key == "max" || units_[it.unit_begin].key == "min" ||
      units_[it.unit_begin].key == "maximum" || units_[it.unit_begin].key == "minimum";
  if (explicit_fn) return false;
  q_.superlative = true;
  q_.superlative_desc = agg == Agg::kMax;
  for (Item& w : items_) {
    if (w.Has(Kw::kWhich) && w.kind == ItemKind::kKeyword) w.used = true;
  }
  if (q_.limit == 0) {
    q_.limit = 1;
    q_.top_value_rows = AsksForASet(items_);
  }
  it.used = true;
  Map(it, "order", agg == Agg::kMax ? "DESC" : "ASC");
  // "most customers" → count of the following table; "哪个城市的门店最多": of the table
  // before a 最多/最少 that ends the question, or that a read top N follows ("曲目最多的前3张
  // 专辑": what is ranked comes after the N).
  const int after = NextMeaningful(i);
  const bool before = after < 0 || (items_[after].used && items_[after].Has(Kw::kTop));
  const int j = chinese_ && before ? PrevMeaningful(i) : after;
  if (ranked_table_ < 0 && j >= 0 && !items_[j].used && items_[j].kind == ItemKind::kTerm &&
      CountedTableOf(items_[j]) >= 0) {
    BindMeasure(Agg::kCount, i, -1, CountedTableOf(items_[j]), false, j, event);
  }
  return true;
}

// An aggregate keyword: a distinct word, a function word that names a column after another
// function, a superlative read as ordering, a Chinese postfix function bound to the column
// before it; otherwise the function waits for its column.
void Parser::ReadAggregateKeyword(int i, AggregateScan* scan) {
  if (ReadDistinctWord(i, scan) || ReadFunctionWordAsColumn(i, scan)) return;
  const Agg agg = AggOf(items_[i]);
  if (agg == Agg::kNone) {
    if (!IsFiller(items_[i]) && !items_[i].Has(Kw::kAnd)) {
      scan->pending.clear();
      scan->pending_distinct = false;
    }
    return;
  }
  if (ReadSuperlativeAsOrder(i, agg, scan->event)) return;
  if (scan->pending.empty() && BindPostfixFunction(i, agg, scan->event)) return;
  // "Count the number of poker players": the verb and "the number of" say one count.
  if (!chinese_ && agg == Agg::kCount && !scan->pending.empty() &&
      scan->pending.back().first == Agg::kCount &&
      PrevMeaningful(i) == scan->pending.back().second) {
    items_[i].used = true;
    return;
  }
  // "the total total and maximum GNP": one function word twice in a row is not two functions;
  // the second stands where the question lost a word (a column's name), so it is left unread
  // and the reading names it instead of applying both to the next column.
  if (!chinese_ && !scan->pending.empty() && PrevMeaningful(i) == scan->pending.back().second &&
      text::AsciiLower(items_[scan->pending.back().second].text) ==
          text::AsciiLower(items_[i].text)) {
    return;
  }
  scan->pending.emplace_back(agg, i);
}

// A distinct word makes the next function DISTINCT (几种 also counts the kinds); 不同的 after
// a count word, too.
bool Parser::ReadDistinctWord(int i, AggregateScan* scan) {
  Item& it = items_[i];
  if (it.Has(Kw::kDistinct) && !it.Has(Kw::kGroup)) {
    scan->pending_distinct = true;
    distinct_word_ = true;
    it.used = true;
    if (AsksHowManyKinds(items_, i)) CountKinds(i, scan);
    return true;
  }
  if (it.Has(Kw::kDistinct) && it.Has(Kw::kGroup) && !scan->pending.empty()) {
    scan->pending_distinct = true;  // "多少不同的" after a count word
    it.used = true;
    return true;
  }
  return false;
}

// "average invoice total": a function word that is also a numeric column's name
// ("total" is Invoice.Total), right after another function, is that column.
bool Parser::ReadFunctionWordAsColumn(int i, AggregateScan* scan) {
  if (scan->pending.empty() || scan->pending.back().first == Agg::kCount ||
      !items_[i].Has(Kw::kSum)) {
    return false;
  }
  const int col = KeywordColumn(items_[i]);
  if (col < 0) return false;
  ++scan->event;
  for (const auto& [agg, kw_idx] : scan->pending) {
    BindMeasure(agg, kw_idx, col, -1, false, i, scan->event);
  }
  scan->pending.clear();
  return true;
}

// Chinese postfix: 销售额总和 / 价格的平均值: a column just before, nothing pending; 订单数量 /
// 客户数: the count of the table before.
bool Parser::BindPostfixFunction(int i, Agg agg, int event) {
  const int prev = PrevMeaningful(i);
  const int next = NextMeaningful(i);
  const bool next_is_col = next >= 0 && ColumnOf(items_[next]) >= 0;
  const bool next_is_table = next >= 0 && TableOf(items_[next]) >= 0;
  if (prev < 0 || items_[prev].used || next_is_col || (agg == Agg::kCount && next_is_table)) {
    return false;
  }
  const int c = ColumnOf(items_[prev], agg != Agg::kCount);
  if (c >= 0 && (agg != Agg::kCount)) {
    BindMeasure(agg, i, c, -1, false, prev, event);
    return true;
  }
  // 订单数量 / 客户数 → count of the table before (商品 may also name the products'
  // label column; counting a table's label is counting the table).
  if (agg == Agg::kCount && TableOf(items_[prev]) >= 0 &&
      ColumnOf(items_[prev], /*numeric_only=*/true) < 0) {
    BindMeasure(agg, i, -1, TableOf(items_[prev]), false, prev, event);
    return true;
  }
  return false;
}

// 几种/多少种: the count of the kinds named after it ("几种支付方式", waits for its term), or,
// with no term after it, of the column or table just before ("支付方式有几种").
void Parser::CountKinds(int i, AggregateScan* scan) {
  const int prev = PrevMeaningful(i);
  const int next = NextMeaningful(i);
  const bool term_after = next >= 0 && items_[next].kind == ItemKind::kTerm;
  if (term_after || prev < 0 || items_[prev].used || items_[prev].kind != ItemKind::kTerm) {
    scan->pending.emplace_back(Agg::kCount, i);
    return;
  }
  const int col = ColumnOf(items_[prev]);
  const int table = TableOf(items_[prev]);
  if (col < 0 && table < 0) return;
  ++scan->event;
  BindMeasure(Agg::kCount, i, col, col >= 0 ? -1 : table, col >= 0, prev, scan->event);
  scan->pending_distinct = false;
}

// The functions waiting for a column meet a term: a table is counted, a column aggregated.
void Parser::BindPendingToTerm(int i, AggregateScan* scan) {
  const Item& it = items_[i];
  ++scan->event;
  const int table = TableOf(it);
  const bool all_count = std::all_of(scan->pending.begin(), scan->pending.end(),
                                     [](const auto& p) { return p.first == Agg::kCount; });
  // "how many singers" → COUNT(*); "how many countries" → COUNT(DISTINCT country).
  if (all_count && table >= 0 && !scan->pending_distinct) {
    BindMeasure(Agg::kCount, scan->pending[0].second, -1, table, false, i, scan->event);
    scan->pending.clear();
    return;
  }
  if (all_count && !scan->pending_distinct) {
    if (const int head = ModifiedRowsNoun(i); head >= 0) {
      BindMeasure(Agg::kCount, scan->pending[0].second, -1, TableOf(items_[head]), false, head,
                  scan->event);
      scan->pending.clear();
      return;
    }
  }
  int col = ColumnOf(it, !all_count);
  if (col < 0 && table >= 0 && all_count && scan->pending_distinct) {
    BindMeasure(Agg::kCount, scan->pending[0].second, -1, table, false, i, scan->event);
    scan->pending.clear();
    scan->pending_distinct = false;
    return;
  }
  if (col < 0) return;  // a value or a table between the function and its column
  // "number of discontinued products" counts the rows a yes/no column marks, not the
  // column's two distinct values: left unread, so the question abstains (verification).
  const bool yes_no = Col(col).stats.distinct_count && *Col(col).stats.distinct_count <= 2;
  if (all_count && !scan->pending_distinct && yes_no) return;
  ++scan->event;
  for (const auto& [agg, kw_idx] : scan->pending) {
    const bool distinct =
        agg == Agg::kCount && (scan->pending_distinct || Col(col).role != ColumnRole::kIdentifier);
    BindMeasure(agg, kw_idx, col, -1, distinct, i, scan->event);
  }
  scan->pending.clear();
  scan->pending_distinct = false;
}

// "how many grade A apple harvests", "how many album tracks" (album a column of the tracks'
// table; where Album is a table of its own this does not apply): a singular column word that
// opens a noun phrase whose last noun names the column's own table is an attribute of those
// rows, so the count is of the rows, not of the column's distinct values. The column word is
// left unread, so the question abstains on it: "how many gold medals" on a table of medal
// counts with a gold column means SUM(gold), and a row count would be a confident mistake. Only
// terms, numbers and one-letter codes ("grade A") may stand between; a plural ("countries singers
// come from") or any other word ends the phrase. Returns the rows' item, or -1.
int Parser::ModifiedRowsNoun(int i) const {
  const Item& it = items_[i];
  const int col = ColumnOf(it);
  if (chinese_ || col < 0 || TableOf(it) >= 0) return -1;
  const std::string lower = text::AsciiLower(it.text);
  if (SingularizeEnglish(lower) != lower) return -1;
  for (int j = i + 1; j < static_cast<int>(items_.size()); ++j) {
    const Item& next = items_[j];
    const bool code =
        next.text.size() == 1 && std::isalpha(static_cast<unsigned char>(next.text[0]));
    if (next.kind == ItemKind::kTerm) {
      const int table = TableOf(next);
      if (table >= 0 && ColumnOf(next) < 0) return table == Col(col).table ? j : -1;
    } else if (next.kind != ItemKind::kNumber && !code) {
      return -1;
    }
  }
  return -1;
}

// "total of all invoices", "total invoice amount by billing country": a sum word that is
// also the name of a numeric column of a table the question names, when no other measure
// was found, is that column's sum.
void Parser::ReadSumWordAsColumn(int event) {
  if (!q_.measures.empty()) return;
  const int n = static_cast<int>(items_.size());
  for (int i = 0; i < n; ++i) {
    const Item& it = items_[i];
    if (it.used || it.kind != ItemKind::kKeyword || AggOf(it) != Agg::kSum) continue;
    Item as_term = it;
    as_term.kind = ItemKind::kTerm;
    as_term.terms = it.keyword_terms;
    const int c = ColumnOf(as_term, /*numeric_only=*/true);
    if (c < 0 || Col(c).role != ColumnRole::kMeasure || !mentioned_tables_.count(Col(c).table))
      continue;
    BindMeasure(Agg::kSum, i, c, -1, false, -1, event + 1);
    return;
  }
}

// "average number of tracks per album", "on average, how many invoices does each customer
// have": an average word right before a count word, or "on average" in a question with an
// each/per word, averages the count of rows per group over the groups; it binds to no
// column itself (AverageOverGroups, engine.cc, applies it once the query is complete).
void Parser::ReadAverageOfGroupsWord() {
  if (chinese_) {
    ReadChineseAverageOfGroupsWord();
    return;
  }
  const int n = static_cast<int>(items_.size());
  const bool each_word = std::any_of(items_.begin(), items_.end(), [](const Item& it) {
    const std::string w = text::AsciiLower(it.text);
    return it.kind == ItemKind::kKeyword && (w == "each" || w == "every" || w == "per");
  });
  for (int i = 0; i < n; ++i) {
    Item& it = items_[i];
    if (it.used || it.kind != ItemKind::kKeyword || AggOf(it) != Agg::kAvg) continue;
    auto is_count = [&](int k) {
      return k >= 0 && !items_[k].used && items_[k].kind == ItemKind::kKeyword &&
             AggOf(items_[k]) == Agg::kCount;
    };
    const bool on_average = i > 0 && text::AsciiLower(items_[i - 1].text) == "on" && each_word;
    int count = NextMeaningful(i);
    for (int k = i + 1; on_average && !is_count(count) && k < n; ++k) count = k;
    if (!is_count(count)) continue;
    // What is counted must be a table's rows: "average number of citations" may name a
    // numeric column (citation_num), whose plain average is meant.
    const int counted = NextMeaningful(count);
    if (counted < 0 || TableOf(items_[counted]) < 0 ||
        ColumnOf(items_[counted], /*numeric_only=*/true) >= 0) {
      continue;
    }
    it.used = true;
    if (on_average) items_[i - 1].used = true;
    average_of_groups_ = i;
    return;
  }
}

// "平均每个客户有几张发票", "每位客户平均有多少张发票": 平均 right before 每/每个 and its table,
// or right after that table, with a count word before another table's rows, averages that
// count over the groups as the English reading above does. The first average, group and
// count words only; anything else is left to the other readings.
void Parser::ReadChineseAverageOfGroupsWord() {
  const int n = static_cast<int>(items_.size());
  int avg = -1, per = -1, count = -1;
  for (int i = 0; i < n; ++i) {
    const Item& it = items_[i];
    if (it.kind != ItemKind::kKeyword) continue;
    // The group word has been read by now (ParseGrouping): 每个客户 groups by the customer.
    if (it.Has(Kw::kGroup) && it.text.starts_with("每") && per < 0) per = i;
    if (it.used) continue;
    if (AggOf(it) == Agg::kAvg && avg < 0) avg = i;
    if (AggOf(it) == Agg::kCount && count < 0) count = i;
  }
  if (avg < 0 || per < 0 || count < per) return;
  const int grouped = NextMeaningful(per);
  const int counted = NextMeaningful(count);
  if (grouped < 0 || counted < 0 || TableOf(items_[grouped]) < 0 || TableOf(items_[counted]) < 0 ||
      TableOf(items_[counted]) == TableOf(items_[grouped]) ||
      ColumnOf(items_[counted], /*numeric_only=*/true) >= 0) {
    return;
  }
  if (NextMeaningful(avg) != per && PrevMeaningful(avg) != grouped) return;
  items_[avg].used = true;
  average_of_groups_ = avg;
}

void Parser::ParseAggregates() {
  AggregateScan scan;
  ReadAverageOfGroupsWord();
  BindCountSuperlatives();
  const int n = static_cast<int>(items_.size());
  for (int i = 0; i < n; ++i) {
    if (items_[i].used) continue;
    if (items_[i].kind == ItemKind::kKeyword) {
      ReadAggregateKeyword(i, &scan);
    } else if (items_[i].kind == ItemKind::kTerm && !scan.pending.empty()) {
      BindPendingToTerm(i, &scan);
    }
  }
  CountTheTopicTable(&scan);
  ReadSumWordAsColumn(scan.event);
}

// "员工按职位统计人数", "客户按国家统计数量": Chinese opens with the table it speaks of, and a
// count word left waiting at the end (nothing after it to count) counts that table's rows —
// only when one count word waits, nothing else is measured, and the question names exactly
// one table by its word.
void Parser::CountTheTopicTable(AggregateScan* scan) {
  if (!chinese_ || !q_.measures.empty() || scan->pending.size() != 1 ||
      scan->pending[0].first != Agg::kCount || scan->pending_distinct ||
      NextMeaningful(scan->pending[0].second) >= 0) {
    return;
  }
  int topic = -1;
  for (int k = 0; k < static_cast<int>(items_.size()); ++k) {
    const int table = TableOf(items_[k]);
    if (table < 0) continue;
    if (topic >= 0 && TableOf(items_[topic]) != table) return;
    if (topic < 0) topic = k;
  }
  if (topic < 0 || topic > scan->pending[0].second || items_[topic].used ||
      ColumnOf(items_[topic], /*numeric_only=*/true) >= 0) {
    return;
  }
  ++scan->event;
  BindMeasure(Agg::kCount, scan->pending[0].second, -1, TableOf(items_[topic]), false, topic,
              scan->event);
  scan->pending.clear();
}

}  // namespace askdb::nlq
