// Reading grouping and ordering: "by X"/"各X", the label columns that stand for rows, and
// "ordered by".
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
#include "askdb/nlq/parser.h"

namespace askdb::nlq {

int Parser::SingleKey(int table) const { return index_.SingleKey(table); }

bool Parser::LabelIsUnique(int table, int label) const {
  return index_.LabelIsUnique(table, label);
}

namespace {
// The Chinese group words that always mean "for each" (not 分, which begins 分钟, nor 不同).
bool IsChineseEachWord(std::string_view w) {
  return w == "每" || w == "每个" || w == "每一个" || w == "各" || w == "各个" || w == "按" ||
         w == "按照";
}
}  // namespace

// "revenue by country": a word that names several tables' columns equally (Customer.Country,
// Employee.Country) or none, beside measures of one table, is that table's own column whose
// name ends in the word (Invoice.BillingCountry: the document's own country, no join); -1
// when it has none or several.
int Parser::MeasureTablesColumnEnding(const Item& word) const {
  if (q_.measures.empty()) return -1;
  const int table = q_.measures[0].table;
  for (const Measure& m : q_.measures) {
    if (m.table != table || table < 0) return -1;
  }
  const std::string key = PhraseKey(word.text);
  int found = -1;
  for (int c : index_.tables()[table].columns) {
    if (Col(c).role != ColumnRole::kDimension || Col(c).primary_key || Col(c).foreign_key) continue;
    const std::string phrase = IdentifierToPhrase(Col(c).name);
    const size_t space = phrase.rfind(' ');
    if (space == std::string::npos || PhraseKey(phrase.substr(space + 1)) != key) continue;
    if (found >= 0) return -1;
    found = c;
  }
  return found;
}

// "How many tracks does each album have?": the question counts the rows of a table that
// refers to `table` by one foreign key (a child per parent row), so each group is one parent
// row. Counts through a link table or other computations keep "each" as before.
bool Parser::CountsChildRowsOf(int table) const {
  if (q_.measures.empty()) return false;
  return std::all_of(q_.measures.begin(), q_.measures.end(), [&](const Measure& m) {
    if (m.agg != Agg::kCount || m.column >= 0 || m.table < 0 || m.table == table) return false;
    int refs = 0;
    for (const JoinEdge& e : index_.edges()) refs += e.from_table == m.table && e.to_table == table;
    return refs == 1;
  });
}

bool Parser::CanGroupByLabel(int table, int label) const {
  return LabelIsUnique(table, label) || SingleKey(table) >= 0;
}

std::pair<int, int> Parser::NextConjunctDimension(int item) const {
  const int n = static_cast<int>(items_.size());
  const int conj = item + 1;
  if (conj >= n || items_[conj].used) return {-1, -1};
  const bool is_conj = (items_[conj].kind == ItemKind::kKeyword && items_[conj].Has(Kw::kConj)) ||
                       (items_[conj].kind == ItemKind::kPunct && items_[conj].text == "、");
  if (!is_conj) return {-1, -1};
  const int j = NextMeaningful(conj);
  if (j < 0 || items_[j].used || items_[j].kind != ItemKind::kTerm || OnlyValues(items_[j])) {
    return {-1, -1};
  }
  int col = ColumnOf(items_[j]);
  const int table = TableOf(items_[j]);
  if (col < 0 && table >= 0) {
    col = index_.LabelColumn(table, chinese_);
    if (col >= 0 && !LabelIsUnique(table, col)) col = -1;
  }
  if (col >= 0 && Col(col).role == ColumnRole::kMeasure) return {-1, -1};  // a second measure
  if (col < 0 || Col(col).role != ColumnRole::kDimension) return {j, -1};
  return {j, col};
}

// "top 5 cities by order count": a count synonym of a key ranks, like "by number of";
// ParseLeftovers turns the term into COUNT(*). The key's own name ("by order id") does not.
bool Parser::KeyCountRanks(int i, int j, int col, bool is_which) {
  Item& it = items_[i];
  if (!(col >= 0 && Col(col).primary_key && !is_which && q_.superlative && q_.measures.empty() &&
        text::AsciiLower(it.text) == "by")) {
    return false;
  }
  bool exact = false;   // the key's own name
  bool bare_id = true;  // "id" names the key itself
  for (int id : items_[j].terms) {
    exact |= TermOf(id).exact && TermOf(id).column == col && TermOf(id).source == "name";
    bare_id &= TermOf(id).source == "key";
  }
  if (exact || bare_id) return false;
  it.used = true;
  return true;
}

// "by region and channel", "各地区和渠道": the group word covers the whole list after the
// group term at `j`.
void Parser::GroupConjuncts(int j) {
  for (int last = j;;) {
    if (ConjunctTimeBucket(last)) break;  // "by country and year": the list ends with the period
    const auto [k, c] = NextConjunctDimension(last);
    if (k < 0) break;
    if (c < 0) {
      ungrouped_conjunct_ = items_[k].text;  // grouping by only part of the list is wrong
      break;
    }
    for (int f = last + 1; f <= k; ++f) items_[f].used = true;  // conjunction, fillers, term
    if (std::find(q_.group_columns.begin(), q_.group_columns.end(), c) == q_.group_columns.end()) {
      q_.group_columns.push_back(c);
    }
    NameColumn(c, items_[k].text);
    Map(items_[k], "group", ColName(c));
    Understood("by " + items_[k].text, "按" + items_[k].text);
    last = k;
  }
}

// "revenue by country and year", "sales by employee and month": a year, quarter or month word
// after "and" at the end of a group list is a time bucket beside the groups. True when read.
// Chinese ("按国家和年份统计销售额", "按国家、月份", "按地区及季度的销售额") says the list first
// and the rest of the question after it: 年/月 (份) ends the list unless an unread word follows it
// (月收入: a word of its own).
bool Parser::ConjunctTimeBucket(int item) {
  const int conj = item + 1;
  const int n = static_cast<int>(items_.size());
  if (conj >= n || items_[conj].used ||
      !((items_[conj].kind == ItemKind::kKeyword && items_[conj].Has(Kw::kConj)) ||
        (chinese_ && items_[conj].text == "、"))) {
    return false;
  }
  const int k = NextMeaningful(conj);
  if (q_.bucket) {  // "分渠道及季度": a bucket word read as one (季度, 每月) ends the list
    const bool bucket_word = k >= 0 && items_[k].used && items_[k].kind == ItemKind::kKeyword &&
                             (items_[k].Has(Kw::kYearBucket) || items_[k].Has(Kw::kQuarterBucket) ||
                              items_[k].Has(Kw::kMonthBucket));
    if (bucket_word) items_[conj].used = bucket_listed_last_ = true;
    return bucket_word;
  }
  if (k < 0 || items_[k].used || items_[k].kind != ItemKind::kKeyword) return false;
  const DatePart part = items_[k].Has(Kw::kYearUnit)      ? DatePart::kYear
                        : items_[k].Has(Kw::kQuarterUnit) ? DatePart::kQuarter
                        : items_[k].Has(Kw::kMonthUnit)   ? DatePart::kMonth
                                                          : DatePart::kDay;
  if (part == DatePart::kDay) return false;
  int end = k;  // the unit's last item: 年 + 份
  if (chinese_ && end + 1 < n && !items_[end + 1].used && items_[end + 1].text == "份") ++end;
  if (chinese_) {
    if (items_[k].text == "个月" || (end + 1 < n && (items_[end + 1].kind == ItemKind::kUnknown ||
                                                     items_[end + 1].JoinsAList()))) {
      return false;  // a word of its own (月收入), or the list goes on
    }
  } else if (NextMeaningful(k) >= 0) {
    return false;  // not the list's end
  }
  q_.bucket = part;
  items_[conj].used = items_[k].used = items_[end].used = true;
  bucket_listed_last_ = true;
  Map(items_[k], "group", "time bucket");
  Understood("by " + items_[k].text, "按" + items_[k].text);
  return true;
}

// "sales by employee country", "orders per customer city": the dimension column of `table`
// that the term right after the table's word at `j` names (one only), else -1. The table word
// says whose column it is; it does not ask for the table's rows as well.
int Parser::OwnColumnRightAfter(int j, int table) const {
  const int k = j + 1;
  if (chinese_ || k >= static_cast<int>(items_.size()) || items_[k].used ||
      items_[k].kind != ItemKind::kTerm) {
    return -1;
  }
  int found = -1;
  for (int id : items_[k].terms) {
    const Term& t = TermOf(id);
    if (t.kind != TermKind::kColumn || t.column < 0 || Col(t.column).table != table ||
        Col(t.column).role != ColumnRole::kDimension || t.column == found) {
      continue;
    }
    if (found >= 0) return -1;  // two columns of the table: not certain which
    found = t.column;
  }
  // "each singer name" is the singers themselves, grouped as a table's rows are.
  return found == index_.LabelColumn(table, chinese_) ? -1 : found;
}

// Every reference from another table to `table` is named after it (Orders.EmployeeID ->
// Employees): "employee country" then is the country of the employee the rows name. Chinook's
// Customer.SupportRepId -> Employee is not: "customers by employee city" does not say how a
// customer has an employee, so it is not read.
bool Parser::ReferredToByName(int table) const {
  std::string word = text::AsciiLower(index_.tables()[table].name);
  std::erase_if(word, [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); });
  word = SingularizeEnglish(word);
  bool any = false;
  for (const JoinEdge& e : index_.edges()) {
    if (e.to_table != table || e.from_table == table) continue;
    std::string name = text::AsciiLower(Col(e.from_column).name);
    std::erase_if(name, [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); });
    if (name.find(word) == std::string::npos) return false;
    any = true;
  }
  return any;
}

