#include "askdb/permissions/rewrite.h"

#include <gtest/gtest.h>

#include <map>

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

TEST(RewriteTest, ViewsReadingNoProtectedTableMayBeUsed) {
  db::DatabaseSchema schema = Schema();
  for (const char* name : {"products_view", "outer_view", "loop_a", "loop_b"}) {
    db::TableInfo view;
    view.name = name;
    view.kind = db::TableInfo::Kind::kView;
    schema.tables.push_back(view);
  }
  std::map<std::string, ViewDefinition> defs;
  defs["staff_view"].sql =
      "CREATE VIEW staff_view AS SELECT id FROM products WHERE id IN "
      "(SELECT id FROM [staff])";
  defs["products_view"].sql = "CREATE VIEW products_view AS SELECT id FROM products";
  defs["outer_view"].sql = "CREATE VIEW outer_view AS SELECT * FROM products_view";
  defs["loop_a"].sql = "CREATE VIEW loop_a AS SELECT * FROM loop_b";
  defs["loop_b"].sql = "CREATE VIEW loop_b AS SELECT * FROM loop_a";
  const ViewVerdicts verdicts = JudgeViews(defs, SqlEngine::kSqlite, Policy(), schema);
  EXPECT_EQ(verdicts.at("products_view"), "");
  EXPECT_EQ(verdicts.at("outer_view"), "");
  EXPECT_NE(verdicts.at("staff_view").find("protected table staff"), std::string::npos);
  EXPECT_NE(verdicts.at("loop_a"), "");
  EXPECT_NE(verdicts.at("loop_b"), "");
  auto run = [&](std::string_view sql) {
    StatusOr<RewriteResult> r =
        RewriteStatement(sql, SqlEngine::kSqlite, Policy(), schema, &verdicts);
    return r.ok() ? r->sql : "ERROR: " + r.status().message();
  };
  EXPECT_EQ(run("SELECT id FROM outer_view"), "SELECT id FROM outer_view");
  const std::string refused = run("SELECT id FROM staff_view");
  EXPECT_NE(refused.find("the view staff_view cannot be used: it reads the protected table staff"),
            std::string::npos)
      << refused;
  // A definition askdb has not read is refused too.
  defs.erase("products_view");
  EXPECT_NE(JudgeViews(defs, SqlEngine::kSqlite, Policy(), schema).at("outer_view"), "");
  // MySQL: a stored function (qualified in VIEW_DEFINITION) may read anything.
  std::map<std::string, ViewDefinition> mysql;
  mysql["products_view"].sql = "select `db`.`f`(`db`.`products`.`id`) AS `x` from `db`.`products`";
  EXPECT_NE(JudgeViews(mysql, SqlEngine::kMysql, Policy(), schema)
                .at("products_view")
                .find("stored function db.f"),
            std::string::npos);
}

TEST(RewriteTest, NoPolicyLeavesTheTextAlone) {
  StatusOr<RewriteResult> r =
      RewriteStatement("SELECT weird syntax ;;", SqlEngine::kSqlite, EffectivePolicy(), Schema());
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->changed);
}

}  // namespace
}  // namespace askdb::permissions
