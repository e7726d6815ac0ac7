// Money words with no semantic model (schema_index.cc AddInferredMoneyWords): the one money
// column, else the one order-line table's price × quantity × (1 − discount).
#include <gtest/gtest.h>

#include <memory>

#include "askdb/db/sqlite/sqlite_connector.h"
#include "askdb/nlq/engine.h"
#include "askdb/nlq/schema_index.h"

namespace askdb::nlq {
namespace {

constexpr const char* kLinesSql = R"sql(
CREATE TABLE orders(order_id INTEGER PRIMARY KEY, order_date TEXT, freight REAL);
CREATE TABLE order_lines(order_id INTEGER REFERENCES orders(order_id), product TEXT,
                         unit_price REAL, quantity INTEGER, discount REAL);
INSERT INTO orders VALUES (1,'2024-01-05',3),(2,'2025-02-01',4);
INSERT INTO order_lines VALUES (1,'tea',10,2,0),(1,'cake',5,4,0.5),(2,'tea',10,1,0);
)sql";

Translation AskOn(const char* sql, const char* question) {
  auto conn = db::SqliteConnector::OpenInMemory(sql);
  EXPECT_TRUE(conn.ok()) << conn.status().ToString();
  auto index = BuildSchemaIndex(**conn, nullptr);
  EXPECT_TRUE(index.ok()) << index.status().ToString();
  return Engine::Translate(question, *index, (*conn)->dialect());
}

TEST(InferredMoneyTest, RevenueIsPriceTimesQuantityLessTheDiscount) {
  const Translation t = AskOn(kLinesSql, "total revenue");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_NE(t.sql.find("\"order_lines\".\"unit_price\" * \"order_lines\".\"quantity\""),
            std::string::npos)
      << t.sql;
  EXPECT_NE(t.sql.find("(1 - \"order_lines\".\"discount\")"), std::string::npos) << t.sql;
  const Translation zh = AskOn(kLinesSql, "2024年的销售额");
  ASSERT_TRUE(zh.answered) << zh.abstain_reason;
  EXPECT_NE(zh.sql.find("\"orders\".\"order_date\" >= '2024-01-01'"), std::string::npos) << zh.sql;
}

TEST(InferredMoneyTest, ADiscountThatIsAnAmountOrTwoLineTablesAreNotGuessed) {
  std::string amount = kLinesSql;
  amount.replace(amount.find("discount REAL"), 13, "discount_amount REAL");
  EXPECT_FALSE(AskOn(amount.c_str(), "total revenue").answered);
  // Lines of two dated documents (orders and quotes): which lines are the revenue is a guess.
  std::string two = std::string(kLinesSql) +
                    "CREATE TABLE quotes(quote_id INTEGER PRIMARY KEY, quote_date TEXT);"
                    "CREATE TABLE quote_lines(id INTEGER PRIMARY KEY, unit_price REAL, qty INT,"
                    " quote_id INTEGER REFERENCES quotes(quote_id));";
  EXPECT_FALSE(AskOn(two.c_str(), "total revenue").answered);
}

// A catalogue with a unit price and a stock quantity has the columns of order lines
// (products.unit_price, stock_quantity); the lines are those of a dated document. "revenue"
// abstained on a furniture shop because two tables looked like lines.
TEST(InferredMoneyTest, ACatalogueWithAStockQuantityIsNoOrderLines) {
  const std::string sql = std::string(kLinesSql) +
                          "CREATE TABLE products(product_id INTEGER PRIMARY KEY, name TEXT, "
                          "unit_price REAL, stock_quantity INTEGER);"
                          "INSERT INTO products VALUES (1,'tea',10,50),(2,'cake',5,0);";
  const Translation t = AskOn(sql.c_str(), "total revenue in 2024");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_NE(t.sql.find("\"order_lines\".\"unit_price\" * \"order_lines\".\"quantity\""),
            std::string::npos)
      << t.sql;
  EXPECT_EQ(t.sql.find("\"products\""), std::string::npos) << t.sql;
}

// Money the business pays out is never its revenue: a course marketplace's payouts to
// instructors were "revenue" at 1.00 (the one amount column); the price each enrollment was
// sold at is the money taken. Lines bought from a supplier are no sold lines; a customer's
// purchases are the sales (purchases.amount, purchase_items' price × quantity).
TEST(InferredMoneyTest, MoneyPaidOutIsNoRevenue) {
  constexpr const char* kCourses = R"sql(
CREATE TABLE instructors(instructor_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE courses(course_id INTEGER PRIMARY KEY, title TEXT, price REAL,
                     instructor_id INTEGER REFERENCES instructors(instructor_id));
CREATE TABLE enrollments(enrollment_id INTEGER PRIMARY KEY, enrollment_date TEXT,
                         course_id INTEGER REFERENCES courses(course_id), sale_price REAL);
CREATE TABLE payouts(payout_id INTEGER PRIMARY KEY, payout_date TEXT, amount REAL,
                     instructor_id INTEGER REFERENCES instructors(instructor_id));
INSERT INTO instructors VALUES (1,'Ann'),(2,'Bo');
INSERT INTO courses VALUES (1,'SQL',50,1),(2,'Go',80,2);
INSERT INTO enrollments VALUES (1,'2024-01-02',1,45),(2,'2024-02-03',2,80),(3,'2024-03-01',1,50);
INSERT INTO payouts VALUES (1,'2024-01-31',30,1),(2,'2024-02-29',40,2);
)sql";
  const Translation t = AskOn(kCourses, "Which instructor brought in the most revenue in 2024?");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_NE(t.sql.find("SUM(\"enrollments\".\"sale_price\")"), std::string::npos) << t.sql;
  EXPECT_EQ(t.sql.find("payouts"), std::string::npos) << t.sql;
  const std::string only_payouts = std::string(kCourses) + "DROP TABLE enrollments;";
  EXPECT_FALSE(AskOn(only_payouts.c_str(), "total revenue in 2024").answered);
  constexpr const char* kBought =
      "CREATE TABLE suppliers(supplier_id INTEGER PRIMARY KEY, name TEXT);"
      "CREATE TABLE purchase_orders(po_id INTEGER PRIMARY KEY, order_date TEXT, "
      "supplier_id INTEGER REFERENCES suppliers(supplier_id));"
      "CREATE TABLE purchase_order_lines(line_id INTEGER PRIMARY KEY, unit_price REAL, "
      "quantity INTEGER, po_id INTEGER REFERENCES purchase_orders(po_id));"
      "INSERT INTO suppliers VALUES (1,'Acme');"
      "INSERT INTO purchase_orders VALUES (1,'2024-01-01',1);"
      "INSERT INTO purchase_order_lines VALUES (1,2.5,10,1);";
  EXPECT_FALSE(AskOn(kBought, "total revenue").answered);
  // A bicycle shop's customers' purchases are its sales.
  constexpr const char* kShop = R"sql(
CREATE TABLE customers(customer_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE purchases(purchase_id INTEGER PRIMARY KEY, purchase_date TEXT, amount REAL,
                       customer_id INTEGER REFERENCES customers(customer_id));
INSERT INTO customers VALUES (1,'Ann'),(2,'Bo');
INSERT INTO purchases VALUES (1,'2025-01-05',100,1),(2,'2025-02-03',40,2),(3,'2025-02-20',60,1);
)sql";
  for (const char* q : {"total revenue", "total sales in February 2025", "revenue by month"}) {
    const Translation sales = AskOn(kShop, q);
    ASSERT_TRUE(sales.answered) << q << ": " << sales.abstain_reason;
    EXPECT_NE(sales.sql.find("SUM(\"purchases\".\"amount\")"), std::string::npos) << sales.sql;
  }
  constexpr const char* kShopLines = R"sql(
CREATE TABLE customers(customer_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE purchases(purchase_id INTEGER PRIMARY KEY, purchase_date TEXT,
                       customer_id INTEGER REFERENCES customers(customer_id));
CREATE TABLE purchase_items(item_id INTEGER PRIMARY KEY, product TEXT, quantity INTEGER,
                            unit_price REAL,
                            purchase_id INTEGER REFERENCES purchases(purchase_id));
INSERT INTO customers VALUES (1,'Ann');
INSERT INTO purchases VALUES (1,'2025-01-05',1),(2,'2025-02-03',1);
INSERT INTO purchase_items VALUES (1,'bell',2,10,1),(2,'lamp',1,25,2),(3,'tyre',4,30,2);
)sql";
  const Translation lines = AskOn(kShopLines, "total revenue");
  ASSERT_TRUE(lines.answered) << lines.abstain_reason;
  EXPECT_NE(lines.sql.find("\"purchase_items\".\"unit_price\" * \"purchase_items\".\"quantity\""),
            std::string::npos)
      << lines.sql;
}

// A price a row was sold at is the money taken only where each row is one thing sold: no order
// lines hold the sales, no other rows point to the table (a catalogue, a dealer's vehicles), the
// table is dated by the sale, and no column may be how many were sold.
TEST(InferredMoneyTest, APriceSoldAtIsMoneyOnlyOnARowOfOneSale) {
  // A dated catalogue's price beside real order lines: the lines are the revenue.
  constexpr const char* kCatalogue = R"sql(
CREATE TABLE products(product_id INTEGER PRIMARY KEY, name TEXT, selling_price REAL,
                      cost_price REAL, launch_date TEXT);
CREATE TABLE orders(order_id INTEGER PRIMARY KEY, customer_name TEXT, order_date TEXT);
CREATE TABLE order_items(item_id INTEGER PRIMARY KEY, quantity INTEGER, unit_price REAL,
                         order_id INTEGER REFERENCES orders(order_id),
                         product_id INTEGER REFERENCES products(product_id));
INSERT INTO products VALUES (1,'desk',300,200,'2024-01-01'),(2,'lamp',40,20,'2024-03-01');
INSERT INTO orders VALUES (1,'Ann','2025-01-05'),(2,'Bo','2025-02-03');
INSERT INTO order_items VALUES (1,2,290,1,1),(2,3,40,2,2);
)sql";
  for (const char* q : {"total revenue", "revenue by month", "top 1 product by revenue"}) {
    const Translation t = AskOn(kCatalogue, q);
    ASSERT_TRUE(t.answered) << q << ": " << t.abstain_reason;
    EXPECT_NE(t.sql.find("\"order_items\".\"unit_price\" * \"order_items\".\"quantity\""),
              std::string::npos)
        << t.sql;
    EXPECT_EQ(t.sql.find("selling_price"), std::string::npos) << t.sql;
    EXPECT_EQ(t.sql.find("launch_date"), std::string::npos) << t.sql;
  }
  // A dealer: the price it paid for a vehicle is no revenue; the sale's price is no price sold.
  constexpr const char* kDealer = R"sql(
CREATE TABLE vehicles(vehicle_id INTEGER PRIMARY KEY, make TEXT, acquired_on TEXT,
                      price_paid REAL);
CREATE TABLE sales(sale_id INTEGER PRIMARY KEY, sale_date TEXT, price REAL,
                   vehicle_id INTEGER REFERENCES vehicles(vehicle_id));
INSERT INTO vehicles VALUES (1,'VW','2024-01-02',9000),(2,'BMW','2024-02-02',20000);
INSERT INTO sales VALUES (1,'2024-03-01',12000,1);
)sql";
  EXPECT_FALSE(AskOn(kDealer, "total revenue").answered);
  // A sale of several units: the price is per unit, the money units × price.
  for (const char* count : {"units", "num_items", "seats", "tickets"}) {
    const std::string sales =
        std::string(
            "CREATE TABLE sales(sale_id INTEGER PRIMARY KEY, sale_date TEXT, product "
            "TEXT, ") +
        count +
        " INTEGER, sale_price REAL);"
        "INSERT INTO sales VALUES (1,'2025-01-02','pen',2,50),(2,'2025-01-03','ink',3,40),"
        "(3,'2025-02-01','pad',1,40),(4,'2025-02-02','pen',5,10),(5,'2025-03-01','ink',7,20),"
        "(6,'2025-03-02','pad',4,30),(7,'2025-03-03','pen',6,60),(8,'2025-03-04','pen',9,90);";
    EXPECT_FALSE(AskOn(sales.c_str(), "total revenue").answered) << count;
  }
  constexpr const char* kOneEach =
      "CREATE TABLE sales(sale_id INTEGER PRIMARY KEY, sale_date TEXT, product TEXT, "
      "sale_price REAL);"
      "INSERT INTO sales VALUES (1,'2025-01-02','car',50),(2,'2025-01-03','van',80);";
  const Translation one = AskOn(kOneEach, "total revenue");
  ASSERT_TRUE(one.answered) << one.abstain_reason;
  EXPECT_NE(one.sql.find("SUM(\"sales\".\"sale_price\")"), std::string::npos) << one.sql;
  // Rows that may be refunded: the sum of every sale is not the money taken.
  constexpr const char* kRefunded =
      "CREATE TABLE sales(sale_id INTEGER PRIMARY KEY, sale_date TEXT, product TEXT, "
      "sale_price REAL, refunded INTEGER);"
      "INSERT INTO sales VALUES (1,'2025-01-02','car',50,0),(2,'2025-01-03','van',80,1);";
  EXPECT_FALSE(AskOn(kRefunded, "total revenue").answered);
}

