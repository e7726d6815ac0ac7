// SqliteManagementStore through the ManagementStore contract suite
// (management_store_contract_test.h), each test on a scratch file of its own.
#include "askdb/server/store/sqlite_management_store.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <optional>

#include "askdb/server/store/management_store_contract_test.h"
#include "askdb/testing/scratch_dir.h"

namespace askdb::server::store::testing {
namespace {

namespace fs = std::filesystem;

class SqliteBackend final : public StoreBackend {
 public:
  void SetUp() override {
    dir_.emplace("askdb_mstore_");
    path_ = *dir_ / kDefaultManagementStoreFileName;
  }
  void TearDown() override { dir_.reset(); }
  StatusOr<std::unique_ptr<ManagementStore>> Open() override {
    ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<SqliteManagementStore> store,
                           SqliteManagementStore::Open(path_));
    return std::unique_ptr<ManagementStore>(std::move(store));
  }
  void SetSchemaVersion(int version) override {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path_.c_str(), &db), SQLITE_OK);
    const std::string sql = "UPDATE schema_versions SET version = " + std::to_string(version) +
                            " WHERE component = 'management'";
    EXPECT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
  }

 private:
  std::optional<scratch::ScratchDir> dir_;
  fs::path path_;
};

std::unique_ptr<StoreBackend> MakeSqlite() { return std::make_unique<SqliteBackend>(); }

INSTANTIATE_TEST_SUITE_P(Sqlite, ManagementStoreContractTest,
                         ::testing::Values(StoreBackendParam{"sqlite", &MakeSqlite}),
                         StoreBackendParamName);

}  // namespace
}  // namespace askdb::server::store::testing
