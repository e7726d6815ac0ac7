// Chinese words over English schemas (chinese_glossary.h, data/nlq/glossary_zh.json): with no
// semantic model, 订单 names `orders` and 单价 `unit_price`; a word two columns of one table
// would gain names neither; a semantic model's own name wins over the glossary's.
#include "askdb/nlq/chinese_glossary.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "askdb/nlq/engine.h"
#include "askdb/nlq/schema_index.h"
#include "askdb/nlq/test_fixture.h"
#include "askdb/nlq/tokenizer.h"

namespace askdb::nlq {
namespace {

using Words = std::vector<std::string>;

TEST(ChineseGlossaryTest, ReadsTheWholeNameThenItsTail) {
  const ChineseGlossary& glossary = ChineseGlossary::Builtin();
  EXPECT_EQ(glossary.WordsFor({"unit", "price"}), (Words{"单价"}));
  EXPECT_EQ(glossary.WordsFor({"orders"}), (Words{"订单"}));
  EXPECT_EQ(glossary.WordsFor({"first", "order", "date"})[0], "下单日期");
  EXPECT_EQ(glossary.WordsFor({"main", "store"})[0], "门店");
  EXPECT_TRUE(glossary.WordsFor({"zzz"}).empty());
  EXPECT_TRUE(glossary.WordsFor({}).empty());
  EXPECT_FALSE(ChineseGlossary::FromJson(R"({"words": {"price": "价格"}})").ok());
  EXPECT_FALSE(ChineseGlossary::FromJson(R"({"price": ["价格"]})").ok());
}

// Pinyin names (data/nlq/pinyin_zh.json): whole words, their tails, and words run together.
TEST(ChineseGlossaryTest, ReadsPinyinNamesAndTheirParts) {
  const ChineseGlossary& glossary = ChineseGlossary::Builtin();
  EXPECT_EQ(glossary.WordsFor({"mendian"}), (Words{"门店"}));
  EXPECT_EQ(glossary.WordsFor({"huiyuan", "dengji"}, {"huiyuan"}), (Words{"等级"}));
  EXPECT_EQ(glossary.WordsFor({"dingdanjine"}, {"dingdan"}), (Words{"金额"}));
  EXPECT_EQ(glossary.WordsFor({"dianpuname"}, {"dianpu"})[0], "名称");
  EXPECT_EQ(glossary.WordsFor({"shoujihao"}), (Words{"手机号"}));
  // English words run together gain nothing (no pinyin part), nor do unknown syllables.
  EXPECT_TRUE(glossary.WordsFor({"storeprice"}).empty());
  EXPECT_TRUE(glossary.WordsFor({"dingdanxyz"}).empty());
  EXPECT_FALSE(ChineseGlossary::FromJson("{}").ok());
  StatusOr<ChineseGlossary> own = ChineseGlossary::FromJson(R"({"words": {"price": ["价格"]}})");
  ASSERT_TRUE(own.ok());
  EXPECT_FALSE(own->AddPinyinJson("{}").ok());
  EXPECT_FALSE(own->AddPinyinJson(R"({"words": {"jine": "金额"}})").ok());
  EXPECT_FALSE(own->AddPinyinJson(R"({"words": {"jine": [""]}})").ok());
  EXPECT_TRUE(own->AddPinyinJson(R"({"words": {"jine": ["金额"]}})").ok());
  EXPECT_EQ(own->WordsFor({"jine"}), (Words{"金额"}));
}

// A tail read without the word before it that has an entry of its own is that kind of the tail:
// the refund's amount (退款金额), not any amount; the table's own word before it stays dropped.
TEST(ChineseGlossaryTest, AWordBeforeTheTailSaysWhichKind) {
  const ChineseGlossary& glossary = ChineseGlossary::Builtin();
  EXPECT_EQ(glossary.WordsFor({"tuikuan", "jine"}), (Words{"退款金额"}));
  EXPECT_EQ(glossary.WordsFor({"zhekoujine"}), (Words{"折扣金额"}));
  EXPECT_EQ(glossary.WordsFor({"chengbenjiage"}), (Words{"成本价格"}));
  EXPECT_EQ(glossary.WordsFor({"dingdan", "jine"}, {"dingdan"}), (Words{"金额"}));
  EXPECT_EQ(glossary.WordsFor({"dingdanjine"}, {"orders"}), (Words{"金额"}));
  EXPECT_EQ(glossary.WordsFor({"zzz", "jine"}), (Words{"金额"}));
}

constexpr const char* kOrdersSql = R"sql(
CREATE TABLE stores(store_id INTEGER PRIMARY KEY, name TEXT, city TEXT);
CREATE TABLE orders(order_id INTEGER PRIMARY KEY, order_date TEXT, unit_price REAL,
                    quantity INTEGER, price REAL, base_price REAL,
                    store_id INTEGER REFERENCES stores(store_id));
INSERT INTO stores VALUES (1,'A','Shanghai'),(2,'B','Beijing');
INSERT INTO orders VALUES (1,'2024-01-05',10,2,12,9,1),(2,'2024-01-06',30,1,35,28,1),
                          (3,'2024-02-01',20,5,22,18,2);
)sql";

class ChineseGlossaryEngineTest : public testing::DbTest {};

TEST_F(ChineseGlossaryEngineTest, ChineseWordsNameEnglishTablesAndColumns) {
  Open(kOrdersSql);
  EXPECT_EQ(Rows("订单有多少个"), (Words{"3"}));
  const Translation highest = Ask("单价最高的订单");
  ASSERT_TRUE(highest.answered) << highest.abstain_reason;
  EXPECT_NE(highest.sql.find("\"unit_price\""), std::string::npos) << highest.sql;
  EXPECT_EQ(Rows("单价超过15的订单有几个"), (Words{"2"}));
  EXPECT_LT(highest.confidence, 1.0) << "a glossary word is weaker than the schema's own name";
}

// price and base_price both gain 价格 (price → 价格, 售价): no column is 价格 of orders.
TEST_F(ChineseGlossaryEngineTest, AWordTwoColumnsOfATableWouldGainAbstains) {
  Open(kOrdersSql);
  const std::vector<int>* terms = index_->FindTerms(PhraseKey("价格"));
  ASSERT_NE(terms, nullptr);
  EXPECT_EQ(terms->size(), 2u);
  const Translation t = Ask("价格最高的订单");
  EXPECT_FALSE(t.answered) << t.sql;
}

TEST_F(ChineseGlossaryEngineTest, ASemanticModelsNameWins) {
  catalog::TableSemantics orders = testing::SemanticTable("orders", "订单", "orders");
  orders.columns = {testing::SemanticColumn("base_price", "单价", "unit price")};
  catalog::SemanticModel model;
  model.tables = {orders};
  Open(kOrdersSql, &model);
  const std::vector<int>* terms = index_->FindTerms(PhraseKey("单价"));
  ASSERT_NE(terms, nullptr);
  for (int id : *terms) EXPECT_NE(index_->terms()[id].source, "glossary");
  const Translation t = Ask("单价最高的订单");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_NE(t.sql.find("\"base_price\""), std::string::npos) << t.sql;
  EXPECT_EQ(t.sql.find("\"unit_price\""), std::string::npos) << t.sql;
}

// A shop schema named in pinyin: 门店 names `mendian`, 订单 names `dingdan`.
TEST_F(ChineseGlossaryEngineTest, PinyinTablesAnswerChineseQuestions) {
  Open(R"sql(
CREATE TABLE mendian(mendian_id INTEGER PRIMARY KEY, mingcheng TEXT, chengshi TEXT);
CREATE TABLE dingdan(dingdan_id INTEGER PRIMARY KEY, xiadan_riqi TEXT, jine REAL,
                     mendian_id INTEGER REFERENCES mendian(mendian_id));
INSERT INTO mendian VALUES (1,'A','上海'),(2,'B','北京');
INSERT INTO dingdan VALUES (1,'2024-01-05',10,1),(2,'2024-01-06',30,1),(3,'2024-02-01',20,2);
)sql");
  const Translation t = Ask("各门店的订单数");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_NE(t.sql.find("\"dingdan\""), std::string::npos) << t.sql;
  EXPECT_NE(t.sql.find("GROUP BY"), std::string::npos) << t.sql;
  EXPECT_EQ(Rows("上海的门店有几个"), (Words{"1"}));
}

constexpr const char* kCustomerOrdersSql = R"sql(
CREATE TABLE customers(customer_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE orders(order_id INTEGER PRIMARY KEY, order_date TEXT, amount REAL,
                    customer_id INTEGER REFERENCES customers(customer_id));
INSERT INTO customers VALUES (1,'Ann'),(2,'Bob'),(3,'Cy');
INSERT INTO orders VALUES (1,'2024-01-05',10,1),(2,'2024-01-06',20,1),(3,'2024-02-01',50,3);
)sql";

// 下单 (placing an order) after 没/没有 is the orders' word: 从没下过单的客户 are the customers
// with no order.
TEST_F(ChineseGlossaryEngineTest, CustomersWhoNeverOrderedAreAnAntiJoin) {
  Open(kCustomerOrdersSql);
  EXPECT_EQ(Rows("从没下过单的客户有哪些"), (Words{"Bob"}));
  EXPECT_EQ(Rows("没有下过单的客户"), (Words{"Bob"}));
}

// 下单 is no word of the orders table elsewhere: 下单金额 is the orders' amount.
TEST_F(ChineseGlossaryEngineTest, TheAmountOfOrdersPlacedIsTheOrdersAmount) {
  Open(kCustomerOrdersSql);
  const Translation top = Ask("下单金额最高的客户");
  ASSERT_TRUE(top.answered) << top.abstain_reason;
  EXPECT_NE(top.sql.find("SUM(\"orders\".\"amount\")"), std::string::npos) << top.sql;
  EXPECT_EQ(Rows("Ann的下单金额"), (Words{"30"}));
}

// dingdan(shifu, tuikuan_jine): 金额 of the refunds is 退款金额, so 订单总金额 never sums refunds.
TEST_F(ChineseGlossaryEngineTest, ARefundAmountIsNoOrderAmount) {
  Open(R"sql(
CREATE TABLE dingdan(dingdanid INTEGER PRIMARY KEY, xiadan_riqi TEXT, shifu REAL,
                     tuikuan_jine REAL, zhekoujine REAL, yunfei REAL);
INSERT INTO dingdan VALUES (1,'2024-01-05',100,10,5,8),(2,'2024-02-06',200,0,0,8);
)sql");
  for (const char* question : {"订单总金额", "按月的订单金额", "订单的金额"}) {
    const Translation t = Ask(question);
    EXPECT_EQ(t.sql.find("tuikuan_jine"), std::string::npos) << question << ": " << t.sql;
    EXPECT_EQ(t.sql.find("zhekoujine"), std::string::npos) << question << ": " << t.sql;
  }
  const Translation refunds = Ask("退款金额总和");
  ASSERT_TRUE(refunds.answered) << refunds.abstain_reason;
  EXPECT_NE(refunds.sql.find("SUM(\"dingdan\".\"tuikuan_jine\")"), std::string::npos)
      << refunds.sql;
}

// mingcheng names a pinyin table's rows; dianzhang_xingming is the manager's name, not the
// store's; xingming alone names a member.
TEST_F(ChineseGlossaryEngineTest, PinyinNameColumnsLabelTheirOwnRows) {
  Open(R"sql(
CREATE TABLE mendian(mendianid INTEGER PRIMARY KEY, dianzhang_xingming TEXT, mingcheng TEXT,
                     chengshi TEXT);
CREATE TABLE huiyuan(huiyuanid INTEGER PRIMARY KEY, dengji TEXT, xingming TEXT);
CREATE TABLE dingdan(dingdanid INTEGER PRIMARY KEY, riqi TEXT, jine REAL,
                     mendianid INTEGER REFERENCES mendian(mendianid),
                     huiyuanid INTEGER REFERENCES huiyuan(huiyuanid));
INSERT INTO mendian VALUES (1,'王经理','东店','上海'),(2,'李经理','西店','北京');
INSERT INTO huiyuan VALUES (1,'金卡','Ann'),(2,'银卡','Bob');
INSERT INTO dingdan VALUES (1,'2024-01-05',10,1,1),(2,'2024-01-06',30,1,2),
                           (3,'2024-02-01',20,2,1);
)sql");
  for (const char* question : {"订单数最多的门店", "列出所有门店"}) {
    const Translation t = Ask(question);
    ASSERT_TRUE(t.answered) << question << ": " << t.abstain_reason;
    EXPECT_NE(t.sql.find("\"mendian\".\"mingcheng\""), std::string::npos) << t.sql;
    EXPECT_EQ(t.sql.find("dianzhang_xingming"), std::string::npos) << t.sql;
  }
  const Translation members = Ask("每个会员的订单数");
  ASSERT_TRUE(members.answered) << members.abstain_reason;
  EXPECT_NE(members.sql.find("\"huiyuan\".\"xingming\""), std::string::npos) << members.sql;
}

}  // namespace
}  // namespace askdb::nlq