// Lines are told from a catalogue by their quantity: a stock quantity is no quantity sold
// (products.stock_quantity beside undeclared order_items); lines of a document that holds a
// charge of its own (a work order's labour fee) are part of the money only.
TEST(InferredMoneyTest, StockIsNoQuantitySoldAndLinesBesideAChargeAreNoRevenue) {
  constexpr const char* kWarehouse = R"sql(
CREATE TABLE suppliers(supplier_id INTEGER PRIMARY KEY, name TEXT, onboarded_date TEXT);
CREATE TABLE products(product_id INTEGER PRIMARY KEY, name TEXT, unit_price REAL,
                      stock_quantity INTEGER,
                      supplier_id INTEGER REFERENCES suppliers(supplier_id));
CREATE TABLE orders(order_id INTEGER PRIMARY KEY, customer_name TEXT, order_date TEXT);
CREATE TABLE order_items(item_id INTEGER PRIMARY KEY, order_id INTEGER, product_id INTEGER,
                         quantity INTEGER, unit_price REAL);
INSERT INTO suppliers VALUES (1,'Acme','2025-03-01');
INSERT INTO products VALUES (1,'bolt',2,500,1),(2,'nut',1,900,1);
INSERT INTO orders VALUES (1,'Ann','2025-01-05');
INSERT INTO order_items VALUES (1,1,1,10,2),(2,1,2,5,1);
)sql";
  for (const char* q : {"total revenue", "revenue in 2025"}) {
    const Translation t = AskOn(kWarehouse, q);
    if (!t.answered) continue;  // abstaining is safe; a stock value is not
    EXPECT_EQ(t.sql.find("stock_quantity"), std::string::npos) << t.sql;
    EXPECT_EQ(t.sql.find("onboarded_date"), std::string::npos) << t.sql;
  }
  const Translation total = AskOn(kWarehouse, "total revenue");
  ASSERT_TRUE(total.answered) << total.abstain_reason;
  EXPECT_NE(total.sql.find("\"order_items\".\"unit_price\" * \"order_items\".\"quantity\""),
            std::string::npos)
      << total.sql;
  constexpr const char* kRepair = R"sql(
