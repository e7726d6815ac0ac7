#include "askdb/agent/quick_path/age_question.h"

#include <gtest/gtest.h>

#include "askdb/agent/quick_path/arithmetic.h"

namespace askdb::agent {
namespace {

double Age(const char* request) {
  const auto e = AgeOnDateExpression(request);
  if (!e) return -1;
  return static_cast<double>(EvaluateArithmetic(*e).value);
}

TEST(AgeQuestionTest, WholeYearsOnAStatedDate) {
  EXPECT_EQ(Age("born 1990-05-20, how old on 2026-11-28"), 36);
  EXPECT_EQ(Age("born 1990-11-29, how old on 2026-11-28"), 35);  // the day before the birthday
  EXPECT_EQ(Age("born 1990-11-28, how old on 2026-11-28"), 36);  // on the birthday
  EXPECT_EQ(Age("2000年3月1日出生，到2026年2月28日多大"), 25);
  EXPECT_EQ(Age("1990年5月20日出生，到2026年11月28日几岁"), 36);
  // The stated date before that year's birthday, in the same month: one year fewer.
  EXPECT_EQ(Age("1990年11月29日出生，到2026年11月28日几岁"), 35);
  EXPECT_EQ(Age("1990年11月28日出生，到2026年11月28日几岁"), 36);
  EXPECT_EQ(Age("how old is someone born on 2000-02-29 on 2026-02-28"), 25);
  EXPECT_EQ(Age("how old is someone born on 2000-02-29 on 2026-03-01"), 26);
}

TEST(AgeQuestionTest, UnrealOrReversedDatesAndDataQuestionsAreNotRead) {
  for (const char* request : {
           "born 1990-02-30, how old on 2026-11-28",
           "born 1990-13-01, how old on 2026-11-28",
           "born 2030-01-01, how old on 2026-11-28",
           "how old are employees born before 1970",
           "出生日期在1970年以前的员工有几位",
       }) {
    EXPECT_FALSE(AgeOnDateExpression(request).has_value()) << request;
  }
}

}  // namespace
}  // namespace askdb::agent
