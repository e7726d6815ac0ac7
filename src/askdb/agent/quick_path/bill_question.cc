#include "askdb/agent/quick_path/bill_question.h"

#include <re2/re2.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <utility>

#include "askdb/agent/quick_path/arithmetic.h"
#include "askdb/agent/quick_path/money_number.h"
#include "askdb/agent/quick_path/utf8_pattern.h"

namespace askdb::agent {
namespace {

// Whether a Chinese split is by head: 按比例, 按用量 and any other 按 but 按人头 / 按人数 share
// unequally, so no amount per person follows from the total.
bool SplitsByHead(std::string_view s) {
  constexpr std::string_view kBy = "按";
  for (size_t at = s.find(kBy); at != std::string_view::npos; at = s.find(kBy, at + 1)) {
    const std::string_view after = s.substr(at + kBy.size());
    if (after.rfind("人头", 0) != 0 && after.rfind("人数", 0) != 0) return false;
  }
  return true;
}

using Pattern = Utf8Pattern;

const std::string kHead =
    "(?:(?:what is|what's|whats|how much is|calculate|compute|work out|figure out|tell me|"
    "can you calculate|can you tell me)\\s+)?";
const std::string kTail = "\\s*(?:,?\\s*(?:please|for me))*\\s*[?.!]*";
// An amount of money: "$80", "80 dollars", "a $60 bill", "a 120 dollar bill", "the 45 dollar
// check".
const std::string kMoney =
    "(?:(?:a|an|the|my|our)\\s+)?\\$?\\s*" + std::string(kMoneyNumber) +
    "\\s*(?:dollars?|bucks|usd)?"
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

// Whether the story's percentage is not taken of its amount: the amount already holds it ("a
// total of $118 with an 18% tip included", "$30 after 25% off", 已, 含) or the percentage is
// of something else ("lost 12% of our customers", 少了12%的客户).
bool TellsAnotherBase(std::string_view story) {
  static const Pattern other_base(
      "(?:^|[^a-z])(?:includ|already(?:[^a-z]|$)|after(?:[^a-z]|$)|net of(?:[^a-z]|$))|含|已|"
      "(?:%|percent)\\s*(?:of(?:[^a-z]|$)|的)");
  return other_base.PartialMatch(story);
}

// The story without the words whose numeral is no number (一顿饭, 一起, 点了), so that
// MayHoldNumber sees the numbers it tells.
std::string WithoutFixedWords(std::string story) {
  static constexpr std::string_view kFixed[] = {"一顿", "一起", "一共", "一下", "一个", "一家",
                                                "一次", "一桌", "一些", "点了", "点的", "点菜"};
  for (std::string_view word : kFixed) {
    for (size_t at; (at = story.find(word)) != std::string::npos;)
      story.replace(at, word.size(), " ");
  }
  return story;
}

// A split or a tip told as a story, the question last: "dinner came to $186.40 and there are 4
// of us, how much does each person pay", "the bill was 84 dollars, i want to leave 18% tip, how
// much is the tip", 一顿饭花了186.4元，4个人平摊每人多少.
std::optional<BillQuestion> ParseBillStory(std::string_view normalized) {
  using K = BillQuestion::Kind;
  static const Pattern en_money(StoryMoneyPattern());
  static const Pattern en_people(
      "(?:^|[^a-z0-9.,])" + kPeople +
      "\\s+(?:of us|people|persons|friends|guys|colleagues|coworkers|roommates)(?:[^a-z]|$)|"
      "(?:between|among|we were|we're|we are|there were)\\s+" +
      kPeople + "(?:[^a-z0-9.,]|$)");
  static const Pattern en_split_ask(
      "^(.+?)[,;.!?-]\\s*(?:so\\s+)?(?:how much (?:does|do|should|would|will) (?:each (?:person|"
      "of us|one|friend)|everyone|every person|each) (?:pay|owe|chip in|put in|contribute)|how "
      "much (?:is it |is that |does that come to )?(?:per person|each|apiece|per head|for each "
      "(?:person|of us))|(?:what(?:'s| is) )?(?:each (?:person's|one's) share|the share per "
      "person|the cost per person))\\s*[?.!]*$");
  // 486元, or a sum said spent with no unit: 花了486, 一共360.
  static const Pattern zh_money(
      "([0-9][0-9,]*(?:\\.[0-9]+)?)\\s*(?:元|块钱|块|美元)|"
      "(?:花了|一共|总共|共计|合计)\\s*([0-9][0-9,]*(?:\\.[0-9]+)?)");
  static const Pattern zh_people("([0-9]+|[一二两三四五六七八九十]+)\\s*(?:个人|人|位)");
  // The ask, or the split verb alone at the end: 水电费一共360三个人平摊.
  static const std::string zh_ask =
      "(?:每人|每个人|人均|一人)(?:要|应该|得|需要)?(?:付|出|摊|分摊|平摊|掏)?(?:多少|几)(?:钱|元|"
      "块)?";
  static const Pattern zh_split_ask(
      "^(.+?)[,，;；。]?\\s*(?:(?:平摊|均摊|分摊|aa|平分)\\s*[,，]?\\s*(?:" + zh_ask + ")?|" +
      zh_ask +
      ")\\s*(?:呢|啊|呗|吧)?[?？。.!！]*\\s*(?:谢谢|谢了|拜托了|快点哈?)?"
      "[?？。.!！]*$");
  static const Pattern en_tip(kRate + "\\s+(?:tip|gratuity)|(?:tip|gratuity)\\s+(?:of\\s+)?" +
                              kRate);
  static const Pattern en_tip_ask(
      "^(.+?)[,;.!?-]\\s*(?:so\\s+)?(?:how much (?:is|would be|will be|should be) (?:the|my) "
      "(?:tip|gratuity)|what(?:'s| is| would be) (?:the|my) (?:tip|gratuity)|how much (?:is that|"
      "do i (?:tip|leave)|should i (?:tip|leave)))\\s*[?.!]*$");
  std::string story;
  if (en_split_ask.FullMatch(normalized, &story)) {
    const auto f = StoryFigures(story, en_money.re, en_people.re);
    if (f && f->second >= 1 && f->second == std::floor(f->second)) {
      return BillQuestion{K::kSplit, f->first, f->second};
    }
  }
  // The people are cut out first: the 一共 of 我们一共3个人 counts people, not money.
  if (zh_split_ask.FullMatch(normalized, &story) && SplitsByHead(normalized)) {
    const auto f = StoryFigures(story, zh_people.re, zh_money.re);
    if (f && f->first >= 1 && f->first == std::floor(f->first)) {
      return BillQuestion{K::kSplit, f->second, f->first};
    }
  }
  if (en_tip_ask.FullMatch(normalized, &story)) {
    if (const auto f = StoryFigures(story, en_money.re, en_tip.re)) {
      return BillQuestion{K::kTip, f->first, f->second};
    }
  }
  return std::nullopt;
}

}  // namespace

// The text with every match of `p` cut out, and how many there were; the first match's
// captures go to `first` (the non-empty one of its groups).
int CutMatches(std::string& text, const RE2& p, std::string& first) {
  int found = 0;
  re2::StringPiece input(text);
  std::string rest;
  std::array<re2::StringPiece, 4> g;
  const int groups = std::min(static_cast<int>(g.size()), p.NumberOfCapturingGroups() + 1);
  size_t pos = 0;
  while (p.Match(input, pos, input.size(), RE2::UNANCHORED, g.data(), groups)) {
    const size_t begin = g[0].data() - text.data();
    if (found++ == 0) {
      for (int k = 1; k < groups && first.empty(); ++k) {
        first = std::string(g[k].data(), g[k].size());
      }
    }
    rest.append(text, pos, begin - pos).append(" ");
    pos = begin + std::max<size_t>(g[0].size(), 1);
  }
  rest.append(text, std::min(pos, text.size()));
  text = rest;
  return found;
}

const std::string& StoryMoneyPattern() {
  static const std::string kAmount = kMoneyNumber;
  static const std::string kMoney =
      "\\$\\s*" + kAmount + "|" + kAmount + "\\s*(?:dollars?|bucks|usd|euros?|eur)(?:[^a-z]|$)";
  return kMoney;
}

std::optional<std::pair<long double, long double>> StoryFigures(std::string story, const RE2& first,
                                                                const RE2& second) {
  if (TellsAnotherBase(story)) return std::nullopt;
  std::string a, b;
  if (CutMatches(story, first, a) != 1 || CutMatches(story, second, b) != 1) return std::nullopt;
  static const Pattern any_number("[0-9%]|百分|(?:^|[^a-z])(?:half|percent)(?:[^a-z]|$)");
  if (any_number.PartialMatch(story) || MayHoldNumber(WithoutFixedWords(story))) {
    return std::nullopt;
  }
  const auto x = Num(a);
  const auto y = Num(b);
  if (!x || !y) return std::nullopt;
  return std::pair{*x, *y};
}

std::optional<BillQuestion> ParseBillQuestion(std::string_view normalized) {
  if (normalized.size() > 160) return std::nullopt;
  using K = BillQuestion::Kind;
  std::string rate, amount;
  // what's a 15% tip on $80 / calculate a 20 percent tip on 45 dollars / tip 18% on a $64 bill /
  // what's an 18% tip on $64.50
  static const Pattern tip_first("^" + kHead + "(?:an?|the)?\\s*(?:" + kCharge + "\\s+(?:of\\s+)?" +
                                 kRate + "|" + kRate + "\\s+" + kCharge + ") (?:on|for|of) " +
                                 kMoney + kTail + "$");
  // what's the tip on a $60 bill at 18 percent / tip on $80 at 15%
  static const Pattern tip_last("^" + kHead + "(?:the\\s+)?" + kCharge + " (?:on|for) " + kMoney +
                                "\\s+(?:at|of|with)\\s+(?:a\\s+)?" + kRate + "(?:\\s+" + kCharge +
                                ")?" + kTail + "$");
  std::string rate_before;  // the rate said before the charge ("a 15% tip") or after ("tip 18%")
  if (tip_first.FullMatch(normalized, &rate, &rate_before, &amount) && rate.empty()) {
    rate = rate_before;
  }
  if (!rate.empty() || tip_last.FullMatch(normalized, &amount, &rate)) {
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
  if (tip_no_rate.FullMatch(normalized, &amount)) {
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
  if (split.FullMatch(normalized, &amount, &people)) {
    const auto a = Num(amount);
    const auto p = Num(people);
    if (!a || !p || *p < 1 || *p != std::floor(*p)) return std::nullopt;
    return BillQuestion{K::kSplit, *a, *p};
  }
  return ParseBillStory(normalized);
}

}  // namespace askdb::agent
