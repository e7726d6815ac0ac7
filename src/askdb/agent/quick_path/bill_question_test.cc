#include "askdb/agent/quick_path/bill_question.h"

#include <gtest/gtest.h>

namespace askdb::agent {
namespace {

using K = BillQuestion::Kind;

TEST(BillQuestionTest, TipsAtAStatedRate) {
  const auto q = ParseBillQuestion("what's a 15% tip on $80");
  ASSERT_TRUE(q);
  EXPECT_EQ(q->kind, K::kTip);
  EXPECT_DOUBLE_EQ(static_cast<double>(q->Result()), 12.0);
  const auto r = ParseBillQuestion("calculate a 20 percent tip on 45 dollars");
  ASSERT_TRUE(r);
  EXPECT_DOUBLE_EQ(static_cast<double>(r->Result()), 9.0);
  const auto s = ParseBillQuestion("what's the tip on a $60 bill at 18 percent");
  ASSERT_TRUE(s);
  EXPECT_DOUBLE_EQ(static_cast<double>(s->Result()), 10.8);
  const auto tax = ParseBillQuestion("how much is 8 percent sales tax on 250");
  ASSERT_TRUE(tax);
  EXPECT_DOUBLE_EQ(static_cast<double>(tax->Result()), 20.0);
}

TEST(BillQuestionTest, SplitsBetweenPeople) {
  const auto q = ParseBillQuestion("split a 120 dollar bill between 4 people");
  ASSERT_TRUE(q);
  EXPECT_EQ(q->kind, K::kSplit);
  EXPECT_DOUBLE_EQ(static_cast<double>(q->Result()), 30.0);
  const auto r = ParseBillQuestion("split $96 three ways");
  ASSERT_TRUE(r);
  EXPECT_DOUBLE_EQ(static_cast<double>(r->Result()), 32.0);
}

TEST(BillQuestionTest, ATipWithoutARateAsksForIt) {
  for (const char* request :
       {"how much should i tip on 80 dollars", "what's a good tip for a $120 meal",
        "how much to tip on a 64 dollar dinner"}) {
    const auto q = ParseBillQuestion(request);
    ASSERT_TRUE(q) << request;
    EXPECT_EQ(q->kind, K::kTipRateNeeded) << request;
  }
  EXPECT_DOUBLE_EQ(
      static_cast<double>(ParseBillQuestion("what's a good tip for a $120 meal")->amount), 120.0);
  EXPECT_FALSE(ParseBillQuestion("how much should i tip"));
  EXPECT_FALSE(ParseBillQuestion("what is a good tip for the waiters"));
}

TEST(BillQuestionTest, NoPeopleFallsThrough) {
  EXPECT_FALSE(ParseBillQuestion("split the bill"));
  EXPECT_FALSE(ParseBillQuestion("split $96 0 ways"));
  EXPECT_FALSE(ParseBillQuestion("split 100 dollars between 2.5 people"));
  EXPECT_FALSE(ParseBillQuestion("what is the average tip on orders at 15 percent"));
}

}  // namespace
}  // namespace askdb::agent
