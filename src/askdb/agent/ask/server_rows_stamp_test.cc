#include "askdb/agent/ask/server_rows_stamp.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include "askdb/db/mysql/mysql_dialect.h"

namespace askdb::agent {
namespace {

// A MySQL server as the stamp's two catalog queries see it: one row of table stamps, and
// the connection's information_schema_stats_expiry. Counts both reads; the expiry read can be
// made to fail.
class FakeMysql final : public db::Connector {
 public:
  std::string_view engine() const override { return "mysql"; }
  const db::Dialect& dialect() const override { return db::MysqlDialect::Instance(); }
  std::string display_name() const override { return "mysql://fake/shop"; }
  StatusOr<db::DatabaseSchema> Introspect(const db::IntrospectOptions&) override {
    return db::DatabaseSchema();
  }
  void Cancel() override {}

  StatusOr<db::ResultSet> Execute(std::string_view sql, const db::QueryOptions&) override {
    db::ResultSet r;
    if (sql.find("information_schema_stats_expiry") != std::string_view::npos) {
      ++expiry_reads;
      if (fail_expiry_reads > 0) {
        --fail_expiry_reads;
        return UnavailableError("lost connection");
      }
      r.rows = {{db::Value::Int(expiry)}};
      return r;
    }
    ++table_reads;
    // version, tables, unknown UPDATE_TIMEs, their sum, row estimate, seconds since.
    r.rows = {{db::Value::Text(version), db::Value::Int(3), db::Value::Int(0),
               db::Value::Int(1764300000), db::Value::Int(1200), db::Value::Int(60)}};
    return r;
  }

  std::string version = "8.0.36";
  int64_t expiry = 0;
  int expiry_reads = 0;
  int table_reads = 0;
  int fail_expiry_reads = 0;
};

// A clock the test moves.
struct FakeClock {
  std::chrono::steady_clock::time_point now{};
  ServerRowsStamper::Clock Fn() {
    return [this] { return now; };
  }
};

// The expiry setting is read at the first lookup, then trusted for kSettingLifetime, not
// read at every lookup.
TEST(ServerRowsStampTest, MysqlReadsTheStatisticsExpiryOncePerLifetime) {
  FakeMysql mysql;
  FakeClock clock;
  ServerRowsStamper stamper(clock.Fn());
  const std::optional<std::string> first = stamper.Read(mysql);
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(*first, "#rows-my-3-0-1764300000-1200");
  for (int i = 0; i < 5; ++i) EXPECT_EQ(stamper.Read(mysql), first);
  EXPECT_EQ(mysql.expiry_reads, 1);
}

// The stamper outlives the connector's reconnects: a setting changed since (SET GLOBAL, taken
// by the new session) is seen once the read is older than kSettingLifetime, and a setting that
// caches UPDATE_TIME stops the stamps without another TABLES query.
TEST(ServerRowsStampTest, AChangedExpiryIsSeenAfterTheLifetime) {
  FakeMysql mysql;
  FakeClock clock;
  ServerRowsStamper stamper(clock.Fn());
  ASSERT_TRUE(stamper.Read(mysql).has_value());
  mysql.expiry = 86400;
  clock.now += ServerRowsStamper::kSettingLifetime - std::chrono::seconds(1);
  EXPECT_TRUE(stamper.Read(mysql).has_value());  // still trusted
  clock.now += std::chrono::seconds(2);
  EXPECT_FALSE(stamper.Read(mysql).has_value());
  EXPECT_EQ(mysql.expiry_reads, 2);
  const int table_reads = mysql.table_reads;
  EXPECT_FALSE(stamper.Read(mysql).has_value());
  EXPECT_EQ(mysql.table_reads, table_reads) << "no TABLES query for a stamp that is dropped";
  EXPECT_EQ(mysql.expiry_reads, 2);
}

// A failed read of the setting decides nothing for later lookups: no stamp now (MySQL 8 may
// cache UPDATE_TIME), the setting asked again next time.
TEST(ServerRowsStampTest, AFailedExpiryReadIsAskedAgain) {
  FakeMysql mysql;
  mysql.fail_expiry_reads = 1;
  ServerRowsStamper stamper;
  EXPECT_FALSE(stamper.Read(mysql).has_value());
  EXPECT_TRUE(stamper.Read(mysql).has_value());
  EXPECT_TRUE(stamper.Read(mysql).has_value());
  EXPECT_EQ(mysql.expiry_reads, 2);
}

// MySQL 5.x has no expiry variable and keeps UPDATE_TIME live: the setting is never asked for.
TEST(ServerRowsStampTest, Mysql5IsNotAskedForTheExpiry) {
  FakeMysql mysql;
  mysql.version = "5.7.44";
  mysql.fail_expiry_reads = 100;
  ServerRowsStamper stamper;
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(stamper.Read(mysql).has_value());
  EXPECT_EQ(mysql.expiry_reads, 0);
}

}  // namespace
}  // namespace askdb::agent
