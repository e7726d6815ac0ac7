#include "askdb/agent/quick_path/date_question.h"

#include <gtest/gtest.h>

#include <string>

namespace askdb::agent {
namespace {

// 2024-05-06 is a Monday.
constexpr CivilDate kToday{2024, 5, 6};

std::string Iso(const CivilDate& d) {
  char buf[16];
  std::snprintf(buf, sizeof(buf), "%04d-%02d-%02d", d.year, d.month, d.day);
  return buf;
}

// The date a "which date" / "days until" question names, or "" when it does not parse.
std::string DateOf(std::string_view q) {
  const auto parsed = ParseDateQuestion(q);
  if (!parsed) return "";
  const DateAnswer a = EvaluateDateQuestion(*parsed, kToday);
  return a.ok ? Iso(a.date) : "invalid";
}

TEST(DateQuestionTest, ChineseRelativeDays) {
  EXPECT_EQ(DateOf("下周三是几号"), "2024-05-15");
  EXPECT_EQ(DateOf("下星期三是几月几号？"), "2024-05-15");
  EXPECT_EQ(DateOf("这周五是几号"), "2024-05-10");
  EXPECT_EQ(DateOf("本周日是几号"), "2024-05-12");  // weeks start on Monday
  EXPECT_EQ(DateOf("上周一是哪天"), "2024-04-29");
  EXPECT_EQ(DateOf("下下周一是几号"), "2024-05-20");
  EXPECT_EQ(DateOf("3天后是几号"), "2024-05-09");
  EXPECT_EQ(DateOf("三天以后是星期几"), "2024-05-09");
  EXPECT_EQ(DateOf("100天后是哪天"), "2024-08-14");
  EXPECT_EQ(DateOf("两周前是几号"), "2024-04-22");
  EXPECT_EQ(DateOf("三个月后是几号"), "2024-08-06");
  EXPECT_EQ(DateOf("一年前的今天"), "");  // not a question
  EXPECT_EQ(DateOf("过十天是几号"), "2024-05-16");
  EXPECT_EQ(DateOf("大后天是星期几"), "2024-05-09");
}

TEST(DateQuestionTest, ChineseAbsoluteDatesAndCounts) {
  EXPECT_EQ(DateOf("2024年12月25日是星期几"), "2024-12-25");
  EXPECT_EQ(DateOf("十二月二十五号是周几"), "2024-12-25");
  EXPECT_EQ(DateOf("2023年2月30日是星期几"), "invalid");
  EXPECT_EQ(DateOf("距离2025年1月1日还有多少天"), "2025-01-01");
  const auto until = ParseDateQuestion("离2025年1月1日还有几天");
  ASSERT_TRUE(until);
  EXPECT_EQ(EvaluateDateQuestion(*until, kToday).days, 240);
  const auto feb = ParseDateQuestion("2024年2月有多少天");
  ASSERT_TRUE(feb);
  EXPECT_EQ(feb->kind, DateQuestion::Kind::kDaysInMonth);
  EXPECT_EQ(EvaluateDateQuestion(*feb, kToday).days, 29);
  const auto feb23 = ParseDateQuestion("2023年2月有几天？");
  ASSERT_TRUE(feb23);
  EXPECT_EQ(EvaluateDateQuestion(*feb23, kToday).days, 28);
  const auto this_year = ParseDateQuestion("今年2月份一共有多少天");
  ASSERT_TRUE(this_year);
  EXPECT_EQ(EvaluateDateQuestion(*this_year, kToday).days, 29);
  const auto leap = ParseDateQuestion("2100年是闰年吗");
  ASSERT_TRUE(leap);
  EXPECT_FALSE(EvaluateDateQuestion(*leap, kToday).leap);
}

TEST(DateQuestionTest, English) {
  EXPECT_EQ(DateOf("what day is 3 weeks from today"), "2024-05-27");
  EXPECT_EQ(DateOf("what day is it 3 weeks from today?"), "2024-05-27");
  EXPECT_EQ(DateOf("what is the date next friday"), "2024-05-10");  // the coming Friday
  EXPECT_EQ(DateOf("what date is friday next week"), "2024-05-17");
  EXPECT_EQ(DateOf("what date was last monday"), "2024-04-29");
  EXPECT_EQ(DateOf("what's the date in 10 days"), "2024-05-16");
  EXPECT_EQ(DateOf("what date was it two weeks ago"), "2024-04-22");
  EXPECT_EQ(DateOf("what day of the week is 2024-12-25"), "2024-12-25");
  EXPECT_EQ(DateOf("what day of the week was july 4, 1976"), "1976-07-04");
  EXPECT_EQ(DateOf("what day is the 1st of january 2025"), "2025-01-01");
  EXPECT_EQ(DateOf("how many days until december 25"), "2024-12-25");
  const auto feb = ParseDateQuestion("how many days in february 2024");
  ASSERT_TRUE(feb);
  EXPECT_EQ(EvaluateDateQuestion(*feb, kToday).days, 29);
  const auto have = ParseDateQuestion("how many days does february 2023 have?");
  ASSERT_TRUE(have);
  EXPECT_EQ(EvaluateDateQuestion(*have, kToday).days, 28);
  const auto leap = ParseDateQuestion("is 2000 a leap year");
  ASSERT_TRUE(leap);
  EXPECT_TRUE(EvaluateDateQuestion(*leap, kToday).leap);
}

// Review of session 23: a calculator's sign shifts by days, weeks or months; "- 10日" is a
// range's end, not ten days back.
TEST(DateQuestionTest, ASignBeforeADayOfTheMonthIsNoShift) {
  EXPECT_NE(DateOf("2025年3月1日 - 10日是星期几"), "2025-02-19");
  EXPECT_NE(DateOf("2025年3月1日 + 10日是星期几"), "2025-03-11");
  EXPECT_NE(DateOf("2025年3月1日 + 1年是星期几"), "2026-03-01");
  EXPECT_EQ(DateOf("2025年3月1日 - 10天是星期几"), "2025-02-19");
}

TEST(DateQuestionTest, MonthShiftsClampToTheMonthsLastDay) {
  const auto q = ParseDateQuestion("1个月后是几号");
  ASSERT_TRUE(q);
  EXPECT_EQ(Iso(EvaluateDateQuestion(*q, CivilDate{2024, 1, 31}).date), "2024-02-29");
}

// Precision first: anything that is not wholly a date question is left to the rest.
// Only holidays on a fixed Gregorian day; without a year, the coming one.
TEST(DateQuestionTest, FixedHolidays) {
  EXPECT_EQ(DateOf("国庆节是几号"), "2024-10-01");
  EXPECT_EQ(DateOf("今年圣诞节是星期几"), "2024-12-25");
  EXPECT_EQ(DateOf("2025年劳动节是星期几"), "2025-05-01");
  EXPECT_EQ(DateOf("元旦是哪天"), "2025-01-01");  // today is 2024-05-06: the coming one
  EXPECT_EQ(DateOf("距离元旦还有多少天"), "2025-01-01");
  EXPECT_EQ(DateOf("今年元旦是星期几"), "2024-01-01");  // a stated year is kept
  EXPECT_EQ(DateOf("植树节是什么时候"), "2025-03-12");
  EXPECT_EQ(DateOf("what day is christmas"), "2024-12-25");
  EXPECT_EQ(DateOf("when is halloween"), "2024-10-31");
  EXPECT_EQ(DateOf("how many days until new year's day"), "2025-01-01");
  EXPECT_EQ(DateOf("what day of the week is christmas 2025"), "2025-12-25");
  // Today a year away (today is 2024-05-06).
  EXPECT_EQ(DateOf("去年的今天是星期几"), "2023-05-06");
  EXPECT_EQ(DateOf("明年今天是几号"), "2025-05-06");
  // Lunar or movable holidays are not certain without a calendar table: recognised, never
  // given a date (the answer says why).
  for (std::string_view q :
       {"春节是几号", "中秋节是星期几", "端午节是哪一天", "距离春节还有多少天",
        "元宵节还有几个星期", "今天农历是多少", "明天是农历几号", "when is thanksgiving",
        "when is easter", "how many weeks until easter"}) {
    const auto parsed = ParseDateQuestion(q);
    ASSERT_TRUE(parsed.has_value()) << q;
    const DateAnswer a = EvaluateDateQuestion(*parsed, kToday);
    EXPECT_FALSE(a.ok) << q;
    EXPECT_TRUE(a.not_computed) << q;
  }
  EXPECT_FALSE(ParseDateQuestion("when is tomorrow").has_value());
}

// "距离下午5点还有多久": minutes from the local time now to the clock time meant.
long long MinutesUntil(std::string_view q, int hour, int minute) {
  const auto parsed = ParseDateQuestion(q);
  if (!parsed || parsed->kind != DateQuestion::Kind::kTimeUntil) return -99999;
  return EvaluateDateQuestion(*parsed, kToday, (hour * 60 + minute) * 60).seconds / 60;
}

TEST(DateQuestionTest, TimeUntilAClockTime) {
  EXPECT_EQ(MinutesUntil("距离下午5点还有多久", 14, 45), 135);
  EXPECT_EQ(MinutesUntil("离下午五点半还有多长时间？", 14, 45), 165);
  EXPECT_EQ(MinutesUntil("现在距离晚上8点还有几个小时", 14, 0), 360);
  EXPECT_EQ(MinutesUntil("还有多少分钟12点", 11, 35), 25);
  EXPECT_EQ(MinutesUntil("查询距离12点25分还有多少分钟", 11, 35), 50);
  EXPECT_EQ(MinutesUntil("明天上午9点距离现在还有多久", 22, 0), 11 * 60);
  // A bare "5点" is the next of 5:00 and 17:00; a time already past today is tomorrow's.
  EXPECT_EQ(MinutesUntil("距离5点还有多久", 14, 0), 180);
  EXPECT_EQ(MinutesUntil("距离5点还有多久", 18, 0), 11 * 60);
  EXPECT_EQ(MinutesUntil("距离上午9点还有多久", 10, 0), 23 * 60);
  EXPECT_EQ(MinutesUntil("how long until 5pm", 14, 45), 135);
  EXPECT_EQ(MinutesUntil("how much time is left until 5:30 pm?", 17, 0), 30);
  EXPECT_EQ(MinutesUntil("how many hours until midnight", 20, 0), 240);
  EXPECT_EQ(MinutesUntil("how many minutes until noon", 11, 20), 40);
  EXPECT_EQ(MinutesUntil("how long till 9am tomorrow", 21, 0), 12 * 60);
  EXPECT_EQ(MinutesUntil("time until 17:00", 16, 0), 60);
  const auto tomorrow = ParseDateQuestion("距离上午9点还有多久");
  ASSERT_TRUE(tomorrow);
  const DateAnswer a = EvaluateDateQuestion(*tomorrow, kToday, 10 * 3600);
  EXPECT_EQ(Iso(a.date), "2024-05-07");
  EXPECT_EQ(a.hour, 9);
  // A day instead of a clock time counts days; no time, no answer.
  EXPECT_EQ(DateOf("距离元旦还有多久"), "2025-01-01");
  for (std::string_view q :
       {"距离下班还有多久", "how long until 5", "how long until the order ships",
        "上午15点还有多久", "距离25点还有多久"}) {
    EXPECT_FALSE(ParseDateQuestion(q).has_value()) << q;
  }
}

TEST(DateQuestionTest, DayOfTheYearAndRelativeMonthsAndWeeks) {
  const auto doy = [](std::string_view q) {
    const auto parsed = ParseDateQuestion(q);
    if (!parsed || parsed->kind != DateQuestion::Kind::kDayOfYear) return 0;
    return EvaluateDateQuestion(*parsed, kToday).day_of_year;
  };
  EXPECT_EQ(doy("今天是今年的第几天"), 127);  // 2024-05-06 in a leap year
  EXPECT_EQ(doy("今天是一年中的第多少天？"), 127);
  EXPECT_EQ(doy("2023年12月31日是这一年的第几天"), 365);
  EXPECT_EQ(doy("what day of the year is it"), 127);
  EXPECT_EQ(doy("what day of the year is it today?"), 127);
  EXPECT_EQ(doy("what day of the year is march 1, 2024"), 61);
  EXPECT_EQ(doy("day of the year"), 127);
  const auto month_days = [](std::string_view q, CivilDate today) {
    const auto parsed = ParseDateQuestion(q);
    if (!parsed || parsed->kind != DateQuestion::Kind::kDaysInMonth) return 0;
    return EvaluateDateQuestion(*parsed, today).days;
  };
  EXPECT_EQ(month_days("下个月有多少天", kToday), 30);                  // June
  EXPECT_EQ(month_days("下个月有多少天", CivilDate{2028, 1, 15}), 29);  // February 2028
  EXPECT_EQ(month_days("这个月有几天", kToday), 31);
  EXPECT_EQ(month_days("上个月一共有多少天", CivilDate{2025, 1, 3}), 31);  // December 2024
  EXPECT_EQ(month_days("how many days in next month", kToday), 30);
  EXPECT_EQ(month_days("how many days does this month have", kToday), 31);
  EXPECT_EQ(month_days("how many days in february 2028", kToday), 29);
  const auto weeks = ParseDateQuestion("how many weeks until christmas");
  ASSERT_TRUE(weeks);
  EXPECT_TRUE(weeks->in_weeks);
  EXPECT_EQ(EvaluateDateQuestion(*weeks, kToday).days, 233);  // 33 weeks 2 days
  const auto zh_weeks = ParseDateQuestion("距离圣诞节还有几个星期");
  ASSERT_TRUE(zh_weeks);
  EXPECT_TRUE(zh_weeks->in_weeks);
  EXPECT_EQ(Iso(EvaluateDateQuestion(*zh_weeks, kToday).date), "2024-12-25");
}

// Session 14: a day of a month named relative to this one, and the days left in a year
// (both had been small talk or the data path). Today is 2024-05-06.
TEST(DateQuestionTest, DayOfARelativeMonthAndDaysLeftInAYear) {
  EXPECT_EQ(DateOf("下个月15号是星期几"), "2024-06-15");
  EXPECT_EQ(DateOf("下个月1号星期几"), "2024-06-01");
  EXPECT_EQ(DateOf("这个月30号是周几"), "2024-05-30");
  EXPECT_EQ(DateOf("上个月的二十号是星期几"), "2024-04-20");
  EXPECT_EQ(DateOf("下个月31号是星期几"), "invalid");  // June has 30 days
  EXPECT_EQ(DateOf("what day of the week is the 15th of next month"), "2024-06-15");
  const auto left = [](std::string_view q) {
    const auto parsed = ParseDateQuestion(q);
    if (!parsed || parsed->kind != DateQuestion::Kind::kDaysUntil) return -1;
    const DateAnswer a = EvaluateDateQuestion(*parsed, kToday);
    return Iso(a.date) == "2024-12-31" || Iso(a.date) == "2025-12-31" ? a.days : -2;
  };
  EXPECT_EQ(left("今年还剩多少天"), 239);  // May 6 → December 31, 2024
  EXPECT_EQ(left("今年还有几天结束"), 239);
  EXPECT_EQ(left("2025年还剩几天"), 604);
  EXPECT_EQ(left("how many days are left in this year"), 239);
  EXPECT_EQ(left("how many days remaining in 2024"), 239);
  for (std::string_view q : {"下个月15号的订单有多少", "今年还剩多少库存", "今年过去了多少天",
                             "how many days are left in the quarter", "下个月32号是星期几"}) {
    const auto parsed = ParseDateQuestion(q);
    EXPECT_TRUE(!parsed || !EvaluateDateQuestion(*parsed, kToday).ok) << q;
  }
}

TEST(DateQuestionTest, NotDateQuestions) {
  for (std::string_view q :
       {"", "下周三的销售额是多少", "3天后发货的订单有几个", "2024年2月的销售额",
        "各月份有多少天有订单", "what day had the most orders",
        "how many days until the order ships", "what is the date of the last order", "三天",
        "1.5天后是几号", "下周八是几号", "2024年13月有多少天", "how many days in the quarter",
        "上周三的订单是哪天发货的", "下个月的销售额有多少", "今天的订单是今年的第几单",
        "农历新年的销售额", "how many weeks until the order ships"}) {
    EXPECT_FALSE(ParseDateQuestion(q).has_value()) << q;
  }
}

// Session 22: the week of the year, ISO 8601 and the counts from the week of January 1.
TEST(DateQuestionTest, WeekOfTheYear) {
  const auto weeks = [](std::string_view q) -> std::string {
    const auto parsed = ParseDateQuestion(q);
    if (!parsed || parsed->kind != DateQuestion::Kind::kWeekOfYear) return "";
    const DateAnswer a = EvaluateDateQuestion(*parsed, kToday);
    return std::to_string(a.iso_year) + "-W" + std::to_string(a.iso_week) + " " +
           std::to_string(a.week_from_monday) + " " + std::to_string(a.week_from_sunday);
  };
  EXPECT_EQ(weeks("which week of the year is 2025-03-14"), "2025-W11 11 11");
  EXPECT_EQ(weeks("2025年3月14日是第几周"), "2025-W11 11 11");
  EXPECT_EQ(weeks("what week of the year is july 4, 2025"), "2025-W27 27 27");
  EXPECT_EQ(weeks("2026年5月20日是今年的第几周"), "2026-W21 21 21");
  EXPECT_EQ(weeks("今天是第几周"), "2024-W19 19 19");
  EXPECT_EQ(weeks("这周是第几个星期"), "2024-W19 19 19");
  EXPECT_EQ(weeks("what week is it"), "2024-W19 19 19");
  // The conventions part at the year's edges: ISO week 1 of 2026, the 53rd from January 1.
  EXPECT_EQ(weeks("which week of the year is 2025-12-31"), "2026-W1 53 53");
  EXPECT_EQ(weeks("2027年1月2日是第几周"), "2026-W53 1 1");
  EXPECT_EQ(weeks("what is the week number of december 29, 2024"), "2024-W52 52 53");
  EXPECT_EQ(weeks("which week had the most sales in 2013"), "");
  EXPECT_EQ(weeks("第几周的销售额最高"), "");
  EXPECT_EQ(weeks("今天星期几"), "");
}

// A holiday counted in 今年 is this year's, even once it has passed: asked in November 2027,
// 国庆节 is 2027-10-01 (day 274), not the coming one in leap 2028 (day 275).
TEST(DateQuestionTest, AHolidayCountedInThisYearIsThisYears) {
  const auto parsed = ParseDateQuestion("国庆节是今年的第几天");
  ASSERT_TRUE(parsed);
  const DateAnswer a = EvaluateDateQuestion(*parsed, CivilDate{2027, 11, 20});
  EXPECT_EQ(Iso(a.date), "2027-10-01");
  EXPECT_EQ(a.day_of_year, 274);
}

// Session 23: a calculator's signs after a date.
TEST(DateQuestionTest, ADatePlusOrMinusDays) {
  EXPECT_EQ(DateOf("2025-03-01 +45天"), "2025-04-15");
  EXPECT_EQ(DateOf("2024-02-20 加10天"), "2024-03-01");
  EXPECT_EQ(DateOf("2025-03-01 - 30天"), "2025-01-30");
  EXPECT_EQ(DateOf("2024-02-20 + 10 days"), "2024-03-01");
  EXPECT_EQ(DateOf("2025-12-20 minus 30 days"), "2025-11-20");
  EXPECT_EQ(DateOf("2025-12-20 - 2 weeks"), "2025-12-06");
  EXPECT_EQ(DateOf("march 1, 2026 plus 90 days"), "2026-05-30");
  EXPECT_EQ(DateOf("sales + 10 days"), "");
}

// Session 23: a shift from a named day inside a short story, asked last.
TEST(DateQuestionTest, AShiftInsideAStory) {
  EXPECT_EQ(DateOf("the trip is 90 days after 2026-01-15, what date is that"), "2026-04-15");
  EXPECT_EQ(DateOf("my visa ends 2 weeks before march 1, 2026. what day is that?"), "2026-02-15");
  EXPECT_EQ(DateOf("出差从2026年1月15日开始,90天后是几号"), "2026-04-15");
  EXPECT_EQ(DateOf("项目从2025-03-01起,两周后是星期几"), "2025-03-15");
  EXPECT_EQ(DateOf("the trip is 90 days long, what date is that"), "");
  EXPECT_EQ(DateOf("销售额从2025年1月1日开始,90天后是多少"), "");
}

}  // namespace
}  // namespace askdb::agent
