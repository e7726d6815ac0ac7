// The knowledge base contract on SQLite: each test on a scratch management store file.
#include <unistd.h>

#include <filesystem>

#include "askdb/knowledge/knowledge_base_test.h"
#include "askdb/server/store/sqlite_management_store.h"

namespace askdb::knowledge::testing {
namespace {

namespace fs = std::filesystem;

class SqliteBackend final : public StoreBackend {
 public:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("askdb_kb_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  StatusOr<std::unique_ptr<server::store::SqlManagementStore>> Open() override {
    ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<server::store::SqliteManagementStore> store,
                           server::store::SqliteManagementStore::Open(
                               dir_ / std::string(server::store::kDefaultManagementStoreFileName)));
    return std::unique_ptr<server::store::SqlManagementStore>(std::move(store));
  }

 private:
  fs::path dir_;
};

std::unique_ptr<StoreBackend> MakeSqlite() { return std::make_unique<SqliteBackend>(); }

INSTANTIATE_TEST_SUITE_P(Sqlite, KnowledgeBaseContractTest,
                         ::testing::Values(BackendParam{"sqlite", &MakeSqlite}), BackendParamName);

}  // namespace
}  // namespace askdb::knowledge::testing