CREATE TABLE parts(part_id INTEGER PRIMARY KEY, part_name TEXT, unit_price REAL,
                   stock_quantity INTEGER);
CREATE TABLE work_orders(work_order_id INTEGER PRIMARY KEY, customer_name TEXT,
                         opened_date TEXT, labor_fee REAL);
CREATE TABLE work_order_parts(id INTEGER PRIMARY KEY, quantity INTEGER, unit_price REAL,
                              work_order_id INTEGER REFERENCES work_orders(work_order_id),
                              part_id INTEGER REFERENCES parts(part_id));
INSERT INTO parts VALUES (1,'filter',10,40),(2,'belt',30,8);
INSERT INTO work_orders VALUES (1,'Ann','2025-01-05',200),(2,'Bo','2025-02-03',150);
INSERT INTO work_order_parts VALUES (1,2,10,1,1),(2,1,30,2,2),(3,5,10,2,1);
)sql";
  EXPECT_FALSE(AskOn(kRepair, "total revenue").answered);
}

// An invoice's total beside the part of it paid (amount_paid, an is_paid flag): the total is
// the revenue, as when amount_paid was read as a key.
TEST(InferredMoneyTest, TheTotalBilledBeforeTheAmountPaid) {
  const Translation t = AskOn(
      "CREATE TABLE invoices(invoice_id INTEGER PRIMARY KEY, invoice_date TEXT, total REAL, "
      "amount_paid REAL, is_paid INTEGER);"
      "INSERT INTO invoices VALUES (1,'2025-01-02',100,100,1),(2,'2025-01-09',80,30,0),"
      "(3,'2025-02-01',60,0,0);",
      "total revenue");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_NE(t.sql.find("SUM(\"invoices\".\"total\")"), std::string::npos) << t.sql;
}

