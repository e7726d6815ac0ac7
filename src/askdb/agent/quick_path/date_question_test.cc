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
  // Lunar or movable holidays are not certain without a calendar table: fall through.
  for (std::string_view q : {"春节是几号", "中秋节是星期几", "端午节是哪一天", "距离春节还有多少天",
                             "when is thanksgiving", "when is easter", "when is tomorrow"}) {
    EXPECT_FALSE(ParseDateQuestion(q).has_value()) << q;
  }
}

TEST(DateQuestionTest, NotDateQuestions) {
  for (std::string_view q :
       {"", "下周三的销售额是多少", "3天后发货的订单有几个", "2024年2月的销售额",
        "各月份有多少天有订单", "what day had the most orders",
        "how many days until the order ships", "what is the date of the last order", "三天",
        "1.5天后是几号", "下周八是几号", "2024年13月有多少天", "how many days in the quarter",
        "上周三的订单是哪天发货的"}) {
    EXPECT_FALSE(ParseDateQuestion(q).has_value()) << q;
  }
}

}  // namespace
}  // namespace askdb::agent
