#include "askdb/agent/graph/sqlite_checkpoint_store.h"

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>

namespace askdb::agent {
namespace {

class SqliteCheckpointStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("askdb_ckpt_test_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    path_ = dir_ / "checkpoints.sqlite";
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // Runs one statement on the file through a separate connection (another "process").
  std::string Query(const std::string& sql) {
    sqlite3* db = nullptr;
    EXPECT_EQ(sqlite3_open(path_.c_str(), &db), SQLITE_OK);
    std::string out;
    sqlite3_exec(
        db, sql.c_str(),
        [](void* arg, int, char** values, char**) {
          *static_cast<std::string*>(arg) = values[0] != nullptr ? values[0] : "";
          return 0;
        },
        &out, nullptr);
    sqlite3_close(db);
    return out;
  }

  std::filesystem::path dir_;
  std::filesystem::path path_;
};

Checkpoint Sample(std::string thread, int64_t updated) {
  Checkpoint cp;
  cp.thread_id = std::move(thread);
  cp.graph = "main";
  cp.status = CheckpointStatus::kInterrupted;
  cp.next_node = "clarify";
  cp.state = {{"question", "去年的销售额?"}};
  cp.pending = Interrupt{InterruptKind::kClarification, "clarify", {{"q", "which year"}}};
  cp.next_seq = 9;
  cp.steps = 3;
  cp.invocation = 1;
  cp.updated_at_ms = updated;
  return cp;
}

TEST_F(SqliteCheckpointStoreTest, SaveLoadListDelete) {
  auto store = SqliteCheckpointStore::Open(path_);
  ASSERT_TRUE(store.ok()) << store.status().ToString();
  EXPECT_EQ((*store)->Load("x").status().code(), StatusCode::kNotFound);
  ASSERT_TRUE((*store)->Save(Sample("a", 10)).ok());
  ASSERT_TRUE((*store)->Save(Sample("b", 20)).ok());
  Checkpoint replaced = Sample("a", 30);
  replaced.status = CheckpointStatus::kDone;
  replaced.pending.reset();
  ASSERT_TRUE((*store)->Save(replaced).ok());
  auto loaded = (*store)->Load("a");
  ASSERT_TRUE(loaded.ok());
  EXPECT_EQ(*loaded, replaced);
  auto list = (*store)->List();
  ASSERT_TRUE(list.ok());
  ASSERT_EQ(list->size(), 2u);
  EXPECT_EQ((*list)[0].thread_id, "a");
  EXPECT_EQ((*list)[0].status, CheckpointStatus::kDone);
  EXPECT_EQ((*list)[1].thread_id, "b");
  ASSERT_TRUE((*store)->Delete("a").ok());
  ASSERT_TRUE((*store)->Delete("a").ok());
  EXPECT_EQ((*store)->Load("a").status().code(), StatusCode::kNotFound);
}

TEST_F(SqliteCheckpointStoreTest, SurvivesReopeningAndUsesWal) {
  {
    auto store = SqliteCheckpointStore::Open(path_);
    ASSERT_TRUE(store.ok());
    ASSERT_TRUE((*store)->Save(Sample("a", 1)).ok());
  }
  auto store = SqliteCheckpointStore::Open(path_);
  ASSERT_TRUE(store.ok());
  auto loaded = (*store)->Load("a");
  ASSERT_TRUE(loaded.ok());
  EXPECT_EQ(*loaded, Sample("a", 1));
  EXPECT_EQ(Query("PRAGMA journal_mode"), "wal");
  EXPECT_EQ(Query("SELECT version FROM schema_versions WHERE component = 'checkpoints'"), "1");
}

TEST_F(SqliteCheckpointStoreTest, TwoStoresOnOneFileSeeEachOther) {
  auto first = SqliteCheckpointStore::Open(path_);
  auto second = SqliteCheckpointStore::Open(path_);
  ASSERT_TRUE(first.ok());
  ASSERT_TRUE(second.ok());
  ASSERT_TRUE((*first)->Save(Sample("shared", 1)).ok());
  auto loaded = (*second)->Load("shared");
  ASSERT_TRUE(loaded.ok());
  EXPECT_EQ(loaded->next_node, "clarify");
}

TEST_F(SqliteCheckpointStoreTest, RefusesANewerSchema) {
  { ASSERT_TRUE(SqliteCheckpointStore::Open(path_).ok()); }
  Query("UPDATE schema_versions SET version = 99 WHERE component = 'checkpoints'");
  auto store = SqliteCheckpointStore::Open(path_);
  ASSERT_FALSE(store.ok());
  EXPECT_EQ(store.status().code(), StatusCode::kFailedPrecondition);
  EXPECT_NE(store.status().message().find("upgrade askdb"), std::string::npos);
}

TEST_F(SqliteCheckpointStoreTest, MissingDirectoryIsUnavailable) {
  auto store = SqliteCheckpointStore::Open(dir_ / "no" / "such" / "dir" / "c.sqlite");
  ASSERT_FALSE(store.ok());
  EXPECT_EQ(store.status().code(), StatusCode::kUnavailable);
}

TEST_F(SqliteCheckpointStoreTest, CorruptBodyIsReportedNotCrashed) {
  auto store = SqliteCheckpointStore::Open(path_);
  ASSERT_TRUE(store.ok());
  ASSERT_TRUE((*store)->Save(Sample("a", 1)).ok());
  Query("UPDATE agent_checkpoints SET body = '{not json' WHERE thread_id = 'a'");
  auto loaded = (*store)->Load("a");
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.status().code(), StatusCode::kInvalidArgument);
}

TEST_F(SqliteCheckpointStoreTest, OpenDefaultUsesTheDataDirectory) {
  const char* old = std::getenv("ASKDB_HOME");
  std::string saved = old != nullptr ? old : "";
  ::setenv("ASKDB_HOME", dir_.c_str(), 1);
  auto store = SqliteCheckpointStore::OpenDefault();
  if (old != nullptr) {
    ::setenv("ASKDB_HOME", saved.c_str(), 1);
  } else {
    ::unsetenv("ASKDB_HOME");
  }
  ASSERT_TRUE(store.ok()) << store.status().ToString();
  EXPECT_TRUE(std::filesystem::exists(dir_ / "data" / SqliteCheckpointStore::kDefaultFileName));
}

}  // namespace
}  // namespace askdb::agent
