#include "askdb/agent/quick_path/household_question.h"

#include <re2/re2.h>

#include <algorithm>
#include <cmath>
#include <iterator>

#include "askdb/agent/quick_path/arithmetic.h"
#include "askdb/agent/quick_path/utf8_pattern.h"

namespace askdb::agent {
namespace {

// An amount in digits ("6,999", "3.5万", "12k") or English words ending in a scale ("twelve
// hundred") or one word ("twelve").
const std::string kNum =
    "([0-9]+(?:,[0-9]{3})*(?:\\.[0-9]+)?(?:万|千|k)?|(?:[a-z]+ )?(?:hundred|thousand)|[a-z]+)";
// A count of months or periods, in digits or Chinese numerals.
const std::string kCount = "([0-9]+|[一两二三四五六七八九十]+)";
const std::string kEnd = "\\s*(?:please)?\\s*[?.!？。！]*";

// The value of an amount kNum or kCount captured, or nullopt ("twelve hundred" 1200, "3.5万").
std::optional<long double> Amount(const std::string& text) {
  std::string digits = text;
  long double scale = 1;
  if (!digits.empty() && digits.back() == 'k') {
    digits.pop_back();
    scale = 1000;
  }
  if (const auto n = ParseWholeNumber(digits)) return *n * scale;
  const auto words = ParseEnglishAmountPrefix(text);
  if (words && words->length == text.size()) return words->value;
  return std::nullopt;
}

// "a*b*c" or "a/b" of amounts read whole, or nullopt when one is no amount or a divisor is 0.
std::optional<std::string> Product(const std::string& a, const std::string& b,
                                   const std::string& c) {
  const auto x = Amount(a), y = Amount(b), z = Amount(c);
  if (!x || !y || !z) return std::nullopt;
  return FormatNumber(*x) + "*" + FormatNumber(*y) + "*" + FormatNumber(*z);
}
std::optional<std::string> Quotient(const std::string& a, const std::string& b) {
  const auto x = Amount(a), y = Amount(b);
  if (!x || !y || *y <= 0) return std::nullopt;
  return FormatNumber(*x) + "/" + FormatNumber(*y);
}

// "paid $20/hour, overtime is 1.5x, how much for 6 overtime hours", "time and a half";
// 时薪30元，加班按1.5倍，加班8小时多少钱. The hours must be said to be overtime: "how much for 46
// hours" is a week's hours, of which some (40?) are at the normal rate: not read.
std::optional<std::string> OvertimePay(std::string_view s) {
  static const Utf8Pattern en(
      "^(?:i(?:'m| am)? )?(?:(?:get |am )?paid |make |earn )?\\$?\\s*" + kNum +
      "\\s*(?:/\\s*|an? |per )(?:hour|hr|h)\\s*,?\\s*(?:and )?overtime (?:is |pays |at |is paid at "
      ")?"
      "(?:([0-9]+(?:\\.[0-9]+)?)\\s*(?:x|times)(?: the rate| pay)?|(time and a half)|(double time))"
      "\\s*,?\\s*how much (?:for|do i (?:get|make|earn) for|is) " +
      kNum + "\\s*(?:overtime hours?|hours? of overtime|hours? overtime)" + kEnd + "$");
  static const Utf8Pattern zh(
      "^(?:我的?)?时薪(?:是|为)?([0-9]+(?:\\.[0-9]+)?)\\s*(?:元|块)?\\s*[,，]\\s*加班(?:费|工资)?"
      "(?:按|是|为|算)?([0-9]+(?:\\.[0-9]+)?)倍(?:计算|算|工资)?\\s*[,，]\\s*(?:我)?加班了?" +
      kCount +
      "个?小时\\s*[,，]?\\s*(?:加班费|能拿|可以拿|一共|总共)?(?:是|有)?(?:多少钱?|几块钱?)" + kEnd +
      "$");
  std::string rate, times, half, twice, hours;
  if (en.FullMatch(s, &rate, &times, &half, &twice, &hours)) {
    if (!half.empty()) times = "1.5";
    if (!twice.empty()) times = "2";
    return Product(rate, times, hours);
  }
  if (zh.FullMatch(s, &rate, &times, &hours)) return Product(rate, times, hours);
  return std::nullopt;
}

// "phone is 6999, 12 months no interest, monthly payment"; 手机5999分24期免息，每期多少.
std::optional<std::string> Instalment(std::string_view s) {
  static const Utf8Pattern en(
      "^(?:[a-z' ]{0,30}?(?:is|costs?|for|of)\\s+)?\\$?\\s*" + kNum +
      "\\s*(?:dollars)?\\s*,?\\s*(?:over|for|in|paid over|split (?:into|over))?\\s*" + kCount +
      "\\s*(?:months?|monthly (?:payments|installments|instalments))\\s*,?\\s*(?:with\\s+)?"
      "(?:no interest|interest[- ]free|0% interest|0% apr|zero interest)\\s*,?\\s*"
      "(?:(?:what(?:'s| is)|how much is) (?:the|my|each) )?(?:monthly payment|payment per month|"
      "how much (?:per|a|each) month|per month|a month)" +
      kEnd + "$");
  static const Utf8Pattern zh(
      "^\\p{Han}{0,6}?([0-9]+(?:\\.[0-9]+)?)\\s*(?:元|块)?\\s*[,，]?\\s*"
      "分(?:成)?" +
      kCount +
      "期\\s*(?:免息|0利息|零利息|无息)\\s*[,，]?\\s*(?:每期|每个月|每月)"
      "(?:要|需要|得)?(?:还|付|交)?(?:多少钱?|几块钱?)" +
      kEnd + "$");
  std::string amount, months;
  if (en.FullMatch(s, &amount, &months) || zh.FullMatch(s, &amount, &months)) {
    return Quotient(amount, months);
  }
  return std::nullopt;
}

// "need 12000 for a trip in 8 months, how much to save per month"; "saving 1200 a month, how
// long to get to 9000"; 每月存2000，多少个月能攒够3万 (months, rounded up by the caller: savings
// go in once a month, 9000 at 1200 a month takes 8).
std::optional<HouseholdQuestion> SavingForAGoal(std::string_view s) {
  static const Utf8Pattern per_month(
      "^(?:i |we )?need \\$?\\s*" + kNum + "(?: dollars)? (?:for [a-z' ]{1,30}? )?in " + kCount +
      " months\\s*,?\\s*how much (?:to|should i|do i need to|must i|should we|do we need to) "
      "(?:save|put (?:aside|away)) (?:per|a|each) month" +
      kEnd + "$");
  static const Utf8Pattern months_en(
      "^(?:i'm |i am |we're |we are )?(?:saving|putting (?:aside|away)) \\$?\\s*" + kNum +
      " (?:a|per|each) month\\s*,?\\s*how (?:long|many months)(?: will it take| does it take)?"
      "(?: me| us)? to (?:get to|reach|save|hit|have) \\$?\\s*" +
      kNum + kEnd + "$");
  static const Utf8Pattern months_zh(
      "^每个?月(?:存|攒|存下|攒下)([0-9]+(?:\\.[0-9]+)?(?:万|千)?)\\s*(?:元|块)?\\s*[,，]\\s*"
      "(?:要)?(?:多少|几)个月(?:能|可以|才能)?(?:攒够|存够|攒到|存到)([0-9]+(?:\\.[0-9]+)?(?:万|千)"
      "?)\\s*(?:元|块)?" +
      kEnd + "$");
  std::string goal, step;
  std::optional<std::string> e;
  if (per_month.FullMatch(s, &goal, &step) && (e = Quotient(goal, step))) {
    return HouseholdQuestion{*e, HouseholdResult::kMoney};
  }
  if ((months_en.FullMatch(s, &step, &goal) || months_zh.FullMatch(s, &step, &goal)) &&
      (e = Quotient(goal, step))) {
    return HouseholdQuestion{*e, HouseholdResult::kWholeMonths};
  }
  return std::nullopt;
}

}  // namespace

std::optional<HouseholdQuestion> ParseHouseholdQuestion(std::string_view normalized) {
  // Every shape names overtime, interest or saving; most requests name none.
  constexpr std::string_view kCues[] = {"overtime", "加班", "interest", "免息", "无息",
                                        "利息",     "save", "saving",   "存",   "攒"};
  if (normalized.size() > 200 || std::none_of(std::begin(kCues), std::end(kCues), [&](auto w) {
        return normalized.find(w) != std::string_view::npos;
      })) {
    return std::nullopt;
  }
  if (auto e = OvertimePay(normalized)) return HouseholdQuestion{*e, HouseholdResult::kMoney};
  if (auto e = Instalment(normalized)) return HouseholdQuestion{*e, HouseholdResult::kMoney};
  return SavingForAGoal(normalized);
}

std::optional<std::string> HouseholdExpression(std::string_view normalized) {
  if (auto q = ParseHouseholdQuestion(normalized)) return q->expression;
  return std::nullopt;
}

long double HouseholdValue(HouseholdResult result, long double exact) {
  if (result == HouseholdResult::kWholeMonths) return std::ceil(exact - 1e-9L);
  return std::round(exact * 100) / 100;
}

}  // namespace askdb::agent
