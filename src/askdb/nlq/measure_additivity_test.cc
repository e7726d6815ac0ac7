#include "askdb/nlq/measure_additivity.h"

#include <gtest/gtest.h>

#include "askdb/nlq/schema_index.h"

namespace askdb::nlq {
namespace {

TEST(MeasureAdditivityTest, PricesRatesAgesAndAveragesAreNotAdded) {
  for (const char* name :
       {"unit_price", "UnitPrice", "price", "tax_rate", "avg_amount", "discount_pct", "Percentage",
        "age", "score", "单价", "商品单价", "毛利率", "平均金额", "年龄"}) {
    EXPECT_EQ(NameAdditivity(name), Additivity::kNonAdditive) << name;
  }
}

TEST(MeasureAdditivityTest, AmountsTotalsQuantitiesAndCountsAreAdded) {
  for (const char* name : {"total_amount", "Total", "total_price", "Quantity", "qty", "sales",
                           "revenue", "order_count", "金额", "销售额", "数量"}) {
    EXPECT_EQ(NameAdditivity(name), Additivity::kAdditive) << name;
  }
}

TEST(MeasureAdditivityTest, WordsAreComparedWholeAndUnknownNamesStayUnknown) {
  // "page" is not "age", "operated" is not "rate".
  EXPECT_EQ(NameAdditivity("page_views"), Additivity::kUnknown);
  EXPECT_EQ(NameAdditivity("operated_hours"), Additivity::kUnknown);
  EXPECT_EQ(NameAdditivity("capacity"), Additivity::kUnknown);
}

TEST(MeasureAdditivityTest, TheColumnNameDecidesBeforeItsDisplayNames) {
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
