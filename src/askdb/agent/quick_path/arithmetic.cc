#include "askdb/agent/quick_path/arithmetic.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <limits>
#include <utility>
#include <vector>

namespace askdb::agent {
namespace {

// Parentheses and unary operators nest by recursion; this bounds the stack for hostile input.
constexpr int kMaxNestingDepth = 200;
// Significant digits in printed results: enough for money, few enough to hide binary noise.
constexpr int kSignificantDigits = 12;
// Integers below this print exactly (long double has a 64-bit mantissa).
constexpr long double kExactIntegerLimit = 9.2e18L;
constexpr long double kPercent = 100.0L;
// The largest n whose n! is computed (170! ≈ 7.3e306, within a double as JSON carries it).
constexpr long double kMaxFactorial = 170;

// ---------------------------------------------------------------- Chinese numerals

// Value of a Chinese digit character, or -1. The financial forms (壹贰叁…, written on cheques and
// invoices so a stroke cannot be added) are the same digits.
int ChineseDigit(std::string_view ch) {
  static constexpr std::array<std::pair<std::string_view, int>, 21> kDigits = {
      {{"零", 0}, {"〇", 0}, {"一", 1}, {"二", 2}, {"两", 2}, {"三", 3}, {"四", 4},
       {"五", 5}, {"六", 6}, {"七", 7}, {"八", 8}, {"九", 9}, {"壹", 1}, {"贰", 2},
       {"叁", 3}, {"肆", 4}, {"伍", 5}, {"陆", 6}, {"柒", 7}, {"捌", 8}, {"玖", 9}}};
  for (const auto& [s, v] : kDigits) {
    if (s == ch) return v;
  }
  return -1;
}

// Small units (十百千, financial 拾佰仟) multiply a digit inside a 万-section; 万 and 亿 close
// sections.
long double ChineseUnit(std::string_view ch) {
  if (ch == "十" || ch == "拾") return 10;
  if (ch == "百" || ch == "佰") return 100;
  if (ch == "千" || ch == "仟") return 1000;
  if (ch == "万") return 1e4L;
  if (ch == "亿") return 1e8L;
  return 0;
}

// Every Chinese numeral character here is a 3-byte UTF-8 sequence.
constexpr size_t kCjkCharBytes = 3;

bool IsChineseNumeralChar(std::string_view ch) {
  return ChineseDigit(ch) >= 0 || ChineseUnit(ch) > 0 || ch == "点";
}

// The financial forms: 壹贰叁肆伍陆柒捌玖 and the units 拾佰仟 (零万亿 are shared).
bool IsFinancialNumeralChar(std::string_view ch) {
  static constexpr std::string_view kFinancial = "壹贰叁肆伍陆柒捌玖拾佰仟";
  // UTF-8 is self-synchronising: a whole character matches only at a character boundary.
  return ch.size() == kCjkCharBytes && kFinancial.find(ch) != std::string_view::npos;
}

// Whether a run of numerals is read as a number: a run with a financial form must be written
// as a cheque writes it, two or more numerals with no ordinary digit or unit mixed in; alone,
// 陆 is of 大陆, 伍 of 队伍, 拾 of 收拾 (and 拾一 of 收拾一下).
bool IsReadableNumeralRun(std::string_view run) {
  bool financial = false, ordinary = false;
  for (size_t i = 0; i + kCjkCharBytes <= run.size(); i += kCjkCharBytes) {
    const std::string_view ch = run.substr(i, kCjkCharBytes);
    if (IsFinancialNumeralChar(ch)) {
      financial = true;
    } else if (ch != "零" && ch != "万" && ch != "亿" && ch != "点") {
      ordinary = true;
    }
  }
  return !financial || (!ordinary && run.size() >= 2 * kCjkCharBytes);
}

std::string_view CharAt(std::string_view s, size_t i) {
  if (i + kCjkCharBytes > s.size()) return {};
  return s.substr(i, kCjkCharBytes);
}

// Value of a run of Chinese numeral characters ("三百五十", "一千二百零五", "三亿五千万",
// "三点一四", "二零二四"); nullopt when the run is not a well-formed number.
std::optional<long double> ChineseNumeralValue(std::string_view run) {
  std::vector<std::string_view> chars;
  for (size_t i = 0; i < run.size(); i += kCjkCharBytes) chars.push_back(run.substr(i, 3));
  if (chars.empty()) return std::nullopt;
  size_t point = chars.size();
  for (size_t i = 0; i < chars.size(); ++i) {
    if (chars[i] == "点") {
      if (point != chars.size()) return std::nullopt;  // two decimal points
      point = i;
    }
  }
  long double fraction = 0;
  if (point != chars.size()) {
    if (point + 1 == chars.size()) return std::nullopt;
    long double scale = 0.1L;
    for (size_t i = point + 1; i < chars.size(); ++i) {
      const int d = ChineseDigit(chars[i]);
      if (d < 0) return std::nullopt;
      fraction += d * scale;
      scale /= 10;
    }
  }
  const std::vector<std::string_view> whole(chars.begin(), chars.begin() + point);
  if (whole.empty()) return std::nullopt;
  bool has_unit = false;
  for (std::string_view c : whole) has_unit |= ChineseUnit(c) > 0;
  if (!has_unit) {
    // Digit by digit: 二零二四 → 2024.
    long double v = 0;
    for (std::string_view c : whole) v = v * 10 + ChineseDigit(c);
    return v + fraction;
  }
  long double total = 0;    // closed by 万/亿
  long double section = 0;  // below 万
  long double digit = 0;
  bool have_digit = false;
  long double last_unit = 0;  // the unit just before the current digit, 0 after a 零
  for (std::string_view c : whole) {
    const int d = ChineseDigit(c);
    if (d >= 0) {
      if (have_digit && d != 0) return std::nullopt;  // "三五" inside a unit number
      if (d == 0) last_unit = 0;
      digit = d;
      have_digit = d != 0;
      continue;
    }
    const long double unit = ChineseUnit(c);
    last_unit = unit;
    if (unit >= 1e4L && !have_digit && section == 0 && total == 0) digit = 1;  // "万" = 10000
    if (unit == 1e8L) {
      total = (total + section + digit) * unit;
      section = 0;
    } else if (unit == 1e4L) {
      total += (section + digit) * unit;
      section = 0;
    } else {
      // A unit without a digit before it counts once: "十五" = 15, "一百十" = 110.
      section += (have_digit ? digit : 1) * unit;
    }
    digit = 0;
    have_digit = false;
  }
  // A last digit right after 百/千/万/亿 is one unit lower, as spoken: 两千五 = 2500,
  // 一百五 = 150, 三万五 = 35000 (two thousand and five is 两千零五).
  if (have_digit && last_unit >= 100) digit *= last_unit / 10;
  return total + section + digit + fraction;
}

// ---------------------------------------------------------------- tokens

enum class Tok {
  kNumber,
  kPlus,
  kRaise,  // 增加/增长/上涨/提高: plus, and a bare percentage or fraction after it is a share
  kLower,     // 减少/降低/下降: minus, likewise ("300减少三分之一" = 200)
  kMoreThan,  // "10 percent more than 50" = 55, "5 more than 10" = 15
  kLessThan,  // "20% less than 80" = 64
  kMinus,
  kMul,
  kDiv,
  kMod,
  kPow,
  kPercent,    // '%' or "percent": postfix percentage or modulo
  kPercentOf,  // 百分之: prefix percentage
  kLParen,
  kRParen,
  kSquare,          // 平方 / squared
  kCube,            // 立方 / cubed
  kSqrt,            // 平方根 / 根号 / 开方 / sqrt / √
  kCbrt,            // 立方根 / cube root of
  kPowerSuffix,     // 次方 / 次幂: "2的10次方"
  kDe,              // 的 / 之
  kReciprocal,      // 倒数 after 的: "45的倒数"; "the reciprocal of" before an operand
  kWith,            // 与 / 和 / 跟 in "12与32的积"
  kAnd,             // and in "the sum of 3 and 4"
  kSumOf,           // the sum of (English, prefix)
  kProductOf,       // the product of
  kDifferenceOf,    // the difference between / of
  kQuotientOf,      // the quotient of
  kAverageOf,       // the average / mean of (a list: "the average of 5, -3 and 10")
  kListComma,       // a comma between two operands: a list, never an operator
  kSumWord,         // 和 after 的 / 之: "3与4的和"
  kProductWord,     // 积
  kDifferenceWord,  // 差
  kQuotientWord,    // 商
  kOf,              // of: "20% of 350"
  kThen,            // 再 / 然后 / then: everything before it is one operand ("3加5再乘以2")
  kRootSuffix,      // 次方根 after 的: "27的三次方根"
  kRootOf,          // root of, after an ordinal: "the fourth root of 81"
  kOpen,            // 开 before N次方: "8开三次方"
  kDa,              // 打 before N折: "200打八折"
  kZhe,             // 折 after a number: a discount to N tenths
  kCheng,           // 成 after a number: N tenths ("三成" = 30%, "三成五" = 35%)
  kFenZhi,          // 分之 between numbers: "五分之一" = 1/5
  kYou,             // 又 before a fraction: "一又二分之一" = 1.5
  kHalf,            // 一半 after 的: "300的一半"
  kHalfOf,          // half of 300
  kDouble,          // double 45, twice 30, triple 250: its value is the factor
  kBei,             // 倍 after a number after 的: "45的两倍"
  kOff,             // off: "15% off 80"
  kPowerWord,       // power after an exponent: "2 to the 10th power"
  kAddVerb,         // add A and/to B
  kMultiplyVerb,    // multiply A by/and B
  kDivideVerb,      // divide A by/into B
  kSubtractVerb,    // subtract A from B
  kIncrease,        // increase A by B(%)
  kDecrease,        // decrease / reduce A by B(%)
  kBy,
  kFrom,
  kTo,
  kFactorial,  // 的阶乘 / factorial after an operand ('!' ends sentences)
  kSkip,       // dropped by the tokenizer: "the", 先算 before a chain
  kEnd,
};

struct Token {
  Tok kind;
  long double value = 0;
  size_t offset = 0;
};

bool IsAsciiAlpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// Word forms, longest first where one is a prefix of another. ASCII words must stand alone.
constexpr std::pair<std::string_view, Tok> kWords[] = {
    {"raised to the power of", Tok::kPow},
    {"raised to the power", Tok::kPow},
    {"to the power of", Tok::kPow},
    {"to the power", Tok::kPow},
    {"to the", Tok::kPow},
    {"and then", Tok::kThen},
    {"the difference between", Tok::kDifferenceOf},
    {"difference between", Tok::kDifferenceOf},
    {"the difference of", Tok::kDifferenceOf},
    {"the reciprocal of", Tok::kReciprocal},
    {"half of", Tok::kHalfOf},
    {"quadruple", Tok::kDouble},
    {"double", Tok::kDouble},
    {"triple", Tok::kDouble},
    {"thrice", Tok::kDouble},
    {"twice", Tok::kDouble},
    {"reciprocal of", Tok::kReciprocal},
    {"the product of", Tok::kProductOf},
    {"the quotient of", Tok::kQuotientOf},
    {"product of", Tok::kProductOf},
    {"quotient of", Tok::kQuotientOf},
    {"the sum of", Tok::kSumOf},
    {"sum of", Tok::kSumOf},
    {"the average of", Tok::kAverageOf},
    {"average of", Tok::kAverageOf},
    {"the mean of", Tok::kAverageOf},
    {"mean of", Tok::kAverageOf},
    {"the square root of", Tok::kSqrt},
    {"the cube root of", Tok::kCbrt},
    {"cube root of", Tok::kCbrt},
    {"square root of", Tok::kSqrt},
    {"sqrt of", Tok::kSqrt},    // "sqrt of 144": "of" is no product here
    {"cube root", Tok::kCbrt},  // terse, as typed in a search box: "cube root 343"
    {"square root", Tok::kSqrt},
    {"multiplied by", Tok::kMul},
    {"raised to", Tok::kPow},
    {"divided by", Tok::kDiv},
    {"平方根", Tok::kSqrt},
    {"立方根", Tok::kCbrt},
    {"次方根", Tok::kRootSuffix},
    {"开平方", Tok::kSqrt},
    {"开立方", Tok::kCbrt},
    // "144开根号", "16开方": a root without a degree is the square root (session 14: 开 then
    // 根号 had been read as 开 N次方 and failed).
    {"开根号", Tok::kSqrt},
    {"开方", Tok::kSqrt},
    {"先算", Tok::kSkip},
    {"然后", Tok::kThen},
    {"接着", Tok::kThen},
    {"之后", Tok::kThen},
    {"再", Tok::kThen},
    {"先", Tok::kSkip},
    {"打", Tok::kDa},
    {"折", Tok::kZhe},
    {"成", Tok::kCheng},
    {"加上", Tok::kPlus},
    // "500增加20%" = 600, "200降低10%" = 180, "300减少三分之一" = 200 (see Expr); "100元",
    // "80块钱" are amounts of money.
    // With 了 and the market's 涨/跌/上调/下调 too ("80涨了25%" = 100, "100先涨10%再跌10%" = 99;
    // session 13: these had fallen through to the data path).
    {"增加了", Tok::kRaise},
    {"增长了", Tok::kRaise},
    {"上涨了", Tok::kRaise},
    {"提高了", Tok::kRaise},
    {"上调了", Tok::kRaise},
    {"涨了", Tok::kRaise},
    {"增加", Tok::kRaise},
    {"增长", Tok::kRaise},
    {"上涨", Tok::kRaise},
    {"提高", Tok::kRaise},
    {"上调", Tok::kRaise},
    {"涨", Tok::kRaise},
    {"减少了", Tok::kLower},
    {"降低了", Tok::kLower},
    {"下降了", Tok::kLower},
    {"下跌了", Tok::kLower},
    {"下调了", Tok::kLower},
    {"跌了", Tok::kLower},
    {"减少", Tok::kLower},
    {"降低", Tok::kLower},
    {"下降", Tok::kLower},
    {"下跌", Tok::kLower},
    {"下调", Tok::kLower},
    {"跌", Tok::kLower},
    {"块钱", Tok::kSkip},
    {"块", Tok::kSkip},
    {"元", Tok::kSkip},
    {"$", Tok::kSkip},
    // "60 percent off of 350 dollars" (session 14: a CLINC develop request no rule read).
    {"dollars", Tok::kSkip},
    {"dollar", Tok::kSkip},
    {"bucks", Tok::kSkip},  // "12 bucks times 7"
    {"buck", Tok::kSkip},
    {"add up", Tok::kAddVerb},
    {"减去", Tok::kMinus},
    {"乘以", Tok::kMul},
    {"除以", Tok::kDiv},
    {"百分之", Tok::kPercentOf},
    {"分之", Tok::kFenZhi},
    {"一半", Tok::kHalf},
    {"倍", Tok::kBei},
    {"又", Tok::kYou},
    {"次方", Tok::kPowerSuffix},
    {"次幂", Tok::kPowerSuffix},
    {"根号下", Tok::kSqrt},
    {"根号", Tok::kSqrt},
    {"根下", Tok::kSqrt},
    {"倒数", Tok::kReciprocal},
    {"阶乘", Tok::kFactorial},
    {"开方", Tok::kSqrt},
    {"开", Tok::kOpen},
    {"平方", Tok::kSquare},
    {"立方", Tok::kCube},
    {"加", Tok::kPlus},
    {"减", Tok::kMinus},
    {"负", Tok::kMinus},  // a sign: "负五加三", "十的负二次方"
    {"乘", Tok::kMul},
    {"的", Tok::kDe},
    {"之", Tok::kDe},
    {"与", Tok::kWith},
    {"和", Tok::kWith},
    {"跟", Tok::kWith},
    {"积", Tok::kProductWord},
    {"差", Tok::kDifferenceWord},
    {"商", Tok::kQuotientWord},
    {"×", Tok::kMul},
    {"÷", Tok::kDiv},
    {"·", Tok::kMul},
    {"−", Tok::kMinus},
    {"√", Tok::kSqrt},
    {"**", Tok::kPow},
    {"plus", Tok::kPlus},
    {"minus", Tok::kMinus},
    {"times", Tok::kMul},
    {"over", Tok::kDiv},
    {"squared", Tok::kSquare},
    {"cubed", Tok::kCube},
    {"sqrt", Tok::kSqrt},
    {"mod", Tok::kMod},
    {"percent", Tok::kPercent},
    {"root of", Tok::kRootOf},
    {"off of", Tok::kOff},
    {"of", Tok::kOf},
    {"and", Tok::kAnd},
    {"then", Tok::kThen},
    {"off", Tok::kOff},
    {"power", Tok::kPowerWord},
    {"factorial", Tok::kFactorial},
    {"equal", Tok::kSkip},
    {"add", Tok::kAddVerb},
    {"multiply", Tok::kMultiplyVerb},
    {"divide", Tok::kDivideVerb},
    {"subtract", Tok::kSubtractVerb},
    // "50 increased by 20 percent" = 60: the passive is a raise, as 增加 (session 13).
    {"increased by", Tok::kRaise},
    {"decreased by", Tok::kLower},
    {"reduced by", Tok::kLower},
    {"more than", Tok::kMoreThan},
    {"less than", Tok::kLessThan},
    {"increase", Tok::kIncrease},
    {"decrease", Tok::kDecrease},
    {"reduce", Tok::kDecrease},
    {"by", Tok::kBy},
    {"from", Tok::kFrom},
    {"into", Tok::kTo},
    {"to", Tok::kTo},
    {"the", Tok::kSkip},
};

// English number words: "seven times eight", "the square root of two", "2 to the tenth".
constexpr std::pair<std::string_view, int> kEnglishNumbers[] = {
    {"zero", 0},      {"one", 1},         {"two", 2},          {"three", 3},     {"four", 4},
    {"five", 5},      {"six", 6},         {"seven", 7},        {"eight", 8},     {"nine", 9},
    {"ten", 10},      {"eleven", 11},     {"twelve", 12},      {"thirteen", 13}, {"fourteen", 14},
    {"fifteen", 15},  {"sixteen", 16},    {"seventeen", 17},   {"eighteen", 18}, {"nineteen", 19},
    {"twenty", 20},   {"thirty", 30},     {"forty", 40},       {"fifty", 50},    {"sixty", 60},
    {"seventy", 70},  {"eighty", 80},     {"ninety", 90},      {"second", 2},    {"third", 3},
    {"fourth", 4},    {"fifth", 5},       {"sixth", 6},        {"seventh", 7},   {"eighth", 8},
    {"ninth", 9},     {"tenth", 10},      {"eleventh", 11},    {"twelfth", 12},  {"twentieth", 20},
    {"hundred", 100}, {"thousand", 1000}, {"million", 1000000}};

// The value of the English number words at the start of `s` ("twenty-one", "three hundred",
// "two thousand five hundred"), and the bytes they span; 0 bytes when there are none.
// `cardinals_only` leaves out the ordinals ("second" is also a unit of time).
std::pair<long double, size_t> EnglishNumberPrefix(std::string_view s,
                                                   bool cardinals_only = false) {
  long double total = 0, group = 0;
  size_t used = 0, i = 0;
  bool any = false;
  while (i < s.size()) {
    size_t end = i;
    while (end < s.size() && IsAsciiAlpha(s[end])) ++end;
    const std::string_view word = s.substr(i, end - i);
    int value = -1;
    // Every ordinal of the table ends in "th", but for "second" and "third".
    const bool ordinal = word.ends_with("th") || word == "second" || word == "third";
    for (const auto& [w, v] : kEnglishNumbers) {
      if (w == word && !(cardinals_only && ordinal)) value = v;
    }
    if (value < 0) break;
    if (value == 100) {
      group = (group == 0 ? 1 : group) * 100;
    } else if (value >= 1000) {
      total += (group == 0 ? 1 : group) * value;
      group = 0;
    } else {
      group += value;
    }
    any = true;
    used = end;
    i = end;
    if (i < s.size() && (s[i] == '-' || s[i] == ' ') && i + 1 < s.size() &&
        IsAsciiAlpha(s[i + 1])) {
      ++i;  // "twenty-one", "three hundred"
    } else {
      break;
    }
  }
  if (!any) return {0, 0};
  return {total + group, used};
}

std::string_view TokName(Tok t) {
  switch (t) {
    case Tok::kNumber:
      return "number";
    case Tok::kRParen:
      return "')'";
    case Tok::kLParen:
      return "'('";
    case Tok::kEnd:
      return "end of input";
    case Tok::kListComma:
      return "a comma between two numbers (a list)";
    default:
      return "operator";
  }
}

// The denominators of a fraction in words ("two thirds"); "second" is none (one second is a time).
constexpr std::pair<std::string_view, int> kDenominators[] = {
    {"halves", 2},  {"half", 2},    {"thirds", 3},   {"third", 3},   {"quarters", 4},
    {"quarter", 4}, {"fourths", 4}, {"fourth", 4},   {"fifths", 5},  {"fifth", 5},
    {"sixths", 6},  {"sixth", 6},   {"sevenths", 7}, {"seventh", 7}, {"eighths", 8},
    {"eighth", 8},  {"ninths", 9},  {"ninth", 9},    {"tenths", 10}, {"tenth", 10}};

// Whether a whole English word is one the number readers read: a number (EnglishNumberPrefix)
// or a fraction's denominator (EnglishFractionPrefix, "a half").
bool IsEnglishNumberWord(std::string_view word) {
  for (const auto& [w, v] : kEnglishNumbers) {
    if (w == word) return true;
  }
  for (const auto& [w, v] : kDenominators) {
    if (w == word) return true;
  }
  return false;
}

// "a third", "two thirds", "three quarters", "one half": a fraction in words, with its length
// ({0, 0} when there is none). Read before the number words, which would add "one third" up to
// 4 ("one third of 90" had been 360). "second" is not a denominator (one second is a time).
std::pair<long double, size_t> EnglishFractionPrefix(std::string_view s) {
  static constexpr std::pair<std::string_view, int> kNumerators[] = {
      {"a ", 1},    {"an ", 1},  {"one ", 1},   {"two ", 2},   {"three ", 3}, {"four ", 4},
      {"five ", 5}, {"six ", 6}, {"seven ", 7}, {"eight ", 8}, {"nine ", 9}};
  for (const auto& [num_word, num] : kNumerators) {
    if (!s.starts_with(num_word)) continue;
    const std::string_view rest = s.substr(num_word.size());
    for (const auto& [den_word, den] : kDenominators) {
      const size_t end = num_word.size() + den_word.size();
      if (rest.starts_with(den_word) && (end >= s.size() || !IsAsciiAlpha(s[end]))) {
        return {static_cast<long double>(num) / den, end};
      }
    }
  }
  return {0, 0};
}

// "1.5 million", "2 thousand", "3 billion": a scale word after digits multiplies them ("1.5
// million divided by 12" had been a syntax error). Returns the bytes it spans, or 0.
size_t ScaleWordAfterDigits(std::string_view s, long double& value) {
  static constexpr std::pair<std::string_view, long double> kScales[] = {{" hundred", 1e2L},
                                                                         {" thousand", 1e3L},
                                                                         {" million", 1e6L},
                                                                         {" billion", 1e9L},
                                                                         {" trillion", 1e12L}};
  for (const auto& [word, scale] : kScales) {
    if (s.starts_with(word) && (s.size() == word.size() || !IsAsciiAlpha(s[word.size()]))) {
      value *= scale;
      return word.size();
    }
  }
  return 0;
}

// At 块 right after a number, one digit and then no further numeral ("3块5", "两块五"): the
// digit is tenths of a yuan and is added to that number. Returns the bytes taken, or 0.
size_t SpokenYuanTenths(std::string_view s, std::vector<Token>& out) {
  constexpr std::string_view kKuai = "块";
  if (!s.starts_with(kKuai) || out.empty() || out.back().kind != Tok::kNumber) return 0;
  size_t at = kKuai.size();
  int digit = -1;
  if (at < s.size() && s[at] >= '0' && s[at] <= '9') {
    digit = s[at] - '0';
    at += 1;
  } else if (const int d = ChineseDigit(CharAt(s, at)); d >= 0 && CharAt(s, at) != "两") {
    digit = d;
    at += kCjkCharBytes;
  }
  if (digit < 0) return 0;
  const bool more = (at < s.size() && s[at] >= '0' && s[at] <= '9') ||
                    IsChineseNumeralChar(CharAt(s, at)) || CharAt(s, at) == "块";
  if (more) return 0;
  out.back().value += digit / 10.0L;
  if (s.substr(at).starts_with("毛")) at += std::string_view("毛").size();  // "3块5毛"
  return at;
}

// "五毛" (0.5 yuan), "8毛钱": 毛 right after a one-digit whole number makes it tenths of a yuan.
// Not after 块 and its digit ("3块5毛": SpokenYuanTenths read 3.5 and takes 毛 with it).
size_t SpokenJiao(std::string_view s, std::vector<Token>& out) {
  constexpr std::string_view kMao = "毛";
  if (!s.starts_with(kMao) || out.empty() || out.back().kind != Tok::kNumber) return 0;
  if (s.substr(kMao.size()).starts_with("利")) return 0;  // 毛利, gross margin
  const long double v = out.back().value;
  if (v < 1 || v > 9 || v != std::floor(v)) return 0;
  out.back().value = v / 10;
  return kMao.size() +
         (s.substr(kMao.size()).starts_with("钱") ? std::string_view("钱").size() : 0);
}

// Whether the comma at s[i] stands between two operands ("5, -3", "9, 24", "two, three"):
// the last token ends an operand and a number (with its sign) follows.
bool CommaSeparatesOperands(std::string_view s, size_t i, const std::vector<Token>& out) {
  if (out.empty()) return false;
  const Tok last = out.back().kind;
  if (last != Tok::kNumber && last != Tok::kRParen && last != Tok::kSquare && last != Tok::kCube &&
      last != Tok::kPercent && last != Tok::kFactorial) {
    return false;
  }
  size_t j = i + 1;
  while (j < s.size() && s[j] == ' ') ++j;
  if (j < s.size() && (s[j] == '-' || s[j] == '+')) ++j;
  while (j < s.size() && s[j] == ' ') ++j;
  if (j >= s.size()) return false;
  if ((s[j] >= '0' && s[j] <= '9') || s[j] == '.' || s[j] == '(') return true;
  return EnglishNumberPrefix(s.substr(j)).second > 0;
}

// The part a whole number in words may have after it: " and a half", " and a quarter", " and
// three quarters" (a fraction below one), or " point five", " point one four" (digit words).
// Returns {0, 0} when none follows. Without it "one and a half times forty" was 1 + ½ × 40.
std::pair<long double, size_t> EnglishNumberTail(std::string_view s) {
  constexpr std::string_view kAnd = " and ";
  if (s.starts_with(kAnd)) {
    const auto [fraction, length] = EnglishFractionPrefix(s.substr(kAnd.size()));
    if (length > 0 && fraction < 1) return {fraction, kAnd.size() + length};
    return {0, 0};
  }
  constexpr std::string_view kPoint = " point ";
  if (!s.starts_with(kPoint)) return {0, 0};
  std::string decimals = "0.";
  size_t at = kPoint.size() - 1;  // at the space before each digit word
  while (at < s.size() && s[at] == ' ') {
    size_t end = at + 1;
    while (end < s.size() && IsAsciiAlpha(s[end])) ++end;
    const std::string_view word = s.substr(at + 1, end - at - 1);
    const auto* digit = std::find_if(std::begin(kEnglishNumbers), std::begin(kEnglishNumbers) + 10,
                                     [word](const auto& n) { return n.first == word; });
    if (digit == std::begin(kEnglishNumbers) + 10) break;
    decimals += static_cast<char>('0' + digit->second);
    at = end;
  }
  if (decimals.size() == 2) return {0, 0};
  return {std::strtold(decimals.c_str(), nullptr), at};
}

// English number words stand alone ("seven", not the "seven" in "sevenfold"); a fraction
// ("three quarters") first, a whole number's tail after it ("two and a quarter", "three point
// five"). Returns the bytes read (0: none here).
size_t ReadEnglishNumberWord(std::string_view s, size_t i, std::vector<Token>& out) {
  if (!IsAsciiAlpha(s[i]) || (i > 0 && IsAsciiAlpha(s[i - 1]))) return 0;
  if (const auto [fraction, length] = EnglishFractionPrefix(s.substr(i)); length > 0) {
    out.push_back({Tok::kNumber, fraction, i});
    return length;
  }
  const auto [whole, whole_length] = EnglishNumberPrefix(s.substr(i));
  if (whole_length == 0) return 0;
  const auto [part, part_length] = EnglishNumberTail(s.substr(i + whole_length));
  const size_t length = whole_length + part_length;
  if (i + length < s.size() && IsAsciiAlpha(s[i + length])) return 0;
  out.push_back({Tok::kNumber, whole + part, i});
  return length;
}

// A comma no number took separates steps: "先算3加5，再乘以2". Between two operands it
// separates the items of a list, and dropping it would read "5, -3" as 5 - 3.
size_t ReadComma(std::string_view s, size_t i, std::vector<Token>& out) {
  if (s[i] != ',') return 0;
  if (CommaSeparatesOperands(s, i, out)) out.push_back({Tok::kListComma, 0, i});
  return 1;
}

// The factor of a multiple's word ("triple" = 3); 0 for any other word.
long double MultipleFactor(std::string_view word) {
  static constexpr std::pair<std::string_view, int> kFactors[] = {
      {"double", 2}, {"twice", 2}, {"triple", 3}, {"thrice", 3}, {"quadruple", 4}};
  for (const auto& [w, factor] : kFactors) {
    if (w == word) return factor;
  }
  return 0;
}

// An operator or filler word (加, 乘以, "plus", "what is"); words come before numbers since
// 百分之 starts with the numeral 百. An English word stands alone.
size_t ReadWord(std::string_view s, size_t i, std::vector<Token>& out) {
  for (const auto& [word, kind] : kWords) {
    if (s.substr(i, word.size()) != word) continue;
    if (IsAsciiAlpha(word.front())) {
      const bool left_ok = i == 0 || !IsAsciiAlpha(s[i - 1]);
      const size_t end = i + word.size();
      const bool right_ok = end >= s.size() || !IsAsciiAlpha(s[end]);
      if (!left_ok || !right_ok) continue;
    }
    if (kind != Tok::kSkip) out.push_back({kind, MultipleFactor(word), i});
    return word.size();
  }
  return 0;
}

// Whether a scale letter stands right after digits at s[i] ("3.5k", "1.2m"): the letter ends
// a word.
bool ScaleLetterAt(std::string_view s, size_t i, char letter) {
  return i > 0 && i < s.size() && IsDigit(s[i - 1]) && s[i] == letter &&
         (i + 1 >= s.size() || !IsAsciiAlpha(s[i + 1]));
}

// Whether the request writes thousands as k ("3.5k + 1.2k") or money ($): then an m after
// digits is a million ("1.2m minus 300k", "$1.5m / 12"); alone it may be metres ("5m * 3m").
bool MIsMillion(std::string_view s) {
  if (s.find('$') != std::string_view::npos) return true;
  for (size_t i = 1; i < s.size(); ++i) {
    if (ScaleLetterAt(s, i, 'k')) return true;
  }
  return false;
}

// "3.5k" = 3500, and "1.2m" = 1200000 when `m_is_million`. Returns the bytes it spans, or 0.
size_t ScaleLetterAfterDigits(std::string_view s, size_t at, bool m_is_million,
                              long double& value) {
  if (ScaleLetterAt(s, at, 'k')) {
    value *= 1e3L;
    return 1;
  }
  if (m_is_million && ScaleLetterAt(s, at, 'm')) {
    value *= 1e6L;
    return 1;
  }
  return 0;
}

// A lone financial digit right after an operator is an operand (玖佰玖拾玖加壹); anywhere else
// it is a word (大陆, 队伍), see IsReadableNumeralRun.
std::optional<ParsedNumber> LoneFinancialOperand(std::string_view s,
                                                 const std::vector<Token>& out) {
  const std::string_view ch = CharAt(s, 0);
  if (out.empty() || !IsFinancialNumeralChar(ch) || ChineseDigit(ch) < 0) return std::nullopt;
  const Tok last = out.back().kind;
  if (last != Tok::kPlus && last != Tok::kMinus && last != Tok::kMul && last != Tok::kDiv) {
    return std::nullopt;
  }
  return ParsedNumber{static_cast<long double>(ChineseDigit(ch)), kCjkCharBytes};
}

// A number in digits or numerals, with a scale word or letter after it ("3 million", "3.5k")
// and an ordinal suffix ("the 10th power", "5th root").
size_t ReadNumber(std::string_view s, size_t i, bool m_is_million, std::vector<Token>& out) {
  auto num = ParseNumberPrefix(s.substr(i));
  if (!num) num = LoneFinancialOperand(s.substr(i), out);
  if (!num) return 0;
  out.push_back({Tok::kNumber, num->value, i});
  size_t end = i + num->length;
  end += ScaleWordAfterDigits(s.substr(end), out.back().value);
  end += ScaleLetterAfterDigits(s, end, m_is_million, out.back().value);
  for (std::string_view suffix : {"st", "nd", "rd", "th"}) {
    if (s.substr(end, 2) == suffix && (end + 2 >= s.size() || !IsAsciiAlpha(s[end + 2]))) end += 2;
  }
  return end - i;
}

// + - * x / ^ % ( ): one byte. 'x' is multiplication only between operands ("3 x 4"), never
// inside a word. 0 when s[i] is none of them.
size_t ReadSymbol(std::string_view s, size_t i, std::vector<Token>& out) {
  static constexpr std::pair<char, Tok> kSymbols[] = {
      {'+', Tok::kPlus},    {'-', Tok::kMinus},  {'*', Tok::kMul},
      {'x', Tok::kMul},     {'/', Tok::kDiv},    {'^', Tok::kPow},
      {'%', Tok::kPercent}, {'(', Tok::kLParen}, {')', Tok::kRParen}};
  const char c = s[i];
  const auto* symbol = std::find_if(std::begin(kSymbols), std::end(kSymbols),
                                    [c](const auto& sym) { return sym.first == c; });
  if (symbol == std::end(kSymbols)) return 0;
  if (c == 'x' &&
      ((i > 0 && IsAsciiAlpha(s[i - 1])) || (i + 1 < s.size() && IsAsciiAlpha(s[i + 1])))) {
    return 0;
  }
  out.push_back({symbol->second, 0, i});
  return 1;
}

// The tokens of `s`, each read by the first step that knows its shape; false (with `error`)
// at a byte none of them reads.
bool Tokenize(std::string_view s, std::vector<Token>& out, std::string& error) {
  const bool m_is_million = MIsMillion(s);
  size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    size_t read = c == ' ' || c == '\t' || c == '\n' || c == '\r' ? 1 : 0;
    if (read == 0) read = ReadEnglishNumberWord(s, i, out);
    if (read == 0) read = ReadComma(s, i, out);
    if (read == 0) read = SpokenYuanTenths(s.substr(i), out);  // "3块5": 3.5 yuan
    if (read == 0) read = SpokenJiao(s.substr(i), out);        // "五毛": 0.5 yuan
    if (read == 0) read = ReadWord(s, i, out);
    if (read == 0) read = ReadNumber(s, i, m_is_million, out);
    if (read == 0) read = ReadSymbol(s, i, out);
    if (read == 0) {
      error = "unexpected character at byte " + std::to_string(i);
      return false;
    }
    i += read;
  }
  out.push_back({Tok::kEnd, 0, s.size()});
  return true;
}

// ---------------------------------------------------------------- parser

class Parser {
 public:
  explicit Parser(const std::vector<Token>& tokens) : tokens_(tokens) {}

