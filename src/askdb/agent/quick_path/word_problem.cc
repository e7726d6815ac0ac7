#include "askdb/agent/quick_path/word_problem.h"

#include <re2/re2.h>

#include <algorithm>
#include <iterator>

#include "askdb/agent/quick_path/arithmetic.h"
#include "askdb/agent/quick_path/utf8_pattern.h"

namespace askdb::agent {
namespace {

// A number in digits, thousands grouped by commas ("3,125"), or in Chinese numerals ("3万", 一).
const std::string kNum = "([0-9]+(?:,[0-9]{3})*(?:\\.[0-9]+)?(?:万|千|k)?)";
const std::string kZhNum = "([0-9]+(?:\\.[0-9]+)?(?:万|千)?|[一两二三四五六七八九十半]+)";
const std::string kEnd = "\\s*(?:please)?\\s*[?.!？。！]*";

// The whole text read as one number, or nullopt ("3,125", "3万", "一").
std::optional<long double> Whole(const std::string& text) {
  const auto n = ParseNumberPrefix(text);
  if (!n || n->length != text.size()) return std::nullopt;
  return n->value;
}

// "a/b*c" for three whole readings, the count first: the price of `count` is `price`, asked
// for `asked` of them. nullopt when one does not read or the count is zero.
std::optional<std::string> Scaled(const std::string& count, const std::string& price,
                                  const std::string& asked) {
  const auto c = Whole(count), p = Whole(price), a = Whole(asked);
  if (!c || !p || !a || *c <= 0) return std::nullopt;
  return FormatNumber(*p) + "/" + FormatNumber(*c) + "*" + FormatNumber(*a);
}

// "pens are 3 for $2, how much for 12", "if 5 notebooks cost 35 yuan, how much do 8 cost", and
// the recipes in English: the same item (or none) on both sides.
std::optional<std::string> EnglishProportion(std::string_view s) {
  static const std::string kMoney =
      "(?:\\$\\s*" + kNum + "|" + kNum + "\\s*(?:dollars|bucks|yuan|euros|rmb|usd))";
  static const Utf8Pattern for_price("^(?:[a-z]+\\s+){0,3}?" + kNum + "\\s+(?:for|at)\\s+" +
                                     kMoney +
                                     "\\s*[,;.]\\s*(?:so\\s+)?how much (?:for|are|is|would|will|"
                                     "do|does)?\\s*(?:be\\s+)?" +
                                     kNum + "(?:\\s+[a-z]+)?(?:\\s+(?:cost|be))?" + kEnd + "$");
  static const Utf8Pattern cost("^(?:if\\s+)?" + kNum + "\\s+([a-z]+)\\s+(?:cost|costs)\\s+" +
                                kMoney + "\\s*[,;]\\s*(?:then\\s+)?how much (?:do|would|will)\\s+" +
                                kNum + "(?:\\s+([a-z]+))?\\s+cost" + kEnd + "$");
  static const std::string kServes = "\\s+(people|persons|servings|portions)";
  static const Utf8Pattern recipe(
      "^(?:a|the|my)?\\s*recipe\\s+(?:for|that serves|serving)\\s+" + kNum + kServes +
      "\\s+(?:needs|uses|takes|calls for|requires)\\s+" + kNum +
      "\\s*(?:g|grams|kg|ml|cups?|tablespoons?|teaspoons?|oz|ounces|eggs)(?:\\s+of\\s+[a-z]+)?"
      "\\s*[,;]\\s*how much (?:[a-z]+\\s+){0,4}?for\\s+" +
      kNum + kServes + kEnd + "$");
  std::string count, item, price_a, price_b, asked, asked_item, serves, asked_serves;
  if (for_price.FullMatch(s, &count, &price_a, &price_b, &asked)) {
    return Scaled(count, price_a.empty() ? price_b : price_a, asked);
  }
  if (cost.FullMatch(s, &count, &item, &price_a, &price_b, &asked, &asked_item) &&
      (asked_item.empty() || asked_item == item)) {
    return Scaled(count, price_a.empty() ? price_b : price_a, asked);
  }
  if (recipe.FullMatch(s, &count, &serves, &price_a, &asked, &asked_serves) &&
      serves == asked_serves) {
    return Scaled(count, price_a, asked);
  }
  return std::nullopt;
}

// 3个苹果5元，15个苹果多少钱 / 5本练习本35元，买8本要多少钱 / 食谱4人份用200克面粉，6人份要多少克:
// the same measure word (and item, when named again) on both sides.
std::optional<std::string> ChineseProportion(std::string_view s) {
  static const std::string kMeasure =
      "(个|本|支|枝|斤|瓶|件|盒|袋|包|张|只|双|套|台|杯|箱|块|条|公斤|千克)";
  static const Utf8Pattern price(
      "^(?:如果)?" + kNum + "\\s*" + kMeasure + "(\\p{Han}{0,4}?)(?:要|卖|共|一共|是)?\\s*" + kNum +
      "\\s*(?:元|块钱|块)\\s*[,，]\\s*(?:那么)?(?:买)?\\s*" + kNum + "\\s*" + kMeasure +
      "(\\p{Han}{0,4}?)(?:要|需要|共|一共|得)?(?:多少钱|几元|多少元|"
      "几块钱)" +
      kEnd + "$");
  static const std::string kAmountUnit = "(克|千克|公斤|毫升|升|勺|杯|个)";
  static const Utf8Pattern recipe("^(?:\\p{Han}{0,4}?)" + kNum + "\\s*人份(?:用|需要|要|放)\\s*" +
                                  kNum + "\\s*" + kAmountUnit + "\\p{Han}{0,4}\\s*[,，]\\s*" +
                                  kNum + "\\s*人份(?:要|需要|用|放)?(?:多少|几)" + kAmountUnit +
                                  "(?:\\p{Han}{0,4}?)" + kEnd + "$");
  std::string count, measure, item, amount, asked, asked_measure, asked_item;
  if (price.FullMatch(s, &count, &measure, &item, &amount, &asked, &asked_measure, &asked_item) &&
      measure == asked_measure && (asked_item.empty() || asked_item == item)) {
    return Scaled(count, amount, asked);
  }
  std::string unit, asked_unit;
  if (recipe.FullMatch(s, &count, &amount, &unit, &asked, &asked_unit) && unit == asked_unit) {
    return Scaled(count, amount, asked);
  }
  return std::nullopt;
}

// "amount/months" for an amount spread over a period in months or years.
std::optional<std::string> PerMonth(const std::string& amount, const std::string& periods,
                                    std::string_view unit) {
  const auto a = Whole(amount);
  auto n = periods == "a" || periods == "one" ? std::optional<long double>(1) : Whole(periods);
  if (!a || !n || *n <= 0 || *n != static_cast<long long>(*n)) return std::nullopt;
  const bool years = unit.rfind("year", 0) == 0 || unit == "年";
  return FormatNumber(*a) + "/" + FormatNumber(years ? *n * 12 : *n);
}

// "i want to save $6,000 in 8 months, how much per month", "a budget of 54,000 over 12 months,
// how much per month", 我想一年存下3万，每个月要存多少.
std::optional<std::string> AmountPerMonth(std::string_view s) {
  static const std::string kPeriod = "\\s+([0-9]+|a|one)\\s+(months?|years?)";
  static const std::string kAsk =
      "\\s*[,;]\\s*(?:so\\s+)?how much (?:should i save |do i (?:need to )?save |is that |can we "
      "spend |to spend |do we have )?(?:per|a|each|every) month" +
      kEnd + "$";
  static const Utf8Pattern save(
      "^(?:i\\s+)?(?:want|need|plan|would like|'d like)\\s+to\\s+save\\s+"
      "\\$?\\s*" +
      kNum + "(?:\\s*dollars)?\\s+(?:in|over|within)" + kPeriod + kAsk);
  static const Utf8Pattern budget("^(?:a|the|our|my)?\\s*budget\\s+(?:of|is)\\s+\\$?\\s*" + kNum +
                                  "(?:\\s*dollars)?\\s+(?:over|for)" + kPeriod + kAsk);
  static const Utf8Pattern zh_save("^(?:我)?(?:想|要|打算|计划)?(?:在)?" + kZhNum +
                                   "\\s*个?(年|月)(?:内|里|之内)?(?:存下|存够|攒下|攒够|存|攒)" +
                                   kZhNum +
                                   "\\s*(?:元|块)?\\s*[,，]\\s*(?:那么|平均)?每个?月(?:要|需要|得|"
                                   "应该)?(?:存|攒)(?:多少|几)钱?" +
                                   kEnd + "$");
  std::string amount, periods, unit;
  if (save.FullMatch(s, &amount, &periods, &unit) ||
      budget.FullMatch(s, &amount, &periods, &unit)) {
    return PerMonth(amount, periods, unit);
  }
  if (zh_save.FullMatch(s, &periods, &unit, &amount)) return PerMonth(amount, periods, unit);
  return std::nullopt;
}

// The minutes from one clock time to a later one the same day, as an expression in hours or
// minutes; nullopt when the end is not later (a span overnight is not read).
std::optional<std::string> ClockSpan(const std::string& h1, const std::string& m1,
                                     const std::string& h2, const std::string& m2,
                                     std::string_view unit) {
  const int start = std::stoi(h1) * 60 + std::stoi(m1);
  const int end = std::stoi(h2) * 60 + std::stoi(m2);
  if (end <= start) return std::nullopt;
  const std::string span = "(" + h2 + "*60+" + m2 + ")-(" + h1 + "*60+" + m1 + ")";
  const bool hours = unit.rfind("hour", 0) == 0 || unit == "小时";
  return hours ? "(" + span + ")/60" : span;
}

// "how many hours between 09:30 and 17:45", "a meeting from 14:00 to 15:30 is how many
// minutes", 从9:30到17:45一共多少小时.
std::optional<std::string> HoursBetween(std::string_view s) {
  static const std::string kClock = "([01]?[0-9]|2[0-3]):([0-5][0-9])";
  static const Utf8Pattern asked_first(
      "^how many (hours|minutes) (?:are there |is it )?(?:between|from)\\s+" + kClock +
      "\\s+(?:and|to|till|until)\\s+" + kClock + kEnd + "$");
  static const Utf8Pattern asked_last(
      "^(?:(?:a|the|my|our)\\s+)?(?:meeting|shift|class|call|session|lesson|workday)?\\s*from\\s+" +
      kClock + "\\s+(?:to|till|until)\\s+" + kClock +
      "\\s*(?:is|,)?\\s*how many (hours|minutes)(?: is that)?" + kEnd + "$");
  static const Utf8Pattern zh("^从?\\s*" + kClock + "\\s*(?:到|至)\\s*" + kClock +
                              "\\s*(?:一共|总共|共)?(?:是|有)?(?:多少|几)个?(小时|分钟)" + kEnd +
                              "$");
  std::string unit, h1, m1, h2, m2;
  if (asked_first.FullMatch(s, &unit, &h1, &m1, &h2, &m2) ||
      asked_last.FullMatch(s, &h1, &m1, &h2, &m2, &unit) ||
      zh.FullMatch(s, &h1, &m1, &h2, &m2, &unit)) {
    return ClockSpan(h1, m1, h2, m2, unit);
  }
  return std::nullopt;
}

// 78、85、92、88的平均数是多少 → "(78+85+92+88)/4": a list in digits, 、 or commas between.
std::optional<std::string> ChineseListAverage(std::string_view s) {
  static const Utf8Pattern pattern(
      "^(?:求)?([0-9.]+(?:\\s*[、,，]\\s*[0-9.]+)+)\\s*(?:这\\p{Han}{1,3}数)?的(?:平均数|平均值|"
      "平均分|平均)(?:是|为|等于)?(?:多少|几)?" +
      kEnd + "$");
  static const Utf8Pattern separator("\\s*[、,，]\\s*");
  std::string list;
  if (!pattern.FullMatch(s, &list)) return std::nullopt;
  RE2::GlobalReplace(&list, separator.re, "+");
  const ArithmeticResult sum = EvaluateArithmetic(list);
  if (!sum.ok()) return std::nullopt;
  const size_t count = static_cast<size_t>(std::count(list.begin(), list.end(), '+')) + 1;
  return "(" + list + ")/" + std::to_string(count);
}

// Two scores and their weights: "weighted average of 80 with weight 0.3 and 90 with weight 0.7"
// → "(80*0.3+90*0.7)/(0.3+0.7)"; 平时成绩80分占40%，期末成绩90分占60%，总评多少分 →
// "80*40%+90*60%", only when the shares make 100%.
std::optional<std::string> WeightedAverage(std::string_view s) {
  static const std::string kWeight = "\\s+with (?:a )?weight(?: of)?\\s+" + kNum;
  static const Utf8Pattern en("^(?:what(?:'s| is) )?(?:the )?weighted (?:average|mean) of " + kNum +
                              kWeight + "\\s*,?\\s*and " + kNum + kWeight + kEnd + "$");
  static const std::string kShare = "\\p{Han}{0,6}?" + kNum + "分?占\\s*" + kNum + "\\s*%";
  static const Utf8Pattern zh("^" + kShare + "\\s*[,，]\\s*" + kShare +
                              "\\s*[,，]\\s*(?:总评|总成绩|综合成绩|最终成绩|总分|加权平均分?)(?:"
                              "成绩)?(?:是|为|有)?(?:多少|几)分?" +
                              kEnd + "$");
  std::string x1, w1, x2, w2;
  if (en.FullMatch(s, &x1, &w1, &x2, &w2)) {
    return "(" + x1 + "*" + w1 + "+" + x2 + "*" + w2 + ")/(" + w1 + "+" + w2 + ")";
  }
  if (zh.FullMatch(s, &x1, &w1, &x2, &w2)) {
    const auto a = Whole(w1), b = Whole(w2);
    if (!a || !b || *a + *b != 100) return std::nullopt;
    return x1 + "*" + w1 + "%+" + x2 + "*" + w2 + "%";
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> WordProblemExpression(std::string_view normalized) {
  // Every shape asks with how much / how many, 多少 / 几 or an average, and none is long.
  constexpr std::string_view kAsks[] = {"how m", "多少", "几", "平均", "average"};
  if (normalized.size() > 200 || std::none_of(std::begin(kAsks), std::end(kAsks), [&](auto w) {
        return normalized.find(w) != std::string_view::npos;
      })) {
    return std::nullopt;
  }
  if (auto e = EnglishProportion(normalized)) return e;
  if (auto e = ChineseProportion(normalized)) return e;
  if (auto e = AmountPerMonth(normalized)) return e;
  if (auto e = ChineseListAverage(normalized)) return e;
  if (auto e = WeightedAverage(normalized)) return e;
  return HoursBetween(normalized);
}

}  // namespace askdb::agent