// A group word ("by", "each", 各, which) and the term after it: a group column, a list
// column (which-questions), or a ranking word that is not a group.
void Parser::ReadGroupWord(int i) {
  Item& it = items_[i];
  const bool is_which = it.Has(Kw::kWhich);
  if (!it.Has(Kw::kGroup) && !is_which) return;
  int j = NextMeaningful(i);
  if (ByIntroducesTheRanking(i, j, is_which)) {
    it.used = true;
    return;
  }
  if (OrderWordAfter(j)) return;  // "按死亡人数排(序)": an ordering (ParseOrdering)
  if (j < 0 || items_[j].kind != ItemKind::kTerm) return;
  if (OnlyValues(items_[j])) {
    if (ByNamesTheRowsMaker(i)) it.used = true;  // the value is placed as a filter
    return;
  }
  if (items_[j].used) return;
  int col = ColumnOf(items_[j]);
  const int table = TableOf(items_[j]);
  if (col < 0 && table < 0 && !chinese_) col = MeasureTablesColumnEnding(items_[j]);
  if (col >= 0 && (Col(col).role == ColumnRole::kMeasure || RanksTheNamedRowsBy(i, col))) {
    // "top 3 regions by sales": "by" introduces the ranking measure, not a group.
    if (!is_which && q_.superlative) it.used = true;
    return;
  }
  if (KeyCountRanks(i, j, col, is_which)) return;
  int qualifier = -1;  // the table word before a column of its own ("employee country")
  if (col < 0 && table >= 0) {
    const int own = OwnColumnRightAfter(j, table);
    if (own >= 0) {
      if (!ReferredToByName(table)) return;  // the group word stays unapplied: abstain
      qualifier = j++;
      col = own;
    }
  }
  if (col < 0 && table >= 0) col = TableGroupColumn(i, table);
  if (col < 0) return;
  if (is_which && !q_.superlative && q_.measures.empty() && !has_superlative_) {
    ListWhichColumn(i, j, col, table, qualifier);
    return;
  }
  AddGroupColumn(i, j, col, qualifier);
}