  ArithmeticResult Run() {
    long double v = Expr();
    if (result_.ok() && Peek().kind != Tok::kEnd) {
      Fail("unexpected " + std::string(TokName(Peek().kind)) + " at byte " +
           std::to_string(Peek().offset));
    }
    if (result_.ok()) {
      if (std::isnan(v)) {
        result_.error = ArithmeticError::kDomain;
      } else if (std::isinf(v) || fabsl(v) > std::numeric_limits<double>::max()) {
        // long double holds more than a double; the answer (and its JSON) carries a double.
        result_.error = ArithmeticError::kOverflow;
      }
    }
    result_.value = result_.ok() ? v : 0;
    return result_;
  }

 private:
  const Token& Peek(size_t ahead = 0) const {
    const size_t i = std::min(pos_ + ahead, tokens_.size() - 1);
    return tokens_[i];
  }
  void Advance() {
    if (pos_ + 1 < tokens_.size()) ++pos_;
  }
  bool Accept(Tok kind) {
    if (Peek().kind != kind) return false;
    Advance();
    return true;
  }
  void Fail(std::string detail) {
    if (!result_.ok()) return;
    result_.error = ArithmeticError::kSyntax;
    result_.detail = std::move(detail);
  }
  void Fail(ArithmeticError error) {
    if (result_.ok()) result_.error = error;
  }
  bool StartsOperand(Tok kind) const {
    return kind == Tok::kNumber || kind == Tok::kLParen || kind == Tok::kSqrt ||
           kind == Tok::kAddVerb || kind == Tok::kMultiplyVerb || kind == Tok::kDivideVerb ||
           kind == Tok::kSubtractVerb || kind == Tok::kIncrease || kind == Tok::kDecrease ||
           kind == Tok::kCbrt || kind == Tok::kPercentOf || kind == Tok::kReciprocal ||
           kind == Tok::kHalfOf || kind == Tok::kDouble || kind == Tok::kSumOf ||
           kind == Tok::kProductOf || kind == Tok::kDifferenceOf || kind == Tok::kQuotientOf ||
           kind == Tok::kAverageOf;
  }

