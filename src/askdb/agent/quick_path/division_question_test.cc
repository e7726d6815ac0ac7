#include "askdb/agent/quick_path/division_question.h"

#include <gtest/gtest.h>

namespace askdb::agent {
namespace {

using K = DivisionQuestion::Kind;

TEST(DivisionQuestionTest, DivisibleAsksYesOrNo) {
  const auto q = ParseDivisionQuestion("is 126 divisible by 8");
  ASSERT_TRUE(q);
  EXPECT_EQ(q->kind, K::kDivisible);
  EXPECT_EQ(q->dividend, 126);
  EXPECT_EQ(q->divisor, 8);
  EXPECT_EQ(q->remainder(), 6);
  const auto even = ParseDivisionQuestion("can 57 be divided evenly by 3?");
  ASSERT_TRUE(even);
  EXPECT_EQ(even->remainder(), 0);
  const auto zh = ParseDivisionQuestion("126能被8整除吗");
  ASSERT_TRUE(zh);
  EXPECT_EQ(zh->dividend, 126);
  EXPECT_EQ(zh->divisor, 8);
}

TEST(DivisionQuestionTest, TimesIntoIsTheWholeQuotient) {
  const auto q = ParseDivisionQuestion("how many times does 8 go into 2000");
  ASSERT_TRUE(q);
  EXPECT_EQ(q->kind, K::kTimesInto);
  EXPECT_EQ(q->dividend, 2000);
  EXPECT_EQ(q->divisor, 8);
  EXPECT_EQ(q->quotient(), 250);
  const auto r = ParseDivisionQuestion("how many times can 12 go into 600?");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->quotient(), 50);
  const auto s = ParseDivisionQuestion("how many times does 7 go into 50");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->quotient(), 7);
  EXPECT_EQ(s->remainder(), 1);
}

TEST(DivisionQuestionTest, PrimeNamesTheSmallestFactor) {
  const auto yes = ParseDivisionQuestion("is 97 a prime number");
  ASSERT_TRUE(yes);
  EXPECT_EQ(yes->kind, K::kPrime);
  EXPECT_EQ(yes->divisor, 97);  // no smaller factor
  const auto no = ParseDivisionQuestion("91是质数吗");
  ASSERT_TRUE(no);
  EXPECT_EQ(no->divisor, 7);
  EXPECT_EQ(no->quotient(), 13);
  const auto two = ParseDivisionQuestion("is 2 prime?");
  ASSERT_TRUE(two);
  EXPECT_EQ(two->divisor, 2);
  EXPECT_FALSE(ParseDivisionQuestion("is 1 a prime number"));  // neither prime nor composite
  EXPECT_FALSE(ParseDivisionQuestion("is 7.5 prime"));
  EXPECT_FALSE(ParseDivisionQuestion("is the product prime"));
}

TEST(DivisionQuestionTest, NoWholeAnswerFallsThrough) {
  EXPECT_FALSE(ParseDivisionQuestion("is 7.5 divisible by 2"));
  EXPECT_FALSE(ParseDivisionQuestion("is 12 divisible by 0"));
  EXPECT_FALSE(ParseDivisionQuestion("how many times does 0 go into 5"));
  // Not numbers given in the request: data questions.
  EXPECT_FALSE(ParseDivisionQuestion("is the total divisible by 8"));
  EXPECT_FALSE(ParseDivisionQuestion("how many times does the team go into overtime"));
}

}  // namespace
}  // namespace askdb::agent
