// SharedAnswerCacheStore on both management databases — a scratch SQLite file and the test
// PostgreSQL of scripts/db_servers.sh (ASKDB_TEST_STORE_URL; a schema of its own per test,
// dropped afterwards; skipped with a message without the server) — as two server processes
// use it: two management stores on one database, an AnswerCache on each.
#include "askdb/server/api/shared_answer_cache_store.h"

#include <gtest/gtest.h>

#include "askdb/cache/answer_cache.h"
#include "askdb/cache/erase_propagation_scenario.h"
#include "tests/servers/two_management_stores.h"

namespace askdb::server::api {
namespace {

using cache::AnswerCache;
using cache::CacheLevel;

db::ResultSet OneRow(long long v) {
  db::ResultSet r;
  r.columns.push_back({"n", "INTEGER"});
  r.rows.push_back({db::Value::Int(v)});
  return r;
}

StatusOr<db::ResultSet> Decode(const Json& j) {
  if (!j.contains("rows") || j["rows"].empty()) return InvalidArgumentError("no rows");
  return OneRow(j["rows"][0][0].get<long long>());
}

class SharedAnswerCacheStoreTest : public store::testing::TwoManagementStoresTest {
 protected:
  SharedAnswerCacheStoreTest() : TwoManagementStoresTest("answer_cache_test") {}
  void SetUp() override {
    TwoManagementStoresTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    auto a = SharedAnswerCacheStore::Open(*db_a_);
    auto b = SharedAnswerCacheStore::Open(*db_b_);
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

  std::unique_ptr<SharedAnswerCacheStore> store_a_, store_b_;
};

TEST_P(SharedAnswerCacheStoreTest, OneServersAnswerIsFoundByAnotherAtItsNextSync) {
  AnswerCache a;
  AnswerCache b;
  a.AttachStore(store_a_.get(), Decode);
  b.AttachStore(store_b_.get(), Decode);
  ASSERT_TRUE(a.Sync("shop", "fp").ok());
  ASSERT_TRUE(b.Sync("shop", "fp").ok());
  ASSERT_TRUE(a.Store("shop", "2024年各地区的销售额", "SELECT 7", OneRow(7)).ok());

  ASSERT_TRUE(b.Sync("shop", "fp").ok());
  auto exact = b.Lookup("shop", "2024年各地区的销售额");
  ASSERT_TRUE(exact.has_value());
  EXPECT_EQ(exact->level, CacheLevel::kL1);
  EXPECT_EQ(exact->result->rows[0][0], db::Value::Int(7));
  // The vector came through the table too: a paraphrase with equal slots is an L2 hit.
  auto similar = b.Lookup("shop", "2024年各个地区的销售额");
  ASSERT_TRUE(similar.has_value());
  EXPECT_EQ(similar->level, CacheLevel::kL2);

  ASSERT_TRUE(a.Sync("shop", "fp").ok());
  EXPECT_EQ(a.stats().loaded, 0u);  // its own answer is not loaded back
}

TEST_P(SharedAnswerCacheStoreTest, AChangedSchemaEmptiesTheSharedEntries) {
  AnswerCache a;
  a.AttachStore(store_a_.get(), Decode);
  ASSERT_TRUE(a.Sync("shop", "fp1").ok());
  ASSERT_TRUE(a.Store("shop", "sales by region", "SELECT 1", OneRow(1)).ok());
  AnswerCache b;
  b.AttachStore(store_b_.get(), Decode);
  ASSERT_TRUE(b.Sync("shop", "fp2").ok());
  EXPECT_FALSE(b.Lookup("shop", "sales by region").has_value());
  auto rows = store_a_->Load("shop");
  ASSERT_TRUE(rows.ok()) << rows.status().ToString();
  EXPECT_TRUE(rows->empty());
  EXPECT_EQ(store_a_->State("shop").value()->fingerprint, "fp2@" + a.options().build);
}

TEST_P(SharedAnswerCacheStoreTest, ReplacingAQuestionKeepsOneRowAndTheCapHolds) {
  auto small = SharedAnswerCacheStore::Open(*db_a_, /*max_entries=*/2);
  ASSERT_TRUE(small.ok());
  ASSERT_TRUE((*small)->Reset("shop", "fp").ok());
  for (int i = 0; i < 4; ++i) {
    cache::StoredAnswer x;
    x.datasource = "shop";
    x.normalized = x.question = "q" + std::to_string(i % 3);
    x.sql = "SELECT " + std::to_string(i);
    x.stored_at_ms = 1000 + i;
    auto version = (*small)->Put(x);
    ASSERT_TRUE(version.ok()) << version.status().ToString();
    EXPECT_EQ(*version, i + 1);
  }
  auto rows = (*small)->Load("shop");
  ASSERT_TRUE(rows.ok());
  ASSERT_EQ(rows->size(), 2u);  // q2 (i=2) and q0 (i=3, replaced), the newest two
  EXPECT_EQ(rows->back().normalized, "q0");
  EXPECT_EQ(rows->back().sql, "SELECT 3");
  EXPECT_EQ((*small)->Load("shop", 3)->size(), 1u);
  auto erased = (*small)->Erase("shop", "q0");
  ASSERT_TRUE(erased.ok()) << erased.status().ToString();
  EXPECT_EQ(*erased, 5);  // erasures are numbered like Puts
  rows = (*small)->Load("shop", 4);
  ASSERT_TRUE(rows.ok());
  ASSERT_EQ(rows->size(), 1u);  // the tombstone only
  EXPECT_TRUE(rows->front().erased);
  EXPECT_EQ(rows->front().normalized, "q0");
  EXPECT_EQ((*small)->Load("shop")->size(), 2u);  // q2 and q0's tombstone
}

// An entry one server drops (a failed L2 re-execution) leaves the other's memory at its next
// Sync.
TEST_P(SharedAnswerCacheStoreTest, AnEntryErasedByOneServerLeavesTheOthersMemory) {
  AnswerCache a;
  AnswerCache b;
  a.AttachStore(store_a_.get(), Decode);
  b.AttachStore(store_b_.get(), Decode);
  cache::testing::ExpectEraseReachesTheOtherProcess(a, b, OneRow);
}

INSTANTIATE_TEST_SUITE_P(Stores, SharedAnswerCacheStoreTest,
                         ::testing::Values(store::testing::StoreBackend::kSqlite,
                                           store::testing::StoreBackend::kPostgres),
                         store::testing::StoreBackendName);

}  // namespace
}  // namespace askdb::server::api
