#include "askdb/analysis/chart_kind_asked.h"

#include <gtest/gtest.h>

#include "askdb/analysis/chart_recommender.h"

namespace askdb::analysis {
namespace {

TEST(ChartKindAskedTest, ChineseNounsNameTheirKind) {
  EXPECT_EQ(ChartKindAsked("用饼图展示各渠道的销售额"), ChartKind::kPie);
  EXPECT_EQ(ChartKindAsked("各渠道销售额的饼状图"), ChartKind::kPie);
  EXPECT_EQ(ChartKindAsked("画一个每月销售额趋势图"), ChartKind::kLine);
  EXPECT_EQ(ChartKindAsked("用折线图看每月订单数"), ChartKind::kLine);
  EXPECT_EQ(ChartKindAsked("各大区销售额的柱状图"), ChartKind::kBar);
  EXPECT_EQ(ChartKindAsked("条形图：各品类的库存"), ChartKind::kBar);
  EXPECT_EQ(ChartKindAsked("价格和销量的散点图"), ChartKind::kScatter);
}

TEST(ChartKindAskedTest, EnglishKindWordBeforeAChartNoun) {
  EXPECT_EQ(ChartKindAsked("plot monthly revenue as a line chart"), ChartKind::kLine);
  EXPECT_EQ(ChartKindAsked("show me a bar chart of revenue by region"), ChartKind::kBar);
  EXPECT_EQ(ChartKindAsked("Revenue by channel, Pie-Chart please"), ChartKind::kPie);
  EXPECT_EQ(ChartKindAsked("show sales by category as a pie"), ChartKind::kPie);
  EXPECT_EQ(ChartKindAsked("column graph of orders per month"), ChartKind::kBar);
  EXPECT_EQ(ChartKindAsked("scatterplot of price against quantity"), ChartKind::kScatter);
  EXPECT_EQ(ChartKindAsked("a donut chart of tickets by status"), ChartKind::kPie);
}

TEST(ChartKindAskedTest, NoKindWhenNoneOrTwoAreNamed) {
  EXPECT_EQ(ChartKindAsked("画一个各地区销售额的图表"), std::nullopt);
  EXPECT_EQ(ChartKindAsked("chart revenue by month"), std::nullopt);
  // Kind words that are not beside a chart noun name data, not a chart.
  EXPECT_EQ(ChartKindAsked("sales of apple pie by store"), std::nullopt);
  EXPECT_EQ(ChartKindAsked("revenue by product line"), std::nullopt);
  EXPECT_EQ(ChartKindAsked("which bar sells the most"), std::nullopt);
  EXPECT_EQ(ChartKindAsked("a bar chart or a line chart of revenue"), std::nullopt);
}

TEST(ChartKindAskedTest, AKindSaidNotToBeDrawnIsNotAsked) {
  EXPECT_EQ(ChartKindAsked("各渠道的销售额，不要饼图"), std::nullopt);
  EXPECT_EQ(ChartKindAsked("不要画成饼图，用柱状图"), ChartKind::kBar);
  EXPECT_EQ(ChartKindAsked("按类别的饼图"), ChartKind::kPie);  // 类别 is no 别
  EXPECT_EQ(ChartKindAsked("revenue by region, no pie chart"), std::nullopt);
  EXPECT_EQ(ChartKindAsked("a bar chart, not a line chart"), ChartKind::kBar);
  EXPECT_EQ(ChartKindAsked("don't use a pie chart for sales by channel"), std::nullopt);
  EXPECT_EQ(ChartKindAsked("sales by channel as a pie, not a table"), ChartKind::kPie);
}

TEST(ChartKindAskedTest, TablesAreLongestFirstAndKnown) {
  const auto nouns = ChineseChartNouns();
  ASSERT_FALSE(nouns.empty());
  for (size_t i = 1; i < nouns.size(); ++i) {
    EXPECT_GE(nouns[i - 1].word.size(), nouns[i].word.size()) << nouns[i].word;
  }
  EXPECT_EQ(EnglishChartKindWord("pie"), ChartKind::kPie);
  EXPECT_EQ(EnglishChartKindWord("revenue"), std::nullopt);
  EXPECT_TRUE(IsEnglishChartNoun("graph"));
  EXPECT_FALSE(IsEnglishChartNoun("line"));
}

}  // namespace
}  // namespace askdb::analysis
