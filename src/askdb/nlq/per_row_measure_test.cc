#include "askdb/nlq/per_row_measure.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>

#include "askdb/db/sqlite/sqlite_connector.h"
#include "askdb/nlq/engine.h"
#include "askdb/nlq/schema_index.h"
#include "askdb/nlq/test_fixture.h"

namespace askdb::nlq {
namespace {

constexpr const char* kCatalogSql = R"sql(
CREATE TABLE products(product_id INTEGER PRIMARY KEY, name TEXT, category TEXT,
                      unit_price REAL);
CREATE TABLE order_lines(line_id INTEGER PRIMARY KEY,
                         product_id INTEGER REFERENCES products(product_id), amount REAL);
INSERT INTO products VALUES (1,'Chai','Drinks',18),(2,'Chang','Drinks',19),
  (3,'Tofu','Food',23.25),(4,'Pavlova','Food',17.45),(5,'Ikura','Food',31);
INSERT INTO order_lines VALUES (1,1,36),(2,1,18),(3,3,93),(4,5,31),(5,2,19),(6,4,17.45);
)sql";

class PerRowMeasureTest : public testing::DbTest {
 protected:
  void SetUp() override { Open(kCatalogSql); }
  int Column(const char* table, const char* column) const {
    return index_->FindColumn(index_->FindTable(table), column);
  }
  Query SumPriceBy(int group) const {
    Query q;
    Measure m;
    m.agg = Agg::kSum;
    m.column = Column("products", "unit_price");
    m.table = index_->FindTable("products");
    m.implicit_sum = true;
    m.column_phrase = "unit price";
    q.measures.push_back(m);
    q.group_columns.push_back(group);
    q.superlative = true;
    q.limit = 3;
    return q;
  }
};

TEST_F(PerRowMeasureTest, APriceGroupedByItsOwnRowsIsListedAndOrdered) {
  Query q = SumPriceBy(Column("products", "name"));
  std::optional<ShapeProblem> problem;
  EXPECT_EQ(ReadPerRowMeasures(q, *index_, &problem), PerRowReading::kListed);
  EXPECT_FALSE(problem);
  EXPECT_TRUE(q.measures.empty());
  EXPECT_TRUE(q.group_columns.empty());
  EXPECT_EQ(q.projections,
            (std::vector<int>{Column("products", "name"), Column("products", "unit_price")}));
  EXPECT_EQ(q.order_column, Column("products", "unit_price"));
  EXPECT_EQ(q.limit, 3);
}

TEST_F(PerRowMeasureTest, ADefaultSumOfAPriceOverSeveralRowsPerGroupIsRefused) {
  Query q = SumPriceBy(Column("products", "category"));
  std::optional<ShapeProblem> problem;
  EXPECT_EQ(ReadPerRowMeasures(q, *index_, &problem), PerRowReading::kUnchanged);
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->en.find("'unit price'"), std::string::npos) << problem->en;
  // Asked for in so many words ("total unit price by category"), the sum stays.
  q.measures[0].implicit_sum = false;
  problem.reset();
  EXPECT_EQ(ReadPerRowMeasures(q, *index_, &problem), PerRowReading::kUnchanged);
  EXPECT_FALSE(problem);
  EXPECT_EQ(q.measures.size(), 1u);
}

TEST_F(PerRowMeasureTest, AnAdditiveMeasureIsLeftSummed) {
  Query q = SumPriceBy(Column("products", "name"));
  q.measures[0].column = Column("order_lines", "amount");
  std::optional<ShapeProblem> problem;
  EXPECT_EQ(ReadPerRowMeasures(q, *index_, &problem), PerRowReading::kUnchanged);
  EXPECT_FALSE(problem);
}

TEST_F(PerRowMeasureTest, TopProductsByUnitPriceListsTheProductsEndToEnd) {
  const Translation t = Ask("top 3 products by unit price");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_EQ(t.sql.find("SUM("), std::string::npos) << t.sql;
  EXPECT_EQ(t.sql.find("GROUP BY"), std::string::npos) << t.sql;
  EXPECT_NE(t.sql.find("ORDER BY \"products\".\"unit_price\" DESC"), std::string::npos) << t.sql;
  EXPECT_NE(t.sql.find("LIMIT 3"), std::string::npos) << t.sql;
  // The answer writer is told the price column is not to be totalled.
  EXPECT_EQ(t.non_additive_columns, std::vector<std::string>{"unit price"}) << t.sql;
}

