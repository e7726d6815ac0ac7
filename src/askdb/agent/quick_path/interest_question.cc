#include "askdb/agent/quick_path/interest_question.h"

#include <re2/re2.h>

#include <algorithm>
#include <cmath>
#include <initializer_list>

#include "askdb/agent/quick_path/arithmetic.h"
#include "askdb/agent/quick_path/bill_question.h"
#include "askdb/agent/quick_path/utf8_pattern.h"

namespace askdb::agent {
namespace {

bool IsAsciiLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// The one number left in `text` once the rate and the years are cut out ("5000", "2万5",
// "10万"); nullopt when there is none or more than one.
std::optional<long double> OnlyNumber(std::string_view text) {
  std::optional<long double> found;
  for (size_t i = 0; i < text.size();) {
    const auto number =
        (i == 0 || !IsAsciiLetter(text[i - 1])) ? ParseNumberPrefix(text.substr(i)) : std::nullopt;
    if (!number) {
      ++i;
      continue;
    }
    if (found) return std::nullopt;
    found = number->value;
    i += number->length;
  }
  return found;
}

bool Mentions(std::string_view text, std::initializer_list<std::string_view> words) {
  return std::any_of(words.begin(), words.end(),
                     [&](std::string_view w) { return text.find(w) != std::string_view::npos; });
}

}  // namespace

std::optional<std::string> SimpleInterestExpression(std::string_view normalized) {
  if (normalized.size() > 160 || !Mentions(normalized, {"interest", "利息"})) return std::nullopt;
  // Compounding, the total with the principal, or a rate per day, week, month, quarter or half
  // year (日利率0.05%, 2% per quarter, weekly 1%): not this reader's, which takes the rate as a
  // year's.
  if (Mentions(normalized, {"compound", "total", "balance", "in all", "altogether", "复利", "本息",
                            "本金和", "一共", "总共", "连本带利", "到期"}) ||
      Mentions(normalized, {"day",  "daily", "diem", "week", "month",  "quarter", "semi",
                            "half", "hour",  "日",   "天",   "周",     "星期",    "礼拜",
                            "月",   "季",    "半年", "小时", "万分之", "千分之"})) {
    return std::nullopt;
  }
  static const Utf8Pattern rate("([0-9]+(?:\\.[0-9]+)?)\\s*(?:%|percent)");
  static const Utf8Pattern years(
      "(?:for|after|over|in)\\s+([0-9]{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|a)"
      "\\s+years?|([0-9]{1,2}|[一二两三四五六七八九十]{1,3})\\s*个?年");
  std::string text(normalized), rate_text, years_text;
  if (CutMatches(text, rate.re, rate_text) != 1 || CutMatches(text, years.re, years_text) != 1) {
    return std::nullopt;
  }
  auto year_count = ParseNumberPrefix(years_text);
  if (!year_count) year_count = ParseEnglishAmountPrefix(years_text);
  // The whole count read, or none: 二十年 is 20, 二五年 is no count of years.
  if (year_count && year_count->length != years_text.size()) return std::nullopt;
  const long double n = years_text == "a" ? 1 : year_count ? year_count->value : 0;
  const auto principal = OnlyNumber(text);
  if (n < 1 || n != std::floor(n) || !principal || *principal <= 0) return std::nullopt;
  // Over more than a year, compound interest would differ: the request must say simple.
  if (n > 1 && !Mentions(normalized, {"simple", "单利"})) return std::nullopt;
  return FormatNumber(*principal) + "*" + rate_text + "%*" + FormatNumber(n);
}

}  // namespace askdb::agent
