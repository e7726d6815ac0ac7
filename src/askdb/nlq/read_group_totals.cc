// Group totals compared with a number: "customers who spent more than $45 in total", "products
// with more than $70,000 in sales", "customers whose revenue exceeds 50000". The listed (or
// counted) rows are those whose total of a money measure, summed over the rows that refer to
// them, passes the comparison: Filter::group_total, written as a HAVING (write_sql.cc
// GroupTotalCondition). Read only when nothing else narrows the summed rows (no period, no
// value of another table, no grouping; RefuseNarrowedGroupTotal): the HAVING would not see them.
#include <algorithm>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/text.h"
#include "askdb/nlq/join_path.h"
#include "askdb/nlq/parser.h"

namespace askdb::nlq {

namespace {

constexpr KwSet kCompare = Bit(Kw::kGt) | Bit(Kw::kGe) | Bit(Kw::kLt) | Bit(Kw::kLe);

// Verbs of money changing hands, said by the listed rows ("customers who spent", "reps who
// generated ... in sales"): they name no more than the summed measure does.
bool IsSpendingWord(std::string_view lower);

bool IsMoneyVerb(std::string_view lower) {
  static constexpr std::string_view kSellersVerbs[] = {
      "earned", "earn", "earns", "generated", "generate", "generates", "made", "brought", "sold"};
  return IsSpendingWord(lower) || std::find(std::begin(kSellersVerbs), std::end(kSellersVerbs),
                                            lower) != std::end(kSellersVerbs);
}

// Verbs of the buyer's money: said of rows that are not buyers ("suppliers who spent more than
// 10000") they name no total the data holds (the sales of their products are not spending).
bool IsSpendingWord(std::string_view lower) {
  static constexpr std::string_view kWords[] = {"spent", "spend", "spends", "paid",
                                                "pay",   "pays",  "bought", "purchased"};
  return std::find(std::begin(kWords), std::end(kWords), lower) != std::end(kWords);
}

}  // namespace

void Parser::ReadGroupTotals() {
  if (chinese_) return;
  for (int op = 0; op < static_cast<int>(items_.size()); ++op) {
    if (!items_[op].used && (items_[op].kw & kCompare)) ReadTermTotalComparison(op);
  }
  for (Filter& f : q_.filters) ReadColumnTotalFilter(&f);
}

// The index in q_.measures of the one-sum business measure (Northwind's inferred revenue) its
// word at item k named, or -1. A measure with its own filter or period is not summed here.
int Parser::TermMeasureAt(int k) const {
  if (k < 0 || !ReadAsBusinessMeasure(k)) return -1;
  for (size_t m = 0; m < q_.measures.size(); ++m) {
    const Measure& x = q_.measures[m];
    if (x.business < 0 || x.phrase != items_[k].text || !IsOneSumTerm(x.business)) continue;
    const bool own_rows = std::any_of(q_.filters.begin(), q_.filters.end(), [&](const Filter& f) {
      return f.measure_filter && f.business == x.business;
    });
    return own_rows ? -1 : static_cast<int>(m);
  }
  return -1;
}

// The money measure said at item k as a sum: q_.measures' one-sum business measure
// (*measure_index) or the money column's unread word; nullopt when none.
std::optional<Measure> Parser::MoneyMeasureAt(int k, int* measure_index) const {
  *measure_index = TermMeasureAt(k);
  if (*measure_index >= 0) return q_.measures[*measure_index];
  const int money = index_.inferred_money_column();
  if (k < 0 || items_[k].used || money < 0 || ColumnOf(items_[k], true) != money) return {};
  Measure m;
  m.agg = Agg::kSum;
  m.column = money;
  m.table = Col(money).table;
  m.phrase = items_[k].text;
  return m;
}

// The money measure said right after the number at i ("more than $70,000 in sales", "over 5k
// of revenue"), past fillers, a currency word, "in" or "of": its item, or -1.
int Parser::MoneySaidAfter(int i) const {
  for (int j = i + 1; j < static_cast<int>(items_.size()) && j <= i + 3; ++j) {
    int measure = -1;
    if (MoneyMeasureAt(j, &measure)) return j;
    const std::string w = text::AsciiLower(items_[j].text);
    if (!IsFiller(items_[j]) && !IsCurrencyWord(items_[j]) && w != "in" && w != "of") break;
  }
  return -1;
}

// An unread comparison and its number with a money measure said before the comparison
// ("whose revenue exceeds 50000", "spent more than 50,000": a one-sum business measure) or
// right after the number ("more than $70,000 in sales", one money verb before the comparison).
void Parser::ReadTermTotalComparison(int op) {
  const int n = static_cast<int>(items_.size());
  int number = op + 1;
  if (number < n && IsCurrencySign(items_[number])) ++number;
  if (number >= n || items_[number].kind != ItemKind::kNumber || items_[number].used) return;
  int said = -1;  // the measure's item
  for (int j = op - 1; j >= 0 && j >= op - 2 && said < 0; --j) {
    if (TermMeasureAt(j) >= 0) said = j;
    if (said < 0 && !IsFiller(items_[j])) break;
  }
  int verb = -1;
  if (said < 0) {
    const int before = PrevMeaningful(op);
    if (before >= 0 && !items_[before].used && items_[before].kind == ItemKind::kUnknown &&
        IsMoneyVerb(text::AsciiLower(items_[before].text))) {
      verb = before;
    }
    said = MoneySaidAfter(number);
  }
  int measure = -1;
  const std::optional<Measure> m = said >= 0 ? MoneyMeasureAt(said, &measure) : std::nullopt;
  if (!m || mentioned_tables_.count(m->table)) return;  // "orders over $500 in revenue": rows'
  const int subject = GroupTotalSubject(m->table);
  if (subject < 0 || !SpentByBuyers({said, verb}, subject)) return;
  Filter f;
  f.op = ComparisonOpOf(items_[op]);
  f.lo = items_[number].number;
  f.numeric = true;
  if (measure >= 0) q_.measures.erase(q_.measures.begin() + measure);
  MakeGroupTotal(&f, *m, subject);
  q_.filters.push_back(f);
  for (int u : {op, number, verb, said}) {
    if (u >= 0) items_[u].used = true;
  }
  if (number + 1 < n && IsCurrencyWord(items_[number + 1])) items_[number + 1].used = true;
  Map(items_[op], "filter", "SUM(" + items_[said].text + ") per " + index_.tables()[subject].name);
}

// "customers who spent more than $45 in total": a comparison already read on a money column of
// another table than the listed rows', said as their total — "total", "in total", "altogether"
// in the question, or the money said as the rows' own spending ("spent", "paid"). Without one,
// a total or single rows is unsaid (chinese_reading_check.cc GroupAmountReadPerRow abstains).
void Parser::ReadColumnTotalFilter(Filter* f) {
  if (!f->numeric || f->column < 0 || f->group_total || f->CountsRows() || f->business >= 0 ||
      f->op == Op::kBetween) {
    return;
  }
  const IndexedColumn& money = Col(f->column);
  if (money.role != ColumnRole::kMeasure || f->column != index_.inferred_money_column()) return;
  const int fact = money.table;
  if (mentioned_tables_.count(fact)) return;  // "customers with an invoice over 20": one row's
  const auto said = std::find_if(items_.begin(), items_.end(), [&](const Item& it) {
    return it.used && ColumnOf(it, /*numeric_only=*/true) == f->column;
  });
  if (said == items_.end() || !SaysATotal(*said)) return;
  const int subject = GroupTotalSubject(fact);
  if (subject < 0 || !SpentByBuyers({static_cast<int>(said - items_.begin())}, subject)) return;
  Measure m;
  m.agg = Agg::kSum;
  m.column = f->column;
  m.table = fact;
  MakeGroupTotal(f, m, subject);
}

// Whether the words at `items` (-1: none) that say the money leave it the subject's: a verb of
// spending only of buyers (NamesBuyers).
bool Parser::SpentByBuyers(std::initializer_list<int> items, int subject) const {
  for (int k : items) {
    if (k >= 0 && IsSpendingWord(text::AsciiLower(items_[k].text)) &&
        !NamesBuyers(index_.tables()[subject].name)) {
      return false;
    }
  }
  return true;
}

// Whether the question says the money of item `money` is a total: a sum word ("total",
// "overall") or "in total"/"altogether" left unread, or the money said as a verb of spending.
bool Parser::SaysATotal(const Item& money) {
  const std::string lower = text::AsciiLower(money.text);
  if (lower == "spent" || lower == "paid" || lower == "spend") return true;
  for (Item& it : items_) {
    const std::string w = text::AsciiLower(it.text);
    const bool sum_word = it.kind == ItemKind::kKeyword && it.kw == Bit(Kw::kSum);
    if (it.used || !(sum_word || w == "in total" || w == "altogether")) continue;
    it.used = true;  // read with the total
    return true;
  }
  return false;
}

// The one table the question's table words name besides the measured one, when every row of
// the measured table belongs to one row of it (a chain of many-to-one references); else -1.
int Parser::GroupTotalSubject(int fact) const {
  std::vector<int> named;
  for (int t : mentioned_tables_) {
    if (t != fact) named.push_back(t);
  }
  if (named.size() != 1) return -1;
  const int subject = named[0];
  const std::optional<JoinTree> tree = FindJoinTree(index_, fact, {subject});
  if (!tree || tree->steps.empty() || tree->HasFanOut() ||
      index_.edges()[tree->steps.back().edge].to_table != subject) {
    return -1;
  }
  return subject;
}

// Once the question is read: a group total sums every row that refers to a listed row, so
// anything else that narrows the rows (a value of another table, a period, a grouping, another
// measure) would not narrow the sum. Abstains naming the total then.
std::optional<Translation> Parser::RefuseNarrowedGroupTotal() {
  const auto total = std::find_if(q_.filters.begin(), q_.filters.end(),
                                  [](const Filter& f) { return f.group_total.has_value(); });
  if (total == q_.filters.end()) return std::nullopt;
  const int subject = Col(total->column).table;
  // "customers who spent more than $40 in 2023": the period is of the money, inside the sum.
  if (q_.time && !q_.bucket) group_total_time_column_ = GroupTotalTimeColumn(*total);
  bool narrowed =
      (q_.time && group_total_time_column_ < 0) || q_.bucket || !q_.group_columns.empty();
  for (const Filter& f : q_.filters) {
    if (f.group_total || f.measure_filter) continue;
    narrowed |= f.business >= 0 || f.column < 0 || Col(f.column).table != subject;
  }
  for (const Measure& m : q_.measures) {  // "how many customers spent ...": their count only
    narrowed |= m.agg != Agg::kCount || m.business >= 0 || (m.table >= 0 && m.table != subject);
  }
  narrowed |= ListsAnotherThanTheSubjectsRows(subject);
  if (!narrowed) return std::nullopt;
  return Abstain(
      "the question compares each " + index_.tables()[subject].name +
          " row's total with a number, and also narrows or groups the rows in a way that total "
          "would not follow; ask for the total on its own.",
      "问题把每个" + index_.tables()[subject].name +
          "的合计与数字比较，同时又用合计无法体现的方式筛选或分组；请单独询问这个合计。");
}

// "countries whose customers spent more than 100 in total" listed the country of each customer
// whose own total passed (0.80): a list showing none of the subject's label or key columns
// shows something the subject's rows have (their country), whose total is another sum.
bool Parser::ListsAnotherThanTheSubjectsRows(int subject) const {
  if (q_.projections.empty()) return false;
  return std::none_of(q_.projections.begin(), q_.projections.end(), [&](int p) {
    return p == index_.LabelColumn(subject, chinese_) || p == index_.SingleKey(subject) ||
           p == index_.DocumentKey(subject);
  });
}

// The date column the question's period goes on inside the total `f`: the main date of the one
// table of the chain from the measured rows up to (not including) the subject that has one
// (Invoice.InvoiceDate; Orders.OrderDate for the lines' revenue); -1 when none or several, or
// when the period names a date column of its own ("shipped in 1997").
int Parser::GroupTotalTimeColumn(const Filter& f) const {
  if (time_column_ >= 0 || born_) return -1;
  const Measure& m = *f.group_total;
  const std::optional<JoinTree> chain = FindJoinTree(index_, m.table, {Col(f.column).table});
  int found = -1;
  for (int t : chain->Tables()) {
    const int tc = t == Col(f.column).table ? -1 : index_.TimeColumn(t);
    if (tc < 0) continue;
    if (found >= 0) return -1;
    found = tc;
  }
  return found;
}

// `f` compares the subject's rows by their total of `m`: keyed by the column the last step of
// the references from the measured table points at.
void Parser::MakeGroupTotal(Filter* f, const Measure& m, int subject) {
  const std::optional<JoinTree> tree = FindJoinTree(index_, m.table, {subject});
  f->column = index_.edges()[tree->steps.back().edge].to_column;
  f->group_total = m;
  const std::string cond = "SUM(" + (m.business >= 0 ? m.phrase : Col(m.column).name) + ") " +
                           std::string(OpSymbol(f->op)) + " " + FormatNumber(f->lo);
  Understood(index_.tables()[subject].name + ": " + cond,
             index_.tables()[subject].name + "：" + cond);
}

}  // namespace askdb::nlq