// "top 3 events by attendance": a number of the ranked rows' own table after "by" ranks those
// rows (the leftovers read it, RankRowsByOwnColumn), whatever its role — an integer column of a
// small table reads as a dimension (column_roles.h), and grouping by it had counted the events
// per attendance value (one each). English "by" right after the ranked table's word only.
bool Parser::RanksTheNamedRowsBy(int i, int col) const {
  if (chinese_ || text::AsciiLower(items_[i].text) != "by" || !q_.superlative || q_.limit <= 0 ||
      !IsNumericCol(col) || Col(col).role == ColumnRole::kIdentifier) {
    return false;
  }
  const int p = PrevMeaningful(i);
  return p >= 0 && TableOf(items_[p]) == Col(col).table && ColumnOf(items_[p]) < 0;
}

// "albums by AC/DC", "tracks by Queen": English "by" right after a table's word and before a
// value names who made the rows, a filter like "albums of AC/DC", not a group (a value is no
// column to group by). Only after the rows' own word: "sales by Germany" stays unread.
bool Parser::ByNamesTheRowsMaker(int i) const {
  if (chinese_ || text::AsciiLower(items_[i].text) != "by") return false;
  const int p = PrevMeaningful(i);
  if (p < 0 || items_[p].kind != ItemKind::kTerm) return false;
  return std::all_of(items_[p].terms.begin(), items_[p].terms.end(),
                     [&](int id) { return TermOf(id).kind == TermKind::kTable; });
}

