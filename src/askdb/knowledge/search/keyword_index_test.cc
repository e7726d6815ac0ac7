#include "askdb/knowledge/search/keyword_index.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace askdb::knowledge {
namespace {

const auto kAll = [](uint32_t) { return true; };

class KeywordIndexTest : public ::testing::Test {
 protected:
  void Add(uint32_t slot, std::string_view text) { index_.Add(slot, KeywordIndex::Terms(text)); }
  std::vector<ScoredSlot> Search(std::string_view q, size_t k = 10) {
    return index_.Search(KeywordIndex::Terms(q), k, 0, kAll);
  }
  KeywordIndex index_{1.2, 0.75};
};

TEST_F(KeywordIndexTest, ChineseTextIsSegmentedAndTheMatchingDocumentRanksFirst) {
  Add(0, "高价值客户：近一年消费超过一万元的客户");
  Add(1, "华东区包括上海、江苏、浙江、安徽的门店");
  Add(2, "财年从每年四月开始，到次年三月结束");
  std::vector<ScoredSlot> hits = Search("华东区有哪些门店");
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].slot, 1u);
  hits = Search("高价值客户有多少");
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].slot, 0u);
  // 财年 is a word of document 2 only; 四月 appears there too.
  hits = Search("我们的财年几月开始");
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].slot, 2u);
}

TEST_F(KeywordIndexTest, EnglishPluralsMeetAndRareTermsWeighMore) {
  Add(0, "GMV is the sum of order amounts including cancelled orders");
  Add(1, "An order is active when its status is open");
  Add(2, "Customers churn when they place no order for 90 days");
  // "orders" folds to "order" (in every document: low idf); "churn" is rare.
  std::vector<ScoredSlot> hits = Search("which customers churn after orders stop");
  ASSERT_EQ(hits.size(), 3u);
  EXPECT_EQ(hits[0].slot, 2u);
  EXPECT_GT(hits[0].score, hits[1].score);
  hits = Search("GMV");
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].slot, 0u);
}

TEST_F(KeywordIndexTest, ScoreIsBm25WithTheUsualFormula) {
  // Terms given directly: the arithmetic, apart from how a text becomes terms.
  index_.Add(0, {"alpha", "beta"});
  index_.Add(1, {"alpha", "gamma", "gamma", "delta"});
  std::vector<ScoredSlot> hits = index_.Search({"gamma"}, 10, 0, kAll);
  ASSERT_EQ(hits.size(), 1u);
  // n = 2, df = 1, tf = 2, |d| = 4, avgdl = 3.
  const double idf = std::log(1 + (2 - 1 + 0.5) / (1 + 0.5));
  const double norm = 1.2 * (1 - 0.75 + 0.75 * 4 / 3.0);
  EXPECT_NEAR(hits[0].score, idf * 2 * 2.2 / (2 + norm), 1e-9);
}

TEST_F(KeywordIndexTest, NeighbouringEnglishWordsAreAlsoOnePairTerm) {
  const std::vector<std::string> terms = KeywordIndex::Terms("A11 refers to average salary");
  EXPECT_NE(std::find(terms.begin(), terms.end(), "average salary"), terms.end());
  EXPECT_NE(std::find(terms.begin(), terms.end(), "salary"), terms.end());
  // The phrase outranks a text holding the same words apart (equal lengths).
  Add(0, "salary of the branch and average age of its clients");
  Add(1, "average salary of the branch and age of its clients");
  const std::vector<ScoredSlot> hits = Search("highest average salary");
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_EQ(hits[0].slot, 1u);
  EXPECT_GT(hits[0].score, hits[1].score);
}

TEST_F(KeywordIndexTest, RemovedDocumentsAreSkippedAndLeaveTheStatistics) {
  Add(0, "refund policy for damaged goods");
  Add(1, "refund within thirty days");
  index_.Remove(0);
  EXPECT_EQ(index_.documents(), 1u);
  std::vector<ScoredSlot> hits = Search("refund damaged");
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].slot, 1u);
  index_.Remove(0);  // twice is harmless
  EXPECT_EQ(index_.documents(), 1u);
}

TEST_F(KeywordIndexTest, FilterAppliesBeforeTheCutToK) {
  // The three best documents are refused: the filter must still yield k hits.
  for (uint32_t i = 0; i < 3; ++i) Add(i, "inventory inventory inventory turnover");
  for (uint32_t i = 3; i < 6; ++i) Add(i, "inventory turnover ratio of the warehouse stock");
  std::vector<ScoredSlot> hits = index_.Search(KeywordIndex::Terms("inventory turnover"), 2, 0,
                                               [](uint32_t slot) { return slot >= 3; });
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_GE(hits[0].slot, 3u);
  EXPECT_GE(hits[1].slot, 3u);
}

TEST_F(KeywordIndexTest, MinimumScoreDropsWeakMatches) {
  Add(0, "store opening hours");
  Add(1, "store store store revenue");
  const std::vector<ScoredSlot> all = Search("store revenue");
  ASSERT_EQ(all.size(), 2u);
  const std::vector<ScoredSlot> strong =
      index_.Search(KeywordIndex::Terms("store revenue"), 10, all[1].score, kAll);
  ASSERT_EQ(strong.size(), 1u);
  EXPECT_EQ(strong[0].slot, 1u);
}

TEST(KeywordIndexCoverageTest, QueryTermCoverageIsTheShareOfTheQuestionsTermsHeld) {
  const std::string passage =
      "Backups of the sales database run every night and are kept for 35 days.";
  EXPECT_DOUBLE_EQ(KeywordIndex::QueryTermCoverage("are backups kept every night", passage), 1.0);
  const double some = KeywordIndex::QueryTermCoverage("are invoices kept every night", passage);
  EXPECT_GT(some, 0.0);
  EXPECT_LT(some, 1.0);
  EXPECT_DOUBLE_EQ(KeywordIndex::QueryTermCoverage("parking policy", passage), 0.0);
  EXPECT_DOUBLE_EQ(KeywordIndex::QueryTermCoverage("", passage), 0.0);
  EXPECT_GT(KeywordIndex::QueryTermCoverage("财年从几月开始", "公司的财年从每年4月1日开始"), 0.5);
}

// A question word is not a term the passage must hold: asked with 是什么 or 怎么, a question
// covers the passage that answers it as fully as its bare topic does.
TEST(KeywordIndexCoverageTest, ChineseQuestionWordsDoNotLowerTheCoverage) {
  const std::string passage = "退货政策：商品签收后30天内可无理由退货，运费由买家承担。";
  const double topic = KeywordIndex::QueryTermCoverage("退货政策", passage);
  EXPECT_DOUBLE_EQ(topic, 1.0);
  EXPECT_DOUBLE_EQ(KeywordIndex::QueryTermCoverage("退货政策是什么", passage), topic);
  EXPECT_DOUBLE_EQ(KeywordIndex::QueryTermCoverage("退货政策是怎么规定的", passage),
                   KeywordIndex::QueryTermCoverage("退货政策规定的", passage));
}

TEST_F(KeywordIndexTest, QueryWithoutKnownTermsFindsNothing) {
  Add(0, "monthly active users");
  EXPECT_TRUE(Search("的 是 the").empty());
  EXPECT_TRUE(Search("zebra").empty());
}

}  // namespace
}  // namespace askdb::knowledge
