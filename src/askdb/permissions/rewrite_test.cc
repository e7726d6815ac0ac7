#include "askdb/permissions/rewrite.h"

#include <gtest/gtest.h>

#include "askdb/db/schema.h"

namespace askdb::permissions {
namespace {

db::ColumnInfo Col(const char* name) {
  db::ColumnInfo c;
  c.name = name;
  return c;
}

db::DatabaseSchema Schema() {
  db::DatabaseSchema s;
  s.engine = "sqlite";
  db::TableInfo staff;
  staff.name = "staff";
  for (const char* c : {"id", "region", "salary", "ssn"}) staff.columns.push_back(Col(c));
  db::TableInfo products;
  products.name = "products";
  products.columns.push_back(Col("id"));
  db::TableInfo view;
  view.name = "staff_view";
  view.kind = db::TableInfo::Kind::kView;
  s.tables = {staff, products, view};
  return s;
}

EffectivePolicy Policy() {
  EffectivePolicy p;
  TablePolicy& t = p.tables["staff"];
  t.table = "staff";
  t.predicates = {"region = {user.region}"};
  t.columns["ssn"].hidden = true;
  t.columns["salary"].masked = true;
  p.attributes["region"] = "O'Brien\\";
  return p;
}

std::string Rewrite(std::string_view sql, SqlEngine engine = SqlEngine::kSqlite) {
  StatusOr<RewriteResult> r = RewriteStatement(sql, engine, Policy(), Schema());
  return r.ok() ? r->sql : "ERROR: " + r.status().message();
}

TEST(RewriteTest, ReplacesEachReferenceKeepingItsAlias) {
  EXPECT_EQ(Rewrite("SELECT s.id FROM staff s JOIN products p ON p.id = s.id"),
            "SELECT s.id FROM (SELECT \"id\", \"region\", '***' AS \"salary\" FROM staff WHERE "
            "(region = 'O''Brien\\')) s JOIN products p ON p.id = s.id");
  EXPECT_EQ(Rewrite("SELECT id FROM main.\"Staff\""),
            "SELECT id FROM (SELECT \"id\", \"region\", '***' AS \"salary\" FROM main.\"Staff\" "
            "WHERE (region = 'O''Brien\\')) AS \"Staff\"");
}

TEST(RewriteTest, QuotesAttributesForEachEngine) {
  EXPECT_NE(Rewrite("SELECT id FROM staff", SqlEngine::kPostgres).find("E'O''Brien\\\\'"),
            std::string::npos);
  EXPECT_NE(Rewrite("SELECT id FROM `staff`", SqlEngine::kMysql).find("'O''Brien\\\\'"),
            std::string::npos);
}

TEST(RewriteTest, CteOfTheSameNameIsNotATableButItsBodyIs) {
  const std::string out = Rewrite("WITH staff AS (SELECT id FROM staff) SELECT id FROM staff");
  EXPECT_EQ(out.find("FROM staff) SELECT"), std::string::npos) << out;
  EXPECT_NE(out.find(") SELECT id FROM staff"), std::string::npos) << out;
}

TEST(RewriteTest, RefusesWhatItCannotProve) {
  for (const char* sql :
       {"SELECT * FROM sqlite_master", "SELECT * FROM staff_view", "SELECT * FROM nowhere",
        "SELECT 1; SELECT 2", "SELECT $x$ FROM staff", "SELECT * FROM information_schema.tables",
        "SELECT query_to_xml('select 1', true, true, '')"}) {
    EXPECT_EQ(Rewrite(sql).rfind("ERROR: refused under your data permissions", 0), 0u) << sql;
  }
  EXPECT_EQ(Rewrite("SELECT /*! 1 */ 2 FROM staff", SqlEngine::kMysql).rfind("ERROR", 0), 0u);
  EXPECT_EQ(Rewrite("SELECT 1--1 FROM staff", SqlEngine::kMysql).rfind("ERROR", 0), 0u);
}

TEST(RewriteTest, CommentsAndStringsAreReadAsTheEngineReadsThem) {
  // MySQL: the string holds an escaped quote, so the subquery is real and is rewritten.
  const std::string out =
      Rewrite("SELECT 'a\\'' , (SELECT max(id) FROM staff) -- '", SqlEngine::kMysql);
  EXPECT_NE(out.find("(SELECT `id`"), std::string::npos) << out;
  // SQLite comments do not nest: the reference after "*/" is real.
  const std::string nested = Rewrite("SELECT /* /* */ id FROM staff -- */");
  EXPECT_NE(nested.find("WHERE (region"), std::string::npos) << nested;
}

TEST(RewriteTest, CommaLimitOfMysqlAndSqliteBecomesLimitOffset) {
  for (SqlEngine engine : {SqlEngine::kMysql, SqlEngine::kSqlite}) {
    const std::string out = Rewrite(
        "SELECT 'LIMIT 1, 2' /* LIMIT 3, 4 */, id FROM staff ORDER BY id LIMIT 5 ,\n10", engine);
    EXPECT_NE(out.find("ORDER BY id LIMIT 10 OFFSET 5"), std::string::npos) << out;
    // Strings and comments are left as written.
    EXPECT_NE(out.find("'LIMIT 1, 2' /* LIMIT 3, 4 */"), std::string::npos) << out;
    EXPECT_NE(out.find("WHERE (region"), std::string::npos) << out;
    const std::string sub =
        Rewrite("SELECT * FROM (SELECT id FROM staff LIMIT 1,1) t LIMIT 0, 1", engine);
    EXPECT_NE(sub.find("AS staff LIMIT 1 OFFSET 1) t LIMIT 1 OFFSET 0"), std::string::npos) << sub;
  }
}

TEST(RewriteTest, UnreadableStatementSaysWhereAndWhatToWrite) {
  const std::string out = Rewrite("SELECT id FROM staff LIMIT 1, 2", SqlEngine::kPostgres);
  EXPECT_EQ(out.rfind("ERROR: refused under your data permissions", 0), 0u) << out;
  EXPECT_NE(out.find("near \""), std::string::npos) << out;
  EXPECT_NE(out.find("LIMIT 1, 2"), std::string::npos) << out;
  EXPECT_NE(out.find("standard SQL"), std::string::npos) << out;
  // MySQL syntax PostgreSQL's grammar lacks is refused the same way, saying what to write.
  const std::string mysql =
      Rewrite("SELECT id FROM `staff` WHERE id = 1 LOCK IN SHARE MODE", SqlEngine::kMysql);
  EXPECT_EQ(mysql.rfind("ERROR: refused under your data permissions", 0), 0u) << mysql;
  EXPECT_NE(mysql.find("standard SQL"), std::string::npos) << mysql;
}

TEST(RewriteTest, NoPolicyLeavesTheTextAlone) {
  StatusOr<RewriteResult> r =
      RewriteStatement("SELECT weird syntax ;;", SqlEngine::kSqlite, EffectivePolicy(), Schema());
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->changed);
}

}  // namespace
}  // namespace askdb::permissions
