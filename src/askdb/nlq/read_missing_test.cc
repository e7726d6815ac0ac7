#include "askdb/nlq/read_missing.h"

#include <gtest/gtest.h>

#include <memory>

#include "askdb/db/sqlite/sqlite_connector.h"
#include "askdb/nlq/engine.h"
#include "askdb/nlq/schema_index.h"
#include "askdb/nlq/test_fixture.h"

namespace askdb::nlq {
namespace {

constexpr const char* kSql = R"sql(
CREATE TABLE customers(customer_id INTEGER PRIMARY KEY, name TEXT, company TEXT);
CREATE TABLE shipments(shipment_id INTEGER PRIMARY KEY, order_date DATE, shipped_date DATE,
                       customer_id INTEGER REFERENCES customers(customer_id));
INSERT INTO customers VALUES (1,'Ann','Acme'),(2,'Bo',NULL),(3,'Cy',NULL);
INSERT INTO shipments VALUES (1,'2024-01-02','2024-01-05',1),(2,'2024-02-03',NULL,2);
)sql";

class ReadMissingTest : public testing::DbTest {
 protected:
  void SetUp() override { Open(kSql); }
};

TEST_F(ReadMissingTest, NoColumnIsIsNull) {
  for (const char* q : {"customers with no company", "customers without a company",
                        "how many customers have no company"}) {
    const Translation t = Ask(q);
    ASSERT_TRUE(t.answered) << q << ": " << t.abstain_reason;
    EXPECT_NE(t.sql.find("\"customers\".\"company\" IS NULL"), std::string::npos) << t.sql;
  }
}

TEST_F(ReadMissingTest, NotYetAndADateVerbIsIsNull) {
  const Translation t = Ask("how many shipments have not been shipped");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_NE(t.sql.find("\"shipments\".\"shipped_date\" IS NULL"), std::string::npos) << t.sql;
  EXPECT_NE(t.sql.find("COUNT("), std::string::npos) << t.sql;
}

TEST(ReadMissingFlagTest, NotAYesNoColumnIsItsOtherValue) {
  const testing::TestDb db = testing::OpenDb(
      "CREATE TABLE products(product_id INTEGER PRIMARY KEY, name TEXT,"
      " discontinued TEXT NOT NULL DEFAULT '0');"
      "INSERT INTO products VALUES (1,'a','0'),(2,'b','1'),(3,'c','0');");
  ASSERT_TRUE(db.index);
  const Translation t = Engine::Translate("how many products are not discontinued", *db.index,
                                          db.connector->dialect());
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_EQ(t.sql.find("IS NULL"), std::string::npos) << t.sql;
  EXPECT_EQ(testing::ResultRows(*db.connector, t.sql), std::vector<std::string>{"2"}) << t.sql;
}

TEST_F(ReadMissingTest, ANegationThatGoesOnIsNotAMissingColumn) {
  // "not shipped to …", "not shipped in 2024": the negation is about what follows the verb.
  for (const char* q : {"how many shipments were not shipped in 2024",
                        "how many shipments were not shipped to Ann"}) {
    const Translation t = Ask(q);
    EXPECT_EQ(t.sql.find("IS NULL"), std::string::npos) << q << ": " << t.sql;
  }
  // "not yet", "not … and": the verb ends its clause, so the date is missing.
  const Translation yet = Ask("how many shipments have not been shipped yet");
  ASSERT_TRUE(yet.answered) << yet.abstain_reason;
  EXPECT_NE(yet.sql.find("\"shipments\".\"shipped_date\" IS NULL"), std::string::npos) << yet.sql;
  // A column word followed by its own value: "not … company Acme" is company <> 'Acme'.
  const Translation value = Ask("how many customers have not company Acme");
  EXPECT_EQ(value.sql.find("IS NULL"), std::string::npos) << value.sql;
}

TEST(ReadMissingAmountTest, NoAmountIsNotNull) {
  // "products with no units in stock": 0 units, not a NULL (the column holds none).
  const testing::TestDb db = testing::OpenDb(
      "CREATE TABLE products(product_id INTEGER PRIMARY KEY, name TEXT, units_in_stock INTEGER);"
      "INSERT INTO products VALUES (1,'a',0),(2,'b',5),(3,'c',0);");
  ASSERT_TRUE(db.index);
  const Translation t =
      Engine::Translate("products with no units in stock", *db.index, db.connector->dialect());
  EXPECT_EQ(t.sql.find("IS NULL"), std::string::npos) << t.sql;
}

TEST_F(ReadMissingTest, ATableAfterNoIsNotAMissingColumn) {
  // "with no shipments" is about related rows, not a column holding nothing.
  const Translation t = Ask("customers with no shipments");
  EXPECT_EQ(t.sql.find("IS NULL"), std::string::npos) << t.sql;
  // A column of a table the question does not name is not guessed.
  std::vector<Item> items(2);
  items[0].kind = ItemKind::kKeyword;
  items[0].kw = Bit(Kw::kNot);
  items[0].text = "no";
  items[1].kind = ItemKind::kUnknown;
  items[1].text = "company";
  Query q;
  ReadMissingValues(items, q, *index_);
  EXPECT_TRUE(q.filters.empty());
  EXPECT_FALSE(items[0].used);
}

TEST(ReadMissingOwnNameTest, AColumnNamedLikeItsTableIsNotMissing) {
  // Spider's player.Player: "schools that have no players" asks for schools without player
  // rows; "player.Player IS NULL" on the inner join returned nothing at confidence 1.
  const testing::TestDb db = testing::OpenDb(
      "CREATE TABLE school(School_ID INTEGER PRIMARY KEY, School TEXT);"
      "CREATE TABLE player(Player_ID INTEGER PRIMARY KEY, Player TEXT,"
      " School_ID INTEGER REFERENCES school(School_ID));"
      "INSERT INTO school VALUES (1,'Ash'),(2,'Elm');"
      "INSERT INTO player VALUES (1,'Tim',1);");
  ASSERT_TRUE(db.index);
  const Translation t = Engine::Translate("List the schools that have no players.", *db.index,
                                          db.connector->dialect());
  EXPECT_EQ(t.sql.find("IS NULL"), std::string::npos) << t.sql;
  if (t.answered) {
    EXPECT_EQ(testing::ResultRows(*db.connector, t.sql), std::vector<std::string>{"Elm"}) << t.sql;
  }
}

class ReadMissingChineseTest : public testing::DbTest {
 protected:
  void SetUp() override {
    catalog::SemanticModel model;
    catalog::TableSemantics customers = testing::SemanticTable("customers", "客户", "customer");
    customers.columns = {testing::SemanticColumn("name", "姓名", "name"),
                         testing::SemanticColumn("company", "公司", "company")};
    catalog::TableSemantics shipments = testing::SemanticTable("shipments", "发货单", "shipment");
    model.tables = {customers, shipments};
    Open(kSql, &model);
  }
};

// 没填公司的客户, 没有公司信息的客户, 哪些客户没有公司: company IS NULL (Bo, Cy). The column's
// absence said of other rows (没有公司的发货单) is not read, and the negation abstains.
TEST_F(ReadMissingChineseTest, NoColumnIsIsNull) {
  const std::vector<std::string> bo_cy{"Bo", "Cy"};
  EXPECT_EQ(Rows("没填公司的客户有多少个"), std::vector<std::string>{"2"});
  EXPECT_EQ(Rows("没有公司信息的客户"), bo_cy);
  EXPECT_EQ(Rows("哪些客户没有公司"), bo_cy);
  EXPECT_EQ(Rows("没有填写公司的客户名单"), bo_cy);
  EXPECT_FALSE(Ask("没有公司的发货单有几个").answered);
  EXPECT_FALSE(Ask("没有公司的客户的发货单").answered);
  // 有 X 的 A: X IS NOT NULL; 有 X alone (is there one?) is not read.
  EXPECT_EQ(Rows("有公司的客户名单"), std::vector<std::string>{"Ann"});
  EXPECT_EQ(Rows("有公司信息的客户有几个"), std::vector<std::string>{"1"});
  EXPECT_FALSE(Ask("客户有公司").answered);
}

// A column that stores its own "none" (无) is not read as NULL: 没有公司 might be 无 or NULL.
TEST(ReadMissingChineseNoneTest, AColumnStoringNoneIsNotReadAsNull) {
  catalog::SemanticModel model;
  catalog::TableSemantics customers = testing::SemanticTable("customers", "客户", "customer");
  customers.columns = {testing::SemanticColumn("company", "公司", "company")};
  model.tables = {customers};
  const testing::TestDb db = testing::OpenDb(
      "CREATE TABLE customers(customer_id INTEGER PRIMARY KEY, name TEXT, company TEXT);"
      "INSERT INTO customers VALUES (1,'Ann','Acme'),(2,'Bo','无'),(3,'Cy',NULL),(4,'Di','Zeta');",
      &model);
  ASSERT_TRUE(db.index);
  const Translation t =
      Engine::Translate("没有公司的客户有几个", *db.index, db.connector->dialect());
  EXPECT_FALSE(t.answered) << t.sql;
}

TEST(VerbNamesDateColumnTest, TheVerbAColumnStartsWith) {
  IndexedColumn shipped;
  shipped.name = "ShippedDate";
  IndexedColumn hire;
  hire.name = "HireDate";
  IndexedColumn ship;
  ship.name = "ship_date";
  EXPECT_TRUE(VerbNamesDateColumn("shipped", shipped));
  EXPECT_TRUE(VerbNamesDateColumn("hired", hire));
  EXPECT_TRUE(VerbNamesDateColumn("shipped", ship));
  EXPECT_FALSE(VerbNamesDateColumn("ordered", hire));
  IndexedColumn name;
  name.name = "ShipName";
  EXPECT_FALSE(VerbNamesDateColumn("shipped", name));  // not a date
}

}  // namespace
}  // namespace askdb::nlq
