// Calendar arithmetic for time expressions in questions ("2024年", "2023年第一季度", "去年",
// "上个月", "last 30 days"): civil dates, period ranges and relative periods resolved against
// an anchor date. Ranges are half-open [start, end) so that they compare correctly against
// both 'YYYY-MM-DD' and 'YYYY-MM-DD HH:MM:SS' columns. Pure functions, thread-safe.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace askdb::nlq {

struct CivilDate {
  int year = 1970;
  int month = 1;
  int day = 1;
  bool operator==(const CivilDate&) const = default;
  auto operator<=>(const CivilDate&) const = default;
};

// Reads the leading "YYYY-MM-DD" (or "YYYY/MM/DD", "YYYY.MM.DD") of a date or timestamp.
std::optional<CivilDate> ParseIsoDate(std::string_view text);
std::string FormatIsoDate(const CivilDate& date);
CivilDate AddDays(const CivilDate& date, int days);
// Adds months, clamping the day to the target month's length.
CivilDate AddMonths(const CivilDate& date, int months);
// Today in UTC, for the "today" anchor.
CivilDate TodayUtc();
// Whole days from `from` to `to` (negative when `to` is earlier).
int DaysBetween(const CivilDate& from, const CivilDate& to);

struct DateRange {
  CivilDate start;  // inclusive
  CivilDate end;    // exclusive
  bool operator==(const DateRange&) const = default;
};

DateRange YearRange(int year);
DateRange QuarterRange(int year, int quarter);  // quarter 1..4
DateRange MonthRange(int year, int month);      // month 1..12

enum class RelativePeriod {
  kThisYear,
  kLastYear,
  kThisQuarter,
  kLastQuarter,
  kThisMonth,
  kLastMonth
};
DateRange ResolveRelative(RelativePeriod period, const CivilDate& anchor);
// The n days ending with the anchor day (anchor included).
DateRange LastNDays(int n, const CivilDate& anchor);
// The n whole months before the anchor's month plus the anchor's month so far is NOT used:
// "last 3 months" means the 3 calendar months ending with the anchor's month.
DateRange LastNMonths(int n, const CivilDate& anchor);

}  // namespace askdb::nlq
