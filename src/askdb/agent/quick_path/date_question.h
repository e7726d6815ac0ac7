// Date questions for the quick path: "下周三是几号", "3天后是星期几", "2024年2月有多少天",
// "距离2025年1月1日还有多少天", "what day is 3 weeks from today", "how many days in
// february 2024", "what day of the week is 2024-12-25", "is 2100 a leap year".
//
// ParseDateQuestion reads the whole (normalised) request or nothing: the classifier routes a
// request here only when it parses, so the quick path never answers a date question it did
// not understand (precision first). Parsing does not depend on today's date; evaluation
// does. Weeks start on Monday (Chinese 下周三 = the Wednesday of next week); English "next
// friday" is the coming Friday after today, and the answer always shows the full date.
//
// Thread-safety: pure functions; safe from any thread.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace askdb::agent {

// English month names and short forms as one capturing RE2 alternation, full names first; the
// date reader and the stated-rate reader (a clause naming a month) share it.
inline constexpr std::string_view kEnglishMonthPattern =
    "(january|february|march|april|may|june|july|august|september|october|november|december|"
    "jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)";

struct CivilDate {
  int year = 1970;
  int month = 1;  // 1..12
  int day = 1;    // 1..31
};

// A day named relative to today or absolutely; `year` 0 means "this year". kNotComputed is
// a day askdb deliberately does not compute: a lunar or movable holiday (春节, easter) or a
// lunar date (今天农历几号) — a wrong date is worse than none, so the answer says so.
struct DateExpression {
  enum class Kind { kToday, kDayOffset, kMonthOffset, kWeekday, kAbsolute, kNotComputed };
  Kind kind = Kind::kToday;
  int offset = 0;       // days (kDayOffset), months (kMonthOffset) or weeks (kWeekday)
  int weekday = 0;      // kWeekday: 0 = Sunday
  bool coming = false;  // kWeekday: the first such day after today (English "next friday")
  CivilDate date;       // kAbsolute
  // kAbsolute with date.month == 0: the day date.day of the month this many months from this
  // one ("下个月15号" = 1, "这个月30号" = 0).
  int month_offset = 0;
  std::string text;  // the words as written ("下周三", "3 weeks from today")
  // A shift from the day named ("90 days after 2026-03-01", "2026年3月1日后90天"): months
  // first (clamped to the month's last day), then days.
  int then_months = 0;
  int then_days = 0;
};

struct DateQuestion {
  // kDaysBetween: "从2024年1月1日到3月1日有多少天", "how many days between march 1 and april 15".
  // kDayOfYear: "今天是今年的第几天", "what day of the year is it".
  // kTimeUntil: "距离下午5点还有多久", "how long until 5pm" (a clock time, today or a named day).
  // kWeekOfYear: "2025年3月14日是第几周", "which week of the year is 2025-03-14".
  enum class Kind {
    kWhichDate,
    kDaysUntil,
    kDaysInMonth,
    kLeapYear,
    kDaysBetween,
    kDayOfYear,
    kTimeUntil,
    kWeekOfYear
  };
  Kind kind = Kind::kWhichDate;
  DateExpression day;        // kWhichDate, kDaysUntil, kDaysBetween (the first day), kDayOfYear,
                             // kWeekOfYear, kTimeUntil (kToday unless a day is named)
  DateExpression end;        // kDaysBetween: the second day
  int year = 0;              // kDaysInMonth, kLeapYear (0 = this year)
  int month = 0;             // kDaysInMonth; 0 with month_offset: 这个月 / next month
  int month_offset = 0;      // kDaysInMonth when month is 0: months from this one
  bool in_weeks = false;     // kDaysUntil asked in weeks ("how many weeks until christmas")
  int hour = 0;              // kTimeUntil: 0..24 (24 = midnight at the day's end)
  int minute = 0;            // kTimeUntil
  bool hour_either = false;  // kTimeUntil: a bare 1..12 ("5点") — the next of 5:00 / 17:00
  bool day_named = false;    // kTimeUntil: "明天上午9点" (else the next such time from now)
};

std::optional<DateQuestion> ParseDateQuestion(std::string_view normalized);

struct DateAnswer {
  bool ok = true;  // false: the named date does not exist (2023年2月30日), or kNotComputed
  bool not_computed = false;  // a lunar or movable holiday, a lunar date
  CivilDate date;             // kWhichDate, kDaysUntil, kDaysBetween: the (first) day meant
  CivilDate end;              // kDaysBetween: the second day; `days` = end − date
  int weekday = 0;            // of `date`, 0 = Sunday
  int days = 0;               // kDaysUntil: date − today (negative: in the past); kDaysInMonth
  int year = 0;               // kDaysInMonth, kLeapYear
  int month = 0;              // kDaysInMonth
  bool leap = false;          // kLeapYear
  int day_of_year = 0;        // kDayOfYear: 1..366
  int days_in_year = 0;       // kDayOfYear
  // kWeekOfYear: the ISO 8601 week (weeks from Monday; week 1 holds the year's first Thursday,
  // so it may belong to the year before or after) and the two counts from the week holding
  // January 1 (from Monday, from Sunday), which differ from it in some years.
  int iso_week = 0;
  int iso_year = 0;
  int week_from_monday = 0;
  int week_from_sunday = 0;
  long long seconds = 0;  // kTimeUntil: from now to the time meant (negative: already past)
  int hour = 0;           // kTimeUntil: the time meant, 0..23, on `date`
  int minute = 0;
};

// `seconds_of_day` is the local time now (kTimeUntil only).
DateAnswer EvaluateDateQuestion(const DateQuestion& question, CivilDate today,
                                int seconds_of_day = 0);

}  // namespace askdb::agent