// "top 5 cities by number of orders", "top 5 customers by total spend", "top 5 products by
// revenue" (a measure term): "by" introduces the ranking measure, bound by ParseAggregates
// or the terms; the ranked entity is grouped by the top-N ranking pass. (A measure term read
// before is a filler to NextMeaningful: the word right after counts.)
bool Parser::ByIntroducesTheRanking(int i, int j, bool is_which) const {
  const int r = i + 1 < static_cast<int>(items_.size()) && items_[i + 1].used ? i + 1 : j;
  const bool measure_word =
      r >= 0 && items_[r].used && items_[r].kind == ItemKind::kKeyword &&
      (items_[r].Has(Kw::kCount) ||
       std::any_of(q_.measures.begin(), q_.measures.end(),
                   [&](const Measure& m) { return m.phrase == items_[r].text; }));
  return !is_which && q_.superlative && measure_word && text::AsciiLower(items_[i].text) == "by";
}

// The column that groups by a table named after the group word at i: its label, else its
// key when it is a dated document ("per order": each order by its number); -1 when none.
// Grouping by a name merges rows that share it: only when names are unique. (A key beside
// the name would be safe too, but "by"/"each" before a table is as often the agent of a
// verb, "pets owned by students", as a grouping.) "per" is never an agent: "average invoice
// total per customer" groups by the customer, its key beside its name. Nor is "each"/"every"
// before the parent of the rows counted ("how many tracks does each album have"), nor
// Chinese 每/各/按 before a table: "每位客户的订单数".
int Parser::TableGroupColumn(int i, int table) const {
  int col = index_.LabelColumn(table, chinese_);
  if (col < 0) col = index_.DocumentKey(table);
  if (col < 0) return -1;
  const std::string& word = items_[i].text;
  const bool per = text::AsciiLower(word) == "per" ||
                   (IsEachWord(word) && CountsChildRowsOf(table)) ||
                   (chinese_ && IsChineseEachWord(word));
  if (!LabelIsUnique(table, col) && !(per && CanGroupByLabel(table, col))) return -1;
  return col;
}

// "which stores are in 北京" is a list, not a group; people are named in full. The table
// named is what the question is about: "which products are discontinued" asks for the rows
// where the flag holds (ReadFlagColumnsAsConditions), not the flag of every row.
void Parser::ListWhichColumn(int i, int j, int col, int table, int qualifier) {
  if (table >= 0 && Col(col).table == table && q_.subject_table < 0) q_.subject_table = table;
  q_.projections.push_back(col);
  AddNameCompanion(&q_.projections, col);
  items_[i].used = items_[j].used = true;
  if (qualifier >= 0) items_[qualifier].used = true;
  NameColumn(col, items_[j].text);
  Map(items_[j], "column", ColName(col));
}

