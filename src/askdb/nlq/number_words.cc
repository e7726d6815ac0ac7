#include "askdb/nlq/number_words.h"

#include <array>
#include <string>
#include <utility>

namespace askdb::nlq {
namespace {

// Decodes one UTF-8 code point at `i`, advancing it; invalid bytes give U+FFFD.
char32_t NextCodePoint(std::string_view s, size_t& i) {
  const auto b0 = static_cast<unsigned char>(s[i]);
  int len = b0 < 0x80 ? 1 : (b0 >> 5) == 0x6 ? 2 : (b0 >> 4) == 0xE ? 3 : (b0 >> 3) == 0x1E ? 4 : 0;
  if (len == 0 || i + len > s.size()) {
    ++i;
    return 0xFFFD;
  }
  char32_t cp = len == 1 ? b0 : len == 2 ? (b0 & 0x1F) : len == 3 ? (b0 & 0x0F) : (b0 & 0x07);
  for (int k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
  i += len;
  return cp;
}

int DigitValue(char32_t cp) {
  switch (cp) {
    case U'零':
    case U'〇':
      return 0;
    case U'一':
      return 1;
    case U'二':
    case U'两':
      return 2;
    case U'三':
      return 3;
    case U'四':
      return 4;
    case U'五':
      return 5;
    case U'六':
      return 6;
    case U'七':
      return 7;
    case U'八':
      return 8;
    case U'九':
      return 9;
    default:
      return -1;
  }
}

int UnitValue(char32_t cp) {
  switch (cp) {
    case U'十':
      return 10;
    case U'百':
      return 100;
    case U'千':
      return 1000;
    default:
      return 0;
  }
}

}  // namespace

bool IsChineseNumeralChar(char32_t cp) {
  return DigitValue(cp) >= 0 || UnitValue(cp) > 0 || cp == U'万' || cp == U'亿';
}

std::optional<double> ParseChineseNumeral(std::string_view text) {
  if (text.empty()) return std::nullopt;
  double total = 0;    // completed 万/亿 groups
  double section = 0;  // below 万
  int digit = -1;      // pending digit
  bool any = false;
  size_t i = 0;
  while (i < text.size()) {
    const char32_t cp = NextCodePoint(text, i);
    if (int d = DigitValue(cp); d >= 0) {
      if (digit >= 0)
        digit = digit * 10 + d;  // "二〇二四" style digit strings
      else
        digit = d;
      any = true;
    } else if (int u = UnitValue(cp); u > 0) {
      section += (digit < 0 ? 1 : digit) * u;  // "十" alone is 10
      digit = -1;
      any = true;
    } else if (cp == U'万' || cp == U'亿') {
      const double mult = cp == U'万' ? 1e4 : 1e8;
      total = (total + section + (digit < 0 ? 0 : digit)) * mult;
      section = 0;
      digit = -1;
      any = true;
    } else {
      return std::nullopt;
    }
  }
  if (!any) return std::nullopt;
  return total + section + (digit < 0 ? 0 : digit);
}

std::optional<double> ParseEnglishNumberWord(std::string_view word) {
  static constexpr std::array<std::pair<std::string_view, double>, 31> kWords = {{
      {"zero", 0},     {"one", 1},      {"two", 2},        {"three", 3},     {"four", 4},
      {"five", 5},     {"six", 6},      {"seven", 7},      {"eight", 8},     {"nine", 9},
      {"ten", 10},     {"eleven", 11},  {"twelve", 12},    {"thirteen", 13}, {"fourteen", 14},
      {"fifteen", 15}, {"sixteen", 16}, {"seventeen", 17}, {"eighteen", 18}, {"nineteen", 19},
      {"twenty", 20},  {"thirty", 30},  {"forty", 40},     {"fifty", 50},    {"sixty", 60},
      {"seventy", 70}, {"eighty", 80},  {"ninety", 90},    {"hundred", 100}, {"thousand", 1000},
      {"dozen", 12},
  }};
  for (const auto& [w, v] : kWords) {
    if (w == word) return v;
  }
  return std::nullopt;
}

std::optional<double> MagnitudeMultiplier(std::string_view word) {
  if (word == "万") return 1e4;
  if (word == "亿") return 1e8;
  if (word == "千" || word == "k" || word == "thousand") return 1e3;
  if (word == "百" || word == "hundred") return 1e2;
  if (word == "million" || word == "m" || word == "百万") return 1e6;
  if (word == "billion" || word == "b") return 1e9;
  return std::nullopt;
}

}  // namespace askdb::nlq
