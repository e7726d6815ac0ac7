// Simple interest told in everyday words, for the quick path: "what's the simple interest on
// 5000 at 4% for 3 years" (600), "if i get 3.5% a year simple interest on 12000, what's the
// interest after 2 years" (840), 贷款10万，年利率4.5%，单利3年利息多少 (13500),
// 2万5存一年，年利率3%， 利息多少 (750). Like DiscountExpression, it returns the expression the
// arithmetic parser reads
// ("5000*4%*3"), so the classifier's reading and the answer cannot disagree.
//
// Precision first: over more than one year simple and compound interest differ, so the request
// must say simple (单利) then; a request about months, compounding or the total with the
// principal (本息, "in total") is not read, nor one with any number besides the principal, the
// rate and the years.
//
// Thread-safety: pure function; safe from any thread.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace askdb::agent {

// `normalized`: lower case, NFKC (the classifier's text). nullopt when the request is not a
// simple-interest question read whole.
std::optional<std::string> SimpleInterestExpression(std::string_view normalized);

}  // namespace askdb::agent
