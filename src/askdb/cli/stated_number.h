// Whether an answer's text states a figure as a whole number, not as digits inside another
// one: "8" is stated in "8 orders", not in "2018" or "8,000".
#pragma once

#include <string_view>

namespace askdb::cli {

bool StatesNumber(std::string_view text, std::string_view number);

}  // namespace askdb::cli
