#include "askdb/agent/quick_path/time_zone.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>

namespace askdb::agent {
namespace {

using std::chrono::sys_days;
using namespace std::chrono_literals;

std::chrono::system_clock::time_point At(int y, unsigned m, unsigned d, int h, int min) {
  return sys_days(std::chrono::year(y) / m / d) + std::chrono::hours(h) + std::chrono::minutes(min);
}

TEST(TimeZoneTest, FixedOffsetZone) {
  auto tz = TimeZone::Load("Asia/Tokyo");
  ASSERT_TRUE(tz.ok()) << tz.status().ToString();
  const LocalTime t = tz->ToLocal(At(2024, 5, 6, 5, 3));
  EXPECT_EQ(t.hour, 14);
  EXPECT_EQ(t.minute, 3);
  EXPECT_EQ(t.day, 6);
  EXPECT_EQ(t.weekday, 1);  // Monday
  EXPECT_EQ(t.utc_offset_seconds, 9 * 3600);
  EXPECT_EQ(t.abbreviation, "JST");
}

TEST(TimeZoneTest, DaylightSavingTransitionsAndFooterRule) {
  auto tz = TimeZone::Load("america/new_york");  // case-insensitive lookup
  ASSERT_TRUE(tz.ok()) << tz.status().ToString();
  EXPECT_EQ(tz->name(), "America/New_York");
  EXPECT_EQ(tz->ToLocal(At(2024, 1, 15, 12, 0)).utc_offset_seconds, -5 * 3600);
  EXPECT_EQ(tz->ToLocal(At(2024, 7, 15, 12, 0)).utc_offset_seconds, -4 * 3600);
  // 2024-03-10 02:00 EST → EDT happens at 07:00 UTC.
  EXPECT_EQ(tz->ToLocal(At(2024, 3, 10, 6, 59)).utc_offset_seconds, -5 * 3600);
  EXPECT_EQ(tz->ToLocal(At(2024, 3, 10, 7, 0)).utc_offset_seconds, -4 * 3600);
  // Far future: decided by the POSIX rule in the file's footer.
  EXPECT_EQ(tz->ToLocal(At(2100, 7, 1, 12, 0)).utc_offset_seconds, -4 * 3600);
  EXPECT_EQ(tz->ToLocal(At(2100, 12, 1, 12, 0)).utc_offset_seconds, -5 * 3600);
  // Southern hemisphere: Sydney has daylight time in January.
  auto sydney = TimeZone::Load("Australia/Sydney");
  ASSERT_TRUE(sydney.ok());
  EXPECT_EQ(sydney->ToLocal(At(2100, 1, 15, 0, 0)).utc_offset_seconds, 11 * 3600);
  EXPECT_EQ(sydney->ToLocal(At(2100, 7, 15, 0, 0)).utc_offset_seconds, 10 * 3600);
}

// --tz UTC (checked with Load by cli/option_checks.cc) works where no tz database is installed.
TEST(TimeZoneTest, UtcLoadsWithoutATzDatabase) {
  const std::filesystem::path none = "/nonexistent/zoneinfo";
  for (const char* name : {"UTC", "utc"}) {
    auto utc = TimeZone::Load(name, none);
    ASSERT_TRUE(utc.ok()) << name << ": " << utc.status().ToString();
    EXPECT_EQ(utc->name(), "UTC");
    EXPECT_EQ(utc->ToLocal(At(2024, 7, 1, 12, 0)).utc_offset_seconds, 0);
  }
  EXPECT_EQ(TimeZone::Load("Asia/Tokyo", none).status().code(), StatusCode::kNotFound);
}

TEST(TimeZoneTest, RejectsUnknownAndUnsafeNames) {
  EXPECT_EQ(TimeZone::Load("Mars/Olympus").status().code(), StatusCode::kNotFound);
  EXPECT_EQ(TimeZone::Load("../../etc/passwd").status().code(), StatusCode::kNotFound);
  EXPECT_EQ(TimeZone::Load("").status().code(), StatusCode::kNotFound);
  EXPECT_EQ(TimeZone::Load("Asia").status().code(), StatusCode::kNotFound);  // a directory
  EXPECT_FALSE(TimeZone::FromTzif("not a tzif file at all, definitely not", "x").ok());
  EXPECT_FALSE(TimeZone::FromTzif(std::string("TZif2") + std::string(60, '\xff'), "x").ok());
}

TEST(TimeZoneTest, UtcAndLocal) {
  const LocalTime t = TimeZone::Utc().ToLocal(At(1999, 12, 31, 23, 59));
  EXPECT_EQ(t.year, 1999);
  EXPECT_EQ(t.hour, 23);
  EXPECT_EQ(t.utc_offset_seconds, 0);
  EXPECT_FALSE(TimeZone::Local().name().empty());
}

}  // namespace
}  // namespace askdb::agent