void Parser::AddGroupColumn(int i, int j, int col, int qualifier) {
  if (BucketsTheGroupedDate(i, j, col, qualifier)) return;
  // "按国家统计各国家的客户数量": a grouping said twice is one group, not two equal columns.
  if (std::find(q_.group_columns.begin(), q_.group_columns.end(), col) == q_.group_columns.end()) {
    q_.group_columns.push_back(col);
    AddNameCompanion(&q_.group_columns, col);
  }
  items_[i].used = items_[j].used = true;
  if (qualifier >= 0) items_[qualifier].used = true;
  NameColumn(col, items_[j].text);
  Map(items_[j], "group", ColName(col));
  Understood("by " + items_[j].text, "按" + items_[j].text);
  // 按媒体类型分的销售额: a lone 分 ("divided") right after the word 按 groups by says the same.
  const int k = j + 1;
  if (chinese_ && items_[i].text.starts_with("按") && k < static_cast<int>(items_.size()) &&
      items_[k].kind != ItemKind::kTerm && items_[k].text == "分" &&
      items_[k].unit_begin == items_[j].unit_end) {
    items_[k].used = true;
  }
  GroupConjuncts(j);
}

// "按订单日期统计每月的订单数", "orders per month by order date": a date grouped beside a time
// bucket says which date the bucket is of (the time column), as "订单日期在2024年" does; grouped
// too, every month would split into its days. True when read so.
bool Parser::BucketsTheGroupedDate(int i, int j, int col, int qualifier) {
  const IndexedColumn& c = Col(col);
  if (!q_.bucket || c.role != ColumnRole::kTime || !c.stats.max_date ||
      (time_column_ >= 0 && time_column_ != col)) {
    return false;
  }
  time_column_ = col;
  items_[i].used = items_[j].used = true;
  if (qualifier >= 0) items_[qualifier].used = true;
  Map(items_[j], "column", ColName(col) + " (the bucket's date)");
  return true;
}

void Parser::ParseGrouping() {
  const int n = static_cast<int>(items_.size());
  for (int i = 0; i < n; ++i) {
    if (!items_[i].used && items_[i].kind == ItemKind::kKeyword) ReadGroupWord(i);
  }
  // "按年份和国家统计销售额", "每月及各门店的订单数": a time bucket said first heads the group
  // list as a column would.
  for (int i = 0; i < n && chinese_ && q_.bucket; ++i) {
    const Item& it = items_[i];
    if (it.used && it.kind == ItemKind::kKeyword &&
        (it.Has(Kw::kYearBucket) || it.Has(Kw::kQuarterBucket) || it.Has(Kw::kMonthBucket))) {
      GroupConjuncts(i);
    }
  }
  // "每个国家各有多少客户": 各 right after the grouped word repeats the grouping ("each of
  // them"); it groups nothing else.
  for (int i = 1; i < n && chinese_ && !q_.group_columns.empty(); ++i) {
    Item& it = items_[i];
    const Item& before = items_[i - 1];
    if (!it.used && (it.text == "各" || it.text == "各自") && before.used &&
        before.kind == ItemKind::kTerm && before.unit_end == it.unit_begin) {
      it.used = true;
    }
  }
}

// "按死亡人数排，前三的台风", "按人数从高到低排序": a Chinese column followed (past a direction)
// by an order word is what the rows are ordered by, not a group; true when items_[j] is one.
bool Parser::OrderWordAfter(int j) const {
  if (!chinese_ || j < 0 || items_[j].kind != ItemKind::kTerm) return false;
  int k = NextMeaningful(j);
  while (k >= 0 && !items_[k].Has(Kw::kOrder) &&
         (items_[k].Has(Kw::kDesc) || items_[k].Has(Kw::kAsc))) {
    k = NextMeaningful(k);
  }
  return k >= 0 && items_[k].Has(Kw::kOrder);
}

