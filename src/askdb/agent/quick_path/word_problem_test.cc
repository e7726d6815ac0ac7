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
  });
}

TEST(WordProblemTest, RecipeScaled) {
  ExpectValues({
      {"a recipe for 4 people needs 300g of flour, how much for 6 people", 450},
      {"食谱4人份用200克面粉，6人份要多少克", 300},
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
  });
}

TEST(WordProblemTest, AveragesOfAListAndWeightedAverages) {
  ExpectValues({
      {"78、85、92、88的平均数是多少", 85.75},
      {"3,4,5的平均值", 4},
      {"weighted average of 80 with weight 0.3 and 90 with weight 0.7", 87},
      {"平时成绩80分占40%，期末成绩90分占60%，总评多少分", 86},
  });
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
           // a span overnight, or ending before it starts
           "how many hours between 22:00 and 06:00",
           "从17:45到9:30一共多少小时",
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
