// TermStore on the management database: SQLite (a scratch file) and, in the servers build
// (ASKDB_TERM_STORE_PG), the PostgreSQL of scripts/db_servers.sh (ASKDB_TEST_STORE_URL), each
// test in a schema of its own. Two connections stand for two server processes.
#include "askdb/knowledge/terms/term_store.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>

#include "askdb/server/store/sql_management_store.h"
#ifdef ASKDB_TERM_STORE_PG
#include <optional>

#include "askdb/server/store/postgres_management_store.h"
#include "tests/servers/pg_scratch_schema.h"
#include "tests/servers/server_env.h"
#else
#include "askdb/server/store/sqlite_management_store.h"
#endif

namespace askdb::knowledge {
namespace {

using Store = std::unique_ptr<server::store::SqlManagementStore>;

class TermStoreTest : public ::testing::Test {
 protected:
#ifdef ASKDB_TERM_STORE_PG
  void SetUp() override {
    ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_STORE_URL");
    schema_.emplace(url, "terms_test");
  }
  void TearDown() override { schema_.reset(); }
  Store Connect() {
    auto s = server::store::PostgresManagementStore::Open(schema_->url());
    EXPECT_TRUE(s.ok()) << s.status().ToString();
    return s.ok() ? Store(std::move(s).value()) : nullptr;
  }
  std::optional<db::testing::PgScratchSchema> schema_;
#else
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("askdb_terms_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  Store Connect() {
    auto s = server::store::SqliteManagementStore::Open(
        dir_ / std::string(server::store::kDefaultManagementStoreFileName));
    EXPECT_TRUE(s.ok()) << s.status().ToString();
    return s.ok() ? Store(std::move(s).value()) : nullptr;
  }
  std::filesystem::path dir_;
#endif
};

BusinessTerm Term(std::string scope, std::string name, std::vector<std::string> synonyms = {}) {
  BusinessTerm t;
  t.scope = std::move(scope);
  t.term = std::move(name);
  t.synonyms = std::move(synonyms);
  t.description = "成交总额";
  t.meaning = nlq::BusinessMeaning::kMeasure;
  t.expression = "SUM(orders.total_amount)";
  t.filter = "orders.status = 'completed'";
  return t;
}

TEST_F(TermStoreTest, AddListEditRemoveSeenByAnotherProcess) {
  Store a = Connect(), b = Connect();
  ASSERT_TRUE(a && b);
  auto sa = TermStore::Open(*a);
  auto sb = TermStore::Open(*b);
  ASSERT_TRUE(sa.ok() && sb.ok());
  auto gmv = (*sa)->Add(Term("agent:sales", "GMV", {"成交额"}));
  ASSERT_TRUE(gmv.ok()) << gmv.status().ToString();
  EXPECT_EQ(gmv->id.rfind("term", 0), 0u);
  // The other connection reads it, with its definition intact.
  auto listed = (*sb)->List("agent:sales");
  ASSERT_TRUE(listed.ok()) << listed.status().ToString();
  ASSERT_EQ(listed->size(), 1u);
  EXPECT_EQ((*listed)[0].expression, "SUM(orders.total_amount)");
  EXPECT_EQ((*listed)[0].filter, "orders.status = 'completed'");
  EXPECT_EQ((*listed)[0].synonyms, std::vector<std::string>{"成交额"});
  EXPECT_TRUE((*sb)->List("agent:other")->empty());
  // Edit and switch recall off there; seen here.
  BusinessTerm edited = (*listed)[0];
  edited.description = "changed";
  ASSERT_TRUE((*sb)->Update(edited).ok());
  ASSERT_TRUE((*sb)->SetRecall(gmv->id, false).ok());
  auto got = (*sa)->Get(gmv->id);
  ASSERT_TRUE(got.ok());
  EXPECT_EQ(got->description, "changed");
  EXPECT_FALSE(got->is_recall);
  EXPECT_EQ(got->created_at_ms, gmv->created_at_ms);
  ASSERT_TRUE((*sa)->Remove(gmv->id).ok());
  EXPECT_EQ((*sb)->Get(gmv->id).status().code(), StatusCode::kNotFound);
  EXPECT_EQ((*sb)->Remove(gmv->id).code(), StatusCode::kNotFound);
}

TEST_F(TermStoreTest, AWordMeansOneThingPerScopeAndBadInputChangesNothing) {
  Store a = Connect();
  ASSERT_TRUE(a);
  auto s = TermStore::Open(*a);
  ASSERT_TRUE(s.ok());
  ASSERT_TRUE((*s)->Add(Term("agent:sales", "GMV", {"成交额"})).ok());
  EXPECT_EQ((*s)->Add(Term("agent:sales", "GMV")).status().code(), StatusCode::kAlreadyExists);
  EXPECT_EQ((*s)->Add(Term("agent:sales", "交易额", {"成交额"})).status().code(),
            StatusCode::kAlreadyExists);
  EXPECT_TRUE((*s)->Add(Term("datasource:shop", "GMV")).ok());  // another scope
  EXPECT_EQ((*s)->Add(Term("team:x", "X")).status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ((*s)->Add(Term("agent:sales", "  ")).status().code(), StatusCode::kInvalidArgument);
  auto all = (*s)->List("");
  ASSERT_TRUE(all.ok());
  EXPECT_EQ(all->size(), 2u);
}

}  // namespace
}  // namespace askdb::knowledge
