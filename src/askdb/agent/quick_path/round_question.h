// Rounding questions for the quick path: "round 3.14159 to two decimals" (3.14), "what is
// 7.456 rounded to the nearest tenth" (7.5), "round 1234 to the nearest hundred" (1200),
// "3.14159保留两位小数", "把12.345四舍五入到一位小数", "2567四舍五入到百位". The arithmetic
// parser does not read them. An expression may stand for the number ("22/7 to 2 dp",
// "10除以3保留两位小数"): its value, printed as the arithmetic answer prints it, is rounded.
//
// Like the percentage parser, ParseRoundQuestion reads the whole (normalised) request or
// nothing, and the classifier uses it as its rule. The number must be written in digits, or be
// an expression, and the place said ("round 3.7 up", "round to two significant figures" fall
// through).
//
// Rounding is done on the decimal digits as written, half away from zero (四舍五入, school
// rounding): 19.995 to two decimals is 20.00 — a binary double would hold 19.99499… and give
// 19.99. Decimal places are kept as asked ("to 2 decimals" answers 20.00, not 20).
//
// Thread-safety: pure functions; safe from any thread.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace askdb::agent {

struct RoundQuestion {
  std::string number;  // as written, digits only: "-19.995" (thousands separators removed)
  // Decimal places to keep: 2 → hundredths, 0 → a whole number, -2 → the nearest hundred.
  int places = 0;
  // The expression whose value `number` is ("22/7"), or empty when the number was written.
  std::string expression;
  // The rounded number as decimal text, with `places` decimals when places > 0.
  std::string Result() const;
  // The number as the answer names it: "22/7 (= 3.14285714286)", or the number written.
  std::string Shown() const;
};

std::optional<RoundQuestion> ParseRoundQuestion(std::string_view normalized);

}  // namespace askdb::agent
