// Money shown with two decimals (2,328.60, not 2,328.6) in the answer's prose, the KPI card
// and the CLI table, on the three engines, each of which returns a SUM of a DECIMAL(10,2)
// differently: SQLite as a REAL (money known by its name), PostgreSQL as numeric digits of
// scale 2, MariaDB as DECIMAL digits of scale 2 (money known by the scale, whatever the name).
// The PostgreSQL and MariaDB cases need scripts/db_servers.sh (ASKDB_TEST_PG_URL,
// ASKDB_TEST_MYSQL_URL); they skip without it, and fail under ASKDB_REQUIRE_SERVERS=1.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include "askdb/agent/ask/answer_writer.h"
#include "askdb/cli/table_printer.h"
#include "askdb/db/connector_registry.h"
#include "tests/servers/server_env.h"

namespace askdb {
namespace {

// Three rows of DECIMAL(10,2) money in two regions: east 1164.30 + 1164.30 = 2328.60.
std::string Rows() {
  return "SELECT 'east' AS region, CAST(1164.30 AS DECIMAL(10,2)) AS amount UNION ALL "
         "SELECT 'east', CAST(1164.30 AS DECIMAL(10,2)) UNION ALL "
         "SELECT 'west', CAST(100.10 AS DECIMAL(10,2))";
}

db::ResultSet Run(db::Connector& c, const std::string& sql) {
  StatusOr<db::ResultSet> r = c.Execute(sql, {});
  EXPECT_TRUE(r.ok()) << sql << ": " << r.status().ToString();
  return r.ok() ? std::move(r).value() : db::ResultSet{};
}

// The prose, KPI and table of a money total named as money (every engine), and of one with
// a neutral name (only where the engine says DECIMAL of scale 2).
void ExpectMoneyWithTwoDecimals(const std::string& url, bool engine_keeps_scale) {
  StatusOr<std::unique_ptr<db::Connector>> c = db::OpenConnector(url);
  ASSERT_TRUE(c.ok()) << c.status().ToString();
  const std::string by_region = "SELECT region, SUM(amount) AS total_amount FROM (" + Rows() +
                                ") t GROUP BY region ORDER BY region";
  const db::ResultSet regions = Run(**c, by_region);
  ASSERT_EQ(regions.row_count(), 2u);
  const analysis::ChartSpec bars = analysis::RecommendChart(regions, {.sql = by_region});
  for (bool zh : {false, true}) {
    const std::string prose = agent::WriteAnswer(regions, bars, zh);
    EXPECT_NE(prose.find("2,328.60"), std::string::npos) << prose;
    EXPECT_NE(prose.find("100.10"), std::string::npos) << prose;
    EXPECT_NE(prose.find("2,428.70"), std::string::npos) << prose;  // the total
  }
  const std::string table = cli::FormatTable(regions, {});
  EXPECT_NE(table.find("2,328.60"), std::string::npos) << table;  // money: separators
  EXPECT_NE(table.find("100.10"), std::string::npos) << table;

  const std::string revenue = "SELECT SUM(amount) AS revenue FROM (" + Rows() + ") t";
  const db::ResultSet one = Run(**c, revenue);
  const analysis::ChartSpec kpi = analysis::RecommendChart(one, {.sql = revenue});
  ASSERT_EQ(kpi.kind, analysis::ChartKind::kKpi);
  EXPECT_EQ(kpi.kpi_formatted, "2,428.70");
  EXPECT_EQ(agent::WriteAnswer(one, kpi, false), "revenue: 2,428.70.");

  const std::string neutral = "SELECT SUM(amount) AS s FROM (" + Rows() + ") t";
  const db::ResultSet plain = Run(**c, neutral);
  const analysis::ChartSpec plain_kpi = analysis::RecommendChart(plain, {.sql = neutral});
  // SQLite's REAL has no scale: a neutral name keeps the general rule.
  EXPECT_EQ(plain_kpi.kpi_formatted, engine_keeps_scale ? "2,428.70" : "2,428.7");
  // A count is never money, and other numbers keep their rule.
  const std::string count = "SELECT COUNT(*) AS sales FROM (" + Rows() + ") t";
  EXPECT_EQ(analysis::RecommendChart(Run(**c, count), {.sql = count}).kpi_formatted, "3");
}

TEST(MoneyFormatServerTest, SqliteRealMoneyKnownByItsName) {
  const std::filesystem::path file = std::filesystem::temp_directory_path() /
                                     ("money_format_" + std::to_string(::getpid()) + ".sqlite");
  std::ofstream(file).flush();  // an empty file is an empty database
  ExpectMoneyWithTwoDecimals("sqlite:" + file.string(), false);
  std::filesystem::remove(file);
}

TEST(MoneyFormatServerTest, PostgresNumericOfScaleTwo) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_PG_URL");
  ExpectMoneyWithTwoDecimals(url, true);
}

TEST(MoneyFormatServerTest, MariadbDecimalOfScaleTwo) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_MYSQL_URL");
  ExpectMoneyWithTwoDecimals(url, true);
}

}  // namespace
}  // namespace askdb
