#include "askdb/nlq/unit_numbers.h"

#include <gtest/gtest.h>

namespace askdb::nlq {
namespace {

IndexedColumn ColumnHolding(std::vector<std::string> values) {
  IndexedColumn c;
  c.stats.distinct_count = static_cast<long long>(values.size());
  c.stats.values = std::move(values);
  return c;
}

TEST(UniformUnitTest, OneUnitThroughoutIsReadWithItsMagnitude) {
  const auto unit = UniformUnitOf(ColumnHolding({"183cm", "175cm", "160.5cm"}));
  ASSERT_TRUE(unit.has_value());
  EXPECT_EQ(unit->unit, "cm");
  EXPECT_EQ(unit->magnitude, 1);
  const auto wan = UniformUnitOf(ColumnHolding({"1.8万平方米", "20万平方米"}));
  ASSERT_TRUE(wan.has_value());
  EXPECT_EQ(wan->magnitude, 1e4);
}

// 1.8万平方米 is 18000 square metres, not less than 73624平方米: a magnitude word is part of the
// unit, so the two are not one unit and the column is not compared by its leading numbers.
TEST(UniformUnitTest, AMagnitudeWordMakesAnotherUnit) {
  EXPECT_FALSE(UniformUnitOf(ColumnHolding({"1.8万平方米", "73624平方米"})).has_value());
  EXPECT_FALSE(UniformUnitOf(ColumnHolding({"20万", "5000"})).has_value());
  EXPECT_FALSE(UniformUnitOf(ColumnHolding({"约50年", "30年"})).has_value());
}

TEST(UniformUnitTest, ValuesNotAllSeenAreNoUnit) {
  IndexedColumn c = ColumnHolding({"183cm", "175cm"});
  c.stats.distinct_count = 500;  // only some values were kept
  EXPECT_FALSE(UniformUnitOf(c).has_value());
}

}  // namespace
}  // namespace askdb::nlq
