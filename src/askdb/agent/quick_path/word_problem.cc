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

// "a/b*c" for three whole readings, the count first: the price of `count` is `price`, asked
// for `asked` of them. nullopt when one does not read or the count is zero.
std::optional<std::string> Scaled(const std::string& count, const std::string& price,
                                  const std::string& asked) {
  const auto c = ParseWholeNumber(count), p = ParseWholeNumber(price), a = ParseWholeNumber(asked);
  if (!c || !p || !a || *c <= 0) return std::nullopt;
  return FormatNumber(*p) + "/" + FormatNumber(*c) + "*" + FormatNumber(*a);
}

// Whether `asked` names the item `priced` names, in the singular or the plural ("pen", "pens";
// "box", "boxes"). "2 dozen" and "12 boxes" of pens name another thing.
bool SameItem(std::string_view priced, std::string_view asked) {
  const auto plural_of = [](std::string_view one, std::string_view many) {
    return many.size() > one.size() && many.substr(0, one.size()) == one &&
           (many.substr(one.size()) == "s" || many.substr(one.size()) == "es");
  };
  return priced == asked || plural_of(priced, asked) || plural_of(asked, priced);
}

// Whether some word of `words` ("pens are ") is the item `asked` names.
bool NamedIn(std::string_view words, std::string_view asked) {
  size_t start = 0;
  while (start < words.size()) {
    size_t end = words.find(' ', start);
    if (end == std::string_view::npos) end = words.size();
    if (SameItem(words.substr(start, end - start), asked)) return true;
    start = end + 1;
  }
  return false;
}

// Whether the words between "how much" and "for" of a recipe ask for `item` or for nothing named
// ("how much flour for", "how much do i need for"); "how much sugar for" asks for another thing.
bool AsksForItem(std::string_view words, std::string_view item) {
  static const Utf8Pattern filler(
      "^(?:(?:do|does|would|will|i|we|you|need|needed|is|it|of)\\s+)*$");
  return filler.FullMatch(words) || (!item.empty() && words == std::string(item) + " ");
}

// "pens are 3 for $2, how much for 12", "if 5 notebooks cost 35 yuan, how much do 8 cost", and
// the recipes in English: the same item (or none) on both sides. "3 at $2" is $2 each: not read.
std::optional<std::string> EnglishProportion(std::string_view s) {
  static const std::string kMoney =
      "(?:\\$\\s*" + kNum + "|" + kNum + "\\s*(?:dollars|bucks|yuan|euros|rmb|usd))";
  static const Utf8Pattern for_price("^((?:[a-z]+\\s+){0,3}?)" + kNum + "\\s+for\\s+" + kMoney +
                                     "\\s*[,;.]\\s*(?:so\\s+)?how much (?:for|are|is|would|will|"
                                     "do|does)?\\s*(?:be\\s+)?" +
                                     kNum + "(?:\\s+([a-z]+))?(?:\\s+(?:cost|be))?" + kEnd + "$");
  static const Utf8Pattern cost("^(?:if\\s+)?" + kNum + "\\s+([a-z]+)\\s+(?:cost|costs)\\s+" +
                                kMoney + "\\s*[,;]\\s*(?:then\\s+)?how much (?:do|would|will)\\s+" +
                                kNum + "(?:\\s+([a-z]+))?\\s+cost" + kEnd + "$");
  static const std::string kServes = "\\s+(people|persons|servings|portions)";
  static const Utf8Pattern recipe(
      "^(?:a|the|my)?\\s*recipe\\s+(?:for|that serves|serving)\\s+" + kNum + kServes +
      "\\s+(?:needs|uses|takes|calls for|requires)\\s+" + kNum +
      "\\s*(?:g|grams|kg|ml|cups?|tablespoons?|teaspoons?|oz|ounces|eggs)(?:\\s+of\\s+([a-z]+))?"
      "\\s*[,;]\\s*how much ((?:[a-z]+\\s+){0,4}?)for\\s+" +
      kNum + kServes + kEnd + "$");
  std::string words, count, item, price_a, price_b, asked, asked_item, serves, asked_serves;
  if (for_price.FullMatch(s, &words, &count, &price_a, &price_b, &asked, &asked_item)) {
    const bool same = asked_item.empty() || asked_item == "cost" || asked_item == "be" ||
                      NamedIn(words, asked_item);
    return same ? Scaled(count, price_a.empty() ? price_b : price_a, asked) : std::nullopt;
  }
  if (cost.FullMatch(s, &count, &item, &price_a, &price_b, &asked, &asked_item) &&
      (asked_item.empty() || SameItem(item, asked_item))) {
    return Scaled(count, price_a.empty() ? price_b : price_a, asked);
  }
  if (recipe.FullMatch(s, &count, &serves, &price_a, &item, &words, &asked, &asked_serves) &&
      serves == asked_serves && AsksForItem(words, item)) {
    return Scaled(count, price_a, asked);
  }
  return std::nullopt;
}

