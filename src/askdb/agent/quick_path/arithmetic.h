// Arithmetic for the quick path: a recursive-descent evaluator for the expressions people
// type ("3.5*(2+4)", "1,234.5 × 2", "三百五十加一千二百零五", "2的10次方", "百分之二十",
// "20% of 350", "1.2万/3"), Chinese numerals, and a formatter that prints results without
// binary floating-point noise (0.1+0.2 → "0.3").
//
// Grammar (lowest to highest precedence; see docs/classifier.md for the word forms):
//   expr    := term (('+' | '-') term)*
//   term    := unary (('*' | '/' | '%' | 'mod' | 'of') unary)*
//   unary   := ('-' | '+') unary | power
//   power   := postfix ('^' | '**') unary            (right-associative; -2^2 = -4)
//   postfix := primary ('%' | 平方 | 立方 | 的 … | squared | cubed)*
//   primary := number | '(' expr ')' | sqrt unary | 百分之 unary
// '%' after an operand is a percentage unless another operand follows (10 % 3 = modulo).
// Input is expected in normalised form (text::NormalizeForMatch: full-width → half-width,
// lower case). Evaluation uses long double.
//
// Thread-safety: pure functions; safe from any thread. Never throws; any byte string gives
// a value or an error.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace askdb::agent {

enum class ArithmeticError { kNone, kSyntax, kDivisionByZero, kOverflow, kDomain };

struct ArithmeticResult {
  long double value = 0;
  ArithmeticError error = ArithmeticError::kNone;
  std::string detail;  // for kSyntax: what was unexpected, in English ("unexpected ')' at 5")
  bool ok() const { return error == ArithmeticError::kNone; }
};

ArithmeticResult EvaluateArithmetic(std::string_view expression);

struct ParsedNumber {
  long double value = 0;
  size_t length = 0;  // bytes consumed
};

// Parses the number at the start of `s`: "1,234.5", ".5", "1.2万", "3亿", "三百五十",
// "一千二百零五", "两万", "三点五", "二零二四". nullopt when `s` does not start with one
// (or a thousands separator is misplaced, as in "1,23").
std::optional<ParsedNumber> ParseNumberPrefix(std::string_view s);

// The number `s` spells as a whole ("3,125", "3万", "一"), or nullopt when anything is left over.
std::optional<long double> ParseWholeNumber(std::string_view s);

// An amount in English words at the start of `s`, as written before a unit: "four", "twenty
// five", "a hundred", "half a" (0.5; the article is consumed). Cardinals only: "second" is a
// unit. nullopt when `s` does not start with one.
std::optional<ParsedNumber> ParseEnglishAmountPrefix(std::string_view s);

// The bytes of " and a half" / " and half" at the start of `s` ("two and a half cups",
// "2 and half hours"), or 0.
size_t AndAHalfLength(std::string_view s);

// Whether `s` holds anything the number readers here read: a digit, a Chinese numeral, or a
// whole English number or fraction word ("seven", "half"). Without one no expression has a
// value and no reader of stated numbers takes the text, so callers may skip their patterns.
bool MayHoldNumber(std::string_view s);

// MayHoldNumber's test at byte `at` (a character start, or a Latin word's first letter): whether
// a digit, a Chinese numeral or a whole English number word starts there. `step`: the bytes to
// move on (a whole Latin word, else one byte), so one scan can test other things on the way.
bool NumberCueAt(std::string_view s, size_t at, size_t& step);

// Formats with at most 12 significant digits, no trailing zeros and no exponent for
// ordinary magnitudes; integers up to 2^63 print exactly ("1099511627776").
std::string FormatNumber(long double value);

}  // namespace askdb::agent