TEST(InferredMoneyTest, OneMoneyColumnIsTheRevenue) {
  const Translation t = AskOn(
      "CREATE TABLE invoices(id INTEGER PRIMARY KEY, invoice_date TEXT, total REAL);"
      "INSERT INTO invoices VALUES (1,'2024-01-01',3.5);",
      "revenue");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_NE(t.sql.find("SUM(\"invoices\".\"total\")"), std::string::npos) << t.sql;
}

// An invented plumbing schema: the invoice's money is "amt" and the parts used on a job have a
// unit price and a quantity. "revenue" was the parts lines' price × qty at 1.00; the invoiced
// amount is the one money column. "amt" inside a word (an "amtrak" column) is no amount.
TEST(InferredMoneyTest, AnAmtColumnIsTheMoneyColumnBeforeThePartsLines) {
  constexpr const char* kPlumbingSql = R"sql(
CREATE TABLE job(job_id INTEGER PRIMARY KEY, job_dt TEXT);
CREATE TABLE part_used(job_id INTEGER REFERENCES job(job_id), part_no TEXT, qty INTEGER,
                       unit_price REAL);
CREATE TABLE invoice(inv_id INTEGER PRIMARY KEY, job_id INTEGER REFERENCES job(job_id),
                     inv_dt TEXT, amt REAL);
INSERT INTO job VALUES (1,'2024-01-13'),(2,'2024-10-01'),(3,'2024-11-02');
INSERT INTO part_used VALUES (1,'P-100',2,24.5),(2,'P-110',4,2.1),(3,'P-100',1,24.5);
INSERT INTO invoice VALUES (1,1,'2024-01-13',158.5),(2,2,'2024-10-07',444.92),
  (3,3,'2024-11-05',99.0);
)sql";
  const Translation t = AskOn(kPlumbingSql, "total revenue");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_NE(t.sql.find("SUM(\"invoice\".\"amt\")"), std::string::npos) << t.sql;
  std::string word = kPlumbingSql;
  word.replace(word.find("inv_dt TEXT, amt REAL"), 21, "inv_dt TEXT, amtrak REAL");
  const Translation lines = AskOn(word.c_str(), "total revenue");
  ASSERT_TRUE(lines.answered) << lines.abstain_reason;
  EXPECT_NE(lines.sql.find("\"part_used\".\"unit_price\""), std::string::npos) << lines.sql;
}

