#include "askdb/db/mysql/mysql_statement_guard.h"

#include <gtest/gtest.h>

namespace askdb::db::mysql_internal {
namespace {

const std::set<std::string> kOtherDatabases = {"demo", "scratch", "mysql", "sys"};

void ExpectAllowed(std::string_view sql) {
  Status s = GuardMysqlStatement(sql, kOtherDatabases);
  EXPECT_TRUE(s.ok()) << sql << ": " << s.ToString();
}

void ExpectRefused(std::string_view sql, std::string_view mentions) {
  Status s = GuardMysqlStatement(sql, kOtherDatabases);
  ASSERT_FALSE(s.ok()) << sql << " was allowed";
  EXPECT_EQ(s.code(), StatusCode::kPermissionDenied) << sql;
  EXPECT_NE(s.message().find(mentions), std::string::npos) << sql << ": " << s.message();
}

TEST(MysqlStatementGuardTest, AllowsQueriesWithComputingFunctions) {
  ExpectAllowed("SELECT Name FROM Artist");
  ExpectAllowed(
      "SELECT a.Name, COUNT(*) AS n FROM Artist a JOIN Album b ON b.ArtistId = a.ArtistId "
      "WHERE a.Name LIKE 'A%' GROUP BY a.Name ORDER BY n DESC LIMIT 5");
  ExpectAllowed(
      "SELECT DATE_FORMAT(InvoiceDate, '%Y-%m'), ROUND(SUM(Total), 2), CAST(Total AS "
      "DECIMAL(10, 2)), YEAR(InvoiceDate) FROM Invoice GROUP BY 1, 3, 4");
  ExpectAllowed(
      "WITH RECURSIVE c (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 3) "
      "SELECT n FROM c");
  ExpectAllowed("SELECT ROW_NUMBER() OVER (PARTITION BY GenreId ORDER BY Name) FROM Track");
  ExpectAllowed("SELECT 'load_file(1)', `sleep` FROM (SELECT 1 AS `sleep`) AS t");
  ExpectAllowed("SELECT x.a FROM (SELECT 1) AS x (a)");
  ExpectAllowed("SELECT Artist.Name FROM Artist -- LOAD_FILE('/etc/passwd')\n");
  ExpectAllowed("SELECT Name FROM chinook.Artist");
}

TEST(MysqlStatementGuardTest, RefusesServerFilesSleepAndUnlistedFunctions) {
  ExpectRefused("SELECT LOAD_FILE('/etc/passwd')",
                "load_file is not allowed: it reads files on the database server");
  ExpectRefused("SELECT load_file /* gap */ ('/etc/passwd')", "load_file");
  ExpectRefused("SELECT `LOAD_FILE`('/etc/passwd')", "load_file");
  ExpectRefused("SELECT Name FROM Artist WHERE Name = (SELECT LOAD_FILE(0x2f6574632f706173737764))",
                "load_file");
  ExpectRefused("SELECT SLEEP(10)", "sleep");
  ExpectRefused("SELECT BENCHMARK(1000000000, MD5('x'))", "benchmark");
  ExpectRefused("SELECT GET_LOCK('x', 10)", "get_lock");
  ExpectRefused("SELECT my_udf(1)", "not on askdb's list");
  ExpectRefused("SELECT chinook.my_stored_fn(1)", "stored function");
  // "f(x) AS" is an alias, not a CTE column list.
  ExpectRefused("SELECT LOAD_FILE('/etc/passwd') AS x", "load_file");
  ExpectRefused("SELECT a, LOAD_FILE('/etc/passwd') AS x FROM Artist", "load_file");
}

TEST(MysqlStatementGuardTest, RefusesWhatTheLexerCannotProveSafe) {
  ExpectRefused("SELECT /*!50000 LOAD_FILE('/etc/passwd') */", "executable comments");
  ExpectRefused("SELECT /*M! LOAD_FILE('/etc/passwd') */ 1", "executable comments");
  ExpectRefused("SELECT /*+ SET_VAR(sql_mode='') */ 1", "optimizer hints");
  ExpectRefused("SELECT 1 /* never closed", "unterminated");
  ExpectRefused("SELECT 'x", "unterminated");
  ExpectRefused("SELECT @@datadir", "@@datadir");
  ExpectRefused("SELECT @@GLOBAL.secure_file_priv", "server variable");
  ExpectRefused("SELECT 1 INTO @x", "INTO");
  ExpectRefused("SHOW GRANTS", "not a query");
  ExpectRefused("EXPLAIN SELECT 1", "not a query");
  // Text that is a string without ANSI_QUOTES and an identifier with it must be safe both ways.
  ExpectRefused("SELECT \"LOAD_FILE\"('/etc/passwd')", "load_file");
  // A backslash-escaped quote keeps the string open.
  ExpectAllowed("SELECT 'it\\'s LOAD_FILE(1)'");
  ExpectRefused("SELECT 'a\\\\', LOAD_FILE('/etc/passwd') -- '", "load_file");
}

TEST(MysqlStatementGuardTest, RefusesSystemSchemasAndOtherDatabases) {
  ExpectRefused("SELECT User, authentication_string FROM mysql.user", "mysql.user");
  ExpectRefused("SELECT * FROM `mysql`.`global_priv`", "system schema mysql");
  ExpectRefused("SELECT * FROM mysql /**/ . /**/ user", "mysql.user");
  ExpectRefused("SELECT * FROM information_schema.PROCESSLIST", "information_schema");
  ExpectRefused("SELECT * FROM performance_schema.threads", "performance_schema");
  ExpectRefused("SELECT * FROM sys.session", "sys");
  ExpectRefused("SELECT * FROM demo.orders", "in the database demo");
  ExpectRefused("TABLE mysql.user", "mysql.user");
  ExpectRefused("WITH u AS (SELECT * FROM mysql.user) SELECT * FROM u", "mysql.user");
}

TEST(MysqlStatementGuardTest, LeavesWritesToTheServerPath) {
  for (std::string_view sql :
       {"DELETE FROM Artist", "INSERT INTO Artist (Name) VALUES ('x')", "SET GLOBAL read_only = 0",
        "LOAD DATA INFILE '/etc/passwd' INTO "
        "TABLE Artist"}) {
    EXPECT_TRUE(GuardMysqlStatement(sql, kOtherDatabases).ok()) << sql;
  }
}

}  // namespace
}  // namespace askdb::db::mysql_internal