  // RAII depth guard: recursion is bounded so that "((((..." cannot overflow the stack.
  struct Depth {
    explicit Depth(Parser& p) : parser(p) { ++parser.depth_; }
    ~Depth() { --parser.depth_; }
    bool too_deep() const { return parser.depth_ > kMaxNestingDepth; }
    Parser& parser;
  };

  // A bare percentage added to or taken from a number is a share of it, as calculators read
  // it: "200 + 10%" = 220, "200减去百分之二十" = 160 (it had been 199.8). Not when the left side
  // is itself a bare percentage ("50% + 50%" = 100%).
  // After 增加/减少 (raise/lower) a bare fraction is a share too ("300减少三分之一" = 200, not
  // 299.67), and N倍 is refused: "增加2倍" is read as ×2 and as ×3.
  long double Expr() {
    size_t start = pos_;
    long double v = Term();
    bool left_is_percent = BarePercent(start);
    while (result_.ok()) {
      const Tok op = Peek().kind;
      if (op == Tok::kMoreThan || op == Tok::kLessThan) {  // "10% more than 50": 50 and its 10%
        Advance();
        const long double base = Term();
        const long double amount = left_is_percent ? base * v : v;
        v = op == Tok::kMoreThan ? base + amount : base - amount;
        left_is_percent = false;
        continue;
      }
      const bool plus = op == Tok::kPlus || op == Tok::kRaise;
      const bool share_verb = op == Tok::kRaise || op == Tok::kLower;
      if (!plus && op != Tok::kMinus && op != Tok::kLower) break;
      Advance();
      start = pos_;
      long double t = Term();
      if (share_verb && Spans(start, Tok::kBei)) Fail("增加/减少 N倍 is ambiguous");
      if (!left_is_percent && (BarePercent(start) || (share_verb && BareFraction(start)))) t *= v;
      v = plus ? v + t : v - t;
      left_is_percent = false;
    }
    return v;
  }