// SchemaIndex::AddDocumentValueWords: what one order or invoice is worth.
TEST(InferredMoneyTest, AverageOrderValueIsTheLinesRevenuePerOrder) {
  const Translation t = AskOn(kLinesSql, "what is the average order value in 2024?");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  // The mean of the per-order sums: (10×2 + 5×4×0.5) over one order in 2024.
  EXPECT_NE(t.sql.find("/ NULLIF(COUNT(DISTINCT \"order_lines\".\"order_id\"), 0)"),
            std::string::npos)
      << t.sql;
  EXPECT_NE(t.sql.find("\"orders\".\"order_date\" >= '2024-01-01'"), std::string::npos) << t.sql;
  EXPECT_TRUE(AskOn(kLinesSql, "avg order value").answered);
  // Lines of two dated documents: which one "an order" is, is a guess.
  const std::string two = std::string(kLinesSql) +
                          "CREATE TABLE shipments(id INTEGER PRIMARY KEY, ship_date TEXT);"
                          "ALTER TABLE order_lines ADD COLUMN shipment_id INTEGER "
                          "REFERENCES shipments(id);";
  EXPECT_FALSE(AskOn(two.c_str(), "average order value").answered);
}

// fan_out_check.cc FindPartialDocumentAverage: a product keeps only some lines of each order.
TEST(InferredMoneyTest, AverageOrderValueOfSomeLinesAbstains) {
  constexpr const char* kSql = R"sql(
CREATE TABLE products(product_id INTEGER PRIMARY KEY, product_name TEXT);
CREATE TABLE orders(order_id INTEGER PRIMARY KEY, order_date TEXT, ship_country TEXT);
CREATE TABLE order_lines(order_id INTEGER REFERENCES orders(order_id),
                         product_id INTEGER REFERENCES products(product_id), unit_price REAL,
                         quantity INTEGER);
INSERT INTO products VALUES (1,'tea'),(2,'cake');
INSERT INTO orders VALUES (1,'2024-01-05','France'),(2,'2025-02-01','Spain');
INSERT INTO order_lines VALUES (1,1,10,2),(1,2,5,4),(2,1,10,1);
)sql";
  const Translation tea = AskOn(kSql, "average order value for tea");
  EXPECT_FALSE(tea.answered) << tea.sql;
  EXPECT_NE(tea.abstain_reason.find("averages whole documents"), std::string::npos)
      << tea.abstain_reason;
  EXPECT_FALSE(AskOn(kSql, "average order value by product").answered);
  // A condition on the orders themselves keeps whole orders.
  const Translation france = AskOn(kSql, "average order value in France");
  EXPECT_TRUE(france.answered) << france.abstain_reason;
}

