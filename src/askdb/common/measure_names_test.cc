#include "askdb/common/measure_names.h"

#include <gtest/gtest.h>

namespace askdb::measures {
namespace {

TEST(MeasureNamesTest, AmountsAndCountsAddUp) {
  for (const char* name : {"revenue", "Total", "total_price", "discount_amount", "Quantity",
                           "order count", "总价", "销售额", "订单数", "数量"}) {
    EXPECT_EQ(FromName(name), Additivity::kAdditive) << name;
  }
}

TEST(MeasureNamesTest, PricesRatesAveragesAndAgesDoNot) {
  for (const char* name : {"UnitPrice",    "unit_price",   "unit price",
                           "unit_cost",    "Discount",     "avg_amount",
                           "AverageTotal", "tax_rate",     "conversion ratio",
                           "pct_change",   "age",          "rating",
                           "max_total",    "单价",         "均价",
                           "转化率",       "平均订单金额", "年龄",
                           "评分",         "占比",         "价格"}) {
    EXPECT_EQ(FromName(name), Additivity::kNonAdditive) << name;
  }
}

TEST(MeasureNamesTest, WordsAreWholeInEnglishAndOtherNamesAreUnknown) {
  for (const char* name : {"value", "operated", "page", "Milliseconds", "名称", ""}) {
    EXPECT_EQ(FromName(name), Additivity::kUnknown) << name;
  }
}

}  // namespace
}  // namespace askdb::measures
