// SharedSchemaCacheStore on both management databases (a scratch SQLite file and the test
// PostgreSQL of scripts/db_servers.sh, ASKDB_TEST_STORE_URL; skipped with a message without
// it), as two replicas use it: two management stores on one database, a schema manager on
// each over the same SQLite datasource. The second starts warm from the first one's fetch.
#include "askdb/server/api/shared_schema_cache_store.h"

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>

#include "askdb/catalog/schema_manager.h"
#include "askdb/catalog/schema_source.h"
#include "askdb/db/connector_registry.h"
#include "tests/servers/two_management_stores.h"

namespace askdb::server::api {
namespace {

namespace fs = std::filesystem;

class SharedSchemaCacheStoreTest : public store::testing::TwoManagementStoresTest {
 protected:
  SharedSchemaCacheStoreTest() : TwoManagementStoresTest("schema_cache_test") {}
  void SetUp() override {
    TwoManagementStoresTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    auto a = SharedSchemaCacheStore::Open(*db_a_);
    auto b = SharedSchemaCacheStore::Open(*db_b_);
    ASSERT_TRUE(a.ok()) << a.status().ToString();
    ASSERT_TRUE(b.ok()) << b.status().ToString();
    store_a_ = std::move(a).value();
    store_b_ = std::move(b).value();
    data_ = fs::temp_directory_path() / ("askdb_shared_schema_" + std::to_string(::getpid()));
    fs::create_directories(data_);
    sqlite3* raw = nullptr;
    ASSERT_EQ(sqlite3_open((data_ / "shop.sqlite").c_str(), &raw), SQLITE_OK);
    const int rc = sqlite3_exec(
        raw, "CREATE TABLE parts (part_id INTEGER PRIMARY KEY, name TEXT, weight_kg REAL)", nullptr,
        nullptr, nullptr);
    sqlite3_close(raw);
    ASSERT_EQ(rc, SQLITE_OK);
    auto c = db::OpenConnector("sqlite:" + (data_ / "shop.sqlite").string());
    ASSERT_TRUE(c.ok()) << c.status().ToString();
    source_db_ = std::move(c).value();
  }
  void TearDown() override {
    store_a_.reset();
    store_b_.reset();
    source_db_.reset();
    fs::remove_all(data_);
    TwoManagementStoresTest::TearDown();
  }

  // A replica's schema manager over the datasource, its cache in `backend`.
  std::unique_ptr<catalog::SchemaManager> Replica(std::shared_ptr<SharedSchemaCacheStore> backend) {
    auto m = std::make_unique<catalog::SchemaManager>();
    EXPECT_TRUE(
        m->AddDatasource("ds", std::make_unique<catalog::ConnectorSchemaSource>(*source_db_)).ok());
    EXPECT_TRUE(m->AttachCache("ds", std::move(backend), "abc.json").ok());
    return m;
  }

  std::shared_ptr<SharedSchemaCacheStore> store_a_, store_b_;
  fs::path data_;
  std::unique_ptr<db::Connector> source_db_;
};

TEST_P(SharedSchemaCacheStoreTest, DocumentsAreReplacedWholeAndMissingOnesAreNotFound) {
  EXPECT_EQ(store_b_->Read("none.json").status().code(), StatusCode::kNotFound);
  ASSERT_TRUE(store_a_->Write("x.json", "{\"v\":1}").ok());
  ASSERT_TRUE(store_a_->Write("x.json", "{\"v\":2}").ok());
  auto read = store_b_->Read("x.json");
  ASSERT_TRUE(read.ok()) << read.status().ToString();
  EXPECT_EQ(*read, "{\"v\":2}");
}

TEST_P(SharedSchemaCacheStoreTest, ASecondReplicaStartsWarmFromTheFirstOnesFetch) {
  auto a = Replica(store_a_);
  auto first = a->GetSchema({"ds", catalog::SchemaLevel::kDetailed, {}});
  ASSERT_TRUE(first.ok()) << first.status().ToString();
  EXPECT_FALSE(first->from_cache);
  EXPECT_EQ(a->stats().introspect_calls, 1);

  auto b = Replica(store_b_);
  auto warm = b->GetSchema({"ds", catalog::SchemaLevel::kDetailed, {}});
  ASSERT_TRUE(warm.ok()) << warm.status().ToString();
  EXPECT_TRUE(warm->from_cache);
  EXPECT_EQ(b->stats().introspect_calls, 0) << "the second replica introspected";
  EXPECT_EQ(warm->schema.ToJson(), first->schema.ToJson());
}

INSTANTIATE_TEST_SUITE_P(Stores, SharedSchemaCacheStoreTest,
                         ::testing::Values(store::testing::StoreBackend::kSqlite,
                                           store::testing::StoreBackend::kPostgres),
                         store::testing::StoreBackendName);

}  // namespace
}  // namespace askdb::server::api
