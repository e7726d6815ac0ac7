#include "askdb/cache/answer_cache_store.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "askdb/cache/answer_cache.h"

namespace askdb::cache {
namespace {

// 2026-11-22 12:00:00 UTC.
const Clock::TimePoint kStart = std::chrono::system_clock::from_time_t(1795348800);

db::ResultSet OneRow(long long v) {
  db::ResultSet r;
  r.columns.push_back({"n", "INTEGER"});
  r.rows.push_back({db::Value::Int(v)});
  return r;
}

// Only what the test stores: one integer column.
StatusOr<db::ResultSet> Decode(const Json& j) {
  if (!j.contains("rows") || j["rows"].empty()) return InvalidArgumentError("no rows");
  return OneRow(j["rows"][0][0].get<long long>());
}

class AnswerCacheStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        std::filesystem::temp_directory_path() /
        ("askdb-answer-cache-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
         "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::unique_ptr<SqliteAnswerCacheStore> OpenStore() {
    auto store = SqliteAnswerCacheStore::Open(dir_ / "answer_cache.sqlite");
    EXPECT_TRUE(store.ok()) << store.status().ToString();
    return store.ok() ? std::move(store).value() : nullptr;
  }
  std::filesystem::path dir_;
  FakeClock clock_{kStart};
};

TEST_F(AnswerCacheStoreTest, ASecondProcessFindsBothLevelsUnderTheSameFingerprint) {
  {
    auto store = OpenStore();
    AnswerCache cache({}, clock_);
    cache.AttachStore(store.get(), Decode);
    ASSERT_TRUE(cache.Sync("shop", "fp1").ok());
    ASSERT_TRUE(cache.Store("shop", "2024年各地区的销售额", "SELECT 42", OneRow(42)).ok());
  }
  auto store = OpenStore();
  AnswerCache cache({}, clock_);
  cache.AttachStore(store.get(), Decode);
  ASSERT_TRUE(cache.Sync("shop", "fp1").ok());
  EXPECT_EQ(cache.stats().loaded, 1u);
  auto exact = cache.Lookup("shop", "2024年各地区的销售额");
  ASSERT_TRUE(exact.has_value());
  EXPECT_EQ(exact->level, CacheLevel::kL1);
  ASSERT_NE(exact->result, nullptr);
  EXPECT_EQ(exact->result->rows[0][0], db::Value::Int(42));
  auto similar = cache.Lookup("shop", "2024年各个地区的销售额");
  ASSERT_TRUE(similar.has_value());
  EXPECT_EQ(similar->level, CacheLevel::kL2);
  EXPECT_EQ(similar->sql, "SELECT 42");
}

TEST_F(AnswerCacheStoreTest, AChangedFingerprintEmptiesTheDatasourceOnDiskToo) {
  auto store = OpenStore();
  {
    AnswerCache cache({}, clock_);
    cache.AttachStore(store.get(), Decode);
    ASSERT_TRUE(cache.Sync("shop", "fp1").ok());
    ASSERT_TRUE(cache.Store("shop", "sales by region", "SELECT 1", OneRow(1)).ok());
    ASSERT_TRUE(cache.Sync("other", "x").ok());
    ASSERT_TRUE(cache.Store("other", "sales by region", "SELECT 2", OneRow(2)).ok());
  }
  AnswerCache cache({}, clock_);
  cache.AttachStore(store.get(), Decode);
  ASSERT_TRUE(cache.Sync("shop", "fp2").ok());
  EXPECT_FALSE(cache.Lookup("shop", "sales by region").has_value());
  EXPECT_EQ(cache.stats().invalidated, 1u);
  EXPECT_TRUE(store->Load("shop")->empty());
  EXPECT_EQ(*store->Fingerprint("shop").value(), "fp2");
  // Another datasource is untouched.
  ASSERT_TRUE(cache.Sync("other", "x").ok());
  EXPECT_TRUE(cache.Lookup("other", "sales by region").has_value());
}

TEST_F(AnswerCacheStoreTest, AFingerprintChangeWhileRunningDropsTheEntriesInMemory) {
  AnswerCache cache({}, clock_);  // no store: Sync still guards against a changed schema
  ASSERT_TRUE(cache.Sync("shop", "fp1").ok());
  ASSERT_TRUE(cache.Store("shop", "sales by region", "SELECT 1", OneRow(1)).ok());
  ASSERT_TRUE(cache.Sync("shop", "fp1").ok());
  EXPECT_TRUE(cache.Lookup("shop", "sales by region").has_value());
  ASSERT_TRUE(cache.Sync("shop", "fp2").ok());
  EXPECT_FALSE(cache.Lookup("shop", "sales by region").has_value());
}

TEST_F(AnswerCacheStoreTest, ExpiredResultsAndAnotherEmbeddersVectorsAreNotLoaded) {
  auto store = OpenStore();
  {
    AnswerCache cache({}, clock_);
    cache.AttachStore(store.get(), Decode);
    ASSERT_TRUE(cache.Sync("shop", "fp").ok());
    ASSERT_TRUE(cache.Store("shop", "total sales by region", "SELECT 1", OneRow(1)).ok());
  }
  clock_.Advance(std::chrono::hours(2));  // beyond the L1 TTL of one hour
  AnswerCache later({}, clock_);
  later.AttachStore(store.get(), Decode);
  ASSERT_TRUE(later.Sync("shop", "fp").ok());
  auto hit = later.Lookup("shop", "total sales by region");
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->level, CacheLevel::kL2);  // the SQL stays; the rows are stale

