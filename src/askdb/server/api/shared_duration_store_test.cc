// SharedDurationStore on both management databases — a scratch SQLite file and the test
// PostgreSQL of scripts/db_servers.sh (ASKDB_TEST_STORE_URL; a schema of its own per test,
// dropped afterwards; skipped with a message without the server) — as two processes use it:
// two management stores on one database, a DurationHistory on each.
#include "askdb/server/api/shared_duration_store.h"

#include <gtest/gtest.h>

#include <thread>

#include "askdb/agent/plan/analysis_plan.h"
#include "tests/servers/two_management_stores.h"

namespace askdb::server::api {
namespace {

using agent::plan::DurationHistory;
using agent::plan::kToolExecuteSql;

class SharedDurationStoreTest : public store::testing::TwoManagementStoresTest {
 protected:
  SharedDurationStoreTest() : TwoManagementStoresTest("durations_test") {}
  void SetUp() override {
    TwoManagementStoresTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    auto a = SharedDurationStore::Open(*db_a_);
    auto b = SharedDurationStore::Open(*db_b_);
    ASSERT_TRUE(a.ok()) << a.status().ToString();
    ASSERT_TRUE(b.ok()) << b.status().ToString();
    store_a_ = std::move(a).value();
    store_b_ = std::move(b).value();
  }
  void TearDown() override {
    store_a_.reset();
    store_b_.reset();
    TwoManagementStoresTest::TearDown();
  }

  std::unique_ptr<SharedDurationStore> store_a_, store_b_;
};

TEST_P(SharedDurationStoreTest, AnotherProcessEstimatesFromTheFirstOnesRuns) {
  DurationHistory a;
  DurationHistory b;
  ASSERT_TRUE(a.AttachStore(store_a_.get()).ok());
  ASSERT_TRUE(b.AttachStore(store_b_.get()).ok());
  EXPECT_EQ(b.EstimateMs(kToolExecuteSql, "aggregation"), 1000);  // the default
  for (int ms : {420, 380, 400}) a.Record(kToolExecuteSql, "aggregation", ms);

  agent::plan::AnalysisPlan plan;
  agent::plan::PlanStep step;
  step.tool = kToolExecuteSql;
  step.query_type = "aggregation";
  plan.steps.push_back(step);
  ASSERT_TRUE(b.Refresh().ok());
  b.Apply(plan);
  EXPECT_EQ(plan.steps[0].estimated_duration_ms, 400);  // the median of a's three

  // A third process, started afterwards, finds them at once.
  DurationHistory c;
  ASSERT_TRUE(c.AttachStore(store_b_.get()).ok());
  EXPECT_EQ(c.EstimateMs(kToolExecuteSql, "aggregation"), 400);
}

TEST_P(SharedDurationStoreTest, ConcurrentRecordsFromTwoProcessesAreAllPooled) {
  DurationHistory a;
  DurationHistory b;
  ASSERT_TRUE(a.AttachStore(store_a_.get()).ok());
  ASSERT_TRUE(b.AttachStore(store_b_.get()).ok());
  std::thread ta([&] {
    for (int i = 0; i < 20; ++i) a.Record(kToolExecuteSql, "detail", 100);
  });
  std::thread tb([&] {
    for (int i = 0; i < 20; ++i) b.Record(kToolExecuteSql, "detail", 300);
  });
  ta.join();
  tb.join();
  auto all = store_a_->LoadAll();
  ASSERT_TRUE(all.ok()) << all.status().ToString();
  EXPECT_EQ(all->size(), 40u);  // no sequence number taken twice
  ASSERT_TRUE(a.Refresh().ok());
  ASSERT_TRUE(b.Refresh().ok());
  // Both see the pooled 40: median of 20×100 and 20×300.
  EXPECT_EQ(a.EstimateMs(kToolExecuteSql, "detail"), 200);
  EXPECT_EQ(b.EstimateMs(kToolExecuteSql, "detail"), 200);
}

TEST_P(SharedDurationStoreTest, EachKeyKeepsItsNewestWindowInOrder) {
  auto small = SharedDurationStore::Open(*db_a_, /*window=*/3);
  ASSERT_TRUE(small.ok());
  for (int64_t ms = 1; ms <= 5; ++ms) {
    ASSERT_TRUE((*small)->Append({std::string(kToolExecuteSql), "trend", ms * 10}).ok());
  }
  ASSERT_TRUE((*small)->Append({"python_executor", "", 7}).ok());
  auto all = (*small)->LoadAll();
  ASSERT_TRUE(all.ok());
  ASSERT_EQ(all->size(), 4u);
  std::vector<int64_t> sql;
  for (const auto& s : *all) {
    if (s.tool == kToolExecuteSql) sql.push_back(s.duration_ms);
  }
  EXPECT_EQ(sql, (std::vector<int64_t>{30, 40, 50}));
  Status bad = (*small)->Append({"", "trend", 5});
  EXPECT_EQ(bad.code(), StatusCode::kInvalidArgument);
  EXPECT_EQ((*small)->Append({std::string(kToolExecuteSql), "trend", -1}).code(),
            StatusCode::kInvalidArgument);
}

INSTANTIATE_TEST_SUITE_P(Stores, SharedDurationStoreTest,
                         ::testing::Values(store::testing::StoreBackend::kSqlite,
                                           store::testing::StoreBackend::kPostgres),
                         store::testing::StoreBackendName);

}  // namespace
}  // namespace askdb::server::api
