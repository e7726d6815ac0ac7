#include "askdb/db/sqlite/sqlite_dialect.h"

#include <gtest/gtest.h>

namespace askdb::db {
namespace {

TEST(SqliteDialectTest, Quoting) {
  const SqliteDialect& d = SqliteDialect::Instance();
  EXPECT_EQ(d.name(), "sqlite");
  EXPECT_EQ(d.QuoteIdentifier("order"), "\"order\"");
  EXPECT_EQ(d.QuoteIdentifier("we\"ird"), "\"we\"\"ird\"");
  EXPECT_EQ(d.QuoteIdentifier("客户"), "\"客户\"");
  EXPECT_EQ(d.QuoteString("it's"), "'it''s'");
  EXPECT_EQ(d.QuoteString(""), "''");
  EXPECT_EQ(d.DateLiteral("2024-01-01"), "'2024-01-01'");
}

TEST(SqliteDialectTest, Clauses) {
  const SqliteDialect& d = SqliteDialect::Instance();
  EXPECT_EQ(d.LimitClause(10), " LIMIT 10");
  EXPECT_EQ(d.LimitClause(-1), " LIMIT 0");
  EXPECT_EQ(d.DateBucket(DatePart::kYear, "d"), "strftime('%Y', d)");
  EXPECT_EQ(d.DateBucket(DatePart::kMonth, "d"), "strftime('%Y-%m', d)");
  EXPECT_EQ(d.DateBucket(DatePart::kWeek, "d"), "strftime('%Y-W%W', d)");
  EXPECT_EQ(d.DateBucket(DatePart::kDay, "d"), "strftime('%Y-%m-%d', d)");
  EXPECT_EQ(d.ExtractYear("d"), "CAST(strftime('%Y', d) AS INTEGER)");
  EXPECT_EQ(d.Concat({}), "''");
  EXPECT_EQ(d.Concat({"a"}), "a");
  EXPECT_EQ(d.Concat({"a", "'-'", "b"}), "(a || '-' || b)");
  EXPECT_EQ(d.CastToReal("x"), "CAST(x AS REAL)");
}

}  // namespace
}  // namespace askdb::db
