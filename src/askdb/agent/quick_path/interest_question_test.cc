#include "askdb/agent/quick_path/interest_question.h"

#include <gtest/gtest.h>

#include "askdb/agent/quick_path/arithmetic.h"

namespace askdb::agent {
namespace {

// The value of what the reader reads, as the arithmetic parser evaluates it.
std::optional<long double> InterestOf(std::string_view request) {
  const auto e = SimpleInterestExpression(request);
  if (!e) return std::nullopt;
  const ArithmeticResult r = EvaluateArithmetic(*e);
  if (!r.ok()) return std::nullopt;
  return r.value;
}

TEST(InterestQuestionTest, SimpleInterestToldInEverydayWords) {
  for (const auto& [request, interest] : std::initializer_list<std::pair<const char*, double>>{
           {"what's the simple interest on 5000 at 4% for 3 years", 600},
           {"if i get 3.5% a year simple interest on 12000, what's the interest after 2 years",
            840},
           {"贷款10万，年利率4.5%，单利3年利息多少", 13500},
           {"2万5存一年，年利率3%，利息多少", 750},
           {"interest on 2000 at 5 percent for a year", 100},
           {"10万存十二年，单利2%，利息多少", 24000},  // two Chinese numerals for the years
           {"贷款10万，年利率4%，单利二十年利息多少", 80000},
       }) {
    const auto value = InterestOf(request);
    ASSERT_TRUE(value) << request;
    EXPECT_NEAR(static_cast<double>(*value), interest, 1e-9) << request;
  }
}

TEST(InterestQuestionTest, WhatItCannotBeSureOfIsNotRead) {
  for (const char* request : {
           "interest on 5000 at 4% for 3 years",  // simple or compound: not said
           "5000存3年，年利率3%，利息多少",       // the same in Chinese
           "compound interest on 5000 at 4% for 3 years",
           "10万存3年单利4%，到期本息一共多少",          // the total, not the interest
           "月利率0.5%，借1万，12个月利息多少",          // months
           "interest on 5000 and 300 at 4% for 1 year",  // a second amount
           "what is the interest rate on invoices in 2013",
           "利息收入最高的客户是谁",
           // Review of session 25: a rate per day, week or quarter is no year's rate.
           "i put 10000 in at 0.05% interest per day for 1 year, how much interest",
           "日利率0.05%借10000一年利息多少",
           "interest on 10000 at 2% per quarter for 1 year",
           "weekly interest 1% on 500 for one year how much interest",
           "daily interest 0.05% on 10000 for 1 year",
           "10000存一年，季利率1%，利息多少",
           "日息万分之五，借10000一年利息多少",
           "每天0.05%，10000一年利息多少",
           "单利2%每周，500存二五年利息多少",
       }) {
    EXPECT_FALSE(SimpleInterestExpression(request)) << request;
  }
}

}  // namespace
}  // namespace askdb::agent