// "销售额和占比", "销售额、其占比", "revenue and its share": a list joiner right before the
// share word (past 的/其/its and stop words) says the measure is asked beside it; in
// 销售额占比 or "share of revenue" the measure only names what is shared.
bool Parser::ListJoinerBefore(int share) const {
  for (int j = share - 1; j >= 0; --j) {
    const Item& it = items_[j];
    if (it.JoinsAList()) return true;
    const bool filler = it.text == "的" || it.text == "其" || it.text == "its" ||
                        it.text == "their" || (it.kind == ItemKind::kKeyword && it.Has(Kw::kStop));
    if (!filler) return false;
  }
  return false;
}

void Parser::ParseOrdering() {
  const int n = static_cast<int>(items_.size());
  for (int i = 0; i < n; ++i) {
    Item& it = items_[i];
    if (it.used) continue;
    if (it.Has(Kw::kDesc) || it.Has(Kw::kAsc)) {
      q_.order_desc = it.Has(Kw::kDesc);
      q_.order_set = true;
      Map(it, "order", q_.order_desc ? "DESC" : "ASC");
      // "sorted ascending by age" is a direction and an ordering: it is used once the
      // ordering column is found below.
      if (!it.Has(Kw::kOrder)) {
        it.used = true;
        if (chinese_) OrdersByTheGroupedMeasure(PrevMeaningful(i));
        continue;
      }
    }
    if (it.Has(Kw::kOrder)) {
      if (ReadAgeOrder(i)) continue;
      if (!ReadOrderColumnAfter(i)) ReadOrderColumnBefore(i);
    }
    if (it.Has(Kw::kShare)) {
      q_.share = true;
      q_.share_measure_asked = ListJoinerBefore(i);
      it.used = true;
      // 美国客户占全部客户的比例: 占 ("makes up") before the share word says the share again.
      for (int j = i - 1; j >= 0; --j) {
        if (items_[j].kind == ItemKind::kUnknown && items_[j].text == "占") items_[j].used = true;
      }
      Map(it, "share", "percent of total");
      Understood("share of total", "占比");
    }
  }
}

// "各国家的客户数量，按数量从多到少(排序)": the word before the direction says the one grouped
// measure again (数量 for its COUNT, or its label), so the groups are ordered by it as said
// (OrderBy); it and a 按 before it are used. False (nothing used) for any other word or shape.
bool Parser::OrdersByTheGroupedMeasure(int p) {
  if (p < 0 || !q_.order_set || q_.measures.size() != 1 || q_.group_columns.empty()) return false;
  const Measure& m = q_.measures[0];
  const std::string& w = items_[p].text;
  if (w.empty() || (w != m.phrase && w != m.label && w != m.column_phrase)) return false;
  items_[p].used = true;
  const int by = PrevMeaningful(p);
  if (by >= 0 && !items_[by].used && items_[by].Has(Kw::kGroup)) items_[by].used = true;
  return true;
}

// "ordered by age" / "按年龄排序": the age of the listed rows' table, resolved by
// ParseAgeWords; false when no unused age word is beside the ordering word at i.
bool Parser::ReadAgeOrder(int i) {
  const int j = NextMeaningful(i);
  const int p = chinese_ ? PrevMeaningful(i) : -1;
  const int age = j >= 0 && items_[j].age_word ? j : p >= 0 && items_[p].age_word ? p : -1;
  if (age < 0 || items_[age].used) return false;
  age_order_ = {i, age};
  items_[i].used = items_[age].used = true;
  if (age == p && p > 0 && items_[p - 1].Has(Kw::kGroup)) items_[p - 1].used = true;
  return true;
}

// "ordered by age": the column right after the ordering word at i; false when none.
bool Parser::ReadOrderColumnAfter(int i) {
  const int j = NextMeaningful(i);
  const int col = j >= 0 ? ColumnOf(items_[j]) : -1;
  if (col < 0 || items_[j].used) return false;
  q_.order_column = col;
  items_[i].used = items_[j].used = true;
  Map(items_[j], "order", ColName(col));
  return true;
}

