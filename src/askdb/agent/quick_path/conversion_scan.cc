#include "askdb/agent/quick_path/conversion_scan.h"

#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <string>

#include "askdb/agent/quick_path/arithmetic.h"
#include "askdb/agent/quick_path/utf8_pattern.h"

namespace askdb::agent {
namespace {

// "半斤", "半小时": half of a unit.
constexpr std::string_view kHalf = "半";
constexpr std::string_view kBelowZero = "零下";
constexpr std::string_view kCounter = "个";  // "半个小时"

bool IsAsciiAlnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

size_t Utf8CharLength(unsigned char c) {
  if (c < 0x80) return 1;
  if ((c & 0xE0) == 0xC0) return 2;
  if ((c & 0xF0) == 0xE0) return 3;
  if ((c & 0xF8) == 0xF0) return 4;
  return 1;
}

// "1米8" (1.8 m), "一米七五" (1.75 m): a height spoken in metres and tenths. When the unit just
// scanned is 米 right after a number and one or two digits follow it with no unit after them,
// they are the decimals of the amount; returns the bytes they span (0 when none).
size_t SpokenMetreTenths(std::string_view s, std::vector<ScanItem>& items) {
  if (items.size() < 2) return 0;
  ScanItem& unit = items.back();
  ScanItem& amount = items[items.size() - 2];
  if (amount.is_unit || amount.end != unit.begin ||
      s.substr(unit.begin, unit.end - unit.begin) != "米") {
    return 0;
  }
  static constexpr std::string_view kDigits[] = {"零", "一", "二", "三", "四",
                                                 "五", "六", "七", "八", "九"};
  std::string decimals;
  size_t at = unit.end;
  while (decimals.size() < 2 && at < s.size()) {
    if (s[at] >= '0' && s[at] <= '9') {
      decimals += s[at++];
      continue;
    }
    const auto* d = std::find(std::begin(kDigits), std::end(kDigits), s.substr(at, 3));
    if (d == std::end(kDigits)) break;
    decimals += static_cast<char>('0' + (d - std::begin(kDigits)));
    at += 3;
  }
  // Not when more digits or a numeral follow ("1米800毫米" is not read as a height).
  if (decimals.empty() || ParseNumberPrefix(s.substr(at))) return 0;
  amount.number += std::strtold(("0." + decimals).c_str(), nullptr);
  return at - unit.end;
}

// "华氏100度", "摄氏零下10度": a temperature scale named before its amount and 度 after it.
// The scale's item moves after the amount, so the amount is read in it; returns the bytes of
// 度 (0 when the shape is not there). Until session 13 the rule did not read these, and the
// scan alone would have read "华氏100度是多少摄氏度" as 100 摄氏度.
size_t TemperatureBeforeAmount(std::string_view s, size_t at, std::vector<ScanItem>& items) {
  constexpr std::string_view kDegree = "度";
  if (items.size() < 2 || s.compare(at, kDegree.size(), kDegree) != 0) return 0;
  ScanItem& scale = items[items.size() - 2];
  if (!scale.is_unit || scale.unit->dimension != "temperature") return 0;
  // Only right before the amount, or before 零下 and the amount.
  const std::string_view between = s.substr(scale.end, items.back().begin - scale.end);
  if (!between.empty() && between != kBelowZero) return 0;
  std::swap(scale, items.back());
  return kDegree.size();
}

// One pass over a request. Each Read… step tries its shape at byte `i` and returns the bytes
// it read (0: not its shape), so the pass is a list of shapes tried in order.
class Scanner {
 public:
  Scanner(std::string_view s, const UnitTable& units) : s_(s), units_(units) {}

