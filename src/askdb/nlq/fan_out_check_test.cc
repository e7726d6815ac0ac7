#include "askdb/nlq/fan_out_check.h"

#include <gtest/gtest.h>

#include "askdb/db/sqlite/sqlite_connector.h"
#include "askdb/nlq/test_fixture.h"

namespace askdb::nlq {
namespace {

class FanOutCheckTest : public ::testing::Test {
 protected:
  void SetUp() override { shop_ = testing::OpenShop(); }
  int Table(const char* name) const { return shop_.index->FindTable(name); }
  JoinTree Tree(const char* root, std::vector<int> needed) const {
    auto tree = FindJoinTree(*shop_.index, Table(root), needed);
    EXPECT_TRUE(tree);
    return *tree;
  }
  Measure Of(Agg agg, const char* table, const char* column = nullptr) const {
    Measure m;
    m.agg = agg;
    m.table = Table(table);
    if (column) m.column = shop_.index->FindColumn(m.table, column);
    return m;
  }
  testing::Shop shop_;
};

// regions ← stores ← orders ← items: an order appears once per item.
TEST_F(FanOutCheckTest, AJoinRepeatsTheRowsOnTheOneSideOfAOneToManyStep) {
  const JoinTree down = Tree("orders", {Table("items")});
  EXPECT_TRUE(JoinRepeatsRows(down, *shop_.index, Table("orders")));
  EXPECT_FALSE(JoinRepeatsRows(down, *shop_.index, Table("items")));
  // From the lines up: the lines are not repeated, every looked-up table is.
  const JoinTree up = Tree("items", {Table("regions")});
  EXPECT_FALSE(JoinRepeatsRows(up, *shop_.index, Table("items")));
  EXPECT_TRUE(JoinRepeatsRows(up, *shop_.index, Table("orders")));
  EXPECT_TRUE(JoinRepeatsRows(up, *shop_.index, Table("regions")));
  // Lookups only: the orders are not repeated.
  EXPECT_FALSE(JoinRepeatsRows(Tree("orders", {Table("regions")}), *shop_.index, Table("orders")));
}

TEST_F(FanOutCheckTest, ACountOfRepeatedRowsCountsTheirKeyOnce) {
  const JoinTree down = Tree("orders", {Table("items")});
  const int key = shop_.index->FindColumn(Table("orders"), "order_id");
  EXPECT_EQ(DistinctCountKey(Of(Agg::kCount, "orders"), down, *shop_.index), key);
  EXPECT_EQ(DistinctCountKey(Of(Agg::kCount, "orders", "order_id"), down, *shop_.index), key);
  EXPECT_EQ(DistinctCountKey(Of(Agg::kCount, "items"), down, *shop_.index), -1);
  EXPECT_EQ(
      DistinctCountKey(Of(Agg::kCount, "orders"), Tree("orders", {Table("regions")}), *shop_.index),
      -1);
  EXPECT_FALSE(FindRepeatedRowsMeasure({Of(Agg::kCount, "orders")}, down, *shop_.index));
}

TEST_F(FanOutCheckTest, ASumOrACountOfAColumnOverRepeatedRowsIsRefused) {
  const JoinTree up = Tree("items", {Table("orders")});
  const auto sum = FindRepeatedRowsMeasure(
      {Of(Agg::kSum, "items", "qty"), Of(Agg::kSum, "orders", "amount")}, up, *shop_.index);
  ASSERT_TRUE(sum);
  EXPECT_NE(sum->en.find("orders"), std::string::npos) << sum->en;
  EXPECT_TRUE(FindRepeatedRowsMeasure({Of(Agg::kAvg, "orders", "amount")}, up, *shop_.index));
  EXPECT_TRUE(FindRepeatedRowsMeasure({Of(Agg::kCount, "orders", "channel")}, up, *shop_.index));
  // Unchanged by repeats: a highest value, a distinct count, the lines' own sum.
  EXPECT_FALSE(FindRepeatedRowsMeasure({Of(Agg::kMax, "orders", "amount")}, up, *shop_.index));
  Measure channels = Of(Agg::kCount, "orders", "channel");
  channels.distinct = true;
  EXPECT_FALSE(FindRepeatedRowsMeasure({channels}, up, *shop_.index));
  EXPECT_FALSE(FindRepeatedRowsMeasure({Of(Agg::kSum, "items", "qty")}, up, *shop_.index));
}

TEST(FanOutCheck, RowsWithNoSingleKeyAreNotCountedOverAFanOut) {
  const auto idx =
      testing::OpenDb(
          "CREATE TABLE visit(code TEXT, day TEXT, PRIMARY KEY(code, day));"
          "CREATE TABLE note(id INTEGER PRIMARY KEY, code TEXT REFERENCES visit(code));")
          .index;
  ASSERT_TRUE(idx);
  const auto tree = FindJoinTree(*idx, idx->FindTable("visit"), {idx->FindTable("note")});
  ASSERT_TRUE(tree);
  ASSERT_TRUE(tree->HasFanOut());
  Measure visits;
  visits.agg = Agg::kCount;
  visits.table = idx->FindTable("visit");
  EXPECT_EQ(DistinctCountKey(visits, *tree, *idx), -1);
  EXPECT_TRUE(FindRepeatedRowsMeasure({visits}, *tree, *idx));
}

// An extension table sharing its parent's key (one row each side) repeats nothing.
TEST(FanOutCheck, AReferenceByTheTablesOwnKeyIsOneToOne) {
  const auto idx =
      testing::OpenDb(
          "CREATE TABLE person(id INTEGER PRIMARY KEY, name TEXT, wage REAL);"
          "CREATE TABLE player(id INTEGER PRIMARY KEY REFERENCES person(id), rank INTEGER);")
          .index;
  ASSERT_TRUE(idx);
  const int person = idx->FindTable("person");
  const auto tree = FindJoinTree(*idx, person, {idx->FindTable("player")});
  ASSERT_TRUE(tree);
  EXPECT_FALSE(JoinRepeatsRows(*tree, *idx, person));
  Measure wages;
  wages.agg = Agg::kSum;
  wages.table = person;
  wages.column = idx->FindColumn(person, "wage");
  EXPECT_FALSE(FindRepeatedRowsMeasure({wages}, *tree, *idx));
}

// Two customers named 张伟, the first with two invoices over 20: a list of the customers
// through their invoices shows each customer once, and both of them (SELECT DISTINCT showed
// one 张伟).
class RepeatedListTest : public testing::DbTest {};

TEST_F(RepeatedListTest, AChineseListThroughAJoinKeepsTwoRowsThatShareAName) {
  Open(
      "CREATE TABLE 客户(客户编号 INTEGER PRIMARY KEY, 姓名 TEXT);"
      "CREATE TABLE 发票(发票编号 INTEGER PRIMARY KEY,"
      " 客户编号 INTEGER REFERENCES 客户(客户编号), 发票金额 REAL);"
      "INSERT INTO 客户 VALUES (1,'张伟'),(2,'张伟'),(3,'李娜');"
      "INSERT INTO 发票 VALUES (1,1,25),(2,1,30),(3,2,21),(4,3,5);");
  options_.confidence_threshold = 0.1;
  const Translation t = Ask("发票金额大于20的客户");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_EQ(t.sql.find("DISTINCT"), std::string::npos) << t.sql;
  EXPECT_EQ(testing::ResultRows(*conn_, t.sql), (std::vector<std::string>{"张伟", "张伟"}))
      << t.sql;
}

// The English list of a table's rows named by the table ("customers with …") is each row once
// too, also ordered by a column of its own; columns asked for by name ("names of customers")
// keep one row per match, as Spider's golds do.
constexpr const char* kInvoicesSql =
    "CREATE TABLE customers(customer_id INTEGER PRIMARY KEY, name TEXT, country TEXT);"
    "CREATE TABLE invoices(invoice_id INTEGER PRIMARY KEY, invoice_date DATE,"
    " customer_id INTEGER REFERENCES customers(customer_id), total REAL);"
    "INSERT INTO customers VALUES (1,'Ann','France'),(2,'Ann','Brazil'),(3,'Bob','Chile');"
    "INSERT INTO invoices VALUES (1,'2024-01-01',1,25),(2,'2024-01-02',1,30),"
    "(3,'2024-01-03',2,21),(4,'2024-01-04',3,5);";

TEST_F(RepeatedListTest, AnEnglishListOfATablesRowsIsEachRowOnce) {
  Open(kInvoicesSql);
  const Translation t = Ask("customers with an invoice total over 20");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_EQ(testing::ResultRows(*conn_, t.sql), (std::vector<std::string>{"Ann", "Ann"})) << t.sql;
  const Translation ordered = Ask("customers with an invoice total over 20 sorted by country");
  ASSERT_TRUE(ordered.answered) << ordered.abstain_reason;
  EXPECT_EQ(testing::ResultRows(*conn_, ordered.sql), (std::vector<std::string>{"Ann", "Ann"}))
      << ordered.sql;
  EXPECT_NE(ordered.sql.find("ORDER BY \"customers\".\"country\""), std::string::npos)
      << ordered.sql;
}

}  // namespace
}  // namespace askdb::nlq
