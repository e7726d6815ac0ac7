// The knowledge base contract on SQLite: each test on a scratch management store file.
#include <optional>

#include "askdb/knowledge/knowledge_base_test.h"
#include "askdb/server/store/sqlite_management_store.h"
#include "askdb/testing/scratch_dir.h"

namespace askdb::knowledge::testing {
namespace {

class SqliteBackend final : public StoreBackend {
 public:
  void SetUp() override { dir_.emplace("askdb_kb_"); }
  void TearDown() override { dir_.reset(); }
  StatusOr<std::unique_ptr<server::store::SqlManagementStore>> Open() override {
    ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<server::store::SqliteManagementStore> store,
                           server::store::SqliteManagementStore::Open(
                               *dir_ / server::store::kDefaultManagementStoreFileName));
    return std::unique_ptr<server::store::SqlManagementStore>(std::move(store));
  }

 private:
  std::optional<scratch::ScratchDir> dir_;
};

std::unique_ptr<StoreBackend> MakeSqlite() { return std::make_unique<SqliteBackend>(); }

INSTANTIATE_TEST_SUITE_P(Sqlite, KnowledgeBaseContractTest,
                         ::testing::Values(BackendParam{"sqlite", &MakeSqlite}), BackendParamName);

}  // namespace
}  // namespace askdb::knowledge::testing
