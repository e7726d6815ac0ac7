#include "askdb/db/postgres/postgres_dialect.h"

#include <gtest/gtest.h>

#include "askdb/db/mysql/mysql_dialect.h"

namespace askdb::db {
namespace {

TEST(PostgresDialectTest, QuotesIdentifiersAndStrings) {
  const PostgresDialect& d = PostgresDialect::Instance();
  EXPECT_EQ(d.name(), "postgres");
  EXPECT_EQ(d.QuoteIdentifier("order"), "\"order\"");
  EXPECT_EQ(d.QuoteIdentifier("a\"b"), "\"a\"\"b\"");
  EXPECT_EQ(d.QuoteString("O'Brien"), "'O''Brien'");
  // standard_conforming_strings: a backslash is an ordinary character.
  EXPECT_EQ(d.QuoteString("a\\b"), "'a\\b'");
  EXPECT_EQ(d.LimitClause(10), " LIMIT 10");
  EXPECT_EQ(d.LimitClause(-3), " LIMIT 0");
}

TEST(PostgresDialectTest, DatesAndExpressions) {
  const PostgresDialect& d = PostgresDialect::Instance();
  EXPECT_EQ(d.DateBucket(DatePart::kMonth, "o.day"),
            "to_char(CAST(o.day AS timestamp), 'YYYY-MM')");
  EXPECT_EQ(d.DateBucket(DatePart::kQuarter, "x"), "to_char(CAST(x AS timestamp), 'YYYY-\"Q\"Q')");
  EXPECT_EQ(d.QuarterOfYear("x"), "CAST(EXTRACT(QUARTER FROM CAST(x AS timestamp)) AS INTEGER)");
  EXPECT_EQ(d.MonthOfYear("x"), "CAST(EXTRACT(MONTH FROM CAST(x AS timestamp)) AS INTEGER)");
  EXPECT_EQ(d.DateBucket(DatePart::kWeek, "x"), "to_char(CAST(x AS timestamp), 'IYYY-\"W\"IW')");
  EXPECT_EQ(d.ExtractYear("x"), "CAST(EXTRACT(YEAR FROM CAST(x AS timestamp)) AS integer)");
  EXPECT_EQ(d.DateLiteral("2024-01-01"), "DATE '2024-01-01'");
  EXPECT_EQ(d.Concat({"a", "'-'", "b"}),
            "(CAST(a AS text) || CAST('-' AS text) || CAST(b AS text))");
  EXPECT_EQ(d.Concat({}), "''");
  EXPECT_EQ(d.CastToReal("n"), "CAST(n AS double precision)");
  // '183cm' → 183 (checked on PostgreSQL 15; a non-capturing group, as substring returns the
  // first captured one).
  EXPECT_EQ(d.LeadingNumber("h"),
            "CAST(substring(CAST(h AS text) from '^-?[0-9]+(?:\\.[0-9]+)?') AS double precision)");
}

TEST(MysqlDialectTest, QuotesIdentifiersAndStrings) {
  const MysqlDialect& d = MysqlDialect::Instance();
  EXPECT_EQ(d.name(), "mysql");
  EXPECT_EQ(d.QuoteIdentifier("order"), "`order`");
  EXPECT_EQ(d.QuoteIdentifier("a`b"), "`a``b`");
  EXPECT_EQ(d.QuoteString("O'Brien"), "'O''Brien'");
  // Backslash escapes are on in MySQL's default mode: a lone backslash must be doubled or
  // it would escape the closing quote.
  EXPECT_EQ(d.QuoteString("a\\"), "'a\\\\'");
  EXPECT_EQ(d.LimitClause(5), " LIMIT 5");
}

TEST(MysqlDialectTest, DatesAndExpressions) {
  const MysqlDialect& d = MysqlDialect::Instance();
  EXPECT_EQ(d.DateBucket(DatePart::kYear, "x"), "DATE_FORMAT(x, '%Y')");
  EXPECT_EQ(d.DateBucket(DatePart::kMonth, "x"), "DATE_FORMAT(x, '%Y-%m')");
  EXPECT_EQ(d.DateBucket(DatePart::kQuarter, "x"),
            "CONCAT(DATE_FORMAT(x, '%Y'), '-Q', QUARTER(x))");
  EXPECT_EQ(d.QuarterOfYear("x"), "QUARTER(x)");
  EXPECT_EQ(d.MonthOfYear("x"), "MONTH(x)");
  EXPECT_EQ(d.DateBucket(DatePart::kWeek, "x"), "DATE_FORMAT(x, '%x-W%v')");
  EXPECT_EQ(d.DateBucket(DatePart::kDay, "x"), "DATE_FORMAT(x, '%Y-%m-%d')");
  EXPECT_EQ(d.ExtractYear("x"), "YEAR(x)");
  EXPECT_EQ(d.DateLiteral("2024-01-01"), "DATE '2024-01-01'");
  EXPECT_EQ(d.Concat({"a", "b"}), "CONCAT(a, b)");
  EXPECT_EQ(d.Concat({"a"}), "a");
  EXPECT_EQ(d.CastToReal("n"), "CAST(n AS DOUBLE)");
  EXPECT_EQ(d.LeadingNumber("h"), "CAST(h AS DOUBLE)");  // MySQL casts the leading digits
}

}  // namespace
}  // namespace askdb::db
