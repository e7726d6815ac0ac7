// Fuel for a trip, for the quick path, read as the expression the arithmetic parser evaluates
// (like WordProblemExpression):
//   - the fuel a distance takes at a consumption per 100 km: 百公里油耗7升，开450公里要多少升油
//     (7*450/100), and its cost at a stated price: "450 km trip at 7 l/100km, petrol 1.8 per
//     litre, fuel cost?" (450/100*7*1.8);
//   - the price of a fill: 油价7.8元一升，加了45升，多少钱 (7.8*45);
//   - miles per gallon from a distance and the gallons used: "drove 320 miles on 10 gallons,
//     what's my mpg" (320/10).
// Not read: L/100km to mpg and back (US or imperial gallons are not said).
//
// Thread-safety: pure function; safe from any thread.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace askdb::agent {

// `normalized`: lower case, NFKC (the classifier's text). nullopt when the request is none of
// the shapes above, read whole.
std::optional<std::string> FuelExpression(std::string_view normalized);

}  // namespace askdb::agent