TEST_F(PerRowMeasureTest, AdditiveResultsAreNotFlagged) {
  const Translation t = Ask("top 3 products by amount");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_NE(t.sql.find("SUM(\"order_lines\".\"amount\")"), std::string::npos) << t.sql;
  EXPECT_TRUE(t.non_additive_columns.empty()) << t.non_additive_columns[0];
  const Translation avg = Ask("average amount by product");
  ASSERT_TRUE(avg.answered) << avg.abstain_reason;
  EXPECT_EQ(avg.non_additive_columns.size(), 1u) << avg.sql;
}

TEST_F(PerRowMeasureTest, UnitPriceByCategoryAbstainsNamingTheWord) {
  const Translation t = Ask("unit price by category");
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("unit price"), std::string::npos) << t.abstain_reason;
}

TEST_F(PerRowMeasureTest, AnAveragePerOwnRowIsTheAverageOverTheRows) {
  // Each product is one group: "per product" asks for the average over products.
  const Translation t = Ask("average unit price per product");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_NE(t.sql.find("AVG(\"products\".\"unit_price\")"), std::string::npos) << t.sql;
  EXPECT_EQ(t.sql.find("GROUP BY"), std::string::npos) << t.sql;
  // Grouped by another table's rows, an average stays a breakdown.
  const Translation by_product = Ask("average amount per product");
  ASSERT_TRUE(by_product.answered) << by_product.abstain_reason;
  EXPECT_NE(by_product.sql.find("GROUP BY"), std::string::npos) << by_product.sql;
  // A category holds several products: a real group.
  const Translation by_category = Ask("average unit price per category");
  ASSERT_TRUE(by_category.answered) << by_category.abstain_reason;
  EXPECT_NE(by_category.sql.find("GROUP BY"), std::string::npos) << by_category.sql;
}

TEST_F(PerRowMeasureTest, AHighestValuePerOwnRowIsRefused) {
  Query q;
  Measure m;
  m.agg = Agg::kMax;
  m.column = Column("products", "unit_price");
  q.measures.push_back(m);
  q.group_columns.push_back(Column("products", "product_id"));
  const std::optional<ShapeProblem> problem = ReadAggregatePerOwnRow(q, *index_);
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->en.find("single row of products"), std::string::npos) << problem->en;
  // Per category it is a real highest value.
  q.group_columns = {Column("products", "category")};
  EXPECT_FALSE(ReadAggregatePerOwnRow(q, *index_));
  EXPECT_EQ(q.group_columns.size(), 1u);
}

// "average store area per store type" had been grouped by each store's name beside the type
// (the table's word read as its label), then averaged over all rows, the type dropped too:
// only the rows' own groups go. A highest value per row beside a real group stays refused.
TEST_F(PerRowMeasureTest, AnAverageKeepsARealGroupBesideTheRows) {
  Query q;
  Measure m;
  m.agg = Agg::kAvg;
  m.column = Column("products", "unit_price");
  q.measures.push_back(m);
  q.group_columns = {Column("products", "category"), Column("products", "name")};
  q.group_keys = {Column("products", "product_id")};
  EXPECT_FALSE(ReadAggregatePerOwnRow(q, *index_));
  EXPECT_EQ(q.group_columns, (std::vector<int>{Column("products", "category")}));
  EXPECT_TRUE(q.group_keys.empty());
  q.measures[0].agg = Agg::kMax;
  q.group_columns = {Column("products", "category"), Column("products", "name")};
  EXPECT_TRUE(ReadAggregatePerOwnRow(q, *index_));
}

