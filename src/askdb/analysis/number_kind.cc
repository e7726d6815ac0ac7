#include "askdb/analysis/number_kind.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <optional>

#include "askdb/analysis/chart_recommender.h"
#include "askdb/analysis/measure_additivity.h"
#include "askdb/db/result_set.h"

namespace askdb::analysis {
namespace {

// Every non-NULL cell of column `c` is a number, and there is one.
bool NumericColumn(const db::ResultSet& result, size_t c) {
  bool seen = false;
  for (const auto& row : result.rows) {
    if (c >= row.size() || row[c].is_null()) continue;
    if (!row[c].is_numeric()) return false;
    seen = true;
  }
  return seen;
}

// A decimal with more digits than a double holds exactly: rounding it through a double would
// change its digits, so it is shown as the database gave it.
bool BeyondDouble(const db::Value& v) {
  constexpr long kExactDigits = 15;
  if (v.kind() != db::Value::Kind::kDecimal) return false;
  const std::string text = v.ToDisplayString();
  return std::count_if(text.begin(), text.end(), ::isdigit) > kExactDigits;
}

// A fractional number as the prose rounds it ("54.01", "1,234.5"); one too small for two
// decimals keeps three significant digits so it never reads as 0.
std::string FractionalNumber(double n) {
  constexpr double kSmallest = 0.01;
  if (n == 0 || std::fabs(n) >= kSmallest) return FormatNumber(n);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3g", n);
  return buf;
}

}  // namespace

std::string_view NumberKindName(NumberKind kind) {
  switch (kind) {
    case NumberKind::kNumber:
      return "number";
    case NumberKind::kCount:
      return "count";
    case NumberKind::kMoney:
      return "money";
    case NumberKind::kRatio:
      return "ratio";
    case NumberKind::kText:
      break;
  }
  return "text";
}

std::vector<NumberKind> ColumnNumberKinds(const db::ResultSet& result, std::string_view sql,
                                          const std::vector<std::string>& money_columns) {
  const ResultFacts facts = DescribeResult(result, sql, money_columns);
  std::vector<NumberKind> kinds;
  for (size_t c = 0; c < result.columns.size(); ++c) {
    if (!NumericColumn(result, c)) {
      kinds.push_back(NumberKind::kText);
    } else if (facts.ratio[c]) {
      kinds.push_back(NumberKind::kRatio);
    } else if (facts.money[c]) {
      kinds.push_back(NumberKind::kMoney);
    } else if (facts.count[c]) {
      kinds.push_back(NumberKind::kCount);
    } else {
      kinds.push_back(NumberKind::kNumber);
    }
  }
  return kinds;
}

void AddColumnKinds(Json& result_json, const db::ResultSet& result, std::string_view sql,
                    const std::vector<std::string>& money_columns) {
  const std::vector<NumberKind> kinds = ColumnNumberKinds(result, sql, money_columns);
  Json& columns = result_json["columns"];
  for (size_t c = 0; c < kinds.size() && c < columns.size(); ++c) {
    columns[c]["kind"] = std::string(NumberKindName(kinds[c]));
  }
}

std::string FormatCell(const db::Value& value, NumberKind kind) {
  const std::optional<double> n = value.is_numeric() ? value.AsNumber() : std::nullopt;
  if (!n || !std::isfinite(*n) || kind == NumberKind::kText || BeyondDouble(value)) {
    return value.ToDisplayString();
  }
  switch (kind) {
    case NumberKind::kRatio:
      return FormatFraction(*n);
    case NumberKind::kMoney:
      return FormatNumber(*n, true);
    case NumberKind::kCount:
      return FormatNumber(*n);
    default:
      break;
  }
  return value.kind() == db::Value::Kind::kInt ? value.ToDisplayString() : FractionalNumber(*n);
}

}  // namespace askdb::analysis
