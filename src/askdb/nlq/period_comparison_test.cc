#include "askdb/nlq/period_comparison.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "askdb/nlq/test_fixture.h"

namespace askdb::nlq {
namespace {

class PeriodComparisonTest : public testing::DbTest {
 protected:
  void SetUp() override { Open(testing::kShopSql); }
};

TEST_F(PeriodComparisonTest, CueWordsAreTakenWithTheirGrowthWords) {
  std::optional<ComparisonCue> cue = FindComparisonCue("2025年销售额的同比增长率是多少？", *index_);
  ASSERT_TRUE(cue);
  EXPECT_TRUE(cue->year_over_year);
  EXPECT_EQ(cue->phrase, "的同比增长率是多少");
  EXPECT_EQ(cue->question, "2025年销售额？");
  cue = FindComparisonCue("2025年12月各地区销售额环比", *index_);
  ASSERT_TRUE(cue);
  EXPECT_FALSE(cue->year_over_year);
  EXPECT_EQ(cue->question, "2025年12月各地区销售额");
  cue = FindComparisonCue("YoY growth of total amount in 2025?", *index_);
  ASSERT_TRUE(cue);
  EXPECT_EQ(cue->question, "total amount in 2025?");
  cue = FindComparisonCue("total amount in Q2 2025 quarter over quarter", *index_);
  ASSERT_TRUE(cue);
  EXPECT_FALSE(cue->year_over_year);
  EXPECT_EQ(cue->question, "total amount in Q2 2025");
  EXPECT_FALSE(FindComparisonCue("total amount by region in 2025", *index_));
  // 同比/环比 across two words: 不同 + 比例, 循环 + 比赛.
  EXPECT_FALSE(FindComparisonCue("不同比例的地区有几个", *index_));
  EXPECT_FALSE(FindComparisonCue("循环比赛有多少场", *index_));
  cue = FindComparisonCue("不同比例的地区2025年销售额同比", *index_);
  ASSERT_TRUE(cue);
  EXPECT_EQ(cue->question, "不同比例的地区2025年销售额");
}

TEST_F(PeriodComparisonTest, ASchemaThatNamesTheWordIsAskedAboutNotCompared) {
  Open("CREATE TABLE gdp(city TEXT, 同比增长 REAL); INSERT INTO gdp VALUES ('A', 5.1);");
  EXPECT_FALSE(FindComparisonCue("哪些城市的同比增长超过5", *index_));
}

TEST_F(PeriodComparisonTest, AYearIsComparedWithTheYearBefore) {
  const Translation t = Ask("total amount in 2025 year over year");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  // 2025: 70 + 30; 2024: 100 + 50.
  EXPECT_EQ(testing::ResultRows(*conn_, t.sql),
            (std::vector<std::string>{"-33.3333333333|100|150|-50"}))
      << t.sql;
  EXPECT_EQ(t.measure_columns,
            (std::vector<std::string>{"growth (%)", "amount (2025)", "amount (2024)", "change"}));
  EXPECT_NE(std::find(t.non_additive_columns.begin(), t.non_additive_columns.end(), "growth (%)"),
            t.non_additive_columns.end());
  EXPECT_TRUE(t.tie_check_sql.empty());
}

// PostgreSQL keeps 63 bytes of a name: a long measure's two periods were cut to one name there.
// The measure's name is cut instead, so each column keeps its period and fits.
TEST_F(PeriodComparisonTest, ALongMeasuresPeriodsKeepNamesThatFit) {
  Open(R"sql(CREATE TABLE 订单(订单号 INTEGER PRIMARY KEY, 下单日期 TEXT,
                              含增值税和运费的订单总金额按开票日期计算 REAL);
             INSERT INTO 订单 VALUES (1,'2024-03-01',100),(2,'2025-03-01',150);)sql");
  const Translation t = Ask("2025年含增值税和运费的订单总金额按开票日期计算同比");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  ASSERT_EQ(t.measure_columns.size(), 4u);
  for (const std::string& name : t.measure_columns) EXPECT_LE(name.size(), kMaxAliasBytes) << name;
  EXPECT_EQ(t.measure_columns[1], "含增值税和运费的订单总金额按开票（2025年）");
  EXPECT_EQ(t.measure_columns[2], "含增值税和运费的订单总金额按开票（2024年）");
  EXPECT_EQ(testing::ResultRows(*conn_, t.sql), (std::vector<std::string>{"50|150|100|50"}));
}

TEST_F(PeriodComparisonTest, GroupsAreJoinedOnTheirLabels) {
  const Translation t = Ask("total amount by channel in 2024 year over year");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  // 2024: online 100, store 50; 2023: online 10.
  EXPECT_EQ(testing::ResultRows(*conn_, t.sql),
            (std::vector<std::string>{"online|900|100|10|90", "store|NULL|50|NULL|NULL"}))
      << t.sql;
  EXPECT_EQ(t.label_columns, (std::vector<std::string>{"channel"}));
}

// "why did sales drop": the groups in order of their change, the largest fall first, or the
// largest rise first (by value, the order would be north, south, east: neither).
TEST_F(PeriodComparisonTest, GroupsMayBeOrderedByTheirChange) {
  Open(R"sql(CREATE TABLE orders(order_id INTEGER PRIMARY KEY, order_date TEXT, amount REAL,
                                 region TEXT);
             INSERT INTO orders VALUES (1,'2023-03-01',100,'north'),(2,'2024-03-01',100,'north'),
               (3,'2023-03-01',50,'east'),(4,'2024-03-01',10,'east'),
               (5,'2023-03-01',60,'south'),(6,'2024-03-01',95,'south');)sql");
  options_.comparison_order_by_change = -1;
  const std::string q = "total amount by region in 2024 year over year";
  ASSERT_TRUE(Ask(q).answered) << Ask(q).abstain_reason;
  std::vector<std::string> regions;
  for (const std::string& row : Rows(q)) regions.push_back(row.substr(0, row.find('|')));
  EXPECT_EQ(regions, (std::vector<std::string>{"east", "north", "south"}));  // -40, 0, +35
  options_.comparison_order_by_change = 1;
  regions.clear();
  for (const std::string& row : Rows(q)) regions.push_back(row.substr(0, row.find('|')));
  EXPECT_EQ(regions, (std::vector<std::string>{"south", "north", "east"}));
}

