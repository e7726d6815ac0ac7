#include "askdb/agent/quick_path/quick_path.h"

#include <spdlog/spdlog.h>
#include <toml++/toml.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <map>
#include <mutex>
#include <utility>
#include <vector>

#include "askdb/agent/quick_path/age_question.h"
#include "askdb/agent/quick_path/arithmetic.h"
#include "askdb/agent/quick_path/arithmetic_reading.h"
#include "askdb/agent/quick_path/bill_question.h"
#include "askdb/agent/quick_path/conversion_framing.h"
#include "askdb/agent/quick_path/conversion_scan.h"
#include "askdb/agent/quick_path/date_question.h"
#include "askdb/agent/quick_path/discount_question.h"
#include "askdb/agent/quick_path/division_question.h"
#include "askdb/agent/quick_path/fuel_question.h"
#include "askdb/agent/quick_path/household_question.h"
#include "askdb/agent/quick_path/interest_question.h"
#include "askdb/agent/quick_path/percent_question.h"
#include "askdb/agent/quick_path/round_question.h"
#include "askdb/agent/quick_path/spoken_input.h"
#include "askdb/agent/quick_path/stated_rate.h"
#include "askdb/agent/quick_path/tax_question.h"
#include "askdb/agent/quick_path/time_zone.h"
#include "askdb/agent/quick_path/unit_table.h"
#include "askdb/agent/quick_path/word_problem.h"
#include "askdb/agent/quick_path/zone_conversion.h"
#include "askdb/common/clock.h"
#include "askdb/common/file_util.h"
#include "askdb/common/text.h"

