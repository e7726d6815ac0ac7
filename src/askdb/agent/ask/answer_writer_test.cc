#include "askdb/agent/ask/answer_writer.h"

#include <gtest/gtest.h>

#include "askdb/agent/ask/question_check.h"
#include "askdb/nlq/engine.h"

namespace askdb::agent {
namespace {

db::ResultSet TwoColumns(const std::vector<std::pair<std::string, double>>& rows,
                         const std::string& label, const std::string& measure) {
  db::ResultSet r;
  r.columns = {{label, "TEXT"}, {measure, "REAL"}};
  for (const auto& [k, v] : rows) r.rows.push_back({db::Value::Text(k), db::Value::Double(v)});
  return r;
}

analysis::ChartSpec ChartFor(const db::ResultSet& r, const std::string& sql) {
  return analysis::RecommendChart(r, {.sql = sql});
}

TEST(AnswerWriterTest, CategoryAnswerNamesTopBottomAndShare) {
  db::ResultSet r = TwoColumns({{"华东", 50}, {"华北", 30}, {"西北", 15}}, "region", "revenue");
  analysis::ChartSpec chart =
      ChartFor(r, "SELECT region, SUM(amount) AS revenue FROM orders GROUP BY region");
  ASSERT_EQ(chart.kind, analysis::ChartKind::kBar);
  EXPECT_EQ(WriteAnswer(r, chart, true),
            "共 3 项；华东的revenue最高，为 50.00（占 52.6%），西北最低，为 15.00；合计 95.00。");
  EXPECT_EQ(WriteAnswer(r, chart, false),
            "3 groups; 华东 has the highest revenue at 50.00 (52.6% of the total), 西北 the "
            "lowest at 15.00; total 95.00.");
}

// "各品类销售额占比" on the demo: the pie merged the smallest shares into "其他" and the answer
// was written from its slices: "共 8 项 … 美妆最低" beside 图书's smaller share, merged away.
TEST(AnswerWriterTest, APieWithAnOtherSliceNamesNoLowestAndCountsEveryGroup) {
  db::ResultSet r;
  r.columns = {{"品类", "TEXT"}, {"占比(%)", "REAL"}};
  const double shares[] = {27.11, 16.67, 13.15, 11.24, 8.34, 7.03, 6.69, 5.09, 3.66, 1.02};
  for (size_t i = 0; i < std::size(shares); ++i) {
    r.rows.push_back({db::Value::Text("品类" + std::to_string(i)), db::Value::Double(shares[i])});
  }
  const analysis::ChartSpec chart = analysis::RecommendChart(
      r, {.question = "各品类销售额占比",
          .sql = "SELECT name, SUM(a) * 100 / SUM(SUM(a)) OVER () AS \"占比(%)\" FROM x GROUP BY "
                 "name ORDER BY SUM(a) DESC"});
  ASSERT_EQ(chart.kind, analysis::ChartKind::kPie);
  ASSERT_TRUE(chart.data.other_slice);
  const std::string zh = WriteAnswer(r, chart, true);
  EXPECT_EQ(zh, "共 10 项，图中显示最大的 7 项，其余合为“其他”；品类0 的占比(%)最高，为 27.11%。");
  EXPECT_EQ(zh.find("最低"), std::string::npos) << zh;
}

// "top 3 products by unit price" on the demo: the engine summed the unit price per product.
// A share and a total of unit prices mean nothing; "lowest" is of the three shown.
TEST(AnswerWriterTest, NoShareOrTotalOfUnitPricesAndTheLowestIsOfTheRowsShown) {
  db::ResultSet r = TwoColumns({{"荣耀 折叠屏手机 1TB", 12999},
                                {"OPPO 折叠屏手机 256GB", 12899},
                                {"vivo 折叠屏手机 1TB", 12699}},
                               "product", "unit price");
  const analysis::ChartSpec chart =
      ChartFor(r,
               "SELECT \"products\".\"name\" AS \"product\", SUM(\"products\".\"unit_price\") AS "
               "\"unit price\"\nFROM \"products\"\nGROUP BY \"products\".\"name\"\nORDER BY "
               "SUM(\"products\".\"unit_price\") DESC\nLIMIT 3");
  EXPECT_EQ(WriteAnswer(r, chart, false),
            "the first 3 groups; 荣耀 折叠屏手机 1TB has the highest unit price at 12,999, "
            "vivo 折叠屏手机 1TB the lowest of these at 12,699.");
  EXPECT_EQ(WriteAnswer(r, chart, true),
            "前 3 项；荣耀 折叠屏手机 1TB 的unit price最高，为 12,999，"
            "这些项中 vivo 折叠屏手机 1TB 最低，为 12,699。");
}

TEST(AnswerWriterTest, NoShareOrTotalOfNonAdditiveMeasures) {
  const db::ResultSet r =
      TwoColumns({{"Rock", 0.99}, {"Jazz", 0.99}, {"TV Shows", 1.99}}, "Genre", "avg_price");
  for (const std::string sql : {
           "SELECT g.Name AS Genre, AVG(t.UnitPrice) AS avg_price FROM Track t JOIN Genre g "
           "USING (GenreId) GROUP BY g.Name",
           "SELECT Name AS Genre, MAX(Total) AS avg_price FROM x GROUP BY Name",
           "SELECT Name AS Genre, SUM(a) * 1.0 / SUM(b) AS avg_price FROM x GROUP BY Name",
           "SELECT Name AS Genre, UnitPrice AS avg_price FROM Track",
       }) {
    const analysis::ChartSpec chart = ChartFor(r, sql);
    for (bool zh : {false, true}) {
      const std::string a = WriteAnswer(r, chart, zh);
      EXPECT_EQ(a.find("total"), std::string::npos) << sql << "\n" << a;
      EXPECT_EQ(a.find('%'), std::string::npos) << sql << "\n" << a;
      EXPECT_EQ(a.find("合计"), std::string::npos) << sql << "\n" << a;
      EXPECT_NE(a.find("TV Shows"), std::string::npos) << sql << "\n" << a;
    }
  }
  // In Chinese names too, with no SQL at all.
  const db::ResultSet zh = TwoColumns({{"北京", 35}, {"上海", 31}}, "城市", "平均年龄");
  EXPECT_EQ(WriteAnswer(zh, analysis::RecommendChart(zh), true),
            "共 2 项；北京的平均年龄最高，为 35，上海最低，为 31。");
}

// A ratio per group reads in percent, as the one-number answer of the same ratio does
// ("折扣率：3.84%"), never as "0.04"; it has no share or total.
TEST(AnswerWriterTest, ARatioPerGroupReadsInPercent) {
  const db::ResultSet r =
      TwoColumns({{"online", 0.0412}, {"store", 0.0371}, {"app", 0.0008}}, "渠道", "折扣率");
  const analysis::ChartSpec chart = ChartFor(
      r,
      "SELECT channel AS \"渠道\", SUM(discount) * 1.0 / SUM(gross) AS \"折扣率\" FROM orders "
      "GROUP BY channel");
  EXPECT_EQ(WriteAnswer(r, chart, true),
            "共 3 项；online 的折扣率最高，为 4.12%，app 最低，为 0.08%。");
  EXPECT_EQ(WriteAnswer(r, chart, false),
            "3 groups; online has the highest 折扣率 at 4.12%, app the lowest at 0.08%.");
}

// The engine's share in percent points ("各渠道的订单数占比" on the demo): 43.52 is 43.52%.
TEST(AnswerWriterTest, PercentPointsReadWithTheirSign) {
  const db::ResultSet r =
      TwoColumns({{"线上", 43.52}, {"门店", 32.0}, {"手机App", 24.48}}, "渠道", "占比(%)");
  const analysis::ChartSpec chart = ChartFor(
      r,
      "SELECT channel AS \"渠道\", CAST(COUNT(*) AS REAL) * 100 / SUM(COUNT(*)) OVER () AS "
      "\"占比(%)\" FROM orders GROUP BY channel");
  const std::string zh = WriteAnswer(r, chart, true);
  EXPECT_NE(zh.find("为 43.52%"), std::string::npos) << zh;
  EXPECT_NE(zh.find("为 24.48%"), std::string::npos) << zh;
}

// A fraction under a percent name (a model's AVG(is_returned) AS "return %") has no value
// beyond ±1: it is not read as percent points (0.12 is no 0.12%).
TEST(AnswerWriterTest, AFractionUnderAPercentNameKeepsItsNumber) {
  const db::ResultSet r =
      TwoColumns({{"online", 0.12}, {"store", 0.08}, {"app", 0.05}}, "channel", "return %");
  const analysis::ChartSpec chart =
      ChartFor(r, "SELECT channel, AVG(is_returned) AS \"return %\" FROM orders GROUP BY channel");
  const std::string en = WriteAnswer(r, chart, false);
  EXPECT_EQ(en.find("0.12%"), std::string::npos) << en;
  EXPECT_NE(en.find("0.12"), std::string::npos) << en;
}

TEST(AnswerWriterTest, ATopNOfAnAdditiveMeasureHasNoTotalOfTheWhole) {
  const db::ResultSet r =
      TwoColumns({{"USA", 523.06}, {"Canada", 303.96}, {"France", 195.1}}, "country", "revenue");
  const analysis::ChartSpec chart =
      ChartFor(r,
               "SELECT BillingCountry AS country, SUM(Total) AS revenue FROM Invoice GROUP BY 1 "
               "ORDER BY 2 DESC LIMIT 3");
  EXPECT_EQ(WriteAnswer(r, chart, false),
            "the first 3 groups; USA has the highest revenue at 523.06, France the lowest "
            "of these at 195.10.");
  // Cut at askdb's row cap rather than by the LIMIT asked for: the reader is told rows are
  // missing.
  db::ResultSet capped = r;
  capped.truncated = true;
  const analysis::ChartSpec capped_chart = ChartFor(
      capped, "SELECT BillingCountry AS country, SUM(Total) AS revenue FROM Invoice GROUP BY 1");
  EXPECT_EQ(WriteAnswer(capped, capped_chart, false)
                .rfind("the first 3 rows (cut; narrow the question or ask for a total); ", 0),
            0u)
      << WriteAnswer(capped, capped_chart, false);
  EXPECT_EQ(WriteAnswer(capped, capped_chart, true)
                .rfind("前 3 行（结果已截断，可加条件或改问汇总）；", 0),
            0u)
      << WriteAnswer(capped, capped_chart, true);
  // The same LIMIT over fewer groups than it allows: these are all, the total stands.
  const analysis::ChartSpec all =
      ChartFor(r,
               "SELECT BillingCountry AS country, SUM(Total) AS revenue FROM Invoice GROUP BY 1 "
               "ORDER BY 2 DESC LIMIT 10");
  EXPECT_NE(WriteAnswer(r, all, false).find("; total 1,022.12."), std::string::npos)
      << WriteAnswer(r, all, false);
}

// Chinook's sales by billing country: seven countries at 37.62 (one at 37.620000000000005).
TEST(AnswerWriterTest, TiedExtremesAreNamedAsTies) {
  const db::ResultSet r = TwoColumns({{"USA", 523.06},
                                      {"Canada", 303.96},
                                      {"Spain", 37.62},
                                      {"Belgium", 37.62},
                                      {"Poland", 37.620000000000005}},
                                     "country", "sales");
  const analysis::ChartSpec chart =
      ChartFor(r, "SELECT BillingCountry AS country, SUM(Total) AS sales FROM Invoice GROUP BY 1");
  EXPECT_EQ(WriteAnswer(r, chart, false),
            "5 groups; USA has the highest sales at 523.06 (55.7% of the total), Spain and 2 "
            "others the lowest at 37.62; total 939.88.");
  EXPECT_EQ(
      WriteAnswer(r, chart, true),
      "共 5 项；USA 的sales最高，为 523.06（占 55.7%），Spain 等 3 项并列最低，为 37.62；合计 "
      "939.88。");
  const db::ResultSet same = TwoColumns({{"a", 2}, {"b", 2}}, "k", "orders");
  const analysis::ChartSpec same_chart =
      ChartFor(same, "SELECT k, COUNT(*) AS orders FROM t GROUP BY k");
  EXPECT_EQ(WriteAnswer(same, same_chart, false), "2 groups; each has orders 2; total 4.");
  EXPECT_EQ(WriteAnswer(same, same_chart, true), "共 2 项；orders均为 2；合计 4。");
}

TEST(AnswerWriterTest, ASeriesNamesTiedTroughsAndAnUnchangedEnd) {
  const db::ResultSet r = TwoColumns(
      {{"2024-01", 37.62}, {"2024-02", 37.62}, {"2024-03", 47.62}, {"2024-04", 37.620000000000005}},
      "month", "revenue");
  const analysis::ChartSpec chart = ChartFor(
      r,
      "SELECT strftime('%Y-%m', d) AS month, SUM(Total) AS revenue FROM i GROUP BY 1 ORDER BY 1");
  ASSERT_EQ(chart.kind, analysis::ChartKind::kLine);
  EXPECT_EQ(WriteAnswer(r, chart, false),
            "From 2024-01 to 2024-04, revenue peaked in 2024-03 (47.62) and was lowest in 2024-01 "
            "and 2 other periods (37.62); 2024-04 vs 2024-01: unchanged.");
  EXPECT_EQ(
      WriteAnswer(r, chart, true),
      "2024-01 至 2024-04，revenue峰值在 2024-03（47.62），低谷在 2024-01 等 3 个时段（37.62）"
      "；2024-04 与 2024-01 持平。");
}

// A series of one period (the top year of "哪一年的营收最高") says its value, not a peak and a
// trough of the same point.
TEST(AnswerWriterTest, ASeriesOfOnePeriodSaysItsValue) {
  const db::ResultSet r = TwoColumns({{"2022", 481.45}}, "year", "revenue");
  const analysis::ChartSpec chart = ChartFor(
      r,
      "SELECT strftime('%Y', d) AS year, SUM(Total) AS revenue FROM i GROUP BY 1 ORDER BY 2 DESC "
      "LIMIT 1");
  ASSERT_EQ(chart.kind, analysis::ChartKind::kLine);
  EXPECT_EQ(WriteAnswer(r, chart, false), "In 2022, revenue was 481.45.");
  EXPECT_EQ(WriteAnswer(r, chart, true), "2022，revenue 为 481.45。");
}

TEST(AnswerWriterTest, AChartOfSomeGroupsGivesNoCountLowestOrTotalOfThoseAlone) {
  std::vector<std::pair<std::string, double>> rows;
  for (int i = 1; i <= 63; ++i) rows.emplace_back("store " + std::to_string(i), i * 10.0);
  db::ResultSet r = TwoColumns(rows, "store", "revenue");
  analysis::ChartSpec chart = analysis::RecommendChart(r);
  ASSERT_EQ(chart.kind, analysis::ChartKind::kBar);
  ASSERT_EQ(chart.data.total_categories, 63u);
  EXPECT_EQ(WriteAnswer(r, chart, true),
            "共 63 项，图中显示最大的 30 项；store 63 的revenue最高，为 630.00。");
  EXPECT_EQ(
      WriteAnswer(r, chart, false),
      "63 groups; the chart shows the largest 30; store 63 has the highest revenue at 630.00.");
}

// The query's own order, largest first (ORDER BY COUNT(*) DESC over 347 albums), shows the
// largest: the answer names the highest. Ordered another way (by name), it names none.
TEST(AnswerWriterTest, AQueryOrderedLargestFirstNamesItsHighest) {
  std::vector<std::pair<std::string, double>> rows;
  for (int i = 63; i >= 1; --i) rows.emplace_back("album " + std::to_string(i), i);
  const db::ResultSet r = TwoColumns(rows, "album", "number of tracks");
  analysis::ChartSpec chart = ChartFor(
      r,
      "SELECT title AS album, COUNT(*) AS \"number of tracks\" FROM t GROUP BY title ORDER BY "
      "COUNT(*) DESC");
  EXPECT_EQ(WriteAnswer(r, chart, false),
            "63 groups; the chart shows the largest 30; album 63 has the highest number of tracks "
            "at 63.");
  std::vector<std::pair<std::string, double>> by_name = rows;
  std::swap(by_name[0], by_name[40]);
  const db::ResultSet shuffled = TwoColumns(by_name, "album", "number of tracks");
  chart = ChartFor(shuffled,
                   "SELECT title AS album, COUNT(*) AS \"number of tracks\" FROM t "
                   "GROUP BY title ORDER BY title");
  EXPECT_EQ(WriteAnswer(shuffled, chart, false), "63 groups; the chart shows the first 30.");
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
  EXPECT_NE(en.find("peaked in 2025-03 (150.00)"), std::string::npos) << en;
  EXPECT_NE(en.find("lowest in 2025-02 (80.00)"), std::string::npos) << en;
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
  // "2012年的销售额" on MariaDB: SUM over no rows is NULL, not "1 row".
  db::ResultSet null_sum;
  null_sum.columns = {{"销售额", "DECIMAL"}};
  null_sum.rows.push_back({db::Value::Null()});
  EXPECT_EQ(WriteAnswer(null_sum, analysis::RecommendChart(null_sum), true),
            "销售额没有值（NULL）：没有符合条件且有值的数据。");
  null_sum.columns[0].name = "revenue";
  EXPECT_EQ(WriteAnswer(null_sum, analysis::RecommendChart(null_sum), false),
            "revenue has no value (NULL): no rows with a value match the question.");
}

// One row of numbers (a period comparison): every value named and shown as the table shows
// it; a first column that is a name stays the row's unnamed subject.
TEST(AnswerWriterTest, OneRowOfNumbersNamesEachValue) {
  db::ResultSet r;
  r.columns = {{"revenue (2025)", "REAL"}, {"revenue (2024)", "REAL"}, {"growth (%)", "REAL"}};
  r.rows.push_back({db::Value::Double(72349795.45), db::Value::Double(61470451.05),
                    db::Value::Double(17.6984945029)});
  EXPECT_EQ(WriteAnswer(r, analysis::RecommendChart(r), false),
            "revenue (2025): 72,349,795.45, revenue (2024): 61,470,451.05, growth (%): 17.7.");
  db::ResultSet named;  // a table of a name and two texts: the name is the subject
  named.columns = {{"name", "TEXT"}, {"city", "TEXT"}, {"title", "TEXT"}};
  named.rows.push_back(
      {db::Value::Text("Margaret"), db::Value::Text("Seattle"), db::Value::Text("Sales")});
  EXPECT_EQ(WriteAnswer(named, analysis::RecommendChart(named), false),
            "Margaret, city: Seattle, title: Sales.");
  db::ResultSet no_earlier;  // no earlier figure: a NULL growth first, named all the same
  no_earlier.columns = {{"growth (%)", "REAL"}, {"revenue (2025)", "REAL"}};
  no_earlier.rows.push_back({db::Value::Null(), db::Value::Double(70)});
  EXPECT_EQ(WriteAnswer(no_earlier, analysis::RecommendChart(no_earlier), false),
            "growth (%): —, revenue (2025): 70.00.");
}

TEST(AnswerWriterTest, ARelativePeriodIsNamedWithTheAnswer) {
  EXPECT_EQ(WithPeriod("订单数：23,704。",
                       "今年 = 2025-01-01 .. 2025-12-31 (以数据最新日期 2025-12-31)", true),
            "订单数：23,704。时间：今年 = 2025-01-01 至 2025-12-31（以数据最新日期 2025-12-31）。");
  // A business term's own period, in Chinese punctuation.
  EXPECT_EQ(
      WithPeriod("本季度净销售额 (CNY)：21,769,037.86。",
                 "本季度净销售额: 本季度 = 2025-10-01 .. 2025-12-31 (以数据最新日期 2025-12-31)",
                 true),
      "本季度净销售额 (CNY)：21,769,037.86。时间：本季度净销售额：本季度 = 2025-10-01 至 "
      "2025-12-31（以数据最新日期 2025-12-31）。");
  EXPECT_EQ(WithPeriod("revenue: 9,297,444.61.",
                       "last month = 2025-11-01 .. 2025-11-30 (anchored to the data's latest date "
                       "2025-12-31)",
                       false),
            "revenue: 9,297,444.61. Period: last month = 2025-11-01 .. 2025-11-30 (anchored to "
            "the data's latest date 2025-12-31).");
  EXPECT_EQ(WithPeriod("orders: 5.", "", false), "orders: 5.");
}

// Chinook on PostgreSQL holds invoices of 2021..2025: "how many invoices in 2012" is 0
// because the data does not reach 2012, which the answer says.
TEST(AnswerWriterTest, APeriodOutsideTheDataIsSaidToBe) {
  EXPECT_EQ(OutsideDataNote("2012-01-01 .. 2013-01-01", "invoice.invoicedate", "2021-01-01",
                            "2025-12-22", false),
            "invoice.invoicedate holds dates from 2021-01-01 to 2025-12-22; the period asked "
            "about (2012-01-01 to 2012-12-31) lies outside them, so the data does not cover "
            "it.");
  EXPECT_EQ(OutsideDataNote("2026-01-01 .. 2026-02-01", "orders.order_date", "2021-01-01",
                            "2025-12-22", true),
            "orders.order_date 的日期从 2021-01-01 到 2025-12-22，所问的时段 2026-01-01 至 "
            "2026-01-31 不在其中，数据没有覆盖它。");
  // The last day across a leap February and a year's end.
  EXPECT_NE(OutsideDataNote("2024-02-01 .. 2024-03-01", "c", "2021-01-01", "2023-12-31", false)
                .find("(2024-02-01 to 2024-02-29)"),
            std::string::npos);
  // Periods that meet the data (even by one day at either end) get no note.
  EXPECT_EQ(OutsideDataNote("2025-12-22 .. 2026-01-01", "c", "2021-01-01", "2025-12-22", false),
            "");
  EXPECT_EQ(OutsideDataNote("2020-12-01 .. 2021-01-02", "c", "2021-01-01", "2025-12-22", false),
            "");
  EXPECT_EQ(
      OutsideDataNote("2020-12-01 .. 2021-01-01", "c", "2021-01-01", "2025-12-22", false).empty(),
      false);
  // Not a date range: nothing is claimed.
  EXPECT_EQ(OutsideDataNote("2012", "c", "2021-01-01", "2025-12-22", false), "");
  EXPECT_EQ(OutsideDataNote("2012-01-01 .. 2013-01-01", "c", "", "2025-12-22", false), "");
}

TEST(AnswerWriterTest, NothingFoundIsNoRowsOrOneZeroOrNull) {
  db::ResultSet r;
  r.columns = {{"n", "INTEGER"}};
  EXPECT_TRUE(FoundNothing(r));
  r.rows.push_back({db::Value::Int(0)});
  EXPECT_TRUE(FoundNothing(r));
  r.rows[0][0] = db::Value::Null();
  EXPECT_TRUE(FoundNothing(r));
  r.rows[0][0] = db::Value::Double(2328.6);
  EXPECT_FALSE(FoundNothing(r));
  r.rows.push_back({db::Value::Int(0)});
  EXPECT_FALSE(FoundNothing(r));  // two rows: something was found
  // A period comparison over no rows: growth, both periods and the change are all NULL.
  db::ResultSet comparison;
  comparison.columns = {{"growth (%)", "REAL"},
                        {"revenue (2012)", "REAL"},
                        {"revenue (2011)", "REAL"},
                        {"change", "REAL"}};
  comparison.rows.push_back(
      {db::Value::Null(), db::Value::Null(), db::Value::Null(), db::Value::Null()});
  EXPECT_TRUE(FoundNothing(comparison));
  comparison.rows[0][2] = db::Value::Double(100);  // the earlier period has data
  EXPECT_FALSE(FoundNothing(comparison));
}
TEST(AnswerWriterTest, AnAbstentionSaysWhatToDo) {
  const std::string en =
      WriteAbstention("q", "I could not apply 'by' to anything in the question.", false);
  EXPECT_EQ(en.rfind("I could not apply 'by' to anything in the question.\nTo get an answer", 0),
            0u)
      << en;
  EXPECT_NE(en.find("[llm] in askdb.toml"), std::string::npos);
  const std::string zh = WriteAbstention("q", "无法确定“各”作用于什么。", true);
  EXPECT_EQ(zh.rfind("无法确定“各”作用于什么。\n要得到答案", 0), 0u) << zh;
  EXPECT_NE(zh.find("[llm]"), std::string::npos);
  // A reason without a full stop gets one; an empty reason still says something.
  EXPECT_EQ(WriteAbstention("q", "words I could not place: supports", false)
                .rfind("words I could not place: supports.\n", 0),
            0u);
  EXPECT_FALSE(WriteAbstention("q", "", false).starts_with("\n"));
}

// A question with a page of pasted context gets what it looks like and what to send, not the
// engine's list of the dozens of words it could not read; a question up to the bar keeps them.
TEST(AnswerWriterTest, AnAbstentionOnALongPasteSaysToSendTheQuestionAlone) {
  std::string pasted;
  while (pasted.size() < 3 * kLongQuestionChars) pasted += "我们是一家零售企业，在全国有很多门店。";
  const std::string zh = WriteAbstention(pasted + "各大区的订单金额", "未能理解的词：“零售”", true);
  EXPECT_EQ(zh.find("未能理解的词"), std::string::npos) << zh;
  EXPECT_NE(zh.find("个字，像是一个问题加上粘贴的背景资料"), std::string::npos) << zh;
  EXPECT_NE(zh.find("请只发问题本身"), std::string::npos) << zh;
  const AnswerFace server{AnswerFace::kServer, "sales"};
  const std::string en =
      WriteAbstention(std::string(kLongQuestionChars + 1, 'a'), "words I could not place: aaa",
                      false, false, server, {"", true});
  EXPECT_EQ(
      en.rfind("This text is 251 characters long: it reads as a question with pasted context", 0),
      0u)
      << en;
  EXPECT_NE(en.find("Admin → Models"), std::string::npos) << en;
  const std::string at_bar =
      WriteAbstention(std::string(kLongQuestionChars, 'a'), "words I could not place: aaa", false);
  EXPECT_EQ(at_bar.rfind("words I could not place: aaa.", 0), 0u) << at_bar;
}

// One long question with no paste signal keeps the engine's reason (the CLI header shows it
// too) with a note; the send-it-alone message is for pasted text or the engine's refusal.
TEST(AnswerWriterTest, ALongSingleQuestionKeepsTheEnginesReason) {
  std::string question = "show me the total revenue";
  while (question.size() < kLongQuestionChars + 30) question += " of every store and region";
  question += "?";
  const std::string en = WriteAbstention(question, "words I could not place: store", false);
  EXPECT_EQ(en.rfind("words I could not place: store.", 0), 0u) << en;
  EXPECT_EQ(en.find("pasted context"), std::string::npos) << en;
  EXPECT_NE(en.find("characters long: without a model askdb reads short questions"),
            std::string::npos)
      << en;
  const std::string pasted = WriteAbstention("We sell shoes. We have stores.\n" + question,
                                             "words I could not place: shoes", false);
  EXPECT_NE(pasted.find("reads as a question with pasted context"), std::string::npos);
  const std::string refused = WriteAbstention(
      "revenue by country", "the question is too long (1200 bytes)", false, false, {}, {"", true});
  EXPECT_NE(refused.find("reads as a question with pasted context"), std::string::npos);
  EXPECT_EQ(refused.find("1200 bytes"), std::string::npos) << refused;
}

// python.executor is a server setting: a web, HTTP or MCP user is told whom to ask to change
// it, in the question's language; the CLI user, who owns askdb.toml, to change it.
TEST(AnswerWriterTest, ThePythonOffNoteFitsTheFaceItIsReadOn) {
  const AnswerFace server{AnswerFace::kServer, "sales"};
  const AnswerFace mcp{AnswerFace::kMcp, "default"};
  EXPECT_EQ(PythonOffNote("forecast", true, AnswerFace{}),
            "（这是 Python 分析（预测）的问题，而 python.executor = off；把 python.executor 设为 "
            "sandbox，之后可以回答。）");
  EXPECT_EQ(PythonOffNote("forecast", false, AnswerFace{}),
            " (This needs a Python analysis (forecast), and python.executor = off; set "
            "python.executor to sandbox to answer it.)");
  EXPECT_NE(PythonOffNote("forecast", true, server).find("请管理员"), std::string::npos);
  EXPECT_NE(PythonOffNote("forecast", false, server).find("ask an admin"), std::string::npos);
  EXPECT_NE(PythonOffNote("forecast", true, mcp).find("请运行 askdb MCP 服务的人"),
            std::string::npos);
  EXPECT_NE(PythonOffNote("forecast", false, mcp).find("ask whoever runs the askdb MCP server"),
            std::string::npos);
  // Each face's note is in the question's language only, the template named in it too.
  for (const AnswerFace& face : {AnswerFace{}, server, mcp}) {
    EXPECT_EQ(PythonOffNote("forecast", true, face).find(" the "), std::string::npos);
    EXPECT_EQ(PythonOffNote("forecast", true, face).find("forecast"), std::string::npos);
    EXPECT_EQ(PythonOffNote("forecast", false, face).find("设为"), std::string::npos);
  }
  EXPECT_NE(PythonOffNote("outliers", true, server).find("（异常值）"), std::string::npos);
  EXPECT_NE(PythonOffNote("period_over_period", false, server).find("(period over period)"),
            std::string::npos);
}

TEST(AnswerWriterTest, AnAbstentionsAdviceFitsTheFaceItIsReadOn) {
  const AnswerFace server{AnswerFace::kServer, "sales", "sales-bot"};
  const AnswerFace mcp{AnswerFace::kMcp, "default"};
  const std::string reason = "words I could not place: supports";
  for (const AnswerFace& face : {server, mcp}) {
    for (const bool zh : {false, true}) {
      const std::string text = WriteAbstention("q", reason, zh, false, face);
      // A web, HTTP or MCP user can neither run the CLI nor edit the server's askdb.toml alone.
      EXPECT_EQ(text.find("askdb schema"), std::string::npos) << text;
      EXPECT_NE(text.find(zh ? "请" : "ask "), std::string::npos) << text;  // whom to ask
    }
  }
  const std::string web = WriteAbstention("q", reason, false, false, server);
  // The web user's own way to the tables (an analyst may not open the admin pages), and the
  // route the API user calls for the run's agent.
  EXPECT_NE(web.find("the chat's Tables button or GET /api/v1/agents/sales-bot/schema lists"),
            std::string::npos)
      << web;
  EXPECT_EQ(web.find("/datasources/"), std::string::npos) << web;
  EXPECT_NE(web.find("Admin → Models"), std::string::npos) << web;
  const std::string web_zh = WriteAbstention("q", reason, true, false, server);
  EXPECT_NE(web_zh.find("对话页的「数据表」按钮"), std::string::npos) << web_zh;
  EXPECT_EQ(web_zh.find("管理 → 数据源"), std::string::npos) << web_zh;
  EXPECT_NE(WriteAbstention("q", reason, false, false, AnswerFace{AnswerFace::kServer, "sales"})
                .find("GET /api/v1/agents/default/schema"),
            std::string::npos);
  EXPECT_EQ(FitToFace("请写出列名（`askdb schema` 可列出）", server, true),
            "请写出列名（对话页的「数据表」按钮可列出）");
  EXPECT_NE(WriteAbstention("q", reason, false, false, mcp).find("describe_schema tool"),
            std::string::npos);
  // The engine's own pointer to the CLI, in a reason that says what to do, is the face's.
  EXPECT_EQ(WriteAbstention("q", "name a column (`askdb schema` lists them).", false, true, mcp),
            "name a column (the describe_schema tool lists them).");
  EXPECT_EQ(FitToFace("请写出列名（`askdb schema` 可列出）", mcp, true),
            "请写出列名（describe_schema 工具可列出）");
  // The CLI keeps its words.
  EXPECT_EQ(FitToFace("(`askdb schema` lists them)", AnswerFace{}, false),
            "(`askdb schema` lists them)");
  EXPECT_NE(OtherLanguageAnswer("Wie viele Kunden gibt es in Berlin?", false, server)
                .find("ask an admin"),
            std::string::npos);
}

TEST(AnswerWriterTest, AReasonThatSaysWhatToDoStandsAlone) {
  // "Which period?" is answered by naming the period, not by column names or a model.
  const std::string reason = "'last quarter' counts back from a date. Name the period you mean.";
  EXPECT_EQ(WriteAbstention("revenue last quarter", reason, false, true), reason);
  EXPECT_EQ(WriteAbstention("上季度销售额", "请写明要看的时间段。", true, true),
            "请写明要看的时间段。");
}

TEST(AnswerWriterTest, ATieAtTheCutOffIsSaid) {
  EXPECT_EQ(WriteTieNote("4", 1, false),
            "Note: another row has the same value (4) as this one: they are tied, and only one "
            "is shown.");
  EXPECT_NE(WriteTieNote("3", 3, false).find("row after row 3 has the same value (3)"),
            std::string::npos);
  EXPECT_NE(WriteTieNote("3", 3, true).find("第3行之后的下一行与第3行的值相同（3）"),
            std::string::npos);
  EXPECT_NE(WriteTieNote("4", 1, true).find("并列第一"), std::string::npos);
}

TEST(AnswerWriterTest, ARequestToChangeTheDataIsToldAskdbOnlyReads) {
  for (const char* q : {"drop table orders", "  DELETE all cancelled orders", "truncate orders"}) {
    EXPECT_EQ(WriteAbstention(q, "I know the table but not which of its columns to show.", false),
              "askdb only reads your data: it never deletes, changes or adds tables or rows. Ask "
              "a question about the data instead.")
        << q;
  }
  EXPECT_EQ(WriteAbstention("删除订单表", "无法确定“除”作用于什么。", true),
            "askdb 只读取数据，不会删除、修改或新增任何表和行；请换成一个关于数据的问题。");
  EXPECT_NE(WriteAbstention("请帮我清空退货表", "x", true).find("只读取数据"), std::string::npos);
  // Questions about such rows are questions: the engine's reason stays.
  for (const char* q : {"how many deleted orders", "删除的订单有多少", "updates per month"}) {
    EXPECT_EQ(WriteAbstention(q, "reason", false).rfind("reason", 0), 0u) << q;
  }
}

TEST(AnswerWriterTest, AQuestionInAThirdLanguageIsToldWhichLanguagesAreRead) {
  const std::string reason = "confidence 0.02 is below the threshold; words I could not place: Wie";
  EXPECT_EQ(WriteAbstention("Wie hoch ist der Umsatz pro Region?", reason, false),
            "askdb reads questions in Chinese and English, and this one looks like a language "
            "other than Chinese or English. Ask it in Chinese or English, or configure a model "
            "([llm] in askdb.toml).");
  EXPECT_EQ(
      WriteAbstention("地域別の売上を教えてください", "没有在数据库中找到问题所问的内容。", true),
      "askdb 只读懂中文和英文的问题，这个问题看起来是日语。请用中文或英文提问，或配置模型"
      "（askdb.toml 的 [llm]）。");
  EXPECT_NE(WriteAbstention("¿Cuántos pedidos por país?", reason, false).find("other than"),
            std::string::npos);
  EXPECT_NE(WriteAbstention("지역별 매출", reason, false).find("Korean"), std::string::npos);
  // English and Chinese questions keep the engine's reason, even with a foreign name in them.
  for (const char* q : {"sales of Del Monte by region", "各地区的销售额", "revenue by country"}) {
    EXPECT_EQ(WriteAbstention(q, reason, false).find("reads questions"), std::string::npos) << q;
  }
}

}  // namespace
}  // namespace askdb::agent
