// Number words in questions: Chinese numerals ("十" → 10, "二十五" → 25, "两" → 2,
// "三千五百" → 3500), English number words ("ten" → 10, "twenty" → 20) and magnitude
// suffixes after digits ("1万" → 10000, "3k" → 3000). Pure functions, thread-safe.
#pragma once

#include <optional>
#include <string_view>

namespace askdb::nlq {

// True for the code points that can appear in a Chinese numeral.
bool IsChineseNumeralChar(char32_t cp);
// A whole Chinese numeral; nullopt when `text` is not one.
std::optional<double> ParseChineseNumeral(std::string_view text);
// "one".."twenty", "thirty".."ninety", "hundred", "thousand", "dozen"; lower-case input.
std::optional<double> ParseEnglishNumberWord(std::string_view word);
// Multiplier of a magnitude word following a number: 万 10^4, 亿 10^8, 千/k/thousand 10^3,
// 百 100, million/m 10^6, billion/b 10^9; nullopt when `word` is none of them.
std::optional<double> MagnitudeMultiplier(std::string_view word);

}  // namespace askdb::nlq
