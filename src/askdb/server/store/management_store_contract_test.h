// The ManagementStore contract suite: the same cases (CRUD of every record kind, the
// interface's constraints, concurrent writers on two connections, persistence across a
// reopen, a newer schema refused) run against every implementation. Each implementation's
// test file supplies a StoreBackend and instantiates the suite:
//   INSTANTIATE_TEST_SUITE_P(Sqlite, ManagementStoreContractTest,
//                            ::testing::Values(StoreBackendParam{"sqlite", &MakeSqlite}),
//                            StoreBackendParamName);
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "askdb/server/store/management_store.h"

namespace askdb::server::store::testing {

// One test's store of one implementation.
class StoreBackend {
 public:
  virtual ~StoreBackend() = default;
  // Prepares an empty store of this test's own; may GTEST_SKIP or FAIL.
  virtual void SetUp() = 0;
  // Removes what SetUp made (all connections are closed by then).
  virtual void TearDown() {}
  // A new connection to this test's store, as another server process would have.
  virtual StatusOr<std::unique_ptr<ManagementStore>> Open() = 0;
  // Sets the stored schema version of component "management" behind the store's back.
  virtual void SetSchemaVersion(int version) = 0;
};

struct StoreBackendParam {
  std::string name;
  std::unique_ptr<StoreBackend> (*make)();
};

inline std::string StoreBackendParamName(const ::testing::TestParamInfo<StoreBackendParam>& info) {
  return info.param.name;
}

inline void PrintTo(const StoreBackendParam& param, std::ostream* os) { *os << param.name; }

class ManagementStoreContractTest : public ::testing::TestWithParam<StoreBackendParam> {
 protected:
  void SetUp() override;
  void TearDown() override;
  void Reopen();
  DatasourceRecord MakeDatasource(const std::string& id);
  AgentRecord MakeAgent(const std::string& id, const std::string& ds);

  std::unique_ptr<StoreBackend> backend_;
  std::unique_ptr<ManagementStore> store_;
};

}  // namespace askdb::server::store::testing
