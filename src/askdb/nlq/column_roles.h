// Column roles for analysis: whether a column is something to add up (measure), to group
// or filter by (dimension), a date/time, or a key (identifier). Inferred from the declared
// type, the column name, its distinct-value count and the semantic model's role hint (a hint
// always wins). Used by the question-to-SQL engine and reusable by other features
// (consultation suggestions). Pure functions, thread-safe.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace askdb::nlq {

enum class ColumnRole { kMeasure, kDimension, kTime, kIdentifier };

// "measure", "dimension", "time", "identifier".
std::string_view ColumnRoleName(ColumnRole role);

// Broad type class of a declared SQL type ("NUMERIC(10,2)" → kNumber, "TEXT" → kText,
// "DATETIME"/"date"/"time" → kDate, "int" → kInteger).
enum class TypeClass { kInteger, kNumber, kText, kDate, kBool, kOther };
TypeClass ClassifyType(std::string_view declared_type);

struct ColumnFacts {
  std::string_view name;
  std::string_view declared_type;
  bool primary_key = false;
  bool foreign_key = false;
  // Distinct non-null values when known (from value sampling); nullopt when not measured.
  std::optional<long long> distinct_count;
  // The semantic model's hint, when it gives one.
  std::optional<ColumnRole> hint;
};

// Distinct-value count at or below which an integer column is treated as a dimension
// (tier 1-3, a rating) rather than a measure.
inline constexpr long long kMaxDimensionIntegerDistinct = 12;

ColumnRole InferColumnRole(const ColumnFacts& facts);

}  // namespace askdb::nlq
