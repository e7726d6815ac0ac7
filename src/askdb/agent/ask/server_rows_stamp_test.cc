#include "askdb/agent/ask/server_rows_stamp.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "askdb/db/mysql/mysql_dialect.h"

namespace askdb::agent {
namespace {

// A MySQL 8 server as the stamp's two catalog queries see it: one row of table stamps, and
// the connection's information_schema_stats_expiry. Counts the expiry reads; the first can be
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
      if (fail_next_expiry_read) {
        fail_next_expiry_read = false;
        return UnavailableError("lost connection");
      }
      r.rows = {{db::Value::Int(0)}};
      return r;
    }
    // version, tables, unknown UPDATE_TIMEs, their sum, row estimate, seconds since.
    r.rows = {{db::Value::Text("8.0.36"), db::Value::Int(3), db::Value::Int(0),
               db::Value::Int(1764300000), db::Value::Int(1200), db::Value::Int(60)}};
    return r;
  }

  int expiry_reads = 0;
  bool fail_next_expiry_read = false;
};

// The expiry setting is the connection's: read at the first lookup, not at every one.
TEST(ServerRowsStampTest, MysqlReadsTheStatisticsExpiryOncePerConnection) {
  FakeMysql mysql;
  ServerRowsStamper stamper;
  const std::optional<std::string> first = stamper.Read(mysql);
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(*first, "#rows-my-3-0-1764300000-1200");
  for (int i = 0; i < 5; ++i) EXPECT_EQ(stamper.Read(mysql), first);
  EXPECT_EQ(mysql.expiry_reads, 1);

  // Another connection has its own settings.
  FakeMysql other;
  ServerRowsStamper other_stamper;
  EXPECT_EQ(other_stamper.Read(other), first);
  EXPECT_EQ(other.expiry_reads, 1);
}

// A failed read of the setting decides nothing for later lookups: no stamp now (MySQL 8 may
// cache UPDATE_TIME), the setting asked again next time.
TEST(ServerRowsStampTest, AFailedExpiryReadIsAskedAgain) {
  FakeMysql mysql;
  mysql.fail_next_expiry_read = true;
  ServerRowsStamper stamper;
  EXPECT_FALSE(stamper.Read(mysql).has_value());
  EXPECT_TRUE(stamper.Read(mysql).has_value());
  EXPECT_TRUE(stamper.Read(mysql).has_value());
  EXPECT_EQ(mysql.expiry_reads, 2);
}

}  // namespace
}  // namespace askdb::agent
