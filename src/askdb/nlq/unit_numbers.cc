#include "askdb/nlq/unit_numbers.h"

#include <string_view>

namespace askdb::nlq {

namespace {

// The length of the number `v` starts with ("-36.5" of "-36.5度"), 0 when none.
size_t LeadingNumberLength(std::string_view v) {
  size_t n = v.starts_with('-') ? 1 : 0;
  const size_t digits_from = n;
  while (n < v.size() && v[n] >= '0' && v[n] <= '9') ++n;
  if (n == digits_from) return 0;
  if (n + 1 < v.size() && v[n] == '.' && v[n + 1] >= '0' && v[n + 1] <= '9') {
    ++n;
    while (n < v.size() && v[n] >= '0' && v[n] <= '9') ++n;
  }
  return n;
}

// A unit the leading number is the whole amount of: no digit, sign, separator or word of
// approximation in it.
bool PlainUnit(std::string_view unit) {
  if (unit.empty()) return false;
  for (char ch : unit) {
    if ((ch >= '0' && ch <= '9') || ch == '.' || ch == '-' || ch == ':' || ch == '/' || ch == ' ') {
      return false;
    }
  }
  for (std::string_view approx : {"余", "多", "约", "左右", "以上", "以下"}) {
    if (unit.find(approx) != std::string_view::npos) return false;
  }
  return true;
}

double MagnitudeOf(std::string_view unit) {
  if (unit.starts_with("万")) return 1e4;
  if (unit.starts_with("亿")) return 1e8;
  return 1;
}

}  // namespace

std::optional<UniformUnit> UniformUnitOf(const IndexedColumn& c) {
  if (c.type_class == TypeClass::kDate || c.role == ColumnRole::kTime || c.primary_key ||
      c.foreign_key || c.stats.values.empty()) {
    return std::nullopt;
  }
  // Every value seen: a distinct count above the values kept means some were not.
  if (!c.stats.distinct_count ||
      *c.stats.distinct_count != static_cast<long long>(c.stats.values.size())) {
    return std::nullopt;
  }
  std::string unit;
  for (const std::string& v : c.stats.values) {
    const size_t n = LeadingNumberLength(v);
    const std::string_view u = std::string_view(v).substr(n);
    if (n == 0 || !PlainUnit(u) || (!unit.empty() && u != unit)) return std::nullopt;
    unit = std::string(u);
  }
  return UniformUnit{unit, MagnitudeOf(unit)};
}

}  // namespace askdb::nlq