// Whether the words after a Chinese count price one of it (3个苹果每个5元, 单价5元, 各5元, 均价,
// 一个5元): then the amount is no price of the count.
bool PricesOne(std::string_view item) {
  for (std::string_view w : {"每", "单价", "各", "均价", "一个"}) {
    if (item.find(w) != std::string_view::npos) return true;
  }
  return false;
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
                                  kNum + "\\s*" + kAmountUnit + "(\\p{Han}{0,4})\\s*[,，]\\s*" +
                                  kNum + "\\s*人份(?:要|需要|用|放)?(?:多少|几)" + kAmountUnit +
                                  "(\\p{Han}{0,4}?)" + kEnd + "$");
  std::string count, measure, item, amount, asked, asked_measure, asked_item;
  if (price.FullMatch(s, &count, &measure, &item, &amount, &asked, &asked_measure, &asked_item) &&
      measure == asked_measure && (asked_item.empty() || asked_item == item) && !PricesOne(item)) {
    return Scaled(count, amount, asked);
  }
  std::string unit, asked_unit;
  if (recipe.FullMatch(s, &count, &amount, &unit, &item, &asked, &asked_unit, &asked_item) &&
      unit == asked_unit && (asked_item.empty() || asked_item == item)) {
    return Scaled(count, amount, asked);
  }
  return std::nullopt;
}

