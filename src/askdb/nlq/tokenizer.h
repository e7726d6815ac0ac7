// Splits questions and schema phrases into matching units, the same way for both so that a
// phrase matches a question exactly when its unit sequence occurs in the question's: an
// English word (lower-cased, plural ending removed), a run of digits, or one CJK character.
// Full-width letters, digits and punctuation are folded to ASCII first. Pure, thread-safe.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace askdb::nlq {

enum class UnitKind { kWord, kNumber, kCjk, kPunct };

struct Unit {
  std::string key;   // normalised form used for matching
  std::string text;  // as written in the input (after full-width folding)
  size_t begin = 0;  // byte offsets into the input
  size_t end = 0;
  UnitKind kind = UnitKind::kWord;
};

std::vector<Unit> TokenizeUnits(std::string_view text);

// "countries" → "country", "classes" → "class", "singers" → "singer"; short words unchanged.
std::string SingularizeEnglish(std::string_view lower_word);

// text::SplitIdentifier joined with spaces: "InvoiceDate" → "invoice date",
// "Year_of_Founded" → "year of founded", "所属省id" → "所属省 id".
std::string IdentifierToPhrase(std::string_view identifier);

// The key of a unit sequence, for phrase dictionaries.
std::string JoinUnitKeys(const std::vector<Unit>& units, size_t begin, size_t end);
// Tokenizes `phrase` and returns its key ("" when it has no units).
std::string PhraseKey(std::string_view phrase, size_t* unit_count = nullptr);
// Whether the unit sequence of key `part` occurs in key `whole` on unit boundaries
// ("revenue" in "item revenue"; "销售额" in "商品销售额"; not "sale" in "wholesale").
bool KeyContainsUnits(std::string_view whole, std::string_view part);

}  // namespace askdb::nlq
