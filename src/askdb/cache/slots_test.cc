#include "askdb/cache/slots.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>

#include "askdb/cache/cache_test_fixture.h"

namespace askdb::cache {
namespace {

const nlq::CivilDate kAnchor{2026, 11, 22};

QuestionSlots Slots(std::string_view q, const nlq::SchemaIndex* index = nullptr) {
  return ExtractSlots(q, kAnchor, index);
}

bool Contains(const std::vector<std::string>& v, std::string_view s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

TEST(SlotsTest, YearsAreNumbersAndPeriods) {
  const QuestionSlots s = Slots("2024年各地区的销售额");
  EXPECT_EQ(s.numbers, std::vector<double>{2024}) << s.Describe();
  EXPECT_TRUE(Contains(s.periods, "year 2024")) << s.Describe();
  EXPECT_NE(Slots("2012年销售额"), Slots("2013年销售额"));
  EXPECT_NE(Slots("sales in 2012"), Slots("sales in 2013"));
}

TEST(SlotsTest, TopNAndOrderDirection) {
  const QuestionSlots top5 = Slots("top 5 artists by sales");
  ASSERT_TRUE(top5.top_n.has_value()) << top5.Describe();
  EXPECT_EQ(*top5.top_n, 5);
  EXPECT_TRUE(Contains(top5.order, "desc")) << top5.Describe();
  EXPECT_NE(top5, Slots("top 10 artists by sales"));
  EXPECT_NE(top5, Slots("bottom 5 artists by sales"));
  const QuestionSlots cn = Slots("销售额前十名的门店");
  ASSERT_TRUE(cn.top_n.has_value()) << cn.Describe();
  EXPECT_EQ(*cn.top_n, 10);
  EXPECT_NE(Slots("按销售额升序排列"), Slots("按销售额降序排列"));
}

TEST(SlotsTest, OldestAndNewestAreOppositeEnds) {
  EXPECT_NE(Slots("name of the oldest pet"), Slots("name of the newest pet"));
  EXPECT_NE(Slots("最年长的员工"), Slots("最年轻的员工"));
  EXPECT_EQ(Slots("name of the newest pet"), Slots("name of the latest pet"));
}

TEST(SlotsTest, AggregationWords) {
  EXPECT_TRUE(Contains(Slots("average order total").aggregations, "avg"));
  EXPECT_NE(Slots("average sales by region"), Slots("total sales by region"));
  EXPECT_NE(Slots("各地区平均销售额"), Slots("各地区总销售额"));
  EXPECT_NE(Slots("销售额最高的地区"), Slots("销售额最低的地区"));
  // Synonyms of one function are the same slot.
  EXPECT_EQ(Slots("average sales by region").aggregations,
            Slots("avg sales by region").aggregations);
}

TEST(SlotsTest, NumberWordsAndMagnitudes) {
  EXPECT_EQ(Slots("金额超过1万的订单").numbers, std::vector<double>{10000});
  EXPECT_EQ(Slots("金额超过一万的订单").numbers, std::vector<double>{10000});
  EXPECT_EQ(Slots("the ten biggest orders").numbers, std::vector<double>{10});
  EXPECT_NE(Slots("amount above 100"), Slots("amount below 100"));
}

TEST(SlotsTest, RelativePeriodsResolveAgainstTheAnchor) {
  const QuestionSlots s = Slots("上个月的销售额");
  EXPECT_TRUE(Contains(s.periods, "last_month 2026-10-01..2026-11-01")) << s.Describe();
  EXPECT_NE(s, ExtractSlots("上个月的销售额", nlq::CivilDate{2026, 12, 1}));
  EXPECT_NE(Slots("上个月的销售额"), Slots("本月的销售额"));
  EXPECT_NE(Slots("最近7天的订单"), Slots("最近30天的订单"));
  EXPECT_NE(Slots("最近3天的订单"), Slots("最近3个月的订单"));
}

TEST(SlotsTest, NegationIsASlot) {
  EXPECT_TRUE(Slots("orders not from North").negated);
  EXPECT_FALSE(Slots("orders from North").negated);
}

TEST(SlotsTest, NegationWordsBeyondTheLexicon) {
  EXPECT_NE(Slots("customers without orders"), Slots("customers with orders"));
  EXPECT_NE(Slots("没有下单的客户"), Slots("下单的客户"));
  EXPECT_NE(Slots("从未下单的客户"), Slots("下单的客户"));
  EXPECT_EQ(Slots("没有下单的客户"), Slots("从没下单的客户"));
  // 未来 ("the future") is not a negation.
  EXPECT_FALSE(Slots("未来三个月的订单").negated) << Slots("未来三个月的订单").Describe();
}

// Spider-DK report r056 showed it: "kitten or puppy" vs "both kitten and puppy".
TEST(SlotsTest, OrIsNotAnd) {
  EXPECT_NE(Slots("owners who have a kitten or a puppy"),
            Slots("owners who have both a kitten and a puppy"));
  EXPECT_NE(Slots("owners who have a kitten or a puppy"),
            Slots("owners who have a kitten and a puppy"));
  EXPECT_NE(Slots("买了手机或电脑的客户"), Slots("同时买了手机和电脑的客户"));
  EXPECT_NE(Slots("买了手机或者电脑的客户"), Slots("买了手机并且买了电脑的客户"));
  EXPECT_EQ(Slots("买了手机或电脑的客户"), Slots("买了手机或者电脑的客户"));
  EXPECT_EQ(Slots("owners of a kitten or a puppy").connectives, (std::vector<std::string>{"or"}));
  // Without an "or", and-words only list things: these stay one question.
  EXPECT_EQ(Slots("owners who have both a kitten and a puppy"),
            Slots("owners who have a kitten and a puppy"));
  EXPECT_EQ(Slots("sales and profit by region"), Slots("sales, profit by region"));
  EXPECT_EQ(Slots("各地区的销售额和利润"), Slots("各地区的销售额、利润"));
  // Order counts: "A or B and C" is not "A and B or C".
  EXPECT_NE(Slots("red or blue and large items"), Slots("red and blue or large items"));
  // The slot survives the persistent store's round trip.
  const QuestionSlots s = Slots("a kitten or a puppy");
  EXPECT_EQ(*SlotsFromJson(SlotsToJson(s)), s);
}

TEST(SlotsTest, FilterValuesNeedAnIndex) {
  const auto index = testing::SalesIndex();
  ASSERT_NE(index, nullptr);
  const QuestionSlots bj = Slots("北京的销售额", index.get());
  EXPECT_EQ(bj.values, std::vector<std::string>{"regions.name=北京"}) << bj.Describe();
  EXPECT_NE(bj, Slots("上海的销售额", index.get()));
  EXPECT_NE(Slots("orders in North", index.get()), Slots("orders in South", index.get()));
  // Without an index the values are not recognised (the embedding still differs).
  EXPECT_TRUE(Slots("北京的销售额").values.empty());
}

// Business terms are fields: two questions that differ only in the term never share an answer.
TEST(SlotsTest, BusinessTermsAreSlots) {
  auto index = testing::SalesIndex();
  ASSERT_NE(index, nullptr);
  auto filter = [](std::string name, std::string predicate) {
    nlq::BusinessTermDef def;  // fields by name: the struct grows
    def.name = std::move(name);
    def.meaning = nlq::BusinessMeaning::kFilter;
    def.expression = std::move(predicate);
    return def;
  };
  std::vector<std::string> errors;
  index->AddBusinessTerms(
      {filter("大单", "orders.amount > 60"), filter("小单", "orders.amount <= 60")}, &errors);
  ASSERT_TRUE(errors.empty()) << errors.front();
  const QuestionSlots big = Slots("大单有多少", index.get());
  EXPECT_NE(big.Describe().find("term 大单"), std::string::npos) << big.Describe();
  EXPECT_NE(big, Slots("小单有多少", index.get()));
}

TEST(SlotsTest, DescribeNamesTheSlots) {
  EXPECT_EQ(Slots("sales by region").Describe(), "no slots");
  const std::string d = Slots("top 5 regions by total sales in 2024").Describe();
  EXPECT_NE(d.find("numbers [5, 2024]"), std::string::npos) << d;
  EXPECT_NE(d.find("top 5"), std::string::npos) << d;
  EXPECT_NE(d.find("sum"), std::string::npos) << d;
}

// Seed property: questions that differ only in one number never have equal slots.
RC_GTEST_PROP(SlotsProperty, DifferentNumbersGiveDifferentSlots,
              (const std::string& prefix, unsigned int a, unsigned int b)) {
  RC_PRE(a != b);
  const std::string suffix = *rc::gen::element<std::string>("", "个客户", "年的销售额", "orders",
                                                            "名", "天", "以上的订单");
  const std::string qa = prefix + " " + std::to_string(a) + " " + suffix;
  const std::string qb = prefix + " " + std::to_string(b) + " " + suffix;
  RC_ASSERT(!(Slots(qa) == Slots(qb)));
}

}  // namespace
}  // namespace askdb::cache
