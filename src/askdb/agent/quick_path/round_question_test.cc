#include "askdb/agent/quick_path/round_question.h"

#include <gtest/gtest.h>

namespace askdb::agent {
namespace {

std::string Rounded(std::string_view request) {
  const auto q = ParseRoundQuestion(request);
  return q ? q->Result() : "(not read)";
}

TEST(RoundQuestionTest, EnglishDecimalPlaces) {
  EXPECT_EQ(Rounded("round 3.14159 to two decimals"), "3.14");
  EXPECT_EQ(Rounded("round 2.71828 to three decimal places"), "2.718");
  EXPECT_EQ(Rounded("what is 7.456 rounded to the nearest tenth"), "7.5");
  EXPECT_EQ(Rounded("round 0.5 to 1 decimal place please"), "0.5");
  EXPECT_EQ(Rounded("round 2 to 2 decimals"), "2.00");
}

TEST(RoundQuestionTest, HalfAwayFromZeroOnTheDigitsAsWritten) {
  // A binary double holds 19.99499…: rounding it would give 19.99.
  EXPECT_EQ(Rounded("round 19.995 to 2 decimals"), "20.00");
  EXPECT_EQ(Rounded("round -2.5"), "-3");
  EXPECT_EQ(Rounded("round 9.96 to one decimal"), "10.0");
  EXPECT_EQ(Rounded("round -0.004 to 2 decimals"), "0.00");
  EXPECT_EQ(Rounded("round .5"), "1");
}

TEST(RoundQuestionTest, WholeNumbersAndPowersOfTen) {
  EXPECT_EQ(Rounded("round 3.7"), "4");
  EXPECT_EQ(Rounded("round 12.5 to the nearest whole number"), "13");
  EXPECT_EQ(Rounded("round 1234 to the nearest hundred"), "1200");
  EXPECT_EQ(Rounded("round 1,250 to the nearest hundred"), "1300");
  EXPECT_EQ(Rounded("round 12 to the nearest thousand"), "0");
  EXPECT_EQ(Rounded("round 987 to the nearest thousand"), "1000");
}

TEST(RoundQuestionTest, Chinese) {
  EXPECT_EQ(Rounded("3.14159保留两位小数"), "3.14");
  EXPECT_EQ(Rounded("把12.345四舍五入到一位小数"), "12.3");
  EXPECT_EQ(Rounded("2.675四舍五入保留小数点后2位是多少"), "2.68");
  EXPECT_EQ(Rounded("2567四舍五入到百位"), "2600");
  EXPECT_EQ(Rounded("3.6四舍五入取整"), "4");
  EXPECT_EQ(Rounded("请把0.12345精确到千分位"), "0.123");
}

TEST(RoundQuestionTest, WhatIsNotSaidFallsThrough) {
  EXPECT_FALSE(ParseRoundQuestion("round 3.7 up"));
  EXPECT_FALSE(ParseRoundQuestion("round 3.14159 to 2 significant figures"));
  EXPECT_FALSE(ParseRoundQuestion("round the revenue to 2 decimals"));
  EXPECT_FALSE(ParseRoundQuestion("round 7 to the nearest 5"));
  EXPECT_FALSE(ParseRoundQuestion("1234四舍五入到两位"));  // two decimals or two digits?
  EXPECT_FALSE(ParseRoundQuestion("2024年销售额保留两位小数"));
  EXPECT_FALSE(ParseRoundQuestion("round 1,23 to 1 decimal"));
  EXPECT_FALSE(ParseRoundQuestion("round 3.14159 to 20 decimals"));
}

// Session 23: an expression stands for the number, and its printed value is rounded.
TEST(RoundQuestionTest, AnExpressionRounded) {
  EXPECT_EQ(Rounded("1/3 to 2 decimals"), "0.33");
  EXPECT_EQ(Rounded("22/7 to 2 dp"), "3.14");
  EXPECT_EQ(Rounded("100/7 rounded to 2 decimals"), "14.29");
  EXPECT_EQ(Rounded("round 2/3 to 3 decimal places"), "0.667");
  EXPECT_EQ(Rounded("10除以3 保留两位小数"), "3.33");
  EXPECT_EQ(Rounded("100除以7，结果保留两位小数"), "14.29");
  EXPECT_EQ(Rounded("22/7保留2位小数"), "3.14");
  const auto q = ParseRoundQuestion("22/7 to 2 dp");
  ASSERT_TRUE(q);
  EXPECT_EQ(q->expression, "22/7");
  EXPECT_EQ(q->Shown(), "22/7 (= 3.14285714286)");
  // Data words are no expression; nor is a place the printed digits cannot hold.
  EXPECT_FALSE(ParseRoundQuestion("平均发票金额保留两位小数"));
  EXPECT_FALSE(ParseRoundQuestion("round the unit price of each track to 1 decimal"));
  EXPECT_FALSE(ParseRoundQuestion("sales in 2013 to 2 decimals"));
  EXPECT_FALSE(ParseRoundQuestion("1/3 to 12 decimals"));
  EXPECT_FALSE(ParseRoundQuestion("1/3 to the nearest tenth of a cent"));
}

}  // namespace
}  // namespace askdb::agent
