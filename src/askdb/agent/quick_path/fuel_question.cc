#include "askdb/agent/quick_path/fuel_question.h"

#include <re2/re2.h>

#include <algorithm>
#include <initializer_list>
#include <iterator>

#include "askdb/agent/quick_path/arithmetic.h"
#include "askdb/agent/quick_path/utf8_pattern.h"

namespace askdb::agent {
namespace {

const std::string kNum = "([0-9]+(?:,[0-9]{3})*(?:\\.[0-9]+)?)";
const std::string kEnd = "\\s*(?:please)?\\s*[?.!？。！]*";
const std::string kLitres = "(?:l|liters?|litres?)";

// The numbers joined by `op` ("7*450/100" from {"7", "*", "450"…}), or nullopt when one is no
// number or a divisor is 0.
std::optional<std::string> Joined(std::initializer_list<std::string_view> parts) {
  std::string out;
  bool divisor = false;
  for (std::string_view p : parts) {
    if (p == "*" || p == "/") {
      divisor = p == "/";
      out += p;
      continue;
    }
    const auto n = ParseWholeNumber(p);
    if (!n || (divisor && *n <= 0)) return std::nullopt;
    out += FormatNumber(*n);
  }
  return out;
}

// 百公里油耗7升，开450公里要多少升油; "450 km trip at 7 l/100km, petrol 1.8 per litre, fuel cost?"
std::optional<std::string> TripFuel(std::string_view s) {
  static const Utf8Pattern zh_litres("^(?:我的车)?(?:每)?百公里油耗(?:是|为)?" + kNum +
                                     "\\s*(?:升|l)\\s*[,，]\\s*(?:开|跑|行驶)了?" + kNum +
                                     "\\s*公里(?:要|需要|得)?(?:用|耗|烧)?(?:多少|几)升(?:油)?" +
                                     kEnd + "$");
  static const Utf8Pattern en_cost(
      "^(?:a |the |my )?" + kNum + "\\s*km (?:trip|drive|journey) at " + kNum + "\\s*" + kLitres +
      "\\s*/\\s*100\\s*km\\s*,?\\s*(?:petrol|gas|fuel|diesel)(?: is| at| costs?)? \\$?" + kNum +
      "\\s*(?:a|per|/)\\s*" + kLitres +
      "\\s*,?\\s*(?:what(?:'s| is) the |how much is the )?"
      "(?:fuel|petrol|gas) cost" +
      kEnd + "$");
  std::string per100, distance, price;
  if (zh_litres.FullMatch(s, &per100, &distance))
    return Joined({per100, "*", distance, "/", "100"});
  if (en_cost.FullMatch(s, &distance, &per100, &price)) {
    return Joined({distance, "/", "100", "*", per100, "*", price});
  }
  return std::nullopt;
}

// 油价7.8元一升，加了45升，多少钱; "drove 320 miles on 10 gallons, what's my mpg".
std::optional<std::string> FillOrMileage(std::string_view s) {
  static const Utf8Pattern zh_fill(
      "^油价(?:是|为)?" + kNum + "\\s*(?:元|块)?\\s*(?:一|每|/)\\s*升\\s*[,，]\\s*(?:我)?加了?" +
      kNum + "\\s*升(?:油)?\\s*[,，]?\\s*(?:一共|总共)?(?:要|需要)?(?:多少钱|几块钱)" + kEnd + "$");
  static const Utf8Pattern en_mpg("^(?:i )?(?:drove|went|did|traveled|travelled) " + kNum +
                                  " miles (?:on|with|using) " + kNum +
                                  " gallons\\s*,?\\s*(?:what(?:'s| is) my |how many )?"
                                  "(?:mpg|miles per gallon|gas mileage)" +
                                  kEnd + "$");
  std::string a, b;
  if (zh_fill.FullMatch(s, &a, &b)) return Joined({a, "*", b});
  if (en_mpg.FullMatch(s, &a, &b)) return Joined({a, "/", b});
  return std::nullopt;
}

}  // namespace

std::optional<std::string> FuelExpression(std::string_view normalized) {
  // Every shape names fuel or its consumption; most requests name none.
  constexpr std::string_view kCues[] = {"油", "100km", "100 km", "gallon", "mpg"};
  if (normalized.size() > 200 || std::none_of(std::begin(kCues), std::end(kCues), [&](auto w) {
        return normalized.find(w) != std::string_view::npos;
      })) {
    return std::nullopt;
  }
  if (auto e = TripFuel(normalized)) return e;
  return FillOrMileage(normalized);
}

}  // namespace askdb::agent
