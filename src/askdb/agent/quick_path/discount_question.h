// A price with a Chinese discount asked around it, in any order (round 15, blind set 7 develop):
// "原价680打八五折多少钱", "680的东西打八五折后多少钱", "打八五折后原价680的东西多少钱",
// "标价1200元， 打7折是多少". The arithmetic parser reads only "680打八五折"; these carry the
// price's name (原价, 标价), the thing bought (的东西, 的外套) and the ask (多少钱, 到手价是多少)
// around it.
//
// A percentage off a price or lost from an amount told as a short story, the question last, is
// read the same way (session 23): "a shirt costs $40 and it's 25% off, what do i pay" → "25% off
// 40", 我存了5万,亏了12%,还剩多少 → "50000减少12%".
//
// DiscountExpression reads the whole (normalised) request or nothing and returns the expression
// the arithmetic parser reads ("680打八五折"); the classifier uses it as its rule (simple.discount)
// and the quick path answers that expression, so the two cannot disagree.
//
// Thread-safety: pure function; safe from any thread.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace askdb::agent {

std::optional<std::string> DiscountExpression(std::string_view normalized);

}  // namespace askdb::agent
