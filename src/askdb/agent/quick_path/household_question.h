// Household money questions the quick path reads as the expression the arithmetic parser
// evaluates (like WordProblemExpression), so the classifier's reading and the answer agree:
//   - overtime pay at a stated multiple: "paid $20/hour, overtime is 1.5x, how much for 6
//     overtime hours" (20*1.5*6), 时薪30元，加班按1.5倍，加班8小时多少钱;
//   - an instalment without interest: "phone is 6999, 12 months no interest, monthly payment"
//     (6999/12), 手机5999分24期免息，每期多少 — only when no interest is said;
//   - saving for a goal: "need 12000 for a trip in 8 months, how much to save per month",
//     "saving 1200 a month, how long to get to 9000" (9000/1200, 8 whole months: savings go in
//     monthly), 每月存2000，多少个月能攒够3万.
// Money results are shown to the cent (5999/24 = 249.96), months rounded up (HouseholdValue).
// Precision first: the whole request is one of these shapes or nothing is read.
//
// Thread-safety: pure function; safe from any thread.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace askdb::agent {

// What the expression's value is: money (to the cent) or a count of whole months (rounded up).
enum class HouseholdResult { kMoney, kWholeMonths };

struct HouseholdQuestion {
  std::string expression;  // "9000/1200"
  HouseholdResult result = HouseholdResult::kMoney;
};

// `normalized`: lower case, NFKC (the classifier's text). nullopt when the request is none of
// the shapes above, read whole.
std::optional<HouseholdQuestion> ParseHouseholdQuestion(std::string_view normalized);
// The expression of ParseHouseholdQuestion alone.
std::optional<std::string> HouseholdExpression(std::string_view normalized);

// The answer from the expression's exact value: money rounded to the cent (249.958333 ->
// 249.96), months rounded up (7.5 -> 8).
long double HouseholdValue(HouseholdResult result, long double exact);

}  // namespace askdb::agent
