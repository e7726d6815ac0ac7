#include "askdb/nlq/growth_cue.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "askdb/nlq/test_fixture.h"

namespace askdb::nlq {
namespace {

// 2025 against 2024: east +50 (+50%), west +20 (+10%), south -10 (-20%); north sold nothing
// in 2024, so it has no growth. The latest date, 2025-12-28, closes 2025.
constexpr const char* kSalesSql = R"sql(
CREATE TABLE regions(region_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE sales(sale_id INTEGER PRIMARY KEY, region_id INTEGER REFERENCES regions(region_id),
                   sold_on TEXT, amount REAL);
INSERT INTO regions VALUES (1,'east'),(2,'west'),(3,'south'),(4,'north');
INSERT INTO sales VALUES (1,1,'2024-03-01',100),(2,1,'2025-03-01',150),(3,2,'2024-04-01',200),
  (4,2,'2025-04-01',220),(5,3,'2024-05-01',50),(6,3,'2025-05-01',40),(7,4,'2025-12-28',80);
)sql";

// The same figures under Chinese names.
constexpr const char* kChineseSalesSql = R"sql(
CREATE TABLE 销售(编号 INTEGER PRIMARY KEY, 地区 TEXT, 日期 TEXT, 销售额 REAL);
INSERT INTO 销售 VALUES (1,'东','2024-03-01',100),(2,'东','2025-03-01',150),
  (3,'西','2024-04-01',200),(4,'西','2025-04-01',220),(5,'南','2024-05-01',50),
  (6,'南','2025-05-01',40),(7,'北','2025-12-28',80);
)sql";
class GrowthCueTest : public testing::DbTest {
 protected:
  void SetUp() override { Open(testing::kShopSql); }

  bool Said(const Translation& t, std::string_view words) const {
    for (const Mapping& m : t.explanation) {
      if (m.target.find(words) != std::string::npos) return true;
    }
    return false;
  }
};

TEST_F(GrowthCueTest, ChineseSuperlativeRanksTheGroupsAndKeepsTheTopOne) {
  std::optional<ComparisonCue> cue = FindGrowthCue("哪个地区2025年销售额增长最快？", *index_);
  ASSERT_TRUE(cue);
  EXPECT_EQ(cue->question, "各地区2025年销售额");
  EXPECT_EQ(cue->rank, 1);
  EXPECT_EQ(cue->top, 1);
  EXPECT_FALSE(cue->rank_by_change);
  EXPECT_FALSE(cue->side_by_side);
  cue = FindGrowthCue("2025年各地区销售额下降最多", *index_);
  ASSERT_TRUE(cue);
  EXPECT_EQ(cue->rank, -1);
  EXPECT_EQ(cue->top, 0);
  cue = FindGrowthCue("2025年销售额比去年增加了多少", *index_);
  ASSERT_TRUE(cue);
  EXPECT_TRUE(cue->year_over_year);
  EXPECT_TRUE(cue->rank_by_change);
  EXPECT_EQ(cue->question, "2025年销售额");
  cue = FindGrowthCue("各地区2025年比2024年增加了多少", *index_);
  ASSERT_TRUE(cue);
  EXPECT_EQ(cue->question, "各地区2025年");
  EXPECT_EQ(cue->shift_months, 12);
}

TEST_F(GrowthCueTest, EnglishGrowthWordsAndWhich) {
  std::optional<ComparisonCue> cue =
      FindGrowthCue("which region had the biggest sales growth in 2025", *index_);
  ASSERT_TRUE(cue);
  EXPECT_EQ(cue->question, "sales in 2025 by region");
  EXPECT_EQ(cue->top, 1);
  EXPECT_EQ(cue->rank, 1);
  cue = FindGrowthCue("total amount by region in 2025, by how much did it decline", *index_);
  ASSERT_TRUE(cue);
  EXPECT_TRUE(cue->rank_by_change);
  EXPECT_FALSE(FindGrowthCue("total amount by region in 2025", *index_));
  EXPECT_FALSE(FindGrowthCue("which region had the biggest sales in 2025", *index_));
  // "the biggest change" says no direction to rank by: the plain reading (which abstains).
  EXPECT_FALSE(FindGrowthCue("which region had the biggest change in sales in 2025", *index_));
}

TEST_F(GrowthCueTest, TwoNamedPeriodsWithoutGrowthAreSideBySideNeverRanked) {
  std::optional<ComparisonCue> cue = FindGrowthCue("total amount by region 2024 vs 2025", *index_);
  ASSERT_TRUE(cue);
  EXPECT_EQ(cue->question, "total amount by region in 2025");
  EXPECT_EQ(cue->shift_months, 12);
  EXPECT_TRUE(cue->side_by_side);
  EXPECT_EQ(cue->rank, 0);
  EXPECT_EQ(cue->top, 0);
  cue = FindGrowthCue("2025年与2024年各地区销售额对比", *index_);
  ASSERT_TRUE(cue);
  EXPECT_EQ(cue->question, "2025年各地区销售额");
  EXPECT_TRUE(cue->side_by_side);
  EXPECT_EQ(cue->rank, 0);
  // Two years named with 和 and no 对比/相比 is no comparison; nor one group asked of two.
  EXPECT_FALSE(FindGrowthCue("2025年和2024年各地区销售额", *index_));
  EXPECT_FALSE(FindGrowthCue("哪个地区2025年与2024年销售额对比最大", *index_));
  EXPECT_FALSE(FindGrowthCue("which region had the most sales in 2024 vs 2025", *index_));
  EXPECT_FALSE(FindGrowthCue("sales in 2023 and 2024 by region", *index_));
}

TEST_F(GrowthCueTest, TheTopGrowthIsRankedByRateAndSaysWhatItCompared) {
  Open(kSalesSql);
  const std::string q = "which region had the fastest total amount growth in 2025";
  const Translation t = Ask(q);
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  // east +50% heads; north (nothing in 2024) has no growth and is never the fastest.
  EXPECT_EQ(Rows(q), (std::vector<std::string>{"east|50|150|100|50"})) << t.sql;
  EXPECT_TRUE(Said(t, "2025 vs 2024, growth = (2025 − 2024) / 2024")) << t.sql;
  EXPECT_TRUE(Said(t, "top 1 kept"));
  // A fall ranks the other way round.
  EXPECT_EQ(Rows("which region had the biggest total amount decline in 2025"),
            (std::vector<std::string>{"south|-20|40|50|-10"}));
}

TEST_F(GrowthCueTest, AnAmountOfGrowthRanksByTheChange) {
  Open(kChineseSalesSql);
  const std::vector<std::string> rows = Rows("各地区2025年比2024年销售额增加了多少");
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0], "东|50|150|100|50");
  EXPECT_EQ(rows[1], "西|20|220|200|10");      // the change first, then both years and the rate
  EXPECT_EQ(rows[3], "北|NULL|80|NULL|NULL");  // no 2024 value: no growth, no change, last
  // Of one total, the change alone answers (490 − 350); the explanation names both years.
  const Translation t = Ask("2025年和2024年相比销售额增长了多少");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_EQ(t.measure_columns, (std::vector<std::string>{"增长额"}));
  EXPECT_EQ(testing::ResultRows(*conn_, t.sql), (std::vector<std::string>{"140"}));
  EXPECT_TRUE(Said(t, "2025年 对比 2024年，增长额 = 2025年 − 2024年"));
}