  std::vector<ScanItem> Run(std::string* unread) {
    size_t i = 0;
    while (i < s_.size()) {
      if (const size_t polite = PoliteOnceAt(i); polite > 0) {
        if (unread != nullptr) unread->append(s_.substr(i, polite));
        i += polite;
        continue;
      }
      // Units first: "千克" is a unit, not the numeral 千 followed by 克.
      size_t read = ReadUnit(i);
      if (read == 0) read = ReadHalfOfAUnit(i);
      if (read == 0 && (i == 0 || s_[i - 1] == ' ')) read = ReadArticle(i);
      if (read == 0 && (i == 0 || s_[i - 1] == ' ')) read = ReadAmountInWords(i);
      if (read == 0) read = ReadBelowZero(i);
      if (read == 0) read = ReadNumber(i);
      if (read == 0) {
        below_zero_ = false;
        read = Utf8CharLength(static_cast<unsigned char>(s_[i]));
        if (unread != nullptr) unread->append(s_.substr(i, read));
      } else if (unread != nullptr) {
        unread->push_back(' ');
      }
      i += read;
    }
    return std::move(items_);
  }

 private:
  // 一下 of a polite lead-in (换算一下, 想问一下) is no amount of one; 一下午 is an afternoon.
  size_t PoliteOnceAt(size_t at) const {
    constexpr std::string_view kOnce = "一下";
    if (s_.compare(at, kOnce.size(), kOnce) != 0) return 0;
    return s_.compare(at + kOnce.size(), std::string_view("午").size(), "午") == 0 ? 0
                                                                                   : kOnce.size();
  }

  // 宝宝体温38.5度，是多少华氏度: 度 right after an amount, with Fahrenheit named later as the
  // target, is Celsius (the everyday scale in Chinese); returns the bytes of 度. An angle or a
  // kilowatt-hour (度 of electricity) names no Fahrenheit, and a scale named before the amount
  // (华氏100度) is read by TemperatureBeforeAmount first.
  size_t CelsiusDegreeAfter(size_t at) {
    constexpr std::string_view kDegree = "度";
    if (s_.compare(at, kDegree.size(), kDegree) != 0 || UnitLengthAt(at) != 0) return 0;
    if (!FahrenheitIsTheTarget(s_.substr(at + kDegree.size()))) return 0;
    size_t length = 0;
    const Unit* celsius = UnitNamedAt("摄氏度", 0, units_, length);
    if (celsius == nullptr) return 0;
    items_.push_back(ScanItem{true, 0, celsius, at, at + kDegree.size()});
    return kDegree.size();
  }

  // Whether the text after a bare 度 asks for Fahrenheit: 华氏 (fahrenheit) right after a target
  // word (是多少华氏度, 换成华氏, "in fahrenheit"), Celsius not named, and 华氏 not the scale of
  // the amount itself (100度（华氏）是多少摄氏度).
  static bool FahrenheitIsTheTarget(std::string_view rest) {
    static const Utf8Pattern own_scale("^[\\s(（\\[【]*(?:华氏|fahrenheit)");
    static const Utf8Pattern target(
        "(?:多少|几|成|为|到|是|等于|\\bto|\\bin|\\binto)\\s*(?:华氏|fahrenheit)");
    if (own_scale.PartialMatch(rest) || rest.find("摄氏") != std::string_view::npos ||
        rest.find("celsius") != std::string_view::npos) {
      return false;
    }
    return target.PartialMatch(rest);
  }

  // The length of the unit name at `at`, 0 when none starts there.
  size_t UnitLengthAt(size_t at) const {
    size_t length = 0;
    return UnitNamedAt(s_, at, units_, length) != nullptr ? length : 0;
  }
  size_t AfterSpaces(size_t at) const {
    while (at < s_.size() && s_[at] == ' ') ++at;
    return at;
  }

  // A unit name, with the decimals of a spoken height or a half after it.
  size_t ReadUnit(size_t i) {
    size_t unit_len = 0;
    const Unit* unit = UnitNamedAt(s_, i, units_, unit_len);
    if (unit == nullptr) return 0;
    items_.push_back(ScanItem{true, 0, unit, i, i + unit_len});
    size_t end = i + unit_len;
    end += SpokenMetreTenths(s_, items_);
    return end + HalfAfterUnit(end) - i;
  }

