#include "askdb/agent/quick_path/zone_conversion.h"

#include <gtest/gtest.h>

namespace askdb::agent {
namespace {

using std::chrono::sys_days;

TEST(ZoneConversionTest, ReadsAClockTimeAndTwoPlacesInBothLanguages) {
  struct Case {
    std::string_view q, from, to;
    int hour, minute;
  };
  for (const Case& c : {
           Case{"北京时间8点是洛杉矶几点", "北京", "洛杉矶", 8, 0},
           Case{"纽约下午3点是北京时间几点", "纽约", "北京", 15, 0},
           Case{"伦敦上午9点半的时候东京是几点", "伦敦", "东京", 9, 30},
           Case{"东京晚上11:15是伦敦几点？", "东京", "伦敦", 23, 15},
           Case{"9am london time in tokyo", "london", "tokyo", 9, 0},
           Case{"what is 3:30 pm new york time in beijing?", "new york", "beijing", 15, 30},
           Case{"9am in london is what time in tokyo", "london", "tokyo", 9, 0},
           Case{"convert 12 am los angeles time to london time", "los angeles", "london", 0, 0},
           Case{"what time is it in tokyo when it's 9pm in london", "london", "tokyo", 21, 0},
       }) {
    const auto q = ParseZoneConversion(c.q);
    ASSERT_TRUE(q.has_value()) << c.q;
    EXPECT_EQ(q->from_place, c.from) << c.q;
    EXPECT_EQ(q->to_place, c.to) << c.q;
    EXPECT_EQ(q->hour, c.hour) << c.q;
    EXPECT_EQ(q->minute, c.minute) << c.q;
  }
}

TEST(ZoneConversionTest, NotAConversion) {
  for (std::string_view q : {"东京现在几点", "time in new york", "3 london time in tokyo",
                             "北京时间25点是洛杉矶几点", "13pm london time in tokyo"}) {
    EXPECT_FALSE(ParseZoneConversion(q).has_value()) << q;
  }
  // Read as written; the quick path answers only when both are known places (the classifier's
  // rule needs both in the place table), so this is never converted.
  const auto meeting = ParseZoneConversion("会议8点开始是几点");
  ASSERT_TRUE(meeting.has_value());
  EXPECT_EQ(meeting->to_place, "开始");
}

TEST(ZoneConversionTest, FromLocalFollowsDaylightSavingAndRefusesSkippedTimes) {
  auto ny = TimeZone::Load("America/New_York");
  ASSERT_TRUE(ny.ok()) << ny.status().ToString();
  // Winter: UTC-5; summer: UTC-4.
  EXPECT_EQ(FromLocal(*ny, 2024, 1, 15, 9, 0),
            sys_days(std::chrono::year(2024) / 1 / 15) + std::chrono::hours(14));
  EXPECT_EQ(FromLocal(*ny, 2024, 7, 15, 9, 0),
            sys_days(std::chrono::year(2024) / 7 / 15) + std::chrono::hours(13));
  // 2024-03-10 02:30 does not exist in New York (02:00 EST → 03:00 EDT).
  EXPECT_FALSE(FromLocal(*ny, 2024, 3, 10, 2, 30).has_value());
  // 2024-11-03 01:30 happens twice: the first (EDT, 05:30 UTC).
  EXPECT_EQ(FromLocal(*ny, 2024, 11, 3, 1, 30), sys_days(std::chrono::year(2024) / 11 / 3) +
                                                    std::chrono::hours(5) +
                                                    std::chrono::minutes(30));
}

}  // namespace
}  // namespace askdb::agent
