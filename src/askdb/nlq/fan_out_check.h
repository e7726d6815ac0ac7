// A count or a sum over a join that repeats the counted rows (issue 13): joining customers
// to their orders gives one row per order, so COUNT(*) of customers would count orders and
// SUM of a customer's column would add it once per order. The join tree is fixed by then;
// this file decides, per measure, whether its table's rows are repeated by the tree and what
// that means for the measure:
// - a count of rows with a single key is written COUNT(DISTINCT key): certainly what "how
//   many customers" meant, whatever the join;
// - a count of a key column, a highest or lowest value, a distinct count: unchanged by
//   repeats (a key count is written DISTINCT);
// - any other count, sum or average would be wrong: the engine abstains naming the table.
#pragma once

#include <optional>
#include <vector>

#include "askdb/nlq/join_path.h"
#include "askdb/nlq/query_shape_check.h"
#include "askdb/nlq/reading.h"

namespace askdb::nlq {

class SchemaIndex;

// Whether `tree` repeats the rows of `table` (one of its tables): some step, seen from
// `table`, goes from one row to many — a table referencing the rows on the way back to
// `table` (a fan-out away from it), or a lookup walked backwards (the root, many per looked-up
// row, seen from the looked-up table).
bool JoinRepeatsRows(const JoinTree& tree, const SchemaIndex& index, int table);

// The key to count distinctly for a count of `m.table`'s rows (COUNT(*), or COUNT of the key
// column) when the tree repeats them; -1 when the count needs no DISTINCT or has no single key.
int DistinctCountKey(const Measure& m, const JoinTree& tree, const SchemaIndex& index);

// The first measure that the tree's repeated rows would make wrong, as the reason to abstain.
std::optional<ShapeProblem> FindRepeatedRowsMeasure(const std::vector<Measure>& measures,
                                                    const JoinTree& tree, const SchemaIndex& index);

// "average order value by category": a per-document average (SUM over the lines divided by
// COUNT(DISTINCT lines.document), SchemaIndex::AddDocumentValueWords) is over whole documents;
// a table joined to the lines by another reference (products, their categories) keeps only
// some lines of each order — those lines' value per order, or the orders holding them? The
// reason to abstain, else nullopt.
std::optional<ShapeProblem> FindPartialDocumentAverage(const std::vector<Measure>& measures,
                                                       const JoinTree& tree,
                                                       const SchemaIndex& index);

// "customers with an invoice over 20", "发票金额大于20的客户": a list of one table's rows that
// the tree repeats (one customer per invoice over 20) asks for each row once — which rows,
// not how many matches. True when the list is so repeated and neither ordered nor cut.
bool ListedRowsRepeatedByJoin(const Query& query, const JoinTree& tree, const SchemaIndex& index);

}  // namespace askdb::nlq