  // Whether the tokens from `start` to here are one bare fraction: "三分之一".
  bool BareFraction(size_t start) const {
    return pos_ == start + 3 && start + 2 < tokens_.size() && tokens_[start].kind == Tok::kNumber &&
           tokens_[start + 1].kind == Tok::kFenZhi && tokens_[start + 2].kind == Tok::kNumber;
  }

  // Whether a token of `kind` lies between `start` and here.
  bool Spans(size_t start, Tok kind) const {
    for (size_t i = start; i < pos_ && i < tokens_.size(); ++i) {
      if (tokens_[i].kind == kind) return true;
    }
    return false;
  }

  // Whether the tokens from `start` to here are one bare percentage: "10%" or "百分之十".
  // N成 and N成M are percentages too ("200加三成" = 260, "50下跌了两成" = 40; until session 13
  // they gave 200.3 and 49.8).
  bool BarePercent(size_t start) const {
    if (pos_ < start + 2 || pos_ > start + 3 || pos_ > tokens_.size()) return false;
    const Tok a = tokens_[start].kind;
    const Tok b = tokens_[start + 1].kind;
    if (a == Tok::kNumber && b == Tok::kCheng) {
      return pos_ == start + 2 || tokens_[start + 2].kind == Tok::kNumber;
    }
    if (pos_ != start + 2) return false;
    return (a == Tok::kNumber && b == Tok::kPercent) || (a == Tok::kPercentOf && b == Tok::kNumber);
  }

