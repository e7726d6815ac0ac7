// SqliteManagementStore: the ManagementStore of one `askdb serve` data directory, in
// `<data dir>/askdb_server.sqlite` (table layout in management_store.h).
//
// WAL journal (readers never block the writer), a busy timeout for other processes on the
// same file, a schema_versions table (component "management"): a file written by a newer
// askdb (higher version) is refused with FailedPrecondition instead of being misread.
// Every write is one BEGIN IMMEDIATE transaction. The record logic is SqlManagementStore's;
// this class is the sqlite3 driver. One connection per store, guarded by a
// mutex: thread-safe; several processes may share the file (SQLite's locking).
#pragma once

#include <chrono>
#include <filesystem>
#include <memory>

#include "askdb/server/store/sql_management_store.h"

namespace askdb::server::store {

inline constexpr std::string_view kDefaultManagementStoreFileName = "askdb_server.sqlite";

struct SqliteManagementStoreOptions {
  std::chrono::milliseconds busy_timeout{5'000};
  const Clock* clock = nullptr;  // null: the system clock
};

class SqliteManagementStore final : public SqlManagementStore {
 public:
  static constexpr int kSchemaVersion = 1;

  // Opens or creates the file (its directory must exist) and migrates it to kSchemaVersion.
  static StatusOr<std::unique_ptr<SqliteManagementStore>> Open(
      const std::filesystem::path& path, SqliteManagementStoreOptions options = {});
  ~SqliteManagementStore() override;
  SqliteManagementStore(const SqliteManagementStore&) = delete;
  SqliteManagementStore& operator=(const SqliteManagementStore&) = delete;

  const std::filesystem::path& path() const;

 protected:
  std::unique_ptr<SqlStatement> Prepare(std::string_view sql) const override;
  Status Transaction(const std::function<Status()>& body) override;

 private:
  struct Impl;
  SqliteManagementStore(std::unique_ptr<Impl> impl, const Clock* clock);
  std::unique_ptr<Impl> impl_;
};

}  // namespace askdb::server::store
