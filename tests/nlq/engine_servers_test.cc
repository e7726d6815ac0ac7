// The engine's SQL on the real PostgreSQL and MariaDB of scripts/db_servers.sh: demo
// questions of the shapes whose SQL differs most between dialects (period comparisons as
// CTEs with a LEFT JOIN and NULL-last ordering, month buckets, shares, top N) are translated
// for each server's dialect and must return the rows the same question returns on the
// SQLite demo (numbers to 6 significant digits: PostgreSQL and MariaDB sum DECIMAL money
// exactly, SQLite as REAL). Skips without ASKDB_TEST_PG_DEMO_URL / ASKDB_TEST_MYSQL_DEMO_URL,
// fails under ASKDB_REQUIRE_SERVERS=1.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "askdb/db/connector_registry.h"
#include "askdb/nlq/engine.h"
#include "tests/nlq/dev_sources.h"
#include "tests/servers/server_env.h"

namespace askdb::nlq {
namespace {

constexpr const char* kQuestions[] = {
    "2025年各地区销售额同比",
    "2025年12月订单数环比增长了多少",
    "total amount by channel in 2025 year over year",
    "2024年每月的订单数",
    "2024年各渠道销售额占比",
    "销售额最高的5个门店",
};

// A cell as the comparison reads it: a number to 6 significant digits, else its text.
std::string Cell(const db::Value& v) {
  if (const std::optional<double> n = v.AsNumber(); n && !v.is_null()) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", *n);
    return buf;
  }
  return v.ToDisplayString();
}

// The rows of `question` translated for `ds`'s dialect and run there.
std::vector<std::string> Answer(const EvalDatasource& ds, const std::string& question) {
  const Translation t = Engine::Translate(question, *ds.index, ds.connector->dialect());
  EXPECT_TRUE(t.answered) << question << ": " << t.abstain_reason;
  if (!t.answered) return {};
  StatusOr<db::ResultSet> rs = ds.connector->Execute(t.sql, {});
  EXPECT_TRUE(rs.ok()) << question << "\n" << t.sql << "\n" << rs.status().ToString();
  std::vector<std::string> rows;
  if (!rs.ok()) return rows;
  for (const auto& row : rs->rows) {
    std::string line;
    for (size_t k = 0; k < row.size(); ++k) line += (k ? "|" : "") + Cell(row[k]);
    rows.push_back(line);
  }
  EXPECT_FALSE(rows.empty()) << question << "\n" << t.sql;
  return rows;
}

void ExpectSameAnswersAsSqlite(const std::string& url) {
  StatusOr<std::unique_ptr<db::Connector>> server = db::OpenConnector(url);
  ASSERT_TRUE(server.ok()) << server.status().ToString();
  StatusOr<EvalDatasource> on_server = devset::PrepareDemo(std::move(server).value());
  ASSERT_TRUE(on_server.ok()) << on_server.status().ToString();
  const std::string work = (std::filesystem::temp_directory_path() / "askdb_nlq_work").string();
  StatusOr<EvalDatasource> on_sqlite = devset::OpenDevSource("demo", work);
  ASSERT_TRUE(on_sqlite.ok()) << on_sqlite.status().ToString();
  for (const char* question : kQuestions) {
    EXPECT_EQ(Answer(*on_server, question), Answer(*on_sqlite, question)) << question;
  }
}

TEST(EngineServersTest, PostgresAnswersTheDemoAsSqliteDoes) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_PG_DEMO_URL");
  ExpectSameAnswersAsSqlite(url);
}

TEST(EngineServersTest, MariadbAnswersTheDemoAsSqliteDoes) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_MYSQL_DEMO_URL");
  ExpectSameAnswersAsSqlite(url);
}

}  // namespace
}  // namespace askdb::nlq
