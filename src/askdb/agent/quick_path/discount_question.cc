#include "askdb/agent/quick_path/discount_question.h"

#include <re2/re2.h>

#include <cmath>

#include "askdb/agent/quick_path/arithmetic.h"
#include "askdb/agent/quick_path/bill_question.h"
#include "askdb/agent/quick_path/money_number.h"
#include "askdb/agent/quick_path/utf8_pattern.h"

namespace askdb::agent {
namespace {

// An optional "if" and a price's name before the amount, with the thing bought before it:
// 如果原价, 标价是, 一件外套原价.
const std::string kLead = "(?:如果|假如|要是)?";
// Or the thing alone, its price after it: 一件衣服200块.
const std::string kPriceName =
    "(?:(?:一件|一个|这件|这个|一双|一台|一套)?(?:\\p{Han}{1,4}?的?)?"
    "(?:原价|标价|定价|售价|价格|吊牌价)(?:是|为)?|(?:一件|一个|这件|这个|一双|一台|一套)\\p{Han}{"
    "1,4}?)?";
// The amount: digits with an optional currency sign or unit.
const std::string kPrice = "[¥￥$]?\\s*" + std::string(kMoneyNumber) + "\\s*(?:元|块钱|块|rmb)?";
// The thing bought: 的东西, 的外套 (a few characters, never the 打 of the discount).
const std::string kItem = "(?:的[^打折，,、0-9\\s]{1,4})?";
// The discount: 打八五折, 打8.5折, 七折 (the numerals the arithmetic parser reads).
const std::string kRate =
    "(?:先)?(?:打|打个|按)?\\s*([0-9](?:\\.[0-9])?|[一二三四五六七八九][一二三四五六七八九]?)\\s*"
    "折(?:后|"
    "以后|之后)?";
const std::string kSep = "[，,、\\s]*";
// A second discount after the first: 再打九折, 然后再打个95折.
const std::string kRateAgain = "(?:" + kSep +
                               "(?:再|然后再?|又)\\s*(?:打|打个)\\s*([0-9](?:\\.[0-9])?|["
                               "一二三四五六七八九][一二三四五六七八九]?)"
                               "\\s*折(?:后|以后|之后)?)?";
// An amount off after the discount, a coupon: 再减20, 再用30块的券, 然后再优惠15元.
const std::string kLess =
    "(?:" + kSep +
    "(?:再|然后再?|又)\\s*(?:减|减去|用|便宜|优惠|立减|抵)了?\\s*([0-9]+(?:\\.[0-9]+)?)\\s*"
    "(?:元|块钱|块)?(?:的?(?:券|优惠券|红包|代金券))?)?";
// The ask: 多少钱, 是多少, 到手价是多少, 要付几块.
const std::string kAsk =
    "(?:(?:最后|最终|实际)?(?:的)?(?:价格|价钱|售价|现价|折后价|到手价|实付)?(?:是|要|卖|付|得付|"
    "需要|要付)?"
    "(?:多少钱|多少|几块钱|几块|多少元))?(?:呢|啊|呀)?\\s*[?？。]*";

std::string Number(std::string digits) {
  std::string out;
  for (char c : digits) {
    if (c != ',') out += c;
  }
  return out;
}

// A percentage off a price, or lost from an amount, told as a story with the question last; the
// expression the arithmetic reads, or nullopt. "a shirt costs $40 and it's 25% off, what do i
// pay" → "25% off 40"; "my savings were 5000 and i lost 12% in the market, how much is left" →
// "5000 decreased by 12%"; 我存了5万,亏了12%,还剩多少 → "50000减少12%". The story must state the
// amount and the percentage once each and no other number (StoryFigures).
std::optional<std::string> StoryExpression(std::string_view normalized) {
  static const std::string kPercent = "([0-9]+(?:\\.[0-9]+)?)\\s*(?:%|percent)";
  static const Utf8Pattern en_money(StoryMoneyPattern());
  static const Utf8Pattern en_amount("\\$?\\s*([0-9][0-9,]*(?:\\.[0-9]+)?)");
  static const Utf8Pattern zh_amount("([0-9][0-9,]*(?:\\.[0-9]+)?(?:万|千|亿)?)");
  static const Utf8Pattern en_off(kPercent + "\\s*(?:off|discount)|(?:discount|off) of " +
                                  kPercent);
  static const Utf8Pattern en_lost(
      "(?:lost|lose|dropped|fell|went down|decreased|declined)\\s+"
      "(?:by\\s+)?" +
      kPercent);
  static const Utf8Pattern zh_lost("(?:亏了|亏损了?|赔了|跌了|损失了|少了|缩水了?|下跌了?)\\s*" +
                                   kPercent);
  static const Utf8Pattern en_pay(
      "^(.+?)[,;.!?-]\\s*(?:so\\s+)?(?:what do i (?:pay|owe)|how much do i (?:pay|owe)|how much "
      "(?:is it|will it be|would it be|does it cost|will it cost|would it cost)(?: me)?(?: now| "
      "then| after the discount)?|what(?:'s| is| will be| would be) the (?:final |sale |new |"
      "discounted )?(?:price|cost))\\s*[?.!]*$");
  static const Utf8Pattern en_left(
      "^(.+?)[,;.!?-]\\s*(?:so\\s+)?(?:how much (?:is|do i have|have i got|remains?)(?: left)?"
      "(?: now)?|what(?:'s| is) left)\\s*[?.!]*$");
  static const Utf8Pattern zh_left(
      "^(.+?)[,，;；。]?\\s*(?:还剩|剩下|还剩下|现在还有)(?:多少|几)"
      "(?:钱|元|块)?\\s*(?:呢|啊)?[?？。.!！]*$");
  std::string story;
  if (en_pay.FullMatch(normalized, &story)) {
    if (const auto f = StoryFigures(story, en_off.re, en_money.re)) {
      return FormatNumber(f->first) + "% off " + FormatNumber(f->second);
    }
  }
  if (en_left.FullMatch(normalized, &story)) {
    if (const auto f = StoryFigures(story, en_lost.re, en_amount.re)) {
      return FormatNumber(f->second) + " decreased by " + FormatNumber(f->first) + "%";
    }
  }
  if (zh_left.FullMatch(normalized, &story)) {
    if (const auto f = StoryFigures(story, zh_lost.re, zh_amount.re)) {
      return FormatNumber(f->second) + "减少" + FormatNumber(f->first) + "%";
    }
  }
  return std::nullopt;
}

// 满300减50，买了320元的东西，实付多少 → "320-50": the amount off once the spend reaches the
// threshold; 每满300减50 takes it for every whole 300 (680 → "680-2*50"); below the threshold
// nothing ("280-0"). An amount off as large as the threshold is no offer read.
std::optional<std::string> FullReductionExpression(std::string_view normalized) {
  static const std::string kAmount = "\\s*" + std::string(kMoneyNumber) + "\\s*(?:元|块)?";
  static const Utf8Pattern offer(
      "^(每)?满" + kAmount + "减" + kAmount + kSep +
      "(?:我)?(?:买了|消费了?|购买了|一共买了|总共买了|下单了?)\\s*" + kPrice + kItem + kSep +
      "(?:实付|要付|实际付|实际要付|最后付|最后要付|应付|需要付|付)?(?:多少钱?|几块钱?)(?:呢)?"
      "[?？。]*$");
  std::string every, threshold_text, off_text, spent_text;
  if (!offer.FullMatch(normalized, &every, &threshold_text, &off_text, &spent_text)) {
    return std::nullopt;
  }
  const auto threshold = ParseNumberPrefix(threshold_text);
  const auto off = ParseNumberPrefix(off_text);
  const auto spent = ParseNumberPrefix(Number(spent_text));
  if (!threshold || !off || !spent || off->value >= threshold->value) return std::nullopt;
  const long double times = spent->value < threshold->value ? 0
                            : every.empty()                 ? 1
                                            : std::floor(spent->value / threshold->value);
  const std::string taken = times > 1 ? FormatNumber(times) + "*" + off_text : off_text;
  return Number(spent_text) + "-" + (times == 0 ? "0" : taken);
}

// The factor of a discount said in 折 (八 → 0.8, 八五 → 0.85, 7.5 → 0.75); nullopt when not one.
std::optional<long double> ZheFactor(const std::string& rate) {
  const auto n = ParseWholeNumber(rate);
  if (!n || *n <= 0) return std::nullopt;
  // Two Chinese numerals (八五) read as 85; one numeral or digits with a point are tenths.
  const long double tenths = *n >= 10 ? *n / 10 : *n;
  if (tenths >= 10) return std::nullopt;
  return tenths / 10;
}

// The price before a discount, from the price after it: 打完八折是160元，原价多少 → "160/0.8";
// "a shirt costs $25 after a 20% discount, what was the original price" → "25/(1-20%)".
std::optional<std::string> OriginalPriceExpression(std::string_view normalized) {
  static const Utf8Pattern zh(
      "^(?:打完|打了|打)?\\s*([0-9](?:\\.[0-9])?|[一二三四五六七八九][一二三四五六七八九]?)\\s*折(?"
      ":"
      "后|以后|之后)?"
      "(?:是|为|卖|价格是|的价格是|只要)?" +
      kPrice + kSep + "(?:那么|请问)?原价(?:是|为)?(?:多少|几)(?:钱|元|块)?[?？。]*$");
  static const Utf8Pattern en(
      "^(?:(?:a|an|the|my)\\s+)?(?:[a-z]+\\s+){0,2}?(?:costs|cost|is|was|sells for|sold for)\\s+"
      "\\$?\\s*([0-9][0-9,]*(?:\\.[0-9]+)?)\\s*(?:dollars)?\\s+after\\s+(?:a\\s+)?([0-9]+(?:\\.[0-"
      "9]+)?)\\s*(?:%|percent)\\s+"
      "(?:discount|off)\\s*[,;]?\\s*what (?:was|is) the original price\\s*[?.!]*$");
  std::string rate, price;
  if (zh.FullMatch(normalized, &rate, &price)) {
    const auto factor = ZheFactor(rate);
    if (!factor) return std::nullopt;
    return Number(price) + "/" + FormatNumber(*factor);
  }
  if (en.FullMatch(normalized, &price, &rate)) {
    const auto off = ParseNumberPrefix(rate);
    if (!off || off->value <= 0 || off->value >= 100) return std::nullopt;
    return Number(price) + "/(1-" + rate + "%)";
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> DiscountExpression(std::string_view normalized) {
  if (normalized.size() > 120) return std::nullopt;
  if (auto e = FullReductionExpression(normalized)) return e;
  if (auto e = OriginalPriceExpression(normalized)) return e;
  // 半价 is half the price (原价198，半价多少). One item of several at half price (第二件半价, 次件
  // 半价, 两件半价) is left to the patterns below, which read no item count and so decline it.
  if (const size_t half = normalized.find("半价"); half != std::string_view::npos) {
    std::string said(normalized);
    said.replace(half, std::string_view("半价").size(), "打五折");
    if (said.find("半价") == std::string::npos) return DiscountExpression(said);
  }
  std::string price, rate, again, less;
  // 原价680的东西打八五折多少钱 / 标价1200元，打7折是多少 / 原价200打八折再减20是多少 /
  // 原价200打八折再打九折是多少
  static const Utf8Pattern price_first("^" + kLead + kPriceName + kPrice + kItem + kSep + kRate +
                                       kRateAgain + kLess + kSep + kAsk + "$");
  // 打八五折后原价680的东西多少钱
  static const Utf8Pattern rate_first("^" + kLead + kRate + kSep + kPriceName + kPrice + kItem +
                                      kSep + kAsk + "$");
  if (price_first.FullMatch(normalized, &price, &rate, &again, &less) ||
      rate_first.FullMatch(normalized, &rate, &price)) {
    const std::string discounted =
        Number(price) + "打" + rate + "折" + (again.empty() ? "" : "打" + again + "折");
    if (less.empty()) return discounted;
    // An amount off as large as the discounted price leaves no price (原价10打八折再减20): the
    // request is declined rather than answered with a negative price.
    const ArithmeticResult left = EvaluateArithmetic(discounted);
    const auto off = ParseNumberPrefix(less);
    if (!left.ok() || !off || off->value >= left.value) return std::nullopt;
    return discounted + "减" + less;
  }
  return StoryExpression(normalized);
}

}  // namespace askdb::agent
