#include "askdb/agent/quick_path/round_question.h"

#include <re2/re2.h>

#include <algorithm>
#include <string>

#include "askdb/agent/quick_path/arithmetic.h"
#include "askdb/agent/quick_path/utf8_pattern.h"

namespace askdb::agent {
namespace {

using Pattern = Utf8Pattern;

// A number in digits, with thousands separators only where they belong ("1,234.5").
const std::string kNum = "(-?(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\\.[0-9]+)?|-?\\.[0-9]+)";
const std::string kEnHead =
    "(?:(?:please|can you|could you|would you|help me|i need to|i want to|what is|what's|whats|"
    "how much is|tell me|calculate|compute)\\s+)*";
const std::string kEnTail = "(?:\\s*,?\\s*(?:please|for me))*\\s*[?.!]*";
// Polite and "work it out" words before the number ("帮我算下10除以3，保留两位小数").
const std::string kZhHead =
    "(?:请问|请|帮我|帮忙|麻烦)?\\s*(?:帮我|给我)?\\s*(?:计算一下|算一下|算下|算算|计算)?\\s*"
    "(?:把|将)?\\s*";
const std::string kZhTail =
    "(?:是多少|等于多少|是几|等于几|得多少|是什么|的结果是多少|的结果)?\\s*(?:呢|啊|呀)?[?？。.!！]"
    "*";
constexpr int kMostDecimals = 15;
constexpr int kMostDigits = 40;
// An expression's value is printed to this many significant digits (FormatNumber); rounding it
// at a digit beyond them would round digits the value was already rounded at.
constexpr int kPrintedDigits = 12;

// A count of places in digits or words ("2", "two", "两").
std::optional<int> Count(const std::string& s) {
  static const char* const kEn[] = {"zero", "one",   "two",   "three", "four", "five",
                                    "six",  "seven", "eight", "nine",  "ten"};
  for (int i = 0; i <= 10; ++i) {
    if (s == kEn[i]) return i;
  }
  static const char* const kZh[] = {"零", "一", "二", "三", "四", "五",
                                    "六", "七", "八", "九", "十"};
  for (int i = 0; i <= 10; ++i) {
    if (s == kZh[i]) return i;
  }
  if (s == "两") return 2;
  if (!s.empty() && s.size() <= 2 &&
      std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    return std::stoi(s);
  }
  return std::nullopt;
}

// The power of ten a place name stands for: "tenth" → 1 decimal, "hundred" → -2.
std::optional<int> NamedPlace(const std::string& name) {
  static const std::pair<const char*, int> kPlaces[] = {
      {"tenth", 1},          {"hundredth", 2},    {"thousandth", 3}, {"ten thousandth", 4},
      {"ten-thousandth", 4}, {"whole number", 0}, {"whole", 0},      {"integer", 0},
      {"unit", 0},           {"one", 0},          {"ten", -1},       {"10", -1},
      {"hundred", -2},       {"100", -2},         {"thousand", -3},  {"1000", -3},
      {"1,000", -3},         {"million", -6},     {"个位", 0},       {"整数", 0},
      {"十位", -1},          {"百位", -2},        {"千位", -3},      {"万位", -4},
      {"十分位", 1},         {"百分位", 2},       {"千分位", 3}};
  for (const auto& [text, places] : kPlaces) {
    if (name == text) return places;
  }
  return std::nullopt;
}

// English decimals: "two decimal places", "2 decimals", "3 dp".
std::optional<int> DecimalsEn(const std::string& place) {
  std::string count;
  static const Pattern decimals(
      "([0-9]{1,2}|zero|one|two|three|four|five|six|seven|eight|nine|ten) (?:decimal places?|"
      "decimals?|dp|decimal digits?|places?(?: after the (?:decimal )?point)?|digits? after the "
      "(?:decimal )?point)");
  if (decimals.FullMatch(place, &count)) return Count(count);
  return std::nullopt;
}

// English: "two decimal places", "2 decimals", "the nearest tenth", "a whole number".
std::optional<int> PlacesEn(const std::string& place) {
  if (place.empty()) return 0;  // "round 3.7": to a whole number
  if (auto decimals = DecimalsEn(place)) return decimals;
  std::string name;
  static const Pattern nearest(
      "(?:the )?nearest ([a-z0-9, -]+)|(?:a |an |the )?(whole number|integer)");
  std::string whole;
  if (nearest.FullMatch(place, &name, &whole)) return NamedPlace(name.empty() ? whole : name);
  return std::nullopt;
}

// Chinese: 保留两位小数, 四舍五入到一位小数, 四舍五入保留小数点后3位, 四舍五入到百位, 四舍五入取整.
std::optional<int> PlacesZh(const std::string& words) {
  std::string rounds, keeps, count, name;
  static const Pattern decimals(
      "(四舍五入)?\\s*(?:后|并|,|，)?\\s*(保留|精确到|取|到|至)?\\s*(?:小数点后)?\\s*"
      "([0-9]{1,2}|[零一二两三四五六七八九十])\\s*位(?:小数)?");
  if (decimals.FullMatch(words, &rounds, &keeps, &count)) {
    // Some word must say round or keep, and some word must say decimals.
    const bool asks = !rounds.empty() || keeps == "保留" || keeps == "精确到";
    const bool decimal = words.find("小数") != std::string::npos;
    if (!asks || !decimal) return std::nullopt;
    return Count(count);
  }
  static const Pattern place(
      "(?:四舍五入\\s*(?:到|至|后取|取|后保留|保留)?|(?:保留|精确到|取)|四舍五入后(?:保留|取)?)\\s*"
      "(个位|十位|百位|千位|万位|十分位|百分位|千分位|整数?)");
  if (place.FullMatch(words, &name)) return NamedPlace(name == "整" ? "整数" : name);
  if (words == "四舍五入") return 0;  // "3.6四舍五入": to a whole number
  return std::nullopt;
}

std::optional<RoundQuestion> Make(std::string number, std::optional<int> places) {
  if (!places || *places > kMostDecimals || *places < -12) return std::nullopt;
  number.erase(std::remove(number.begin(), number.end(), ','), number.end());
  if (number.size() > kMostDigits) return std::nullopt;
  return RoundQuestion{number, *places};
}

// Significant digits of a printed number ("0.0123" has 3, "-12.5" has 3).
int SignificantDigits(const std::string& printed) {
  const size_t first = printed.find_first_of("123456789");
  if (first == std::string::npos) return 0;
  return static_cast<int>(std::count_if(printed.begin() + first, printed.end(),
                                        [](char c) { return c >= '0' && c <= '9'; }));
}

// An expression rounded ("22/7 to 2 dp", "10除以3保留两位小数"): its value as the arithmetic
// answer prints it is the number rounded. nullopt when it does not evaluate, or when its printed
// digits may have been cut before the place asked for.
std::optional<RoundQuestion> MakeFromExpression(const std::string& expression,
                                                std::optional<int> places) {
  if (!places) return std::nullopt;
  const ArithmeticResult value = EvaluateArithmetic(expression);
  if (!value.ok()) return std::nullopt;
  const std::string printed = FormatNumber(value.value);
  if (printed.find_first_not_of("-.0123456789") != std::string::npos) return std::nullopt;
  const size_t point = printed.find('.');
  const int decimals =
      point == std::string::npos ? 0 : static_cast<int>(printed.size() - point - 1);
  if (SignificantDigits(printed) >= kPrintedDigits && decimals <= *places) return std::nullopt;
  auto q = Make(printed, places);
  if (q && printed != expression) q->expression = expression;
  return q;
}

// The rounding of an expression, English or Chinese; see MakeFromExpression.
std::optional<RoundQuestion> ParseExpressionRounding(std::string_view normalized) {
  // Most requests say nothing of rounding: they skip the patterns (the classifier asks this of
  // every request).
  static constexpr std::string_view kWords[] = {"round",    "decimal", "dp",    "place",
                                                "四舍五入", "保留",    "精确到"};
  if (std::none_of(std::begin(kWords), std::end(kWords), [&](std::string_view w) {
        return normalized.find(w) != std::string_view::npos;
      })) {
    return std::nullopt;
  }
  std::string expression, expression2, place;
  // round 22/7 to 2 decimals / 100/7 rounded to 2 decimals
  static const Pattern en("^" + kEnHead + "(?:round(?: off)?\\s+(.+?)|(.+?)\\s+rounded(?: off)?)" +
                          "\\s+to\\s+(.+?)" + kEnTail + "$");
  if (en.FullMatch(normalized, &expression, &expression2, &place)) {
    return MakeFromExpression(expression.empty() ? expression2 : expression, PlacesEn(place));
  }
  // 1/3 to 2 decimals, 22/7 in 3 dp: with no verb only a count of decimals says "round"
  static const Pattern en_bare("^" + kEnHead + "(.+?)\\s+(?:to|in)\\s+(.+?)" + kEnTail + "$");
  if (en_bare.FullMatch(normalized, &expression, &place)) {
    return MakeFromExpression(expression, DecimalsEn(place));
  }
  // 10除以3 保留两位小数 / 100除以7，结果保留两位小数 / 把22/7的结果四舍五入到一位小数 /
  // 100除以7四舍五入 (to a whole number)
  static const Pattern zh("^" + kZhHead +
                          "(.+?)\\s*(?:的结果|的值)?\\s*[,，]?\\s*(?:结果|答案|得数)?\\s*"
                          "((?:四舍五入|保留|精确到).*?)\\s*" +
                          kZhTail + "$");
  if (zh.FullMatch(normalized, &expression, &place)) {
    return MakeFromExpression(expression, PlacesZh(place));
  }
  return std::nullopt;
}

// Adds one to the last digit of `digits`, carrying.
void Increment(std::string& digits) {
  for (size_t i = digits.size(); i-- > 0;) {
    if (digits[i] != '9') {
      ++digits[i];
      return;
    }
    digits[i] = '0';
  }
  digits.insert(digits.begin(), '1');
}

}  // namespace

std::optional<RoundQuestion> ParseRoundQuestion(std::string_view normalized) {
  if (normalized.size() > 160) return std::nullopt;
  std::string number, number2, place;
  // round 3.14159 to two decimals / what is 7.456 rounded to the nearest tenth / round 3.7
  static const Pattern en("^" + kEnHead + "(?:round(?: off)?\\s+" + kNum + "(?:\\s+off)?|" + kNum +
                          "\\s+rounded(?: off)?)(?:\\s+to\\s+(.+?))?" + kEnTail + "$");
  if (en.FullMatch(normalized, &number, &number2, &place)) {
    if (auto q = Make(number.empty() ? number2 : number, PlacesEn(place))) return q;
  }
  // 3.14159保留两位小数 / 把12.345四舍五入到一位小数 / 2567四舍五入到百位
  static const Pattern zh("^" + kZhHead + kNum + "\\s*(.+?)\\s*" + kZhTail + "$");
  if (zh.FullMatch(normalized, &number, &place)) {
    if (auto q = Make(number, PlacesZh(place))) return q;
  }
  return ParseExpressionRounding(normalized);
}

std::string RoundQuestion::Result() const {
  const bool negative = !number.empty() && number[0] == '-';
  std::string digits = negative ? number.substr(1) : number;
  const size_t point = digits.find('.');
  std::string whole = point == std::string::npos ? digits : digits.substr(0, point);
  std::string fraction = point == std::string::npos ? "" : digits.substr(point + 1);
  if (places > 0 && fraction.size() < static_cast<size_t>(places)) fraction.resize(places, '0');
  // Leading zeros so that at least one digit is kept: 12 to the nearest thousand keeps "0".
  const int kept_whole = static_cast<int>(whole.size()) + std::min(places, 0);
  if (kept_whole < 1) whole.insert(0, static_cast<size_t>(1 - kept_whole), '0');
  const std::string all = whole + fraction;
  const size_t keep = whole.size() + places;  // >= 1 by the padding above
  std::string kept = all.substr(0, keep);
  if (keep < all.size() && all[keep] >= '5') Increment(kept);  // half away from zero
  std::string out;
  if (places > 0) {
    out = kept.substr(0, kept.size() - places) + "." + kept.substr(kept.size() - places);
  } else {
    out = kept + std::string(static_cast<size_t>(-places), '0');
  }
  const size_t first = out.find_first_not_of('0');
  if (first == std::string::npos) {
    out = "0";
  } else if (first > 0) {
    out.erase(0, out[first] == '.' ? first - 1 : first);
  }
  const bool zero = out.find_first_not_of("0.") == std::string::npos;
  return negative && !zero ? "-" + out : out;
}

std::string RoundQuestion::Shown() const {
  return expression.empty() ? number : expression + " (= " + number + ")";
}

}  // namespace askdb::agent
