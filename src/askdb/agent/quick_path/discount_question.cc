#include "askdb/agent/quick_path/discount_question.h"

#include <re2/re2.h>

#include "askdb/agent/quick_path/utf8_pattern.h"

namespace askdb::agent {
namespace {

// An optional "if" and a price's name before the amount, with the thing bought before it:
// 如果原价, 标价是, 一件外套原价.
const std::string kLead = "(?:如果|假如|要是)?";
const std::string kPriceName =
    "(?:(?:一件|一个|这件|这个|一双|一台|一套)?(?:\\p{Han}{1,4}?的?)?"
    "(?:原价|标价|定价|售价|价格|吊牌价)(?:是|为)?)?";
// The amount: digits with an optional currency sign or unit.
const std::string kPrice = "[¥￥$]?\\s*([0-9][0-9,]*(?:\\.[0-9]+)?)\\s*(?:元|块钱|块|rmb)?";
// The thing bought: 的东西, 的外套 (a few characters, never the 打 of the discount).
const std::string kItem = "(?:的[^打折，,、0-9\\s]{1,4})?";
// The discount: 打八五折, 打8.5折, 七折 (the numerals the arithmetic parser reads).
const std::string kRate =
    "(?:打|打个|按)?\\s*([0-9](?:\\.[0-9])?|[一二三四五六七八九][一二三四五六七八九]?)\\s*折(?:后|"
    "以后|之后)?";
const std::string kSep = "[，,、\\s]*";
// The ask: 多少钱, 是多少, 到手价是多少, 要付几块.
const std::string kAsk =
    "(?:(?:的)?(?:价格|价钱|售价|现价|折后价|到手价|实付)?(?:是|要|卖|付|得付|需要|要付)?"
    "(?:多少钱|多少|几块钱|几块|多少元))?(?:呢|啊|呀)?\\s*[?？。]*";

std::string Number(std::string digits) {
  std::string out;
  for (char c : digits) {
    if (c != ',') out += c;
  }
  return out;
}

}  // namespace

std::optional<std::string> DiscountExpression(std::string_view normalized) {
  if (normalized.size() > 120) return std::nullopt;
  std::string price, rate;
  // 原价680的东西打八五折多少钱 / 标价1200元，打7折是多少
  static const Utf8Pattern price_first("^" + kLead + kPriceName + kPrice + kItem + kSep + kRate +
                                       kSep + kAsk + "$");
  // 打八五折后原价680的东西多少钱
  static const Utf8Pattern rate_first("^" + kLead + kRate + kSep + kPriceName + kPrice + kItem +
                                      kSep + kAsk + "$");
  if (RE2::FullMatch(normalized, price_first.re, &price, &rate) ||
      RE2::FullMatch(normalized, rate_first.re, &rate, &price)) {
    return Number(price) + "打" + rate + "折";
  }
  return std::nullopt;
}

}  // namespace askdb::agent
