// CountStatedAmounts: how many amounts a request states as its own inputs — "we had 3,400
// visitors and 238 bought", "UV是一万二，下单的有八百四" — as opposed to the numbers a data
// question filters or ranks by (dates and times, "top 10", "between 5000 and 10000", "超过50",
// "grade 9 or 10", "q4"). A request that states two amounts and asks about them is a computation
// of them, whatever its words (round 21, docs/classifier.md); the intent model, which reads
// words, took them for data questions.
#pragma once

#include <string_view>

namespace askdb::agent {

// Over a normalised request (text::NormalizeForMatch: lower case, half-width).
int CountStatedAmounts(std::string_view normalized);

}  // namespace askdb::agent