  long double Term() {
    long double v = Unary();
    while (result_.ok()) {
      const Tok k = Peek().kind;
      if (k == Tok::kOf && OfAfterACount()) {
        Fail("'of' after a whole number at byte " + std::to_string(Peek().offset));
        break;
      }
      if (k == Tok::kMul || k == Tok::kOf) {
        Advance();
        v *= Unary();
      } else if (k == Tok::kOff) {  // "15% off 80": 80 less 15%
        Advance();
        v = Unary() * (1 - v);
      } else if (k == Tok::kDiv || k == Tok::kMod || k == Tok::kPercent) {
        Advance();
        const long double d = Unary();
        if (!result_.ok()) break;
        if (d == 0) {
          Fail(ArithmeticError::kDivisionByZero);
          break;
        }
        v = k == Tok::kDiv ? v / d : std::fmod(v, d);
      } else {
        break;
      }
    }
    return v;
  }

  // "of" takes a share of what follows: "20% of 350", "3/4 of 200", "two thirds of 90". After
  // a bare whole number it is no product: "3 of 4" may be three out of four, not 12.
  bool OfAfterACount() const {
    if (pos_ == 0) return false;
    const Token& before = tokens_[pos_ - 1];
    if (before.kind != Tok::kNumber || before.value < 1 ||
        std::floor(before.value) != before.value) {
      return false;
    }
    const Tok earlier = pos_ >= 2 ? tokens_[pos_ - 2].kind : Tok::kEnd;
    return earlier != Tok::kDiv && earlier != Tok::kFenZhi && earlier != Tok::kPow;
  }

