// The digits of an amount of money as the quick path's readers take it (bills, discounts, tax):
// one definition, so that "1,200" is read alike everywhere and "1,2" or "12,15" nowhere (a comma
// groups exactly three digits; before session 27 the bill and discount readers took any commas
// and the tax reader only groups).
//
// Thread-safety: a constant.
#pragma once

namespace askdb::agent {

// One capture group: digits, commas grouping thousands, decimals ("80", "1,200", "45.50").
inline constexpr char kMoneyNumber[] = "([0-9]+(?:,[0-9]{3})*(?:\\.[0-9]+)?)";

}  // namespace askdb::agent
