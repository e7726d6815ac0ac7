#include "askdb/nlq/column_roles.h"

#include <algorithm>
#include <array>
#include <string>

#include "askdb/common/text.h"

namespace askdb::nlq {
namespace {

bool Contains(std::string_view haystack, std::string_view needle) {
  return haystack.find(needle) != std::string_view::npos;
}

bool EndsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// An English word that ends in the letters "id" (price_paid, is_valid): no key.
bool EndsWithAWordInId(std::string_view lower) {
  static constexpr std::string_view kWords[] = {"paid",  "valid", "fluid", "hybrid",
                                                "rapid", "solid", "humid", "liquid",
                                                "rigid", "vivid", "avoid", "pyramid"};
  return std::any_of(std::begin(kWords), std::end(kWords),
                     [&](std::string_view w) { return EndsWith(lower, w); });
}

// Name fragments that mark a column as a key even when it is not declared as one.
bool LooksLikeIdentifierName(std::string_view lower) {
  if (EndsWithAWordInId(lower)) return false;
  return lower == "id" || EndsWith(lower, "_id") || EndsWith(lower, "id") ||
         EndsWith(lower, "_no") || EndsWith(lower, "_code") || Contains(lower, "编号") ||
         EndsWith(lower, "代码");
}

bool LooksLikeTimeName(std::string_view lower) {
  static constexpr std::array<std::string_view, 10> kWords = {
      "date", "time", "_at", "_on", "day", "日期", "时间", "birthday", "birthdate", "年份"};
  return std::any_of(kWords.begin(), kWords.end(),
                     [&](std::string_view w) { return Contains(lower, w); });
}

}  // namespace

// Integer columns that hold years or ordinal attributes are better grouped than summed.
bool LooksLikeDimensionNumberName(std::string_view lower) {
  static constexpr std::array<std::string_view, 8> kWords = {"year",  "tier", "level", "rank",
                                                             "grade", "age",  "等级",  "排名"};
  return std::any_of(kWords.begin(), kWords.end(),
                     [&](std::string_view w) { return Contains(lower, w); });
}

TypeClass ClassifyType(std::string_view declared_type) {
  const std::string t = text::AsciiLower(declared_type);
  if (Contains(t, "bool") || t == "binary" || t == "bit") return TypeClass::kBool;
  if (Contains(t, "date") || Contains(t, "time")) return TypeClass::kDate;
  if (Contains(t, "int")) return TypeClass::kInteger;
  if (Contains(t, "real") || Contains(t, "floa") || Contains(t, "doub") || Contains(t, "num") ||
      Contains(t, "dec") || Contains(t, "money")) {
    return TypeClass::kNumber;
  }
  if (Contains(t, "char") || Contains(t, "text") || Contains(t, "clob") || Contains(t, "string")) {
    return TypeClass::kText;
  }
  return TypeClass::kOther;
}

ColumnRole InferColumnRole(const ColumnFacts& facts) {
  if (facts.hint != ColumnRole::kUnspecified) return facts.hint;
  const std::string lower = text::AsciiLower(facts.name);
  const TypeClass type = ClassifyType(facts.declared_type);
  if (facts.primary_key || facts.foreign_key) return ColumnRole::kIdentifier;
  if (type == TypeClass::kDate) return ColumnRole::kTime;
  if (type == TypeClass::kText) {
    if (LooksLikeTimeName(lower) && !Contains(lower, "name")) return ColumnRole::kTime;
    if (LooksLikeIdentifierName(lower)) return ColumnRole::kIdentifier;
    return ColumnRole::kDimension;
  }
  if (IsNumeric(type)) {
    if (LooksLikeIdentifierName(lower)) return ColumnRole::kIdentifier;
    if (LooksLikeDimensionNumberName(lower)) return ColumnRole::kDimension;
    if (type == TypeClass::kInteger && facts.distinct_count &&
        *facts.distinct_count <= kMaxDimensionIntegerDistinct) {
      return ColumnRole::kDimension;
    }
    return ColumnRole::kMeasure;
  }
  return ColumnRole::kDimension;
}

}  // namespace askdb::nlq
