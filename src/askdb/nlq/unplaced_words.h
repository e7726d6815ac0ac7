// The words of a question that the engine's reading left unplaced, as a person would name
// them in a decline: a Chinese word the lexicon does not hold is read one character at a
// time (新|注|册), and "无法理解的词：新, 注, 册" tells the person nothing they can rephrase.
// Adjacent unplaced characters are one word ("新注册"), widened over an unused function
// character only where ICU's dictionary joins it to them ("属于", not "属"); a placed word is
// never pulled in, so a decline never blames a word that was understood. English words stay
// as they were read. Pure; thread-safe.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "askdb/nlq/reading.h"
#include "askdb/nlq/tokenizer.h"

namespace askdb::nlq {

// A keyword that only links or pads the question (的, of, and, 年 after a year...): it needs
// no place in the reading, so leaving it out is not a word left unplaced.
bool IsFunctionWord(const Item& item);

// The unused content words of `items` (units_ of `question`), in question order, each once;
// with `known` false only words the lexicon and the schema do not know (an unused "多少" or
// column word was read, only not applied: "未能理解" would blame a word that was understood).
std::vector<std::string> UnplacedWords(std::string_view question, const std::vector<Unit>& units,
                                       const std::vector<Item>& items, bool chinese,
                                       bool known = true);

// The words joined for a message: “新注册”、“属于” in Chinese, 'video', 'files' in English.
std::string QuoteWords(const std::vector<std::string>& words, bool chinese);

}  // namespace askdb::nlq