namespace askdb::agent {
namespace {

// Requests are answered on their first this-many bytes; quick-path requests are short.
constexpr size_t kMaxRequestBytes = 4096;
constexpr int kSecondsPerDay = 86400;
constexpr int kSecondsPerHour = 3600;
constexpr int kSecondsPerMinute = 60;
constexpr int kHoursPerHalfDay = 12;
constexpr size_t kDaysPerWeek = 7;
constexpr size_t kMonthsPerYear = 12;

// Words before which a Chinese time question names its place: "东京现在几点", "东京几点了".
// "北京时间" / "东京时间现在几点": a place's time is named by the place before 时间 (round 15).
constexpr std::array<std::string_view, 6> kZhPlaceEnds = {"现在", "当前", "目前",
                                                          "此刻", "几点", "时间"};
// Words of now that may come before the place: "现在北京时间几点了".
constexpr std::array<std::string_view, 4> kZhNowWords = {"现在", "当前", "目前", "此刻"};
// Words before which an English time question names its place: "time in new york".
constexpr std::array<std::string_view, 2> kEnPlaceWords = {" in ", " at "};

using Texts = std::map<std::string, std::string, std::less<>>;
// The {name} → value pairs a text template is filled with.
using TextVars = std::vector<std::pair<std::string, std::string>>;

std::string Fill(std::string_view tmpl, const TextVars& vars) {
  std::string out;
  size_t i = 0;
  while (i < tmpl.size()) {
    if (tmpl[i] == '{') {
      const size_t close = tmpl.find('}', i);
      if (close != std::string_view::npos) {
        const std::string_view name = tmpl.substr(i + 1, close - i - 1);
        bool replaced = false;
        for (const auto& [k, v] : vars) {
          if (k == name) {
            out += v;
            replaced = true;
            break;
          }
        }
        if (replaced) {
          i = close + 1;
          continue;
        }
      }
    }
    out += tmpl[i++];
  }
  return out;
}

// The request as it is answered: its first kMaxRequestBytes (cut at a character boundary),
// normalised as the classifier does.
std::string NormalizedPrefix(std::string_view request) {
  size_t keep = std::min(request.size(), kMaxRequestBytes);
  while (keep > 0 && keep < request.size() &&
         (static_cast<unsigned char>(request[keep]) & 0xC0) == 0x80) {
    --keep;
  }
  return NormalizeRequest(request.substr(0, keep));
}

std::string Trim(std::string_view s) {
  static constexpr std::string_view kSpace = " \t\r\n";
  const size_t b = s.find_first_not_of(kSpace);
  if (b == std::string_view::npos) return "";
  const size_t e = s.find_last_not_of(kSpace);
  return std::string(s.substr(b, e - b + 1));
}

std::vector<std::string> StringList(const toml::node* node) {
  std::vector<std::string> out;
  if (node == nullptr) return out;
  if (const toml::array* arr = node->as_array()) {
    for (const toml::node& n : *arr) {
      if (auto s = n.value<std::string>()) out.push_back(*s);
    }
  }
  return out;
}

// A place as the answer shows it: the question was lower-cased; "new york" reads better as
// "New York" (Chinese as written).
std::string ShownPlace(std::string place, Language l) {
  if (l == Language::kZh) return place;
  for (size_t k = 0; k < place.size(); ++k) {
    const char prev = k == 0 ? ' ' : place[k - 1];
    if ((prev == ' ' || prev == '/' || prev == '_') && place[k] >= 'a' && place[k] <= 'z') {
      place[k] = static_cast<char>(place[k] - 'a' + 'A');
    }
  }
  return place;
}

std::string TwoDigits(int v) {
  char buf[8];
  std::snprintf(buf, sizeof(buf), "%02d", v);
  return buf;
}

std::string FormatOffset(int seconds) {
  if (seconds == 0) return "+0";
  const char sign = seconds < 0 ? '-' : '+';
  const int abs = seconds < 0 ? -seconds : seconds;
  std::string out(1, sign);
  out += std::to_string(abs / kSecondsPerHour);
  if (abs % kSecondsPerHour != 0) out += ":" + TwoDigits(abs % kSecondsPerHour / kSecondsPerMinute);
  return out;
}

std::string IsoOffset(int seconds) {
  const char sign = seconds < 0 ? '-' : '+';
  const int abs = seconds < 0 ? -seconds : seconds;
  return std::string(1, sign) + TwoDigits(abs / kSecondsPerHour) + ":" +
         TwoDigits(abs % kSecondsPerHour / kSecondsPerMinute);
}

// "2026-03-01": the form every answer's value carries a day in.
std::string IsoDate(int year, int month, int day) {
  return std::to_string(year) + "-" + TwoDigits(month) + "-" + TwoDigits(day);
}

// The clock a context names, else the real one (tests pass a fake one).
const Clock& ClockOf(const QuickPathContext& ctx) {
  return ctx.clock != nullptr ? *ctx.clock : Clock::System();
}

// "Next friday is …": an English label starts the sentence, so it is capitalised.
std::string SentenceLabel(std::string label, Language l) {
  if (l == Language::kEn && !label.empty() && label[0] >= 'a' && label[0] <= 'z') {
    label[0] = static_cast<char>(label[0] - 'a' + 'A');
  }
  return label;
}

// "4 weeks and 1 day", "1 week", "4 周 1 天", "4 周": a count of days read in weeks.
std::string WeeksText(int days, Language l) {
  const int week = static_cast<int>(kDaysPerWeek);
  const int weeks = days / week;
  const int rest = days % week;
  std::string text = l == Language::kZh ? std::to_string(weeks) + " 周"
                                        : std::to_string(weeks) + (weeks == 1 ? " week" : " weeks");
  if (rest != 0) {
    text += l == Language::kZh ? " " + std::to_string(rest) + " 天"
                               : " and " + std::to_string(rest) + (rest == 1 ? " day" : " days");
  }
  return text;
}

// Where a time question is about: "东京现在几点" → 东京; "time in new york?" → new york; empty
// when it names no place.
std::string AskedPlace(std::string_view normalized) {
  std::string place;
  for (std::string_view w : kZhNowWords) {
    if (normalized.substr(0, w.size()) == w) normalized.remove_prefix(w.size());
  }
  size_t place_end = std::string_view::npos;
  for (std::string_view w : kZhPlaceEnds) place_end = std::min(place_end, normalized.find(w));
  if (place_end != std::string_view::npos && place_end > 0) {
    place = Trim(normalized.substr(0, place_end));
    if (place.rfind("请问", 0) == 0) place = Trim(std::string_view(place).substr(6));
  }
  for (std::string_view w : kEnPlaceWords) {
    const size_t at = normalized.rfind(w);
    if (place.empty() && at != std::string_view::npos) {
      place = Trim(normalized.substr(at + w.size()));
      while (!place.empty() &&
             (place.back() == '?' || place.back() == '.' || place.back() == '!')) {
        place.pop_back();
      }
      place = Trim(place);
      if (place.rfind("the ", 0) == 0) place = place.substr(4);
    }
  }
  if (place.size() >= 3 && place.substr(place.size() - 3) == "的") place.resize(place.size() - 3);
  return place;
}

// The machine-readable time answer: the local time `t` of `zone`, `shift_days` from now.
Json ClockValue(const LocalTime& t, const std::string& zone, int shift_days) {
  const std::string date = IsoDate(t.year, t.month, t.day);
  const std::string time =
      TwoDigits(t.hour) + ":" + TwoDigits(t.minute) + ":" + TwoDigits(t.second);
  return Json{{"iso", date + "T" + time + IsoOffset(t.utc_offset_seconds)},
              {"date", date},
              {"time", time},
              {"weekday", t.weekday},
              {"time_zone", zone},
              {"utc_offset_seconds", t.utc_offset_seconds},
              {"abbreviation", t.abbreviation},
              {"day_offset", shift_days}};
}

// English unit names written as plural words ("days", "weeks", "acres") read in the singular
// for an amount of exactly one: "1 week = 168 h", "7 days = 1 week" (not "1 weeks"). Symbols
// ("h", "ms", "mi") and Chinese names have no plural.
std::string SingularForOne(std::string name, long double amount) {
  if (amount == 1 && name.size() > 3 && name.back() == 's') name.pop_back();
  return name;
}

std::string UnitName(const Unit& u, Language l) { return l == Language::kZh ? u.zh : u.en; }

// Which scanned items a conversion request gives each part; a part it does not give is empty.
struct ConversionRoles {
  std::optional<ScanItem> value;  // the amount
  std::optional<ScanItem> from;   // the unit the amount is in
  std::optional<ScanItem> to;     // the target unit
  std::optional<long double> rate;
  bool several_amounts = false;  // a number that is neither the amount nor a quoted rate
  // The amount's currency is the stated rate's other one, not scanned ("320 in euros at 0.92
  // per dollar": 320 dollars).
  bool implied_from = false;
};

// Whether a rate cue introduces the number `item` of `normalized`: "@ 7.2", "at 7.2", "rate
// 7.2", "rate of 7.2", "rate is 7.2", "= 7.2", 汇率7.2, 汇率是7.2, 按7.2, 按照7.2, or 7.2的汇率
// after it.
bool IntroducedAsRate(std::string_view normalized, const ScanItem& item) {
  constexpr std::string_view kBefore[] = {"@",    "at",     "rate",   "rate of", "rate is", "=",
                                          "汇率", "汇率是", "汇率为", "汇率按",  "按",      "按照"};
  std::string_view before = normalized.substr(0, std::min(item.begin, normalized.size()));
  while (!before.empty() && (before.back() == ' ' || before.back() == ':')) {
    before.remove_suffix(1);
  }
  for (std::string_view cue : kBefore) {
    if (!before.ends_with(cue)) continue;
    const size_t at = before.size() - cue.size();
    // An ASCII word cue stands alone: the "at" of "what", the "rate" of "separate" do not count.
    const bool word = cue[0] >= 'a' && cue[0] <= 'z';
    if (!word || at == 0 || !std::isalnum(static_cast<unsigned char>(before[at - 1]))) return true;
  }
  std::string_view after = normalized.substr(std::min(item.end, normalized.size()));
  while (!after.empty() && after.front() == ' ') after.remove_prefix(1);
  return after.starts_with("的汇率") || after.starts_with("汇率");
}

// Whether only a target word stands between a number and the unit after it: "320 in euros" names
// the target, not the amount's unit (it had read 320 euros to dollars).
bool TargetWordBetween(std::string_view normalized, const ScanItem& number, const ScanItem& unit) {
  if (unit.begin <= number.end || unit.begin > normalized.size()) return false;
  std::string_view gap = normalized.substr(number.end, unit.begin - number.end);
  while (!gap.empty() && gap.front() == ' ') gap.remove_prefix(1);
  while (!gap.empty() && gap.back() == ' ') gap.remove_suffix(1);
  return gap == "in" || gap == "to" || gap == "into";
}

// The amount is the number a unit follows ("100美元"); the other unit is the target, in either
// order ("how many MB is 3 GB"); any other number is the rate, before the amount ("汇率7.1的话
// 100美元…") or after it ("…, 汇率7.2") when a rate cue introduces it and both units are
// currencies; any other number leaves the roles with several_amounts set. With no amount at all
// ("the conversion between tablespoons and teaspoons"): one of the first unit.
ConversionRoles AssignRoles(const std::vector<ScanItem>& items, const RateStatement& stated,
                            std::string_view normalized) {
  ConversionRoles roles;
  constexpr size_t kNone = static_cast<size_t>(-1);
  size_t value_at = kNone;
  size_t from_at = kNone;
  for (size_t k = 0; k + 1 < items.size() && value_at == kNone; ++k) {
    if (!items[k].is_unit && items[k + 1].is_unit &&
        !TargetWordBetween(normalized, items[k], items[k + 1])) {
      value_at = k;
      from_at = k + 1;
      roles.value = items[k];
      roles.from = items[k + 1];
    }
  }
  // "320 in euros at 0.92 per dollar": an amount with only the target after it is in the stated
  // rate's other currency (320 dollars); without a stated rate it is not read.
  if (!roles.value && items.size() == 2 && !items[0].is_unit && items[1].is_unit &&
      stated.from != nullptr && (items[1].unit == stated.from || items[1].unit == stated.to) &&
      TargetWordBetween(normalized, items[0], items[1])) {
    ScanItem from;
    from.is_unit = true;
    from.unit = items[1].unit == stated.from ? stated.to : stated.from;
    roles.value = items[0];
    roles.from = from;
    roles.to = items[1];
    roles.implied_from = true;
    return roles;
  }
  const bool no_numbers =
      std::none_of(items.begin(), items.end(), [](const ScanItem& item) { return !item.is_unit; });
  if (!roles.value && no_numbers && items.size() >= 2 && !MentionsAnAmount(normalized)) {
    roles.value = ScanItem{false, 1, nullptr, 0, 0};
    from_at = 0;
    roles.from = items[0];
  }
  for (size_t k = 0; k < items.size(); ++k) {
    if (items[k].is_unit && k != from_at && !roles.to) roles.to = items[k];
  }
  // "100 dollars at 7.2 yuan per dollar": the target is the stated rate's other currency.
  if (!roles.to && roles.from && stated.from != nullptr &&
      (roles.from->unit == stated.from || roles.from->unit == stated.to)) {
    ScanItem target;
    target.is_unit = true;
    target.unit = roles.from->unit == stated.from ? stated.to : stated.from;
    roles.to = target;
  }
  // Any other number is a quoted rate only between two currencies and only when a rate cue
  // introduces it; otherwise the request holds more than one amount ("5 ft 10 in cm", "1小时30
  // 是多少分钟", "100 usd in eur in 2020", "is 100 usd the same as 90 eur") and is not read.
  const bool currencies =
      roles.from && roles.to && roles.from->unit->needs_rate && roles.to->unit->needs_rate;
  for (size_t k = 0; k < items.size(); ++k) {
    if (items[k].is_unit || k == value_at) continue;
    // "the conversion between a cup and a tablespoon": the article of the target, read as one,
    // is no amount (only as the fourth of four items, in words: "5 ft 1 in cm" is declined).
    const bool article = items.size() == 4 && items[k].number == 1 && k + 1 < items.size() &&
                         roles.to && items[k + 1].begin == roles.to->begin &&
                         !std::isdigit(static_cast<unsigned char>(normalized[items[k].begin]));
    if (article) continue;
    if (roles.rate || !currencies || !IntroducedAsRate(normalized, items[k])) {
      roles.several_amounts = true;
      roles.rate.reset();
      break;
    }
    roles.rate = items[k].number;
  }
  return roles;
}

// The rate was stated for one unit of either currency ("1 EUR = 7.8 CNY"): the rate from
// `from` to `to`, nullopt when the statement is about other currencies (or there is none).
std::optional<long double> StatedRate(const RateStatement& stated, const Unit& from,
                                      const Unit& to) {
  if (stated.from == nullptr) return std::nullopt;
  if (stated.from == &from && stated.to == &to) return stated.rate;
  if (stated.from == &to && stated.to == &from && stated.rate != 0) return 1 / stated.rate;
  return std::nullopt;
}

// What a conversion request is read as (QuickPath::Impl::ReadConversion).
struct ConversionReading {
  ConversionRoles roles;
  RateStatement stated;
  std::string unread;     // the words around the conversion
  bool complete = false;  // an amount, its unit and a target
  bool bare_letters = false;
  std::optional<long double> rate;
  ConversionResult result;
  size_t scanned_items = 0;  // the items scanned beside a stated rate
};

}  // namespace

std::string_view QuickAnswerKindName(QuickAnswerKind kind) {
  switch (kind) {
    case QuickAnswerKind::kGreeting:
      return "greeting";
    case QuickAnswerKind::kHelp:
      return "help";
    case QuickAnswerKind::kDateTime:
      return "datetime";
    case QuickAnswerKind::kArithmetic:
      return "arithmetic";
    case QuickAnswerKind::kConversion:
      return "conversion";
  }
  return "greeting";
}

struct QuickPath::Impl {
  Texts zh;
  Texts en;
  std::vector<std::string> weekdays_zh, weekdays_en, months_en;
  std::map<std::string, std::string, std::less<>> places;  // normalised name → IANA
  std::vector<std::pair<std::string, int>> day_shifts;
  std::vector<std::string> prefixes, suffixes;  // longest first
  UnitTable units;
  std::string zoneinfo_dir;