TEST(InferredMoneyTest, AnInvoiceAmountIsTheInvoicesMoneyColumn) {
  constexpr const char* kInvoices =
      "CREATE TABLE invoices(id INTEGER PRIMARY KEY, invoice_date TEXT, total REAL);"
      "CREATE TABLE invoice_lines(line_id INTEGER PRIMARY KEY, "
      "invoice_id INTEGER REFERENCES invoices(id), unit_price REAL, quantity INTEGER);"
      "INSERT INTO invoices VALUES (1,'2024-01-01',3.5),(2,'2024-02-01',5);";
  const Translation t = AskOn(kInvoices, "average invoice amount");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_NE(t.sql.find("AVG(\"invoices\".\"total\")"), std::string::npos) << t.sql;
  const Translation top = AskOn(kInvoices, "the highest invoice value");
  ASSERT_TRUE(top.answered) << top.abstain_reason;
  EXPECT_NE(top.sql.find("MAX(\"invoices\".\"total\")"), std::string::npos) << top.sql;
}

// SchemaIndex::AddLateWords (not money, but inferred from the schema the same way).
constexpr const char* kShippedSql = R"sql(
CREATE TABLE shippers(shipper_id INTEGER PRIMARY KEY, company_name TEXT);
CREATE TABLE orders(order_id INTEGER PRIMARY KEY, order_date TEXT, required_date TEXT,
                    shipped_date TEXT, ship_via INTEGER REFERENCES shippers(shipper_id),
                    ship_country TEXT);
INSERT INTO shippers VALUES (1,'Speedy'),(2,'United');
INSERT INTO orders VALUES (1,'2024-01-01','2024-01-10','2024-01-12',1,'Germany'),
  (2,'2024-01-02','2024-01-10','2024-01-05',2,'France'),
  (3,'2024-02-01','2024-02-10',NULL,2,'Germany');
)sql";

TEST(InferredMoneyTest, ShippedLateIsAShippedDateAfterTheRequiredDate) {
  const Translation t = AskOn(kShippedSql, "how many orders shipped late?");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_NE(t.sql.find("\"orders\".\"shipped_date\" > \"orders\".\"required_date\""),
            std::string::npos)
      << t.sql;
  const Translation by = AskOn(kShippedSql, "late shipments by shipper");
  ASSERT_TRUE(by.answered) << by.abstain_reason;
  EXPECT_NE(by.sql.find("GROUP BY \"shippers\".\"company_name\""), std::string::npos) << by.sql;
  const Translation on_time = AskOn(kShippedSql, "how many orders were shipped on time");
  ASSERT_TRUE(on_time.answered) << on_time.abstain_reason;
  EXPECT_NE(on_time.sql.find("<= \"orders\".\"required_date\""), std::string::npos) << on_time.sql;
  // "late" alone is not the word: "late 2024" is a time.
  EXPECT_FALSE(AskOn(kShippedSql, "how many orders in late 2024").answered);
  // Two tables with a shipped and a due date: which one "late" is about is a guess.
  const std::string two = std::string(kShippedSql) +
                          "CREATE TABLE returns(return_id INTEGER PRIMARY KEY, "
                          "due_date TEXT, shipped_date TEXT);";
  EXPECT_FALSE(AskOn(two.c_str(), "how many orders shipped late?").answered);
}

