// A test fixture for what several askdb processes share through the management database: two
// management stores opened on one database, as two processes open it — a scratch SQLite file
// or, for the kPostgres parameter, a schema of the test's own on the test PostgreSQL
// (ASKDB_TEST_STORE_URL of scripts/db_servers.sh; dropped afterwards; the test skips with a
// message without the server). A derived fixture calls TwoManagementStoresTest::SetUp, returns
// when IsSkipped() or HasFatalFailure(), then opens its own stores on db_a_ and db_b_ (and
// resets them in TearDown before calling this one's). Test-only; link libpq and the PostgreSQL
// management store.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "askdb/server/store/postgres_management_store.h"
#include "askdb/server/store/sqlite_management_store.h"
#include "tests/servers/pg_scratch_schema.h"
#include "tests/servers/server_env.h"

namespace askdb::server::store::testing {

enum class StoreBackend { kSqlite, kPostgres };

class TwoManagementStoresTest : public ::testing::TestWithParam<StoreBackend> {
 protected:
  // `prefix` names the scratch directory or schema.
  explicit TwoManagementStoresTest(std::string prefix) : prefix_(std::move(prefix)) {}

  void SetUp() override {
    static std::atomic<int> counter{0};
    if (GetParam() == StoreBackend::kSqlite) {
      dir_ =
          std::filesystem::temp_directory_path() /
          ("askdb_" + prefix_ + "_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
      std::filesystem::create_directories(dir_);
    } else {
      ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_STORE_URL");
      schema_.emplace(url, prefix_);
    }
    for (auto* db : {&db_a_, &db_b_}) {
      auto opened = OpenDb();
      ASSERT_TRUE(opened.ok()) << opened.status().ToString();
      *db = std::move(opened).value();
    }
  }

  // One more connection to the same database (another process).
  StatusOr<std::unique_ptr<ManagementStore>> OpenDb() {
    if (GetParam() == StoreBackend::kSqlite) {
      ASKDB_ASSIGN_OR_RETURN(auto db, SqliteManagementStore::Open(dir_ / "m.sqlite"));
      return std::unique_ptr<ManagementStore>(std::move(db));
    }
    ASKDB_ASSIGN_OR_RETURN(auto db, PostgresManagementStore::Open(schema_->url()));
    return std::unique_ptr<ManagementStore>(std::move(db));
  }

  void TearDown() override {
    db_a_.reset();
    db_b_.reset();
    if (!dir_.empty()) std::filesystem::remove_all(dir_);
    schema_.reset();  // after the connections close
  }

  std::unique_ptr<ManagementStore> db_a_, db_b_;

 private:
  const std::string prefix_;
  std::filesystem::path dir_;
  std::optional<db::testing::PgScratchSchema> schema_;
};

// The parameter's name in test names: "sqlite", "postgres".
inline std::string StoreBackendName(const ::testing::TestParamInfo<StoreBackend>& info) {
  return info.param == StoreBackend::kSqlite ? "sqlite" : "postgres";
}

}  // namespace askdb::server::store::testing
