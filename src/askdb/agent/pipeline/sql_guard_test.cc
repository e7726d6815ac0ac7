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

}  // namespace
}  // namespace askdb::agent::pipeline
