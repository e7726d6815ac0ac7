// Whether a numeric column's values may be added up across rows. An amount, a total, a
// quantity or a count is additive: its sum over a group means something. A price, a rate,
// a ratio, an average, a percentage, an age or a score is a per-row attribute: a product's
// unit price summed over its rows, or the share of all prices one product "has", states a
// total that does not exist. Decided from the column's name and display names, so it works
// with no semantic model (and overrides a model that defaults every measure to SUM).
#pragma once

#include <string_view>

namespace askdb::nlq {

struct IndexedColumn;

enum class Additivity { kAdditive, kNonAdditive, kUnknown };

// From one name ("unit_price", "UnitPrice", "单价", "Total"): an explicit average, rate,
// ratio, percentage, age or score word makes it non-additive whatever else it says
// ("avg_amount"); else an amount/total/quantity/count/sales word makes it additive
// ("total_price"); else a price/unit word makes it non-additive; else unknown.
Additivity NameAdditivity(std::string_view name);

// The column's name, then its display names: the first that decides.
Additivity ColumnAdditivity(const IndexedColumn& column);

inline bool IsNonAdditive(const IndexedColumn& column) {
  return ColumnAdditivity(column) == Additivity::kNonAdditive;
}

}  // namespace askdb::nlq