// "amount/months" for an amount spread over a period in months or years.
std::optional<std::string> PerMonth(const std::string& amount, const std::string& periods,
                                    std::string_view unit) {
  const auto a = ParseWholeNumber(amount);
  auto n = periods == "a" || periods == "one" ? std::optional<long double>(1)
                                              : ParseWholeNumber(periods);
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

// A clock time as said: hours, minutes and the part of the day named with it (am, pm, 下午…).
struct Clock {
  std::string h, m, mark;
};

// The hour on a 24-hour clock, or -1 when a mark does not fit the hour (13:00 pm).
int Hour24(const Clock& c) {
  const int h = std::stoi(c.h);
  const bool pm = c.mark == "pm" || c.mark == "p.m." || c.mark == "下午" || c.mark == "晚上";
  const bool am = c.mark == "am" || c.mark == "a.m." || c.mark == "上午" || c.mark == "早上" ||
                  c.mark == "凌晨";
  if ((pm || am) && (h == 0 || h > 12)) return -1;
  if (pm) return h == 12 ? 12 : h + 12;
  if (am) return h == 12 ? 0 : h;
  return h;
}

// Whether a time without a mark is on a 24-hour clock: an hour past 12 or a leading zero.
bool TwentyFourHour(const Clock& c) {
  return std::stoi(c.h) > 12 || c.h.size() == 2 && c.h[0] == '0';
}

// The minutes from one clock time to another as an expression in hours or minutes. A span that
// ends before it starts runs overnight only when both times say so (am/pm, 下午…, or 24-hour
// times: 22:00 to 06:00), or the first is past noon on a 24-hour clock and the second has no
// mark and its afternoon reading would not be after the start either (从22:00到6:00: 18:00 is
// before 22:00, so 06:00; 20:00 to 8:00 is 12 hours). "13:00 to 5:00" may mean 17:00 (4 hours)
// or 05:00 (16), "12:00 and 1:30" 13:30 or 01:30: not read.
std::optional<std::string> ClockSpan(const Clock& from, const Clock& to, std::string_view unit) {
  const int h1 = Hour24(from), h2 = Hour24(to);
  if (h1 < 0 || h2 < 0) return std::nullopt;
  const int start = h1 * 60 + std::stoi(from.m), end = h2 * 60 + std::stoi(to.m);
  const bool marked = !from.mark.empty() && !to.mark.empty();
  const bool after_noon_24h =
      from.mark.empty() && std::stoi(from.h) > 12 && to.mark.empty() && end + 12 * 60 <= start;
  const bool clear = marked || after_noon_24h || (TwentyFourHour(from) && TwentyFourHour(to));
  if (end < start && !clear) return std::nullopt;
  std::string span =
      "(" + std::to_string(h2) + "*60+" + to.m + ")-(" + std::to_string(h1) + "*60+" + from.m + ")";
  if (end < start) span += "+24*60";
  const bool hours = unit.rfind("hour", 0) == 0 || unit == "小时";
  return hours ? "(" + span + ")/60" : span;
}

// Clock times said as hours with 点 (晚上11点, 7点半, 8点15分) or an hour with am/pm and no
// minutes (10pm), written as h:mm for the clock patterns; the text unchanged when it has none.
std::string WithWholeHoursAsClockTimes(std::string_view s) {
  std::string out(s);
  if (out.find("点") == std::string::npos && out.find("am") == std::string::npos &&
      out.find("pm") == std::string::npos) {
    return out;
  }
  static const Utf8Pattern half("([0-9]{1,2})点半");
  static const Utf8Pattern minutes("([0-9]{1,2})点([0-5][0-9])分?");
  static const Utf8Pattern whole("([0-9]{1,2})点(?:钟|整)?");
  static const Utf8Pattern en_hour("(^|[^0-9:])([0-9]{1,2})\\s*(am|pm)([^a-z]|$)");
  RE2::GlobalReplace(&out, half.re, "\\1:30");
  RE2::GlobalReplace(&out, minutes.re, "\\1:\\2");
  RE2::GlobalReplace(&out, whole.re, "\\1:00");
  RE2::GlobalReplace(&out, en_hour.re, "\\1\\2:00 \\3\\4");
  return out;
}

// "how many hours between 09:30 and 17:45", "9:30 am and 5:45 pm", "a meeting from 14:00 to
// 15:30 is how many minutes", 从9:30到17:45一共多少小时, 从下午2:00到5:30多少小时, "from 10pm to
// 6am how many hours", 从晚上11点到早上7点一共几个小时.
std::optional<std::string> HoursBetween(std::string_view typed) {
  const std::string s = WithWholeHoursAsClockTimes(typed);
  static const std::string kClock = "([01]?[0-9]|2[0-3]):([0-5][0-9])";
  static const std::string kEn = kClock + "\\s*(am|pm|a\\.m\\.|p\\.m\\.)?";
  static const std::string kZh = "(上午|下午|晚上|早上|凌晨)?\\s*" + kClock;
  static const Utf8Pattern asked_first(
      "^how many (hours|minutes) (?:are there |is it )?(?:between|from)\\s+" + kEn +
      "\\s+(?:and|to|till|until)\\s+" + kEn + kEnd + "$");
  static const Utf8Pattern asked_last(
      "^(?:(?:a|the|my|our)\\s+)?(?:meeting|shift|class|call|session|lesson|workday)?\\s*from\\s+" +
      kEn + "\\s+(?:to|till|until)\\s+" + kEn +
      "\\s*(?:is|,)?\\s*how many (hours|minutes)(?: is that)?" + kEnd + "$");
  static const Utf8Pattern zh("^从?\\s*" + kZh + "\\s*(?:到|至)\\s*" + kZh +
                              "\\s*(?:一共|总共|共)?(?:是|有)?(?:多少|几)个?(小时|分钟)" + kEnd +
                              "$");
  std::string unit;
  Clock a, b;
  if (asked_first.FullMatch(s, &unit, &a.h, &a.m, &a.mark, &b.h, &b.m, &b.mark) ||
      asked_last.FullMatch(s, &a.h, &a.m, &a.mark, &b.h, &b.m, &b.mark, &unit)) {
    return ClockSpan(a, b, unit);
  }
  if (zh.FullMatch(s, &a.mark, &a.h, &a.m, &b.mark, &b.h, &b.m, &unit)) {
    // 下午2:00到5:30: the part of the day said once holds for both times.
    if (b.mark.empty() && Hour24(a) >= 12 && std::stoi(b.h) < 12) b.mark = a.mark;
    return ClockSpan(a, b, unit);
  }
  return std::nullopt;
}

// The numbers of a list, "+" between, or nullopt. When 、 or ， separate the parts, a comma
// inside one groups digits ("1,200、3,400"); when only commas do, a part of exactly three digits
// may be a group ("1,200,3,400"), so the list is not read.
std::optional<std::string> ListSum(std::string list) {
  const bool grouped = list.find("、") != std::string::npos || list.find("，") != std::string::npos;
  static const Utf8Pattern wide_separator("\\s*[、，]\\s*");
  static const Utf8Pattern comma("\\s*,\\s*");
  RE2::GlobalReplace(&list, grouped ? wide_separator.re : comma.re, "+");
  std::string sum;
  size_t start = 0;
  while (start <= list.size()) {
    size_t end = list.find('+', start);
    if (end == std::string::npos) end = list.size();
    const std::string part = list.substr(start, end - start);
    const auto value = ParseWholeNumber(part);
    if (!value || (!grouped && part.size() == 3 && part.find('.') == std::string::npos)) {
      return std::nullopt;
    }
    sum += (sum.empty() ? "" : "+") + FormatNumber(*value);
    start = end + 1;
  }
  return sum;
}

// 78、85、92、88的平均数是多少 → "(78+85+92+88)/4": a list in digits, 、 or commas between.
std::optional<std::string> ChineseListAverage(std::string_view s) {
  static const Utf8Pattern pattern(
      "^(?:求)?([0-9.]+(?:,[0-9]{3})*(?:\\s*[、,，]\\s*[0-9.]+(?:,[0-9]{3})*)+)\\s*(?:这\\p{Han}{1,"
      "3}数)?"
      "的(?:平均数|平均值|平均分|平均)(?:是|为|等于)?(?:多少|几)?" +
      kEnd + "$");
  std::string list;
  if (!pattern.FullMatch(s, &list)) return std::nullopt;
  const auto sum = ListSum(list);
  if (!sum) return std::nullopt;
  const size_t count = static_cast<size_t>(std::count(sum->begin(), sum->end(), '+')) + 1;
  return "(" + *sum + ")/" + std::to_string(count);
}

// Two scores and their weights: "weighted average of 80 with weight 0.3 and 90 with weight 0.7"
// → "(80*0.3+90*0.7)/(0.3+0.7)"; 平时成绩80分占40%，期末成绩90分占60%，总评多少分 →
// "80*40%+90*60%", only when the shares make 100%.
std::optional<std::string> WeightedAverage(std::string_view s) {
  static const std::string kWeight = "\\s+with (?:a )?weight(?: of)?\\s+" + kNum + "\\s*(%?)";
  static const Utf8Pattern en("^(?:what(?:'s| is) )?(?:the )?weighted (?:average|mean) of " + kNum +
                              kWeight + "\\s*,?\\s*and " + kNum + kWeight + kEnd + "$");
  static const std::string kShare = "\\p{Han}{0,6}?" + kNum + "分?占\\s*" + kNum + "\\s*%";
  static const Utf8Pattern zh("^" + kShare + "\\s*[,，]\\s*" + kShare +
                              "\\s*[,，]\\s*(?:总评|总成绩|综合成绩|最终成绩|总分|加权平均分?)(?:"
                              "成绩)?(?:是|为|有)?(?:多少|几)分?" +
                              kEnd + "$");
  std::string x1, w1, x2, w2, p1, p2;
  if (en.FullMatch(s, &x1, &w1, &p1, &x2, &w2, &p2)) {
    const auto a = ParseWholeNumber(w1), b = ParseWholeNumber(w2);
    if (!a || !b || *a + *b <= 0 || p1 != p2) return std::nullopt;  // weights that make nothing
    w1 += p1;
    w2 += p2;
    return "(" + x1 + "*" + w1 + "+" + x2 + "*" + w2 + ")/(" + w1 + "+" + w2 + ")";
  }
  if (zh.FullMatch(s, &x1, &w1, &x2, &w2)) {
    const auto a = ParseWholeNumber(w1), b = ParseWholeNumber(w2);
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
