#include "askdb/cache/answer_cache_store.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <memory>
#include <string>
#include <utility>

#include "askdb/cache/answer_cache.h"
#include "askdb/cache/erase_propagation_scenario.h"

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
 public:
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

// Two processes over one file: a store and a cache each.
struct TwoProcesses {
  explicit TwoProcesses(AnswerCacheStoreTest& t)
      : store_a(t.OpenStore()), store_b(t.OpenStore()), a({}, t.clock_), b({}, t.clock_) {
    a.AttachStore(store_a.get(), Decode);
    b.AttachStore(store_b.get(), Decode);
  }
  std::unique_ptr<SqliteAnswerCacheStore> store_a, store_b;
  AnswerCache a, b;
};

// One process of askdb build `build` (CacheOptions::build) with its own store on the file.
struct BuildProcess {
  BuildProcess(AnswerCacheStoreTest& t, std::string build)
      : store(t.OpenStore()), cache(Options(std::move(build)), t.clock_) {
    cache.AttachStore(store.get(), Decode);
  }
  static CacheOptions Options(std::string build) {
    CacheOptions o;
    o.build = std::move(build);
    return o;
  }
  std::unique_ptr<SqliteAnswerCacheStore> store;
  AnswerCache cache;
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

// An upgraded askdb (another build over the same store file and schema) starts empty: its
// engine may read the stored questions differently, so the old answers are not served.
TEST_F(AnswerCacheStoreTest, AnotherBuildOfAskdbStartsFromAnEmptyCache) {
  {
    BuildProcess old_build(*this, "0.1.0+aaaaaaaaaaaa");
    ASSERT_TRUE(old_build.cache.Sync("shop", "fp1").ok());
    ASSERT_TRUE(old_build.cache.Store("shop", "sales by region", "SELECT 1", OneRow(1)).ok());
  }
  BuildProcess new_build(*this, "0.1.0+bbbbbbbbbbbb");
  AnswerCache& cache = new_build.cache;
  ASSERT_TRUE(cache.Sync("shop", "fp1").ok());
  EXPECT_FALSE(cache.Lookup("shop", "sales by region").has_value());
  EXPECT_EQ(cache.stats().loaded, 0u);
  EXPECT_EQ(cache.stats().invalidated, 1u);
  EXPECT_TRUE(new_build.store->Load("shop")->empty());
}

// An older askdb still running beside the upgraded one (a server not yet restarted): once the
// new build reset the store, what the old one stores stays in its own memory, or the new
// build would load answers the old engine read.
TEST_F(AnswerCacheStoreTest, AnOlderBuildStillRunningStoresNothingForTheNewOne) {
  BuildProcess old_build(*this, "0.1.0+aaaaaaaaaaaa");
  AnswerCache& old_cache = old_build.cache;
  ASSERT_TRUE(old_cache.Sync("shop", "fp1").ok());
  BuildProcess new_build(*this, "0.1.0+bbbbbbbbbbbb");
  AnswerCache& new_cache = new_build.cache;
  SqliteAnswerCacheStore* new_store = new_build.store.get();
  ASSERT_TRUE(new_cache.Sync("shop", "fp1").ok());
  ASSERT_TRUE(old_cache.Store("shop", "sales by region", "SELECT 1", OneRow(1)).ok());
  EXPECT_TRUE(old_cache.Lookup("shop", "sales by region").has_value());  // its own memory
  ASSERT_TRUE(new_cache.Sync("shop", "fp1").ok());
  EXPECT_FALSE(new_cache.Lookup("shop", "sales by region").has_value());
  EXPECT_TRUE(new_store->Load("shop")->empty());
  // The new build's own answers are stored as before.
  ASSERT_TRUE(new_cache.Store("shop", "sales by city", "SELECT 2", OneRow(2)).ok());
  EXPECT_EQ(new_store->Load("shop")->size(), 1u);
}

// Two processes (two stores on one file, as two `askdb serve` over one data directory): what
// one stores, the other finds at its next Sync — and a process never reloads its own answers.
TEST_F(AnswerCacheStoreTest, ProcessesOverOneStoreSeeEachOthersAnswers) {
  TwoProcesses p(*this);
  AnswerCache& a = p.a;
  AnswerCache& b = p.b;
  ASSERT_TRUE(a.Sync("shop", "fp").ok());
  ASSERT_TRUE(b.Sync("shop", "fp").ok());
  ASSERT_TRUE(a.Store("shop", "2024年各地区的销售额", "SELECT 7", OneRow(7)).ok());
  EXPECT_FALSE(b.Lookup("shop", "2024年各地区的销售额").has_value());  // not synced yet

  ASSERT_TRUE(b.Sync("shop", "fp").ok());
  auto hit = b.Lookup("shop", "2024年各地区的销售额");
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->level, CacheLevel::kL1);
  EXPECT_EQ(hit->result->rows[0][0], db::Value::Int(7));
  EXPECT_EQ(b.stats().loaded, 1u);

