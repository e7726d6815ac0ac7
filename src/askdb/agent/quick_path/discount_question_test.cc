#include "askdb/agent/quick_path/discount_question.h"

#include <gtest/gtest.h>

namespace askdb::agent {
namespace {

TEST(DiscountQuestionTest, APriceWithADiscountAroundItInAnyOrder) {
  for (const auto& [request, expression] :
       std::initializer_list<std::pair<const char*, const char*>>{
           {"原价680打八五折多少钱", "680打八五折"},
           {"680的东西打八五折后多少钱", "680打八五折"},
           {"打八五折后原价680的东西多少钱", "680打八五折"},
           {"标价1,200元，打7折是多少", "1200打7折"},
           {"如果一件外套原价399，打八折，到手价是多少", "399打八折"},
           {"299块的鞋子打6.5折要付多少", "299打6.5折"},
           // Review of session 25: two discounts, 又便宜了 an amount.
           {"原价200打八折再打九折是多少", "200打八折打九折"},
           {"原价200打八折又便宜了20块最后多少钱", "200打八折减20"},
       }) {
    const auto e = DiscountExpression(request);
    ASSERT_TRUE(e) << request;
    EXPECT_EQ(*e, expression) << request;
  }
}

TEST(DiscountQuestionTest, DataQuestionsAboutDiscountsAreNotRead) {
  for (const char* request :
       {"打八五折的商品有多少", "原价680的商品有哪些", "打8折以后价格超过680的订单",
        "2024年打折商品的销售额", "680个订单打八五折后的总金额"}) {
    EXPECT_FALSE(DiscountExpression(request)) << request;
  }
}

// Review of session 25: an amount off as large as the discounted price would make it negative.
TEST(DiscountQuestionTest, AnAmountOffThatLeavesNoPriceIsNotRead) {
  for (const char* request : {"原价10打八折再减20是多少", "原价100打八折再减80是多少",
                              "原价200打八折再打五折又便宜了80块最后多少钱"}) {
    EXPECT_FALSE(DiscountExpression(request)) << request;
  }
  EXPECT_TRUE(DiscountExpression("原价100打八折再减79是多少"));
}

// Session 26: 满减 (an amount off once a spend reaches a threshold) and 半价.
TEST(DiscountQuestionTest, AnAmountOffAtAThresholdAndHalfPrice) {
  for (const auto& [request, expression] :
       std::initializer_list<std::pair<const char*, const char*>>{
           {"满300减50，买了320元的东西，实付多少", "320-50"},
           {"满300减50，买了280元的东西，实付多少", "280-0"},
           {"每满300减50，买了680元的东西，实付多少", "680-2*50"},
           {"原价198，半价多少", "198打五折"},
           {"原价198元半价是多少钱", "198打五折"},
       }) {
    const auto e = DiscountExpression(request);
    ASSERT_TRUE(e) << request;
    EXPECT_EQ(*e, expression) << request;
  }
  for (const char* request :
       {"满300减300，买了320元的东西，实付多少", "第二件半价，一件120元，买两件多少钱",
        // only one item of several is half price (no pattern reads an item count)
        "原价198，第二件半价多少", "原价198元，次件半价是多少钱", "原价198，两件半价多少",
        "半价商品有哪些", "满300减50的订单有多少"}) {
    EXPECT_FALSE(DiscountExpression(request)) << request;
  }
}

// Session 26: the price before a discount, from the price after it.
TEST(DiscountQuestionTest, TheOriginalPriceFromTheDiscountedOne) {
  for (const auto& [request, expression] :
       std::initializer_list<std::pair<const char*, const char*>>{
           {"打完八折是160元，原价多少", "160/0.8"},
           {"打八五折后170元，原价是多少", "170/0.85"},
           {"a shirt costs $25 after a 20% discount, what was the original price", "25/(1-20%)"},
       }) {
    const auto e = DiscountExpression(request);
    ASSERT_TRUE(e) << request;
    EXPECT_EQ(*e, expression) << request;
  }
  for (const char* request :
       {"打完八折的商品原价多少",
        "a shirt costs $25 after a 100% discount, what was the original price"}) {
    EXPECT_FALSE(DiscountExpression(request)) << request;
  }
}

// Session 23: a percentage off a price or lost from an amount, told as a story.
TEST(DiscountQuestionTest, APercentageOffOrLostInAStory) {
  for (const auto& [request, expression] :
       std::initializer_list<std::pair<const char*, const char*>>{
           {"a shirt costs $40 and it's 25% off, what do i pay", "25% off 40"},
           {"the jacket is 120 dollars with a discount of 15%. what's the final price?",
            "15% off 120"},
           {"my savings were 5000 and i lost 12% in the market, how much is left",
            "5000 decreased by 12%"},
           {"我存了5万,亏了12%,还剩多少", "50000减少12%"},
       }) {
    const auto e = DiscountExpression(request);
    ASSERT_TRUE(e) << request;
    EXPECT_EQ(*e, expression) << request;
  }
  // Another number in the story (a year, a second price), or no percentage: not read.
  for (const char* request : {"sales were 5000 in 2013 and fell 12%, how much is left",
                              "two shirts cost $40 and $30 and it's 25% off, what do i pay",
                              "a shirt costs $40, what do i pay", "我存了5万,还剩多少"}) {
    EXPECT_FALSE(DiscountExpression(request)) << request;
  }
}

// Review of session 23: a number in words, a price already discounted, or a percentage of
// something else than the amount: not read (the answer would be a wrong number).
TEST(DiscountQuestionTest, AStoryThatDoesNotTakeThePercentageOffTheAmountIsNotRead) {
  for (const char* request :
       {"我存了5万，亏了12%，又花了三千，还剩多少", "the shirt is $30 after 25% off, what do i pay",
        "the shirt is $30 with 25% off already, what do i pay",
        "our revenue was 5000 and we lost 12% of our customers, how much is left",
        "我存了5万，已经亏了12%，还剩多少", "我有5万，客户少了12%的人，还剩多少"}) {
    EXPECT_FALSE(DiscountExpression(request)) << request;
  }
}

}  // namespace
}  // namespace askdb::agent