// "按销售额排序": the column came first (Chinese word order only), maybe before a direction
// ("按人数从高到低排序").
void Parser::ReadOrderColumnBefore(int i) {
  int p = chinese_ ? PrevMeaningful(i) : -1;
  while (p >= 0 && !items_[p].Has(Kw::kOrder) &&
         (items_[p].Has(Kw::kDesc) || items_[p].Has(Kw::kAsc))) {
    p = PrevMeaningful(p);
  }
  const int col = p >= 0 ? ColumnOf(items_[p]) : -1;
  // 各流派的曲目数排名: 排名 says the direction too (largest first).
  const bool was_set = q_.order_set;
  if (col < 0 && !was_set && RankWord(items_[i])) q_.order_set = q_.order_desc = true;
  if (col < 0 && OrdersByTheGroupedMeasure(p)) {
    items_[i].used = true;
    return;
  }
  q_.order_set = was_set;
  if (col < 0 || items_[p].used) return;
  if (RanksTheGroupsBy(i, p, col)) return;
  // "按死亡人数排，前三的台风": the first N are shown with what ranked them, as
  // 死亡人数前三的台风 is (RankRowsByOwnColumn).
  const int label = index_.LabelColumn(Col(col).table, chinese_);
  if (q_.limit > 0 && q_.projections.empty() && q_.measures.empty() && q_.group_columns.empty() &&
      IsNumericCol(col) && label >= 0) {
    q_.projections.push_back(label);
    AddNameCompanion(&q_.projections, label);
    q_.projections.push_back(col);
  }
  q_.order_column = col;
  items_[i].used = items_[p].used = true;
  if (p > 0 && items_[p - 1].Has(Kw::kGroup)) items_[p - 1].used = true;
  Map(items_[p], "order", ColName(col));
}

// 排名/排行 ("rank"): an order word that also says largest first.
bool Parser::RankWord(const Item& it) const {
  return chinese_ &&
         (it.text.find("排名") != std::string::npos || it.text.find("排行") != std::string::npos);
}

// "各流派销售额排名", "各国家按销售额从高到低排序": beside groups with nothing measured yet, a
// measure column ranked (排名/排行, or with a direction said) is the groups' measure: left to
// the leftovers to sum and ordered as a grouped measure is, 排名 largest first. True when so.
bool Parser::RanksTheGroupsBy(int order_word, int p, int col) {
  const bool ranks = RankWord(items_[order_word]);
  if (!chinese_ || (q_.group_columns.empty() && !q_.bucket) || !q_.measures.empty() ||
      !IsNumericCol(col) || Col(col).role != ColumnRole::kMeasure || (!ranks && !q_.order_set)) {
    return false;
  }
  if (!q_.order_set) q_.order_desc = true;
  q_.order_set = true;
  ranks_groups_ = true;
  items_[order_word].used = true;
  if (p > 0 && items_[p - 1].Has(Kw::kGroup)) items_[p - 1].used = true;
  Map(items_[order_word], "order", "the groups' measure");
  return true;
}

