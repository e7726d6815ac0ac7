#include "askdb/nlq/per_row_measure.h"

#include <algorithm>
#include <string>

#include "askdb/common/text.h"
#include "askdb/nlq/measure_additivity.h"
#include "askdb/nlq/schema_index.h"

namespace askdb::nlq {
namespace {

bool Contains(const std::vector<int>& v, int x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// Each group is one row of `table`: grouped by its key, or by a label whose values are
// unique or that is grouped beside the key.
bool OneRowPerGroup(const Query& q, const SchemaIndex& index, int table) {
  for (int c : q.group_columns) {
    if (index.columns()[c].table != table) return false;
  }
  const int key = index.SingleKey(table);
  if (key >= 0 && (Contains(q.group_columns, key) || Contains(q.group_keys, key))) return true;
  return std::any_of(q.group_columns.begin(), q.group_columns.end(),
                     [&](int c) { return index.LabelIsUnique(table, c); });
}

// `other` is reached from `table` by foreign keys only (many-to-one steps: an order's
// shipper, its customer's country): each row of `table` has one such row, so a group on it
// never splits or repeats `table`'s rows.
bool LooksUp(const SchemaIndex& index, int table, int other) {
  std::vector<int> reached = {table};
  for (size_t i = 0; i < reached.size(); ++i) {
    for (const JoinEdge& e : index.edges()) {
      if (e.from_table != reached[i] || Contains(reached, e.to_table)) continue;
      if (e.to_table == other) return true;
      reached.push_back(e.to_table);
    }
  }
  return false;
}

// Each group is one row of `table` beside groups of the rows it refers to ("average freight
// per order for each shipper": the order and its one shipper).
bool OneRowPerGroupBesideLookups(const Query& q, const SchemaIndex& index, int table) {
  Query own = q;
  std::erase_if(own.group_columns, [&](int c) {
    const int other = index.columns()[c].table;
    return other != table && LooksUp(index, table, other);
  });
  return !own.group_columns.empty() && OneRowPerGroup(own, index, table);
}

// A period is read on the table's own date when it has one ("average freight per order in
// 1997": Orders.OrderDate); a table without one takes the date of a row it refers to (a join).
bool HasOwnTimeColumn(const SchemaIndex& index, int table) {
  const std::vector<int>& columns = index.tables()[table].columns;
  return std::any_of(columns.begin(), columns.end(),
                     [&](int c) { return index.columns()[c].role == ColumnRole::kTime; });
}

// Every condition is on the table's own columns: no join can repeat its rows.
bool ConditionsOnOwnTable(const Query& q, const SchemaIndex& index, int table) {
  if (q.time && !HasOwnTimeColumn(index, table)) return false;
  return std::all_of(q.filters.begin(), q.filters.end(), [&](const Filter& f) {
    return f.business < 0 && f.column >= 0 && index.columns()[f.column].table == table;
  });
}

// A group column that is the table's row itself: its key, its label in either language, the
// label's companion (a person's last name).
bool IdentifiesRow(const SchemaIndex& index, int table, int c) {
  const int label_en = index.LabelColumn(table, false), label_zh = index.LabelColumn(table, true);
  return c == index.SingleKey(table) || c == label_en || c == label_zh ||
         (label_en >= 0 && c == index.NameCompanion(label_en)) ||
         (label_zh >= 0 && c == index.NameCompanion(label_zh));
}

// A column named only "discount" (or 折扣) on a table with a price column: the fraction of the
// price taken off (Northwind's Discount 0.05, 0.2 …), as the inferred line revenue reads it
// (SchemaIndex::InferLineRevenue); "discount_amount" is an amount and adds up.
bool IsFractionOfAPrice(const SchemaIndex& index, int column) {
  const IndexedColumn& col = index.columns()[column];
  const bool named = text::AsciiLower(col.name) == "discount" || col.name == "折扣";
  return named && index.PriceColumn(col.table) >= 0;
}

// The words the question used for the measure's column, else the column's name.
const std::string& PhraseOf(const Measure& m, const SchemaIndex& index) {
  return m.column_phrase.empty() ? index.columns()[m.column].name : m.column_phrase;
}

// The one measure is a plain SUM of one column (not a share, a bucket, a business term or a
// DISTINCT): the only shape whose per-row reading is in question.
bool IsOnePlainColumnSum(const Query& q) {
  if (q.measures.size() != 1 || q.share || q.bucket) return false;
  const Measure& m = q.measures[0];
  return m.agg == Agg::kSum && m.column >= 0 && m.business < 0 && !m.distinct;
}

// "total discount" had summed each line's fraction of its price (0.05 + 0.2 + …): no amount
// of anything. The amount discounted would be price × quantity × discount.
ShapeProblem SumOfFractionsProblem(const std::string& words) {
  return ShapeProblem{
      "'" + words +
          "' is each row's fraction of its price, and a sum of fractions is no amount; ask "
          "for the average " +
          words + ", or name the amount discounted.",
      "“" + words + "”是每行价格的折扣比例，比例相加不是金额；请问平均折扣，或写明要折扣金额。"};
}

// A value of each row summed over several rows states a total that does not exist.
ShapeProblem SumOfRowValuesProblem(const std::string& words) {
  return ShapeProblem{
      "'" + words +
          "' is a value of each row (like a price, a rate or an age): adding it up over "
          "several rows would state a total that does not exist. Ask for its average, highest "
          "or lowest value, or list the rows.",
      "“" + words +
          "”是每一行各自的值（如价格、比率、年龄），加总多行没有意义；请问它的平均值、最高值或"
          "最低值，或列出明细。"};
}

// Groups of one row each: the rows are listed with the group columns, the other listed
// columns and the measure's column; a superlative ranks them by that column.
void ListGroupsAsRows(Query& q, int column) {
  std::vector<int> shown = q.group_columns;
  for (int c : q.projections) {
    if (!Contains(shown, c)) shown.push_back(c);
  }
  if (!Contains(shown, column)) shown.push_back(column);
  q.projections = shown;
  q.group_columns.clear();
  q.group_keys.clear();
  q.measures.clear();
  if (q.superlative) q.order_column = column;
}

// No groups and nothing else listed: the rows' own values of the column are listed.
void ListTheColumn(Query& q, int column) {
  q.projections.push_back(column);
  q.measures.clear();
  if (q.superlative) q.order_column = column;
}

}  // namespace

PerRowReading ReadPerRowMeasures(Query& q, const SchemaIndex& index,
                                 std::optional<ShapeProblem>* problem) {
  if (!IsOnePlainColumnSum(q)) return PerRowReading::kUnchanged;
  const Measure& m = q.measures[0];
  const int column = m.column;
  const IndexedColumn& col = index.columns()[column];
  if (!m.implicit_sum && IsFractionOfAPrice(index, column)) {
    *problem = SumOfFractionsProblem(PhraseOf(m, index));
    return PerRowReading::kUnchanged;
  }
  const bool non_additive = IsNonAdditive(col);
  // A sum only by default over groups of one row each is that row's value whatever the
  // column ("the 3 countries with the largest population"): the rows say it plainly.
  if (!non_additive && !m.implicit_sum) return PerRowReading::kUnchanged;
  const int table = col.table;
  if (!q.group_columns.empty() && OneRowPerGroup(q, index, table) &&
      ConditionsOnOwnTable(q, index, table)) {
    ListGroupsAsRows(q, column);
    return PerRowReading::kListed;
  }
  // "total unit price": as asked; an additive column summed over several rows: a total.
  if (!m.implicit_sum || !non_additive) return PerRowReading::kUnchanged;
  if (q.group_columns.empty() && q.projections.empty() && ConditionsOnOwnTable(q, index, table)) {
    ListTheColumn(q, column);
    return PerRowReading::kListed;
  }
  *problem = SumOfRowValuesProblem(PhraseOf(m, index));
  return PerRowReading::kUnchanged;
}

namespace {

// The one table whose rows every measure is a count, average, highest or lowest of (no sum:
// a sum over one row is that row's value, as asked), else -1.
int OwnTableOfRowStatistics(const Query& q, const SchemaIndex& index) {
  auto own = [&](const Measure& m) {
    return m.column >= 0 ? index.columns()[m.column].table : m.table;
  };
  const int table = own(q.measures[0]);
  if (table < 0) return -1;
  // A bucket of the rows' own date is one value per row ("average freight per order per
  // year"); another table's date may repeat them.
  if (q.bucket && !HasOwnTimeColumn(index, table)) return -1;
  for (const Measure& m : q.measures) {
    if (own(m) != table || m.business >= 0 || m.agg == Agg::kSum || m.agg == Agg::kNone) {
      return -1;
    }
  }
  return table;
}

// The table's rows themselves are the groups (its key, or its label, unique): not a column
// that only happens to hold distinct values in a small table (各国籍).
bool GroupsAreTheRows(const Query& q, const SchemaIndex& index, int table) {
  const int key = index.SingleKey(table);
  if (key >= 0 && (Contains(q.group_columns, key) || Contains(q.group_keys, key))) return true;
  return std::any_of(q.group_columns.begin(), q.group_columns.end(), [&](int c) {
    return (c == index.LabelColumn(table, false) || c == index.LabelColumn(table, true)) &&
           index.LabelIsUnique(table, c);
  });
}

// "average freight per order": the average over the orders, not each order's own. A real
// group beside the rows stays: "average store area per store type" had grouped by each
// store's name too ("store area"), and one average over all stores dropped the type.
void AverageOverTheRows(Query& q, const SchemaIndex& index, int table) {
  auto row = [&](int c) { return IdentifiesRow(index, table, c); };
  std::erase_if(q.group_columns, row);
  std::erase_if(q.group_keys, row);
  if (q.group_columns.empty()) {
    q.group_keys.clear();
    q.order_set = false;
    q.order_column = -1;
  }
}

// A count, highest or lowest value per row only repeats each row's own value.
ShapeProblem SingleRowGroupsProblem(const std::string& name) {
  return ShapeProblem{
      "each group would be a single row of " + name + ", so a count, highest or lowest value per " +
          name + " only repeats each row's own value. Ask for the value over all " + name +
          " rows, or list the rows.",
      "每一组只有 " + name + " 的一行，按它计数或取最高/最低只会重复每行自己的值；请问全部 " +
          name + " 的汇总值，或列出明细。"};
}

}  // namespace

std::optional<ShapeProblem> ReadAggregatePerOwnRow(Query& q, const SchemaIndex& index) {
  if (q.measures.empty() || q.group_columns.empty() || q.share) return std::nullopt;
  const int table = OwnTableOfRowStatistics(q, index);
  if (table < 0) return std::nullopt;
  if (!GroupsAreTheRows(q, index, table) || !OneRowPerGroupBesideLookups(q, index, table) ||
      !ConditionsOnOwnTable(q, index, table)) {
    return std::nullopt;
  }
  const bool averages = std::all_of(q.measures.begin(), q.measures.end(),
                                    [](const Measure& m) { return m.agg == Agg::kAvg; });
  if (averages && !q.superlative && q.limit == 0) {
    AverageOverTheRows(q, index, table);
    return std::nullopt;
  }
  return SingleRowGroupsProblem(index.tables()[table].name);
}

}  // namespace askdb::nlq