TEST_F(PeriodComparisonTest, APeriodOverPeriodComparesThePeriodJustBefore) {
  const Translation t = Ask("total amount in Q1 2025 quarter over quarter");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  // Q1 2025: 70; Q4 2024: nothing.
  EXPECT_EQ(testing::ResultRows(*conn_, t.sql), (std::vector<std::string>{"NULL|70|NULL|NULL"}))
      << t.sql;
  EXPECT_EQ(t.measure_columns[2], "amount (Q4 2024)");
}

TEST_F(PeriodComparisonTest, DoubtAbstainsAndSaysWhatToName) {
  Translation t = Ask("total amount year over year");
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("name the period"), std::string::npos) << t.abstain_reason;
  EXPECT_TRUE(t.abstain_reason_says_what_to_do);
  t = Ask("total amount by month in 2025 year over year");
  EXPECT_FALSE(t.answered) << t.sql;
  t = Ask("top 2 regions by total amount in 2025 year over year");
  EXPECT_FALSE(t.answered) << t.sql;
  // A year is not a month: each month against the one before is a series, not 2025 vs 2024.
  t = Ask("total amount in 2025 month over month");
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("compares one month with the one before"), std::string::npos)
      << t.abstain_reason;
  EXPECT_TRUE(Ask("total amount in March 2025 month over month").answered);
  // Two years against the two years a year before would count the middle year in both.
  options_.anchor_date = CivilDate{2025, 12, 31};
  t = Ask("最近24个月amount总和同比");
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_TRUE(Ask("最近6个月amount总和同比").answered);
}

// The later period keeps its row cap; the earlier one holds every group, or a group outside
// its own top rows would show no earlier figure (online: 1 in 2024, below store's 9).
TEST_F(PeriodComparisonTest, TheEarlierPeriodIsNotCutToItsOwnTopRows) {
  Open(
      "CREATE TABLE orders(order_id INTEGER PRIMARY KEY, order_date TEXT, amount REAL,"
      " channel TEXT); INSERT INTO orders(order_date, amount, channel) VALUES"
      " ('2025-03-01', 10, 'online'), ('2025-04-01', 5, 'store'),"
      " ('2024-03-01', 1, 'online'), ('2024-04-01', 9, 'store');");
  options_.default_list_limit = 1;
  const Translation t = Ask("total amount by channel in 2025 year over year");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_EQ(testing::ResultRows(*conn_, t.sql), (std::vector<std::string>{"online|900|10|1|9"}))
      << t.sql;
}

// A column of years is compared with `= year`: the earlier reading of 去年 must move that
// year too, not only the range (it compared 2025 with 2025: a growth of 0%).
TEST_F(PeriodComparisonTest, ARelativeYearMovesTheYearColumnsValueToo) {
  Open(
      "CREATE TABLE sales(id INTEGER PRIMARY KEY, 年份 TEXT, 销售额 REAL);"
      "INSERT INTO sales(年份, 销售额) VALUES ('2024', 13), ('2025', 37);");
  options_.anchor_date = CivilDate{2026, 6, 30};
  const Translation t = Ask("去年销售额同比");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_NE(t.sql.find("= 2024"), std::string::npos) << t.sql;
  const std::vector<std::string> rows = testing::ResultRows(*conn_, t.sql);
  ASSERT_EQ(rows.size(), 1u) << t.sql;
  EXPECT_NE(rows[0].find("|37|13|24"), std::string::npos) << rows[0];
}

}  // namespace
}  // namespace askdb::nlq
