// Textbook and office word problems, for the quick path, read as the expression the arithmetic
// parser evaluates (like SimpleInterestExpression), so the classifier's reading and the answer
// cannot disagree:
//   - a price for a count, asked for another count: "pens are 3 for $2, how much for 12"
//     (2/3*12), "if 5 notebooks cost 35 yuan, how much do 8 cost", 3个苹果5元，15个苹果多少钱;
//   - a recipe scaled: "a recipe for 4 people needs 300g of flour, how much for 6 people",
//     食谱4人份用200克面粉，6人份要多少克;
//   - an amount spread over months: "i want to save $6,000 in 8 months, how much per month",
//     "a budget of 54,000 over 12 months, how much per month", 我想一年存下3万，每个月要存多少;
//   - the hours or minutes between two clock times: "how many hours between 09:30 and 17:45",
//     从9:30到17:45一共多少小时.
// Precision first: only direct proportions whose roles the words fix (a price, a recipe), the
// same item or measure on both sides; an inverse proportion (workers and days) is never read, nor
// a span that ends before it starts (overnight).
//
// Thread-safety: pure function; safe from any thread.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace askdb::agent {

// `normalized`: lower case, NFKC (the classifier's text). nullopt when the request is none of
// the word problems above, read whole.
std::optional<std::string> WordProblemExpression(std::string_view normalized);

}  // namespace askdb::agent