  AnswerCache other_embedder(
      {}, clock_, std::make_unique<LexicalEmbedder>(LexicalEmbedderOptions{.dimension = 256}));
  other_embedder.AttachStore(store.get(), Decode);
  ASSERT_TRUE(other_embedder.Sync("shop", "fp").ok());
  EXPECT_FALSE(other_embedder.Lookup("shop", "total sales by region").has_value());
}

TEST_F(AnswerCacheStoreTest, ADroppedEntryIsGoneFromTheFileAndMalformedRowsAreSkipped) {
  auto store = OpenStore();
  AnswerCache cache({}, clock_);
  cache.AttachStore(store.get(), Decode);
  ASSERT_TRUE(cache.Sync("shop", "fp").ok());
  ASSERT_TRUE(cache.Store("shop", "total sales by region", "SELECT 1", OneRow(1)).ok());
  auto hit = cache.Lookup("shop", "total sales by region");
  ASSERT_TRUE(hit.has_value());
  cache.Drop(*hit);
  EXPECT_TRUE(store->Load("shop")->empty());

  StoredAnswer bad;
  bad.datasource = "shop";
  bad.normalized = "bad";
  bad.question = "bad";
  bad.sql = "SELECT 1";
  bad.result = Json::object();  // Decode refuses it
  bad.slots = Json{{"numbers", "not a list"}};
  bad.embedder = cache.embedder().id();
  bad.embedding = {1.0F};
  bad.stored_at_ms = 1795348800000;
  ASSERT_TRUE(store->Put(bad).ok());
  AnswerCache again({}, clock_);
  again.AttachStore(store.get(), Decode);
  ASSERT_TRUE(again.Sync("shop", "fp").ok());
  EXPECT_EQ(again.stats().loaded, 0u);
  EXPECT_FALSE(again.Lookup("shop", "bad").has_value());
}

TEST_F(AnswerCacheStoreTest, TheFileKeepsAtMostMaxEntriesPerDatasource) {
  auto opened = SqliteAnswerCacheStore::Open(dir_ / "small.sqlite", {.max_entries = 3});
  ASSERT_TRUE(opened.ok());
  auto& store = *opened;
  ASSERT_TRUE(store->Reset("shop", "fp").ok());
  for (int i = 0; i < 5; ++i) {
    StoredAnswer a;
    a.datasource = "shop";
    a.normalized = "q" + std::to_string(i);
    a.question = a.normalized;
    a.sql = "SELECT 1";
    a.stored_at_ms = 1000 + i;
    ASSERT_TRUE(store->Put(a).ok());
  }
  auto rows = store->Load("shop");
  ASSERT_TRUE(rows.ok());
  ASSERT_EQ(rows->size(), 3u);
  EXPECT_EQ(rows->front().normalized, "q2");
}

TEST_F(AnswerCacheStoreTest, AFileThatIsNotAnAnswerCacheIsAClearError) {
  const auto path = dir_ / "junk.sqlite";
  {
    std::FILE* f = std::fopen(path.c_str(), "w");
    std::fputs("this is not a database, just some text that fills the header page......", f);
    std::fclose(f);
  }
  auto store = SqliteAnswerCacheStore::Open(path);
  ASSERT_FALSE(store.ok());
  EXPECT_NE(store.status().message().find("delete the file"), std::string::npos)
      << store.status().message();
}

}  // namespace
}  // namespace askdb::cache
