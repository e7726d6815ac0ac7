// Test-only helpers for the tests that need a real PostgreSQL or MariaDB server: where the
// servers are (ASKDB_TEST_PG_URL, ASKDB_TEST_MYSQL_URL and friends, printed by
// scripts/db_servers.sh), and the skip rule: without a URL a test skips with a visible
// message, unless ASKDB_REQUIRE_SERVERS=1 (CI), when it fails instead.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>
#include <string>

namespace askdb::db::testing {

inline std::string EnvOr(const char* name) {
  const char* v = std::getenv(name);
  return v != nullptr ? v : "";
}

inline bool ServersRequired() { return EnvOr("ASKDB_REQUIRE_SERVERS") == "1"; }

}  // namespace askdb::db::testing

// Sets `var` to the URL in environment variable `env`, or skips (fails under
// ASKDB_REQUIRE_SERVERS=1) when it is unset.
#define ASKDB_REQUIRE_SERVER_URL(var, env)                                         \
  std::string var = ::askdb::db::testing::EnvOr(env);                              \
  if (var.empty()) {                                                               \
    if (::askdb::db::testing::ServersRequired()) {                                 \
      FAIL() << env                                                                \
          " is unset but ASKDB_REQUIRE_SERVERS=1: start the servers with "         \
          "eval \"$(scripts/db_servers.sh start)\"";                               \
    }                                                                              \
    std::cout << "[  SKIPPED ] " env                                               \
                 " is unset: no test server; start one with "                      \
                 "eval \"$(scripts/db_servers.sh start)\"\n";                      \
    GTEST_SKIP() << env " unset (start servers with scripts/db_servers.sh start)"; \
  }
