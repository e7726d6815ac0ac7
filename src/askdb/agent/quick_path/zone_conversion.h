// Converting a stated clock time between two places for the quick path: "北京时间8点是洛杉矶
// 几点", "纽约下午3点是北京时间几点", "9am London time in Tokyo", "what time is it in Tokyo when
// it's 9am in London". The places are read as written; the quick path looks them up in its
// place → time-zone table (quick_path.toml [places]) and answers only when both are known.
//
// The day is today in the first place (or the day a day word names: 明天, tomorrow), so
// daylight saving is the one in force on that day in each zone (TimeZone reads the tz
// database's transitions and its POSIX rule). A clock time that does not exist that day (the
// hour skipped when DST starts) is reported as such, not guessed.
//
// Thread-safety: pure functions; safe from any thread.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "askdb/agent/quick_path/time_zone.h"

namespace askdb::agent {

struct ZoneConversionQuestion {
  std::string from_place;  // as written, lower case: "北京", "london"
  std::string to_place;
  int hour = 0;  // 0..23, after 下午/pm
  int minute = 0;
  int day_shift = 0;  // days after today (明天 = 1); set by the caller from its day words
};

// Reads the whole normalised request or nothing.
std::optional<ZoneConversionQuestion> ParseZoneConversion(std::string_view normalized);

// The instant when `from` shows year-month-day hour:minute. nullopt when that local time does
// not exist in `from` (skipped by a DST change); the earlier instant when it exists twice.
std::optional<std::chrono::system_clock::time_point> FromLocal(const TimeZone& from, int year,
                                                               int month, int day, int hour,
                                                               int minute);

}  // namespace askdb::agent
