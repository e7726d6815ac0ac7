// TimeZone: IANA time zones read from the system's compiled tz database (TZif files under
// /usr/share/zoneinfo, RFC 8536), for the quick path's "东京现在几点" / "time in New York".
//
// Why not std::chrono::locate_zone: g++ 12's libstdc++ has the C++20 calendar but not the
// tzdb. Why not localtime_r with TZ=...: changing TZ is process-global and racy. A TZif
// reader is small, exact (transitions plus the POSIX rule in the footer for later years)
// and needs no global state.
//
// Thread-safety: a TimeZone is immutable after construction; all methods are const.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/status.h"

namespace askdb::agent {

struct LocalTime {
  int year = 1970;
  int month = 1;  // 1..12
  int day = 1;    // 1..31
  int hour = 0;
  int minute = 0;
  int second = 0;
  int weekday = 4;  // 0 = Sunday
  int utc_offset_seconds = 0;
  bool is_dst = false;
  std::string abbreviation;  // "JST", "EDT"
};

class TimeZone {
 public:
  static constexpr std::string_view kDefaultZoneInfoDir = "/usr/share/zoneinfo";

  // Parses the bytes of a TZif file. InvalidArgument when they are not TZif.
  static StatusOr<TimeZone> FromTzif(std::string_view bytes, std::string name);

  // Loads an IANA zone ("Asia/Tokyo"; the name is matched case-insensitively, so
  // "asia/tokyo" works). NotFound when no such zone exists.
  static StatusOr<TimeZone> Load(std::string_view iana_name,
                                 const std::filesystem::path& zoneinfo_dir = kDefaultZoneInfoDir);

  // The machine's zone (/etc/localtime); UTC when it cannot be read.
  static TimeZone Local(const std::filesystem::path& zoneinfo_dir = kDefaultZoneInfoDir);

  static TimeZone Utc();

  const std::string& name() const { return name_; }

  LocalTime ToLocal(std::chrono::system_clock::time_point t) const;

 private:
  struct Type {
    int32_t utc_offset = 0;
    bool is_dst = false;
    std::string abbreviation;
  };
  // One end of a daylight-saving period in a POSIX TZ rule.
  struct RuleDate {
    enum class Kind { kJulianNoLeap, kJulianZero, kMonthWeekDay } kind = Kind::kMonthWeekDay;
    int month = 0, week = 0, weekday = 0, day = 0;
    int32_t time = 2 * 3600;  // local time of day the change happens; POSIX default 02:00
  };
  struct PosixRule {
    bool valid = false;
    Type standard;
    bool has_dst = false;
    Type dst;
    RuleDate start, end;
  };

  static bool ParsePosixRule(std::string_view tz, PosixRule& rule);
  Type TypeFromRule(int64_t unix_seconds) const;
  Type TypeAt(int64_t unix_seconds) const;

  std::string name_;
  std::vector<int64_t> transitions_;
  std::vector<uint8_t> transition_types_;
  std::vector<Type> types_;
  PosixRule rule_;
};

}  // namespace askdb::agent
