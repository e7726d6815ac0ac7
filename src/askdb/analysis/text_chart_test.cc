#include "askdb/analysis/text_chart.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "askdb/common/text.h"
#include "askdb/db/result_set.h"

namespace askdb::analysis {
namespace {

using db::ResultSet;
using db::Value;

ResultSet Make(std::vector<std::string> names, std::vector<std::vector<Value>> rows) {
  ResultSet rs;
  for (auto& n : names) rs.columns.push_back({std::move(n), ""});
  rs.rows = std::move(rows);
  return rs;
}

void ExpectFits(const std::vector<std::string>& lines, int width) {
  for (const auto& line : lines) EXPECT_LE(text::DisplayWidth(line), width) << line;
}

TEST(TextChartTest, BarsAlignCjkLabelsAndScaleToTheLargest) {
  ChartSpec spec =
      RecommendChart(Make({"地区", "销售额"}, {{Value::Text("华东"), Value::Int(100)},
                                               {Value::Text("West"), Value::Int(50)},
                                               {Value::Text("华南地区"), Value::Int(0)}}));
  ASSERT_EQ(spec.kind, ChartKind::kBar);
  auto lines = RenderTextChart(spec, 40);
  ASSERT_EQ(lines.size(), 4u);  // title + 3 bars
  ExpectFits(lines, 40);
  // Labels padded to the widest (8 columns), so bars start in one column.
  EXPECT_EQ(lines[1].rfind("华东     ", 0), 0u) << lines[1];
  EXPECT_EQ(lines[2].rfind("West     ", 0), 0u) << lines[2];
  auto count = [](const std::string& s, std::string_view block) {
    size_t n = 0;
    for (size_t p = s.find(block); p != std::string::npos; p = s.find(block, p + 1)) ++n;
    return n;
  };
  size_t full = count(lines[1], "█");
  EXPECT_GT(full, 10u);
  EXPECT_EQ(count(lines[2], "█"), full / 2);
  EXPECT_EQ(count(lines[3], "█"), 0u);
  EXPECT_NE(lines[1].find("100"), std::string::npos);
}

TEST(TextChartTest, PieShowsPercentages) {
  ChartSpec spec = RecommendChart(
      Make({"channel", "orders"},
           {{Value::Text("web"), Value::Int(75)}, {Value::Text("app"), Value::Int(25)}}),
      {.question = "share of orders by channel"});
  ASSERT_EQ(spec.kind, ChartKind::kPie);
  auto lines = RenderTextChart(spec, 50);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_NE(lines[1].find("(75.0%)"), std::string::npos) << lines[1];
  EXPECT_NE(lines[2].find("(25.0%)"), std::string::npos) << lines[2];
}

// "各品类销售额占比": the engine's shares are percent points already; each bar line printed
// "27.11 (27.1%)", the percent twice. Once, with its sign.
TEST(TextChartTest, APieOfSharesPrintsEachPercentOnce) {
  ChartSpec spec =
      RecommendChart(Make({"品类", "占比(%)"}, {{Value::Text("手机"), Value::Double(60.25)},
                                                {Value::Text("图书"), Value::Double(39.75)}}),
                     {.question = "各品类销售额占比"});
  ASSERT_EQ(spec.kind, ChartKind::kPie);
  auto lines = RenderTextChart(spec, 50);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_NE(lines[1].find("60.25%"), std::string::npos) << lines[1];
  EXPECT_EQ(lines[1].find("(60.2%)"), std::string::npos) << lines[1];
  EXPECT_EQ(lines[1].find("60.2"), lines[1].rfind("60.2")) << lines[1];
  EXPECT_NE(lines[2].find("39.75%"), std::string::npos) << lines[2];
}

// Review of 411241b: whether a pie's values are percent points is read off its groups, not the
// merged "其他", which sums many of them: fractions whose 其他 adds up past 1 stay fractions,
// each with its share.
TEST(TextChartTest, TheOtherSliceDoesNotMakeFractionsPercentPoints) {
  ChartSpec spec;
  spec.kind = ChartKind::kPie;
  spec.data.labels = {"a", "b", "其他"};
  spec.data.series.push_back({"占比(%)", {0.9, 0.8, 2.5}, true, false, false});
  spec.data.other_slice = true;
  auto lines = RenderTextChart(spec, 50);
  ASSERT_EQ(lines.size(), 3u);  // no title: a line per slice
  EXPECT_EQ(lines[0].find("0.9%"), std::string::npos) << lines[0];
  EXPECT_NE(lines[0].find("(21.4%)"), std::string::npos) << lines[0];
  spec.data.other_slice = false;  // a group of its own above 1: percent points
  EXPECT_NE(RenderTextChart(spec, 50)[2].find("2.5%"), std::string::npos);
}

// A ratio per group is drawn with its percentages (3.98%, 3.56%), as the table and the answer
// show it, not as "0.04" beside every bar; a series of it likewise.
TEST(TextChartTest, ARatioReadsInPercent) {
  const ResultSet rs = Make({"渠道", "折扣率"}, {{Value::Text("online"), Value::Double(0.0398)},
                                                 {Value::Text("store"), Value::Double(0.0356)}});
  ChartSpec spec = RecommendChart(
      rs, {.sql = "SELECT channel, SUM(d) * 1.0 / SUM(g) AS 折扣率 FROM o GROUP BY channel"});
  ASSERT_EQ(spec.kind, ChartKind::kBar);
  ASSERT_TRUE(spec.data.series.front().ratio);
  auto lines = RenderTextChart(spec, 60);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_NE(lines[1].find("3.98%"), std::string::npos) << lines[1];
  EXPECT_NE(lines[2].find("3.56%"), std::string::npos) << lines[2];
}

TEST(TextChartTest, LineIsASparklineWithMinMaxAndRange) {
  ResultSet rs = Make({"month", "revenue"}, {});
  for (int m = 1; m <= 9; ++m) {
    rs.rows.push_back({Value::Text("2024-0" + std::to_string(m)), Value::Int(m * 1000)});
  }
  ChartSpec spec = RecommendChart(rs);
  ASSERT_EQ(spec.kind, ChartKind::kLine);
  auto lines = RenderTextChart(spec, 60);
  ASSERT_EQ(lines.size(), 3u);
  ExpectFits(lines, 60);
  EXPECT_NE(lines[1].find("▁▂"), std::string::npos) << lines[1];
  EXPECT_NE(lines[1].find("█"), std::string::npos);
  EXPECT_NE(lines[1].find("min 1K max 9K"), std::string::npos) << lines[1];
  EXPECT_NE(lines[2].find("2024-01 … 2024-09"), std::string::npos) << lines[2];
}

TEST(TextChartTest, LongSeriesAreBucketedToTheWidth) {
  ResultSet rs = Make({"day", "v"}, {});
  for (int d = 0; d < 400; ++d) {
    char day[16];
    std::snprintf(day, sizeof day, "%04d-01-01", 1600 + d);
    rs.rows.push_back({Value::Text(day), Value::Int(d % 50)});
  }
  auto lines = RenderTextChart(RecommendChart(rs), 30);
  ASSERT_FALSE(lines.empty());
  ExpectFits(lines, 30);
}

TEST(TextChartTest, ScatterDrawsDotsInAGrid) {
  ResultSet rs = Make({"price", "qty"}, {});
  for (int i = 0; i < 5; ++i) rs.rows.push_back({Value::Int(i), Value::Int(i * i)});
  auto lines = RenderTextChart(RecommendChart(rs), 40);
  ASSERT_GT(lines.size(), 5u);
  ExpectFits(lines, 40);
  size_t dots = 0;
  for (const auto& l : lines) {
    for (size_t p = l.find("•"); p != std::string::npos; p = l.find("•", p + 1)) ++dots;
  }
  EXPECT_EQ(dots, 5u);
}

TEST(TextChartTest, KpiAndTableDrawNothing) {
  EXPECT_TRUE(RenderTextChart(RecommendChart(Make({"n"}, {{Value::Int(3)}})), 60).empty());
  EXPECT_TRUE(RenderTextChart(ChartSpec{}, 60).empty());
}

TEST(TextChartTest, NarrowWidthIsRaisedToTheMinimum) {
  ChartSpec spec = RecommendChart(
      Make({"name", "v"}, {{Value::Text("a very long label that goes on"), Value::Int(1)},
                           {Value::Text("b"), Value::Int(2)}}));
  auto lines = RenderTextChart(spec, 3);
  ASSERT_FALSE(lines.empty());
  ExpectFits(lines, kMinTextChartWidth);
}

}  // namespace
}  // namespace askdb::analysis