  mutable std::mutex zones_mu;
  mutable std::map<std::string, std::shared_ptr<const TimeZone>, std::less<>> zones;

  const Texts& T(Language l) const { return l == Language::kZh ? zh : en; }
  std::string Text(Language l, std::string_view key) const {
    const Texts& t = T(l);
    const auto it = t.find(key);
    return it == t.end() ? std::string(key) : it->second;
  }

  // nullptr when the zone does not exist.
  std::shared_ptr<const TimeZone> Zone(std::string_view name) const {
    std::lock_guard lock(zones_mu);
    if (auto it = zones.find(name); it != zones.end()) return it->second;
    std::shared_ptr<const TimeZone> zone;
    if (name.empty()) {
      zone = std::make_shared<const TimeZone>(TimeZone::Local(zoneinfo_dir));
    } else if (auto loaded = TimeZone::Load(name, zoneinfo_dir); loaded.ok()) {
      zone = std::make_shared<const TimeZone>(*std::move(loaded));
    } else if (text::AsciiLower(name) == "utc") {
      zone = std::make_shared<const TimeZone>(TimeZone::Utc());
    }
    // Only zones that exist are cached: names come from users and would grow the map.
    if (zone != nullptr) zones.emplace(std::string(name), zone);
    return zone;
  }

  QuickAnswer Simple(QuickAnswerKind kind, Language l, std::string_view key,
                     std::string_view intent) const {
    QuickAnswer a;
    a.kind = kind;
    a.language = l;
    a.text = Text(l, key);
    a.value = Json{{"intent", intent}};
    return a;
  }

  QuickAnswer DateTime(std::string_view normalized, Language l, const QuickPathContext& ctx) const;
  int DayShift(std::string_view normalized) const;
  std::string AskedZone(const std::string& place, const QuickPathContext& ctx,
                        bool& unknown_place) const;
  TextVars ClockVars(const LocalTime& t, const std::string& shown_place, const TimeZone& zone,
                     int shift_days, Language l) const;
  std::optional<QuickAnswer> ZoneConversion(const ZoneConversionQuestion& q, Language l,
                                            const QuickPathContext& ctx) const;
  std::string PlaceZone(std::string place) const;
  std::string LongDate(const LocalTime& t, Language l) const;
  QuickAnswer Date(std::string_view normalized, Language l, const QuickPathContext& ctx) const;
  std::string WeekdayName(int weekday, Language l) const;
  std::string MonthName(int month) const;
  TextVars DateVars(const CivilDate& c, std::string_view prefix) const;
  void YearFactText(const DateQuestion& q, const DateAnswer& d, Language l, TextVars& vars,
                    QuickAnswer& a) const;
  void DayText(const DateQuestion& q, const DateAnswer& d, Language l, TextVars& vars,
               QuickAnswer& a) const;
  void WeekOfYearText(const DateAnswer& d, Language l, TextVars& vars, QuickAnswer& a) const;
  void TimeUntilText(const DateAnswer& d, const LocalTime& now, Language l,
                     std::vector<std::pair<std::string, std::string>>& vars, QuickAnswer& a) const;
  ArithmeticReading ReadArithmetic(std::string_view normalized) const;
  ArithmeticReading ReadExpression(std::string_view normalized) const;
  QuickAnswer Arithmetic(const ArithmeticReading& reading, Language l) const;
  QuickAnswer Expression(const ExpressionReading& e, Language l) const;
  std::string Expression(std::string_view normalized) const;
  void ArithmeticFailure(const ArithmeticResult& r, const std::string& expr, Language l,
                         QuickAnswer& a) const;
  QuickAnswer Percent(const PercentQuestion& q, Language l) const;
  QuickAnswer Rate(const RateQuestion& r, Language l) const;
  void RateUnclear(const RateQuestion& r, Language l, QuickAnswer& a) const;
  QuickAnswer Division(const DivisionQuestion& q, Language l) const;
  QuickAnswer Bill(const BillQuestion& q, Language l) const;
  QuickAnswer Round(const RoundQuestion& q, Language l) const;
  ConversionReading ReadConversion(std::string_view normalized) const;
  // nullopt when the request holds more than one amount: no answer rather than a wrong one.
  std::optional<QuickAnswer> Conversion(std::string_view normalized, Language l) const;
  void ConversionFailure(const ConversionResult& r, const Unit& from, const Unit& to, Language l,
                         QuickAnswer& a) const;
  void AddBinaryReading(long double amount, const Unit& from, const Unit& to, Language l,
                        QuickAnswer& a) const;
  std::string RateNote(const Unit& from, const Unit& to, long double rate, Language l) const;
  bool ReadBareDataSizes(std::string_view normalized, ScanItem& from, ScanItem& to) const;

