#include "askdb/agent/quick_path/household_question.h"

#include <gtest/gtest.h>

#include <initializer_list>
#include <utility>

#include "askdb/agent/quick_path/arithmetic.h"

namespace askdb::agent {
namespace {

void ExpectValues(std::initializer_list<std::pair<const char*, double>> cases) {
  for (const auto& [request, expected] : cases) {
    const auto e = HouseholdExpression(request);
    ASSERT_TRUE(e) << request;
    const ArithmeticResult r = EvaluateArithmetic(*e);
    ASSERT_TRUE(r.ok()) << request << " -> " << *e;
    EXPECT_NEAR(static_cast<double>(r.value), expected, 1e-9) << request << " -> " << *e;
  }
}

TEST(HouseholdQuestionTest, OvertimePayAtAStatedMultiple) {
  ExpectValues({
      {"paid $20/hour, overtime is 1.5x, how much for 6 overtime hours", 180},
      {"i make 18 an hour and overtime is time and a half, how much for 4 hours of overtime", 108},
      {"时薪30元，加班按1.5倍，加班8小时多少钱", 360},
      {"时薪25，加班费2倍，加班3小时能拿多少", 150},
  });
}

TEST(HouseholdQuestionTest, AnInstalmentWithoutInterest) {
  ExpectValues({
      {"phone is 6999, 12 months no interest, monthly payment", 583.25},
      {"laptop for $1,200 over 6 months interest free, how much per month", 200},
      {"手机5999分24期免息，每期多少", 5999.0 / 24},
  });
}

// The answer shown: money to the cent, months rounded up (savings go in once a month).
TEST(HouseholdQuestionTest, MoneyToTheCentAndMonthsRoundedUp) {
  for (const auto& [request, expected] : std::initializer_list<std::pair<const char*, double>>{
           {"手机5999分24期免息，每期多少", 249.96},
           {"need 12000 for a trip in 7 months, how much to save per month", 1714.29},
           {"saving twelve hundred a month, how long to get to 9000", 8},
           {"每个月存3000，多少个月能攒够2万", 7},
           {"saving 700 a month, how long to reach 5000", 8},
           {"每月存2000，多少个月能攒够3万", 15},
       }) {
    const auto q = ParseHouseholdQuestion(request);
    ASSERT_TRUE(q) << request;
    const ArithmeticResult r = EvaluateArithmetic(q->expression);
    ASSERT_TRUE(r.ok()) << request;
    EXPECT_NEAR(static_cast<double>(HouseholdValue(q->result, r.value)), expected, 1e-9) << request;
  }
  EXPECT_EQ(ParseHouseholdQuestion("saving 700 a month, how long to reach 5000")->result,
            HouseholdResult::kWholeMonths);
  EXPECT_EQ(ParseHouseholdQuestion("手机5999分24期免息，每期多少")->result,
            HouseholdResult::kMoney);
}

TEST(HouseholdQuestionTest, SavingForAGoal) {
  ExpectValues({
      {"need 12000 for a trip in 8 months, how much to save per month", 1500},
      {"saving twelve hundred a month, how long to get to 9000", 7.5},
      {"每月存2000，多少个月能攒够3万", 15},
  });
}

// Precision first: interest charged, no multiple, a data question or zero months: nothing read.
TEST(HouseholdQuestionTest, OtherShapesAreNotRead) {
  for (const char* request : {
           "phone is 6999, 12 months at 5% interest, monthly payment",
           "手机5999分24期，每期多少",
           "paid $20/hour, how much for 6 overtime hours",
           // Total hours, not overtime hours: 46 hours is 40 at 20 and 6 at 30, if the week is 40.
           "paid $20/hour, overtime is 1.5x, how much for 46 hours",
           "how much overtime did each employee work",
           "total interest paid per customer",
           "need 12000 in 0 months, how much to save per month",
           "每月存多少钱的客户最多",
       }) {
    EXPECT_FALSE(HouseholdExpression(request).has_value()) << request;
  }
}

}  // namespace
}  // namespace askdb::agent
