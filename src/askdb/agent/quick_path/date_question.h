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

struct CivilDate {
  int year = 1970;
  int month = 1;  // 1..12
  int day = 1;    // 1..31
};

// A day named relative to today or absolutely; `year` 0 means "this year".
struct DateExpression {
  enum class Kind { kToday, kDayOffset, kMonthOffset, kWeekday, kAbsolute };
  Kind kind = Kind::kToday;
  int offset = 0;       // days (kDayOffset), months (kMonthOffset) or weeks (kWeekday)
  int weekday = 0;      // kWeekday: 0 = Sunday
  bool coming = false;  // kWeekday: the first such day after today (English "next friday")
  CivilDate date;       // kAbsolute
  std::string text;     // the words as written ("下周三", "3 weeks from today")
};

struct DateQuestion {
  // kDaysBetween: "从2024年1月1日到3月1日有多少天", "how many days between march 1 and april 15".
  enum class Kind { kWhichDate, kDaysUntil, kDaysInMonth, kLeapYear, kDaysBetween };
  Kind kind = Kind::kWhichDate;
  DateExpression day;  // kWhichDate, kDaysUntil, kDaysBetween (the first day)
  DateExpression end;  // kDaysBetween: the second day
  int year = 0;        // kDaysInMonth, kLeapYear (0 = this year)
  int month = 0;       // kDaysInMonth
};

std::optional<DateQuestion> ParseDateQuestion(std::string_view normalized);

struct DateAnswer {
  bool ok = true;     // false: the named date does not exist (2023年2月30日)
  CivilDate date;     // kWhichDate, kDaysUntil, kDaysBetween: the (first) day meant
  CivilDate end;      // kDaysBetween: the second day; `days` = end − date
  int weekday = 0;    // of `date`, 0 = Sunday
  int days = 0;       // kDaysUntil: date − today (negative: in the past); kDaysInMonth
  int year = 0;       // kDaysInMonth, kLeapYear
  int month = 0;      // kDaysInMonth
  bool leap = false;  // kLeapYear
};

DateAnswer EvaluateDateQuestion(const DateQuestion& question, CivilDate today);

}  // namespace askdb::agent
