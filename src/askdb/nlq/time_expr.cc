#include "askdb/nlq/time_expr.h"

#include <chrono>
#include <cstdio>

namespace askdb::nlq {
namespace {

std::chrono::sys_days ToSysDays(const CivilDate& d) {
  return std::chrono::sys_days(std::chrono::year(d.year) / std::chrono::month(d.month) /
                               std::chrono::day(d.day));
}

CivilDate FromSysDays(std::chrono::sys_days days) {
  const std::chrono::year_month_day ymd(days);
  return {static_cast<int>(ymd.year()), static_cast<int>(static_cast<unsigned>(ymd.month())),
          static_cast<int>(static_cast<unsigned>(ymd.day()))};
}

bool ReadInt(std::string_view text, size_t pos, size_t len, int& out) {
  if (pos + len > text.size()) return false;
  int v = 0;
  for (size_t i = pos; i < pos + len; ++i) {
    if (text[i] < '0' || text[i] > '9') return false;
    v = v * 10 + (text[i] - '0');
  }
  out = v;
  return true;
}

}  // namespace

std::optional<CivilDate> ParseIsoDate(std::string_view text) {
  CivilDate d;
  if (!ReadInt(text, 0, 4, d.year)) return std::nullopt;
  if (text.size() < 10) return std::nullopt;
  const char sep = text[4];
  if ((sep != '-' && sep != '/' && sep != '.') || text[7] != sep) return std::nullopt;
  if (!ReadInt(text, 5, 2, d.month) || !ReadInt(text, 8, 2, d.day)) return std::nullopt;
  const std::chrono::year_month_day ymd(std::chrono::year(d.year), std::chrono::month(d.month),
                                        std::chrono::day(d.day));
  if (!ymd.ok()) return std::nullopt;
  return d;
}

std::string FormatIsoDate(const CivilDate& date) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", date.year, date.month, date.day);
  return buf;
}

CivilDate AddDays(const CivilDate& date, int days) {
  return FromSysDays(ToSysDays(date) + std::chrono::days(days));
}

CivilDate AddMonths(const CivilDate& date, int months) {
  int total = date.year * 12 + (date.month - 1) + months;
  CivilDate out{total / 12, total % 12 + 1, date.day};
  const auto last = std::chrono::year_month_day_last(
      std::chrono::year(out.year), std::chrono::month_day_last(std::chrono::month(out.month)));
  const int last_day = static_cast<int>(static_cast<unsigned>(last.day()));
  if (out.day > last_day) out.day = last_day;
  return out;
}

CivilDate TodayUtc() {
  return FromSysDays(std::chrono::floor<std::chrono::days>(std::chrono::system_clock::now()));
}

int DaysBetween(const CivilDate& from, const CivilDate& to) {
  return static_cast<int>((ToSysDays(to) - ToSysDays(from)).count());
}

DateRange YearRange(int year) { return {{year, 1, 1}, {year + 1, 1, 1}}; }

DateRange QuarterRange(int year, int quarter) {
  const CivilDate start{year, (quarter - 1) * 3 + 1, 1};
  return {start, AddMonths(start, 3)};
}

DateRange MonthRange(int year, int month) {
  const CivilDate start{year, month, 1};
  return {start, AddMonths(start, 1)};
}

DateRange ResolveRelative(RelativePeriod period, const CivilDate& anchor) {
  const int quarter = (anchor.month - 1) / 3 + 1;
  switch (period) {
    case RelativePeriod::kThisYear:
      return YearRange(anchor.year);
    case RelativePeriod::kLastYear:
      return YearRange(anchor.year - 1);
    case RelativePeriod::kThisQuarter:
      return QuarterRange(anchor.year, quarter);
    case RelativePeriod::kLastQuarter:
      return quarter == 1 ? QuarterRange(anchor.year - 1, 4)
                          : QuarterRange(anchor.year, quarter - 1);
    case RelativePeriod::kThisMonth:
      return MonthRange(anchor.year, anchor.month);
    case RelativePeriod::kLastMonth: {
      const CivilDate prev = AddMonths({anchor.year, anchor.month, 1}, -1);
      return MonthRange(prev.year, prev.month);
    }
  }
  return YearRange(anchor.year);
}

DateRange LastNDays(int n, const CivilDate& anchor) {
  const CivilDate end = AddDays(anchor, 1);
  return {AddDays(end, -n), end};
}

DateRange LastNMonths(int n, const CivilDate& anchor) {
  const CivilDate month_start{anchor.year, anchor.month, 1};
  return {AddMonths(month_start, -(n - 1)), AddMonths(month_start, 1)};
}

}  // namespace askdb::nlq
