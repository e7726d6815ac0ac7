#include "askdb/nlq/per_row_measure.h"

#include <algorithm>
#include <string>

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

// Every condition is on the table's own columns: no join can repeat its rows.
bool ConditionsOnOwnTable(const Query& q, const SchemaIndex& index, int table) {
  if (q.time) return false;
  return std::all_of(q.filters.begin(), q.filters.end(), [&](const Filter& f) {
    return f.business < 0 && f.column >= 0 && index.columns()[f.column].table == table;
  });
}

}  // namespace

PerRowReading ReadPerRowMeasures(Query& q, const SchemaIndex& index,
                                 std::optional<ShapeProblem>* problem) {
  if (q.measures.size() != 1 || q.share || q.bucket) return PerRowReading::kUnchanged;
  const Measure& m = q.measures[0];
  if (m.agg != Agg::kSum || m.column < 0 || m.business >= 0 || m.distinct) {
    return PerRowReading::kUnchanged;
  }
  const IndexedColumn& col = index.columns()[m.column];
  const bool non_additive = IsNonAdditive(col);
  // A sum only by default over groups of one row each is that row's value whatever the
  // column ("the 3 countries with the largest population"): the rows say it plainly.
  if (!non_additive && !m.implicit_sum) return PerRowReading::kUnchanged;
  const int table = col.table;
  const int column = m.column;
  const bool ranked = q.superlative;
  if (!q.group_columns.empty() && OneRowPerGroup(q, index, table) &&
      ConditionsOnOwnTable(q, index, table)) {
    std::vector<int> shown = q.group_columns;
    for (int c : q.projections) {
      if (!Contains(shown, c)) shown.push_back(c);
    }
    if (!Contains(shown, column)) shown.push_back(column);
    q.projections = shown;
    q.group_columns.clear();
    q.group_keys.clear();
    q.measures.clear();
    if (ranked) q.order_column = column;
    return PerRowReading::kListed;
  }
  // "total unit price": as asked; an additive column summed over several rows: a total.
  if (!m.implicit_sum || !non_additive) return PerRowReading::kUnchanged;
  if (q.group_columns.empty() && q.projections.empty() && ConditionsOnOwnTable(q, index, table)) {
    q.projections.push_back(column);
    q.measures.clear();
    if (ranked) q.order_column = column;
    return PerRowReading::kListed;
  }
  const std::string& words = m.column_phrase.empty() ? col.name : m.column_phrase;
  *problem = ShapeProblem{
      "'" + words +
          "' is a value of each row (like a price, a rate or an age): adding it up over "
          "several rows would state a total that does not exist. Ask for its average, highest "
          "or lowest value, or list the rows.",
      "“" + words +
          "”是每一行各自的值（如价格、比率、年龄），加总多行没有意义；请问它的平均值、最高值或"
          "最低值，或列出明细。"};
  return PerRowReading::kUnchanged;
}

}  // namespace askdb::nlq