// "average freight per order in 1997": a period on the table's own date joins nothing, so
// each order is still one group and the average is over the orders.
TEST_F(PerRowMeasureTest, APeriodOnTheTablesOwnDateKeepsOneAverage) {
  Open(R"sql(
CREATE TABLE orders(order_id INTEGER PRIMARY KEY, order_date TEXT, freight REAL);
CREATE TABLE order_lines(line_id INTEGER PRIMARY KEY,
                         order_id INTEGER REFERENCES orders(order_id), quantity INTEGER);
INSERT INTO orders VALUES (1,'2023-05-01',10),(2,'2024-01-05',3),(3,'2024-02-01',5);
INSERT INTO order_lines VALUES (1,1,2),(2,2,1),(3,3,4);
)sql");
  const Translation t = Ask("average freight per order in 2024");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_EQ(t.sql.find("GROUP BY"), std::string::npos) << t.sql;
  EXPECT_EQ(Rows("average freight per order in 2024"), (std::vector<std::string>{"4"}));
}

// "total discount" had summed each order line's fraction of its price (0.05 + 0.2 + …) at
// confidence 1: a sum of fractions is no amount. The average stays.
TEST_F(PerRowMeasureTest, ATotalOfAFractionOfThePriceIsRefused) {
  Open(R"sql(
CREATE TABLE order_lines(line_id INTEGER PRIMARY KEY, unit_price REAL, quantity INTEGER,
                         discount REAL);
INSERT INTO order_lines VALUES (1,10,2,0.1),(2,5,1,0),(3,8,3,0.2);
)sql");
  const Translation t = Ask("total discount");
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("fraction"), std::string::npos) << t.abstain_reason;
  const Translation avg = Ask("average discount");
  ASSERT_TRUE(avg.answered) << avg.abstain_reason;
  EXPECT_NE(avg.sql.find("AVG("), std::string::npos) << avg.sql;
}

constexpr const char* kShippingSql = R"sql(
CREATE TABLE shippers(shipper_id INTEGER PRIMARY KEY, company_name TEXT);
CREATE TABLE orders(order_id INTEGER PRIMARY KEY, order_date DATE,
                    ship_via INTEGER REFERENCES shippers(shipper_id), freight REAL);
INSERT INTO shippers VALUES (1,'Speedy'),(2,'United');
INSERT INTO orders VALUES (1,'2024-01-02',1,10),(2,'2024-01-03',1,30),(3,'2024-01-04',2,5),
  (4,'2024-01-05',2,7),(5,'2024-01-06',2,9);
CREATE TABLE order_lines(line_id INTEGER PRIMARY KEY,
                         order_id INTEGER REFERENCES orders(order_id), quantity INTEGER);
INSERT INTO order_lines VALUES (1,1,2),(2,1,3),(3,2,1),(4,3,5),(5,4,1),(6,5,2);
)sql";

class AggregatePerOwnRowBesideALookupTest : public testing::DbTest {
 protected:
  void SetUp() override { Open(kShippingSql); }
};

TEST_F(AggregatePerOwnRowBesideALookupTest, AnAverageIsTheAverageOverTheRowsOfEachGroup) {
  // An order has one shipper: "per order" still names the rows averaged over, not a group
  // (bn7-007 had grouped by each order and its shipper: each order's own freight).
  std::vector<std::string> rows = Rows("average freight per order for each shipper");
  std::sort(rows.begin(), rows.end());
  EXPECT_EQ(rows, (std::vector<std::string>{"Speedy|20", "United|7"}));
}

TEST_F(AggregatePerOwnRowBesideALookupTest, AnAverageIsTheAverageOverTheRowsOfEachBucket) {
  // Each order has one date: grouped by the order and its month, each group was one order.
  const Translation t = Ask("average freight per order per month");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_EQ(t.sql.find("\"orders\".\"order_id\""), std::string::npos) << t.sql;
  EXPECT_EQ(testing::ResultRows(*conn_, t.sql), (std::vector<std::string>{"2024-01|12.2"}))
      << t.sql;
}

TEST_F(AggregatePerOwnRowBesideALookupTest, AHighestValuePerOwnRowIsRefused) {
  const Translation t = Ask("highest freight per order for each shipper");
  EXPECT_FALSE(t.answered) << t.sql;
  EXPECT_NE(t.abstain_reason.find("single row of orders"), std::string::npos) << t.abstain_reason;
}

}  // namespace
}  // namespace askdb::nlq