  long double Unary() {
    Depth depth(*this);
    if (depth.too_deep()) {
      Fail("expression nested too deeply");
      return 0;
    }
    if (Accept(Tok::kMinus)) return -Unary();
    if (Accept(Tok::kPlus)) return Unary();
    return Power();
  }

  long double Power() {
    const long double base = Postfix();
    if (result_.ok() && Accept(Tok::kPow)) {
      const long double exponent = Unary();
      Accept(Tok::kPowerWord);  // "2 to the 10th power"
      if (!result_.ok()) return 0;
      if (base == 0 && exponent < 0) {
        Fail(ArithmeticError::kDivisionByZero);
        return 0;
      }
      return std::pow(base, exponent);
    }
    return base;
  }

  long double Postfix() {
    const size_t start = pos_;
    long double v = Primary();
    while (result_.ok()) {
      const Tok k = Peek().kind;
      if (k == Tok::kPercent && !StartsOperand(Peek(1).kind)) {
        Advance();
        v /= kPercent;
      } else if (k == Tok::kSquare) {
        Advance();
        v = v * v;
      } else if (k == Tok::kCube) {
        Advance();
        v = v * v * v;
      } else if (k == Tok::kFenZhi) {  // "五分之一": B over A
        Advance();
        v = Divide(Primary(), v);
      } else if (k == Tok::kYou) {  // "一又二分之一": a whole number and a fraction
        Advance();
        const long double denominator = Primary();
        if (result_.ok() && !Accept(Tok::kFenZhi)) Fail("'又' must be followed by N分之M");
        v += Divide(Primary(), denominator);
      } else if (k == Tok::kCheng) {  // "三成"
        Advance();
        v = Tenths(v);
      } else if (k == Tok::kDe) {
        const bool fraction = BareFraction(start);
        Advance();
        v = AfterDe(v, fraction);
      } else if (k == Tok::kWith) {
        Advance();
        v = PairResult(v);
      } else if ((k == Tok::kSqrt || k == Tok::kCbrt) && !StartsOperand(Peek(1).kind)) {
        Advance();  // "16开平方", "27开立方"
        v = k == Tok::kSqrt ? Sqrt(v) : std::cbrt(v);
      } else if (k == Tok::kFactorial) {  // "8 factorial", "10的阶乘"
        Advance();
        v = Factorial(v);
      } else if (k == Tok::kOpen) {  // "8开三次方"
        Advance();
        const long double n = Primary();
        if (result_.ok() && !Accept(Tok::kPowerSuffix)) Fail("'开' must be followed by N次方");
        v = Root(v, n);
      } else if (k == Tok::kDa) {  // "200打八折"
        Advance();
        const long double n = Primary();
        if (result_.ok() && !Accept(Tok::kZhe)) Fail("'打' must be followed by N折");
        v *= Discount(n);
      } else {
        break;
      }
    }
    return v;
  }

  // "A的平方" / "A的立方" / "A的平方根" / "A的B次方" / "A的百分之B" / "A的B%"; after a bare
  // fraction (`fraction`), that share of a number: "三分之二的900" = 600.
  long double AfterDe(long double a, bool fraction) {
    const Tok k = Peek().kind;
    if (Accept(Tok::kSquare)) return a * a;
    if (Accept(Tok::kCube)) return a * a * a;
    if (Accept(Tok::kSqrt)) return Sqrt(a);
    if (Accept(Tok::kCbrt)) return std::cbrt(a);
    if (Accept(Tok::kReciprocal)) return Divide(1, a);
    if (Accept(Tok::kFactorial)) return Factorial(a);  // "10的阶乘"
    if (Accept(Tok::kHalf)) return a / 2;              // "300的一半"
    const bool negative = Accept(Tok::kMinus);         // "2的-1次方"
    long double b = Primary();
    if (negative) b = -b;
    if (!result_.ok()) return 0;
    if (Accept(Tok::kPowerSuffix)) return std::pow(a, b);
    if (Accept(Tok::kRootSuffix)) return Root(a, b);            // "81的四次方根"
    if (Accept(Tok::kZhe)) return a * Discount(b);              // "100的8折"
    if (Accept(Tok::kCheng)) return a * Tenths(b);              // "200的三成"
    if (Accept(Tok::kBei)) return a * b;                        // "45的两倍"
    if (Accept(Tok::kFenZhi)) return a * Divide(Primary(), b);  // "300的三分之一"

    if (Accept(Tok::kPercent)) return a * b / kPercent;
    if (k == Tok::kPercentOf) return a * b;  // Primary already divided by 100
    if (fraction) return a * b;
    Fail("'的' must be followed by 平方, 立方, 平方根, N次方 or a percentage");
    return 0;
  }

  // "12与32的积" / "45和53的差" / "3与4之和": the second operand, then 的/之 and the
  // operation's name. Only here is 和 a sum; elsewhere it joins the two operands.
  long double PairResult(long double a) {
    const bool negative = Accept(Tok::kMinus);
    long double b = Primary();
    if (negative) b = -b;
    if (!result_.ok()) return 0;
    if (!Accept(Tok::kDe)) {
      Fail("'与' must be followed by a number and 的和, 的差, 的积 or 的商");
      return 0;
    }
    if (Accept(Tok::kWith)) return a + b;
    if (Accept(Tok::kDifferenceWord)) return a - b;
    if (Accept(Tok::kProductWord)) return a * b;
    if (Accept(Tok::kQuotientWord)) return Divide(a, b);
    Fail("'与' must be followed by a number and 的和, 的差, 的积 or 的商");
    return 0;
  }

  // "the sum of 3 and 4", "the difference between 10 and 3", … Sums, products and averages
  // take a list: "the sum of 3, 7, 9, and 24", "the average of 5, -3 and 10".
  long double OfPair(Tok op) {
    std::vector<long double> items{Expr()};
    while (result_.ok() && Accept(Tok::kListComma)) items.push_back(Expr());
    if (!result_.ok()) return 0;
    if (!Accept(Tok::kAnd)) {
      Fail("expected 'and' at byte " + std::to_string(Peek().offset));
      return 0;
    }
    items.push_back(Expr());
    if (!result_.ok()) return 0;
    const bool list_op = op == Tok::kSumOf || op == Tok::kProductOf || op == Tok::kAverageOf;
    if (items.size() > 2 && !list_op) {
      Fail("a difference or a quotient takes two numbers");
      return 0;
    }
    long double sum = 0;
    long double product = 1;
    for (long double v : items) {
      sum += v;
      product *= v;
    }
    switch (op) {
      case Tok::kSumOf:
        return sum;
      case Tok::kProductOf:
        return product;
      case Tok::kAverageOf:
        return sum / static_cast<long double>(items.size());
      case Tok::kDifferenceOf:
        return items[0] - items[1];
      default:
        return Divide(items[0], items[1]);
    }
  }

