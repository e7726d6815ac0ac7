// Numbers stored with one unit throughout: DuSQL's int columns often hold text such as
// '183cm', '20万', '74.77亿'. When EVERY stored value of a column is a number followed by the
// same unit, its leading numbers compare and rank as the numbers they are; any other column
// with units stays refused (chinese_reading_check.h: ComparesText, RanksNumbersWithUnits).
#pragma once

#include <optional>
#include <string>

#include "askdb/nlq/schema_index.h"

namespace askdb::nlq {

struct UniformUnit {
  std::string unit;      // "cm", "万", "亿美元"
  double magnitude = 1;  // what one of the stored numbers counts: 1e4 for 万…, 1e8 for 亿…
};

// The one unit of every stored value of `c`, when its values were all collected, each is a
// number and that same unit, and the column is no date or time; nullopt otherwise. A unit
// saying the number is approximate (余, 多, 约) or holding digits ('8台14线') is none.
std::optional<UniformUnit> UniformUnitOf(const IndexedColumn& c);

}  // namespace askdb::nlq
