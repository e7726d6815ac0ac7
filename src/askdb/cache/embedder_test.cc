#include "askdb/cache/embedder.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <string>

namespace askdb::cache {
namespace {

double Sim(const LexicalEmbedder& e, std::string_view a, std::string_view b) {
  return CosineSimilarity(e.Embed(a), e.Embed(b));
}

TEST(LexicalEmbedderTest, VectorsHaveTheConfiguredDimensionAndUnitLength) {
  LexicalEmbedder e(LexicalEmbedderOptions{.dimension = 256});
  const Embedding v = e.Embed("2024年各地区的销售额");
  ASSERT_EQ(v.size(), 256u);
  double norm = 0;
  for (float x : v) norm += x * x;
  EXPECT_NEAR(norm, 1.0, 1e-5);
}

TEST(LexicalEmbedderTest, TextWithoutFeaturesIsTheZeroVectorAndSimilarToNothing) {
  LexicalEmbedder e;
  const Embedding v = e.Embed("的 是 the");  // stop words only
  for (float x : v) ASSERT_EQ(x, 0.0F);
  EXPECT_EQ(CosineSimilarity(v, e.Embed("sales by region")), 0.0);
  EXPECT_EQ(CosineSimilarity(v, v), 0.0);
}

// The paraphrase pairs the L2 tests rely on, with their measured similarities.
TEST(LexicalEmbedderTest, ParaphrasesScoreAtLeastTheDefaultThreshold) {
  LexicalEmbedder e;
  // 各 and 各个 are both group words, 是多少 and 的 are stop words: the same features.
  EXPECT_GE(Sim(e, "2024年各地区的销售额", "2024年各个地区的销售额是多少"), 0.95);
  // average/avg are both AVG; "per"/"by" both group; "the"/"what is" are stop words.
  EXPECT_GE(Sim(e, "What is the average order total by region?", "avg order total per region"),
            0.95);
  // Width, case and spacing never matter.
  EXPECT_NEAR(Sim(e, "ＴＯＰ 5 Artists", "top 5 artists"), 1.0, 1e-6);
}

TEST(LexicalEmbedderTest, DifferentQuestionsScoreBelowTheThreshold) {
  LexicalEmbedder e;
  EXPECT_LT(Sim(e, "2024年各地区的销售额", "2024年各地区的订单数"), 0.95);
  EXPECT_LT(Sim(e, "average order total by region", "average order total by channel"), 0.95);
  EXPECT_LT(Sim(e, "sales by region", "customers by country"), 0.5);
}

TEST(CosineSimilarityTest, MismatchedLengthsAreZero) {
  EXPECT_EQ(CosineSimilarity({1.0F, 0.0F}, {1.0F}), 0.0);
  EXPECT_EQ(CosineSimilarity({}, {}), 0.0);
  EXPECT_NEAR(CosineSimilarity({1.0F, 1.0F}, {2.0F, 2.0F}), 1.0, 1e-9);
}

RC_GTEST_PROP(LexicalEmbedderProperty, SimilarityIsSymmetricBoundedAndSelfIsOne,
              (const std::string& a, const std::string& b)) {
  static const LexicalEmbedder e;
  const Embedding va = e.Embed(a), vb = e.Embed(b);
  const double ab = CosineSimilarity(va, vb);
  RC_ASSERT(std::fabs(ab - CosineSimilarity(vb, va)) < 1e-9);
  RC_ASSERT(ab >= -1.0 - 1e-6);
  RC_ASSERT(ab <= 1.0 + 1e-6);
  const double aa = CosineSimilarity(va, va);
  RC_ASSERT(aa == 0.0 || std::fabs(aa - 1.0) < 1e-5);
}

}  // namespace
}  // namespace askdb::cache
