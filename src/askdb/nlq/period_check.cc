#include "askdb/nlq/period_check.h"

#include <string>

#include "askdb/common/text.h"
#include "askdb/nlq/schema_index.h"

namespace askdb::nlq {
namespace {

bool HoldsDates(const IndexedColumn& c) {
  return c.type_class == TypeClass::kDate || c.stats.min_date.has_value();
}

bool NamedAsAYear(const IndexedColumn& c) {
  const std::string lower = text::AsciiLower(c.name);
  return lower.find("year") != std::string::npos || c.name.find("年份") != std::string::npos ||
         c.name.find("年度") != std::string::npos;
}

}  // namespace

bool PeriodFits(const IndexedColumn& column, const std::optional<TimeRange>& time,
                const std::optional<DatePart>& bucket) {
  if (HoldsDates(column)) return true;
  if (bucket) return false;
  if (!time) return true;
  return time->year_only && (column.type_class == TypeClass::kInteger || NamedAsAYear(column));
}

int ColumnForPeriod(const SchemaIndex& index, int column, const std::optional<TimeRange>& time,
                    const std::optional<DatePart>& bucket) {
  const IndexedColumn& chosen = index.columns()[column];
  if (PeriodFits(chosen, time, bucket)) return column;
  int found = -1;
  for (int c : index.tables()[chosen.table].columns) {
    const IndexedColumn& other = index.columns()[c];
    const bool timely = other.role == ColumnRole::kTime || NamedAsAYear(other);
    if (c == column || !timely || !PeriodFits(other, time, bucket)) {
      continue;
    }
    if (found >= 0) return -1;
    found = c;
  }
  return found;
}

}  // namespace askdb::nlq
