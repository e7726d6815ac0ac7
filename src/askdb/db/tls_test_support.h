// Test-only: what the PostgreSQL and MariaDB server tests share, among it the check both make
// over TLS. (Namespace tls_testing, not testing: inside askdb::db a `testing` namespace would
// hide gtest's ::testing.)
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>

#include "askdb/db/connector_registry.h"

namespace askdb::db::tls_testing {

// Connection failures are expected within seconds.
inline ConnectOptions QuickConnect() {
  ConnectOptions quick;
  quick.connect_timeout = std::chrono::milliseconds(3'000);
  return quick;
}

// Opens `url`, an account the server admits over TLS only (so getting in proves TLS), and
// counts Chinook's genres through it.
inline void ExpectQueriesOverTls(const std::string& url) {
  StatusOr<std::unique_ptr<Connector>> db = OpenConnector(url);
  ASSERT_TRUE(db.ok()) << db.status().ToString();
  QueryOptions options;
  options.timeout = std::chrono::seconds(5);
  StatusOr<ResultSet> rs = (*db)->Execute("SELECT COUNT(*) FROM Genre", options);
  ASSERT_TRUE(rs.ok()) << rs.status().ToString();
  ASSERT_EQ(rs->rows.size(), 1u);
  ASSERT_EQ(rs->rows[0].size(), 1u);
  EXPECT_EQ(rs->rows[0][0], Value::Int(25));
}

}  // namespace askdb::db::tls_testing
