// SqliteCheckpointStore: the default CheckpointStore, one SQLite file under the data
// directory (checkpoints.sqlite). WAL journal so readers never block the writer, a busy
// timeout so that several askdb processes can share the file, a schema version table so a
// newer layout is refused rather than misread, and every Save in one transaction.
//
// Thread-safe: one connection guarded by a mutex. Several processes may open the same file.
#pragma once

#include <chrono>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string_view>
#include <vector>

#include "askdb/agent/graph/checkpoint_store.h"

struct sqlite3;

namespace askdb::agent {

struct SqliteCheckpointStoreOptions {
  // How long a statement waits for another process's write lock before Unavailable.
  std::chrono::milliseconds busy_timeout{5000};
};

class SqliteCheckpointStore final : public CheckpointStore {
 public:
  // File name used under the data directory by OpenDefault.
  static constexpr std::string_view kDefaultFileName = "checkpoints.sqlite";
  // The layout this build writes and reads (table schema_versions, component "checkpoints").
  static constexpr int kSchemaVersion = 1;

  // Opens or creates `path` (its parent directory must exist). Unavailable when the file
  // cannot be opened; FailedPrecondition when it was written by a newer schema.
  static StatusOr<std::unique_ptr<SqliteCheckpointStore>> Open(
      const std::filesystem::path& path, SqliteCheckpointStoreOptions options = {});
  // Opens <data dir>/checkpoints.sqlite, creating the data directory if needed.
  static StatusOr<std::unique_ptr<SqliteCheckpointStore>> OpenDefault(
      SqliteCheckpointStoreOptions options = {});

  // Only Open can make the key; the constructor is public for std::make_unique.
  class Key {
    friend class SqliteCheckpointStore;
    Key() = default;
  };
  SqliteCheckpointStore(Key, sqlite3* db, std::filesystem::path path);
  ~SqliteCheckpointStore() override;
  SqliteCheckpointStore(const SqliteCheckpointStore&) = delete;
  SqliteCheckpointStore& operator=(const SqliteCheckpointStore&) = delete;

  Status Save(const Checkpoint& checkpoint) override;
  StatusOr<Checkpoint> Load(std::string_view thread_id) override;
  StatusOr<std::vector<CheckpointSummary>> List() override;
  Status Delete(std::string_view thread_id) override;

 private:
  Status Exec(const char* sql);
  Status CreateSchema();
  Status CheckSchemaVersion();

  std::mutex mu_;
  sqlite3* db_;  // owned; closed in the destructor
  std::filesystem::path path_;
};

}  // namespace askdb::agent
