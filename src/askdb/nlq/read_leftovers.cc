// Reading what the other passes left: "by" after a past participle, and the words still
// unused (columns to list, tables, measures to sum).
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
#include "askdb/nlq/count_word_check.h"
#include "askdb/nlq/parser.h"

namespace askdb::nlq {

namespace {

// "订单数", "单量", "客户数量", "order count": the word itself names a number of things.
bool SaysACount(std::string_view word) {
  const std::string w = text::AsciiLower(word);
  for (std::string_view tail : {"数", "量", " count"}) {  // 量 ends 数量 too
    if (w.ends_with(tail)) return true;
  }
  return false;
}

}  // namespace

void Parser::ParsePassiveBy() {
  if (chinese_) return;
  const int n = static_cast<int>(items_.size());
  for (int i = 1; i < n; ++i) {
    Item& by = items_[i];
    if (by.used || by.kind != ItemKind::kKeyword || text::AsciiLower(by.text) != "by") continue;
    const Item& verb = items_[i - 1];
    if (verb.kind != ItemKind::kUnknown) continue;
    const bool participle = IsPastParticiple(verb.text);
    // The table follows, maybe after a value of it ("by chess clubs").
    int next = NextMeaningful(i);
    if (next >= 0 && TableOf(items_[next]) < 0 && HasValue(items_[next])) {
      next = NextMeaningful(next);
    }
    if (!participle || next < 0) continue;
    // "phones offered by the carrier Sprint": a column named before its value is the
    // condition, not a grouping (it had grouped the one carrier beside the count).
    const int col = TableOf(items_[next]) < 0 ? ColumnOf(items_[next]) : -1;
    if (col >= 0 && NamesFollowingValue(next, col)) {
      by.used = true;
      Map(by, "condition", "by " + ColName(col));
      continue;
    }
    if (TableOf(items_[next]) < 0) continue;
    by.used = true;
    Map(by, "join", "by " + index_.tables()[TableOf(items_[next])].name);
  }
}

bool Parser::NamesFollowingValue(int item, int col) const {
  bool of = false;
  for (int j = NextMeaningful(item); j >= 0; j = NextMeaningful(j)) {
    if (items_[j].kind == ItemKind::kKeyword && items_[j].Has(Kw::kNot)) continue;
    // 会员等级为金卡 / 等于金卡: an equality word says the value as 是 does.
    if (items_[j].kind == ItemKind::kKeyword && items_[j].Has(Kw::kEq)) continue;
    if (text::AsciiLower(items_[j].text) == "of") {
      of = true;  // "the continent of Europe" — but not "the channel of online orders"
      continue;
    }
    if (!HasValue(items_[j])) return false;
    const int after = NextMeaningful(j);
    if (of && after >= 0 && TableOf(items_[after]) >= 0) return false;
    return std::any_of(items_[j].terms.begin(), items_[j].terms.end(), [&](int id) {
      return TermOf(id).kind == TermKind::kValue && TermOf(id).column == col;
    });
  }
  return false;
}

// "APP渠道的销售额", "华东地区的门店": in Chinese the column is said right after its value; the
// word names the value's column, not one to list ("APP渠道的销售额" had listed every app order's
// amount beside its channel). English says it so too: "rooms with modern decor", "wines in
// Sonoma county" had listed the decor and the county beside the rows.
// "the superhero who has Helen Parr as their full name": "as" and a possessive or article may
// stand between the value and its column (BIRD bird-0807 had listed the full name too).
bool Parser::NamesPrecedingValue(int item, int col) const {
  int v = item - 1;
  auto word = [&](int k, std::initializer_list<std::string_view> words) {
    if (k < 0) return false;
    const std::string w = text::AsciiLower(items_[k].text);
    return std::find(words.begin(), words.end(), w) != words.end();
  };
  if (!chinese_ && word(v, {"their", "its", "his", "her", "the", "a", "an"}) &&
      word(v - 1, {"as"})) {
    v -= 2;
  } else if (!chinese_ && word(v, {"as"})) {
    v -= 1;
  }
  if (v < 0 || !HasValue(items_[v])) return false;
  return std::any_of(items_[v].terms.begin(), items_[v].terms.end(), [&](int id) {
    return TermOf(id).kind == TermKind::kValue && TermOf(id).column == col;
  });
}

// "职业是导演的有谁": a column said right before one of its values only names the value's
// column. When that value was read otherwise (导演 as the column 电影.导演, a column to list),
// no condition is on the column and the answer would drop it. The first such column, else -1.
int Parser::FilterSubjectUnfiltered() const {
  for (int col : filter_subjects_) {
    const auto on_col = [&](const Filter& f) { return f.column == col; };
    if (std::none_of(q_.filters.begin(), q_.filters.end(), on_col) &&
        std::none_of(q_.referred_filters.begin(), q_.referred_filters.end(), on_col)) {
      return col;
    }
  }
  return -1;
}

// Whether a word that names a column is also a value of a column the question named right
// before it (职业是导演: 导演 is a 职业 as well as the column 电影.导演): the value is meant.
bool Parser::ValueOfNamedSubject(const Item& it) const {
  return std::any_of(it.terms.begin(), it.terms.end(), [&](int id) {
    return TermOf(id).kind == TermKind::kValue && filter_subjects_.count(TermOf(id).column) > 0;
  });
}

// "top 3 products by unit price", "the 3 products with the highest unit price": the rows
// named before, ordered by their own column. True when the word at `i` was read so.
bool Parser::RankRowsByOwnColumn(int i, int col) {
  Item& it = items_[i];
  const IndexedColumn& c = Col(col);
  const int before = PrevMeaningful(i);
  const bool top_by_own = q_.superlative && q_.limit > 0 && q_.subject_table == c.table &&
                          q_.projections.empty() && q_.group_columns.empty() && before >= 0 &&
                          text::AsciiLower(items_[before].text) == "by";
  if (top_by_own) ranked_table_ = c.table;
  if (ranked_table_ < 0 || c.table != ranked_table_ || !IsNumericCol(col) || !q_.measures.empty() ||
      q_.order_column >= 0) {
    return false;
  }
  int label = index_.LabelColumn(ranked_table_, chinese_);
  if (label < 0) label = TextKeyColumn(ranked_table_);  // 省份 of 各省份报名人数
  if (label < 0) return true;  // rows with no name to show: left unread, so it abstains
  for (Item& o : items_) {  // 省份 of 岗位数前三的省份 said the ranked rows: shown once
    if (!o.used && o.kind == ItemKind::kTerm && label == TextKeyColumn(ranked_table_) &&
        ColumnOf(o) == label) {
      o.used = true;
      Map(o, "table", index_.tables()[ranked_table_].name);
    }
  }
  q_.projections.push_back(label);
  AddNameCompanion(&q_.projections, label);
  q_.projections.push_back(col);
  q_.order_column = col;
  q_.subject_table = ranked_table_;
  it.used = true;
  NameColumn(col, it.text);
  Map(it, "order", ColName(col));
  return true;
}

// A bare measure is summed, unless the rows are listed with it ("... and their salary").
bool Parser::SumBareMeasure(int i, int col) {
  Item& it = items_[i];
  const IndexedColumn& c = Col(col);
  if (c.role != ColumnRole::kMeasure || !IsNumericCol(col) || has_age_superlative_ ||
      lists_rows_with_attributes_ ||
      !(!q_.group_columns.empty() || q_.bucket || q_.superlative || q_.share ||
        q_.projections.empty())) {
    return false;
  }
  // "How many orders had a discount?": a measure after "a"/"an"/"any" is something each row
  // has (a condition), not a total to add beside the count.
  if (it.unit_begin > 0) {
    const std::string before = text::AsciiLower(units_[it.unit_begin - 1].text);
    if (before == "a" || before == "an" || before == "any") return false;
  }
  Measure m;
  m.agg = Agg::kSum;
  m.column = col;
  m.table = c.table;
  m.phrase = it.text;
  m.column_phrase = it.text;
  m.implicit_sum = true;
  q_.measures.push_back(m);
  factor_ *= kDefaultSumFactor;
  it.used = true;
  Map(it, "column", ColName(col));
  Map(it, "function", "SUM (default for a measure)");
  Understood("SUM(" + ColName(col) + ")", "SUM(" + ColName(col) + ")");
  return true;
}

// "江浙沪门店的销售额": a measure beside another table's names, its own table unnamed and
// nothing grouped or asked per row, would list every row of the measure's table under those
// names (1,000 single orders) where the question wants a total or one per name. True: the
// word is left unread, so the engine abstains naming it.
bool Parser::MeasureListedUnderOtherNames(int col) const {
  const IndexedColumn& c = Col(col);
  if (c.role != ColumnRole::kMeasure || !IsNumericCol(col) || lists_rows_with_attributes_ ||
      !q_.group_columns.empty() || !q_.measures.empty() || q_.projections.empty() ||
      q_.subject_table == c.table || table_words_.count(c.table) > 0) {
    return false;
  }
  return std::none_of(q_.projections.begin(), q_.projections.end(),
                      [&](int p) { return Col(p).table == c.table; });
}

// A column word left over: the ranking column, a summed measure, a count named by the key's
// synonym, the time column, the subject of a following value, else a column to list.
void Parser::ReadLeftoverColumn(int i, int col) {
  Item& it = items_[i];
  const IndexedColumn& c = Col(col);
  bool exact = false;
  for (int id : it.terms) {
    exact |= TermOf(id).exact && TermOf(id).column == col && TermOf(id).source == "name";
  }
  bool alias = true;
  for (int id : it.terms) alias &= !TermOf(id).exact;
  if (alias) factor_ *= kAliasFactor;
  if (RankRowsByOwnColumn(i, col)) return;
  // "各国家发射的载人飞船数量": X names the count column X数量 only where a count is compared or
  // ranked (员工超过5万人, 员工最多); listed or summed, the bare word (a verb here) is not read.
  // Right after 多少/几个 (广州有多少体育馆, segment.cc ReadCountNounAfterHowMany) it asks for the
  // count's value, listed.
  const bool count_noun = std::all_of(it.terms.begin(), it.terms.end(),
                                      [&](int id) { return TermOf(id).source == "count noun"; });
  const Item* before = i > 0 ? &items_[i - 1] : nullptr;
  const bool asked =
      before && before->kind == ItemKind::kKeyword && before->kw == Bit(Kw::kStop) &&
      before->unit_end == it.unit_begin &&
      (before->text.starts_with("几") || before->text.find("多少") != std::string::npos);
  if ((count_noun && !asked) || SumBareMeasure(i, col)) return;
  // "订单数" / "order count" is a synonym of the key: a count of the table's rows. Only a name
  // the semantic model gave the key says that: the key's own name ("song name" of a table
  // keyed by song_name, "project" of a link table keyed by it) names the key's values, and
  // was read as a count ("What are the names of the songs?" = COUNT(*)).
  bool model_name = false;
  for (int id : it.terms) {
    model_name |= TermOf(id).source == "synonym" || TermOf(id).source == "business name";
  }
  // Beside another measure only a word that says a count (订单数 and 客单价, not 订单号 and
  // 销售额: the number's key, listed or grouped).
  if (c.primary_key && !exact && model_name && (q_.measures.empty() || SaysACount(it.text))) {
    Measure m;
    m.agg = Agg::kCount;
    m.table = c.table;
    m.phrase = it.text;
    m.label = it.text;
    q_.measures.push_back(m);
    it.used = true;
    Map(it, "function", "COUNT(*) " + index_.tables()[c.table].name);
    return;
  }
  if (c.role == ColumnRole::kTime && (q_.time || q_.bucket)) {
    time_column_ = col;  // "订单日期在2024年" names the time column
    it.used = true;
    Map(it, "column", ColName(col));
    return;
  }
  const bool after_value = NamesPrecedingValue(i, col);
  if (NamesFollowingValue(i, col) || after_value) {
    // The value's column, named so the value is read on it; showing it would only repeat
    // the condition (or add a column the question did not ask for).
    filter_subjects_.insert(col);
    it.used = true;
    NameColumn(col, it.text);
    Map(it, "column",
        ColName(col) + (after_value ? " (condition, after its value)" : " (condition)"));
    return;
  }
  if (MeasureListedUnderOtherNames(col)) return;
  q_.projections.push_back(col);
  it.used = true;
  NameColumn(col, it.text);
  Map(it, "column", ColName(col));
}

// A term word left over: a column (above), a table (the subject), or a value (a filter).
void Parser::ReadLeftoverTerm(int i) {
  Item& it = items_[i];
  const int col = ColumnOf(it);
  const int table = TableOf(it);
  // "record formats of orchestras": a word naming both a table and one of its columns
  // (orchestra.Orchestra) names the table when another column of it is already listed.
  bool table_word = false;
  if (col >= 0 && table == Col(col).table) {
    for (int p : q_.projections) table_word |= Col(p).table == table;
  }
  if (col >= 0 && !table_word && ValueOfNamedSubject(it)) {
    it.used = true;  // 职业是导演: 导演 is the named column's value, not the column 电影.导演
    values_.push_back({it.terms, false, it.text});
    return;
  }
  if (col >= 0 && !table_word) {
    ReadLeftoverColumn(i, col);
    return;
  }
  if (table >= 0) {
    if (q_.subject_table < 0) q_.subject_table = table;
    table_words_.emplace(table, it.text);
    it.used = true;
    Map(it, "table", index_.tables()[table].name);
    return;
  }
  if (HasValue(it)) {
    it.used = true;
    values_.push_back({it.terms, false, it.text});
  }
}

// Projections that repeat a group column are the group itself ("countries ... each
// country"); other attributes of the group's table are grouped too (name and theme of
// each concert) — unless that table holds the measured rows themselves: "average age of
// players in each position" grouped by player.Player too averaged each player alone. There
// the rows' name said by the table's own word ("players", "store area") only names the rows
// measured; any other column stays listed, and the shape check refuses it.
void Parser::FoldProjectionsIntoGroups() {
  std::vector<int> keep;
  for (int c : q_.projections) {
    if (std::find(q_.group_columns.begin(), q_.group_columns.end(), c) != q_.group_columns.end()) {
      continue;
    }
    // "the average enrollment of the schools": the same word, with no group.
    if (q_.group_columns.empty() && q_.measures.size() == 1 && !q_.superlative &&
        MeasuresRowsOf(Col(c).table) && SaidOnlyByItsTableWord(c)) {
      continue;
    }
    if (!q_.group_columns.empty() && !q_.measures.empty() &&
        Col(c).table == Col(q_.group_columns[0]).table && Col(c).role == ColumnRole::kDimension) {
      if (!MeasuresRowsOf(Col(c).table)) {
        q_.group_columns.push_back(c);
        continue;
      }
      if (SaidOnlyByItsTableWord(c)) continue;
    }
    keep.push_back(c);
  }
  q_.projections = keep;
}

// "What is the average campus fee in each year?": csu_fees has its own Year (a part of its
// key, so its word ranked below Campuses.Year) and the grouping went through a join to the
// campus's year. A group column of another table whose name the measured table's own column
// has too is read on the measured table: its rows' own value, no join (English).
void Parser::GroupOnTheMeasuredTable() {
  if (chinese_ || q_.measures.empty()) return;
  const int table = q_.measures[0].table;
  if (table < 0 || !MeasuresRowsOf(table)) return;
  for (int& g : q_.group_columns) {
    // A name is each table's own (Genre.Name is not Track.Name), as is a key.
    const std::string name = text::AsciiLower(Col(g).name);
    if (Col(g).table == table || index_.LabelColumn(Col(g).table, chinese_) == g ||
        name.find("name") != std::string::npos || name.find("title") != std::string::npos ||
        Col(g).primary_key || Col(g).foreign_key) {
      continue;
    }
    for (int c : index_.tables()[table].columns) {
      if (c == SingleKey(table) || Col(c).foreign_key || text::AsciiLower(Col(c).name) != name ||
          Col(c).type_class != Col(g).type_class) {
        continue;
      }
      out_.explanation.push_back(
          {"", "group", ColName(c) + " (the measured rows' own, not " + ColName(g) + ")"});
      g = c;
      break;
    }
  }
}

// Whether every measure aggregates rows of `table` (its column's table, or the counted one).
bool Parser::MeasuresRowsOf(int table) const {
  return std::all_of(q_.measures.begin(), q_.measures.end(), [&](const Measure& m) {
    return (m.column >= 0 ? Col(m.column).table : m.table) == table;
  });
}

// Whether column `c` is read only from words that name its table too ("players" for
// player.Player, "store" for stores.name): those words name the rows, not a column to show.
bool Parser::SaidOnlyByItsTableWord(int c) const {
  const int t = Col(c).table;
  auto has = [&](const Item& it, TermKind kind, int id) {
    return std::any_of(it.terms.begin(), it.terms.end(), [&](int term) {
      const Term& x = TermOf(term);
      return x.kind == kind && (kind == TermKind::kTable ? x.table : x.column) == id;
    });
  };
  // Said so at least once, and by no word naming the column alone ("names of the schools").
  bool by_table_word = false;
  for (const Item& it : items_) {
    if (!it.used || it.kind != ItemKind::kTerm || !has(it, TermKind::kColumn, c)) continue;
    if (!has(it, TermKind::kTable, t)) return false;
    by_table_word = true;
  }
  return by_table_word;
}

// A ranking over a dimension: "销售额最高的5个城市", "top 3 regions by sales".
void Parser::GroupRankedDimension() {
  if (!q_.superlative || q_.measures.empty() || !q_.group_columns.empty()) return;
  if (q_.projections.size() == 1 && Col(q_.projections[0]).role == ColumnRole::kDimension) {
    q_.group_columns.push_back(q_.projections[0]);
    q_.projections.clear();
  } else if (q_.projections.empty() && q_.subject_table >= 0 &&
             q_.subject_table != q_.measures[0].table) {
    // "top 10 customers by order amount": rank the subject's rows, named by their label.
    const int label = index_.LabelColumn(q_.subject_table, chinese_);
    if (label >= 0 && CanGroupByLabel(q_.subject_table, label)) {
      q_.group_columns.push_back(label);
      AddNameCompanion(&q_.group_columns, label);
    }
  }
}

// A label column that is not known to be unique stands for its rows only together with
// the key: two customers called 张伟 are two groups. So does a column said only by its
// table's own word ("each railway" for railway.Railway): the word names the rows.
void Parser::AddKeysBesideLabels() {
  for (int c : q_.group_columns) {
    const int t = Col(c).table;
    if (index_.LabelColumn(t, chinese_) != c && index_.LabelColumn(t, !chinese_) != c &&
        !SaidOnlyByItsTableWord(c)) {
      continue;
    }
    if (LabelIsUnique(t, c)) continue;
    const int key = SingleKey(t);
    if (key < 0 ||
        std::find(q_.group_columns.begin(), q_.group_columns.end(), key) !=
            q_.group_columns.end() ||
        std::find(q_.group_keys.begin(), q_.group_keys.end(), key) != q_.group_keys.end()) {
      continue;
    }
    q_.group_keys.push_back(key);
    out_.explanation.push_back({"", "group", ColName(key) + " (key beside the name)"});
  }
}

// The same computation asked twice ("count the number of") is one.
void Parser::DropRepeatedMeasures() {
  std::vector<Measure> unique;
  for (const Measure& m : q_.measures) {
    const bool dup = std::any_of(unique.begin(), unique.end(), [&](const Measure& u) {
      return u.agg == m.agg && u.column == m.column && u.table == m.table &&
             u.distinct == m.distinct;
    });
    if (!dup) unique.push_back(m);
  }
  q_.measures = unique;
}

void Parser::ParseLeftovers() {
  const int n = static_cast<int>(items_.size());
  for (int i = 0; i < n; ++i) {
    if (!items_[i].used && items_[i].kind == ItemKind::kTerm) ReadLeftoverTerm(i);
  }
  // "每个国家的销售额", "revenue by country": the bare measure was summed just now, and its
  // table picks which table's 国家 is meant (Parser::ColumnOf; in English the measure
  // table's own column ending in the word, MeasureTablesColumnEnding).
  if (!q_.measures.empty()) ParseGrouping();
  // "top 5 cities by revenue", "which city has the most revenue": a column name several tables
  // share, said before the measure, is read once the measure's table picks one (ColumnOf; in
  // English its own column ending in the word, as "revenue by city": Invoice.BillingCity).
  for (int i = 0; i < n && !q_.measures.empty(); ++i) {
    if (items_[i].used || items_[i].kind != ItemKind::kTerm) continue;
    const int own = chinese_ || TableOf(items_[i]) >= 0 || ColumnOf(items_[i]) >= 0
                        ? -1
                        : MeasureTablesColumnEnding(items_[i]);
    if (own >= 0) {
      ReadLeftoverColumn(i, own);
    } else {
      ReadLeftoverTerm(i);
    }
  }
  FoldProjectionsIntoGroups();
  GroupOnTheMeasuredTable();
  GroupRankedDimension();
  AddKeysBesideLabels();
  DropRepeatedMeasures();
  ReadPersonValueAsRows();
  ReadConditionRowsCounted();
  ReadNewRowsVerb();
  ReadWhoWord();
}

// "鸟人的导演是谁", "职业是演员的有谁": 谁 asks for people's names, so it is the question word
// when what is listed is names — text columns, none a key or a reference. 员工的上级是谁
// would list ReportsTo's ids: 谁 stays unread there, and the question abstains.
namespace {

// A column of people's names (姓名, 名字, 人名), as 名称 names things.
bool NamesPeople(const std::string& column) {
  return column.ends_with("姓名") || column == "名字" || column == "人名";
}

// Whether the rows of `table` are named by no person's name while a table they refer to is
// (比赛成绩, labelled 比赛名称, refers to 运动员, labelled 姓名): 谁 asks for those people.
bool RefersToPeopleNotItsOwn(const SchemaIndex& index, int table, bool chinese) {
  const int label = index.LabelColumn(table, chinese);
  if (label < 0 || NamesPeople(index.columns()[label].name)) return false;
  return std::any_of(index.edges().begin(), index.edges().end(), [&](const JoinEdge& e) {
    const int other = e.from_table == table ? index.LabelColumn(e.to_table, chinese) : -1;
    return other >= 0 && NamesPeople(index.columns()[other].name);
  });
}

}  // namespace

// "列出所有销售支持专员", "总经理是谁", "金牌会员有多少": a stored value said as a person noun
// (…专员, …经理, …会员) with no table word names the rows that hold it, as "销售支持专员员工"
// would: the value's table is what is listed, or counted by a count word left unbound. Chinese
// only, one value of a column that is not the rows' own name (a title, a level), nothing else
// asked.
void Parser::ReadPersonValueAsRows() {
  static constexpr std::string_view kPersonNouns[] = {"员",   "经理", "代表", "师", "长",
                                                      "总监", "主管", "者",   "手"};
  if (!chinese_ || q_.subject_table >= 0 || !q_.measures.empty() || !q_.projections.empty() ||
      !q_.group_columns.empty() || q_.bucket || values_.size() != 1 || values_[0].negated) {
    return;
  }
  const std::string& said = values_[0].phrase;
  if (std::none_of(std::begin(kPersonNouns), std::end(kPersonNouns),
                   [&](std::string_view noun) { return said.ends_with(noun); })) {
    return;
  }
  int column = -1;
  for (int id : values_[0].terms) {
    const Term& t = TermOf(id);
    if (t.kind != TermKind::kValue || (column >= 0 && t.column != column)) return;
    column = t.column;
  }
  if (column < 0) return;
  const int table = Col(column).table;
  if (column == index_.LabelColumn(table, chinese_)) return;  // the rows' own name
  for (const Item& it : items_) {
    if (it.kind == ItemKind::kTerm && TableOf(it) >= 0 && ColumnOf(it) < 0) return;
  }
  q_.subject_table = table;
  for (int k = 0; k < static_cast<int>(items_.size()); ++k) {
    if (!items_[k].used && items_[k].kind == ItemKind::kKeyword && items_[k].Has(Kw::kCount)) {
      BindMeasure(Agg::kCount, k, -1, table, false, -1, 0);
      return;
    }
  }
}

// "每个月新增多少客户", "2024年新增了多少客户": 新增 says the rows counted are the new ones, those
// a period or a bucket finds on their own date, which the count takes when the table has one
// date column (customers by their signup date). Chinese only; a table with no date of its own
// or several leaves 新增 unread.
void Parser::ReadNewRowsVerb() {
  if (!chinese_ || q_.measures.size() != 1 || (!q_.bucket && !q_.time)) return;
  const Measure& m = q_.measures[0];
  if (m.agg != Agg::kCount || m.column >= 0 || m.table < 0) return;
  const std::vector<int>& columns = index_.tables()[m.table].columns;
  if (std::count_if(columns.begin(), columns.end(),
                    [&](int c) { return Col(c).role == ColumnRole::kTime; }) != 1) {
    return;
  }
  auto unread = [&](size_t k, const char* text) {
    return k < items_.size() && !items_[k].used && items_[k].kind == ItemKind::kUnknown &&
           items_[k].text == text;
  };
  for (size_t k = 0; k + 1 < items_.size(); ++k) {
    if (!unread(k, "新") || !unread(k + 1, "增")) continue;  // one unit per character
    items_[k].used = items_[k + 1].used = true;
    if (unread(k + 2, "了")) items_[k + 2].used = true;
    Map(items_[k], "verb", "rows counted by their own date");
    return;
  }
}

// "发票金额超过20的有几张", "单价1.99的有多少首": a condition nominalised by 的 and then counted
// (有几, 有多少), with no table word, counts the rows the condition is on — the one table all its
// columns belong to. Chinese only.
void Parser::ReadConditionRowsCounted() {
  if (!chinese_ || !q_.measures.empty() || q_.subject_table >= 0 || !q_.projections.empty() ||
      !q_.group_columns.empty() || q_.filters.empty() || !values_.empty()) {
    return;
  }
  const int table = q_.filters[0].column >= 0 ? Col(q_.filters[0].column).table : -1;
  for (const Filter& f : q_.filters) {
    if (f.column < 0 || Col(f.column).table != table || f.CountsRows()) return;
  }
  for (const Item& it : items_) {
    if (it.kind == ItemKind::kTerm && TableOf(it) >= 0 && ColumnOf(it) < 0) return;
  }
  for (int k = 1; k < static_cast<int>(items_.size()); ++k) {
    const Item& count = items_[k];
    if (count.used || count.kind != ItemKind::kKeyword || !count.Has(Kw::kCount)) continue;
    int before = k - 1;  // 的 (有) 几: past 有, the nominaliser
    if (before > 0 && items_[before].text == "有") --before;
    if (items_[before].text != "的") return;
    q_.subject_table = table;
    BindMeasure(Agg::kCount, k, -1, table, false, -1, 0);
    return;
  }
}

void Parser::ReadWhoWord() {
  if (!chinese_) return;
  if (RanksNamedRows()) {  // "消费最多的客户是谁": the ranked rows' names are listed
    ReadWhoAsTheNamesListed();
    return;
  }
  if (!q_.measures.empty() || !q_.group_columns.empty()) return;
  // "演职员有谁": no column named, the rows' label (their name) is what is listed.
  std::vector<int> listed = q_.projections;
  // "职业是导演的有谁": no table named; the rows are those of the one column named before its
  // value (all such columns on one table).
  if (listed.empty() && q_.subject_table < 0 && !filter_subjects_.empty()) {
    const int table = Col(*filter_subjects_.begin()).table;
    const bool one_table = std::all_of(filter_subjects_.begin(), filter_subjects_.end(),
                                       [&](int c) { return Col(c).table == table; });
    if (one_table) q_.subject_table = table;
  }
  if (listed.empty() && q_.subject_table >= 0) {
    // "总成绩400kg的是谁": not the match's name (比赛名称) but the athlete it refers to.
    if (RefersToPeopleNotItsOwn(index_, q_.subject_table, chinese_)) return;
    listed.push_back(index_.LabelColumn(q_.subject_table, chinese_));
  }
  if (listed.empty() || listed[0] < 0) return;
  for (int c : listed) {
    if (!IsNameText(c)) return;
  }
  ReadWhoAsTheNamesListed();
}

// A text column that names something: not a key, a reference or an identifier.
bool Parser::IsNameText(int c) const {
  const IndexedColumn& col = Col(c);
  return col.type_class == TypeClass::kText && !col.primary_key && !col.foreign_key &&
         col.role != ColumnRole::kIdentifier;
}

// A top N or a superlative of one measure grouped by a table's name columns (its label and
// the label's companion: FirstName + LastName), as "消费最多的客户" ranks the customers.
bool Parser::RanksNamedRows() const {
  if (q_.measures.size() != 1 || q_.group_columns.empty() || (q_.limit <= 0 && !q_.superlative)) {
    return false;
  }
  const int table = Col(q_.group_columns.front()).table;
  const int label = index_.LabelColumn(table, chinese_);
  return label >= 0 && std::all_of(q_.group_columns.begin(), q_.group_columns.end(), [&](int c) {
           return (c == label || c == index_.NameCompanion(label)) && IsNameText(c);
         });
}

void Parser::ReadWhoAsTheNamesListed() {
  for (Item& it : items_) {
    if (it.used || it.kind != ItemKind::kUnknown || it.text != "谁") continue;
    it.used = true;
    Map(it, "which", "the names listed");
  }
}

}  // namespace askdb::nlq
