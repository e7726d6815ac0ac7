// Test-only: the check the PostgreSQL and MariaDB server tests both make over TLS.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>

#include "askdb/db/connector_registry.h"

namespace askdb::db::testing {

// Opens `url`, an account the server admits over TLS only (so getting in proves TLS), and
// counts Chinook's genres through it.
inline void ExpectQueriesOverTls(const std::string& url) {
  StatusOr<std::unique_ptr<Connector>> db = OpenConnector(url);
  ASSERT_TRUE(db.ok()) << db.status().ToString();
  QueryOptions options;
  options.timeout = std::chrono::seconds(5);
  StatusOr<ResultSet> rs = (*db)->Execute("SELECT COUNT(*) FROM Genre", options);
  ASSERT_TRUE(rs.ok()) << rs.status().ToString();
  EXPECT_EQ(rs->rows[0][0], Value::Int(25));
}

}  // namespace askdb::db::testing
