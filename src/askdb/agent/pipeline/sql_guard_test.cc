#include "askdb/agent/pipeline/sql_guard.h"

#include <gtest/gtest.h>

namespace askdb::agent::pipeline {
namespace {

TEST(SqlGuardTest, AcceptsSingleReads) {
  EXPECT_TRUE(CheckSingleReadStatement("SELECT 1").ok());
  EXPECT_TRUE(CheckSingleReadStatement("  select * from t;  ").ok());
  EXPECT_TRUE(
      CheckSingleReadStatement("-- why\n/* note */ WITH a AS (SELECT 1) SELECT * FROM a").ok());
  EXPECT_TRUE(CheckSingleReadStatement("SELECT ';DELETE FROM t' AS s").ok());
  EXPECT_TRUE(CheckSingleReadStatement("SELECT \"a;b\" FROM t -- ; DROP TABLE t").ok());
}

TEST(SqlGuardTest, RefusesWritesAndDdl) {
  for (const char* sql :
       {"DELETE FROM orders", "update t set a = 1", "DROP TABLE t", "PRAGMA writable_schema = 1",
        "/* SELECT */ INSERT INTO t VALUES (1)", "ATTACH 'x' AS y"}) {
    Status s = CheckSingleReadStatement(sql);
    EXPECT_EQ(s.code(), StatusCode::kPermissionDenied) << sql;
    EXPECT_NE(s.message().find("SELECT"), std::string::npos) << s.message();
  }
}

TEST(SqlGuardTest, RefusesEmptyAndSeveralStatements) {
  EXPECT_EQ(CheckSingleReadStatement("  -- nothing\n").code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(CheckSingleReadStatement("SELECT 1; DELETE FROM t").code(),
            StatusCode::kInvalidArgument);
  EXPECT_EQ(CheckSingleReadStatement("SELECT 1; 'x'").code(), StatusCode::kInvalidArgument);
}

TEST(SqlGuardTest, NormalizationIgnoresLayoutButNotLiterals) {
  EXPECT_EQ(NormalizeSqlForComparison("SELECT  a\nFROM t -- c\n;"),
            NormalizeSqlForComparison("select a from T"));
  EXPECT_NE(NormalizeSqlForComparison("SELECT 'A' FROM t"),
            NormalizeSqlForComparison("SELECT 'a' FROM t"));
  EXPECT_EQ(StripSqlComments("/* x */ SELECT 1 ; "), "SELECT 1");
}

bool Names(std::string_view sql, std::string_view name) {
  for (const std::string& id : SqlIdentifiers(sql)) {
    if (id == name) return true;
  }
  return false;
}

TEST(SqlGuardTest, IdentifiersAreFoundHoweverQuotedButNotInStrings) {
  EXPECT_TRUE(Names("SELECT * FROM customers", "customers"));
  EXPECT_TRUE(Names("SELECT * FROM main.\"customers\"", "customers"));
  EXPECT_TRUE(Names("SELECT * FROM `customers`", "customers"));
  EXPECT_TRUE(Names("SELECT * FROM [order items]", "order items"));
  EXPECT_TRUE(Names("SELECT * FROM \"a\"\"b\"", "a\"b"));
  EXPECT_TRUE(Names("SELECT 1 FROM t WHERE x IN (SELECT id FROM 客户)", "客户"));
  EXPECT_FALSE(Names("SELECT 'customers' AS s -- customers\n/* customers */", "customers"));
  EXPECT_FALSE(Names("SELECT 42", "42"));
  // PostgreSQL subscripts hold expressions: the names inside count.
  EXPECT_TRUE(Names("SELECT a[(SELECT 1 FROM customers)] FROM t", "customers"));
  // Whether a backslash escapes the quote or not, the table after the string is found.
  EXPECT_TRUE(Names("SELECT 'a\\'' , c FROM customers -- '", "customers"));
  EXPECT_TRUE(Names("SELECT 'a\\' , (SELECT 1 FROM customers), 'b'", "customers"));
}

}  // namespace
}  // namespace askdb::agent::pipeline