// segment.cc: "what % of" had its sign dropped and listed the rows it should have measured.
TEST(InferredMoneyTest, APercentSignAfterNoNumberIsTheShareWord) {
  const Translation t = AskOn(kShippedSql, "what % of orders are from Germany");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_NE(t.sql.find("* 100 / NULLIF(COUNT(*), 0)"), std::string::npos) << t.sql;
  // The part may be a term's own row condition (Parser::IsRowTermFilter).
  const Translation late = AskOn(kShippedSql, "what % of orders shipped late");
  ASSERT_TRUE(late.answered) << late.abstain_reason;
  EXPECT_NE(late.sql.find("COUNT(CASE WHEN \"orders\".\"shipped_date\" > "), std::string::npos)
      << late.sql;
}

// read_comparisons.cc SoldVerbLines: "never sold/purchased/bought" is having no order lines,
// for rows the lines refer to directly that are not the lines' own documents.
TEST(InferredMoneyTest, NeverSoldIsHavingNoOrderLines) {
  constexpr const char* kSql = R"sql(
CREATE TABLE customers(customer_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE genres(genre_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE tracks(track_id INTEGER PRIMARY KEY, name TEXT,
                    genre_id INTEGER REFERENCES genres(genre_id));
CREATE TABLE invoices(invoice_id INTEGER PRIMARY KEY, invoice_date TEXT, total REAL,
                      customer_id INTEGER REFERENCES customers(customer_id));
CREATE TABLE invoice_lines(line_id INTEGER PRIMARY KEY,
                           invoice_id INTEGER REFERENCES invoices(invoice_id),
                           track_id INTEGER REFERENCES tracks(track_id), unit_price REAL,
                           quantity INTEGER);
INSERT INTO customers VALUES (1,'Ann'),(2,'Bo');
INSERT INTO genres VALUES (1,'Rock'),(2,'Jazz');
INSERT INTO tracks VALUES (1,'A',1),(2,'B',1),(3,'C',2);
INSERT INTO invoices VALUES (1,'2024-01-05',1.98,1);
INSERT INTO invoice_lines VALUES (1,1,1,0.99,1),(2,1,2,0.99,1);
)sql";
  const std::string no_lines =
      "(SELECT COUNT(*) FROM \"invoice_lines\" WHERE \"invoice_lines\".\"track_id\" = "
      "\"tracks\".\"track_id\") = 0";
  for (const char* q : {"how many tracks have never been sold?",
                        "which tracks were never purchased", "tracks never bought"}) {
    const Translation t = AskOn(kSql, q);
    ASSERT_TRUE(t.answered) << q << ": " << t.abstain_reason;
    EXPECT_NE(t.sql.find(no_lines), std::string::npos) << q << ": " << t.sql;
  }
  // Not read: the buyer (the lines refer to an invoice of theirs), rows two links away, the
  // lines' own documents, and anything said after the verb (a period).
  for (const char* q : {"customers who never bought", "genres never sold", "invoices never sold",
                        "tracks never sold in 2024"}) {
    EXPECT_FALSE(AskOn(kSql, q).answered) << q;
  }
  // A list that the list limit could cut is only counted.
  auto conn = db::SqliteConnector::OpenInMemory(kSql);
  ASSERT_TRUE(conn.ok());
  auto index = BuildSchemaIndex(**conn, nullptr);
  ASSERT_TRUE(index.ok());
  TranslateOptions small;
  small.default_list_limit = 2;
  const Translation cut = Engine::Translate("tracks never sold", *index, (*conn)->dialect(), small);
  EXPECT_FALSE(cut.answered);
  // The refusal says why (the list could be longer than a list shows), not "'never' unread".
  EXPECT_NE(cut.abstain_reason.find("more than the 2 rows a list shows"), std::string::npos)
      << cut.abstain_reason;
  EXPECT_TRUE(
      Engine::Translate("how many tracks were never sold", *index, (*conn)->dialect(), small)
          .answered);
}

}  // namespace
}  // namespace askdb::nlq