  // FromText's steps over data/rules/quick_path.toml.
  Status LoadTexts(const toml::table& root);
  void LoadPlaces(const toml::table& root);
  void LoadDayShifts(const toml::table& root);
};

QuickAnswer QuickPath::Impl::Date(std::string_view normalized, Language l,
                                  const QuickPathContext& ctx) const {
  QuickAnswer a;
  a.kind = QuickAnswerKind::kDateTime;
  a.language = l;
  a.value = Json{{"intent", "date"}};
  const std::optional<DateQuestion> q = ParseDateQuestion(normalized);
  if (!q) {  // the classifier routes only what parses; a caller's own Classification may not
    a.ok = false;
    a.text = Text(l, "date_not_understood");
    return a;
  }
  std::shared_ptr<const TimeZone> zone = Zone(ctx.default_time_zone);
  if (zone == nullptr) zone = Zone("");
  const LocalTime now = zone->ToLocal(ClockOf(ctx).Now());
  const CivilDate today{now.year, now.month, now.day};
  const DateAnswer d =
      EvaluateDateQuestion(*q, today, (now.hour * 60 + now.minute) * 60 + now.second);
  a.value["today"] = IsoDate(today.year, today.month, today.day);
  a.value["time_zone"] = zone->name();
  TextVars vars = DateVars(today, "today_");
  if (q->kind == DateQuestion::Kind::kLeapYear || q->kind == DateQuestion::Kind::kDaysInMonth) {
    YearFactText(*q, d, l, vars, a);
    return a;
  }
  for (auto& v : DateVars(d.date, "")) vars.push_back(std::move(v));
  vars.emplace_back("label", SentenceLabel(q->day.text, l));
  if (d.not_computed) {  // 春节, easter, 农历: a wrong date is worse than none
    a.ok = false;
    a.value["error"] = "not_computed";
    a.text = Fill(Text(l, "date_not_computed"), vars);
    return a;
  }
  if (q->kind == DateQuestion::Kind::kTimeUntil) {
    a.value["intent"] = "time_until";
    TimeUntilText(d, now, l, vars, a);
    return a;
  }
  if (!d.ok) {
    a.ok = false;
    a.value["error"] = "invalid_date";
    a.text = Fill(Text(l, "date_invalid"), vars);
    return a;
  }
  DayText(*q, d, l, vars, a);
  return a;
}

// The texts show names from the tables; a number stands in when a table is incomplete.
std::string QuickPath::Impl::WeekdayName(int weekday, Language l) const {
  const auto& names = l == Language::kZh ? weekdays_zh : weekdays_en;
  return names.size() == kDaysPerWeek ? names[static_cast<size_t>(weekday)]
                                      : std::to_string(weekday);
}

std::string QuickPath::Impl::MonthName(int month) const {
  return months_en.size() == kMonthsPerYear ? months_en[static_cast<size_t>(month - 1)]
                                            : std::to_string(month);
}

// {prefix}year, {prefix}month, {prefix}month_name, {prefix}day: one day for a date text.
TextVars QuickPath::Impl::DateVars(const CivilDate& c, std::string_view prefix) const {
  const std::string p(prefix);
  return TextVars{{p + "year", std::to_string(c.year)},
                  {p + "month", std::to_string(c.month)},
                  {p + "month_name", MonthName(c.month)},
                  {p + "day", std::to_string(c.day)}};
}

// "2024年是闰年", "february 2024 has 29 days": a fact about a year or a month, no day meant.
void QuickPath::Impl::YearFactText(const DateQuestion& q, const DateAnswer& d, Language l,
                                   TextVars& vars, QuickAnswer& a) const {
  vars.emplace_back("year", std::to_string(d.year));
  vars.emplace_back("month", std::to_string(d.month));
  vars.emplace_back("month_name", d.month >= 1 ? MonthName(d.month) : "");
  vars.emplace_back("days", std::to_string(d.days));
  a.value["year"] = d.year;
  a.value["leap"] = d.leap;
  if (q.kind == DateQuestion::Kind::kDaysInMonth) {
    a.value["month"] = d.month;
    a.value["days"] = d.days;
    a.text = Fill(Text(l, "days_in_month"), vars);
  } else {
    a.text = Fill(Text(l, d.leap ? "leap_year" : "not_leap_year"), vars);
  }
}

// A day that exists: its weekday and distance from today, in the text the question's kind
// asks for (the date, the days or weeks until it, the days between two, the day of the year).
void QuickPath::Impl::DayText(const DateQuestion& q, const DateAnswer& d, Language l,
                              TextVars& vars, QuickAnswer& a) const {
  vars.emplace_back("weekday", WeekdayName(d.weekday, l));
  vars.emplace_back("days", std::to_string(d.days < 0 ? -d.days : d.days));
  a.value["date"] = IsoDate(d.date.year, d.date.month, d.date.day);
  a.value["weekday"] = d.weekday;
  a.value["days_from_today"] = d.days;
  if (q.kind == DateQuestion::Kind::kDaysBetween) {
    for (auto& v : DateVars(d.end, "end_")) vars.push_back(std::move(v));
    a.value["end_date"] = IsoDate(d.end.year, d.end.month, d.end.day);
    a.value["days_between"] = d.days;
    a.text = Fill(Text(l, "days_between"), vars);
  } else if (q.kind == DateQuestion::Kind::kDayOfYear) {
    vars.emplace_back("day_of_year", std::to_string(d.day_of_year));
    vars.emplace_back("days_in_year", std::to_string(d.days_in_year));
    a.value["day_of_year"] = d.day_of_year;
    a.value["days_in_year"] = d.days_in_year;
    a.text = Fill(Text(l, "day_of_year"), vars);
  } else if (q.kind == DateQuestion::Kind::kWeekOfYear) {
    WeekOfYearText(d, l, vars, a);
  } else if (q.kind == DateQuestion::Kind::kDaysUntil && q.in_weeks && d.days > 0) {
    vars.emplace_back("weeks_text", WeeksText(d.days, l));
    a.value["weeks"] = d.days / static_cast<int>(kDaysPerWeek);
    a.text = Fill(Text(l, "weeks_until"), vars);
  } else if (q.kind == DateQuestion::Kind::kDaysUntil) {
    a.text = Fill(Text(l, d.days > 0   ? "days_until"
                          : d.days < 0 ? "days_since"
                                       : "days_today"),
                  vars);
  } else {
    // A shifted day ("90 days after 2026-03-01") is shown as asked, next to today.
    // So is a day of a month named relative to this one ("下个月15号").
    const bool absolute = q.day.kind == DateExpression::Kind::kAbsolute && q.day.then_days == 0 &&
                          q.day.then_months == 0 && q.day.date.month != 0;
    a.text = Fill(Text(l, absolute ? "date_absolute" : "date_relative"), vars);
  }
}

// The ISO 8601 week; when a count from the week of January 1 differs (a year whose January 1
// is a Friday to Sunday, or the last days of December), those counts too — the week asked
// about depends on the convention, and none is chosen silently.
void QuickPath::Impl::WeekOfYearText(const DateAnswer& d, Language l, TextVars& vars,
                                     QuickAnswer& a) const {
  vars.emplace_back("iso_week", std::to_string(d.iso_week));
  vars.emplace_back("iso_year", std::to_string(d.iso_year));
  vars.emplace_back("week_from_monday", std::to_string(d.week_from_monday));
  vars.emplace_back("week_from_sunday", std::to_string(d.week_from_sunday));
  a.value["iso_week"] = d.iso_week;
  a.value["iso_year"] = d.iso_year;
  a.value["week_from_monday"] = d.week_from_monday;
  a.value["week_from_sunday"] = d.week_from_sunday;
  const bool agree = d.iso_year == d.date.year && d.iso_week == d.week_from_monday &&
                     d.week_from_monday == d.week_from_sunday;
  if (agree) {
    a.text = Fill(Text(l, "week_of_year"), vars);
    return;
  }
  vars.emplace_back("sunday_note", d.week_from_sunday == d.week_from_monday
                                       ? std::string()
                                       : Fill(Text(l, "week_sunday_note"), vars));
  a.text = Fill(Text(l, "week_of_year_varies"), vars);
}

void QuickPath::Impl::TimeUntilText(const DateAnswer& d, const LocalTime& now, Language l,
                                    std::vector<std::pair<std::string, std::string>>& vars,
                                    QuickAnswer& a) const {
  // Whole minutes, rounded up: 14:45:30 until 17:00 reads "2 h 15 min" next to "now 14:45".
  const long long minutes = ((d.seconds < 0 ? -d.seconds : d.seconds) + 59) / 60;
  const std::string h = std::to_string(minutes / 60);
  const std::string m = std::to_string(minutes % 60);
  const std::vector<std::pair<std::string, std::string>> hm = {{"hours", h}, {"minutes", m}};
  const std::string duration = Fill(Text(l, minutes < 60        ? "duration_m"
                                            : minutes % 60 == 0 ? "duration_h"
                                                                : "duration_hm"),
                                    hm);
  std::string day = d.days == 0   ? Text(l, "today")
                    : d.days == 1 ? Text(l, "tomorrow")
                    : l == Language::kZh
                        ? std::to_string(d.date.month) + "月" + std::to_string(d.date.day) + "日"
                        : IsoDate(d.date.year, d.date.month, d.date.day);
  if (l == Language::kEn && !day.empty() && day[0] >= 'A' && day[0] <= 'Z') {
    day[0] = static_cast<char>(day[0] - 'A' + 'a');  // "until 17:00 today"
  }
  const std::string target = TwoDigits(d.hour) + ":" + TwoDigits(d.minute);
  vars.emplace_back("duration", duration);
  vars.emplace_back("target_day", day);
  vars.emplace_back("target_time", target);
  vars.emplace_back("now_time", TwoDigits(now.hour) + ":" + TwoDigits(now.minute));
  a.value["target"] = IsoDate(d.date.year, d.date.month, d.date.day) + "T" + target;
  a.value["minutes"] = d.seconds < 0 ? -minutes : minutes;
  a.text = Fill(Text(l, d.seconds < 0 ? "time_past" : "time_until"), vars);
}

// "北京" → "Asia/Shanghai"; a written IANA name is its own zone; empty when unknown.
std::string QuickPath::Impl::PlaceZone(std::string place) const {
  place = Trim(place);
  if (place.rfind("是", 0) == 0) place = Trim(std::string_view(place).substr(3));
  if (place.rfind("the ", 0) == 0) place = place.substr(4);
  if (auto it = places.find(place); it != places.end()) return it->second;
  if (!place.empty() && Zone(place) != nullptr) return place;
  return "";
}

std::string QuickPath::Impl::LongDate(const LocalTime& t, Language l) const {
  const std::string weekday = WeekdayName(t.weekday, l);
  if (l == Language::kZh) {
    return std::to_string(t.month) + "月" + std::to_string(t.day) + "日" + weekday;
  }
  return weekday + ", " + MonthName(t.month) + " " + std::to_string(t.day) + ", " +
         std::to_string(t.year);
}

// "北京时间8点是洛杉矶几点": the stated clock time today (or on the day a day word names) in
// the first place, shown in the second, with the offsets — daylight saving included — in
// force that day. nullopt when a place is unknown (the plain time answer follows).
std::optional<QuickAnswer> QuickPath::Impl::ZoneConversion(const ZoneConversionQuestion& q,
                                                           Language l,
                                                           const QuickPathContext& ctx) const {
  const std::string from_name = PlaceZone(q.from_place);
  const std::string to_name = PlaceZone(q.to_place);
  if (from_name.empty() || to_name.empty()) return std::nullopt;
  QuickAnswer a;
  a.kind = QuickAnswerKind::kDateTime;
  a.language = l;
  const std::shared_ptr<const TimeZone> from = Zone(from_name);
  const std::shared_ptr<const TimeZone> to = Zone(to_name);
  if (from == nullptr || to == nullptr) {
    // No tz data for the zone: say so rather than convert with a guessed offset.
    a.ok = false;
    a.text = Fill(Text(l, "zone_data_missing"), {{"zone", from == nullptr ? from_name : to_name}});
    a.value = Json{{"error", "zone_data_missing"}};
    return a;
  }
  const LocalTime today = from->ToLocal(
      ClockOf(ctx).Now() + std::chrono::seconds(int64_t{q.day_shift} * kSecondsPerDay));
  const std::string asked = TwoDigits(q.hour) + ":" + TwoDigits(q.minute);
  std::vector<std::pair<std::string, std::string>> vars = {
      {"from_place", ShownPlace(q.from_place, l)},
      {"to_place", ShownPlace(q.to_place, l)},
      {"from_zone", from->name()},
      {"to_zone", to->name()},
      {"from_time", asked},
      {"from_date", LongDate(today, l)}};
  const auto instant = FromLocal(*from, today.year, today.month, today.day, q.hour, q.minute);
  if (!instant) {
    a.ok = false;
    a.text = Fill(Text(l, "zone_time_skipped"), vars);
    a.value = Json{{"error", "time_skipped_by_daylight_saving"}, {"from_zone", from->name()}};
    return a;
  }
  const LocalTime f = from->ToLocal(*instant);
  const LocalTime t = to->ToLocal(*instant);
  const std::string dst = Text(l, "zone_dst");
  vars.insert(vars.end(), {{"from_offset", FormatOffset(f.utc_offset_seconds)},
                           {"to_offset", FormatOffset(t.utc_offset_seconds)},
                           {"from_dst", f.is_dst ? dst : ""},
                           {"to_dst", t.is_dst ? dst : ""},
                           {"to_time", TwoDigits(t.hour) + ":" + TwoDigits(t.minute)},
                           {"to_date", LongDate(t, l)}});
  a.text = Fill(Text(l, "zone_conversion"), vars);
  const auto iso = [](const LocalTime& x) {
    return IsoDate(x.year, x.month, x.day) + "T" + TwoDigits(x.hour) + ":" + TwoDigits(x.minute) +
           IsoOffset(x.utc_offset_seconds);
  };
  a.value = Json{{"from", iso(f)},        {"to", iso(t)},         {"from_zone", from->name()},
                 {"to_zone", to->name()}, {"from_dst", f.is_dst}, {"to_dst", t.is_dst}};
  return a;
}

QuickAnswer QuickPath::Impl::DateTime(std::string_view normalized, Language l,
                                      const QuickPathContext& ctx) const {
  if (auto q = ParseZoneConversion(normalized)) {
    q->day_shift = DayShift(normalized);
    if (auto a = ZoneConversion(*q, l, ctx)) return *std::move(a);
  }
  const std::string place = AskedPlace(normalized);
  bool unknown_place = false;
  std::shared_ptr<const TimeZone> zone = Zone(AskedZone(place, ctx, unknown_place));
  if (zone == nullptr) zone = Zone("");  // a bad configured default: the machine's zone
  const int shift_days = DayShift(normalized);
  const LocalTime t = zone->ToLocal(ClockOf(ctx).Now() +
                                    std::chrono::seconds(int64_t{shift_days} * kSecondsPerDay));
  std::string shown_place;
  if (!unknown_place && !place.empty()) {
    shown_place = l == Language::kZh ? place : " in " + ShownPlace(place, l);
  }
  QuickAnswer a;
  a.kind = QuickAnswerKind::kDateTime;
  a.language = l;
  if (unknown_place)
    a.text = Fill(Text(l, "unknown_place"), {{"place", place}, {"zone", zone->name()}}) + "\n";
  a.text += Fill(Text(l, shift_days == 0 ? "datetime" : "datetime_other_day"),
                 ClockVars(t, shown_place, *zone, shift_days, l));
  a.value = ClockValue(t, zone->name(), shift_days);
  if (!place.empty()) a.value["place"] = place;
  if (unknown_place) a.value["unknown_place"] = true;
  return a;
}

// "明天", "yesterday": the days a day word moves the answer by (the last one named wins).
int QuickPath::Impl::DayShift(std::string_view normalized) const {
  int shift = 0;
  for (const auto& [word, days] : day_shifts) {
    if (normalized.find(word) != std::string_view::npos) shift = days;
  }
  return shift;
}

// The zone of the place asked about: the table's, else an IANA name written in the question,
// else (no place, or one not known: `unknown_place`) the configured default.
std::string QuickPath::Impl::AskedZone(const std::string& place, const QuickPathContext& ctx,
                                       bool& unknown_place) const {
  if (place.empty()) return ctx.default_time_zone;
  if (auto it = places.find(place); it != places.end()) return it->second;
  if (Zone(place) != nullptr) return place;
  unknown_place = true;
  return ctx.default_time_zone;
}

// The {names} the datetime texts are filled with, for the local time `t`.
TextVars QuickPath::Impl::ClockVars(const LocalTime& t, const std::string& shown_place,
                                    const TimeZone& zone, int shift_days, Language l) const {
  const int hour12 = t.hour % kHoursPerHalfDay == 0 ? kHoursPerHalfDay : t.hour % kHoursPerHalfDay;
  std::string day_label;
  if (shift_days > 0) day_label = Text(l, "tomorrow");
  if (shift_days < 0) day_label = Text(l, "yesterday");
  return TextVars{
      {"place", shown_place},
      {"year", std::to_string(t.year)},
      {"month", std::to_string(t.month)},
      {"month_name", MonthName(t.month)},
      {"day", std::to_string(t.day)},
      {"weekday", WeekdayName(t.weekday, l)},
      {"hour", TwoDigits(t.hour)},
      {"hour12", std::to_string(hour12)},
      {"minute", TwoDigits(t.minute)},
      {"ampm", t.hour < kHoursPerHalfDay ? "AM" : "PM"},
      {"zone", zone.name()},
      {"offset", FormatOffset(t.utc_offset_seconds)},
      {"day_label", day_label},
  };
}

// What the readers make of `normalized`, tried in this order: percentages, stated rates,
// divisions, bills, roundings, a discounted price, then the expression itself.
ArithmeticReading QuickPath::Impl::ReadArithmetic(std::string_view normalized) const {
  if (auto q = ParsePercentQuestion(normalized)) return {*std::move(q)};
  if (auto r = ParseStatedRate(normalized)) return {*std::move(r)};
  if (auto q = ParseDivisionQuestion(normalized)) return {*std::move(q)};
  if (auto q = ParseBillQuestion(normalized)) return {*std::move(q)};
  if (auto q = ParseRoundQuestion(normalized)) return {*std::move(q)};
  if (auto e = SimpleInterestExpression(normalized)) return ReadExpression(*e);
  if (auto e = WordProblemExpression(normalized)) return ReadExpression(*e);
  if (auto q = ParseHouseholdQuestion(normalized)) {
    ArithmeticReading r = ReadExpression(q->expression);
    auto& e = std::get<ExpressionReading>(r.question);
    if (e.result.ok()) {
      e.exact = e.result.value;
      e.result.value = HouseholdValue(q->result, e.exact);
      e.whole_months = q->result == HouseholdResult::kWholeMonths;
    }
    return r;
  }
  if (auto e = FuelExpression(normalized)) return ReadExpression(*e);
  if (auto e = AgeOnDateExpression(normalized)) return ReadExpression(*e);
  if (auto e = TaxExpression(normalized)) return ReadExpression(*e);
  if (auto e = DiscountExpression(normalized)) {
    // The words around a discounted price removed, the expression the parser reads.
    ArithmeticReading r = *e != normalized ? ReadArithmetic(*e) : ReadExpression(normalized);
    r.discounted = true;
    return r;
  }
  return ReadExpression(normalized);
}

ArithmeticReading QuickPath::Impl::ReadExpression(std::string_view normalized) const {
  ExpressionReading e{Expression(normalized), {}};
  e.result = EvaluateArithmetic(e.expression);
  return {std::move(e)};
}

QuickAnswer QuickPath::Impl::Arithmetic(const ArithmeticReading& reading, Language l) const {
  const auto& q = reading.question;
  if (const auto* p = std::get_if<PercentQuestion>(&q)) return Percent(*p, l);
  if (const auto* r = std::get_if<RateQuestion>(&q)) return Rate(*r, l);
  if (const auto* d = std::get_if<DivisionQuestion>(&q)) return Division(*d, l);
  if (const auto* b = std::get_if<BillQuestion>(&q)) return Bill(*b, l);
  if (const auto* r = std::get_if<RoundQuestion>(&q)) return Round(*r, l);
  return Expression(std::get<ExpressionReading>(q), l);
}

QuickAnswer QuickPath::Impl::Expression(const ExpressionReading& e, Language l) const {
  QuickAnswer a;
  a.kind = QuickAnswerKind::kArithmetic;
  a.language = l;
  a.value = Json{{"expression", e.expression}};
  if (!e.result.ok()) {
    ArithmeticFailure(e.result, e.expression, l, a);
    return a;
  }
  const std::string result = FormatNumber(e.result.value);
  a.text = e.whole_months
               ? Fill(Text(l, "arithmetic_months"), {{"expression", e.expression},
                                                     {"exact", FormatNumber(e.exact)},
                                                     {"result", result}})
               : Fill(Text(l, "arithmetic"), {{"expression", e.expression}, {"result", result}});
  a.value["result"] = static_cast<double>(e.result.value);
  a.value["result_text"] = result;
  return a;
}

// The expression of a request: framing words ("算一下", "what is", "等于多少") stripped from
// both ends until nothing changes.
std::string QuickPath::Impl::Expression(std::string_view normalized) const {
  std::string expr = Trim(normalized);
  for (bool changed = true; changed && !expr.empty();) {
    changed = false;
    for (const std::string& p : prefixes) {
      if (!p.empty() && expr.rfind(p, 0) == 0) {
        expr = Trim(std::string_view(expr).substr(p.size()));
        changed = true;
        break;
      }
    }
    for (const std::string& s : suffixes) {
      if (!s.empty() && expr.size() >= s.size() &&
          expr.compare(expr.size() - s.size(), s.size(), s) == 0) {
        expr = Trim(std::string_view(expr).substr(0, expr.size() - s.size()));
        changed = true;
        break;
      }
    }
  }
  return expr;
}

// Why an expression has no value: a division by zero, an overflow, a root of a negative
// number, or what did not parse.
void QuickPath::Impl::ArithmeticFailure(const ArithmeticResult& r, const std::string& expr,
                                        Language l, QuickAnswer& a) const {
  a.ok = false;
  std::string reason;
  switch (r.error) {
    case ArithmeticError::kDivisionByZero:
      a.value["error"] = "division_by_zero";
      reason = Text(l, "division_by_zero");
      break;
    case ArithmeticError::kOverflow:
      a.value["error"] = "overflow";
      reason = Text(l, "overflow");
      break;
    case ArithmeticError::kDomain:
      a.value["error"] = "domain";
      reason = Text(l, "domain_error");
      break;
    default:
      // Words the parser does not read ("sqrt of 144" before session 22): a model, when one is
      // configured, may read them; without one this text says what was not understood.
      a.model_may_answer = true;
      a.value["error"] = "syntax";
      a.value["detail"] = r.detail;
      reason = Fill(Text(l, "syntax_error"), {{"detail", r.detail}});
      break;
  }
  a.text = Fill(Text(l, "arithmetic_error"), {{"expression", expr}, {"reason", reason}});
}

// "20是80的百分之几" → "20 是 80 的 25%"; a change says rise or fall in words, so the sign of
// the answer can never be misread.
QuickAnswer QuickPath::Impl::Percent(const PercentQuestion& q, Language l) const {
  QuickAnswer a;
  a.kind = QuickAnswerKind::kArithmetic;
  a.language = l;
  const bool share = q.kind == PercentQuestion::Kind::kShare;
  a.value = Json{{"percent_of", share ? "share" : "change"},
                 {"a", static_cast<double>(q.a)},
                 {"b", static_cast<double>(q.b)}};
  const std::string x = FormatNumber(q.a);
  const std::string y = FormatNumber(q.b);
  const std::optional<long double> p = EvaluatePercentQuestion(q);
  if (!p) {
    a.ok = false;
    a.value["error"] = "division_by_zero";
    a.text = Fill(Text(l, "arithmetic_error"),
                  {{"expression", share ? x + " / " + y : "(" + y + " - " + x + ") / " + x},
                   {"reason", Text(l, "division_by_zero")}});
    return a;
  }
  a.value["result"] = static_cast<double>(*p);
  const long double magnitude = *p < 0 ? -*p : *p;
  const std::string percent = FormatNumber(share ? *p : magnitude);
  a.value["result_text"] = FormatNumber(*p) + "%";
  if (q.kind == PercentQuestion::Kind::kAsPercent) {
    a.value["percent_of"] = "as_percent";
    a.text = Fill(Text(l, "percent_as"), {{"expression", q.expression}, {"percent", percent}});
    return a;
  }
  const std::string key = share ? "percent_share" : *p < 0 ? "percent_fall" : "percent_rise";
  a.text = Fill(Text(l, key), {{"a", x}, {"b", y}, {"percent", percent}});
  return a;
}

// "we lost 50 of 400 customers, what's our churn rate" → "Churn rate = 50 / 400 = 12.5%.": the
// formula is always shown with the numbers in their roles, so a misread role can be seen.
QuickAnswer QuickPath::Impl::Rate(const RateQuestion& r, Language l) const {
  QuickAnswer a;
  a.kind = QuickAnswerKind::kArithmetic;
  a.language = l;
  std::string name = l == Language::kZh ? r.name_zh : r.name_en;
  a.value = Json{{"rate", name}};
  const std::optional<long double> p = EvaluateStatedRate(r);
  if (!p) {
    RateUnclear(r, l, a);
    return a;
  }
  static constexpr std::array<std::string_view, 5> kKinds = {"share", "change", "margin", "markup",
                                                             "profit"};
  a.value["kind"] = kKinds[static_cast<size_t>(r.kind)];
  a.value["a"] = static_cast<double>(r.a);
  a.value["b"] = static_cast<double>(r.b);
  a.value["result"] = static_cast<double>(*p);
  a.value["result_text"] = FormatNumber(*p) + "%";
  const long double diff = r.b - r.a;
  std::string key = r.complement ? "rate_share_complement" : "rate_share";
  if (r.kind == RateQuestion::Kind::kChange) {
    key = r.compared ? (diff < 0 ? "rate_less" : "rate_more")
          : diff < 0 ? "rate_fall"
                     : "rate_rise";
  } else if (r.kind != RateQuestion::Kind::kShare) {
    key = r.kind == RateQuestion::Kind::kMargin   ? "rate_margin"
          : r.kind == RateQuestion::Kind::kMarkup ? "rate_markup"
                                                  : "rate_profit";
  }
  if (!name.empty() && l != Language::kZh) name[0] = static_cast<char>(std::toupper(name[0]));
  const long double magnitude = *p < 0 && r.kind == RateQuestion::Kind::kChange ? -*p : *p;
  const std::optional<long double> markup = EvaluateMarkup(r);
  a.text = Fill(Text(l, key), {{"name", name},
                               {"a", FormatNumber(r.a)},
                               {"b", FormatNumber(r.b)},
                               {"diff", FormatNumber(diff < 0 ? -diff : diff)},
                               {"percent", FormatNumber(magnitude)},
                               {"markup", markup ? FormatNumber(*markup) : "?"}});
  return a;
}

// What a stated rate's words did not settle, said instead of a number.
void QuickPath::Impl::RateUnclear(const RateQuestion& r, Language l, QuickAnswer& a) const {
  using U = RateQuestion::Unclear;
  a.ok = false;
  a.model_may_answer = true;
  std::string numbers;
  for (const long double n : r.numbers) numbers += (numbers.empty() ? "" : ", ") + FormatNumber(n);
  const std::string x = r.numbers.empty() ? "" : FormatNumber(r.numbers[0]);
  const std::string y = r.numbers.size() < 2 ? "" : FormatNumber(r.numbers[1]);
  std::string key = "rate_zero";
  switch (r.unclear) {
    case U::kTooManyNumbers:
      key = "rate_too_many";
      break;
    case U::kOrder:
      key = "rate_order";
      break;
    case U::kChangeBy:
      key = "rate_change_by";
      break;
    case U::kCostAndPrice:
      key = "rate_cost_price";
      break;
    case U::kWhichSide:
      key = "rate_lost_left";
      break;
    case U::kPartOverWhole:
      key = "rate_part_whole";
      break;
    case U::kNone:
      break;
  }
  a.value["error"] = key.substr(5);
  a.text = Fill(Text(l, key), {{"name", l == Language::kZh ? r.name_zh : r.name_en},
                               {"numbers", numbers},
                               {"a", x},
                               {"b", y}});
}

// "is 126 divisible by 8" → "No: 126 ÷ 8 = 15 remainder 6."; the remainder is always shown,
// so the yes or no can be checked.
QuickAnswer QuickPath::Impl::Division(const DivisionQuestion& q, Language l) const {
  QuickAnswer a;
  a.kind = QuickAnswerKind::kArithmetic;
  a.language = l;
  a.value = Json{{"division", q.kind == DivisionQuestion::Kind::kDivisible ? "divisible" : "times"},
                 {"dividend", q.dividend},
                 {"divisor", q.divisor},
                 {"quotient", q.quotient()},
                 {"remainder", q.remainder()}};
  if (q.kind == DivisionQuestion::Kind::kPrime) {
    const bool prime = q.divisor == q.dividend;
    a.value = Json{{"division", "prime"}, {"number", q.dividend}, {"prime", prime}};
    if (!prime) a.value["smallest_factor"] = q.divisor;
    a.text = Fill(Text(l, prime ? "prime_yes" : "prime_no"), {{"a", std::to_string(q.dividend)},
                                                              {"b", std::to_string(q.divisor)},
                                                              {"q", std::to_string(q.quotient())}});
    return a;
  }
  const std::string key = q.kind == DivisionQuestion::Kind::kTimesInto ? "division_times"
                          : q.remainder() == 0                         ? "division_yes"
                                                                       : "division_no";
  a.text = Fill(Text(l, key), {{"a", std::to_string(q.dividend)},
                               {"b", std::to_string(q.divisor)},
                               {"q", std::to_string(q.quotient())},
                               {"r", std::to_string(q.remainder())}});
  return a;
}

// "what's a 15% tip on $80" → "A 15% tip on 80 is 12 (80 × 15 / 100)."; a split says each
// share and how it was computed.
QuickAnswer QuickPath::Impl::Bill(const BillQuestion& q, Language l) const {
  QuickAnswer a;
  a.kind = QuickAnswerKind::kArithmetic;
  a.language = l;
  if (q.kind == BillQuestion::Kind::kTipRateNeeded) {
    a.ok = false;
    a.value =
        Json{{"bill", "tip"}, {"amount", static_cast<double>(q.amount)}, {"error", "rate_needed"}};
    a.text = Fill(Text(l, "bill_tip_rate_needed"), {{"amount", FormatNumber(q.amount)}});
    return a;
  }
  const bool tip = q.kind == BillQuestion::Kind::kTip;
  a.value = Json{{"bill", tip ? "tip" : "split"},
                 {"amount", static_cast<double>(q.amount)},
                 {tip ? "percent" : "people", static_cast<double>(q.by)},
                 {"result", static_cast<double>(q.Result())},
                 {"result_text", FormatNumber(q.Result())}};
  a.text = Fill(Text(l, tip ? "bill_tip" : "bill_split"), {{"amount", FormatNumber(q.amount)},
                                                           {"by", FormatNumber(q.by)},
                                                           {"result", FormatNumber(q.Result())}});
  return a;
}

// "round 19.995 to 2 decimals" → "19.995 rounded to 2 decimal places is 20.00."; the place is
// said back in words, so the reading can be checked.
QuickAnswer QuickPath::Impl::Round(const RoundQuestion& q, Language l) const {
  QuickAnswer a;
  a.kind = QuickAnswerKind::kArithmetic;
  a.language = l;
  const std::string result = q.Result();
  a.value = Json{{"round", q.number}, {"places", q.places}, {"result_text", result}};
  if (!q.expression.empty()) a.value["expression"] = q.expression;
  std::string place;
  if (q.places > 0) {
    place = Fill(Text(l, q.places == 1 ? "round_one_decimal" : "round_decimals"),
                 {{"n", std::to_string(q.places)}});
  } else if (q.places == 0) {
    place = Text(l, "round_whole");
  } else {
    place = Fill(Text(l, "round_nearest"), {{"unit", "1" + std::string(-q.places, '0')}});
  }
  a.text = Fill(Text(l, "round"), {{"number", q.Shown()}, {"place", place}, {"result", result}});
  return a;
}

// What Conversion() reads a request as: the roles of its scanned items, the rate it states,
// whether its data sizes are bare letters ("2t", "500g" read as bytes) and the text the scan
// left unread. Both the answer and QuickPath::ReadsWholeConversion start here.
ConversionReading QuickPath::Impl::ReadConversion(std::string_view request) const {
  // 5'11" in cm: one amount of inches (WithCompoundAmountsSpelled).
  const std::string spelled = WithCompoundAmountsSpelled(request);
  const std::string_view normalized = spelled;
  ConversionReading reading;
  std::vector<ScanItem> items = ScanConversion(normalized, units, &reading.unread);
  reading.stated = TakeRateStatement(normalized, items);
  // Every item counts: "5 feet 10 inches in cm" holds two amounts and three units.
  reading.scanned_items = items.size();
  reading.roles = AssignRoles(items, reading.stated, normalized);
  ConversionRoles& roles = reading.roles;
  // One amount (and a quoted rate): a second number is a sum or a comparison this reader does
  // not read, and the request is answered by no conversion (a wrong number is worse than none).
  reading.complete = roles.value && roles.from && roles.to && !roles.several_amounts;
  if (reading.complete) {
    reading.bare_letters = ReadBareDataSizes(normalized, *roles.from, *roles.to);
    const Unit& from = *roles.from->unit;
    const Unit& to = *roles.to->unit;
    reading.rate = roles.rate
                       ? std::optional<long double>(UnitTable::QuotedRate(from, to, *roles.rate))
                       : StatedRate(reading.stated, from, to);
    reading.result = UnitTable::Convert(roles.value->number, from, to, reading.rate);
  }
  return reading;
}

std::optional<QuickAnswer> QuickPath::Impl::Conversion(std::string_view normalized,
                                                       Language l) const {
  QuickAnswer a;
  a.kind = QuickAnswerKind::kConversion;
  a.language = l;
  const ConversionReading reading = ReadConversion(normalized);
  if (reading.roles.several_amounts) return std::nullopt;
  if (!reading.complete) {
    a.ok = false;
    a.value = Json{{"error", "unknown_unit"}};
    a.text = Fill(Text(l, "conversion_error"), {{"reason", Text(l, "unknown_unit")}});
    return a;
  }
  const Unit& from = *reading.roles.from->unit;
  const Unit& to = *reading.roles.to->unit;
  const long double amount = reading.roles.value->number;
  const std::optional<long double>& rate = reading.rate;
  const ConversionResult& r = reading.result;
  a.value = Json{{"value", static_cast<double>(amount)},
                 {"from", from.id},
                 {"to", to.id},
                 {"dimension", from.dimension}};
  if (rate && (from.needs_rate || to.needs_rate)) a.value["rate"] = static_cast<double>(*rate);
  if (!r.ok()) {
    ConversionFailure(r, from, to, l, a);
    return a;
  }
  const std::string result = FormatNumber(r.value);
  a.value["result"] = static_cast<double>(r.value);
  a.value["result_text"] = result;
  a.text = Fill(Text(l, "conversion"), {{"value", FormatNumber(amount)},
                                        {"from", SingularForOne(UnitName(from, l), amount)},
                                        {"result", result},
                                        {"to", SingularForOne(UnitName(to, l), r.value)}});
  if (reading.bare_letters) AddBinaryReading(amount, from, to, l, a);
  if (rate && (from.needs_rate || to.needs_rate)) a.text += RateNote(from, to, *rate, l);
  return a;
}

// The rate a currency conversion used, one unit of the dearer currency first ("(at 1 USD = 7.1
// CNY)"), so the way round a quoted rate was read can be seen.
std::string QuickPath::Impl::RateNote(const Unit& from, const Unit& to, long double rate,
                                      Language l) const {
  const bool from_first = rate >= 1;
  return Fill(Text(l, "conversion_rate"), {{"a", UnitName(from_first ? from : to, l)},
                                           {"rate", FormatNumber(from_first ? rate : 1 / rate)},
                                           {"b", UnitName(from_first ? to : from, l)}});
}

// Why a conversion the request states could not be made: a currency with no rate, units of
// different dimensions, or a result too large.
void QuickPath::Impl::ConversionFailure(const ConversionResult& r, const Unit& from, const Unit& to,
                                        Language l, QuickAnswer& a) const {
  a.ok = false;
  const TextVars names = {{"from", UnitName(from, l)}, {"to", UnitName(to, l)}};
  if (r.error == ConversionError::kRateNeeded) {
    a.value["error"] = "rate_needed";
    a.text = Fill(Text(l, "rate_needed"), names);
    return;
  }
  std::string reason;
  if (r.error == ConversionError::kIncompatible) {
    a.value["error"] = "incompatible_units";
    reason = Fill(Text(l, "incompatible_units"), names);
  } else {
    a.value["error"] = "overflow";
    reason = Text(l, "overflow");
  }
  a.text = Fill(Text(l, "conversion_error"), {{"reason", reason}});
}

// "10G等于多少M" does not say which: the 1024-based reading is shown beside it.
void QuickPath::Impl::AddBinaryReading(long double amount, const Unit& from, const Unit& to,
                                       Language l, QuickAnswer& a) const {
  const Unit* from_binary = units.FindId(from.binary);
  const Unit* to_binary = units.FindId(to.binary);
  if (from_binary == nullptr || to_binary == nullptr) return;
  const ConversionResult b = UnitTable::Convert(amount, *from_binary, *to_binary);
  if (!b.ok()) return;
  a.value["binary_result"] = static_cast<double>(b.value);
  a.value["binary_result_text"] = FormatNumber(b.value);
  a.text += Fill(Text(l, "conversion_binary"), {{"value", FormatNumber(amount)},
                                                {"from", UnitName(*from_binary, l)},
                                                {"result", FormatNumber(b.value)},
                                                {"to", UnitName(*to_binary, l)}});
}

// Bare data-size letters ("10G等于多少M", "1T是多少G", "3.5G是多少兆"): g and m alone are
// grams and metres, so a short name is read as a data size only when the other unit is one
// too, or is itself a short name; then both items are rewritten. True when a short name was
// read (the answer then also gives the 1024-based figure).
bool QuickPath::Impl::ReadBareDataSizes(std::string_view normalized, ScanItem& from,
                                        ScanItem& to) const {
  const auto short_reading = [&](const ScanItem& item) {
    return units.FindShort(normalized.substr(item.begin, item.end - item.begin));
  };
  const Unit* from_short = short_reading(from);
  const Unit* to_short = short_reading(to);
  if (from_short == nullptr && to_short == nullptr) return false;
  const Unit* f =
      from.unit->dimension == to.unit->dimension || from_short == nullptr ? from.unit : from_short;
  const Unit* t =
      from.unit->dimension == to.unit->dimension || to_short == nullptr ? to.unit : to_short;
  if (f->dimension != t->dimension) return false;
  from.unit = f;
  to.unit = t;
  return (from_short != nullptr && f == from_short) || (to_short != nullptr && t == to_short);
}

QuickPath::QuickPath(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
QuickPath::~QuickPath() = default;

StatusOr<std::unique_ptr<QuickPath>> QuickPath::Create(const QuickPathOptions& options) {
  std::string texts(EmbeddedQuickPathTexts());
  std::string units(EmbeddedUnits());
  if (!options.texts_path.empty()) {
    ASKDB_ASSIGN_OR_RETURN(texts, ReadFile(options.texts_path));
  }
  if (!options.units_path.empty()) {
    ASKDB_ASSIGN_OR_RETURN(units, ReadFile(options.units_path));
  }
  return FromText(texts, units, options.zoneinfo_dir);
}

namespace {

StatusOr<toml::table> ParseTexts(std::string_view texts_toml) {
  try {
    return toml::parse(texts_toml);
  } catch (const toml::parse_error& e) {
    return InvalidArgumentError("quick path texts: TOML syntax error at line " +
                                std::to_string(e.source().begin.line) + ": " +
                                std::string(e.description()) + "; fix the file");
  }
}

// The answer templates of one language ([text.zh], [text.en]).
Status LoadLanguageTexts(const toml::table& root, std::string_view lang, Texts& out) {
  const toml::table* t = root["text"][lang].as_table();
  if (t == nullptr) {
    return InvalidArgumentError("quick path texts: [text." + std::string(lang) +
                                "] is missing; add the answer templates");
  }
  for (const auto& [key, value] : *t) {
    if (auto s = value.value<std::string>()) out[std::string(key.str())] = *s;
  }
  return Status::Ok();
}

// Framing words, normalised and longest first, so that the longest one is stripped.
std::vector<std::string> LongestFirst(std::vector<std::string> v) {
  for (std::string& s : v) s = text::NormalizeForMatch(s);
  std::stable_sort(v.begin(), v.end(),
                   [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  return v;
}

}  // namespace

// The templates of both languages and the weekday and month names they show.
Status QuickPath::Impl::LoadTexts(const toml::table& root) {
  ASKDB_RETURN_IF_ERROR(LoadLanguageTexts(root, "zh", zh));
  ASKDB_RETURN_IF_ERROR(LoadLanguageTexts(root, "en", en));
  weekdays_zh = StringList(root["text"]["zh"]["weekdays"].node());
  weekdays_en = StringList(root["text"]["en"]["weekdays"].node());
  months_en = StringList(root["text"]["en"]["months"].node());
  if (weekdays_zh.size() != kDaysPerWeek || weekdays_en.size() != kDaysPerWeek ||
      months_en.size() != kMonthsPerYear) {
    return InvalidArgumentError(
        "quick path texts: weekdays need 7 names (Sunday first) and "
        "months 12; fix [text.zh] / [text.en]");
  }
  return Status::Ok();
}

// Place names (normalised) → IANA zones.
void QuickPath::Impl::LoadPlaces(const toml::table& root) {
  if (const toml::table* table = root["places"].as_table()) {
    for (const auto& [key, value] : *table) {
      if (auto zone = value.value<std::string>()) {
        places[text::NormalizeForMatch(key.str())] = *zone;
      }
    }
  }
}

// Day words ("明天", "yesterday") → the days they move a time answer by.
void QuickPath::Impl::LoadDayShifts(const toml::table& root) {
  if (const toml::table* shifts = root["day_shift"].as_table()) {
    for (const auto& [key, value] : *shifts) {
      if (auto days = value.value<int64_t>()) {
        day_shifts.emplace_back(std::string(key.str()), static_cast<int>(*days));
      }
    }
  }
}

StatusOr<std::unique_ptr<QuickPath>> QuickPath::FromText(std::string_view texts_toml,
                                                         std::string_view units_toml,
                                                         std::string zoneinfo_dir) {
  auto impl = std::make_unique<Impl>();
  ASKDB_ASSIGN_OR_RETURN(impl->units, UnitTable::FromToml(units_toml));
  impl->zoneinfo_dir = std::move(zoneinfo_dir);
  ASKDB_ASSIGN_OR_RETURN(const toml::table root, ParseTexts(texts_toml));
  ASKDB_RETURN_IF_ERROR(impl->LoadTexts(root));
  impl->LoadPlaces(root);
  impl->LoadDayShifts(root);
  impl->prefixes = LongestFirst(StringList(root["arithmetic"]["prefixes"].node()));
  impl->suffixes = LongestFirst(StringList(root["arithmetic"]["suffixes"].node()));
  return std::unique_ptr<QuickPath>(new QuickPath(std::move(impl)));
}

const QuickPath* QuickPath::Default() {
  static const std::unique_ptr<QuickPath> instance = [] {
    auto created = Create();
    if (!created.ok()) {
      spdlog::error("built-in quick path tables do not load: {}", created.status().ToString());
      return std::unique_ptr<QuickPath>();
    }
    return *std::move(created);
  }();
  return instance.get();
}

std::optional<ArithmeticReading> QuickPath::ReadArithmetic(std::string_view request) const {
  const std::string normalized = NormalizedPrefix(request);
  if (!MayHoldNumber(normalized)) return std::nullopt;
  return impl_->ReadArithmetic(WithoutSpokenNoise(normalized));
}

bool QuickPath::ReadsWholeConversion(std::string_view normalized) const {
  // The classifier asks this of most requests: the cheap scan first, the reader on few.
  if (normalized.size() > kMaxRequestBytes) return false;
  const std::string spelled = WithCompoundAmountsSpelled(normalized);
  if (!MayBeConversion(spelled, impl_->units)) return false;
  // A lead-in clause with no number or unit is no part of the conversion (the answer, which
  // scans the whole text, finds the same items).
  const std::string_view asked = WithoutNumberlessLeadClause(normalized, impl_->units);
  const ConversionReading reading = impl_->ReadConversion(WithoutSpokenNoise(asked));
  // A currency with no rate stated asks for today's rate (a web search), and one unit named
  // twice ("what day will it be in 14 days") is no conversion — unless the amount was a compound
  // of two units ("3h20m in minutes": 200 min).
  // One amount, its unit and a target (and a quoted rate): every scanned item counts, so "5 feet
  // 10 inches in cm" (two amounts, three units) is a sum this reader does not read.
  return reading.complete && reading.result.ok() &&
         reading.scanned_items + (reading.roles.implied_from ? 1u : 0u) ==
             (reading.roles.rate ? 4u : 3u) &&
         (reading.roles.from->unit != reading.roles.to->unit || spelled != normalized) &&
         OnlyConversionFraming(reading.unread);
}

std::optional<QuickAnswer> QuickPath::Answer(std::string_view request,
                                             const Classification& classification,
                                             const QuickPathContext& context) const {
  const Language l = context.language.value_or(classification.language);
  // What the classifier's readers read: fillers and a self-correction taken away.
  const std::string normalized = WithoutSpokenNoise(NormalizedPrefix(request));
  switch (classification.quick_intent) {
    case QuickIntent::kNone:
      return std::nullopt;
    case QuickIntent::kGreeting:
      return impl_->Simple(QuickAnswerKind::kGreeting, l, "greeting", "greeting");
    case QuickIntent::kThanks:
      return impl_->Simple(QuickAnswerKind::kGreeting, l, "thanks", "thanks");
    case QuickIntent::kGoodbye:
      return impl_->Simple(QuickAnswerKind::kGreeting, l, "goodbye", "goodbye");
    case QuickIntent::kChitChat:
      return impl_->Simple(QuickAnswerKind::kGreeting, l, "chitchat", "chitchat");
    case QuickIntent::kHelp:
      return impl_->Simple(QuickAnswerKind::kHelp, l, "help", "help");
    case QuickIntent::kDateTime:
      return impl_->DateTime(normalized, l, context);
    case QuickIntent::kDate:
      return impl_->Date(normalized, l, context);
    case QuickIntent::kArithmetic:
      return impl_->Arithmetic(impl_->ReadArithmetic(normalized), l);
    case QuickIntent::kConversion:
      return impl_->Conversion(normalized, l);
  }
  return std::nullopt;
}

namespace {

// The learned model typed the request simple with no rule to say what it asks ("three
// quarters of 120", "3k加1.5k等于多少"): it is answered when the whole of it is a sum the
// arithmetic parser reads, and otherwise goes on to the data path as before — never a "cannot
// evaluate" for what may be a data question.
std::optional<QuickAnswer> ArithmeticTypedByTheModel(std::string_view request, Classification c,
                                                     const QuickPath& quick_path,
                                                     const QuickPathContext& context) {
  c.quick_intent = QuickIntent::kArithmetic;
  std::optional<QuickAnswer> answer = quick_path.Answer(request, c, context);
  if (!answer || !answer->ok) return std::nullopt;
  return answer;
}

}  // namespace

std::optional<QuickAnswer> AnswerQuickly(std::string_view request,
                                         const QuickPathContext& context) {
  const RequestClassifier* classifier =
      context.classifier != nullptr ? context.classifier : RequestClassifier::Default();
  const QuickPath* quick_path =
      context.quick_path != nullptr ? context.quick_path : QuickPath::Default();
  if (classifier == nullptr || quick_path == nullptr) return std::nullopt;
  const Classification c = classifier->Classify(request);
  if (!c.IsQuickPath()) return std::nullopt;
  if (c.quick_intent == QuickIntent::kNone) {
    return ArithmeticTypedByTheModel(request, c, *quick_path, context);
  }
  return quick_path->Answer(request, c, context);
}

}  // namespace askdb::agent
