#include "askdb/nlq/measure_additivity.h"

#include <gtest/gtest.h>

#include "askdb/nlq/schema_index.h"

namespace askdb::nlq {
namespace {

TEST(ColumnAdditivityTest, TheColumnNameDecidesBeforeItsDisplayNames) {
  IndexedColumn c;
  c.name = "val";
  c.display_zh = "单价";
  EXPECT_TRUE(IsNonAdditive(c));
  c.name = "total";
  EXPECT_FALSE(IsNonAdditive(c));
  c.name = "x";
  c.display_zh.clear();
  EXPECT_EQ(ColumnAdditivity(c), Additivity::kUnknown);
}

}  // namespace
}  // namespace askdb::nlq