  long double Divide(long double a, long double b) {
    if (b == 0) {
      Fail(ArithmeticError::kDivisionByZero);
      return 0;
    }
    return a / b;
  }

  long double Sqrt(long double v) {
    if (v < 0) {
      Fail(ArithmeticError::kDomain);
      return 0;
    }
    return std::sqrt(v);
  }

  // The n-th root, real for negatives when n is odd (the cube root of -8 is -2).
  long double Root(long double v, long double n) {
    if (n == 0 || (v < 0 && std::fmod(n, 2) != 1)) {
      Fail(ArithmeticError::kDomain);
      return 0;
    }
    if (n == 3) return std::cbrt(v);
    const long double r = std::pow(std::fabs(v), 1 / n);
    // pow(81, 1/4) is 3.0000000000000004: an integer root that is exact should print so.
    const long double rounded = std::round(r);
    const long double back = std::pow(rounded, n);
    const long double exact = std::fabs(back - std::fabs(v)) < 1e-9L ? rounded : r;
    return v < 0 ? -exact : exact;
  }

  // n! for whole n; 171! no longer fits a long double's printed range we keep.
  long double Factorial(long double n) {
    if (n < 0 || n != std::trunc(n) || n > kMaxFactorial) {
      Fail(n > kMaxFactorial ? ArithmeticError::kOverflow : ArithmeticError::kDomain);
      return 0;
    }
    long double f = 1;
    for (int i = 2; i <= static_cast<int>(n); ++i) f *= i;
    return f;
  }

  // N折 is N tenths of the price: 八折 = 80%, 7.5折 = 75%; two digits are hundredths
  // (八五折 = 85%).
  long double Discount(long double n) {
    if (n <= 0 || n >= 100) {
      Fail("a discount is 1 to 9.9 折");
      return 0;
    }
    return n < 10 ? n / 10 : n / kPercent;
  }

  // N成 is N tenths (三成 = 0.3, 十成 = 1); one digit right after it is hundredths, as
  // spoken (三成五 = 0.35).
  long double Tenths(long double n) {
    if (n <= 0 || n > 10) {
      Fail("N成 takes N from 1 to 10");
      return 0;
    }
    long double v = n / 10;
    const Token& next = Peek();
    if (next.kind == Tok::kNumber && n < 10 && n == std::floor(n) && next.value >= 1 &&
        next.value <= 9 && next.value == std::floor(next.value)) {
      v += next.value / kPercent;
      Advance();
    }
    return v;
  }

  // "add 5 and 7", "multiply 6 by 7", "divide 100 by 4", "subtract 3 from 10",
  // "increase 200 by 10%": the verb, an operand, a joining word, an operand.
  long double VerbPair(Tok verb) {
    const long double a = Expr();
    if (!result_.ok()) return 0;
    const Tok join = Peek().kind;
    const bool joined = (verb == Tok::kAddVerb && (join == Tok::kAnd || join == Tok::kTo)) ||
                        (verb == Tok::kMultiplyVerb && (join == Tok::kBy || join == Tok::kAnd)) ||
                        (verb == Tok::kDivideVerb && join == Tok::kBy) ||
                        (verb == Tok::kSubtractVerb && join == Tok::kFrom) ||
                        ((verb == Tok::kIncrease || verb == Tok::kDecrease) && join == Tok::kBy);
    if (!joined) {
      Fail("expected and, by, to or from at byte " + std::to_string(Peek().offset));
      return 0;
    }
    Advance();
    const long double b = Expr();
    if (!result_.ok()) return 0;
    const bool percent = pos_ > 0 && tokens_[pos_ - 1].kind == Tok::kPercent;
    switch (verb) {
      case Tok::kAddVerb:
        return a + b;
      case Tok::kMultiplyVerb:
        return a * b;
      case Tok::kDivideVerb:
        return Divide(a, b);
      case Tok::kSubtractVerb:
        return b - a;
      case Tok::kIncrease:
        return percent ? a * (1 + b) : a + b;
      default:
        return percent ? a * (1 - b) : a - b;
    }
  }

  long double Primary() {
    Depth depth(*this);
    if (depth.too_deep()) {
      Fail("expression nested too deeply");
      return 0;
    }
    const Token& t = Peek();
    switch (t.kind) {
      case Tok::kNumber: {
        const long double v = t.value;
        Advance();
        if (Accept(Tok::kRootOf)) return Root(Unary(), v);  // "the fourth root of 81"
        // "2 10次方" is not a form people use; "2的10次方" is handled by AfterDe.
        return v;
      }
      case Tok::kLParen: {
        Advance();
        const long double v = Expr();
        if (result_.ok() && !Accept(Tok::kRParen)) {
          Fail("missing ')' at byte " + std::to_string(Peek().offset));
        }
        return v;
      }
      case Tok::kSqrt:
        Advance();
        return Sqrt(Unary());
      case Tok::kCbrt:  // real for negatives too: the cube root of -8 is -2
        Advance();
        return std::cbrt(Unary());
      case Tok::kPercentOf:
        Advance();
        return Unary() / kPercent;
      case Tok::kReciprocal:
        Advance();
        return Divide(1, Unary());
      case Tok::kHalfOf:
        Advance();
        return Unary() / 2;
      case Tok::kDouble:
        Advance();
        return Unary() * t.value;
      case Tok::kSumOf:
      case Tok::kProductOf:
      case Tok::kDifferenceOf:
      case Tok::kQuotientOf:
      case Tok::kAverageOf:
        Advance();
        return OfPair(t.kind);
      case Tok::kAddVerb:
      case Tok::kMultiplyVerb:
      case Tok::kDivideVerb:
      case Tok::kSubtractVerb:
      case Tok::kIncrease:
      case Tok::kDecrease:
        Advance();
        return VerbPair(t.kind);
      default:
        Fail("expected a number but found " + std::string(TokName(t.kind)) + " at byte " +
             std::to_string(t.offset));
        return 0;
    }
  }

  const std::vector<Token>& tokens_;
  size_t pos_ = 0;
  int depth_ = 0;
  ArithmeticResult result_;
};

bool IsResultWord(Tok t) {
  return t == Tok::kWith || t == Tok::kDifferenceWord || t == Tok::kProductWord ||
         t == Tok::kQuotientWord;
}

// A chain written out in steps applies each step to the result so far: "3加5再乘以2" and
// "10减3的差乘以4" are (3+5)*2 and (10-3)*4, not 3+5*2. Each 再/然后/then, and each 的差/
// 的和/的积/的商 that closes no "A与B" pair, becomes ')' with a matching '(' at the start.
std::vector<Token> GroupSteps(const std::vector<Token>& tokens) {
  std::vector<Token> body;
  size_t closes = 0;
  bool open_pair = false;  // an "A与B" waits for its 的积
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (t.kind == Tok::kWith && (i == 0 || tokens[i - 1].kind != Tok::kDe)) open_pair = true;
    if (t.kind == Tok::kThen && !body.empty()) {
      body.push_back({Tok::kRParen, 0, t.offset});
      ++closes;
      continue;
    }
    if (t.kind == Tok::kThen) continue;  // a leading 然后 adds nothing
    if (t.kind == Tok::kDe && i + 1 < tokens.size() && IsResultWord(tokens[i + 1].kind)) {
      if (open_pair) {
        open_pair = false;
      } else if (!body.empty()) {
        body.push_back({Tok::kRParen, 0, t.offset});
        ++closes;
        ++i;
        continue;
      }
    }
    body.push_back(t);
  }
  std::vector<Token> out(closes, Token{Tok::kLParen, 0, 0});
  out.insert(out.end(), body.begin(), body.end());
  return out;
}