// "对比一下加拿大和法国的销售额", "各渠道的销售额对比": 对比/比较 asks for each side's own figure.
// Already grouped, the breakdown is the comparison; with one measure and two or more values
// (of one column, GroupByComparedValues checks once they are placed) each value is a group.
// Anything else leaves the word unread. English says it with compare, vs or versus ("compare
// sales in canada and france", "sales in Shanghai vs Beijing").
void Parser::ReadComparedValues() {
  std::vector<int> compare;  // 对比 / 比较, one unread word or its two unread characters
  for (int k = 0; k < static_cast<int>(items_.size()); ++k) {
    const bool last = k + 1 == static_cast<int>(items_.size());
    const std::string pair = items_[k].text + (last ? "" : items_[k + 1].text);
    const std::string lower = text::AsciiLower(items_[k].text);
    const bool word = items_[k].text == "对比" || items_[k].text == "比较" ||
                      (!chinese_ && (lower == "compare" || lower == "vs" || lower == "versus"));
    if (!items_[k].used && word) compare = {k};
    if (!last && !items_[k].used && !items_[k + 1].used && (pair == "对比" || pair == "比较")) {
      compare = {k, k + 1};
    }
  }
  if (compare.empty()) return;
  // A top N compares within each value (对比加拿大和法国销售额最高的客户): not read here.
  if (q_.limit > 0 || q_.superlative || q_.share || !q_.projections.empty()) return;
  const bool grouped = !q_.group_columns.empty() || q_.bucket;
  const bool values = q_.measures.size() == 1 && values_.size() >= 2;
  if (!grouped && !values) return;
  // "revenue by category vs last year" sets the groups against something not asked for.
  const std::string said = text::AsciiLower(items_[compare[0]].text);
  if (grouped && (said == "vs" || said == "versus")) return;
  compare_values_ = !grouped;
  compare_word_ = items_[compare[0]].text;
  for (int k : compare) items_[k].used = true;
  Understood("compare", "对比");
}

// "美国和加拿大的销售额分别是多少", "巴西和德国的客户分别有多少个": 分别/各自 after two or more
// values asks one figure for each value, as 对比 does: the values' one column becomes a group
// (GroupByComparedValues). Beside a period or other groups ("美国和加拿大每年的销售额分别是多少")
// the value's group is added to them; summing the values together answered another question.
void Parser::ReadRespectiveValues() {
  if (!chinese_ || compare_values_ || values_.size() < 2 || q_.measures.size() != 1 ||
      q_.limit > 0 || q_.superlative || q_.share || !q_.projections.empty()) {
    return;
  }
  auto negated = [](const PendingValue& v) { return v.negated; };
  if (std::any_of(values_.begin(), values_.end(), negated)) return;
  int last_value = -1;
  for (int k = 0; k < static_cast<int>(items_.size()); ++k) {
    const bool of_value = std::any_of(values_.begin(), values_.end(), [&](const PendingValue& v) {
      return v.phrase == items_[k].text;
    });
    if (items_[k].used && of_value) last_value = k;
  }
  for (int k = last_value + 1; last_value >= 0 && k < static_cast<int>(items_.size()); ++k) {
    const std::string& w = items_[k].text;
    if (w != "分别" && w != "分别是" && w != "各自") continue;
    compare_values_ = true;
    compare_word_ = w;
    items_[k].used = true;
    Understood("each value", w);
    return;
  }
}

// The compared values (ReadComparedValues) placed: one filter holds them all, and its column
// is the group, so each value has its row. Values of different columns compare nothing alike.
bool Parser::GroupByComparedValues(std::string* why_en, std::string* why_zh) {
  if (!compare_values_) return true;
  const Filter* compared = nullptr;
  int lists = 0;
  for (const Filter& f : q_.filters) {
    if (f.values.size() < 2) continue;
    ++lists;
    if (f.op == Op::kEq && !f.numeric && f.business < 0 && !f.CountsRows()) compared = &f;
  }
  if (lists != 1 || !compared || compared->values.size() != values_.size()) {
    *why_en = "'" + compare_word_ +
              "' needs values of one column to give each its figure; name them by one column.";
    *why_zh = "“" + compare_word_ + "”的几个取值不属于同一列，无法逐个给出；请写出同一列的取值。";
    return false;
  }
  const int column = compared->column;
  if (std::find(q_.group_columns.begin(), q_.group_columns.end(), column) !=
      q_.group_columns.end()) {
    return true;
  }
  q_.group_columns.push_back(column);
  // Named by its first value, so that a period said after the values orders within each value.
  const bool respective = compare_word_.starts_with("分别") || compare_word_ == "各自";
  out_.explanation.push_back({respective ? values_.front().phrase : "", "group",
                              ColName(column) + " (one row per value compared)"});
  return true;
}

}  // namespace askdb::nlq
