// Whether a numeric column's values may be added up across rows, for the engine: an amount,
// a total, a quantity or a count is additive; a price, a rate, a ratio, an average, a
// percentage, an age or a score is a per-row attribute whose sum states a total that does
// not exist. The word table is common/measure_names.h (shared with the answer writer and the
// charts); this reads it over a column's name and display names, so it works with no
// semantic model (and overrides a model that defaults every measure to SUM).
#pragma once

#include "askdb/common/measure_names.h"

namespace askdb::nlq {

struct IndexedColumn;

using measures::Additivity;

// The column's name, then its display names: the first that decides.
Additivity ColumnAdditivity(const IndexedColumn& column);

inline bool IsNonAdditive(const IndexedColumn& column) {
  return ColumnAdditivity(column) == Additivity::kNonAdditive;
}

}  // namespace askdb::nlq
