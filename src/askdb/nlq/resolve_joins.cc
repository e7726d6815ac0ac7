// Resolving the tables: the root table, the join tree over the foreign keys that connects
// every table the reading uses, and the time column.
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
#include "askdb/nlq/business_terms.h"
#include "askdb/nlq/fan_out_check.h"
#include "askdb/nlq/grounding.h"
#include "askdb/nlq/join_path_check.h"
#include "askdb/nlq/parser.h"
#include "askdb/nlq/period_check.h"
#include "askdb/nlq/read_missing.h"
#include "askdb/nlq/sale_verbs.h"

namespace askdb::nlq {
namespace {

// A verb of buying, said by the buyer (DateOfPurchase).
bool IsBuyingVerb(const std::string& lower) {
  return lower == "bought" || lower == "buy" || lower == "buys" || lower == "purchased" ||
         lower == "purchase" || lower == "ordered" || lower == "shopped";
}

}  // namespace

// A table of buyers by its name ("Customers", "client", "buyers"): the subject of a buying
// verb; an order's employee or shipper did not buy it.
bool NamesBuyers(std::string_view table_name) {
  const std::string lower = text::AsciiLower(std::string(table_name));
  return lower.find("customer") != std::string::npos || lower.find("client") != std::string::npos ||
         lower.find("buyer") != std::string::npos;
}

namespace {

// The one other date column of `table` that an unplaced verb of the question names
// ("orders shipped in 1997" → ShippedDate, not the table's main OrderDate); -1 when none or
// two. The word is marked used.
int DateColumnNamedByVerb(std::vector<Item>& items, const SchemaIndex& index, int table) {
  int found = -1;
  Item* word = nullptr;
  for (Item& it : items) {
    if (it.used || it.kind != ItemKind::kUnknown) continue;
    const std::string lower = text::AsciiLower(it.text);
    for (int c : index.tables()[table].columns) {
      const IndexedColumn& col = index.columns()[c];
      if (col.role != ColumnRole::kTime || !VerbNamesDateColumn(lower, col)) continue;
      if (found >= 0 && found != c) return -1;
      found = c;
      word = &it;
    }
  }
  if (word != nullptr) word->used = true;
  return found;
}

// The tables needed once the measure moves off `root`: `needed` without its first `root`,
// the measure's own entry (the root's other needs stay).
std::vector<int> WithoutMeasuresNeed(const std::vector<int>& needed, int root) {
  std::vector<int> out = needed;
  if (auto it = std::find(out.begin(), out.end(), root); it != out.end()) out.erase(it);
  return out;
}

}  // namespace

bool Parser::MoveMeasureAcrossFanOut(std::vector<int>* needed) {
  // Only one plain sum named by words: "top 10 products by revenue" → the line amounts.
  if (q_.measures.size() != 1) return false;
  Measure& m = q_.measures[0];
  const int root = tree_->root;
  if (m.agg != Agg::kSum || m.column < 0 || m.table != root || m.column_phrase.empty()) {
    return false;
  }
  const std::string phrase_key = PhraseKey(m.column_phrase);
  // Candidates: measure columns of a table the join fans out to from the root, one of whose
  // names contains the question's words as a proper part ("item revenue", "商品销售额").
  std::set<int> candidates;
  for (const JoinStep& s : tree_->steps) {
    if (!s.fan_out || s.parent != root) continue;
    for (int id = 0; id < static_cast<int>(index_.terms().size()); ++id) {
      const Term& t = TermOf(id);
      if (t.kind != TermKind::kColumn || t.table != s.table) continue;
      if (Col(t.column).role != ColumnRole::kMeasure || !IsNumericCol(t.column)) continue;
      const std::string& key = index_.term_key(id);
      if (key != phrase_key && KeyContainsUnits(key, phrase_key)) candidates.insert(t.column);
    }
  }
  if (candidates.empty()) return MoveMoneyToLineRevenue(needed);
  if (candidates.size() != 1) return false;  // ambiguous: keep abstaining
  const int column = *candidates.begin();
  const int new_root = Col(column).table;
  std::vector<int> new_needed = WithoutMeasuresNeed(*needed, root);
  std::optional<JoinTree> tree = FindJoinTree(index_, new_root, new_needed);
  if (!tree || tree->HasFanOut()) return false;
  out_.explanation.push_back({m.column_phrase, "column",
                              ColName(column) + " (line level, instead of " + ColName(m.column) +
                                  ", which the join would count more than once)"});
  m.column = column;
  m.table = new_root;
  *needed = std::move(new_needed);
  tree_ = std::move(tree);
  factor_ *= kLineMeasureFactor;
  return true;
}

// "top 5 artists by sales": a money word names the document's total (Invoice.Total), which
// cannot be split by what only its lines hold (the artist of each track sold); the lines'
// price × quantity can, and is the revenue of those rows. Only for the money words' column
// (not "total" named as a column) and the one line table beneath it.
bool Parser::MoveMoneyToLineRevenue(std::vector<int>* needed) {
  Measure& m = q_.measures[0];
  const int term = index_.line_revenue_term();
  if (term < 0 || m.column != index_.inferred_money_column()) return false;
  // A revenue word (销售额, sales) naming the money column, inferred or the model's.
  const std::string key = PhraseKey(m.column_phrase);
  const std::vector<std::string_view>& revenue = measures::RevenuePhrases();
  const bool money_word = std::any_of(revenue.begin(), revenue.end(),
                                      [&](std::string_view w) { return PhraseKey(w) == key; });
  const int lines = index_.business_terms()[term].table;
  const bool beneath = std::any_of(
      tree_->steps.begin(), tree_->steps.end(),
      [&](const JoinStep& s) { return s.fan_out && s.parent == tree_->root && s.table == lines; });
  if (!money_word || !beneath) return false;
  std::vector<int> new_needed = WithoutMeasuresNeed(*needed, tree_->root);
  std::optional<JoinTree> tree = FindJoinTree(index_, lines, new_needed);
  if (!tree || tree->HasFanOut()) return false;
  out_.explanation.push_back({m.column_phrase, "measure",
                              index_.business_terms()[term].def.expression + " of " +
                                  index_.tables()[lines].name + " (line level, instead of " +
                                  ColName(m.column) +
                                  ", which cannot be split by what the lines hold)"});
  m.business = term;
  m.column = -1;
  m.table = lines;
  m.label = m.column_phrase;
  *needed = std::move(new_needed);
  tree_ = std::move(tree);
  factor_ *= kLineMeasureFactor;
  return true;
}

int Parser::RootTable() const {
  // The fact table: where the measures live, else what is counted/listed/grouped.
  int root = -1;
  for (const Measure& m : q_.measures) {
    if (root < 0) root = m.table;
  }
  if (root < 0 && !q_.projections.empty()) root = Col(q_.projections[0]).table;
  if (root < 0 && q_.subject_table >= 0) root = q_.subject_table;
  if (root < 0 && !q_.group_columns.empty()) root = Col(q_.group_columns[0]).table;
  if (root < 0 && !values_.empty()) {
    root = TermOf(values_[0].terms[0]).table;
  }
  for (const Filter& f : q_.filters) {
    if (root < 0 && f.business >= 0) root = index_.business_terms()[f.business].table;
  }
  return root;
}

std::vector<int> Parser::NeededTables(int root) const {
  // A superlative over another table's rows: "which genre has the most tracks" groups the
  // subject's label; a top-N over rows of one table stays a row list.
  std::vector<int> needed;
  for (const Measure& m : q_.measures) needed.push_back(m.table);
  for (int c : q_.group_columns) needed.push_back(Col(c).table);
  for (int c : q_.projections) needed.push_back(Col(c).table);
  for (const Filter& f : q_.filters) {
    if (f.business < 0) needed.push_back(Col(f.column).table);
    if (f.business >= 0) {
      for (int t : index_.business_terms()[f.business].tables) needed.push_back(t);
    }
  }
  if (q_.order_column >= 0) needed.push_back(Col(q_.order_column).table);
  if (q_.subject_table >= 0 && q_.subject_table != root && q_.measures.empty() &&
      q_.projections.empty()) {
    needed.push_back(q_.subject_table);
  }
  return needed;
}

// "Steve Johnson 负责哪些客户": a first name and the next value a last name of one table's
// person name columns are one person's, on that table (Steve is also a customer's first name:
// placed apart, the two names joined a customer Steve to an employee Johnson). The value
// k's first-name column when values k and k + 1 are such a pair, else -1.
int Parser::FirstNameOfAPair(size_t k) const {
  if (k + 1 >= values_.size()) return -1;
  for (int id : values_[k].terms) {
    const Term& t = TermOf(id);
    const int last = t.kind == TermKind::kValue ? index_.NameCompanion(t.column) : -1;
    if (last < 0) continue;
    for (int next : values_[k + 1].terms) {
      if (TermOf(next).kind == TermKind::kValue && TermOf(next).column == last) return t.column;
    }
  }
  return -1;
}

bool Parser::PlaceValues(int root, std::vector<int>* needed_tables, std::string* why_en,
                         std::string* why_zh) {
  std::vector<int>& needed = *needed_tables;
  const bool one_sum = q_.measures.size() == 1 && q_.measures[0].agg == Agg::kSum &&
                       q_.measures[0].table == root && q_.measures[0].column >= 0;
  // Values: choose the column per value, preferring tables already needed, then the one
  // nearest to the root.
  std::vector<int> value_columns;
  const std::vector<int> person = FullNameColumns();
  for (size_t k = 0; k < values_.size(); ++k) {
    const int best =
        person[k] >= 0 ? person[k] : ChooseValueColumn(k, root, needed, one_sum, why_en, why_zh);
    if (best < 0) return false;
    // "比赛名称不是奥运会的运动员": <> on a table whose rows repeat the root's keeps a root row
    // with any other row there, not the ones with none of that value (that is NOT IN).
    if (values_[k].negated && RepeatsRowsToReach(root, Col(best).table)) {
      *why_en = "'" + values_[k].phrase + "' is negated on " + ColName(best) +
                ", which holds several rows per row asked about: rows without it, or rows with "
                "another value? Ask without the negation or say which.";
      *why_zh = "“" + values_[k].phrase + "”的否定落在 " + ColName(best) +
                " 上，而每个所问的行在那里有多行：是要没有它的行，还是有别的取值的行？不确定，"
                "因此不作答；请换个说法。";
      return false;
    }
    value_columns.push_back(best);
    needed.push_back(Col(best).table);
  }
  for (size_t k = 0; k < values_.size(); ++k) AddValueFilter(k, value_columns[k]);
  return true;
}

// The one best-scored column (ValueColumnScore) of values_[k], else -1 with why: no column
// links it to what is asked, or several tie.
int Parser::ChooseValueColumn(size_t k, int root, const std::vector<int>& needed, bool one_sum,
                              std::string* why_en, std::string* why_zh) const {
  const PendingValue& v = values_[k];
  int best = -1;
  int best_score = -1;
  int ties = 0;
  // Between columns of one score, a value stored as written beats a derived spelling
  // ("English": song.languages = 'english', not song.country = 'UK' by the demonym).
  double best_strength = 1.0;
  std::vector<int> tied;
  std::set<int> seen_cols;
  for (int id : v.terms) {
    const Term& t = TermOf(id);
    if (t.kind != TermKind::kValue || seen_cols.count(t.column)) continue;
    seen_cols.insert(t.column);
    const double strength = TermStrength(t);
    const int score = ValueColumnScore(t, root, needed, one_sum);
    if (score > best_score || (score == best_score && strength > best_strength)) {
      best_score = score;
      best_strength = strength;
      best = t.column;
      ties = 1;
      tied = {t.column};
    } else if (score == best_score && strength == best_strength) {
      ++ties;
      tied.push_back(t.column);
    }
  }
  if (best < 0 || best_score < 0) {
    *why_en = "'" + v.phrase + "' is a value I cannot link to what is asked.";
    *why_zh = "无法把“" + v.phrase + "”与所问的数据关联起来。";
    return -1;
  }
  if (ties > 1) {
    // Equally close columns, nothing in the question to choose by: either is a guess.
    std::string cols;
    for (int c : tied) cols += (cols.empty() ? "" : ", ") + ColName(c);
    *why_en = "'" + v.phrase + "' is a value of several columns (" + cols +
              "); name the column you mean.";
    *why_zh = "“" + v.phrase + "”是多个列（" + cols + "）的值；请写明是哪一列。";
    return -1;
  }
  return best;
}

// The columns of values that are one person's full name (FirstNameOfAPair): the first name's
// and its companion last name's, -1 for every other value.
std::vector<int> Parser::FullNameColumns() const {
  std::vector<int> person(values_.size(), -1);
  for (size_t k = 0; k + 1 < values_.size(); ++k) {
    if (const int first = FirstNameOfAPair(k); first >= 0 && person[k] < 0) {
      person[k] = first;
      person[k + 1] = index_.NameCompanion(first);
    }
  }
  return person;
}

// How close value term `t`'s column is to what is asked: 5 named just before the value, 4 on
// the table a Chinese word names, 3 the root, 2 a table already needed, 1/0 one/more joins
// away, -1 behind a join that repeats rows (unless `one_sum` can move the sum down).
int Parser::ValueColumnScore(const Term& t, int root, const std::vector<int>& needed,
                             bool one_sum) const {
  // The question named the column right beside the value, or its table ("French customers")
  // when that table is reached without repeating rows: through a join that repeats them ("the
  // TR004_8_9 bond atoms", an atom's molecule's bonds) the table word alone does not say the
  // relation meant, so the value is scored as usual.
  if (filter_subjects_.count(t.column) &&
      (!table_subjects_.count(t.column) || !RepeatsRowsToReach(root, t.table))) {
    return 5;
  }
  // "美国客户一共消费了多少钱": the customers' country, the table it names
  if (chinese_ && t.table != root && table_words_.count(t.table)) return 4;
  if (t.table == root) return 3;
  if (std::find(needed.begin(), needed.end(), t.table) != needed.end()) return 2;
  const auto tree = FindJoinTree(index_, root, {t.table});
  // A value in a child table changes counts — unless the one measure is a sum that the join
  // tree's check moves down to that level or refuses ("2024年手机的销售额": the phones' line
  // amounts, not the orders holding a phone; in English since session 18: "rock revenue",
  // "revenue from Iron Maiden tracks" = the lines' price × quantity, freight stays refused).
  // "雷克萨斯参加过哪些车展", "天猫商城在卖哪些型号": the root's rows only listed are taken once
  // each whatever the join repeats (a list per key), so the value only says which of them
  // (Chinese, measured there).
  if (tree && tree->HasFanOut()) {
    // "customers who bought Chai": a buying verb puts the value past the order lines (English).
    const std::vector<int> tables = tree->Tables();
    const bool bought =
        bought_value_ && (OnlyListsRows() || OnlyCountsRows()) &&
        NamesBuyers(index_.tables()[root].name) &&
        std::find(tables.begin(), tables.end(), OrderLinesTable(index_)) != tables.end();
    return one_sum || (chinese_ && OnlyListsRows()) || bought ? 0 : -1;
  }
  return tree && tree->steps.size() == 1 ? 1 : 0;
}

// Whether the query only lists rows, nothing computed, and no value is negated: "不是奥运会的
// 运动员" over the join would keep an athlete with any other result, not the ones without an
// 奥运会 result. A count stays refused ("手机的订单数": orders, or their phone lines?).
bool Parser::OnlyListsRows() const { return !NegatesAValue() && q_.measures.empty(); }

bool Parser::NegatesAValue() const {
  return std::any_of(values_.begin(), values_.end(),
                     [](const PendingValue& v) { return v.negated; });
}

// The tables "bought" names (ReadBoughtValue): the order lines and the document above them on
// the join tree ("customers who bought jazz": Invoice, InvoiceLine; the track is still unsaid).
std::vector<int> Parser::TablesOfBuying() const {
  if (!bought_value_) return {};
  const int lines = OrderLinesTable(index_);
  std::vector<int> tables = {lines};
  for (const JoinStep& s : tree_->steps) {
    if (s.table == lines && s.parent >= 0) tables.push_back(s.parent);
  }
  return tables;
}

// "how many customers bought Chai": one plain COUNT(*) of the rows and nothing else; over the
// join through the order lines the fan-out check counts each row once (DISTINCT key).
bool Parser::OnlyCountsRows() const {
  return !NegatesAValue() && q_.measures.size() == 1 && q_.measures[0].agg == Agg::kCount &&
         q_.measures[0].column < 0 && q_.measures[0].business < 0 && q_.projections.empty();
}

// The join from `root` to `table` repeats root rows (a step to many rows), or there is none.
bool Parser::RepeatsRowsToReach(int root, int table) const {
  if (table == root) return false;
  const auto tree = FindJoinTree(index_, root, {table});
  return !tree || tree->HasFanOut();
}

// Value k placed on column `col`: merged with a filter of the same column and sense into one
// IN / NOT IN, else a new filter.
void Parser::AddValueFilter(size_t k, int col) {
  std::string value;
  for (int id : values_[k].terms) {
    if (TermOf(id).kind == TermKind::kValue && TermOf(id).column == col) value = TermOf(id).value;
  }
  Filter* existing = nullptr;
  for (Filter& f : q_.filters) {
    if (!f.numeric && f.column == col && (f.op == Op::kNe) == values_[k].negated) existing = &f;
  }
  if (existing) {
    existing->values.push_back(value);
  } else {
    Filter f;
    f.column = col;
    f.op = values_[k].negated ? Op::kNe : Op::kEq;
    f.values = {value};
    q_.filters.push_back(f);
  }
  out_.explanation.push_back(
      {values_[k].phrase, "value", ColName(col) + (values_[k].negated ? " <> " : " = ") + value});
  Understood(ColName(col) + (values_[k].negated ? " ≠ " : " = ") + value,
             ColName(col) + (values_[k].negated ? " ≠ " : " = ") + value);
}

// "invoices billed to Paris", "orders shipped to France": an unplaced verb that the name of
// the column a value was placed on starts with (Billing-, Ship-) only confirms that column.
void Parser::ReadVerbsOfValueColumns() {
  for (Item& it : items_) {
    if (it.used || it.kind != ItemKind::kUnknown) continue;
    const std::string lower = text::AsciiLower(it.text);
    for (const Filter& f : q_.filters) {
      if (f.column < 0 || f.numeric || f.values.empty() || f.CountsRows() || f.is_null ||
          !VerbNamesColumnPrefix(lower, Col(f.column))) {
        continue;
      }
      it.used = true;
      Map(it, "column", ColName(f.column) + " (the verb its name starts with)");
      break;
    }
  }
}

// The date of a row the root refers to (an order line's order date), when the root has none;
// -1 when there is none, -2 when the root holds no measures (not a line of a document) and
// the date belongs to a table the question does not name ("customers in 2025" is not
// "customers whose support rep was hired in 2025").
int Parser::BorrowedTimeColumn(int root, std::string* why_en, std::string* why_zh) const {
  // A line of a dated document (it holds measures — price, quantity — or the question sums
  // one of its columns) has its document's date.
  bool line_of_facts = false;
  for (int c : index_.tables()[root].columns) line_of_facts |= Col(c).role == ColumnRole::kMeasure;
  for (const Measure& m : q_.measures)
    line_of_facts |= m.column >= 0 && Col(m.column).table == root;
  for (const JoinEdge& e : index_.edges()) {
    if (e.from_table != root) continue;
    const int c = index_.TimeColumn(e.to_table);
    if (c < 0) continue;
    if (line_of_facts) return c;
    // "How many customers did each employee support in 2023?" had counted the customers of
    // the employees hired in 2023 (0.77): a period on the rows counted per group is not the
    // groups' own date, and the rows have none.
    const bool groups_date = std::any_of(q_.group_columns.begin(), q_.group_columns.end(),
                                         [&](int g) { return Col(g).table == e.to_table; });
    if (groups_date) {
      *why_en = "the question names a period, but " + index_.tables()[root].name +
                " has no date of its own and the nearest one, " + ColName(c) +
                ", is the date of the groups, not of the rows counted; say which date the "
                "period is about (e.g. the date of an order).";
      *why_zh = "问题里有时间条件，但" + index_.tables()[root].name +
                "本身没有日期列，最近的日期列" + ColName(c) +
                "是分组对象的日期，不是所统计行的日期；请说明时间指的是哪个日期。";
      return -2;
    }
    if (table_words_anywhere_.count(e.to_table) || context_tables_.count(e.to_table)) return c;
    *why_en = "the question names a period, but " + index_.tables()[root].name +
              " has no date of its own and the nearest one, " + ColName(c) +
              ", belongs to rows the question does not mention; say which date the period is "
              "about (e.g. the date of an order).";
    *why_zh = "问题里有时间条件，但" + index_.tables()[root].name + "本身没有日期列，最近的日期列" +
              ColName(c) + "属于问题没有提到的表；请说明时间指的是哪个日期（例如下单日期）。";
    return -2;
  }
  return -1;
}

// The time column: the named one, else the root's, else the nearest one reachable by lookups.
bool Parser::PlaceTimeColumn(int root, std::vector<int>* needed, std::string* why_en,
                             std::string* why_zh) {
  if ((!q_.time && !q_.bucket) || period_term_ >= 0 || group_total_time_column_ >= 0) return true;
  int tc = time_column_;
  if (born_ && tc < 0) {
    tc = BirthColumn(root);
    if (tc < 0) {
      *why_en = "the question asks when someone was born but I found no single birth date column.";
      *why_zh = "问题问到出生时间，但找不到唯一的出生日期列。";
      return false;
    }
  }
  if (tc < 0) tc = UnnamedTimeColumn(root, why_en, why_zh);
  if (tc < 0) return false;
  tc = ColumnTakingThePeriod(tc, why_en, why_zh);
  if (tc < 0) return false;
  if (time_column_ < 0 && !born_ && !chinese_ && !PeriodFitsTheVerb(tc, why_en, why_zh)) {
    return false;
  }
  time_column_ = tc;
  needed->push_back(Col(tc).table);
  out_.explanation.push_back({"", "column", "time column " + ColName(tc)});
  return true;
}

// "singers born in 2001": the one birth column of the table the question is about, a year
// or a date (whose year's range is compared then), else -1.
int Parser::BirthColumn(int root) {
  const int table = q_.subject_table >= 0 ? q_.subject_table : root;
  const auto [col, older_smaller] = AgeColumn(table);
  const std::string name = col >= 0 ? text::AsciiLower(Col(col).name) : "";
  const bool birth =
      col >= 0 && older_smaller &&
      (name.find("birth") != std::string::npos || name.find("出生") != std::string::npos ||
       name.find("生日") != std::string::npos);
  const TypeClass type = birth ? Col(col).type_class : TypeClass::kOther;
  if (type == TypeClass::kInteger) return col;  // a birth year: compared with the year itself
  if (birth && (type == TypeClass::kDate || Col(col).stats.min_date)) {
    q_.time->year_only.reset();  // a date: compared with the year's range
    return col;
  }
  return -1;
}

// No column named: the date an English verb names, else the root's own, else one borrowed
// from a row it refers to (BorrowedTimeColumn); -1 or -2 with why when there is none.
int Parser::UnnamedTimeColumn(int root, std::string* why_en, std::string* why_zh) {
  int tc = chinese_ ? -1 : DateColumnNamedByVerb(items_, index_, root);
  if (tc < 0 && !chinese_) tc = DateOfPurchase(root);
  if (tc < 0) tc = index_.TimeColumn(root);
  if (tc < 0) tc = BorrowedTimeColumn(root, why_en, why_zh);
  if (tc < 0 && tc != -2) {
    *why_en = "the question names a time period but I found no date column for it.";
    *why_zh = "问题里有时间条件，但找不到对应的日期列。";
  }
  return tc;
}

// "how many customers ordered in 1998", "customers who bought something in 2025": a buying
// verb puts the period on the purchase, the dated document of the order lines (Orders,
// Invoice) that refers to the rows asked about — not on the rows' own date nor on one
// borrowed from elsewhere. The verb (unless ReadBoughtValue read it or the document is named),
// and a "something"/"anything" after it, are read; -1 when there is no such verb or no one
// such document, or the rows are not the buyers.
int Parser::DateOfPurchase(int root) {
  const int lines = OrderLinesTable(index_);
  if (lines < 0 || lines == root || !NamesBuyers(index_.tables()[root].name)) return -1;
  int document = -1;
  for (const JoinEdge& e : index_.edges()) {
    if (e.from_table != lines || e.to_table == root || index_.TimeColumn(e.to_table) < 0) continue;
    const bool refers_to_root = std::any_of(
        index_.edges().begin(), index_.edges().end(),
        [&](const JoinEdge& r) { return r.from_table == e.to_table && r.to_table == root; });
    if (!refers_to_root) continue;
    if (document >= 0 && document != e.to_table) return -1;
    document = e.to_table;
  }
  // A list of them from a table longer than the list limit could be cut (SoldVerbLines).
  if (document < 0 ||
      (q_.measures.empty() && index_.tables()[root].row_count > options_.default_list_limit)) {
    return -1;
  }
  // "customers who bought Chai in 1997", "customers who placed an order in 1997"
  if (bought_value_ || table_words_anywhere_.count(document)) return index_.TimeColumn(document);
  for (size_t k = 0; k < items_.size(); ++k) {
    Item& it = items_[k];
    if (it.used || it.kind != ItemKind::kUnknown || !IsBuyingVerb(text::AsciiLower(it.text))) {
      continue;
    }
    it.used = true;
    Map(it, "join", "the date of " + index_.tables()[document].name + " (the purchase)");
    const int next = NextMeaningful(static_cast<int>(k));
    if (next >= 0 && !items_[next].used &&
        (text::AsciiLower(items_[next].text) == "something" ||
         text::AsciiLower(items_[next].text) == "anything")) {
      items_[next].used = true;
    }
    return index_.TimeColumn(document);
  }
  return -1;
}

// A period on a column that holds no dates (period_check.h): another time column of the
// table that can take it, unless the question named this one; -1 with why when none can.
int Parser::ColumnTakingThePeriod(int tc, std::string* why_en, std::string* why_zh) const {
  const int fitting = ColumnForPeriod(index_, tc, q_.time, q_.bucket);
  if (fitting < 0 || (fitting != tc && time_column_ >= 0)) {
    *why_en = "the question names a period, but " + ColName(tc) +
              " holds no dates I can read, so I could not apply it.";
    *why_zh = "问题里有时间条件，但 " + ColName(tc) + " 中没有可识别的日期，无法套用。";
    return -1;
  }
  return fitting;
}

// A verb that says whose date the period is (PlaceVerbOfTheEvent) must not be put on the
// date of something else: false with why when it would be.
bool Parser::PeriodFitsTheVerb(int tc, std::string* why_en, std::string* why_zh) {
  const std::string verb = PlaceVerbOfTheEvent(items_, index_, tc);
  if (verb.empty()) return true;
  *why_en = "'" + verb + "' says whose date the period is, but I could only put it on " +
            ColName(tc) + ", the date of something else; name the date column.";
  *why_zh = "“" + verb + "”说明了时间条件属于哪件事，但只能套在 " + ColName(tc) +
            " 上，那是另一件事的日期；请写明日期列。";
  return false;
}

bool Parser::NamesAColumnOf(int column, int table) const {
  return std::any_of(items_.begin(), items_.end(), [&](const Item& it) {
    if (!it.used || it.kind != ItemKind::kTerm) return false;
    bool names_column = false, names_table = false;
    for (int id : it.terms) {
      names_column |= TermOf(id).kind == TermKind::kColumn && TermOf(id).column == column;
      names_table |= TermOf(id).kind == TermKind::kTable && TermOf(id).table == table;
    }
    return names_column && !names_table;
  });
}

bool Parser::CheckRelatedCounts(const std::vector<int>& needed, std::string* why_en,
                                std::string* why_zh) const {
  // A related count is over all referencing rows: anything else said of those rows (a
  // value, a period, a column) would belong inside the count, which is not written.
  for (const Filter& f : q_.filters) {
    // What is shown must be of the rows compared: "names of orchestras that have no
    // performance" read "names" on the conductor (orchestras have no name column).
    if (f.related_edge < 0) continue;
    const int compared = index_.edges()[f.related_edge].to_table;
    auto other = [&](int c) { return Col(c).table != compared; };
    if (std::any_of(q_.projections.begin(), q_.projections.end(), other) ||
        std::any_of(q_.group_columns.begin(), q_.group_columns.end(), other) ||
        std::any_of(q_.measures.begin(), q_.measures.end(),
                    [&](const Measure& m) { return m.table != compared; })) {
      *why_en = "what the question shows is not of the " + index_.tables()[compared].name +
                " it compares by their number of related rows.";
      *why_zh = "问题要显示的内容不属于按关联记录数比较的" + index_.tables()[compared].name + "。";
      return false;
    }
    // Names shared by several rows: counted per row or per name? Only unique names are sure,
    // unless the question names the rows, not their names ("Which albums have more than 25
    // tracks?", "customers with no orders": each row is compared, as the SQL does; "names of
    // singers that have more than one song" may count per name).
    const int label = index_.LabelColumn(compared, chinese_);
    if (label >= 0 && !LabelIsUnique(compared, label) && NamesAColumnOf(label, compared) &&
        std::find(q_.projections.begin(), q_.projections.end(), label) != q_.projections.end()) {
      *why_en = "several " + index_.tables()[compared].name + " share a " + Col(label).name +
                ": I could not tell whether to count related rows per " +
                index_.tables()[compared].name + " or per " + Col(label).name + ".";
      *why_zh = "多个" + index_.tables()[compared].name + "的" + Col(label).name +
                "相同：无法判断关联记录是按每条记录还是按名称计数。";
      return false;
    }
  }
  for (int t : related_counted_) {
    if (q_.time || q_.bucket || std::find(needed.begin(), needed.end(), t) != needed.end()) {
      *why_en = "the question says more about the " + index_.tables()[t].name +
                " it counts than I can apply to that count.";
      *why_zh =
          "问题对所计数的" + index_.tables()[t].name + "还有别的条件，我无法套用到这个计数上。";
      return false;
    }
  }
  return true;
}

bool Parser::CheckJoinTree(int root, std::vector<int>* needed, std::string* why_en,
                           std::string* why_zh) {
  if (!JoinsEveryNamedTable(why_en, why_zh)) return false;
  // A fan-out join multiplies the root's rows: sums and averages over them would be wrong.
  if (tree_->HasFanOut()) {
    const bool doubled = std::any_of(q_.measures.begin(), q_.measures.end(), [&](const Measure& m) {
      return m.table == root && m.agg != Agg::kCount && m.agg != Agg::kMax && m.agg != Agg::kMin;
    });
    if (doubled && !MoveMeasureAcrossFanOut(needed)) {
      ExplainFanOutMeasure(root, why_en, why_zh);
      return false;
    }
  }
  // The one meaningful path (join_path_check.h), and no count or sum of repeated rows
  // (fan_out_check.h).
  std::optional<ShapeProblem> problem = FindUnclearJoin(*tree_, items_, index_, TablesOfBuying());
  if (!problem) problem = FindRepeatedRowsMeasure(q_.measures, *tree_, index_);
  if (!problem) problem = FindPartialDocumentAverage(q_.measures, *tree_, index_);
  if (problem) {
    *why_en = problem->en;
    *why_zh = problem->zh;
    return false;
  }
  return true;
}

// A table the question names but the SQL leaves out ("average age of artists" when only
// students have an age) means the words were read on the wrong table.
bool Parser::JoinsEveryNamedTable(std::string* why_en, std::string* why_zh) const {
  const std::vector<int> joined = tree_->Tables();
  for (const auto& [table, words] : table_words_) {
    if (std::find(joined.begin(), joined.end(), table) == joined.end()) {
      *why_en = "the question names '" + words + "' but what it asks for is not in that table.";
      *why_zh = "问题提到了“" + words + "”，但所问的内容不在这张表里。";
      return false;
    }
  }
  return true;
}

// Name the measure as the question did ("销售额"), beside the column it was read as: the
// table's name alone tells the person nothing to rephrase.
void Parser::ExplainFanOutMeasure(int root, std::string* why_en, std::string* why_zh) const {
  const std::string& table = index_.tables()[root].name;
  std::string words, column;
  for (const Measure& m : q_.measures) {
    words = m.column_phrase.empty() ? m.phrase : m.column_phrase;
    if (m.table == root && m.column >= 0 && !words.empty()) {
      column = ColName(m.column);
      break;
    }
  }
  const bool named = !column.empty();
  *why_en = (named ? "'" + words + "' (" + column + ") is recorded once per " + table +
                         " row, and answering"
                   : std::string("answering")) +
            " would join " + table + " to a table with several rows per " + table +
            " row, which would count its values more than once.";
  *why_zh =
      (named ? "“" + words + "”（" + column + "）记在 " + table + " 的每一行上，" : std::string()) +
      "需要把 " + table + " 连接到一对多的表，会重复计算其数值。";
}

bool Parser::ResolveTables(std::string* why_en, std::string* why_zh) {
  const int root = RootTable();
  if (root < 0) {
    *why_en = "I could not tell which table the question is about.";
    *why_zh = "无法判断问题针对的是哪张表。";
    return false;
  }
  std::vector<int> needed = NeededTables(root);
  if (!PlaceValues(root, &needed, why_en, why_zh)) return false;
  if (!GroupByComparedValues(why_en, why_zh)) return false;
  if (!PeriodInsideTerm(root, why_en, why_zh) && !why_en->empty()) return false;
  if (!PlaceTimeColumn(root, &needed, why_en, why_zh)) return false;
  if (!chinese_) ReadVerbsOfValueColumns();  // after the time column took its verb ("shipped")
  if (!CheckRelatedCounts(needed, why_en, why_zh)) return false;
  tree_ = FindJoinTree(index_, root, needed);
  if (!tree_) {
    *why_en = "the tables the question needs are not connected by foreign keys.";
    *why_zh = "问题涉及的表之间没有外键关联。";
    return false;
  }
  if (!CheckJoinTree(root, &needed, why_en, why_zh)) return false;
  for (const JoinStep& s : tree_->steps) {
    const JoinEdge& e = index_.edges()[s.edge];
    out_.explanation.push_back({"", "join",
                                index_.tables()[e.from_table].name + "." + Col(e.from_column).name +
                                    " = " + index_.tables()[e.to_table].name + "." +
                                    Col(e.to_column).name});
  }
  return true;
}

}  // namespace askdb::nlq