TEST_F(GrowthCueTest, ASuperlativeWithoutAPeriodComparesTheLatestFullYearAndSaysSo) {
  Open(kChineseSalesSql);
  const Translation t = Ask("哪个地区销售额增长最快");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_TRUE(Said(t, "最近的完整年份 2025年 对比 2024年")) << t.sql;
  EXPECT_EQ(Rows("哪个地区销售额增长最快"), (std::vector<std::string>{"东|50|150|100|50"}));
}

TEST_F(GrowthCueTest, SideBySideShowsBothPeriodsFirstNeverRanked) {
  Open(kChineseSalesSql);
  const Translation t = Ask("2025年与2024年各地区销售额对比");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_EQ(t.measure_columns, (std::vector<std::string>{"销售额（2025年）", "销售额（2024年）",
                                                         "增长额", "增长率(%)"}));
  // Ordered by the later value, not by growth (east grew most).
  EXPECT_EQ(Rows("2025年与2024年各地区销售额对比"),
            (std::vector<std::string>{"西|220|200|20|10", "东|150|100|50|50",
                                      "北|80|NULL|NULL|NULL", "南|40|50|-10|-20"}));
  // When the plain reading answers two named periods (by year and region), it stands.
  Open(kSalesSql);
  EXPECT_EQ(Ask("total amount by region 2025 vs 2024").sql.find("WITH"), std::string::npos);
}

TEST_F(GrowthCueTest, MissingMeasureOrPeriodIsSaid) {
  Open(kSalesSql);
  Translation t = Ask("which region grew fastest");
  EXPECT_FALSE(t.answered);
  EXPECT_NE(t.abstain_reason.find("name what grew or fell"), std::string::npos) << t.abstain_reason;
  Open("CREATE TABLE stock(item TEXT, qty INTEGER); INSERT INTO stock VALUES ('a', 1);");
  t = Ask("which item had the fastest total qty growth");
  EXPECT_FALSE(t.answered);
  EXPECT_NE(t.abstain_reason.find("names no period"), std::string::npos) << t.abstain_reason;
}

TEST_F(GrowthCueTest, TitlesAndPhrasalVerbsAreNoGrowth) {
  EXPECT_FALSE(FindGrowthCue("which channel shows The Rise of the Blue Beetle", *index_));
  EXPECT_FALSE(FindGrowthCue("which store dropped off the most orders", *index_));
}

}  // namespace
}  // namespace askdb::nlq
