#include "askdb/nlq/query_shape_check.h"

#include <algorithm>
#include <string_view>

#include "askdb/common/text.h"
#include "askdb/nlq/schema_index.h"

namespace askdb::nlq {
namespace {

// The one value a filter fixes `column` to, or nullptr.
const std::string* FixedValue(const Query& q, int column) {
  for (const Filter& f : q.filters) {
    if (f.column == column && f.op == Op::kEq && !f.numeric && f.values.size() == 1) {
      return &f.values.front();
    }
  }
  return nullptr;
}

bool IsRange(Op op) { return op != Op::kEq && op != Op::kNe; }

// Words that ask for the rows themselves rather than a total over them.
bool AsksForRows(const std::vector<Item>& items) {
  static constexpr std::string_view kListWords[] = {"list", "what are", "which are", "all",
                                                    "each", "every",    "列出",      "所有"};
  return std::any_of(items.begin(), items.end(), [](const Item& it) {
    const std::string lower = text::AsciiLower(it.text);
    return std::find(std::begin(kListWords), std::end(kListWords), lower) != std::end(kListWords);
  });
}

std::optional<ShapeProblem> ComputesTheFilteredValue(const Query& q, const SchemaIndex& index) {
  for (const Measure& m : q.measures) {
    if (m.column < 0) continue;
    if (const std::string* v = FixedValue(q, m.column)) {
      const std::string& name = index.columns()[m.column].name;
      return ShapeProblem{
          "I would compute " + name + " only over rows where it is '" + *v +
              "', which just repeats that value; say what to count or list about those rows.",
          "只会在 " + name + " 等于“" + *v +
              "”的行上计算它本身，结果只是重复这个值；请说明要统计或列出这些行的什么。"};
    }
  }
  return std::nullopt;
}

std::optional<ShapeProblem> ListsOnlyTheFilteredValue(const Query& q) {
  if (!q.measures.empty() || !q.group_columns.empty() || q.projections.empty()) {
    return std::nullopt;
  }
  const std::string* value = nullptr;
  for (int c : q.projections) {
    value = FixedValue(q, c);
    if (!value) return std::nullopt;
  }
  return ShapeProblem{"the list would only show '" + *value +
                          "' again; I could not tell which column of those rows to show.",
                      "列表只会重复显示“" + *value + "”；无法确定要显示这些行的哪一列。"};
}

std::optional<ShapeProblem> ComparesAnIdentifier(const Query& q, const SchemaIndex& index) {
  for (const Filter& f : q.filters) {
    if (f.column < 0 || !f.numeric || !IsRange(f.op)) continue;
    const IndexedColumn& c = index.columns()[f.column];
    if (!c.primary_key && !c.foreign_key) continue;
    return ShapeProblem{
        "a number is compared with " + c.name +
            ", an identifier, as if it were a quantity; I may have linked the number to the "
            "wrong thing (a count of related rows?).",
        "把数字当作数量与标识列 " + c.name + " 比较了，可能关联错了（是否指相关记录的数量？）。"};
  }
  return std::nullopt;
}

bool SaysOr(const std::vector<Item>& items) {
  static constexpr std::string_view kOrWords[] = {"or", "either", "或", "或者"};
  return std::any_of(items.begin(), items.end(), [](const Item& it) {
    const std::string lower = text::AsciiLower(it.text);
    return std::find(std::begin(kOrWords), std::end(kOrWords), lower) != std::end(kOrWords);
  });
}

bool IsChildOf(int table, int parent, const SchemaIndex& index) {
  return std::any_of(index.edges().begin(), index.edges().end(), [&](const JoinEdge& e) {
    return e.from_table == table && e.to_table == parent;
  });
}

// "channels playing cartoons directed by A and B": each channel has many cartoons, so "and"
// may mean both (an intersection) or either; only an "or" settles it.
std::optional<ShapeProblem> BothOrEitherOfRelatedRows(const Query& q,
                                                      const std::vector<Item>& items,
                                                      const SchemaIndex& index) {
  if (q.subject_table < 0 || SaysOr(items)) return std::nullopt;
  for (const Filter& f : q.filters) {
    if (f.column < 0 || f.op != Op::kEq || f.values.size() < 2) continue;
    const int table = index.columns()[f.column].table;
    if (table == q.subject_table || !IsChildOf(table, q.subject_table, index)) continue;
    return ShapeProblem{
        "'" + f.values[0] + "' and '" + f.values[1] +
            "' are values of related rows: do you mean rows linked to both, or to either? Ask "
            "with 'or' for either.",
        "“" + f.values[0] + "”和“" + f.values[1] +
            "”是关联记录的取值：是指同时关联两者，还是关联其一？若指其一，请用“或”。"};
  }
  return std::nullopt;
}

std::optional<ShapeProblem> SumsWhereRowsWereAsked(const Query& q, const std::vector<Item>& items) {
  if (!q.group_columns.empty() || q.bucket || q.superlative || q.share) return std::nullopt;
  for (const Measure& m : q.measures) {
    if (!m.implicit_sum || !AsksForRows(items)) continue;
    return ShapeProblem{"the question asks for rows, but '" + m.column_phrase +
                            "' would be summed over all of them; ask for 'the total " +
                            m.column_phrase + "' or name the rows to list.",
                        "问题要的是明细行，但“" + m.column_phrase +
                            "”会被汇总为一个总数；若要总数请说“总" + m.column_phrase +
                            "”，否则请说明要列出哪些行。"};
  }
  return std::nullopt;
}

}  // namespace

std::optional<ShapeProblem> FindShapeProblem(const Query& query, const std::vector<Item>& items,
                                             const SchemaIndex& index) {
  if (auto p = ComputesTheFilteredValue(query, index)) return p;
  if (auto p = ListsOnlyTheFilteredValue(query)) return p;
  if (auto p = ComparesAnIdentifier(query, index)) return p;
  if (auto p = BothOrEitherOfRelatedRows(query, items, index)) return p;
  return SumsWhereRowsWereAsked(query, items);
}

}  // namespace askdb::nlq
