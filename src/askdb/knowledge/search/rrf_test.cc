#include "askdb/knowledge/search/rrf.h"

#include <gtest/gtest.h>

namespace askdb::knowledge {
namespace {

TEST(FuseRankingsTest, SumsReciprocalRanksOverBothChannels) {
  // keyword: 7, 3, 9   vector: 3, 5
  const std::vector<ScoredSlot> keyword = {{7, 9.0}, {3, 5.0}, {9, 1.0}};
  const std::vector<ScoredSlot> vector = {{3, 0.9}, {5, 0.8}};
  const std::vector<FusedSlot> fused = FuseRankings(keyword, vector, 60, 10);
  ASSERT_EQ(fused.size(), 4u);
  // 3: 1/62 + 1/61 beats 7: 1/61 alone.
  EXPECT_EQ(fused[0].slot, 3u);
  EXPECT_NEAR(fused[0].fused, 1.0 / 62 + 1.0 / 61, 1e-12);
  EXPECT_EQ(fused[0].keyword_rank, 2u);
  EXPECT_EQ(fused[0].keyword_score, 5.0);
  EXPECT_EQ(fused[0].vector_rank, 1u);
  EXPECT_EQ(fused[0].vector_score, 0.9);
  EXPECT_EQ(fused[1].slot, 7u);
  EXPECT_NEAR(fused[1].fused, 1.0 / 61, 1e-12);
  EXPECT_EQ(fused[1].vector_rank, 0u);
  // 5 (vector rank 2) and 9 (keyword rank 3): 1/62 > 1/63.
  EXPECT_EQ(fused[2].slot, 5u);
  EXPECT_NEAR(fused[2].fused, 1.0 / 62, 1e-12);
  EXPECT_EQ(fused[2].keyword_rank, 0u);
  EXPECT_EQ(fused[3].slot, 9u);
  EXPECT_NEAR(fused[3].fused, 1.0 / 63, 1e-12);
}

TEST(FuseRankingsTest, ChannelWeightsScaleTheirReciprocalRanks) {
  // keyword: 1, 2   vector: 2, 1. Equal weights: 1 and 2 tie; a lighter vector channel puts
  // the keyword's first choice ahead by its weighted sum.
  const std::vector<ScoredSlot> keyword = {{1, 4.0}, {2, 3.0}};
  const std::vector<ScoredSlot> vector = {{2, 0.9}, {1, 0.8}};
  const std::vector<FusedSlot> fused = FuseRankings(keyword, vector, 60, 2, 1.0, 0.5);
  ASSERT_EQ(fused.size(), 2u);
  EXPECT_EQ(fused[0].slot, 1u);
  EXPECT_NEAR(fused[0].fused, 1.0 / 61 + 0.5 / 62, 1e-12);
  EXPECT_NEAR(fused[1].fused, 1.0 / 62 + 0.5 / 61, 1e-12);
}

TEST(FuseRankingsTest, EqualFusedScoresPreferTheBetterKeywordRankAndTopKCuts) {
  // 1 is keyword rank 1, 2 is vector rank 1: equal fused scores, keyword first.
  const std::vector<FusedSlot> fused = FuseRankings({{1, 3.0}}, {{2, 0.5}}, 60, 1);
  ASSERT_EQ(fused.size(), 1u);
  EXPECT_EQ(fused[0].slot, 1u);
}

TEST(FuseRankingsTest, SmallerKWeighsTopRanksMore) {
  // One channel's first place against another item's second and third places.
  const std::vector<ScoredSlot> keyword = {{1, 2.0}, {2, 1.0}};
  const std::vector<ScoredSlot> vector = {{3, 0.9}, {4, 0.85}, {2, 0.8}};
  EXPECT_EQ(FuseRankings(keyword, vector, 0, 3)[0].slot, 1u);   // 1/1 > 1/2 + 1/3
  EXPECT_EQ(FuseRankings(keyword, vector, 60, 3)[0].slot, 2u);  // 1/62 + 1/63 > 1/61
}

TEST(FuseRankingsTest, EmptyRankingsGiveNothing) {
  EXPECT_TRUE(FuseRankings({}, {}, 60, 5).empty());
}

}  // namespace
}  // namespace askdb::knowledge
