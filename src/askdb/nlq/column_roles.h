// Column roles for analysis: whether a column is something to add up (measure), to group
// or filter by (dimension), a date/time, or a key (identifier). Inferred from the declared
// type, the column name, its distinct-value count and the semantic model's role hint (a hint
// always wins). The role enum is the semantic model's (catalog::ColumnRole), so there is one
// definition; InferColumnRole never returns its kUnspecified. Used by the question-to-SQL
// engine and reusable by other features (consultation suggestions). Pure, thread-safe.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "askdb/catalog/semantic_model.h"

namespace askdb::nlq {

using ColumnRole = catalog::ColumnRole;
using catalog::ColumnRoleName;

// Broad type class of a declared SQL type ("NUMERIC(10,2)" → kNumber, "TEXT" → kText,
// "DATETIME"/"date"/"time" → kDate, "int" → kInteger).
enum class TypeClass { kInteger, kNumber, kText, kDate, kBool, kOther };
TypeClass ClassifyType(std::string_view declared_type);
// Whether the class holds quantities (integers or other numbers).
inline bool IsNumeric(TypeClass t) { return t == TypeClass::kInteger || t == TypeClass::kNumber; }

struct ColumnFacts {
  std::string_view name;
  std::string_view declared_type;
  bool primary_key = false;
  bool foreign_key = false;
  // Distinct non-null values when known (from value sampling); nullopt when not measured.
  std::optional<long long> distinct_count;
  // The semantic model's hint; kUnspecified when it gives none.
  ColumnRole hint = ColumnRole::kUnspecified;
};

// Distinct-value count at or below which an integer column is treated as a dimension
// (tier 1-3, a rating) rather than a measure.
inline constexpr long long kMaxDimensionIntegerDistinct = 12;

// Never kUnspecified.
ColumnRole InferColumnRole(const ColumnFacts& facts);

// Whether a number column's (lower-case) name says a year or an ordinal attribute (year, tier,
// level, rank, grade, age): grouped by its name, not only because its table is small.
bool LooksLikeDimensionNumberName(std::string_view lower);

}  // namespace askdb::nlq
