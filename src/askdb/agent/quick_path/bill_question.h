// Tips and split bills for the quick path: "what's a 15% tip on $80" (12), "calculate a 20
// percent tip on 45 dollars" (9), "split a 120 dollar bill between 4 people" (30), "split $96
// three ways" (32); a tax at a stated rate reads like a tip ("8 percent sales tax on 250", 20).
// They are not expressions, so the arithmetic parser does not read them.
//
// Like the percentage parser, ParseBillQuestion reads the whole (normalised) request or
// nothing, and the classifier uses it as its rule. The number of people must be said. A tip
// asked without a rate ("how much should i tip on 80 dollars", "what's a good tip for a $120
// meal") has no one answer: it is read as kTipRateNeeded, and the quick path asks for the rate
// instead of choosing one.
//
// Thread-safety: pure functions; safe from any thread.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace re2 {
class RE2;
}

namespace askdb::agent {

struct BillQuestion {
  // kTip: amount × percent / 100; kSplit: amount / people; kTipRateNeeded: a tip on amount
  // with no rate said (no result).
  enum class Kind { kTip, kSplit, kTipRateNeeded };
  Kind kind = Kind::kTip;
  long double amount = 0;
  long double by = 0;  // kTip: the percent; kSplit: the people (a whole number >= 1)
  long double Result() const { return kind == Kind::kSplit ? amount / by : amount * by / 100; }
};

std::optional<BillQuestion> ParseBillQuestion(std::string_view normalized);

// The two figures a short story states and no other number: `first` and then `second` must each
// match the story exactly once (a match's first non-empty group is its figure), and no digit,
// percent sign, Chinese numeral or English number word may remain once both are cut out (the
// numerals of fixed words such as 一顿饭, 一起, 一共, 点了 aside) — "dinner came to $186.40 and
// there are 4 of us" (money, people). nullopt too when the amount already holds the
// percentage ("included", "after", "already", "net of", 含, 已) or the percentage is of
// something else ("12% of our customers", 12%的客户). {first, second}, or nullopt.
// `text` with every match of `p` cut out (a space in its place), and how many there were; the
// first match's figure (its first non-empty group) goes to `first`. Shared by the story readers.
int CutMatches(std::string& text, const re2::RE2& p, std::string& first);

// An amount of money in an English story, its figure the pattern's first non-empty group: "$80",
// "80 dollars", "45 euros".
const std::string& StoryMoneyPattern();

std::optional<std::pair<long double, long double>> StoryFigures(std::string story,
                                                                const re2::RE2& first,
                                                                const re2::RE2& second);

}  // namespace askdb::agent
