// The knowledge base's contract (store + life cycle + evidence), run on each management
// database driver: knowledge_base_sqlite_test.cc and knowledge_base_pg_test.cc instantiate
// KnowledgeBaseContractTest with a backend that opens connections to one fresh database.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <memory>
#include <string>

#include "askdb/common/status.h"
#include "askdb/server/store/sql_management_store.h"
#include "askdb/testing/scratch_dir.h"

namespace askdb::knowledge::testing {

class StoreBackend {
 public:
  virtual ~StoreBackend() = default;
  virtual void SetUp() = 0;
  virtual void TearDown() = 0;
  // A new connection to the test's database, as another server process would open.
  virtual StatusOr<std::unique_ptr<server::store::SqlManagementStore>> Open() = 0;
};

struct BackendParam {
  const char* name;
  std::unique_ptr<StoreBackend> (*make)();
};

inline std::string BackendParamName(const ::testing::TestParamInfo<BackendParam>& info) {
  return info.param.name;
}

class KnowledgeBaseContractTest : public ::testing::TestWithParam<BackendParam> {
 protected:
  void SetUp() override {
    backend_ = GetParam().make();
    backend_->SetUp();
  }
  void TearDown() override {
    if (backend_ != nullptr) backend_->TearDown();
  }
  // A saved-index file of this test's own, gone with the test (also when it fails).
  std::filesystem::path ScratchIndexFile() const { return scratch_ / "index.bin"; }

  std::unique_ptr<StoreBackend> backend_;
  scratch::ScratchDir scratch_{"askdb_kb_index_"};
};

}  // namespace askdb::knowledge::testing
