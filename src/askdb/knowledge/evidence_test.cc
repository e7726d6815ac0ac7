#include "askdb/knowledge/evidence.h"

#include <gtest/gtest.h>

#include "askdb/catalog/token_estimate.h"

namespace askdb::knowledge {
namespace {

Evidence Sample() {
  Evidence e;
  e.query = "fiscal year 2024 sales";
  e.hits.push_back({.item_id = "kn_1",
                    .chunk_id = "kn_1#0",
                    .kind = "document",
                    .source = "finance.md",
                    .text = "Our fiscal year starts on April 1.",
                    .keyword_score = 2.5,
                    .vector_score = 0.6,
                    .fused_score = 0.032});
  e.hits.push_back({.item_id = "kn_2",
                    .chunk_id = "kn_2#0",
                    .kind = "qa",
                    .source = "CS FAQ",
                    .text = "Q: refund window?\nA: 30 days.",
                    .keyword_score = 0,
                    .vector_score = 0.3,
                    .fused_score = 0.016});
  e.term_columns.push_back({.term = "GMV", .table = "orders", .column = "total_amount"});
  e.suggested_answer = SuggestedAnswer{.item_id = "kn_2",
                                       .question = "refund window?",
                                       .answer = "30 days.",
                                       .source = "CS FAQ",
                                       .similarity = 0.95};
  return e;
}

TEST(EvidenceTest, JsonRoundTripKeepsScoresTermsAndAnswer) {
  const Json j = EvidenceToJson(Sample());
  EXPECT_EQ(j["hits"][0]["fused_score"], 0.032);
  StatusOr<Evidence> back = EvidenceFromJson(j);
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  EXPECT_EQ(EvidenceToJson(*back), j);
  EXPECT_FALSE(EvidenceFromJson(Json::array()).ok());
  EXPECT_TRUE(Evidence{}.empty());
}

TEST(EvidenceTest, BestPassageIsTheDocumentCoveringMostOfTheQuestion) {
  Evidence e = Sample();
  EXPECT_EQ(BestPassage(e), nullptr) << "no coverage recorded";
  e.hits[0].query_coverage = 0.8;
  e.hits[1].query_coverage = 1.0;  // a Q&A pair: it answers through suggested_answer
  EvidenceHit better = e.hits[0];
  better.chunk_id = "kn_1#1";
  better.query_coverage = 0.9;
  e.hits.push_back(better);
  ASSERT_NE(BestPassage(e), nullptr);
  EXPECT_EQ(BestPassage(e)->chunk_id, "kn_1#1");
  EXPECT_EQ(BestPassage(e, 0.95), nullptr);
  StatusOr<Evidence> back = EvidenceFromJson(EvidenceToJson(e));
  ASSERT_TRUE(back.ok());
  EXPECT_DOUBLE_EQ(back->hits[2].query_coverage, 0.9);
}

TEST(EvidenceTest, PromptItemsNameTheirSourceAndKeepToTheBudget) {
  const Evidence e = Sample();
  const std::vector<std::string> all = EvidencePromptItems(e, 1000);
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0], "[document: finance.md]\nOur fiscal year starts on April 1.");
  // A budget that holds the first only: the second is left out, not cut.
  const int first = catalog::EstimateTokens(all[0]);
  const std::vector<std::string> one = EvidencePromptItems(e, first + 2);
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0], all[0]);
  // Smaller than the best hit: it is cut to the budget rather than dropped.
  const std::vector<std::string> cut = EvidencePromptItems(e, 5);
  ASSERT_EQ(cut.size(), 1u);
  EXPECT_LE(catalog::EstimateTokens(cut[0]), 5);
  EXPECT_TRUE(all[0].starts_with(cut[0]));
  EXPECT_TRUE(EvidencePromptItems(e, 0).empty());
}

}  // namespace
}  // namespace askdb::knowledge
