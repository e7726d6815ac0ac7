#include "askdb/agent/intent/stated_amounts.h"

#include <gtest/gtest.h>

namespace askdb::agent {
namespace {

TEST(StatedAmountsTest, CountsTheAmountsARequestStates) {
  EXPECT_EQ(CountStatedAmounts("we had 3,400 visitors and 238 of them bought, conversion rate?"),
            2);
  EXPECT_EQ(CountStatedAmounts("uv是一万二,下单的有八百四,转化率多少?"), 2);
  EXPECT_EQ(CountStatedAmounts("margin rev 80k cost 62k"), 2);
  EXPECT_EQ(CountStatedAmounts("85、90、78、92 这几个分数平均多少"), 4);
  EXPECT_EQ(CountStatedAmounts("1200减去350再除以5"), 3);
}

TEST(StatedAmountsTest, FiltersDatesRanksAndLabelsAreNotAmounts) {
  EXPECT_EQ(CountStatedAmounts("top 10 customers by revenue in 2024"), 0);
  EXPECT_EQ(CountStatedAmounts("stadiums with a capacity between 5000 and 10000"), 0);
  EXPECT_EQ(CountStatedAmounts("2023年3月到6月之间开了多少张发票"), 0);
  EXPECT_EQ(CountStatedAmounts("teachers aged either 32 or 33"), 1);
  EXPECT_EQ(CountStatedAmounts("sales in q4 2024 vs q4 2025"), 0);
  EXPECT_EQ(CountStatedAmounts("orders in the last 30 days over 500"), 0);
  EXPECT_EQ(CountStatedAmounts("line runs 16 hours a day, 5 stores"), 1);
  EXPECT_EQ(CountStatedAmounts("明早8:10叫醒我"), 0);
  EXPECT_EQ(CountStatedAmounts("一下 一些 千万 万一"), 0);
  EXPECT_EQ(CountStatedAmounts("18-19赛季总冠军是谁"), 0);
  EXPECT_EQ(CountStatedAmounts("每100克热量是600千卡的坚果"), 1);
  EXPECT_EQ(CountStatedAmounts("a 3~5 day trip for 4 people"), 1);
  EXPECT_EQ(CountStatedAmounts("total revenue for products 3, 7 and 12"), 0);
  EXPECT_EQ(CountStatedAmounts("drivers who raced on 1983/7/16 at 8:10"), 0);
  EXPECT_EQ(CountStatedAmounts(""), 0);
}

}  // namespace
}  // namespace askdb::agent
