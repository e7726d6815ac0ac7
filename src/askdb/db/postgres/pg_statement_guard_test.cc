#include "askdb/db/postgres/pg_statement_guard.h"

#include <gtest/gtest.h>

#include <string>

namespace askdb::db::postgres_internal {
namespace {

constexpr std::string_view kPrefix = "DECLARE askdb_cursor NO SCROLL CURSOR FOR ";

StatusOr<GuardVerdict> Guard(std::string_view sql) {
  return GuardPostgresStatement(std::string(kPrefix) + std::string(sql));
}

void ExpectAllowed(std::string_view sql) {
  StatusOr<GuardVerdict> v = Guard(sql);
  ASSERT_TRUE(v.ok()) << sql << ": " << v.status().ToString();
  EXPECT_EQ(*v, GuardVerdict::kAllowed) << sql;
}

void ExpectRefused(std::string_view sql, std::string_view mentions) {
  StatusOr<GuardVerdict> v = Guard(sql);
  ASSERT_FALSE(v.ok()) << sql << " was allowed";
  EXPECT_EQ(v.status().code(), StatusCode::kPermissionDenied) << sql;
  EXPECT_NE(v.status().message().find(mentions), std::string::npos)
      << sql << ": " << v.status().message();
}

TEST(PgStatementGuardTest, AllowsQueriesOnUserTablesWithComputingFunctions) {
  ExpectAllowed("SELECT name FROM artist");
  ExpectAllowed(
      "SELECT a.name, count(*) FROM public.artist a JOIN album b USING (artistid) "
      "GROUP BY 1 ORDER BY 2 DESC LIMIT 5");
  ExpectAllowed(
      "SELECT CAST(EXTRACT(YEAR FROM CAST(invoicedate AS timestamp)) AS integer), "
      "to_char(invoicedate, 'YYYY-MM'), round(sum(total)::numeric, 2) FROM invoice "
      "GROUP BY 1, 2");
  ExpectAllowed(
      "SELECT substring(name FROM 1 FOR 3), trim(name), position('a' IN name), "
      "coalesce(name, ''), name AT TIME ZONE 'UTC' FROM artist");
  ExpectAllowed(
      "SELECT row_number() OVER (PARTITION BY genreid ORDER BY milliseconds) FROM "
      "track");
  ExpectAllowed("SELECT * FROM generate_series(1, 3) g, LATERAL (SELECT g * 2) x");
  ExpectAllowed("VALUES (1), (2)");
  ExpectAllowed("SELECT pg_catalog.lower(name) FROM artist");
  // Columns named like other engines' dangerous functions are just columns here.
  ExpectAllowed("SELECT t.sleep, t.edit FROM (SELECT 1 AS sleep, 2 AS edit) t");
  ExpectRefused("SELECT a.pg_read_file FROM artist a", "pg_read_file");
}

TEST(PgStatementGuardTest, RefusesServerFilesSettingsSignalsAndSleeping) {
  ExpectRefused("SELECT pg_read_file('/etc/passwd')",
                "pg_read_file is not allowed: it reads "
                "files on the database server");
  ExpectRefused("SELECT pg_catalog.pg_read_binary_file('/etc/passwd')", "pg_read_binary_file");
  ExpectRefused("SELECT * FROM pg_ls_dir('.')", "pg_ls_dir");
  ExpectRefused("SELECT lo_import('/etc/passwd')", "lo_import");
  ExpectRefused("SELECT lo_get(16384)", "large objects");
  ExpectRefused("SELECT pg_terminate_backend(1)", "signals");
  ExpectRefused("SELECT set_config('default_transaction_read_only', 'off', false)", "set_config");
  ExpectRefused("SELECT current_setting('data_directory')", "current_setting");
  ExpectRefused("SELECT pg_sleep(10)", "pg_sleep");
  ExpectRefused("SELECT dblink('dbname=x', 'SELECT 1')", "dblink");
  ExpectRefused("SELECT query_to_xml('SELECT * FROM pg_authid', true, true, '')", "query_to_xml");
  ExpectRefused("SELECT my_function(1)", "not on askdb's list");
  ExpectRefused("SELECT public.lower('x')", "public.lower");
  ExpectRefused("SELECT 1 OPERATOR(public.+) 1", "OPERATOR(public.+)");
}

TEST(PgStatementGuardTest, FindsFunctionsHiddenAnywhere) {
  ExpectRefused("WITH x AS (SELECT pg_read_file('/etc/passwd') AS f) SELECT f FROM x",
                "pg_read_file");
  ExpectRefused("SELECT (SELECT pg_read_file('/etc/passwd'))", "pg_read_file");
  ExpectRefused("SELECT * FROM artist WHERE name IN (SELECT pg_ls_dir('.'))", "pg_ls_dir");
  ExpectRefused("SELECT * FROM artist, LATERAL pg_ls_dir('.') d", "pg_ls_dir");
  ExpectRefused("SELECT * FROM ROWS FROM (pg_ls_dir('.')) d", "pg_ls_dir");
  ExpectRefused("SELECT count(*) FILTER (WHERE pg_sleep(1) IS NULL) FROM artist", "pg_sleep");
  ExpectRefused("SELECT ('/etc/passwd'::text).pg_read_file", "pg_read_file");
  ExpectRefused("SELECT 1 UNION SELECT length(pg_read_file('/etc/passwd'))", "pg_read_file");
  ExpectRefused("SELECT * FROM artist ORDER BY pg_sleep(1)", "pg_sleep");
}

TEST(PgStatementGuardTest, RefusesSystemCatalogsButNotCtesNamedLikeThem) {
  ExpectRefused("SELECT rolpassword FROM pg_authid", "pg_authid");
  ExpectRefused("SELECT * FROM pg_catalog.pg_shadow", "pg_catalog.pg_shadow");
  ExpectRefused("SELECT * FROM information_schema.tables", "information_schema.tables");
  ExpectRefused("SELECT * FROM pg_user_mapping", "pg_user_mapping");
  ExpectRefused("SELECT * FROM chinook.pg_catalog.pg_authid", "pg_authid");
  ExpectRefused("SELECT * FROM artist WHERE EXISTS (SELECT 1 FROM pg_settings)", "pg_settings");
  // A CTE reference is not a table: allowed whatever its name...
  ExpectAllowed("WITH pg_authid AS (SELECT 1 AS x) SELECT x FROM pg_authid");
  // ...but its body is checked, and its scope ends with its query.
  ExpectRefused("WITH artist AS (SELECT * FROM pg_authid) SELECT * FROM artist", "pg_authid");
  ExpectRefused("WITH pg_authid AS (SELECT * FROM pg_authid) SELECT * FROM pg_authid", "pg_authid");
  ExpectRefused("SELECT * FROM (WITH pg_authid AS (SELECT 1) SELECT 1) s, pg_authid", "pg_authid");
  ExpectAllowed(
      "WITH RECURSIVE pg_x(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM pg_x WHERE n < 3) "
      "SELECT n FROM pg_x");
  ExpectAllowed("WITH a AS (SELECT 1 AS x), pg_b AS (SELECT x FROM a) SELECT * FROM pg_b");
}

TEST(PgStatementGuardTest, LeavesNonSelectsAndUnparsableTextToTheServer) {
  StatusOr<GuardVerdict> v = GuardPostgresStatement("DELETE FROM artist");
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(*v, GuardVerdict::kLeaveToServer);
  v = Guard("SELECT 1; SELECT pg_read_file('x')");
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(*v, GuardVerdict::kLeaveToServer);
  v = Guard("SELEKT 1");
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(*v, GuardVerdict::kUnparsed);
}

}  // namespace
}  // namespace askdb::db::postgres_internal