  ASSERT_TRUE(a.Sync("shop", "fp").ok());
  EXPECT_EQ(a.stats().loaded, 0u);  // its own Put was the next version: nothing to load
  ASSERT_TRUE(b.Store("shop", "sales by region", "SELECT 8", OneRow(8)).ok());
  ASSERT_TRUE(a.Sync("shop", "fp").ok());
  EXPECT_EQ(a.stats().loaded, 1u);
  EXPECT_TRUE(a.Lookup("shop", "sales by region").has_value());
}

// Two processes over one file: an entry one drops (a failed L2 re-execution) leaves the
// other's memory at its next Sync.
TEST_F(AnswerCacheStoreTest, AnEntryErasedByOneProcessLeavesTheOthersMemory) {
  TwoProcesses p(*this);
  testing::ExpectEraseReachesTheOtherProcess(p.a, p.b, OneRow);
}

// Another process prepared a changed schema and reset the store: this one keeps its own view
// (its datasource is prepared again on its next request) and loads nothing of the other's.
TEST_F(AnswerCacheStoreTest, AnotherFingerprintInTheStoreIsNotLoaded) {
  TwoProcesses p(*this);
  AnswerCache& a = p.a;
  AnswerCache& b = p.b;
  ASSERT_TRUE(a.Sync("shop", "old").ok());
  ASSERT_TRUE(b.Sync("shop", "new").ok());
  ASSERT_TRUE(b.Store("shop", "sales by region", "SELECT 9", OneRow(9)).ok());
  ASSERT_TRUE(a.Sync("shop", "old").ok());
  EXPECT_FALSE(a.Lookup("shop", "sales by region").has_value());
  EXPECT_EQ(a.stats().loaded, 0u);
}

// A file written before entries were numbered gets the columns and keeps its entries.
TEST_F(AnswerCacheStoreTest, AFileFromBeforeVersionsIsUpgradedInPlace) {
  const auto path = dir_ / "answer_cache.sqlite";
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &raw), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(raw,
                         "CREATE TABLE answer_cache_datasources (datasource TEXT PRIMARY KEY, "
                         "fingerprint TEXT NOT NULL);"
                         "CREATE TABLE answer_cache_entries (datasource TEXT NOT NULL, "
                         "normalized TEXT NOT NULL, question TEXT NOT NULL, sql TEXT NOT NULL, "
                         "result TEXT, slots TEXT, embedder TEXT NOT NULL DEFAULT '', embedding "
                         "BLOB, stored_at_ms INTEGER NOT NULL, PRIMARY KEY (datasource, "
                         "normalized));"
                         "INSERT INTO answer_cache_datasources VALUES ('shop', 'fp');"
                         "INSERT INTO answer_cache_entries (datasource, normalized, question, "
                         "sql, stored_at_ms) VALUES ('shop', 'q', 'q', 'SELECT 1', 1000);",
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(raw);
  auto store = OpenStore();
  ASSERT_NE(store, nullptr);
  auto rows = store->Load("shop");
  ASSERT_TRUE(rows.ok()) << rows.status().ToString();
  ASSERT_EQ(rows->size(), 1u);
  EXPECT_EQ(rows->front().version, 0);
  StoredAnswer next;
  next.datasource = "shop";
  next.normalized = next.question = "r";
  next.sql = "SELECT 2";
  auto version = store->Put(next);
  ASSERT_TRUE(version.ok()) << version.status().ToString();
  EXPECT_EQ(*version, 1);
  EXPECT_EQ(store->Load("shop", 0)->size(), 1u);  // only what came after version 0
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
  EXPECT_EQ(store->State("shop").value()->fingerprint, "fp2@" + cache.options().build);
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
  auto left = store->Load("shop");
  ASSERT_TRUE(left.ok());
  ASSERT_EQ(left->size(), 1u);  // only the tombstone, for the other processes
  EXPECT_TRUE(left->front().erased);
  EXPECT_EQ(left->front().normalized, "total sales by region");

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