// Characters after a number that make it a date or a time, not an amount: "1万2月" is no 12000.
bool StartsDateWord(std::string_view ch) {
  for (std::string_view w : {"年", "月", "日", "号", "时", "天", "周", "点"}) {
    if (ch == w) return true;
  }
  return false;
}

// What follows digits and their last unit (千, 万, 亿) in a spoken amount: one digit is one unit
// lower (2万5 = 25000, 3千5 = 3500, as 两万五), a smaller amount with its own unit is added (2万5千
// = 25000, 1万两千 = 12000). nullopt for anything else ("2万50" stays unread).
std::optional<ParsedNumber> SpokenTailAfterUnit(std::string_view rest, long double unit) {
  const auto tail = ParseNumberPrefix(rest);
  if (!tail || StartsDateWord(CharAt(rest, tail->length))) return std::nullopt;
  const bool one_digit = (tail->length == 1 && IsDigit(rest[0])) ||
                         (tail->length == kCjkCharBytes && ChineseDigit(rest.substr(0, 3)) > 0);
  if (one_digit) return ParsedNumber{tail->value * unit / 10, tail->length};
  const std::string_view run = rest.substr(0, tail->length);
  bool has_unit = false;
  for (std::string_view u : {"十", "百", "千", "万"})
    has_unit |= run.find(u) != std::string_view::npos;
  if (has_unit && tail->value < unit && run.find('.') == std::string_view::npos) return tail;
  return std::nullopt;
}

// The bytes of a decimal exponent right after digits ("e6" of 1.2e6, "e-3" of 5e-3), or 0. It
// must end the word ("2e5x" is no number) and has at most three digits.
size_t ExponentLength(std::string_view s) {
  if (s.empty() || s[0] != 'e') return 0;
  size_t i = 1;
  if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
  const size_t first_digit = i;
  while (i < s.size() && IsDigit(s[i])) ++i;
  const size_t digits = i - first_digit;
  if (digits == 0 || digits > 3 || (i < s.size() && IsAsciiAlpha(s[i]))) return 0;
  return i;
}

// Multipliers after Arabic digits (1.2万, 3亿, 5千) and, after a whole number's, the spoken rest
// (2万5, 3千5百): applied to `value`; returns the bytes they span.
size_t UnitsAfterDigits(std::string_view s, bool whole, long double& value) {
  size_t i = 0;
  long double last_unit = 0;
  // Only the ordinary units: a cheque writes no Arabic digits (5拾 is no 50).
  for (long double unit;
       !IsFinancialNumeralChar(CharAt(s, i)) && (unit = ChineseUnit(CharAt(s, i))) > 0;
       i += kCjkCharBytes) {
    value *= unit;
    last_unit = unit;
  }
  if (whole && last_unit >= 100) {
    if (const auto tail = SpokenTailAfterUnit(s.substr(i), last_unit)) {
      value += tail->value;
      i += tail->length;
    }
  }
  return i;
}

}  // namespace

std::optional<ParsedNumber> ParseNumberPrefix(std::string_view s) {
  size_t i = 0;
  long double value = 0;
  if (i < s.size() && (IsDigit(s[i]) || (s[i] == '.' && i + 1 < s.size() && IsDigit(s[i + 1])))) {
    std::string digits;
    size_t group = 0;  // digits since the last thousands separator
    bool saw_comma = false;
    while (i < s.size()) {
      if (IsDigit(s[i])) {
        digits += s[i++];
        ++group;
      } else if (s[i] == ',' && i + 1 < s.size() && IsDigit(s[i + 1]) && !digits.empty()) {
        // A thousands separator needs exactly three digits after it ("1,234"), and the
        // first group at most three.
        if ((saw_comma && group != 3) || (!saw_comma && group > 3)) return std::nullopt;
        size_t run = 0;
        while (i + 1 + run < s.size() && IsDigit(s[i + 1 + run])) ++run;
        if (run < 3) return std::nullopt;
        saw_comma = true;
        group = 0;
        ++i;
      } else {
        break;
      }
    }
    if (saw_comma && group != 3) return std::nullopt;
    if (i < s.size() && s[i] == '.' && i + 1 < s.size() && IsDigit(s[i + 1])) {
      digits += s[i++];
      while (i < s.size() && IsDigit(s[i])) digits += s[i++];
    }
    const size_t exponent = ExponentLength(s.substr(i));
    const bool whole = digits.find('.') == std::string::npos && exponent == 0;
    digits += s.substr(i, exponent);
    i += exponent;
    value = std::strtold(digits.c_str(), nullptr);
    i += UnitsAfterDigits(s.substr(i), whole, value);
    return ParsedNumber{value, i};
  }
  size_t end = 0;
  while (IsChineseNumeralChar(CharAt(s, end))) end += kCjkCharBytes;
  // A trailing 点 is not a decimal point ("三点" as in three o'clock).
  while (end > 0 && s.substr(end - kCjkCharBytes, kCjkCharBytes) == "点") end -= kCjkCharBytes;
  if (end == 0 || !IsReadableNumeralRun(s.substr(0, end))) return std::nullopt;
  const auto v = ChineseNumeralValue(s.substr(0, end));
  if (!v) return std::nullopt;
  return ParsedNumber{*v, end};
}

std::optional<long double> ParseWholeNumber(std::string_view s) {
  const auto n = ParseNumberPrefix(s);
  if (!n || n->length != s.size()) return std::nullopt;
  return n->value;
}

std::optional<ParsedNumber> ParseEnglishAmountPrefix(std::string_view s) {
  for (std::string_view half : {"half an", "half a"}) {
    if (s.starts_with(half) && (s.size() == half.size() || s[half.size()] == ' ')) {
      return ParsedNumber{0.5L, half.size()};
    }
  }
  // "a hundred", "a thousand": the article is one of the multiplier.
  const size_t article = s.starts_with("a ") ? 2 : 0;
  const auto [value, length] = EnglishNumberPrefix(s.substr(article), /*cardinals_only=*/true);
  if (length == 0 || (article > 0 && value < 100)) return std::nullopt;
  const size_t end = article + length;
  if (end < s.size() && IsAsciiAlpha(s[end])) return std::nullopt;
  return ParsedNumber{value, end};
}

size_t AndAHalfLength(std::string_view s) {
  for (std::string_view half : {" and a half", " and half"}) {
    if (s.starts_with(half) && (s.size() == half.size() || !IsAsciiAlpha(s[half.size()]))) {
      return half.size();
    }
  }
  return 0;
}

bool NumberCueAt(std::string_view s, size_t at, size_t& step) {
  step = 1;
  const auto byte = static_cast<unsigned char>(s[at]);
  if (IsDigit(s[at])) return true;
  // Every Chinese numeral is a 3-byte UTF-8 sequence, so only a lead byte 1110xxxx starts one.
  if ((byte & 0xF0) == 0xE0) {
    step = std::min(kCjkCharBytes, s.size() - at);
    return IsChineseNumeralChar(CharAt(s, at));
  }
  if (!IsAsciiAlpha(s[at])) return false;
  size_t end = at;
  while (end < s.size() && IsAsciiAlpha(s[end])) ++end;
  step = end - at;
  return IsEnglishNumberWord(s.substr(at, step));
}

bool MayHoldNumber(std::string_view s) {
  size_t step = 1;
  for (size_t i = 0; i < s.size(); i += step) {
    if (NumberCueAt(s, i, step)) return true;
  }
  return false;
}

ArithmeticResult EvaluateArithmetic(std::string_view expression) {
  std::vector<Token> tokens;
  std::string error;
  if (!Tokenize(expression, tokens, error)) {
    ArithmeticResult r;
    r.error = ArithmeticError::kSyntax;
    r.detail = std::move(error);
    return r;
  }
  return Parser(GroupSteps(tokens)).Run();
}

std::string FormatNumber(long double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
  if (value == 0) return "0";  // also folds -0
  char buf[64];
  if (std::fabs(value) < kExactIntegerLimit && value == std::trunc(value)) {
    std::snprintf(buf, sizeof(buf), "%.0Lf", value);
    return buf;
  }
  std::snprintf(buf, sizeof(buf), "%.*Lg", kSignificantDigits, value);
  std::string out = buf;
  if (out == "-0") out = "0";
  return out;
}

}  // namespace askdb::agent
