#include "askdb/agent/quick_path/percent_question.h"

#include <gtest/gtest.h>

#include <string>

#include "askdb/agent/quick_path/arithmetic.h"

namespace askdb::agent {
namespace {

// The percentage a question asks for, formatted; "" when it does not parse, "none" when it
// parses but divides by zero.
std::string PercentOf(std::string_view q) {
  const auto parsed = ParsePercentQuestion(q);
  if (!parsed) return "";
  const auto p = EvaluatePercentQuestion(*parsed);
  return p ? FormatNumber(*p) : "none";
}

TEST(PercentQuestionTest, ShareOfAWhole) {
  EXPECT_EQ(PercentOf("20是80的百分之几"), "25");
  EXPECT_EQ(PercentOf("20占80的百分之多少？"), "25");
  EXPECT_EQ(PercentOf("三十是一百二十的百分之几"), "25");
  EXPECT_EQ(PercentOf("1是3的百分比是多少"), "33.3333333333");
  EXPECT_EQ(PercentOf("what percent of 80 is 20"), "25");
  EXPECT_EQ(PercentOf("what percentage of 200 is 50?"), "25");
  EXPECT_EQ(PercentOf("20 is what percent of 80"), "25");
  EXPECT_EQ(PercentOf("what is 45 as a percentage of 60"), "75");
  EXPECT_EQ(PercentOf("how much is 30 as a percent of 120"), "25");
  EXPECT_EQ(PercentOf("3/8是百分之多少"), "37.5");
  EXPECT_EQ(PercentOf("20是0的百分之几"), "none");
}

TEST(PercentQuestionTest, ChangeBetweenTwoNumbers) {
  EXPECT_EQ(PercentOf("从80增长到100增长了百分之多少"), "25");
  EXPECT_EQ(PercentOf("80涨到100，涨了百分之几"), "25");
  EXPECT_EQ(PercentOf("由200降到150下降了多少%"), "-25");
  EXPECT_EQ(PercentOf("percent change from 80 to 100"), "25");
  EXPECT_EQ(PercentOf("what is the percentage decrease from 200 to 150?"), "-25");
  EXPECT_EQ(PercentOf("从0增长到5增长了百分之几"), "none");
}

// N成 or a decimal written as a percentage.
TEST(PercentQuestionTest, TenthsAsAPercentage) {
  EXPECT_EQ(PercentOf("三成是百分之多少"), "30");
  EXPECT_EQ(PercentOf("三成五等于百分之几"), "35");
  EXPECT_EQ(PercentOf("0.35是多少%"), "35");
  EXPECT_EQ(PercentOf("八分之三等于百分之多少"), "37.5");
  EXPECT_EQ(PercentOf("十二成是百分之多少"), "");  // N成 takes 1..10
  EXPECT_EQ(PercentOf("销售额的三成是百分之多少"), "");
}

// A decimal or a fraction converted to a percentage in words.
TEST(PercentQuestionTest, ConvertedToAPercentage) {
  EXPECT_EQ(PercentOf("把0.375换算成百分数"), "37.5");
  EXPECT_EQ(PercentOf("3/4化成百分比是多少"), "75");
  EXPECT_EQ(PercentOf("what's 0.75 as a percentage"), "75");
  EXPECT_EQ(PercentOf("convert 3/8 to a percent"), "37.5");
  EXPECT_EQ(PercentOf("express .2 as a percentage?"), "20");
  EXPECT_EQ(PercentOf("把销售额换算成百分比"), "");
  EXPECT_EQ(PercentOf("show the margin as a percentage"), "");
}

// A change between stated amounts with words around them is stated_rate's to read (session 21:
// one reader of "from a to b"; its cases are in stated_rate_test.cc, ChangeBetweenStatedAmounts).
TEST(PercentQuestionTest, ChangeBetweenStatedAmountsIsTheStatedRateReaders) {
  EXPECT_EQ(PercentOf("sales went from 80k to 92k, whats the % increase?"), "");
  EXPECT_EQ(PercentOf("去年营收1200万，今年1500万，增长了百分之多少"), "");
}

// A stated part of a stated target or budget (round 14): the words only name the numbers.
TEST(PercentQuestionTest, ShareOfAStatedTarget) {
  EXPECT_EQ(PercentOf("we're at 1.5m of a 2m target, what percent is that"), "75");
  EXPECT_EQ(PercentOf("we've spent 30k of our 40k budget, what percentage is that?"), "75");
  EXPECT_EQ(PercentOf("今年目标800万，已经完成了600万，完成率多少"), "75");
  EXPECT_EQ(PercentOf("预算40万，已经花了10万，使用率是多少"), "25");
  // Unlike suffixes, a year, or no numbers at all: not read.
  EXPECT_EQ(PercentOf("we're at 1.5m of a 2000k target, what percent is that"), "");
  EXPECT_EQ(PercentOf("今年目标完成率多少"), "");
  EXPECT_EQ(PercentOf("sold 2024 of a 3000 goal, what percent is that"), "");
}

// Precision first: anything but two plain numbers is a data question or not understood.
TEST(PercentQuestionTest, DataQuestionsAndFragmentsDoNotParse) {
  EXPECT_EQ(PercentOf("销售额增长了百分之多少"), "");
  EXPECT_EQ(PercentOf("北京占全国销售额的百分之几"), "");
  EXPECT_EQ(PercentOf("what percent of customers are in germany"), "");
  EXPECT_EQ(PercentOf("20是80的"), "");
  EXPECT_EQ(PercentOf("百分之几"), "");
  EXPECT_EQ(PercentOf("percent change from 2023 to 2024 in revenue"), "");
}

}  // namespace
}  // namespace askdb::agent
