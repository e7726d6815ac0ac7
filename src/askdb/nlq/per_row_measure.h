// A per-row value of an entity is shown, not added up: "top 3 products by unit price" lists
// the three products ordered by their price, not SUM(unit_price) GROUP BY name (equal only
// while each group is one row, and it states a total that does not exist). Runs on the typed
// query after assembly, before the tables are resolved. Non-additive columns:
// measure_additivity.h.
#pragma once

#include <optional>

#include "askdb/nlq/query_shape_check.h"
#include "askdb/nlq/reading.h"

namespace askdb::nlq {

class SchemaIndex;

enum class PerRowReading {
  kUnchanged,
  kListed,  // the SUM of a non-additive column became the rows with that column
};

// Rewrites a SUM of one non-additive column (a price, a rate, an age), or a SUM of any column
// that no word asked for, into a list of rows:
//   - grouped by its own table's rows (a unique label, the key, or a label grouped with the
//     key), with no condition outside that table: the rows, ordered by the column when
//     ranked (a sum over one row is that row's value);
//   - ungrouped and summed only by default (no sum word): the column's values.
// Sets `problem` (and leaves the query alone) when the sum was only a default and would add
// the value up over several rows per group ("unit price by category"): the right aggregate
// (average? highest?) is the user's to say. An explicit "total price" is left as asked.
PerRowReading ReadPerRowMeasures(Query& query, const SchemaIndex& index,
                                 std::optional<ShapeProblem>* problem);

// An average, count, highest or lowest of a table's own column grouped by that table's own
// rows ("average freight per order"): each group is one row. Averages become the one average
// over all rows (ungrouped); the others would only repeat each row's value: a problem.
std::optional<ShapeProblem> ReadAggregatePerOwnRow(Query& query, const SchemaIndex& index);

}  // namespace askdb::nlq
