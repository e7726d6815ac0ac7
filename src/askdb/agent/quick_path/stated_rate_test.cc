#include "askdb/agent/quick_path/stated_rate.h"

#include <gtest/gtest.h>

#include <string>

#include "askdb/agent/quick_path/arithmetic.h"

namespace askdb::agent {
namespace {

using Kind = RateQuestion::Kind;
using Unclear = RateQuestion::Unclear;

// The rate a request asks for, formatted; "" when it does not parse, "unclear" when it parses
// but its words do not settle the roles.
std::string RateOf(std::string_view q) {
  const auto r = ParseStatedRate(q);
  if (!r) return "";
  if (r->unclear != Unclear::kNone) return "unclear";
  const auto p = EvaluateStatedRate(*r);
  return p ? FormatNumber(*p) : "none";
}

TEST(StatedRateTest, ShareOfAWholeByTheRateWord) {
  EXPECT_EQ(RateOf("we lost 50 of 400 customers, what's our churn rate"), "12.5");
  EXPECT_EQ(RateOf("1200 customers, lost 90 — churn?"), "7.5");
  EXPECT_EQ(RateOf("out of 800 leads, 120 converted. conversion rate?"), "15");
  EXPECT_EQ(RateOf("we had 2500 sign-ups and 400 of them churned. churn rate?"), "16");
  EXPECT_EQ(RateOf("what's the return rate if 12 of 300 orders came back"), "4");
  EXPECT_EQ(RateOf("1,000 emails sent, 230 opened, open rate?"), "23");
  EXPECT_EQ(RateOf("400个客户流失了50个,流失率是多少"), "12.5");
  EXPECT_EQ(RateOf("转化率:访问3000,下单240"), "8");
  EXPECT_EQ(RateOf("共有800个订单,其中退货32个,退货率是多少"), "4");
  EXPECT_EQ(RateOf("100个访客里有8个下单,客户转化率是多少?"), "8");
}

TEST(StatedRateTest, ANumberOfTheOtherSideIsTheWholeLessThem) {
  EXPECT_EQ(RateOf("we started the year with 320 clients and ended with 296. what was our churn?"),
            "7.5");
  EXPECT_EQ(RateOf("3000 visitors, 2760 didn't buy anything, conversion rate?"), "8");
  EXPECT_EQ(RateOf("员工50人,离职8人,离职率是多少"), "16");
  EXPECT_EQ(RateOf("400 customers, 340 still active, churn rate?"), "15");
  EXPECT_EQ(RateOf("期初400个客户,期末还剩340个,流失率多少"), "15");
  EXPECT_EQ(RateOf("400个客户流失了50个,留存率是多少"), "87.5");
  const auto r = ParseStatedRate("月初会员800人,月底剩720人,流失率是多少");
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->complement);
  EXPECT_EQ(FormatNumber(*EvaluateStatedRate(*r)), "10");
}

TEST(StatedRateTest, ABareShareWordNeedsOfOrTotal) {
  EXPECT_EQ(RateOf("50 out of 400 as a percentage"), "12.5");
  EXPECT_EQ(RateOf("35 of 140 orders were returns, what share is that"), "25");
  EXPECT_EQ(RateOf("3 of our 25 stores closed, what share of stores is that"), "12");
  EXPECT_EQ(RateOf("website had 45k sessions and 900 purchases; conversion rate please"), "2");
  EXPECT_EQ(RateOf("a组30人,总共120人,占比多少"), "25");
  // No word says which is the part: a bare "percentage" of two numbers is not read.
  EXPECT_EQ(RateOf("3000 and 240, what percentage"), "");
}

TEST(StatedRateTest, ChangeFromTo) {
  EXPECT_EQ(RateOf("sales went from 120 to 150, what's the growth"), "25");
  EXPECT_EQ(RateOf("what is the growth rate if sales went from 2000 to 2600"), "30");
  EXPECT_EQ(RateOf("revenue dropped from 500k to 420k, how big is the decline"), "-16");
  EXPECT_EQ(RateOf("sales were 150 this year and 120 last year. growth?"), "25");
  EXPECT_EQ(RateOf("销售额从120万增长到150万,增长率是多少"), "25");
  EXPECT_EQ(RateOf("上月80,本月100,环比增长多少"), "25");
  EXPECT_EQ(RateOf("今年230,去年同期200,同比增长率是多少"), "15");
  EXPECT_EQ(RateOf("150比120多百分之几"), "25");
  EXPECT_EQ(RateOf("120比150少百分之几"), "-20");
  EXPECT_EQ(RateOf("150 is what percent more than 120"), "25");
  EXPECT_EQ(RateOf("price went up from $4.50 to $5.40 — by what percent?"), "20");
  EXPECT_EQ(RateOf("growth if we go from 80 to 100 customers?"), "25");
}

TEST(StatedRateTest, MarginAndMarkupByTheirWords) {
  EXPECT_EQ(RateOf("i buy widgets at $12 and sell them for $18. what's my margin?"),
            "33.3333333333");
  EXPECT_EQ(RateOf("revenue 80k, cost 52k, what's the margin"), "35");
  EXPECT_EQ(RateOf("cost 80 sold at 100, margin?"), "20");
  EXPECT_EQ(RateOf("cost 80, sold for 100, what's the markup"), "25");
  EXPECT_EQ(RateOf("price 250, cost 200, what's the margin"), "20");
  EXPECT_EQ(RateOf("an item costs 60 and sells for 75, what is the gross margin"), "20");
  EXPECT_EQ(RateOf("进价80卖100,加价率是多少"), "25");
  EXPECT_EQ(RateOf("毛利率:成本45,售价60"), "25");
  const auto both = ParseStatedRate("成本80卖100,利润率是多少");
  ASSERT_TRUE(both);
  EXPECT_EQ(both->kind, Kind::kProfit);
  EXPECT_EQ(FormatNumber(*EvaluateStatedRate(*both)), "20");
  EXPECT_EQ(FormatNumber(*EvaluateMarkup(*both)), "25");
}

TEST(StatedRateTest, WhatTheWordsDoNotSettleIsUnclear) {
  const auto three = ParseStatedRate("400 customers, lost 50, gained 30, what's the churn");
  ASSERT_TRUE(three);
  EXPECT_EQ(three->unclear, Unclear::kTooManyNumbers);
  EXPECT_EQ(three->numbers.size(), 3u);
  EXPECT_EQ(ParseStatedRate("150 and 120, what's the growth")->unclear, Unclear::kOrder);
  EXPECT_EQ(ParseStatedRate("80 and 100, what's the margin")->unclear, Unclear::kCostAndPrice);
  // A churn needs a word of which side a number counts: start and end counts are not lost ones.
  EXPECT_EQ(ParseStatedRate("320 clients in january, 296 in march, churn rate?")->unclear,
            Unclear::kWhichSide);
  // "left": gone, or remaining?
  EXPECT_EQ(ParseStatedRate("400 customers, 50 left, churn rate?")->unclear, Unclear::kWhichSide);
  EXPECT_EQ(ParseStatedRate("1000 users, 300 lost and 650 still active, churn?")->unclear,
            Unclear::kTooManyNumbers);
  EXPECT_EQ(ParseStatedRate("lost 50 customers, 300 still active, churn rate?")->unclear,
            Unclear::kWhichSide);
  EXPECT_EQ(ParseStatedRate("400 of 50 customers churned, churn rate?")->unclear,
            Unclear::kPartOverWhole);
}

TEST(StatedRateTest, DataQuestionsDoNotParse) {
  EXPECT_EQ(RateOf("churn rate by month"), "");
  EXPECT_EQ(RateOf("各地区的转化率"), "");
  EXPECT_EQ(RateOf("what was our growth last year"), "");
  EXPECT_EQ(RateOf("2023年的流失率是多少"), "");
  EXPECT_EQ(RateOf("compare 2023 and 2024, what's the growth"), "");
  EXPECT_EQ(RateOf("top 5 products by margin"), "");
  EXPECT_EQ(RateOf("the churn rate for customers with more than 50 orders"), "");
  EXPECT_EQ(RateOf("what's the conversion rate of the 3 campaigns with 100 clicks"), "");
  EXPECT_EQ(RateOf("我们有400个客户,流失率是多少"), "");
  EXPECT_EQ(RateOf("发票总额从1月到3月,增长了多少"), "");
  EXPECT_EQ(RateOf("customers with over 5 orders and 2 returns, return rate?"), "");
  EXPECT_EQ(RateOf("库存200,销售1000,周转率是多少"), "");
  EXPECT_EQ(RateOf("10% of 400 customers churned, churn rate?"), "");
  EXPECT_EQ(RateOf("for the drivers who raced on 1983/7/16, what's their race completion rate?"),
            "");
}

}  // namespace
}  // namespace askdb::agent
