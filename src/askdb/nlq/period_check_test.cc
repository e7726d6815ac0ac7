#include "askdb/nlq/period_check.h"

#include <gtest/gtest.h>

#include <memory>

#include "askdb/db/sqlite/sqlite_connector.h"
#include "askdb/nlq/engine.h"
#include "askdb/nlq/schema_index.h"
#include "askdb/nlq/test_fixture.h"

namespace askdb::nlq {
namespace {

// races.date holds labels, not dates; races.year the year; laps.date real dates.
constexpr const char* kSql = R"sql(
CREATE TABLE races(race_id INTEGER PRIMARY KEY, name TEXT, year TEXT, date TEXT);
CREATE TABLE notes(note_id INTEGER PRIMARY KEY, date TEXT, body TEXT);
CREATE TABLE laps(lap_id INTEGER PRIMARY KEY, date TEXT, ms INTEGER);
INSERT INTO races VALUES (1,'A','2009','Date 1'),(2,'B','2009','Date 2'),(3,'C','2010','Date 3');
INSERT INTO notes VALUES (1,'Date 1','x'),(2,'Date 2','y');
INSERT INTO laps VALUES (1,'2009-03-01',90),(2,'2010-05-02',95);
)sql";

class PeriodCheckTest : public testing::DbTest {
 protected:
  void SetUp() override { Open(kSql); }
  int Column(const char* table, const char* column) const {
    return index_->FindColumn(index_->FindTable(table), column);
  }
};

TEST_F(PeriodCheckTest, APeriodFitsDatesAndABareYearFitsAYearColumn) {
  TimeRange year;
  year.year_only = 2009;
  TimeRange month;  // a month: a range, no bare year
  const IndexedColumn& labels = index_->columns()[Column("races", "date")];
  const IndexedColumn& years = index_->columns()[Column("races", "year")];
  const IndexedColumn& dates = index_->columns()[Column("laps", "date")];
  EXPECT_FALSE(PeriodFits(labels, year, std::nullopt));
  EXPECT_TRUE(PeriodFits(years, year, std::nullopt));
  EXPECT_FALSE(PeriodFits(years, month, std::nullopt));
  EXPECT_FALSE(PeriodFits(years, std::nullopt, DatePart::kMonth));
  EXPECT_TRUE(PeriodFits(dates, month, DatePart::kMonth));
  // The labels give way to the table's year column; nothing else fits the notes' labels.
  EXPECT_EQ(ColumnForPeriod(*index_, Column("races", "date"), year, std::nullopt),
            Column("races", "year"));
  EXPECT_EQ(ColumnForPeriod(*index_, Column("notes", "date"), year, std::nullopt), -1);
}

TEST_F(PeriodCheckTest, AYearIsNeverComparedWithAColumnOfLabelsEndToEnd) {
  const Translation races = Ask("what is the number of races in 2009?");
  ASSERT_TRUE(races.answered) << races.abstain_reason;
  EXPECT_EQ(races.sql.find("\"date\" = 2009"), std::string::npos) << races.sql;
  EXPECT_NE(races.sql.find("\"year\""), std::string::npos) << races.sql;
  const Translation notes = Ask("how many notes in March 2009?");
  EXPECT_FALSE(notes.answered) << notes.sql;
  EXPECT_TRUE(Ask("how many laps in 2009?").answered);
}

// "How many products were sold in December 2025?" had counted the products launched then: a
// date named after an event holds that event's date, and a verb of another event ("sold",
// "bought") abstains naming it. The event's own verb, or a table's own date (orders'
// order_date), takes the period (session 14, precision-biz-en).
TEST_F(PeriodCheckTest, AVerbOfAnotherEventThanTheDateColumnsAbstains) {
  Open(R"sql(
CREATE TABLE products(product_id INTEGER PRIMARY KEY, name TEXT, launched_on DATE);
CREATE TABLE customers(customer_id INTEGER PRIMARY KEY, name TEXT, signup_date DATE);
CREATE TABLE orders(order_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES
                    customers(customer_id), order_date DATE, total REAL);
INSERT INTO products VALUES (1,'Tea','2024-03-01'),(2,'Cake','2025-12-05');
INSERT INTO customers VALUES (1,'Ann','2024-02-01'),(2,'Bo','2025-12-09');
INSERT INTO orders VALUES (1,1,'2025-12-03',5),(2,2,'2025-12-10',7);
)sql");
  const Translation sold = Ask("How many products were sold in December 2025?");
  EXPECT_FALSE(sold.answered) << sold.sql;
  EXPECT_NE(sold.abstain_reason.find("'sold'"), std::string::npos) << sold.abstain_reason;
  EXPECT_FALSE(Ask("customers who bought something in 2024").answered);
  const Translation launched = Ask("products launched in 2024");
  ASSERT_TRUE(launched.answered) << launched.abstain_reason;
  EXPECT_NE(launched.sql.find("launched_on"), std::string::npos) << launched.sql;
  // The orders' own date: any verb of theirs fits (unplaced, it only lowers the confidence).
  const Translation placed = Ask("how many orders were placed in 2025");
  EXPECT_EQ(placed.abstain_reason.find("whose date"), std::string::npos) << placed.abstain_reason;
}

// "orders placed in Q1 1998" had abstained at 0.63 ('placed' unplaced): on a table's own date a
// verb of making the record is read (ReadMakingVerbs, session 19); another event's verb is not.
TEST_F(PeriodCheckTest, AVerbOfMakingTheRecordReadsOnItsOwnDate) {
  Open(R"sql(
CREATE TABLE orders(order_id INTEGER PRIMARY KEY, order_date DATE, total REAL);
INSERT INTO orders VALUES (1,'2025-12-03',5),(2,'2025-12-10',7),(3,'2024-01-10',2);
)sql");
  const Translation placed = Ask("how many orders placed in december 2025");
  ASSERT_TRUE(placed.answered) << placed.abstain_reason;
  EXPECT_EQ(placed.confidence, Ask("how many orders in december 2025").confidence) << placed.sql;
  EXPECT_EQ(Rows("how many orders placed in december 2025"), (std::vector<std::string>{"2"}));
  EXPECT_EQ(Rows("how many orders were issued in 2024"), (std::vector<std::string>{"1"}));
  EXPECT_LT(Ask("how many orders cancelled in december 2025").confidence, placed.confidence);
}

// "How many memberships expire in December 2025?" had counted the memberships that START then
// (0.73, invented_blind_en_h develop, session 26): the table dates two events, nothing names
// start_date's, and an unplaced word may name the other. Naming the event, or asking with no
// other word, still reads start_date.
TEST_F(PeriodCheckTest, AnUnplacedWordBesideTwoDatedEventsAbstains) {
  Open(R"sql(
CREATE TABLE memberships(membership_id INTEGER PRIMARY KEY, member TEXT, start_date DATE,
                         end_date DATE);
INSERT INTO memberships VALUES (1,'Ann','2025-12-01','2026-11-30'),(2,'Bo','2024-12-15',
                               '2025-12-14'),(3,'Cy','2025-03-01','2025-12-31');
)sql");
  const Translation expire = Ask("How many memberships expire in December 2025?");
  EXPECT_FALSE(expire.answered) << expire.sql;
  EXPECT_NE(expire.abstain_reason.find("'expire'"), std::string::npos) << expire.abstain_reason;
  EXPECT_EQ(Rows("How many memberships started in December 2025?"),
            (std::vector<std::string>{"1"}));
  EXPECT_TRUE(Ask("How many memberships in December 2025?").answered);
}

}  // namespace
}  // namespace askdb::nlq
