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
  EXPECT_EQ(glossary.WordsFor({"orders"}), (Words{"订单", "下单"}));
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
  EXPECT_EQ(glossary.WordsFor({"huiyuan", "dengji"}), (Words{"等级"}));
  EXPECT_EQ(glossary.WordsFor({"dingdanjine"}), (Words{"金额"}));
  EXPECT_EQ(glossary.WordsFor({"dianpuname"})[0], "名称");
  EXPECT_EQ(glossary.WordsFor({"shoujihao"}), (Words{"手机号"}));
  // English words run together gain nothing (no pinyin part), nor do unknown syllables.
  EXPECT_TRUE(glossary.WordsFor({"storeprice"}).empty());
  EXPECT_TRUE(glossary.WordsFor({"jinexyz"}).empty());
  EXPECT_FALSE(ChineseGlossary::FromJson("{}").ok());
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

// 下单 (placing an order) names `orders` too: 从没下过单的客户 are the customers with no order.
TEST_F(ChineseGlossaryEngineTest, CustomersWhoNeverOrderedAreAnAntiJoin) {
  Open(R"sql(
CREATE TABLE customers(customer_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE orders(order_id INTEGER PRIMARY KEY, order_date TEXT,
                    customer_id INTEGER REFERENCES customers(customer_id));
INSERT INTO customers VALUES (1,'Ann'),(2,'Bob'),(3,'Cy');
INSERT INTO orders VALUES (1,'2024-01-05',1),(2,'2024-01-06',1),(3,'2024-02-01',3);
)sql");
  EXPECT_EQ(Rows("从没下过单的客户有哪些"), (Words{"Bob"}));
  EXPECT_EQ(Rows("没有下过单的客户"), (Words{"Bob"}));
}

}  // namespace
}  // namespace askdb::nlq
