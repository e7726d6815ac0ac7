#include "askdb/agent/quick_path/fuel_question.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <utility>

#include "askdb/agent/quick_path/arithmetic.h"

namespace askdb::agent {
namespace {

TEST(FuelQuestionTest, FuelForATripAFillAndMileage) {
  for (const auto& [request, expected] : std::initializer_list<std::pair<const char*, double>>{
           {"百公里油耗7升，开450公里要多少升油", 31.5},
           {"450 km trip at 7 l/100km, petrol 1.8 per litre, fuel cost?", 56.7},
           {"油价7.8元一升，加了45升，多少钱", 351},
           {"drove 320 miles on 10 gallons, what's my mpg", 32},
       }) {
    const auto e = FuelExpression(request);
    ASSERT_TRUE(e) << request;
    const ArithmeticResult r = EvaluateArithmetic(*e);
    ASSERT_TRUE(r.ok()) << request << " -> " << *e;
    EXPECT_NEAR(static_cast<double>(r.value), expected, 1e-9) << request << " -> " << *e;
  }
}

// Which gallon is meant is not said, so no conversion to or from mpg; no gallons, no mileage.
TEST(FuelQuestionTest, ConversionsAndDataQuestionsAreNotRead) {
  for (const char* request : {
           "8 l/100km in mpg",
           "30 mpg to l/100km",
           "drove 320 miles on 0 gallons, what's my mpg",
           "每个客户的油费是多少",
           "average mpg per car model",
       }) {
    EXPECT_FALSE(FuelExpression(request).has_value()) << request;
  }
}

}  // namespace
}  // namespace askdb::agent
