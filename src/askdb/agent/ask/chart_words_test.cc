#include "askdb/agent/ask/chart_words.h"

#include <gtest/gtest.h>

namespace askdb::agent {
namespace {

TEST(ChartWordsTest, EnglishChartWordsAreTaken) {
  ChartWordsTaken r = TakeChartWords("plot monthly revenue as a line chart");
  EXPECT_EQ(r.question, "monthly revenue");
  r = TakeChartWords("show me a bar chart of revenue by region");
  EXPECT_EQ(r.question, "show me revenue by region");
  // The pie kind said as the answer's form, with no chart noun.
  EXPECT_EQ(TakeChartWords("show revenue by region as a donut").question, "show revenue by region");
  EXPECT_EQ(TakeChartWords("orders per channel in a pie").question, "orders per channel");
  r = TakeChartWords("plot monthly order amount in 2025");
  EXPECT_EQ(r.question, "monthly order amount in 2025");
  EXPECT_TRUE(r.found);
}

TEST(ChartWordsTest, ChineseChartWordsAreTaken) {
  ChartWordsTaken r = TakeChartWords("画一个每月销售额趋势图");
  EXPECT_EQ(r.question, "每月销售额");
  r = TakeChartWords("用饼图展示各渠道的销售额");
  EXPECT_EQ(r.question, "各渠道的销售额");
  EXPECT_EQ(TakeChartWords("请画一下每月的订单金额").question, "每月的订单金额");
  EXPECT_EQ(TakeChartWords("做一个各大区销售额的柱状图").question, "各大区销售额");
  // The drawing verb after the data, with the comma before it.
  EXPECT_EQ(TakeChartWords("各品类的销量，画个饼图").question, "各品类的销量");
  EXPECT_EQ(TakeChartWords("每月销售额画一个折线图").question, "每月销售额");
  EXPECT_EQ(TakeChartWords("各月销售额并画个折线图").question, "各月销售额");
  EXPECT_EQ(TakeChartWords("请用饼图展示各渠道的销售额").question, "各渠道的销售额");
  // A data word ending in 画 keeps it: only a verb just before the chart noun goes.
  EXPECT_EQ(TakeChartWords("用柱状图展示每年上映的动画").question, "每年上映的动画");
  EXPECT_EQ(TakeChartWords("画一个饼图展示各类漫画").question, "展示各类漫画");
  EXPECT_EQ(TakeChartWords("画一个饼图展示各年的合并").question, "展示各年的合并");
  EXPECT_EQ(TakeChartWords("各类漫画饼图").question, "各类漫画");
  // A chart said not to be drawn goes with its negation, which is not the data's.
  EXPECT_EQ(TakeChartWords("不要饼图，用柱状图展示各渠道的销售额").question, "，各渠道的销售额");
}

// A map as the answer's form (round 16): the phrase goes, 地图 naming data stays.
TEST(ChartWordsTest, MapPhrasesAreTaken) {
  EXPECT_EQ(TakeChartWords("在地图上显示各城市的会员数").question, "各城市的会员数");
  EXPECT_EQ(TakeChartWords("用地图展示各省份的销售额").question, "各省份的销售额");
  EXPECT_EQ(TakeChartWords("show sales by country on a world map").question,
            "show sales by country");
  EXPECT_EQ(TakeChartWords("plot store revenue on a map").question, "store revenue");
  EXPECT_EQ(TakeChartWords("地图应用的用户数").question, "地图应用的用户数");
  EXPECT_FALSE(TakeChartWords("地图应用的用户数").found);
}

TEST(ChartWordsTest, WordsThatCanNameDataStay) {
  // No chart noun after "line"/"bar"; 画 inside a word; a bare 图 (地图).
  for (const char* q :
       {"sales by product line", "revenue of the hotel bar", "各国画家的数量", "地图软件有哪些",
        "how many charts were sold", "donut sales per store", "revenue from a pie shop"}) {
    const ChartWordsTaken r = TakeChartWords(q);
    EXPECT_EQ(r.question, q) << q;
    EXPECT_FALSE(r.found) << q;
  }
  // Nothing but chart words: the request is kept as it was.
  EXPECT_EQ(TakeChartWords("画个图表").question, "画个图表");
}

}  // namespace
}  // namespace askdb::agent
