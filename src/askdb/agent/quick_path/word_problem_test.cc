#include "askdb/agent/quick_path/word_problem.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <utility>

#include "askdb/agent/quick_path/arithmetic.h"

namespace askdb::agent {
namespace {

// The value of what the reader reads, as the arithmetic parser evaluates it.
std::optional<long double> ValueOf(std::string_view request) {
  const auto e = WordProblemExpression(request);
  if (!e) return std::nullopt;
  const ArithmeticResult r = EvaluateArithmetic(*e);
  if (!r.ok()) return std::nullopt;
  return r.value;
}

void ExpectValues(std::initializer_list<std::pair<const char*, double>> cases) {
  for (const auto& [request, expected] : cases) {
    const auto value = ValueOf(request);
    ASSERT_TRUE(value.has_value()) << request;
    EXPECT_NEAR(static_cast<double>(*value), expected, 1e-9) << request;
  }
}

TEST(WordProblemTest, PriceForACountAskedForAnother) {
  ExpectValues({
      {"pens are 3 for $2, how much for 12", 8},
      {"apples are 4 for $3, how much for 10 apples", 7.5},
      {"if 5 notebooks cost 35 yuan, how much do 8 cost", 56},
      {"if 5 notebooks cost $35, how much would 8 notebooks cost?", 56},
      {"3个苹果5元，15个苹果多少钱", 25},
      {"5本练习本35元，买8本要多少钱", 56},
      {"pens are 3 for $2, how much for 12 pens", 8},
      {"boxes are 2 for $5, how much for 6 box", 15},
      {"if 5 notebooks cost $35, how much would 1 notebook cost", 7},
  });
}

// A wrong number is worse than none (review of session 26): the item asked for must be the item
// priced, "3 at $2" is $2 each, and a Chinese price of one (每个, 单价, 各) is no price of the
// count.
TEST(WordProblemTest, OtherItemsAndPricesOfOneAreNotRead) {
  for (const char* request : {
           "eggs are 6 for $3, how much for 2 dozen",
           "pens are 3 for $2, how much for 12 boxes",
           "apples are 3 for $2, how much for 12 pears",
           "pens are 3 at $2, how much for 12",
           "3个苹果每个5元，15个多少钱",
           "3支笔每支2元，买12支要多少钱",
           "3个苹果单价5元，15个多少钱",
           "3个苹果各5元，15个多少钱",
           "3个苹果均价5元，15个苹果多少钱",
           "食谱4人份用200克面粉，6人份要多少克糖",
           "a recipe for 4 people needs 300g of flour, how much sugar for 6 people",
       }) {
    EXPECT_FALSE(WordProblemExpression(request).has_value()) << request;
  }
}

TEST(WordProblemTest, RecipeScaled) {
  ExpectValues({
      {"a recipe for 4 people needs 300g of flour, how much for 6 people", 450},
      {"食谱4人份用200克面粉，6人份要多少克", 300},
      {"食谱4人份用200克面粉，6人份要多少克面粉", 300},
      {"a recipe for 4 people needs 300g of flour, how much flour for 6 people", 450},
      {"a recipe for 4 people needs 300g of flour, how much do i need for 6 people", 450},
  });
}

TEST(WordProblemTest, AmountSpreadOverMonths) {
  ExpectValues({
      {"i want to save $6,000 in 8 months, how much per month", 750},
      {"a budget of 54,000 over 12 months, how much per month", 4500},
      {"i want to save 12000 in 2 years, how much per month", 500},
      {"我想一年存下3万，每个月要存多少", 2500},
      {"打算10个月攒够5000块，每个月存多少", 500},
  });
}

TEST(WordProblemTest, HoursOrMinutesBetweenClockTimes) {
  ExpectValues({
      {"how many hours between 09:30 and 17:45", 8.25},
      {"a meeting from 14:00 to 15:30 is how many minutes", 90},
      {"从9:30到17:45一共多少小时", 8.25},
      {"9:00到12:20有多少分钟", 200},
      {"how many hours between 22:00 and 06:00", 8},
      {"how many hours between 9:30 am and 5:45 pm", 8.25},
      {"how many minutes between 11:30 pm and 12:15 am", 45},
      {"从下午2:00到5:30多少小时", 3.5},
      {"从晚上10:00到早上6:00一共多少小时", 8},
      {"how many hours between 9:30 and 9:30", 0},
      // Overnight said with 从…到 after a 24-hour time past noon; hours with 点 or am/pm alone.
      {"从22:00到6:00是几个小时", 8},
      {"how many hours from 20:00 to 8:00", 12},
      {"from 10pm to 6am how many hours", 8},
      {"从晚上11点到早上7点一共几个小时", 8},
      {"从8点半到12点一共多少分钟", 210},
  });
  // Which of two readings is meant is not said: 12:00 to 1:30 (1.5 hours or 13.5?).
  EXPECT_FALSE(WordProblemExpression("how many hours between 12:00 and 1:30"));
  EXPECT_FALSE(WordProblemExpression("how many hours between 13:00 pm and 2:00 pm"));
  // An unmarked end hour below a start past noon whose afternoon reading is after the start:
  // 5:00 after 13:00 may be 17:00 (4 hours) or 05:00 (16).
  for (const char* request : {"从17:45到9:30一共多少小时", "from 13:00 to 5:00 how many hours",
                              "从14:00到3点多少小时", "from 13:00 to 1:30 how many hours"}) {
    EXPECT_FALSE(WordProblemExpression(request)) << request;
  }
}

TEST(WordProblemTest, AveragesOfAListAndWeightedAverages) {
  ExpectValues({
      {"78、85、92、88的平均数是多少", 85.75},
      {"3,4,5的平均值", 4},
      {"weighted average of 80 with weight 0.3 and 90 with weight 0.7", 87},
      {"平时成绩80分占40%，期末成绩90分占60%，总评多少分", 86},
      {"weighted average of 80 with weight 30% and 90 with weight 70%", 87},
      {"1,200、3,400的平均数是多少", 2300},
      {"12,000，13,000的平均数", 12500},
  });
  // Weights that make nothing; only commas around a three-digit part (a group or an item?).
  EXPECT_FALSE(WordProblemExpression("weighted average of 80 with weight 0 and 90 with weight 0"));
  EXPECT_FALSE(WordProblemExpression("1,200,3,400的平均数是多少"));
  EXPECT_FALSE(WordProblemExpression("100, 200, 330的平均值"));
  // Shares that do not make 100% are not read.
  EXPECT_FALSE(WordProblemExpression("平时成绩80分占40%，期末成绩90分占50%，总评多少分"));
  EXPECT_FALSE(WordProblemExpression("各科成绩的平均分是多少"));
}

// Precision first: the roles must be fixed by the words, or nothing is read.
TEST(WordProblemTest, UnclearOrInverseProportionsAreNotRead) {
  for (const char* request : {
           // inverse proportion: more workers, fewer days
           "if 6 workers finish a job in 10 days, how many days would 4 workers take",
           // another item asked for than the one priced
           "if 5 notebooks cost 35 yuan, how much do 8 pens cost",
           "3个苹果5元，15个梨多少钱",
           "3个苹果5元，15斤苹果多少钱",
           // servings against another measure
           "a recipe for 4 people needs 300g of flour, how much for 6 servings",
           "食谱4人份用200克面粉，6人份要多少毫升",
           // a span ending before it starts, overnight or not as the clock does not say
           "从11:45到9:30一共多少小时",
           "从08:00到6:00一共多少小时",
           "从上午11:00到1:00一共多少小时",
           // data questions
           "how many hours of music are in the rock genre",
           "average invoice total per month",
           "how much per month did each customer spend",
       }) {
    EXPECT_FALSE(WordProblemExpression(request).has_value()) << request;
  }
}

}  // namespace
}  // namespace askdb::agent
