#include "askdb/agent/quick_path/zone_conversion.h"

#include <chrono>

#include "askdb/agent/quick_path/utf8_pattern.h"

namespace askdb::agent {
namespace {

namespace chr = std::chrono;

constexpr int kHoursPerHalfDay = 12;

// 下午3点, 晚上8:30, 8点半, 15:00.
constexpr std::string_view kZhClock =
    R"((凌晨|早上|早晨|上午|中午|下午|傍晚|晚上|夜里)?\s*(\d{1,2})(?:\s*[:：]\s*(\d{2})|点\s*(?:(\d{1,2})\s*分?|(半)|整|钟)?))";
// 9am, 3:30 pm, 15:00.
constexpr std::string_view kEnClock = R"((\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?)";
constexpr std::string_view kEnPlace = R"(([a-z][a-z .'-]{1,30}?))";

std::string Trim(std::string s) {
  while (!s.empty() && s.back() == ' ') s.pop_back();
  size_t start = 0;
  while (start < s.size() && s[start] == ' ') ++start;
  return s.substr(start);
}

// The 24-hour clock from what was said; nullopt for an impossible time ("25点", "13pm").
std::optional<std::pair<int, int>> Clock(int hour, int minute, std::string_view part_of_day) {
  if (minute < 0 || minute > 59 || hour < 0 || hour > 23) return std::nullopt;
  const bool pm = part_of_day == "pm" || part_of_day == "p.m." || part_of_day == "下午" ||
                  part_of_day == "傍晚" || part_of_day == "晚上" ||
                  (part_of_day == "中午" && hour < 3);
  const bool am = part_of_day == "am" || part_of_day == "a.m." || part_of_day == "凌晨" ||
                  part_of_day == "早上" || part_of_day == "早晨" || part_of_day == "上午";
  if ((pm || am) && hour > kHoursPerHalfDay) return std::nullopt;
  if (pm && hour < kHoursPerHalfDay) hour += kHoursPerHalfDay;
  if (am && hour == kHoursPerHalfDay) hour = 0;
  if (part_of_day == "夜里" && hour == kHoursPerHalfDay) hour = 0;
  if (part_of_day == "夜里" && hour >= 6 && hour < kHoursPerHalfDay) hour += kHoursPerHalfDay;
  return std::make_pair(hour, minute);
}

std::optional<ZoneConversionQuestion> ParseZh(std::string_view s) {
  // 北京时间8点是洛杉矶几点 / 纽约下午3点是北京时间几点 / 伦敦上午9点的时候东京是几点
  static const Utf8Pattern kPattern(
      std::string(R"(^(?:请问)?\s*(\p{Han}{1,8}?)(?:时间|的)?\s*(?:明天|后天|今天)?)") +
      std::string(kZhClock) +
      R"(\s*(?:的时候|时)?\s*[,，]?\s*(?:是|对应|相当于|等于|换算成|换成)?\s*(\p{Han}{1,8}?)(?:时间|的)?\s*(?:是)?\s*(?:几点几分|几点钟|几点|什么时间|什么时候)(?:了)?(?:\s*(?:呢|啊|呀|吗|[?？!！。.]))*\s*$)");
  std::string from, part, hour, minute, minute_zh, half, to;
  if (!kPattern.FullMatch(s, &from, &part, &hour, &minute, &minute_zh, &half, &to)) {
    return std::nullopt;
  }
  int m = 0;
  if (!minute.empty()) m = std::stoi(minute);
  if (!minute_zh.empty()) m = std::stoi(minute_zh);
  if (!half.empty()) m = 30;
  const auto clock = Clock(std::stoi(hour), m, part);
  if (!clock) return std::nullopt;
  return ZoneConversionQuestion{from, to, clock->first, clock->second};
}

std::optional<ZoneConversionQuestion> ParseEn(std::string_view s) {
  const std::string clock(kEnClock), place(kEnPlace);
  const std::string end = R"((?:\s+time)?\s*[?？.!]*\s*$)";
  // 9am london time in tokyo / what is 3pm new york time in beijing / 9am in london is what
  // time in tokyo / convert 9:30 am london time to tokyo time
  static const Utf8Pattern kClockFirst(
      R"(^(?:(?:what(?:'s| is)|convert|and)\s+)?)" + clock + R"(\s+(?:in\s+)?)" + place +
      R"((?:\s+time)?\s*,?\s+(?:(?:is|=)\s+)?(?:what(?: time)?\s+)?(?:in|to|into|for)\s+)" + place +
      end);
  // what time is it in tokyo when it's 9am in london
  static const Utf8Pattern kClockLast(R"(^(?:so\s+)?what time is it in\s+)" + place +
                                      R"(\s+(?:when|if) it(?:'s| is)\s+)" + clock + R"(\s+in\s+)" +
                                      place + end);
  std::string hour, minute, part, from, to;
  if (!kClockFirst.FullMatch(s, &hour, &minute, &part, &from, &to) &&
      !kClockLast.FullMatch(s, &to, &hour, &minute, &part, &from)) {
    return std::nullopt;
  }
  // A bare number is not a clock time in English ("3 london in tokyo"): am/pm or h:mm.
  if (part.empty() && minute.empty()) return std::nullopt;
  const auto c = Clock(std::stoi(hour), minute.empty() ? 0 : std::stoi(minute), part);
  if (!c) return std::nullopt;
  return ZoneConversionQuestion{Trim(from), Trim(to), c->first, c->second};
}

}  // namespace

std::optional<ZoneConversionQuestion> ParseZoneConversion(std::string_view normalized) {
  if (auto q = ParseZh(normalized)) return q;
  return ParseEn(normalized);
}

std::optional<chr::system_clock::time_point> FromLocal(const TimeZone& from, int year, int month,
                                                       int day, int hour, int minute) {
  const chr::sys_days date{chr::year(year) / chr::month(static_cast<unsigned>(month)) /
                           chr::day(static_cast<unsigned>(day))};
  const chr::system_clock::time_point as_if_utc =
      chr::system_clock::time_point(date) + chr::hours(hour) + chr::minutes(minute);
  // Try the offset in force a day before and a day after: the earlier instant that shows the
  // asked clock time wins (a time repeated when DST ends is read as its first occurrence).
  std::optional<chr::system_clock::time_point> best;
  for (const auto probe : {as_if_utc - chr::hours(24), as_if_utc + chr::hours(24)}) {
    const auto candidate = as_if_utc - chr::seconds(from.ToLocal(probe).utc_offset_seconds);
    const LocalTime t = from.ToLocal(candidate);
    if (t.hour != hour || t.minute != minute || t.day != day) continue;
    if (!best || candidate < *best) best = candidate;
  }
  return best;
}

}  // namespace askdb::agent
