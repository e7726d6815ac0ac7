#include "askdb/agent/ask/fast_mode.h"

#include <gtest/gtest.h>

namespace askdb::agent {
namespace {

TEST(FastModeTest, SimpleLookupsAreFast) {
  for (const char* q : {"统计客户数量", "查询门店的总数", "列出门店信息", "显示订单数据",
                        "最贵的商品是什么？", "门店有哪些", "how many stores are there",
                        "list the store records", "What is the most expensive product?"}) {
    const FastModeDecision d = DetectFastMode(q);
    EXPECT_TRUE(d.fast) << q << ": " << d.reason;
    EXPECT_TRUE(d.skip_chart && d.skip_examples) << q;
  }
}

TEST(FastModeTest, ChartsAnalysesAndComplexQuestionsKeepTheFullPath) {
  for (const char* q :
       {"统计各月订单数量的趋势", "列出各品类销售额的分布", "对比两个大区的订单数量",
        "show me a chart of sales", "list stores and compare their sales", "统计最近7天的订单数量",
        "how many orders in the last 30 days", "list customers join orders", "各大区的销售额",
        "2024年各大区的销售额",
        "统计一下每个城市在过去这些年里面各种类型门店的开业数量和面积以及它们在每一年里按季度拆开以"
        "后的平均数量"}) {
    const FastModeDecision d = DetectFastMode(q);
    EXPECT_FALSE(d.fast) << q << ": " << d.reason;
    EXPECT_FALSE(d.skip_chart || d.skip_examples) << q;
    EXPECT_FALSE(d.reason.empty()) << q;
  }
}

TEST(FastModeTest, TheLengthThresholdIsInCharacters) {
  const std::string q = "统计" + std::string(20, 'x') + "的数量";  // 25 characters
  EXPECT_TRUE(DetectFastMode(q, {.max_length = 25}).fast);
  EXPECT_FALSE(DetectFastMode(q, {.max_length = 24}).fast);
}

}  // namespace
}  // namespace askdb::agent
