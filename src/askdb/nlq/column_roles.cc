#include "askdb/nlq/column_roles.h"

#include <algorithm>
#include <array>
#include <cctype>
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

bool IsVowel(char c) { return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u'; }

// Whether a name ending in the letters "id" ends in a key's "id": a word of its own (`_id`), a
// capital Id/ID after a lowercase letter or a digit (CustomerId, StuID), or a short abbreviation
// glued to it (custid, empid, deptid, pid, uuid). An English word in "id" is no key, told by its
// shape: two letters before "id" (paid, void, is_void), letters ending in a vowel (prepaid, fluid,
// avoid), or three that are consonant-vowel-consonant (valid, solid, rapid, humid, vivid).
bool EndsInAKeysId(std::string_view name) {
  const std::string lower = text::AsciiLower(name);
  if (lower == "id" || EndsWith(lower, "_id") || EndsWith(lower, " id")) return true;
  if (!EndsWith(lower, "id") || name.size() < 3) return false;
  const char before = name[name.size() - 3];
  if (name[name.size() - 2] == 'I' && (std::islower(static_cast<unsigned char>(before)) ||
                                       std::isdigit(static_cast<unsigned char>(before)))) {
    return true;  // CustomerId, StuID
  }
  // The last word: after the last separator, or from the last capital of a mixed-case name
  // (AmountPaid → paid).
  size_t from = lower.find_last_of("_ -.");
  from = from == std::string::npos ? 0 : from + 1;
  const bool mixed = std::any_of(name.begin(), name.end(), [](char c) { return std::islower(c); });
  if (mixed) {
    for (size_t k = name.size(); k-- > from;) {
      if (std::isupper(static_cast<unsigned char>(name[k]))) {
        from = k;
        break;
      }
    }
  }
  const std::string_view word = std::string_view(lower).substr(from);
  const std::string_view before_id = word.substr(0, word.size() - 2);
  if (before_id.size() == 1 || word == "guid" || word == "uuid") return true;  // pid, uid
  if (before_id.size() < 3 || IsVowel(before_id.back())) return false;
  return !(before_id.size() == 3 && !IsVowel(before_id[0]) && IsVowel(before_id[1]));
}

// Name fragments that mark a column as a key even when it is not declared as one.
bool LooksLikeIdentifierName(std::string_view name, std::string_view lower) {
  return EndsInAKeysId(name) || EndsWith(lower, "_no") || EndsWith(lower, "_code") ||
         Contains(lower, "编号") || EndsWith(lower, "代码");
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
    if (LooksLikeIdentifierName(facts.name, lower)) return ColumnRole::kIdentifier;
    return ColumnRole::kDimension;
  }
  if (IsNumeric(type)) {
    if (LooksLikeIdentifierName(facts.name, lower)) return ColumnRole::kIdentifier;
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
