#include "askdb/cli/table_printer.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "askdb/common/text.h"

namespace askdb::cli {
namespace {

std::vector<std::string> Lines(const std::string& s) {
  std::vector<std::string> lines;
  std::istringstream in(s);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

db::ResultSet CityRevenue() {
  db::ResultSet r;
  r.columns = {{"city", "TEXT"}, {"revenue", "REAL"}};
  r.rows.push_back({db::Value::Text("北京"), db::Value::Double(1234.5)});
  r.rows.push_back({db::Value::Text("Shanghai"), db::Value::Double(99)});
  r.rows.push_back({db::Value::Text("乌鲁木齐"), db::Value::Int(7)});
  return r;
}

TEST(TablePrinterTest, AlignsCjkAndLatinCellsByDisplayWidth) {
  std::vector<std::string> lines = Lines(FormatTable(CityRevenue(), TableFormat{}));
  ASSERT_EQ(lines.size(), 6u);  // header, rule, 3 rows, footer
  // Every data line puts the number column at the same display column: the rule's end.
  const int header_width = text::DisplayWidth(lines[1]);
  for (int i = 2; i < 5; ++i) EXPECT_EQ(text::DisplayWidth(lines[i]), header_width) << lines[i];
  EXPECT_NE(lines[2].find("北京"), std::string::npos);
  EXPECT_EQ(lines[5], "(3 rows)");
}

TEST(TablePrinterTest, NumbersAreRightAligned) {
  std::vector<std::string> lines = Lines(FormatTable(CityRevenue(), TableFormat{}));
  // Revenue is money: 7 reads "7.00", and ends where the rule ends.
  EXPECT_TRUE(lines[4].ends_with(" 7.00")) << lines[4];
  EXPECT_EQ(text::DisplayWidth(lines[4]), text::DisplayWidth(lines[1]));
}

// Northwind revenue on PostgreSQL (price × quantity × (1 − a REAL discount)) comes back as
// 267868.179744, its NUMERIC unit prices as 263.5000: one column, one number of decimals.
TEST(TablePrinterTest, FractionalColumnsShowOneNumberOfDecimals) {
  db::ResultSet r;
  r.columns = {{"category", "TEXT"},
               {"revenue", "DOUBLE"},
               {"unit price", "NUMERIC"},
               {"share", "DOUBLE"},
               {"id", "INTEGER"}};
  r.rows.push_back({db::Value::Text("Beverages"), db::Value::Double(267868.179744),
                    db::Value::Decimal("263.5000"), db::Value::Double(0.2116281),
                    db::Value::Int(10248)});
  r.rows.push_back({db::Value::Text("Produce"), db::Value::Double(99984.5799157),
                    db::Value::Decimal("97.0000"), db::Value::Double(0.05), db::Value::Int(7)});
  r.rows.push_back({db::Value::Text("Dairy"), db::Value::Double(-0.001),
                    db::Value::Decimal("12345678901234567.25"), db::Value::Null(),
                    db::Value::Int(1)});
  std::vector<std::string> lines = Lines(FormatTable(r, TableFormat{}));
  ASSERT_EQ(lines.size(), 6u);
  // Revenue is money, written as the answer writes it (thousands separators).
  EXPECT_NE(lines[2].find("267,868.18"), std::string::npos) << lines[2];
  EXPECT_NE(lines[3].find("99,984.58"), std::string::npos) << lines[3];
  EXPECT_NE(lines[4].find(" 0.00 "), std::string::npos) << lines[4];  // not "-0.00"
  // A decimal with more digits than a double holds keeps the database's text, and so does
  // the rest of its column.
  EXPECT_NE(lines[2].find("263.5000"), std::string::npos) << lines[2];
  EXPECT_NE(lines[4].find("12345678901234567.25"), std::string::npos) << lines[4];
  // Small fractions keep up to four decimals; integers are left alone.
  EXPECT_NE(lines[2].find("0.2116"), std::string::npos) << lines[2];
  EXPECT_NE(lines[3].find("0.0500"), std::string::npos) << lines[3];
  EXPECT_NE(lines[2].find("10248"), std::string::npos) << lines[2];
}

// Money reads as in the answer's prose (16,337,115.43, not 16337115.43); other numbers keep
// their form (no separators in an id, or in an integer not known to be a COUNT), and a NULL
// reads as the caller says.
TEST(TablePrinterTest, MoneyHasThousandsSeparatorsAndNullReadsAsAsked) {
  db::ResultSet r;
  r.columns = {{"country", "TEXT"}, {"revenue", "REAL"}, {"invoices", "INTEGER"}};
  r.rows.push_back(
      {db::Value::Text("USA"), db::Value::Double(16337115.43), db::Value::Int(1234567)});
  r.rows.push_back({db::Value::Null(), db::Value::Double(-5.5), db::Value::Null()});
  TableFormat format;
  std::vector<std::string> lines = Lines(FormatTable(r, format));
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_NE(lines[2].find("16,337,115.43"), std::string::npos) << lines[2];
  EXPECT_NE(lines[2].find("1234567"), std::string::npos) << lines[2];
  EXPECT_NE(lines[3].find("-5.50"), std::string::npos) << lines[3];
  EXPECT_TRUE(lines[3].starts_with("NULL")) << lines[3];  // askdb sql: as SQL says it
  EXPECT_EQ(lines[4], "(2 rows)");
  format.null_text = "(空)";
  format.chinese = true;  // askdb ask in Chinese: the footer too
  lines = Lines(FormatTable(r, format));
  EXPECT_TRUE(lines[3].starts_with("(空)")) << lines[3];
  EXPECT_TRUE(lines[3].ends_with("(空)")) << lines[3];
  EXPECT_EQ(lines[4], "(共 2 行)");
  format.max_rows = 1;
  EXPECT_EQ(Lines(FormatTable(r, format)).back(), "(共 2 行，显示 1 行)");
}

// A COUNT of the statement reads as the chart and the prose show it (21,150, not 21150); an
// id beside it keeps its digits.
TEST(TablePrinterTest, ACountHasThousandsSeparators) {
  db::ResultSet r;
  r.columns = {{"region_id", "INTEGER"}, {"orders", "INTEGER"}};
  r.rows.push_back({db::Value::Int(100234), db::Value::Int(21150)});
  r.rows.push_back({db::Value::Int(100235), db::Value::Int(7)});
  TableFormat format;
  format.sql = "SELECT region_id, COUNT(*) AS orders FROM orders GROUP BY region_id";
  const std::vector<std::string> lines = Lines(FormatTable(r, format));
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_NE(lines[2].find("21,150"), std::string::npos) << lines[2];
  EXPECT_NE(lines[2].find("100234"), std::string::npos) << lines[2];
  EXPECT_TRUE(lines[3].ends_with(" 7")) << lines[3];
}

// Money keeps two decimals whatever its values need (2328.60, 12.00); a percentage shows at
// most two (43.60, not 43.5951).
TEST(TablePrinterTest, MoneyHasTwoDecimalsAndAPercentageAtMostTwo) {
  db::ResultSet r;
  r.columns = {{"channel", "TEXT"}, {"sales", ""}, {"share (%)", ""}, {"weight", ""}};
  r.rows.push_back({db::Value::Text("online"), db::Value::Double(2328.6),
                    db::Value::Double(43.5951234), db::Value::Double(2.5)});
  r.rows.push_back({db::Value::Text("app"), db::Value::Double(12), db::Value::Double(56.4048766),
                    db::Value::Double(1.25)});
  const std::vector<std::string> lines = Lines(FormatTable(r, TableFormat{}));
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_NE(lines[2].find("2,328.60"), std::string::npos) << lines[2];
  EXPECT_NE(lines[3].find("12.00"), std::string::npos) << lines[3];
  EXPECT_NE(lines[2].find("43.60"), std::string::npos) << lines[2];
  EXPECT_NE(lines[3].find("56.40"), std::string::npos) << lines[3];
  EXPECT_NE(lines[2].find("2.50"), std::string::npos) << lines[2];  // not money: what it needs
  EXPECT_NE(lines[3].find("1.25"), std::string::npos) << lines[3];
}

// A ratio per group reads in percent, as its one-number answer does ("折扣率：3.84%"), not as
// 0.0384; a number column that is not a ratio keeps its form.
TEST(TablePrinterTest, ARatioColumnReadsInPercent) {
  db::ResultSet r;
  r.columns = {{"渠道", "TEXT"}, {"折扣率", "REAL"}, {"订单数", "INTEGER"}};
  r.rows.push_back({db::Value::Text("online"), db::Value::Double(0.0384203), db::Value::Int(7)});
  r.rows.push_back({db::Value::Text("app"), db::Value::Double(0.00081), db::Value::Int(3)});
  TableFormat format;
  format.sql =
      "SELECT channel AS \"渠道\", SUM(discount) * 1.0 / SUM(gross) AS \"折扣率\", COUNT(*) AS "
      "\"订单数\" FROM orders GROUP BY channel";
  const std::vector<std::string> lines = Lines(FormatTable(r, format));
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_NE(lines[2].find("3.84%"), std::string::npos) << lines[2];
  EXPECT_NE(lines[3].find("0.081%"), std::string::npos) << lines[3];
  EXPECT_EQ(lines[2].find("0.0384"), std::string::npos) << lines[2];
  EXPECT_NE(lines[2].find(" 7"), std::string::npos) << lines[2];
}

// SQLite's SUM(Total) AS Total is a plain REAL under a name that says nothing of money: two
// decimals only when the format says the source column is known money.
TEST(TablePrinterTest, AKnownMoneyColumnHasTwoDecimals) {
  db::ResultSet r;
  r.columns = {{"BillingCountry", ""}, {"Total", ""}};
  r.rows.push_back({db::Value::Text("France"), db::Value::Double(195.1)});
  r.rows.push_back({db::Value::Text("Brazil"), db::Value::Double(190.1)});
  TableFormat format;
  format.sql = "SELECT BillingCountry, SUM(Total) AS Total FROM Invoice GROUP BY 1";
  std::vector<std::string> lines = Lines(FormatTable(r, format));
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_NE(lines[2].find("195.1"), std::string::npos) << lines[2];
  EXPECT_EQ(lines[2].find("195.10"), std::string::npos) << lines[2];
  format.money_columns = {"total"};
  lines = Lines(FormatTable(r, format));
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_NE(lines[2].find("195.10"), std::string::npos) << lines[2];
  EXPECT_NE(lines[3].find("190.10"), std::string::npos) << lines[3];
}

TEST(TablePrinterTest, RowLimitAndTruncationAreReported) {
  db::ResultSet r = CityRevenue();
  r.truncated = true;
  TableFormat format;
  format.max_rows = 2;
  std::string out = FormatTable(r, format);
  EXPECT_NE(out.find("(3 rows, 2 shown; more rows exist beyond the row cap"), std::string::npos)
      << out;
  EXPECT_EQ(out.find("乌鲁木齐"), std::string::npos);
}

TEST(TablePrinterTest, WideTablesFitTheWidth) {
  db::ResultSet r;
  for (int c = 0; c < 8; ++c) r.columns.push_back({"column_" + std::to_string(c), "TEXT"});
  r.rows.push_back(std::vector<db::Value>(8, db::Value::Text(std::string(30, 'x'))));
  TableFormat format;
  format.max_width = 60;
  for (const std::string& line : Lines(FormatTable(r, format))) {
    if (line.rfind("(", 0) == 0) continue;  // footer
    EXPECT_LE(text::DisplayWidth(line), 60) << line;
  }
}

}  // namespace
}  // namespace askdb::cli
