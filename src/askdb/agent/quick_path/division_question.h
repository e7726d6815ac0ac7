// Whole-number division questions for the quick path: whether one number divides another
// ("is 126 divisible by 8", "can 57 be divided evenly by 3", "126能被8整除吗") and how many
// times one goes into another ("how many times does 8 go into 2000", "how many times can 12
// go into 600"), and whether a number is prime ("is 97 a prime number", "91是质数吗"). They are not
// expressions, so the arithmetic parser does not read them.
//
// Like the percentage parser, ParseDivisionQuestion reads the whole (normalised) request or
// nothing, and the classifier uses it as its rule. Both numbers must be whole and the divisor
// not zero: "is 7.5 divisible by 2" has no yes-or-no answer and falls through.
//
// Thread-safety: pure functions; safe from any thread.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace askdb::agent {

struct DivisionQuestion {
  // kDivisible: yes or no; kTimesInto: the whole quotient and the remainder; kPrime: whether
  // the dividend is prime (divisor: its smallest factor above 1, or the number itself).
  enum class Kind { kDivisible, kTimesInto, kPrime };
  Kind kind = Kind::kDivisible;
  int64_t dividend = 0;
  int64_t divisor = 0;  // never 0
  int64_t quotient() const { return dividend / divisor; }
  int64_t remainder() const { return dividend % divisor; }
};

std::optional<DivisionQuestion> ParseDivisionQuestion(std::string_view normalized);

}  // namespace askdb::agent
