#include "askdb/nlq/fan_out_check.h"

#include <algorithm>
#include <string>

#include "askdb/nlq/schema_index.h"

namespace askdb::nlq {
namespace {

// A reference by the referencing table's own single key (an extension table sharing its
// parent's key): one row on each side, never repeated.
bool OneToOne(const JoinEdge& e, const SchemaIndex& index) {
  return index.SingleKey(e.from_table) == e.from_column;
}

}  // namespace

bool JoinRepeatsRows(const JoinTree& tree, const SchemaIndex& index, int table) {
  const std::vector<JoinStep> up = tree.StepsToRoot(table);
  for (const JoinStep& s : tree.steps) {
    if (OneToOne(index.edges()[s.edge], index)) continue;
    // A step on the way from `table` up to the root is walked backwards: a lookup (many
    // parent rows per row of s.table) then repeats; any other step is walked as built, and
    // a fan-out (many rows of s.table per parent row) repeats.
    const bool on_path =
        std::any_of(up.begin(), up.end(), [&](const JoinStep& u) { return u.table == s.table; });
    if (on_path ? !s.fan_out : s.fan_out) return true;
  }
  return false;
}

int DistinctCountKey(const Measure& m, const JoinTree& tree, const SchemaIndex& index) {
  if (m.agg != Agg::kCount || m.business >= 0 || m.table < 0) return -1;
  const int key = index.SingleKey(m.table);
  if (key < 0 || (m.column >= 0 && m.column != key)) return -1;
  return JoinRepeatsRows(tree, index, m.table) ? key : -1;
}

std::optional<ShapeProblem> FindRepeatedRowsMeasure(const std::vector<Measure>& measures,
                                                    const JoinTree& tree,
                                                    const SchemaIndex& index) {
  for (const Measure& m : measures) {
    // A business term's measure carries its own expression; a highest or lowest value and
    // a distinct count do not change when rows repeat.
    if (m.business >= 0 || m.table < 0 || m.agg == Agg::kMax || m.agg == Agg::kMin) continue;
    if (m.agg == Agg::kCount && (m.distinct || DistinctCountKey(m, tree, index) >= 0)) continue;
    if (!JoinRepeatsRows(tree, index, m.table)) continue;
    const std::string& name = index.tables()[m.table].name;
    const std::string what = m.agg == Agg::kCount ? "count" : "add up";
    return ShapeProblem{
        "answering would join " + name + " to other rows several times per " + name +
            " row, so I would " + what + " its rows more than once; ask about " + name +
            " alone, or say which related rows to count.",
        "需要把" + name + "与一对多的其他表连接，每行" + name +
            "会出现多次，结果会被重复计算；请只问" + name + "本身，或说明要统计哪些关联记录。"};
  }
  return std::nullopt;
}

std::optional<ShapeProblem> FindPartialDocumentAverage(const std::vector<Measure>& measures,
                                                       const JoinTree& tree,
                                                       const SchemaIndex& index) {
  for (const Measure& m : measures) {
    if (m.business < 0) continue;
    const TermExpr& e = index.business_terms()[m.business].expr;
    if (e.kind != TermExpr::Kind::kArith || e.text != "/" || e.args.size() != 2) continue;
    const TermExpr& documents = e.args[1];
    if (documents.kind != TermExpr::Kind::kAgg || documents.text != "COUNT" ||
        !documents.distinct || documents.args.empty() ||
        documents.args[0].kind != TermExpr::Kind::kColumn) {
      continue;
    }
    const int reference = documents.args[0].bound;  // lines.OrderID
    const int lines = index.columns()[reference].table;
    for (const JoinStep& s : tree.steps) {
      if (s.table != lines && s.parent != lines) continue;
      if (index.edges()[s.edge].from_column == reference) continue;  // the document itself
      const std::string& other = index.tables()[s.table == lines ? s.parent : s.table].name;
      const std::string& word = index.business_terms()[m.business].def.name;
      const std::string& lines_name = index.tables()[lines].name;
      return ShapeProblem{"'" + word + "' averages whole documents, and " + other +
                              " would keep only some of their " + lines_name +
                              "; ask for the revenue by " + other + " instead.",
                          "“" + word + "”按整张单据平均，" + other + "只会留下单据中的部分" +
                              lines_name + "；请改问按" + other + "的销售额。"};
    }
  }
  return std::nullopt;
}

bool ListedRowsRepeatedByJoin(const Query& query, const JoinTree& tree, const SchemaIndex& index) {
  // A cut list is left alone: "the one with the most" is one row anyway.
  if (!query.measures.empty() || query.projections.empty() || !query.group_columns.empty() ||
      query.superlative || query.limit > 0) {
    return false;
  }
  const int table = index.columns()[query.projections[0]].table;
  for (int p : query.projections) {
    if (index.columns()[p].table != table) return false;
  }
  // Ordered by a column of the listed rows, the order is grouped beside their key (one value
  // per row). Not by another table's column (which invoice's total orders a customer?), nor
  // under SELECT DISTINCT (no single key) by a column it does not show, which PostgreSQL
  // refuses.
  if (query.order_column >= 0) {
    const bool own = index.columns()[query.order_column].table == table;
    const bool shown = std::find(query.projections.begin(), query.projections.end(),
                                 query.order_column) != query.projections.end();
    if (!own || (index.SingleKey(table) < 0 && !shown)) return false;
  }
  return JoinRepeatsRows(tree, index, table);
}

}  // namespace askdb::nlq