  // "一斤半" (1.5 斤), "两天半", "一米半": 半 right after a unit that follows a number is half a
  // unit more. Not when another unit follows 半 ("半斤" is then an amount of its own). Until
  // session 13 the scan would have read "一斤半是多少克" as 1 斤.
  size_t HalfAfterUnit(size_t at) {
    if (items_.size() < 2 || items_[items_.size() - 2].is_unit) return 0;
    if (items_[items_.size() - 2].end != items_.back().begin) return 0;
    if (s_.compare(at, kHalf.size(), kHalf) != 0) return 0;
    if (UnitLengthAt(at + kHalf.size()) != 0) return 0;
    items_[items_.size() - 2].number += 0.5L;
    return kHalf.size();
  }

  // "半斤", "半小时", "半个小时": half of a unit, with no number before it.
  size_t ReadHalfOfAUnit(size_t i) {
    if (s_.compare(i, kHalf.size(), kHalf) != 0) return 0;
    size_t end = i + kHalf.size();
    if (s_.compare(end, kCounter.size(), kCounter) == 0) end += kCounter.size();
    if (UnitLengthAt(end) == 0) return 0;
    items_.push_back(ScanItem{false, 0.5L, nullptr, i, end});
    return end - i;
  }

  // "how many ounces in a pound": an article before a unit is one of it.
  size_t ReadArticle(size_t i) {
    for (std::string_view word : {"a ", "an ", "one "}) {
      if (s_.compare(i, word.size(), word) == 0 && UnitLengthAt(i + word.size()) != 0) {
        items_.push_back(ScanItem{false, 1, nullptr, i, i + word.size() - 1});
        return word.size();
      }
    }
    return 0;
  }

  // "four inches", "a hundred kilometers", "two and a half cups", "half a cup": an amount in
  // words, when a unit follows it.
  size_t ReadAmountInWords(size_t i) {
    const auto words = ParseEnglishAmountPrefix(s_.substr(i));
    if (!words) return 0;
    size_t end = i + words->length;
    const size_t half = AndAHalfLength(s_.substr(end));
    const long double value = words->value + (half > 0 ? 0.5L : 0);
    end += half;
    if (UnitLengthAt(AfterSpaces(end)) == 0) return 0;
    items_.push_back(ScanItem{false, value, nullptr, i, end});
    return end - i;
  }

  // "零下四十摄氏度": below zero (零 would otherwise be read as the number 0).
  size_t ReadBelowZero(size_t i) {
    if (s_.compare(i, kBelowZero.size(), kBelowZero) != 0) return 0;
    below_zero_ = true;
    return kBelowZero.size();
  }

  // A number in digits or numerals, with a half after it, its sign, and a temperature scale
  // named before it moved after it.
  size_t ReadNumber(size_t i) {
    const auto num = ParseNumberPrefix(s_.substr(i));
    if (!num) return 0;
    ScanItem item = NumberBeforeLongestUnit(i, *num);
    AddHalfBeforeUnit(item);
    if (i > 0 && s_[i - 1] == '-' && (i == 1 || s_[i - 2] == ' ')) item.number = -item.number;
    if (below_zero_) item.number = -item.number;
    below_zero_ = false;
    items_.push_back(item);
    if (const size_t scale = TemperatureBeforeAmount(s_, item.end, items_); scale > 0) {
      return item.end - i + scale;
    }
    return item.end - i + CelsiusDegreeAfter(item.end);
  }

  // "100千克" is 100 kg, not 100 千 克: when shortening the number by trailing multipliers lets
  // a longer unit name start, that split is the number.
  ScanItem NumberBeforeLongestUnit(size_t i, const ParsedNumber& num) const {
    size_t best_len = num.length;
    long double best_value = num.value;
    size_t best_unit = 0;
    for (size_t len = num.length; len > 0;) {
      auto part = ParseNumberPrefix(s_.substr(i, len));
      if (!part || part->length != len) break;
      const size_t unit_len = UnitLengthAt(AfterSpaces(i + len));
      if (unit_len != 0 && unit_len > best_unit) {
        best_unit = unit_len;
        best_len = len;
        best_value = part->value;
      }
      if (len < 3) break;
      len -= 3;  // drop one trailing CJK multiplier (3 UTF-8 bytes)
    }
    return ScanItem{false, best_value, nullptr, i, i + best_len};
  }

