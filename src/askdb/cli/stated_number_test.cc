#include "askdb/cli/stated_number.h"

#include <gtest/gtest.h>

namespace askdb::cli {
namespace {

TEST(StatesNumberTest, AWholeNumberIsStated) {
  EXPECT_TRUE(StatesNumber("There are 8,000 customers.", "8,000"));
  EXPECT_TRUE(StatesNumber("有 8,000 个客户", "8,000"));
  EXPECT_TRUE(StatesNumber("The count is 8.", "8"));
  EXPECT_TRUE(StatesNumber("In 2018 there were 8 orders", "8"));  // the second 8
}

// Digits inside another number do not state it: the figure line must stay.
TEST(StatesNumberTest, DigitsInsideAnotherNumberAreNot) {
  EXPECT_FALSE(StatesNumber("orders in 2018", "8"));
  EXPECT_FALSE(StatesNumber("8,000 customers", "8"));
  EXPECT_FALSE(StatesNumber("a rate of 3.8%", "8"));
  EXPECT_FALSE(StatesNumber("18 orders", "8"));
  EXPECT_FALSE(StatesNumber("anything", ""));
}

}  // namespace
}  // namespace askdb::cli
