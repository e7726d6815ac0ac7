#include "askdb/common/measure_names.h"

#include <gtest/gtest.h>

#include <string_view>
#include <vector>

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

// The one money-word table keeps each reader's words as they were before it was one table
// (the engine's phrases in their order, consultation's substrings, NamesMoney's words).
TEST(MeasureNamesTest, TheEnginesRevenuePhrasesAreTheMoneyTablesRevenueRows) {
  const std::vector<std::string_view> want = {"revenue",  "sales", "turnover", "sales amount",
                                              "销售额",   "营收",  "收入",     "营业额",
                                              "销售金额", "spend", "spending", "spent"};
  EXPECT_EQ(RevenuePhrases(), want);
}

TEST(MeasureNamesTest, NamesMoneyComparesEnglishWordsWholeAndChineseAsSubstrings) {
  for (const char* text : {"sales report", "TotalSales", "revenue by month", "GMV", "amount",
                           "money spent", "销售分析", "营业额", "订单金额", "利润", "流水"}) {
    EXPECT_TRUE(NamesMoney(text)) << text;
  }
  for (const char* text : {"wholesaler", "amountain", "GDP per capita", "订单数", "客户", ""}) {
    EXPECT_FALSE(NamesMoney(text)) << text;
  }
}

TEST(MeasureNamesTest, ConsultationRanksMoneyBySubstring) {
  for (const char* name : {"total_amount", "gdp_usd", "salesamount", "profit", "销售额", "收入"}) {
    EXPECT_TRUE(RanksAsMoney(name)) << name;
  }
  // 销售 alone is not ranked as money ("销售数量" counts things); turnover and GMV were never.
  for (const char* name : {"销售数量", "turnover", "gmv", "quantity", "unit_price"}) {
    EXPECT_FALSE(RanksAsMoney(name)) << name;
  }
}

TEST(MeasureNamesTest, QuantitiesAreNamedAsCounts) {
  for (const char* name : {"Quantity", "order_count", "number of sales", "销售数量", "订单数"}) {
    EXPECT_TRUE(NamesQuantity(name)) << name;
  }
  for (const char* name : {"销售额", "Total", "revenue", "amount"}) {
    EXPECT_FALSE(NamesQuantity(name)) << name;
  }
}

}  // namespace
}  // namespace askdb::measures