  // "一个半小时", "两个半小时", "3个半月", "2 and a half cups": a half more, when a unit follows.
  void AddHalfBeforeUnit(ScanItem& item) const {
    for (std::string_view half : {std::string_view("个半"), std::string_view("半")}) {
      if (s_.compare(item.end, half.size(), half) == 0 &&
          UnitLengthAt(item.end + half.size()) != 0) {
        item.number += 0.5L;
        item.end += half.size();
        break;
      }
    }
    if (const size_t half = AndAHalfLength(s_.substr(item.end)); half > 0) {
      if (UnitLengthAt(AfterSpaces(item.end + half)) != 0) {
        item.number += 0.5L;
        item.end += half;
      }
    }
  }

  std::string_view s_;
  const UnitTable& units_;
  std::vector<ScanItem> items_;
  bool below_zero_ = false;  // 零下 just read
};

// "72f in c", "30 c to f": a bare c or f names a temperature scale only right after a number
// ("72f", "30 c") or as the last word after in, to or into (the target); elsewhere a lone
// letter names nothing ("plan c", "grade f"). Returns the °C or °F unit, or nullptr.
const Unit* TemperatureLetterAt(std::string_view s, size_t at, const UnitTable& units) {
  const char letter = s[at];
  if ((letter != 'c' && letter != 'f') || (at + 1 < s.size() && IsAsciiAlnum(s[at + 1]))) {
    return nullptr;
  }
  const std::string_view name = letter == 'c' ? "°c" : "°f";
  const bool after_number =
      (at >= 1 && IsDigit(s[at - 1])) || (at >= 2 && s[at - 1] == ' ' && IsDigit(s[at - 2]));
  if (after_number) return units.Find(name);
  const std::string_view before = s.substr(0, at);
  const bool after_target_word =
      before.ends_with(" in ") || before.ends_with(" to ") || before.ends_with(" into ");
  const std::string_view after = s.substr(at + 1);
  const bool last_word = after.find_first_not_of(" ?.!") == std::string_view::npos;
  return after_target_word && last_word ? units.Find(name) : nullptr;
}

}  // namespace

std::vector<ScanItem> ScanConversion(std::string_view s, const UnitTable& units,
                                     std::string* unread) {
  return Scanner(s, units).Run(unread);
}

const Unit* UnitNamedAt(std::string_view s, size_t at, const UnitTable& units, size_t& length) {
  if (at >= s.size()) return nullptr;
  // Inside a Latin word no ASCII name starts (the test below, for every name at once).
  if (IsAsciiAlnum(s[at]) && at > 0 &&
      ((IsAsciiAlnum(s[at - 1]) && !(s[at - 1] >= '0' && s[at - 1] <= '9')) || s[at - 1] == '\'')) {
    return nullptr;
  }
  for (const std::string& name : units.NamesStartingAt(s, at)) {
    if (s.compare(at, name.size(), name) != 0) continue;
    // ASCII names stand alone: the "m" in "5m" counts, the "m" in "mile" does not.
    if (IsAsciiAlnum(name.front()) && at > 0 && IsAsciiAlnum(s[at - 1]) &&
        !(s[at - 1] >= '0' && s[at - 1] <= '9')) {
      continue;
    }
    // Nor after an apostrophe: the "s" of "what's" is not seconds.
    if (IsAsciiAlnum(name.front()) && at > 0 && s[at - 1] == '\'') continue;
    const size_t end = at + name.size();
    if (IsAsciiAlnum(name.back()) && end < s.size() && IsAsciiAlnum(s[end])) continue;
    length = name.size();
    return units.Find(name);
  }
  if (const Unit* scale = TemperatureLetterAt(s, at, units)) {
    length = 1;
    return scale;
  }
  return nullptr;
}

namespace {

// Whether `s` names a number and two unit names (the unit of an amount and a target), or with
// `any_cue` a number or a unit name at all: one scan that stops as soon as it knows.
bool NamesNumberAndUnits(std::string_view s, const UnitTable& units, bool any_cue) {
  bool number = false;
  int unit_names = 0;
  size_t step = 1;
  for (size_t at = 0; at < s.size(); at += step) {
    if (UnitNamedAt(s, at, units, step) != nullptr) {
      ++unit_names;
    } else if (s.compare(at, std::string_view("度").size(), "度") == 0) {
      ++unit_names;  // Celsius after an amount (Scanner::CelsiusDegreeAfter)
      step = std::string_view("度").size();
    } else if (NumberCueAt(s, at, step)) {
      number = true;
    } else if (step == 1) {
      step = Utf8CharLength(static_cast<unsigned char>(s[at]));  // a whole character
    }
    if (any_cue ? (number || unit_names > 0) : (number && unit_names >= 2)) return true;
  }
  return false;
}

}  // namespace

bool MayBeConversion(std::string_view s, const UnitTable& units) {
  return NamesNumberAndUnits(s, units, /*any_cue=*/false);
}

std::string WithCompoundAmountsSpelled(std::string_view s) {
  bool cue = false;  // a digit right before ' or h
  for (size_t i = 1; i < s.size() && !cue; ++i) {
    cue = (s[i] == '\'' || s[i] == 'h') && s[i - 1] >= '0' && s[i - 1] <= '9';
  }
  std::string out(s);
  if (!cue) return out;
  static const Utf8Pattern feet_inches(
      "(^|[^0-9a-z.'])([0-9]{1,2})'\\s?([0-9]{1,2}(?:\\.[0-9]+)?)(?:\"|''|”)");
  static const Utf8Pattern hours_minutes(
      "(^|[^0-9a-z.])([0-9]{1,3})\\s?h\\s?([0-9]{1,2})\\s?m(?:in)?([^a-z]|$)");
  re2::StringPiece lead, big, small, tail;
  while (RE2::PartialMatch(out, feet_inches.re, &lead, &big, &small)) {
    const size_t begin = lead.data() + lead.size() - out.data();
    const size_t end = small.data() + small.size() - out.data();
    const size_t mark = out.compare(end, 1, "\"") == 0 ? 1 : out.compare(end, 2, "''") == 0 ? 2 : 3;
    // 5'13" is no height: inches past 11 are a typo or another notation, and no reading is
    // better than a wrong one (it had been 73 in).
    if (std::stold(std::string(small)) >= 12) return std::string(s);
    const long double inches = std::stold(std::string(big)) * 12 + std::stold(std::string(small));
    out.replace(begin, end + mark - begin, FormatNumber(inches) + " inch");
  }
  while (RE2::PartialMatch(out, hours_minutes.re, &lead, &big, &small, &tail)) {
    const size_t begin = lead.data() + lead.size() - out.data();
    const size_t end = tail.data() - out.data();
    const long double minutes = std::stold(std::string(big)) * 60 + std::stold(std::string(small));
    out.replace(begin, end - begin, FormatNumber(minutes) + " min");
  }
  return out;
}

std::string_view WithoutNumberlessLeadClause(std::string_view s, const UnitTable& units) {
  const size_t comma = std::min(s.find(','), s.find("，"));
  if (comma == std::string_view::npos) return s;
  if (NamesNumberAndUnits(s.substr(0, comma), units, /*any_cue=*/true)) return s;
  return s.substr(s.compare(comma, 1, ",") == 0 ? comma + 1
                                                : comma + std::string_view("，").size());
}

RateStatement TakeRateStatement(std::string_view text, std::vector<ScanItem>& items) {
  for (size_t k = 0; k + 2 < items.size(); ++k) {
    const ScanItem& r = items[k];
    const ScanItem& a = items[k + 1];
    const ScanItem& b = items[k + 2];
    if (r.is_unit || !a.is_unit || !b.is_unit || !a.unit->needs_rate || !b.unit->needs_rate ||
        a.unit == b.unit || items.size() < 5) {
      continue;
    }
    const std::string_view between = text.substr(a.end, b.begin - a.end);
    static constexpr std::string_view kPer[] = {" per ",    " to the ",   " to a ",
                                                " to one ", " for each ", " for one ",
                                                " for a ",  " a ",        "/"};
    if (std::find(std::begin(kPer), std::end(kPer), between) == std::end(kPer)) continue;
    RateStatement out{b.unit, a.unit, r.number};
    items.erase(items.begin() + k, items.begin() + k + 3);
    return out;
  }
  for (size_t k = 0; k + 3 < items.size(); ++k) {
    const ScanItem& one = items[k];
    const ScanItem& a = items[k + 1];
    const ScanItem& r = items[k + 2];
    const ScanItem& b = items[k + 3];
    if (one.is_unit || one.number != 1 || !a.is_unit || r.is_unit || !b.is_unit) continue;
    if (!a.unit->needs_rate || !b.unit->needs_rate || a.unit == b.unit) continue;
    // An amount (and a target, or the rate's other currency) must remain besides it.
    if (items.size() < 6) return {};
    RateStatement out{a.unit, b.unit, r.number};
    items.erase(items.begin() + k, items.begin() + k + 4);
    return out;
  }
  // "at 0.92 per dollar": R of the request's other currency per one of this one. Said after
  // "at" or "@", and the request names exactly one other currency ("320 euros in dollars at 0.92
  // per dollar": 0.92 euros per dollar) besides an amount.
  for (size_t k = 0; k + 1 < items.size(); ++k) {
    const ScanItem& r = items[k];
    const ScanItem& b = items[k + 1];
    if (r.is_unit || !b.is_unit || !b.unit->needs_rate || items.size() < 4) continue;
    const std::string_view between = text.substr(r.end, b.begin - r.end);
    if (between != " per " && between != "/" && between != " for each " && between != " a ") {
      continue;
    }
    std::string_view before = text.substr(0, r.begin);
    while (!before.empty() && before.back() == ' ') before.remove_suffix(1);
    if (!before.ends_with(" at") && !before.ends_with("@")) continue;
    const Unit* other = nullptr;
    bool amount = false, clear = true;
    for (size_t j = 0; j < items.size(); ++j) {
      if (j == k || j == k + 1) continue;
      if (!items[j].is_unit) {
        amount = true;
      } else if (!items[j].unit->needs_rate) {
        clear = false;
      } else if (items[j].unit != b.unit) {
        clear = clear && (other == nullptr || other == items[j].unit);
        other = items[j].unit;
      }
    }
    if (!clear || !amount || other == nullptr) return {};
    RateStatement out{b.unit, other, r.number};
    items.erase(items.begin() + k, items.begin() + k + 2);
    return out;
  }
  return {};
}

bool MentionsAnAmount(std::string_view s) {
  if (std::any_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; })) return true;
  if (s.find("半") != std::string_view::npos) return true;
  static constexpr std::string_view kPartWords[] = {"half",  "halves", "quarter", "quarters",
                                                    "third", "thirds", "dozen",   "couple",
                                                    "few",   "several"};
  for (size_t i = 0; i < s.size(); ++i) {
    if (i > 0 && IsAsciiAlnum(s[i - 1])) continue;
    if (auto words = ParseEnglishAmountPrefix(s.substr(i)); words && s.substr(i, 3) != "one") {
      return true;
    }
    for (std::string_view w : kPartWords) {
      const size_t end = i + w.size();
      if (s.compare(i, w.size(), w) == 0 && (end == s.size() || !IsAsciiAlnum(s[end]))) return true;
    }
  }
  return false;
}

}  // namespace askdb::agent
