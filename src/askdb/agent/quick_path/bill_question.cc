#include "askdb/agent/quick_path/bill_question.h"

#include <re2/re2.h>

#include <cmath>
#include <string>

#include "askdb/agent/quick_path/arithmetic.h"
#include "askdb/agent/quick_path/utf8_pattern.h"

namespace askdb::agent {
namespace {

using Pattern = Utf8Pattern;

const std::string kHead =
    "(?:(?:what is|what's|whats|how much is|calculate|compute|work out|figure out|tell me|"
    "can you calculate|can you tell me)\\s+)?";
const std::string kTail = "\\s*(?:,?\\s*(?:please|for me))*\\s*[?.!]*";
// An amount of money: "$80", "80 dollars", "a $60 bill", "a 120 dollar bill", "the 45 dollar
// check".
const std::string kMoney =
    "(?:(?:a|an|the|my|our)\\s+)?\\$?\\s*([0-9][0-9,]*(?:\\.[0-9]+)?)\\s*(?:dollars?|bucks|usd)?"
    "(?:\\s+(?:bill|check|tab|meal|dinner|lunch|breakfast|order|delivery|haircut|ride|taxi ride))?";
// A charge added at a rate of the amount: the tip, or a tax ("8 percent sales tax on 250").
const std::string kCharge = "(?:tip|gratuity|tax|sales tax|vat)";
const std::string kRate = "([0-9]+(?:\\.[0-9]+)?)\\s*(?:%|percent)";
// The number of people, in digits or words: "4 people", "three ways", "between 5 of us".
const std::string kPeople = "([0-9]+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)";

std::optional<long double> Num(const std::string& s) {
  const auto n = ParseNumberPrefix(s);
  if (n && n->length == s.size()) return n->value;
  const auto words = ParseEnglishAmountPrefix(s);
  if (words && words->length == s.size()) return words->value;
  return std::nullopt;
}

}  // namespace

std::optional<BillQuestion> ParseBillQuestion(std::string_view normalized) {
  if (normalized.size() > 160) return std::nullopt;
  using K = BillQuestion::Kind;
  std::string rate, amount;
  // what's a 15% tip on $80 / calculate a 20 percent tip on 45 dollars
  static const Pattern tip_first("^" + kHead + "(?:a|the)?\\s*" + kRate + "\\s+" + kCharge +
                                 " (?:on|for|of) " + kMoney + kTail + "$");
  // what's the tip on a $60 bill at 18 percent / tip on $80 at 15%
  static const Pattern tip_last("^" + kHead + "(?:the\\s+)?" + kCharge + " (?:on|for) " + kMoney +
                                "\\s+(?:at|of|with)\\s+(?:a\\s+)?" + kRate + "(?:\\s+" + kCharge +
                                ")?" + kTail + "$");
  if (RE2::FullMatch(normalized, tip_first.re, &rate, &amount) ||
      RE2::FullMatch(normalized, tip_last.re, &amount, &rate)) {
    const auto a = Num(amount);
    const auto r = Num(rate);
    if (!a || !r) return std::nullopt;
    return BillQuestion{K::kTip, *a, *r};
  }
  // how much should i tip on 80 dollars / what's a good tip for a $120 meal: no rate said.
  static const Pattern tip_no_rate(
      "^(?:(?:how much|what) (?:should|do|would|must) (?:i|we|you|one) (?:tip|leave as a tip|leave "
      "for a tip|give as a tip) (?:on|for)|how much (?:to|of a tip to) (?:tip|leave|give) (?:on|"
      "for)|(?:what is|what's|whats) (?:a|the) (?:good|fair|normal|standard|usual|typical|"
      "reasonable|right|proper) (?:tip|gratuity) (?:on|for)) " +
      kMoney + kTail + "$");
  if (RE2::FullMatch(normalized, tip_no_rate.re, &amount)) {
    const auto a = Num(amount);
    if (!a) return std::nullopt;
    return BillQuestion{K::kTipRateNeeded, *a, 0};
  }
  std::string people;
  // split a 120 dollar bill between 4 people / split $96 three ways / split 200 dollars by 5
  static const Pattern split(
      "^(?:(?:can you|could you|please|how do i|help me)\\s+)?"
      "split\\s+(?:up\\s+)?" +
      kMoney + "\\s+(?:(?:between|among|by|for|into)\\s+)?" + kPeople +
      "\\s*(?:people|persons|friends|ways|of us|equal parts|parts)?" + kTail + "$");
  if (RE2::FullMatch(normalized, split.re, &amount, &people)) {
    const auto a = Num(amount);
    const auto p = Num(people);
    if (!a || !p || *p < 1 || *p != std::floor(*p)) return std::nullopt;
    return BillQuestion{K::kSplit, *a, *p};
  }
  return std::nullopt;
}

}  // namespace askdb::agent
