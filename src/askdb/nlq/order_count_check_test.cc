// 多少单 counts orders (order_count_check.h): a count said in 单 over customers abstains; over
// the orders it stays answered.
#include "askdb/nlq/order_count_check.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "askdb/nlq/engine.h"
#include "askdb/nlq/test_fixture.h"

namespace askdb::nlq {
namespace {

constexpr const char* kPrintShopSql = R"sql(
CREATE TABLE 客户(客户编号 INTEGER PRIMARY KEY, 客户名称 TEXT, 行业 TEXT);
CREATE TABLE 印刷订单(订单号 INTEGER PRIMARY KEY, 客户编号 INTEGER REFERENCES 客户(客户编号),
                      合同金额 REAL);
INSERT INTO 客户 VALUES (1,'甲','教育'),(2,'乙','教育'),(3,'丙','医药');
INSERT INTO 印刷订单 VALUES (1,1,100),(2,1,200),(3,1,50),(4,3,80);
)sql";

class OrderCountCheckTest : public testing::DbTest {};

TEST_F(OrderCountCheckTest, OrdersCountedAsCustomersAbstains) {
  Open(kPrintShopSql);
  const Translation t = Ask("每个行业的客户各下了多少单");
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("多少单"), std::string::npos) << t.abstain_reason;
}

TEST_F(OrderCountCheckTest, OrdersCountedAsOrdersStays) {
  Open(kPrintShopSql);
  EXPECT_EQ(Rows("印刷订单有多少单"), (std::vector<std::string>{"4"}));
  const Translation t = Ask("各行业的订单数");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_NE(t.sql.find("FROM \"印刷订单\""), std::string::npos) << t.sql;
}

TEST_F(OrderCountCheckTest, OtherCountWordsAreNotChecked) {
  Open(kPrintShopSql);
  EXPECT_EQ(Rows("教育行业的客户有多少个"), (std::vector<std::string>{"2"}));
}

// 单数 after a noun is that noun's count (交易单数: transactions), not a count of orders.
TEST_F(OrderCountCheckTest, ANounBeforeTheCountWordIsWhatIsCounted) {
  Open(R"sql(
CREATE TABLE stores(store_id INTEGER PRIMARY KEY, name TEXT, city TEXT);
CREATE TABLE transactions(txn_id INTEGER PRIMARY KEY, txn_date TEXT, amount REAL,
                          store_id INTEGER REFERENCES stores(store_id));
INSERT INTO stores VALUES (1,'A','上海'),(2,'B','北京');
INSERT INTO transactions VALUES (1,'2024-01-05',10,1),(2,'2024-01-06',30,1),(3,'2024-02-01',20,2);
)sql");
  const Translation t = Ask("每个门店的交易单数");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_NE(t.sql.find("FROM \"transactions\""), std::string::npos) << t.sql;
}

}  // namespace
}  // namespace askdb::nlq
