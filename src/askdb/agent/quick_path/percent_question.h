// Percentage questions for the quick path: what share one number is of another ("20是80的
// 百分之几", "what percent of 80 is 20", "20 is what percentage of 80") and the relative
// change between two numbers ("从80增长到100增长了百分之多少", "percent change from 80 to
// 100"). They are not expressions, so the arithmetic parser does not read them.
//
// Like the date parser, ParsePercentQuestion reads the whole (normalised) request or nothing,
// and the classifier uses it as its rule: the quick path never answers a percentage question
// it did not understand. Both operands must be plain numbers ("销售额从80增长到100" is a data
// question and does not parse).
//
// Thread-safety: pure functions; safe from any thread.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace askdb::agent {

struct PercentQuestion {
  // kAsPercent: a fraction written another way, as a percentage ("三成是百分之多少" → 30%).
  enum class Kind { kShare, kChange, kAsPercent };
  Kind kind = Kind::kShare;
  long double a = 0;       // kShare: the part; kChange: the old value; kAsPercent: the fraction
  long double b = 0;       // kShare: the whole; kChange: the new value
  std::string expression;  // kAsPercent: as written ("三成五")
};

std::optional<PercentQuestion> ParsePercentQuestion(std::string_view normalized);

// The percentage: a / b * 100 (share), (b - a) / a * 100 (change, negative for a fall) or
// a * 100 (as a percentage).
// nullopt when the divisor is zero.
std::optional<long double> EvaluatePercentQuestion(const PercentQuestion& q);

}  // namespace askdb::agent
