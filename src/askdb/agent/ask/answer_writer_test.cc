#include "askdb/agent/ask/answer_writer.h"

#include <gtest/gtest.h>

namespace askdb::agent {
namespace {

db::ResultSet TwoColumns(const std::vector<std::pair<std::string, double>>& rows,
                         const std::string& label, const std::string& measure) {
  db::ResultSet r;
  r.columns = {{label, "TEXT"}, {measure, "REAL"}};
  for (const auto& [k, v] : rows) r.rows.push_back({db::Value::Text(k), db::Value::Double(v)});
  return r;
}

TEST(AnswerWriterTest, CategoryAnswerNamesTopBottomAndShare) {
  db::ResultSet r = TwoColumns({{"华东", 50}, {"华北", 30}, {"西北", 15}}, "region", "revenue");
  analysis::ChartSpec chart = analysis::RecommendChart(r);
  ASSERT_EQ(chart.kind, analysis::ChartKind::kBar);
  EXPECT_EQ(WriteAnswer(r, chart, true),
            "共 3 项；华东的revenue最高，为 50（占 52.6%），西北最低，为 15；合计 95。");
  EXPECT_EQ(WriteAnswer(r, chart, false),
            "3 groups; 华东 has the highest revenue at 50 (52.6% of the total), 西北 the "
            "lowest at 15; total 95.");
}

TEST(AnswerWriterTest, AChartOfSomeGroupsGivesNoCountLowestOrTotalOfThoseAlone) {
  std::vector<std::pair<std::string, double>> rows;
  for (int i = 1; i <= 63; ++i) rows.emplace_back("store " + std::to_string(i), i * 10.0);
  db::ResultSet r = TwoColumns(rows, "store", "revenue");
  analysis::ChartSpec chart = analysis::RecommendChart(r);
  ASSERT_EQ(chart.kind, analysis::ChartKind::kBar);
  ASSERT_EQ(chart.data.total_categories, 63u);
  EXPECT_EQ(WriteAnswer(r, chart, true),
            "共 63 项，图中显示最大的 30 项；store 63 的revenue最高，为 630。");
  EXPECT_EQ(WriteAnswer(r, chart, false),
            "63 groups; the chart shows the largest 30; store 63 has the highest revenue at 630.");
}

TEST(AnswerWriterTest, LatinLabelsKeepASpaceBeforeChinese) {
  db::ResultSet r = TwoColumns({{"online", 50}, {"store", 30}, {"app", 15}}, "渠道", "订单数");
  const std::string zh = WriteAnswer(r, analysis::RecommendChart(r), true);
  EXPECT_NE(zh.find("online 的订单数最高"), std::string::npos) << zh;
  EXPECT_NE(zh.find("app 最低"), std::string::npos) << zh;
}

TEST(AnswerWriterTest, SeriesAnswerNamesPeakTroughAndChange) {
  db::ResultSet r =
      TwoColumns({{"2025-01", 100}, {"2025-02", 80}, {"2025-03", 150}}, "month", "revenue");
  analysis::ChartSpec chart = analysis::RecommendChart(r);
  ASSERT_EQ(chart.kind, analysis::ChartKind::kLine);
  const std::string en = WriteAnswer(r, chart, false);
  EXPECT_NE(en.find("peaked in 2025-03 (150)"), std::string::npos) << en;
  EXPECT_NE(en.find("lowest in 2025-02 (80)"), std::string::npos) << en;
  EXPECT_NE(en.find("+50.0%"), std::string::npos) << en;
}

TEST(AnswerWriterTest, KpiAndEmptyResults) {
  db::ResultSet one;
  one.columns = {{"orders", "INTEGER"}};
  one.rows.push_back({db::Value::Int(60000)});
  analysis::ChartSpec chart = analysis::RecommendChart(one);
  EXPECT_EQ(WriteAnswer(one, chart, false), "orders: 60,000.");
  db::ResultSet empty;
  empty.columns = {{"x", "TEXT"}};
  EXPECT_EQ(WriteAnswer(empty, analysis::RecommendChart(empty), true), "没有符合条件的数据。");
}

}  // namespace
}  // namespace askdb::agent
