#include "askdb/agent/quick_path/date_question.h"

#include <re2/re2.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <utility>
#include <vector>

#include "askdb/agent/quick_path/arithmetic.h"
#include "askdb/agent/quick_path/utf8_pattern.h"

namespace askdb::agent {
namespace {

namespace chr = std::chrono;

// Offsets and years beyond this are not everyday date questions (and keep chrono in range).
constexpr int kMaxOffset = 100000;
constexpr int kMinYear = 1;
constexpr int kMaxYear = 9999;
constexpr int kDaysPerWeek = 7;
constexpr int kMonthsPerYear = 12;

using Pattern = Utf8Pattern;

const std::string kZhNum = "([0-9]+|[零〇一二两三四五六七八九十百千]+)";
const std::string kEnMonths(kEnglishMonthPattern);
const std::string kEnWeekdays =
    "(sunday|monday|tuesday|wednesday|thursday|friday|saturday|sun|mon|tue|tues|wed|thu|thur|"
    "thurs|fri|sat)";

std::optional<int> Number(std::string_view s) {
  static const std::array<std::pair<std::string_view, int>, 22> kWords = {{
      {"a", 1},           {"an", 1},        {"one", 1},      {"two", 2},     {"three", 3},
      {"four", 4},        {"five", 5},      {"six", 6},      {"seven", 7},   {"eight", 8},
      {"nine", 9},        {"ten", 10},      {"eleven", 11},  {"twelve", 12}, {"thirteen", 13},
      {"fourteen", 14},   {"fifteen", 15},  {"sixteen", 16}, {"twenty", 20}, {"thirty", 30},
      {"a hundred", 100}, {"hundred", 100},
  }};
  for (const auto& [w, v] : kWords) {
    if (s == w) return v;
  }
  const auto n = ParseNumberPrefix(s);
  if (!n || n->length != s.size() || n->value < 0 || n->value > kMaxOffset) return std::nullopt;
  const int v = static_cast<int>(n->value);
  if (static_cast<long double>(v) != n->value) return std::nullopt;  // "1.5天后"
  return v;
}

int EnMonth(std::string_view m) {
  static const std::array<std::string_view, 12> kPrefixes = {
      "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"};
  for (size_t i = 0; i < kPrefixes.size(); ++i) {
    if (m.substr(0, 3) == kPrefixes[i]) return static_cast<int>(i) + 1;
  }
  return 0;
}

int EnWeekday(std::string_view w) {
  static const std::array<std::string_view, 7> kPrefixes = {"sun", "mon", "tue", "wed",
                                                            "thu", "fri", "sat"};
  for (size_t i = 0; i < kPrefixes.size(); ++i) {
    if (w.substr(0, 3) == kPrefixes[i]) return static_cast<int>(i);
  }
  return -1;
}

int ZhWeekday(std::string_view c) {
  static const std::array<std::string_view, 8> kChars = {"日", "一", "二", "三",
                                                         "四", "五", "六", "天"};
  for (size_t i = 0; i < kChars.size(); ++i) {
    if (c == kChars[i]) return static_cast<int>(i % kDaysPerWeek);
  }
  return -1;
}

// "今年" / "明年" / "去年" as an offset from this year, or an absolute year.
struct YearRef {
  int year = 0;    // absolute; 0 = relative
  int offset = 0;  // relative to this year
};

std::optional<YearRef> ZhYear(std::string_view s) {
  if (s.empty() || s == "今年" || s == "今") return YearRef{};
  if (s == "明年" || s == "明") return YearRef{0, 1};
  if (s == "去年" || s == "去") return YearRef{0, -1};
  if (s == "this year") return YearRef{};
  if (s == "next year") return YearRef{0, 1};
  if (s == "last year") return YearRef{0, -1};
  const auto n = ParseNumberPrefix(s);
  if (!n || n->length != s.size() || n->value < kMinYear || n->value > kMaxYear) {
    return std::nullopt;
  }
  return YearRef{static_cast<int>(n->value), 0};
}

DateExpression Offset(DateExpression::Kind kind, int n, std::string_view text) {
  DateExpression e;
  e.kind = kind;
  e.offset = n;
  e.text = std::string(text);
  return e;
}

// `base` shifted by n units ("天", "day", "周", "week", "个月", "month", "年", "year"; sign
// -1 for before). One shift only: "90 days after 3 days after today" is not read.
std::optional<DateExpression> Shifted(std::optional<DateExpression> base, int sign,
                                      std::optional<int> n, std::string_view unit,
                                      std::string_view text) {
  if (!base || !n || *n > kMaxOffset || base->then_days != 0 || base->then_months != 0) {
    return std::nullopt;
  }
  const std::string_view u =
      unit.starts_with("个") ? unit.substr(std::string_view("个").size()) : unit;
  if (u == "天" || u == "日" || u.starts_with("day")) {
    base->then_days = sign * *n;
  } else if (u == "周" || u == "星期" || u == "礼拜" || u.starts_with("week")) {
    base->then_days = sign * *n * kDaysPerWeek;
  } else if (u == "月" || u.starts_with("month")) {
    base->then_months = sign * *n;
  } else if (u == "年" || u.starts_with("year")) {
    base->then_months = sign * *n * kMonthsPerYear;
  } else {
    return std::nullopt;
  }
  if (base->then_days == 0 && base->then_months == 0) return std::nullopt;
  base->text = std::string(text);
  return base;
}

bool IsShifted(const std::optional<DateExpression>& e) {
  return e && (e->then_days != 0 || e->then_months != 0);
}

std::optional<DateExpression> Absolute(std::optional<YearRef> year, std::string_view month,
                                       std::string_view day, std::string_view text) {
  const auto m = Number(month);
  const auto d = Number(day);
  if (!year || !m || !d || *m < 1 || *m > kMonthsPerYear || *d < 1 || *d > 31) return std::nullopt;
  DateExpression e;
  e.kind = DateExpression::Kind::kAbsolute;
  e.date = {year->year, *m, *d};
  e.offset = year->offset;  // year offset when date.year == 0
  e.text = std::string(text);
  return e;
}

// "这个月" / "next month" as months from this one.
int RelativeMonth(std::string_view w) {
  if (w == "下个月" || w == "下月" || w == "next" || w == "the next") return 1;
  if (w == "上个月" || w == "上月" || w == "last" || w == "the last" || w == "the previous") {
    return -1;
  }
  return 0;
}

// The day `day` of the month `month_offset` months from this one: "下个月15号", "the 15th of
// next month" (session 14: had been small talk). A day the month lacks is an invalid date.
std::optional<DateExpression> DayOfRelativeMonth(int month_offset, std::string_view day,
                                                 std::string_view text) {
  const auto d = Number(day);
  if (!d || *d < 1 || *d > 31) return std::nullopt;
  DateExpression e;
  e.kind = DateExpression::Kind::kAbsolute;
  e.date = {0, 0, *d};
  e.month_offset = month_offset;
  e.text = std::string(text);
  return e;
}

// Holidays on a fixed day of the Gregorian calendar only: a lunar holiday (春节, 中秋节) or
// one on the Nth weekday of a month falls through to the model, because a wrong date is
// worse than none. Without a year it is the coming one ("距离元旦还有多少天" in November).
std::optional<DateExpression> Holiday(std::string_view year_text, std::string_view name,
                                      std::string_view text) {
  const std::optional<YearRef> year = ZhYear(year_text);
  struct Fixed {
    std::string_view name;
    int month, day;
  };
  static constexpr Fixed kFixed[] = {
      {"元旦", 1, 1},
      {"元旦节", 1, 1},
      {"情人节", 2, 14},
      {"妇女节", 3, 8},
      {"三八妇女节", 3, 8},
      {"三八节", 3, 8},
      {"植树节", 3, 12},
      {"愚人节", 4, 1},
      {"劳动节", 5, 1},
      {"五一劳动节", 5, 1},
      {"青年节", 5, 4},
      {"五四青年节", 5, 4},
      {"儿童节", 6, 1},
      {"六一儿童节", 6, 1},
      {"建党节", 7, 1},
      {"建军节", 8, 1},
      {"八一建军节", 8, 1},
      {"教师节", 9, 10},
      {"国庆节", 10, 1},
      {"国庆", 10, 1},
      {"十一国庆节", 10, 1},
      {"平安夜", 12, 24},
      {"圣诞节", 12, 25},
      {"圣诞", 12, 25},
      {"new year's day", 1, 1},
      {"new years day", 1, 1},
      {"new year's", 1, 1},
      {"valentine's day", 2, 14},
      {"valentines day", 2, 14},
      {"st. patrick's day", 3, 17},
      {"st patrick's day", 3, 17},
      {"april fools' day", 4, 1},
      {"april fools day", 4, 1},
      {"independence day", 7, 4},
      {"halloween", 10, 31},
      {"christmas eve", 12, 24},
      {"christmas", 12, 25},
      {"christmas day", 12, 25},
      {"new year's eve", 12, 31},
      {"new years eve", 12, 31},
  };
  // Lunar holidays, solar terms and holidays on the Nth weekday of a month: recognised so
  // the answer can say why it gives no date, never computed.
  static constexpr std::string_view kMovable[] = {
      "春节", "过年", "除夕", "大年三十", "大年初一", "元宵节", "元宵", "端午节", "端午", "中秋节",
      "中秋", "七夕", "七夕节", "重阳节", "清明节", "清明", "腊八节", "腊八", "小年", "冬至",
      // The other solar terms (session 13): their day moves between years.
      "立春", "雨水", "惊蛰", "春分", "谷雨", "立夏", "小满", "芒种", "夏至", "小暑", "大暑",
      "立秋", "处暑", "白露", "秋分", "寒露", "霜降", "立冬", "小雪", "大雪", "小寒", "大寒",
      "母亲节", "父亲节", "感恩节", "复活节", "easter", "easter sunday", "thanksgiving",
      "thanksgiving day", "mother's day", "mothers day", "father's day", "fathers day",
      "chinese new year", "lunar new year", "mid-autumn festival", "dragon boat festival",
      "memorial day", "labor day", "good friday", "mardi gras", "diwali", "ramadan"};
  if (!year) return std::nullopt;
  for (std::string_view m : kMovable) {
    if (name != m) continue;
    DateExpression e;
    e.kind = DateExpression::Kind::kNotComputed;
    e.text = std::string(text);
    return e;
  }
  for (const Fixed& h : kFixed) {
    if (name != h.name) continue;
    DateExpression e;
    e.kind = DateExpression::Kind::kAbsolute;
    e.date = {year->year, h.month, h.day};
    e.offset = year->offset;
    e.coming = year_text.empty();
    e.text = std::string(text);
    return e;
  }
  return std::nullopt;
}

// What one shape of text makes of a request or of a day in it. `matched` false: not this
// shape, the next one is tried. True: the text is this shape, and `value` is what it says —
// none when a part of it does not read, and then no later shape is tried (it would misread
// the text).
template <typename T>
struct ShapeOf {
  bool matched = false;
  std::optional<T> value;
};
using Shape = ShapeOf<DateQuestion>;       // a date question
using DayShape = ShapeOf<DateExpression>;  // a day named in one

Shape Matched(std::optional<DateQuestion> question) { return Shape{true, std::move(question)}; }
DayShape Matched(std::optional<DateExpression> day) { return DayShape{true, std::move(day)}; }

// The value of the first shape in `readers` that `s` has; none when it has none.
template <typename T, size_t N>
std::optional<T> FirstShape(const std::array<ShapeOf<T> (*)(std::string_view), N>& readers,
                            std::string_view s) {
  for (const auto read : readers) {
    if (ShapeOf<T> shape = read(s); shape.matched) return std::move(shape.value);
  }
  return std::nullopt;
}

std::optional<DateExpression> ParseZhDay(std::string_view s);

// "今天", "大后天".
DayShape ZhNamedDay(std::string_view s) {
  static const std::array<std::pair<std::string_view, int>, 9> kNamed = {{{"今天", 0},
                                                                          {"今日", 0},
                                                                          {"明天", 1},
                                                                          {"明日", 1},
                                                                          {"后天", 2},
                                                                          {"大后天", 3},
                                                                          {"昨天", -1},
                                                                          {"前天", -2},
                                                                          {"大前天", -3}}};
  for (const auto& [w, d] : kNamed) {
    if (s == w) return Matched(Offset(DateExpression::Kind::kDayOffset, d, s));
  }
  return {};
}

// "去年的今天", "明年今天": today a year away (session 13; had been small talk).
DayShape ZhTodayOfAnotherYear(std::string_view s) {
  static const Pattern year_today("^(前年|去年|明年|后年)的?(?:今天|今日)$");
  std::string year_word;
  if (!year_today.FullMatch(s, &year_word)) return {};
  const int years = year_word == "前年"   ? -2
                    : year_word == "去年" ? -1
                    : year_word == "明年" ? 1
                                          : 2;
  return Matched(Offset(DateExpression::Kind::kMonthOffset, years * kMonthsPerYear, s));
}

// "下周三", "上上个礼拜五", "星期天".
DayShape ZhWeekdayOfAWeek(std::string_view s) {
  static const Pattern weekday(
      "^(下下|下|上上|上|这|本|这个|下个|上个)?(?:周|星期|礼拜)([一二三四五六日天])$");
  std::string which, wd;
  if (!weekday.FullMatch(s, &which, &wd)) return {};
  DateExpression e;
  e.kind = DateExpression::Kind::kWeekday;
  e.weekday = ZhWeekday(wd);
  e.offset = which == "下下"                      ? 2
             : which == "上上"                    ? -2
             : (which == "下" || which == "下个") ? 1
             : (which == "上" || which == "上个") ? -1
                                                  : 0;
  e.text = std::string(s);
  return Matched(std::move(e));
}

// "三天后", "过两周", "一年前": a shift from today.
DayShape ZhShiftFromToday(std::string_view s) {
  static const Pattern offset("^(?:从今天(?:起|开始)?|今天起|今天开始|再过|过)?" + kZhNum +
                              "(天|日|周|个星期|个礼拜|个月|年)(后|以后|之后|过后|前|以前|之前)?$");
  std::string num, unit, dir;
  if (!offset.FullMatch(s, &num, &unit, &dir)) return {};
  // Without 后/前 only "过三天" reads as a shift; a bare "三天" is a duration.
  if (dir.empty() && s.rfind("过", 0) != 0 && s.rfind("再过", 0) != 0)
    return DayShape{.matched = true};
  auto n = Number(num);
  if (!n) return DayShape{.matched = true};
  const int sign = (dir == "前" || dir == "以前" || dir == "之前") ? -1 : 1;
  if (unit == "天" || unit == "日") {
    return Matched(Offset(DateExpression::Kind::kDayOffset, sign * *n, s));
  }
  if (unit == "周" || unit == "个星期" || unit == "个礼拜") {
    return Matched(Offset(DateExpression::Kind::kDayOffset, sign * *n * kDaysPerWeek, s));
  }
  if (unit == "个月") return Matched(Offset(DateExpression::Kind::kMonthOffset, sign * *n, s));
  return Matched(Offset(DateExpression::Kind::kMonthOffset, sign * *n * kMonthsPerYear, s));
}

// A shift from a named day: 2026年3月1日后90天, 2026-03-01加90天, 2026年3月1日90天后,
// 下周三之后两周, 2026年3月1日减30天.
DayShape ZhShiftFromADay(std::string_view s) {
  static const std::string kZhShiftUnit = "(天|日|周|个星期|个礼拜|个月|年)";
  // 往后推 / 往前数 (round 12: 今天往后推45天是几月几号) count the days the same way.
  static const Pattern after_day(
      "^(.+?)(之后|以后|往后推|往后数|往后|过后|后|之前|以前|往前推|往前数|往前|前)的?" + kZhNum +
      kZhShiftUnit + "$");
  // A calculator's signs too: "2025-03-01 +45天", "2025-03-01 - 30天" (a minus after a space,
  // so the date's own hyphens are not one).
  static const Pattern plus_day("^(.+?)\\s*(加上|加|\\+|再过|过|减去|减|\\s-)\\s*" + kZhNum +
                                "\\s*" + kZhShiftUnit + "(?:后|以后|之后)?$");
  static const Pattern day_then("^(.+?)" + kZhNum + kZhShiftUnit +
                                "(之后|以后|过后|后|之前|以前|前)$");
  std::string base, word, num, unit;
  if (!after_day.FullMatch(s, &base, &word, &num, &unit) &&
      !plus_day.FullMatch(s, &base, &word, &num, &unit) &&
      !day_then.FullMatch(s, &base, &num, &unit, &word)) {
    return {};
  }
  // A sign shifts by days, weeks or months only: "3月1日 - 10日" is a range's end, "+ 1年" a
  // year's label as often as a shift.
  const bool sign = word == "+" || word.find('-') != std::string::npos;
  if (sign && (unit == "日" || unit == "年")) return {};
  const bool back = word.find("前") != std::string::npos || word.starts_with("减") ||
                    word.find('-') != std::string::npos;
  return Matched(Shifted(ParseZhDay(base), back ? -1 : 1, Number(num), unit, s));
}

// "国庆节", "2025年的元旦"; a name that is no holiday leaves the text to later shapes.
DayShape ZhHoliday(std::string_view s) {
  static const Pattern holiday(
      "^(?:([0-9]{4}|[零〇一二三四五六七八九]{4}|今|明|去)年)?的?(\\p{Han}+)$");
  std::string hy, hn;
  if (!holiday.FullMatch(s, &hy, &hn)) return {};
  if (auto h = Holiday(hy, hn, s)) return Matched(std::move(h));
  return {};
}

// "2024年3月1日", "十月一号", "2024-03-01", "2024/3/1".
DayShape ZhDate(std::string_view s) {
  static const Pattern ymd(
      "^(?:([0-9]{4}|[零〇一二三四五六七八九]{4}|今|明|去)年)?([0-9]{1,2}|[一二三四五六七八九十]+)"
      "月([0-9]{1,2}|[一二三四五六七八九十]+)(?:日|号)$");
  static const Pattern iso("^([0-9]{4})[-/.]([0-9]{1,2})[-/.]([0-9]{1,2})$");
  std::string y, m, d;
  if (!ymd.FullMatch(s, &y, &m, &d) && !iso.FullMatch(s, &y, &m, &d)) return {};
  return Matched(Absolute(ZhYear(y), m, d, s));
}

// "下个月15号".
DayShape ZhDayOfRelativeMonth(std::string_view s) {
  static const Pattern month_day(
      "^(这个月|本月|这月|下个月|下月|上个月|上月)的?([0-9]{1,2}|[一二三四五六七八九十]+)(?:日|号)"
      "$");
  std::string m, d;
  if (!month_day.FullMatch(s, &m, &d)) return {};
  return Matched(DayOfRelativeMonth(RelativeMonth(m), d, s));
}

std::optional<DateExpression> ParseZhDay(std::string_view s) {
  static constexpr std::array<DayShape (*)(std::string_view), 8> kShapes = {
      ZhNamedDay,       ZhTodayOfAnotherYear, ZhWeekdayOfAWeek,
      ZhShiftFromToday, ZhShiftFromADay,      ZhHoliday,
      ZhDate,           ZhDayOfRelativeMonth};
  return FirstShape(kShapes, s);
}

std::optional<DateExpression> ParseEnDay(std::string_view s);

// "today", "the day after tomorrow".
DayShape EnNamedDay(std::string_view s) {
  static const std::array<std::pair<std::string_view, int>, 7> kNamed = {
      {{"today", 0},
       {"now", 0},
       {"tomorrow", 1},
       {"yesterday", -1},
       {"the day after tomorrow", 2},
       {"the day before yesterday", -2},
       {"it today", 0}}};
  for (const auto& [w, d] : kNamed) {
    if (s == w) return Matched(Offset(DateExpression::Kind::kDayOffset, d, s));
  }
  return {};
}

// "next friday", "this coming monday", "tuesday last week".
DayShape EnWeekdayOfAWeek(std::string_view s) {
  static const Pattern weekday("^(next|this|last|this coming|the coming|coming)? ?" + kEnWeekdays +
                               "(?: (next|this|last) week)?$");
  std::string which, wd, week;
  if (!weekday.FullMatch(s, &which, &wd, &week)) return {};
  if (!which.empty() && !week.empty()) return DayShape{.matched = true};  // "next friday next week"
  DateExpression e;
  e.kind = DateExpression::Kind::kWeekday;
  e.weekday = EnWeekday(wd);
  e.text = std::string(s);
  if (!week.empty()) {
    e.offset = week == "next" ? 1 : week == "last" ? -1 : 0;
  } else if (which == "this") {
    e.offset = 0;
  } else {
    e.coming = true;  // the next such day after today, or the last before it
    e.offset = which == "last" ? -1 : 1;
  }
  return Matched(std::move(e));
}

// "in 3 weeks", "two days ago": a shift from today.
DayShape EnShiftFromToday(std::string_view s) {
  static const Pattern shift(
      "^(in )?([0-9]+|[a-z]+|a hundred) (day|days|week|weeks|month|months|year|years)"
      "(?: (from now|from today|later|after today|hence|ago|before today|earlier))?$");
  std::string in, num, unit, dir;
  if (!shift.FullMatch(s, &in, &num, &unit, &dir)) return {};
  // "in 3 days" or "3 days from now", not both or neither.
  if (in.empty() == dir.empty()) return DayShape{.matched = true};
  auto n = Number(num);
  if (!n) return DayShape{.matched = true};
  const int sign = (dir == "ago" || dir == "before today" || dir == "earlier") ? -1 : 1;
  if (unit[0] == 'd') return Matched(Offset(DateExpression::Kind::kDayOffset, sign * *n, s));
  if (unit[0] == 'w') {
    return Matched(Offset(DateExpression::Kind::kDayOffset, sign * *n * kDaysPerWeek, s));
  }
  if (unit[0] == 'm') return Matched(Offset(DateExpression::Kind::kMonthOffset, sign * *n, s));
  return Matched(Offset(DateExpression::Kind::kMonthOffset, sign * *n * kMonthsPerYear, s));
}

// "90 days after 2026-03-01", "2 weeks before christmas", "3 months from march 1, 2026".
DayShape EnShiftFromADay(std::string_view s) {
  static const Pattern shift_from(
      "^([0-9]+|[a-z]+|a hundred) (day|days|week|weeks|month|months|year|years) "
      "(after|before|from|following|prior to) (.+)$");
  // A calculator's: "2025-12-20 + 10 days", "2025-12-20 minus 30 days", "march 1, 2026 - 2 weeks"
  // (a minus after a space, so the date's own hyphens are not one).
  static const Pattern day_plus(
      "^(.+?)(?: ?(\\+|plus|minus) ?| (-) ?)([0-9]+|[a-z]+|a hundred) ?"
      "(day|days|week|weeks|month|months|year|years)$");
  std::string num, unit, dir, base, hyphen;
  if (day_plus.FullMatch(s, &base, &dir, &hyphen, &num, &unit)) {
    const int sign = dir == "minus" || hyphen == "-" ? -1 : 1;
    return Matched(Shifted(ParseEnDay(base), sign, Number(num), unit, s));
  }
  if (!shift_from.FullMatch(s, &num, &unit, &dir, &base)) return {};
  const int sign = dir == "before" || dir == "prior to" ? -1 : 1;
  return Matched(Shifted(ParseEnDay(base), sign, Number(num), unit, s));
}

// "christmas", "the halloween 2025"; a name that is no holiday leaves the text to later shapes.
DayShape EnHoliday(std::string_view s) {
  static const Pattern holiday("^(?:the )?(.+?)(?:,? ([0-9]{4}|this year|next year|last year))?$");
  std::string hn, hy;
  if (!holiday.FullMatch(s, &hn, &hy)) return {};
  if (auto h = Holiday(hy, hn, s)) return Matched(std::move(h));
  return {};
}

// "2024-12-25", "december 25, 2024", "dec 25th", "the 25th of december 2024", "25 december".
DayShape EnDate(std::string_view s) {
  static const Pattern iso("^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})$");
  static const Pattern mdy("^" + kEnMonths + " ([0-9]{1,2})(?:st|nd|rd|th)?(?:,? ([0-9]{4}))?$");
  static const Pattern dmy("^(?:the )?([0-9]{1,2})(?:st|nd|rd|th)? (?:of )?" + kEnMonths +
                           "(?:,? ([0-9]{4}))?$");
  std::string y, m, d;
  if (iso.FullMatch(s, &y, &m, &d)) return Matched(Absolute(ZhYear(y), m, d, s));
  if (!mdy.FullMatch(s, &m, &d, &y) && !dmy.FullMatch(s, &d, &m, &y)) return {};
  return Matched(Absolute(ZhYear(y), std::to_string(EnMonth(m)), d, s));
}

// "the 15th of next month".
DayShape EnDayOfRelativeMonth(std::string_view s) {
  static const Pattern month_day(
      "^(?:the )?([0-9]{1,2})(?:st|nd|rd|th)? of (this|next|last|the next|the previous) month$");
  std::string d, m;
  if (!month_day.FullMatch(s, &d, &m)) return {};
  return Matched(DayOfRelativeMonth(RelativeMonth(m), d, s));
}

std::optional<DateExpression> ParseEnDay(std::string_view s) {
  static constexpr std::array<DayShape (*)(std::string_view), 7> kShapes = {
      EnNamedDay, EnWeekdayOfAWeek, EnShiftFromToday,    EnShiftFromADay,
      EnHoliday,  EnDate,           EnDayOfRelativeMonth};
  return FirstShape(kShapes, s);
}

// A clock time, "下午5点半", "明天上午9点", "12点25分", "5:30 pm", "noon tomorrow", as the
// fields of a kTimeUntil question. Hours without a period of the day that could be either
// half ("5点") are the next of the two.
std::optional<DateQuestion> ZhClock(std::string_view s) {
  static const Pattern clock(
      "^(今天|今日|明天|明日|后天|今晚)?(凌晨|早上|早晨|清晨|上午|中午|下午|傍晚|晚上|夜里|夜间)?" +
      kZhNum +
      "(?:点|时|:)(?:(半)|(一刻)|(三刻)|整|钟|([0-9]{1,2}|[零〇一二三四五六七八九十]+)分?)?$");
  std::string day, period, h, half, quarter, three_quarters, m;
  if (!clock.FullMatch(s, &day, &period, &h, &half, &quarter, &three_quarters, &m)) {
    return std::nullopt;
  }
  const auto hour = Number(h);
  const auto minute = m.empty() ? std::optional<int>(0) : Number(m);
  if (!hour || !minute || *hour > 24 || *minute > 59) return std::nullopt;
  DateQuestion q;
  q.kind = DateQuestion::Kind::kTimeUntil;
  q.minute = !half.empty() ? 30 : !quarter.empty() ? 15 : !three_quarters.empty() ? 45 : *minute;
  q.hour = *hour;
  if (day == "今晚" && period.empty()) period = "晚上";
  const bool pm = period == "下午" || period == "傍晚" || period == "晚上" || period == "夜里" ||
                  period == "夜间" || (period == "中午" && *hour < 6);
  if (period.empty()) {
    q.hour_either = *hour >= 1 && *hour <= 12;
  } else if (*hour > 12) {
    if (!pm) return std::nullopt;  // "上午15点"
  } else if (pm) {
    q.hour = *hour == 12 && period != "中午" ? 24 : *hour % 12 + 12;
  } else if (*hour == 12 && period != "中午") {
    q.hour = 0;  // 凌晨12点
  }
  if (q.hour == 24 && q.minute > 0) return std::nullopt;
  const int offset = (day == "明天" || day == "明日") ? 1 : day == "后天" ? 2 : 0;
  q.day = Offset(DateExpression::Kind::kDayOffset, offset, day.empty() ? "今天" : day);
  q.day_named = !day.empty();
  return q;
}

std::optional<DateQuestion> EnClock(std::string_view s) {
  static const Pattern clock(
      "^(?:(today|tonight|tomorrow) (?:at "
      ")?)?(?:(noon|midday|midnight)|([0-9]{1,2})(?::([0-9]{2}))?"
      " ?(am|pm|a\\.m\\.|p\\.m\\.|o'clock)?)(?: (today|tonight|tomorrow))?$");
  std::string day, named, h, m, period, day_after;
  if (!clock.FullMatch(s, &day, &named, &h, &m, &period, &day_after)) return std::nullopt;
  if (!day.empty() && !day_after.empty()) return std::nullopt;
  if (day.empty()) day = day_after;
  DateQuestion q;
  q.kind = DateQuestion::Kind::kTimeUntil;
  if (!named.empty()) {
    q.hour = named == "midnight" ? 24 : 12;
  } else {
    // A bare number ("until 5") is not read as a time: only with am/pm, o'clock or minutes.
    if (period.empty() && m.empty()) return std::nullopt;
    const auto hour = Number(h);
    const auto minute = m.empty() ? std::optional<int>(0) : Number(m);
    if (!hour || !minute || *hour > 23 || *minute > 59) return std::nullopt;
    q.hour = *hour;
    q.minute = *minute;
    const bool am = period == "am" || period == "a.m.";
    const bool pm = period == "pm" || period == "p.m.";
    if ((am || pm) && (*hour < 1 || *hour > 12)) return std::nullopt;  // "15 pm"
    if (pm) q.hour = *hour % 12 + 12;
    if (am) q.hour = *hour % 12;
    q.hour_either = (period == "o'clock" || (period.empty() && !m.empty() && day != "tonight")) &&
                    *hour >= 1 && *hour <= 12;
    if (day == "tonight" && q.hour < 12 && !am) q.hour += 12;
  }
  const int offset = day == "tomorrow" ? 1 : 0;
  q.day = Offset(DateExpression::Kind::kDayOffset, offset, day.empty() ? "today" : day);
  q.day_named = !day.empty();
  return q;
}

// Framing words around a question: "请问", "你知道…吗", trailing particles and punctuation.
std::string_view Trim(std::string_view s) {
  static const std::array<std::string_view, 14> kTail = {
      "?", "？", "。", ".", "!", "！", " ", "呢", "啊", "呀", "吗", "了", "please", ","};
  static const std::array<std::string_view, 11> kHead = {
      "请问",   "问一下",   "你知道",           "告诉我",   "帮我查一下", "查询",
      "查一下", "帮我看看", "can you tell me ", "tell me ", "hey "};
  bool changed = true;
  while (changed && !s.empty()) {
    changed = false;
    for (std::string_view t : kTail) {
      if (s.size() >= t.size() && s.substr(s.size() - t.size()) == t) {
        s.remove_suffix(t.size());
        changed = true;
      }
    }
    for (std::string_view h : kHead) {
      if (s.substr(0, h.size()) == h) {
        s.remove_prefix(h.size());
        changed = true;
      }
    }
  }
  return s;
}

std::optional<DateQuestion> WhichDate(std::optional<DateExpression> day) {
  if (!day) return std::nullopt;
  DateQuestion q;
  q.kind = DateQuestion::Kind::kWhichDate;
  q.day = *std::move(day);
  return q;
}

std::optional<DateQuestion> DaysUntil(std::optional<DateExpression> day, bool since = false) {
  if (!day) return std::nullopt;
  DateQuestion q;
  q.kind = DateQuestion::Kind::kDaysUntil;
  q.day = *std::move(day);
  if (since && q.day.kind != DateExpression::Kind::kAbsolute) return std::nullopt;
  if (since && q.day.coming) return std::nullopt;  // "since christmas": which one is unclear
  return q;
}

// "今年还剩多少天", "how many days are left in 2026": the days from today until December 31 of
// that year, as "距离12月31日还有多少天" (the answer names the day, so the count can be checked).
std::optional<DateQuestion> DaysLeftInYear(std::optional<YearRef> year, std::string_view text) {
  if (!year) return std::nullopt;
  return DaysUntil(Absolute(year, "12", "31", text));
}

std::optional<DateQuestion> DaysBetween(std::optional<DateExpression> a,
                                        std::optional<DateExpression> b) {
  if (!a || !b) return std::nullopt;
  DateQuestion q;
  q.kind = DateQuestion::Kind::kDaysBetween;
  q.day = *std::move(a);
  q.end = *std::move(b);
  return q;
}

std::optional<DateQuestion> DaysInMonth(std::optional<YearRef> year, int month) {
  if (!year || month < 1 || month > kMonthsPerYear) return std::nullopt;
  DateQuestion q;
  q.kind = DateQuestion::Kind::kDaysInMonth;
  q.year = year->year;
  q.day.offset = year->offset;
  q.month = month;
  return q;
}

std::optional<DateQuestion> DayOfYear(std::optional<DateExpression> day) {
  if (!day) return std::nullopt;
  DateQuestion q;
  q.kind = DateQuestion::Kind::kDayOfYear;
  q.day = *std::move(day);
  return q;
}

std::optional<DateQuestion> WeekOfYear(std::optional<DateExpression> day) {
  auto q = DayOfYear(std::move(day));
  if (q) q->kind = DateQuestion::Kind::kWeekOfYear;
  return q;
}

std::optional<DateQuestion> DaysInRelativeMonth(int month_offset) {
  DateQuestion q;
  q.kind = DateQuestion::Kind::kDaysInMonth;
  q.month_offset = month_offset;
  return q;
}

// "2024年是闰年吗", "is 2026 a leap year": none when the year does not read.
std::optional<DateQuestion> LeapYear(std::optional<YearRef> year) {
  if (!year) return std::nullopt;
  DateQuestion q;
  q.kind = DateQuestion::Kind::kLeapYear;
  q.year = year->year;
  q.day.offset = year->offset;
  return q;
}

// How long until a clock time (距离下午5点还有多久, 还有多少分钟12点); a day instead of a
// clock time is a count of days (距离元旦还有多久).
Shape ZhTimeUntil(std::string_view s) {
  static const std::string kHowLong =
      "(?:多久|多长时间|多少时间|几个?小时|多少个?小时|多少分钟|几分钟|多少秒|几秒)";
  static const Pattern until_time("^(?:从?现在)?(?:距离|距|离|到)(.+?)(?:还有|还剩|还差|有|差)?" +
                                  kHowLong + "$");
  static const Pattern time_from_now("^(.+?)(?:距离|距|离)现在(?:还有|还剩|还差|有)?" + kHowLong +
                                     "$");
  static const Pattern time_left("^(?:现在)?(?:还有|还差|再过)" + kHowLong +
                                 "(?:到|就到|就是|就)?(.+?)了?$");
  std::string day;
  if (!until_time.FullMatch(s, &day) && !time_from_now.FullMatch(s, &day) &&
      !time_left.FullMatch(s, &day)) {
    return {};
  }
  if (auto q = ZhClock(day)) return Matched(std::move(q));
  return Matched(DaysUntil(ParseZhDay(day)));
}

// The year a day is counted in: 2025年3月14日是(今年)的第几天 / 第几周.
constexpr std::string_view kZhInTheYear =
    "(今年|这一年|本年度|本年|当年|那年|那一年|该年|这年|一年中|一年里|一年|全年)";

// The day counted in "今年": a holiday without a year is this year's (国庆节是今年的第几天, asked
// in November, is this October's, not the coming one's).
std::optional<DateExpression> ZhDayInTheYear(const std::string& day, const std::string& year) {
  if (year == "今年" || year == "本年" || year == "本年度") {
    if (auto this_year = ParseZhDay("今年" + day)) return this_year;
  }
  return ParseZhDay(day);
}

// "国庆节是今年的第几天".
Shape ZhDayOfYear(std::string_view s) {
  static const Pattern day_of_year("^(.+?)是?" + std::string(kZhInTheYear) + "的?第(?:几|多少)天$");
  std::string day, year;
  if (!day_of_year.FullMatch(s, &day, &year)) return {};
  return Matched(DayOfYear(ZhDayInTheYear(day, year)));
}

// "2025年3月14日是第几周", "今天是今年的第几个星期", "这周是第几周" (星期几 is a weekday, not
// this).
Shape ZhWeekOfYear(std::string_view s) {
  static const Pattern week_of_year("^(.+?)是?" + std::string(kZhInTheYear) +
                                    "?的?第(?:几|多少)(?:周|个星期|个礼拜)$");
  std::string day, year;
  if (!week_of_year.FullMatch(s, &day, &year)) return {};
  if (day == "这周" || day == "本周" || day == "这个星期" || day == "这星期") day = "今天";
  return Matched(WeekOfYear(ZhDayInTheYear(day, year)));
}

// "今天农历几号": a lunar date is not computed (a wrong date is worse than none).
Shape ZhLunarDate(std::string_view s) {
  static const Pattern lunar(
      "^(.*?)是?(?:农历|阴历)的?(?:是|为)?(?:几月几号|几月几日|几月初几|几号|多少号|多少|哪天|"
      "哪一天|初几|"
      "什么日子)?$");
  std::string day;
  if (!lunar.FullMatch(s, &day)) return {};
  if (!day.empty() && !ParseZhDay(day)) return Shape{.matched = true};
  DateExpression e;
  e.kind = DateExpression::Kind::kNotComputed;
  e.text = "农历日期";
  return Matched(WhichDate(std::move(e)));
}

// "今年还剩多少天".
Shape ZhDaysLeftInYear(std::string_view s) {
  static const Pattern year_left(
      "^(?:([0-9]{4}|[零〇一二三四五六七八九]{4}|今)年)(?:还剩下|还剩|剩下|还有|只剩)(?:多少|几)天("
      "?:了|"
      "结束|过完)?$");
  std::string year_text;
  if (!year_left.FullMatch(s, &year_text)) return {};
  return Matched(DaysLeftInYear(ZhYear(year_text), s));
}

// "下个月有多少天".
Shape ZhDaysInRelativeMonth(std::string_view s) {
  static const Pattern relative_month(
      "^(这个月|本月|当月|这月|下个月|下月|上个月|上月)份?(?:一共|总共|共)?(?:有)?(?:多少|几)天$");
  std::string which_month;
  if (!relative_month.FullMatch(s, &which_month)) return {};
  return Matched(DaysInRelativeMonth(RelativeMonth(which_month)));
}

// A shift from a named day inside a short story, asked last: 出差从2026年1月15日开始，90天后是几号.
// The words before 从 only say what starts that day.
Shape ZhStoryShift(std::string_view s) {
  static const Pattern story("^(?:.{0,30}?)从(.+?)(?:开始|起)\\s*[,，]?\\s*" + kZhNum +
                             "(天|周|个星期|个月)(?:后|以后|之后)(?:是)?(?:几月几号|几月几日|几号|"
                             "哪天|哪一天|什么日期|星期几|周几)$");
  std::string base, num, unit;
  if (!story.FullMatch(s, &base, &num, &unit)) return {};
  // Said back without the story: "2026年1月15日90天后".
  auto day = Shifted(ParseZhDay(base), 1, Number(num), unit, base + num + unit + "后");
  if (!IsShifted(day)) return {};
  return Matched(WhichDate(std::move(day)));
}

// "下周三是几号", "国庆节是星期几".
Shape ZhWhichDate(std::string_view s) {
  static const Pattern which(
      "^(.+?)(?:是|为)?(?:几月几号|几月几日|几号|多少号|哪天|哪一天|什么日子|什么日期|几号星期几|"
      "星期几|周几|礼拜几|几月几号星期几|什么时候|在哪天|在几号)$");
  std::string day;
  if (!which.FullMatch(s, &day)) return {};
  if (day.size() > 3 && day.substr(day.size() - 3) == "是") day.resize(day.size() - 3);
  return Matched(WhichDate(ParseZhDay(day)));
}

// "距离元旦还有多少天", "元宵节还有几个星期", "春节还有多少天" (the day first).
Shape ZhDaysUntil(std::string_view s) {
  static const Pattern until(
      "^(?:(?:从)?今天)?(?:距离|距|离|到)(.+?)(?:还有|还剩|有|相差|差)?(?:多少|几)个?(天|周|星期|"
      "礼拜)$");
  static const Pattern left("^(.+?)(?:还有|还剩|还差)(?:多少|几)个?(天|周|星期|礼拜)$");
  std::string day, unit;
  if (!until.FullMatch(s, &day, &unit) && !left.FullMatch(s, &day, &unit)) {
    return {};
  }
  auto q = DaysUntil(ParseZhDay(day));
  if (q) q->in_weeks = unit != "天";
  return Matched(std::move(q));
}

// "从元旦到春节有多少天"; when either day does not read, later shapes are tried.
Shape ZhDaysBetween(std::string_view s) {
  static const Pattern between(
      "^从?(.+?)(?:到|至|和|与|跟)(.+?)(?:之间)?(?:一共|总共|共)?(?:有|相差|差|相隔|隔|间隔)?(?:了)"
      "?"
      "(?:多少|几)天$");
  std::string day, other;
  if (!between.FullMatch(s, &day, &other)) return {};
  if (auto q = DaysBetween(ParseZhDay(day), ParseZhDay(other))) return Matched(std::move(q));
  return {};
}

// "2024年2月有多少天".
Shape ZhDaysInMonth(std::string_view s) {
  static const Pattern month_days(
      "^(?:([0-9]{4}|[零〇一二三四五六七八九]{4}|今|明|去)年)?的?([0-9]{1,2}|[一二三四五六七八九十]"
      "+)"
      "月份?(?:一共|总共|共)?(?:有)?(?:多少|几)天$");
  std::string y, m;
  if (!month_days.FullMatch(s, &y, &m)) return {};
  return Matched(DaysInMonth(ZhYear(y), Number(m).value_or(0)));
}

// A shifted day on its own asks for the date: "2026年3月1日后90天".
// Only ZhShiftFromADay shifts a day, so text it does not shift is not read again by every shape.
Shape ZhShiftedDay(std::string_view s) {
  if (const DayShape shift = ZhShiftFromADay(s); !IsShifted(shift.value)) return {};
  if (auto d = ParseZhDay(s); IsShifted(d)) return Matched(WhichDate(std::move(d)));
  return {};
}

// "2024年是闰年吗".
Shape ZhLeapYear(std::string_view s) {
  static const Pattern leap(
      "^([0-9]{4}|[零〇一二三四五六七八九]{4}|今|明|去)年(?:是不是|是否|是)闰年(?:吗|么)?$");
  std::string y;
  if (!leap.FullMatch(s, &y)) return {};
  return Matched(LeapYear(ZhYear(y)));
}

std::optional<DateQuestion> ParseZh(std::string_view s) {
  static constexpr std::array<Shape (*)(std::string_view), 13> kShapes = {
      ZhTimeUntil,           ZhDayOfYear,  ZhWeekOfYear, ZhLunarDate, ZhDaysLeftInYear,
      ZhDaysInRelativeMonth, ZhStoryShift, ZhWhichDate,  ZhDaysUntil, ZhDaysBetween,
      ZhDaysInMonth,         ZhShiftedDay, ZhLeapYear};
  return FirstShape(kShapes, s);
}

// "how long until 5pm", "how much time is left before friday".
Shape EnTimeUntil(std::string_view s) {
  static const Pattern time_until(
      "^(?:how long|how much (?:more )?time|how many (?:more )?(?:hours|minutes|hours and minutes)|"
      "time) (?:is (?:it |there |left )?|do i have (?:left )?|are there (?:left )?|is left |left |"
      "remains |remaining )?(?:until|till|til|before|to) (.+)$");
  std::string day;
  if (!time_until.FullMatch(s, &day)) return {};
  if (auto q = EnClock(day)) return Matched(std::move(q));
  return Matched(DaysUntil(ParseEnDay(day)));
}

// "how many weeks until christmas".
Shape EnWeeksUntil(std::string_view s) {
  static const Pattern weeks_until(
      "^(?:how many weeks (?:are there |are |is it |is there |do i have |remain |are left )?"
      "(?:left )?|weeks (?:left )?)(?:until|till|til|to|before) (.+)$");
  std::string day;
  if (!weeks_until.FullMatch(s, &day)) return {};
  auto q = DaysUntil(ParseEnDay(day));
  if (q) q->in_weeks = true;
  return Matched(std::move(q));
}

// "what day of the year is it", "which day of the year is march 3".
Shape EnDayOfYear(std::string_view s) {
  static const Pattern day_of_year(
      "^(?:what|which) (?:day|number day) of the year (?:is|was|will be)(?: it)?(?: (.+))?$");
  static const Pattern day_of_year_today(
      "^(?:what(?:'s| is) )?(?:today's |the )?day of the year(?: today| is it)?$");
  if (day_of_year_today.FullMatch(s)) {
    return Matched(DayOfYear(Offset(DateExpression::Kind::kDayOffset, 0, "today")));
  }
  std::string day;
  if (!day_of_year.FullMatch(s, &day)) return {};
  return Matched(DayOfYear(day.empty() ? Offset(DateExpression::Kind::kDayOffset, 0, "today")
                                       : ParseEnDay(day)));
}

// "which week of the year is 2025-03-14", "what week number is july 4, 2025", "what week is it".
Shape EnWeekOfYear(std::string_view s) {
  static const Pattern week_of(
      "^(?:what|which)(?: is the)? week(?: number)?(?: of the year)? (?:is|was|will be)"
      "(?: it)?(?: (.+?))?(?: in)?$");
  static const Pattern week_number_of(
      "^(?:what(?:'s| is) )?the week(?: number)? of the year (?:of|for) (.+)$|"
      "^(?:what(?:'s| is) )?the week number (?:of|for) (.+)$");
  std::string day, day2;
  if (week_number_of.FullMatch(s, &day, &day2)) {
    return Matched(WeekOfYear(ParseEnDay(day.empty() ? day2 : day)));
  }
  if (!week_of.FullMatch(s, &day)) return {};
  return Matched(WeekOfYear(day.empty() ? Offset(DateExpression::Kind::kDayOffset, 0, "today")
                                        : ParseEnDay(day)));
}

// "how many days are left in 2026".
Shape EnDaysLeftInYear(std::string_view s) {
  static const Pattern year_left(
      "^how many days (?:are )?(?:left|remaining|remain) (?:in|of) (this year|the year|[0-9]{4})$");
  std::string year_text;
  if (!year_left.FullMatch(s, &year_text)) return {};
  return Matched(DaysLeftInYear(ZhYear(year_text == "the year" ? "this year" : year_text), s));
}

// "how many days in next month", "how many days does this month have".
Shape EnDaysInRelativeMonth(std::string_view s) {
  static const Pattern relative_month(
      "^how many days (?:are there |are |is there )?in (this|next|last|the current|the next|the "
      "last|the previous) month$");
  static const Pattern relative_month_have(
      "^how many days (?:does|did|will) (this|next|last) month have$");
  std::string which_month;
  if (!relative_month.FullMatch(s, &which_month) &&
      !relative_month_have.FullMatch(s, &which_month)) {
    return {};
  }
  return Matched(DaysInRelativeMonth(RelativeMonth(which_month)));
}

// A shift from a named day inside a short story, asked last: "the trip is 90 days after
// 2026-01-15, what date is that". The story's words only say what falls on that day.
Shape EnStoryShift(std::string_view s) {
  static const Pattern story(
      "^[a-z' ]{0,40}? (?:is|was|will be|falls|lands|ends|comes|is due) ((?:[0-9]+|[a-z]+) "
      "(?:days?|weeks?|months?) (?:after|before|from|following) .+?)\\s*[,;.]\\s*(?:so )?"
      "(?:what|which) (?:date|day|day of the week) (?:is|will|would) (?:that|it|this)(?: be)?"
      "\\s*[?.!]*$");
  std::string shift;
  if (!story.FullMatch(s, &shift)) return {};
  const DayShape day = EnShiftFromADay(shift);
  if (!IsShifted(day.value)) return {};
  return Matched(WhichDate(day.value));
}

// "what day is next friday", "which date was 3 days ago".
Shape EnWhichDate(std::string_view s) {
  static const Pattern which(
      "^(?:what|which) (?:day|date|day of the week|weekday|day of week) (?:is|was|will be|would "
      "be)(?: it)? (.+)$");
  std::string day;
  if (!which.FullMatch(s, &day)) return {};
  return Matched(WhichDate(ParseEnDay(day)));
}

// "when is next friday" reads; "when is tomorrow" does not ask for a date.
Shape EnWhenIs(std::string_view s) {
  static const Pattern when("^when (?:is|was|will be|does) (.+?)(?: fall| this year)?$");
  std::string day;
  if (!when.FullMatch(s, &day)) return {};
  auto d = ParseEnDay(day);
  if (d && (d->kind == DateExpression::Kind::kAbsolute ||
            d->kind == DateExpression::Kind::kNotComputed)) {
    return Matched(WhichDate(std::move(d)));
  }
  return Shape{.matched = true};
}

// "what is the date of thanksgiving", "what's christmas's date".
Shape EnDateOf(std::string_view s) {
  static const Pattern date_of("^what(?:'s| is| was| will be) the date (?:of )?(.+)$");
  static const Pattern possessive("^(?:what(?:'s| is) )?(.+)'s date$");
  std::string day;
  if (!date_of.FullMatch(s, &day) && !possessive.FullMatch(s, &day)) return {};
  return Matched(WhichDate(ParseEnDay(day)));
}

// "how many days until christmas".
Shape EnDaysUntil(std::string_view s) {
  static const Pattern until(
      "^(?:how many days (?:are there |are |is it |is there |do i have |remain |are left )?"
      "(?:left )?|days (?:left )?)(?:until|till|til|to|before) (.+)$");
  std::string day;
  if (!until.FullMatch(s, &day)) return {};
  return Matched(DaysUntil(ParseEnDay(day)));
}

// "how many days between 2024-01-01 and 2024-12-25".
Shape EnDaysBetween(std::string_view s) {
  static const Pattern between(
      "^how many days (?:are there |are |is it |were there |have passed )?(?:between|from) (.+?) "
      "(?:and|to|until|till) (.+)$");
  std::string day, other;
  if (!between.FullMatch(s, &day, &other)) return {};
  return Matched(DaysBetween(ParseEnDay(day), ParseEnDay(other)));
}

// "how many days since new year".
Shape EnDaysSince(std::string_view s) {
  static const Pattern since("^how many days (?:have passed |has it been )?since (.+)$");
  std::string day;
  if (!since.FullMatch(s, &day)) return {};
  return Matched(DaysUntil(ParseEnDay(day), /*since=*/true));
}

// "how many days in february 2024", "how many days does march have".
Shape EnDaysInMonth(std::string_view s) {
  static const Pattern month_days("^how many days (?:are there |are |is there )?in " + kEnMonths +
                                  "(?:,? ([0-9]{4}|this year|next year|last year))?$");
  static const Pattern month_have("^how many days (?:does|did|will) " + kEnMonths +
                                  "(?:,? ([0-9]{4}|this year|next year|last year))? have$");
  std::string m, y;
  if (!month_days.FullMatch(s, &m, &y) && !month_have.FullMatch(s, &m, &y)) {
    return {};
  }
  return Matched(DaysInMonth(ZhYear(y), EnMonth(m)));
}

// A shifted day on its own asks for the date: "90 days after 2026-03-01", "what's 2 weeks
// before christmas".
Shape EnShiftedDay(std::string_view s) {
  static const Pattern what_is("^(?:what(?:'s| is| will be| was) )?(.+)$");
  std::string day;
  if (!what_is.FullMatch(s, &day)) return {};
  // Only EnShiftFromADay shifts a day, so text it does not shift is not read again by every shape.
  if (const DayShape shift = EnShiftFromADay(day); !IsShifted(shift.value)) return {};
  if (auto d = ParseEnDay(day); IsShifted(d)) return Matched(WhichDate(std::move(d)));
  return {};
}

// "is 2024 a leap year".
Shape EnLeapYear(std::string_view s) {
  static const Pattern leap(
      "^(?:is|was|will) ([0-9]{4}|this year|next year|last year) (?:be )?a "
      "leap year$");
  std::string y;
  if (!leap.FullMatch(s, &y)) return {};
  return Matched(LeapYear(ZhYear(y)));
}

std::optional<DateQuestion> ParseEn(std::string_view s) {
  static constexpr std::array<Shape (*)(std::string_view), 16> kShapes = {
      EnTimeUntil,  EnWeeksUntil,     EnDayOfYear,
      EnWeekOfYear, EnDaysLeftInYear, EnDaysInRelativeMonth,
      EnStoryShift, EnWhichDate,      EnWhenIs,
      EnDateOf,     EnDaysUntil,      EnDaysBetween,
      EnDaysSince,  EnDaysInMonth,    EnShiftedDay,
      EnLeapYear};
  return FirstShape(kShapes, s);
}

chr::sys_days Days(CivilDate d) {
  return chr::sys_days(chr::year(d.year) / chr::month(static_cast<unsigned>(d.month)) /
                       chr::day(static_cast<unsigned>(d.day)));
}

CivilDate Civil(chr::sys_days d) {
  const chr::year_month_day ymd(d);
  return {static_cast<int>(ymd.year()), static_cast<int>(static_cast<unsigned>(ymd.month())),
          static_cast<int>(static_cast<unsigned>(ymd.day()))};
}

int Weekday(chr::sys_days d) { return static_cast<int>(chr::weekday(d).c_encoding()); }

// 1 for January 1.
int DayOfYearOf(chr::sys_days d) {
  const chr::year y = chr::year_month_day(d).year();
  return static_cast<int>((d - chr::sys_days(y / chr::January / 1)).count()) + 1;
}

// The ISO 8601 week of `d` (the week's Thursday decides its year) and the counts from the week
// holding January 1, weeks from Monday and from Sunday.
void WeeksOfYear(chr::sys_days d, DateAnswer& a) {
  const int from_monday = (Weekday(d) + 6) % 7;  // 0 = Monday
  const chr::sys_days thursday = d + chr::days(3 - from_monday);
  a.iso_year = static_cast<int>(chr::year_month_day(thursday).year());
  a.iso_week = (DayOfYearOf(thursday) - 1) / 7 + 1;
  const chr::year y = chr::year_month_day(d).year();
  const int jan1_weekday = Weekday(chr::sys_days(y / chr::January / 1));  // 0 = Sunday
  const int day_index = DayOfYearOf(d) - 1;
  a.week_from_monday = (day_index + (jan1_weekday + 6) % 7) / 7 + 1;
  a.week_from_sunday = (day_index + jan1_weekday) / 7 + 1;
}

// Jan 31 + 1 month → the last day of February.
chr::sys_days AddMonths(chr::sys_days from, int months) {
  const chr::year_month_day ymd(from);
  const chr::year_month ym = chr::year_month(ymd.year(), ymd.month()) + chr::months(months);
  const chr::year_month_day_last last(ym.year(), chr::month_day_last(ym.month()));
  return chr::sys_days(ymd.day() > last.day() ? chr::year_month_day(last)
                                              : chr::year_month_day(ym / ymd.day()));
}

// Monday-based index (Monday 0 … Sunday 6) of a Sunday-based weekday.
int MondayIndex(int weekday) { return (weekday + kDaysPerWeek - 1) % kDaysPerWeek; }

}  // namespace

std::optional<DateQuestion> ParseDateQuestion(std::string_view normalized) {
  const std::string_view s = Trim(normalized);
  if (s.empty() || s.size() > 120) return std::nullopt;
  // Every Chinese shape needs a Chinese word (天, 第, 农历, 距离…) and every English one an English
  // word (day, week, when…): a request without any skips that language's patterns.
  const bool has_non_ascii =
      std::any_of(s.begin(), s.end(), [](char c) { return (c & 0x80) != 0; });
  if (has_non_ascii) {
    if (auto q = ParseZh(s)) return q;
  }
  const bool has_letter =
      std::any_of(s.begin(), s.end(), [](char c) { return c >= 'a' && c <= 'z'; });
  return has_letter ? ParseEn(s) : std::nullopt;
}

namespace {

constexpr int kSecondsPerDay = 24 * 60 * 60;
constexpr int kSecondsPerHour = 60 * 60;
constexpr int kHalfDayHours = 12;

// kTimeUntil: the clock time meant, on the named day or the next one to come.
DateAnswer TimeUntil(const DateQuestion& q, CivilDate today, int seconds_of_day) {
  DateAnswer a;
  const chr::sys_days now = Days(today);
  const long long base = static_cast<long long>(q.day.offset) * kSecondsPerDay - seconds_of_day;
  const auto until = [&](int hour, int extra_days) {
    return base + static_cast<long long>(extra_days) * kSecondsPerDay +
           static_cast<long long>(hour) * kSecondsPerHour + static_cast<long long>(q.minute) * 60;
  };
  long long seconds = until(q.hour, 0);
  if (q.hour_either) {
    // "5点" on a named day is the morning one; from now, the next of 5:00 and 17:00.
    const int later = q.hour % kHalfDayHours + kHalfDayHours;
    const int earlier = q.hour % kHalfDayHours;
    if (!q.day_named) {
      seconds = until(earlier, 0) > 0 ? until(earlier, 0)
                : until(later, 0) > 0 ? until(later, 0)
                                      : until(earlier, 1);
    } else {
      seconds = until(q.hour == kHalfDayHours ? kHalfDayHours : earlier, 0);
    }
  } else if (!q.day_named && seconds <= 0) {
    seconds = until(q.hour, 1);  // "how long until 9am" asked at 10:00: tomorrow's
  }
  a.seconds = seconds;
  const long long target = static_cast<long long>(seconds_of_day) + seconds;  // from today 0:00
  long long day = target / kSecondsPerDay;
  long long rest = target % kSecondsPerDay;
  if (rest < 0) {
    rest += kSecondsPerDay;
    --day;
  }
  const chr::sys_days d = now + chr::days(day);
  a.date = Civil(d);
  a.weekday = Weekday(d);
  a.days = static_cast<int>(day);
  a.hour = static_cast<int>(rest / kSecondsPerHour);
  a.minute = static_cast<int>(rest % kSecondsPerHour / 60);
  return a;
}

// kDaysBetween: both days from today; `days` is the second minus the first.
DateAnswer DaysBetweenAnswer(const DateQuestion& q, CivilDate today) {
  DateQuestion first, second;
  first.day = q.day;
  second.day = q.end;
  DateAnswer a = EvaluateDateQuestion(first, today);
  const DateAnswer b = EvaluateDateQuestion(second, today);
  a.ok = a.ok && b.ok;
  a.not_computed = a.not_computed || b.not_computed;
  a.end = b.date;
  a.days = b.days - a.days;
  return a;
}

// kLeapYear, kDaysInMonth: a fact about a year or a month, no day meant.
DateAnswer YearFact(const DateQuestion& q, CivilDate today) {
  DateAnswer a;
  a.year = q.year != 0 ? q.year : today.year + q.day.offset;
  a.month = q.month;
  if (q.kind == DateQuestion::Kind::kDaysInMonth && q.month == 0) {  // 下个月有多少天
    const chr::year_month ym =
        chr::year(today.year) / chr::month(static_cast<unsigned>(today.month)) +
        chr::months(q.month_offset);
    a.year = static_cast<int>(ym.year());
    a.month = static_cast<int>(static_cast<unsigned>(ym.month()));
  }
  a.leap = chr::year(a.year).is_leap();
  if (q.kind == DateQuestion::Kind::kDaysInMonth) {
    const chr::year_month_day_last last(
        chr::year(a.year), chr::month_day_last(chr::month(static_cast<unsigned>(a.month))));
    a.days = static_cast<int>(static_cast<unsigned>(last.day()));
  }
  return a;
}

// "下周三", "next friday", "last monday": the day of the week meant, from today `now`.
chr::sys_days WeekdayMeant(const DateExpression& e, chr::sys_days now) {
  const int wd = Weekday(now);
  if (e.coming && e.offset > 0) {
    int ahead = (e.weekday - wd + kDaysPerWeek) % kDaysPerWeek;
    return now + chr::days(ahead == 0 ? kDaysPerWeek : ahead);
  }
  if (e.coming) {
    int back = (wd - e.weekday + kDaysPerWeek) % kDaysPerWeek;
    return now - chr::days(back == 0 ? kDaysPerWeek : back);
  }
  const chr::sys_days monday = now - chr::days(MondayIndex(wd));
  return monday + chr::days(kDaysPerWeek * e.offset + MondayIndex(e.weekday));
}

// A day named by its date ("2024年3月1日", "元旦", "下个月15号"); none, with `a.date` set and
// `a.ok` false, when the date does not exist (2023年2月30日).
std::optional<chr::sys_days> DateMeant(const DateExpression& e, CivilDate today, DateAnswer& a) {
  CivilDate d = e.date;
  if (d.month == 0) {  // 下个月15号
    const chr::year_month ym =
        chr::year(today.year) / chr::month(static_cast<unsigned>(today.month)) +
        chr::months(e.month_offset);
    d.year = static_cast<int>(ym.year());
    d.month = static_cast<int>(static_cast<unsigned>(ym.month()));
  }
  if (d.year == 0) d.year = today.year + e.offset;
  // A holiday named without a year is the coming one (元旦 asked in November).
  if (e.coming && std::pair(d.month, d.day) < std::pair(today.month, today.day)) ++d.year;
  const chr::year_month_day ymd(chr::year(d.year), chr::month(static_cast<unsigned>(d.month)),
                                chr::day(static_cast<unsigned>(d.day)));
  a.date = d;
  if (!ymd.ok()) {
    a.ok = false;
    return std::nullopt;
  }
  return chr::sys_days(ymd);
}

// The day an expression names, before its shift ("90 days after …"); none, with `a` saying
// why, when it is not computed or does not exist.
std::optional<chr::sys_days> DayMeant(const DateExpression& e, CivilDate today, DateAnswer& a) {
  const chr::sys_days now = Days(today);
  switch (e.kind) {
    case DateExpression::Kind::kToday:
      return now;
    case DateExpression::Kind::kNotComputed:
      a.ok = false;
      a.not_computed = true;
      return std::nullopt;
    case DateExpression::Kind::kDayOffset:
      return now + chr::days(e.offset);
    case DateExpression::Kind::kMonthOffset:
      return AddMonths(now, e.offset);
    case DateExpression::Kind::kWeekday:
      return WeekdayMeant(e, now);
    case DateExpression::Kind::kAbsolute:
      return DateMeant(e, today, a);
  }
  return now;
}

}  // namespace

DateAnswer EvaluateDateQuestion(const DateQuestion& q, CivilDate today, int seconds_of_day) {
  if (q.kind == DateQuestion::Kind::kTimeUntil) return TimeUntil(q, today, seconds_of_day);
  if (q.kind == DateQuestion::Kind::kDaysBetween) return DaysBetweenAnswer(q, today);
  if (q.kind == DateQuestion::Kind::kLeapYear || q.kind == DateQuestion::Kind::kDaysInMonth) {
    return YearFact(q, today);
  }
  DateAnswer a;
  const DateExpression& e = q.day;
  const std::optional<chr::sys_days> day = DayMeant(e, today, a);
  if (!day) return a;
  chr::sys_days target = *day;
  if (e.then_months != 0) target = AddMonths(target, e.then_months);
  target += chr::days(e.then_days);
  if (const int y = static_cast<int>(chr::year_month_day(target).year());
      y < kMinYear || y > kMaxYear) {
    a.ok = false;
    return a;
  }
  a.date = Civil(target);
  a.weekday = Weekday(target);
  a.days = static_cast<int>((target - Days(today)).count());
  if (q.kind == DateQuestion::Kind::kDayOfYear) {
    const chr::year y(a.date.year);
    a.day_of_year = DayOfYearOf(target);
    a.days_in_year = y.is_leap() ? 366 : 365;
  }
  if (q.kind == DateQuestion::Kind::kWeekOfYear) WeeksOfYear(target, a);
  return a;
}

}  // namespace askdb::agent
