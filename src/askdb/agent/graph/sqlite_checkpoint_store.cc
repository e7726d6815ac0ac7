#include "askdb/agent/graph/sqlite_checkpoint_store.h"

#include <sqlite3.h>

#include <string>
#include <utility>

#include "askdb/common/paths.h"

namespace askdb::agent {
namespace {

constexpr const char* kComponent = "checkpoints";

// Owns a prepared statement for one call.
class Statement {
 public:
  Statement() = default;
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  sqlite3_stmt** out() { return &stmt_; }
  sqlite3_stmt* get() const { return stmt_; }

 private:
  sqlite3_stmt* stmt_ = nullptr;
};

Status SqliteStatus(sqlite3* db, int rc, std::string_view what) {
  std::string message = "checkpoint store: " + std::string(what) +
                        " failed: " + (db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
  if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) {
    return UnavailableError(message + "; another process holds the checkpoint file, retry");
  }
  return UnavailableError(message + "; check the data directory is writable and not full");
}

Status Prepare(sqlite3* db, const char* sql, Statement& stmt) {
  int rc = sqlite3_prepare_v2(db, sql, -1, stmt.out(), nullptr);
  if (rc != SQLITE_OK) return SqliteStatus(db, rc, "preparing a statement");
  return Status::Ok();
}

void BindText(sqlite3_stmt* stmt, int index, std::string_view text) {
  sqlite3_bind_text(stmt, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
}

std::string ColumnText(sqlite3_stmt* stmt, int index) {
  const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(stmt, index));
  return text != nullptr ? std::string(text, sqlite3_column_bytes(stmt, index)) : std::string();
}

// Opens (or creates) the file; the connection is shared by threads (FULLMUTEX).
StatusOr<sqlite3*> OpenDatabaseFile(const std::filesystem::path& path) {
  sqlite3* raw = nullptr;
  int rc =
      sqlite3_open_v2(path.c_str(), &raw,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    Status status = UnavailableError("opening checkpoint store " + path.string() + " failed: " +
                                     (raw != nullptr ? sqlite3_errmsg(raw) : sqlite3_errstr(rc)) +
                                     "; check the directory exists and is writable");
    sqlite3_close_v2(raw);
    return status;
  }
  return raw;
}

}  // namespace

SqliteCheckpointStore::SqliteCheckpointStore(Key, sqlite3* db, std::filesystem::path path)
    : db_(db), path_(std::move(path)) {}

SqliteCheckpointStore::~SqliteCheckpointStore() { sqlite3_close_v2(db_); }

Status SqliteCheckpointStore::Exec(const char* sql) {
  char* error = nullptr;
  int rc = sqlite3_exec(db_, sql, nullptr, nullptr, &error);
  if (rc != SQLITE_OK) {
    std::string message = error != nullptr ? error : sqlite3_errstr(rc);
    sqlite3_free(error);
    Status status = SqliteStatus(nullptr, rc, message);
    return status;
  }
  return Status::Ok();
}

StatusOr<std::unique_ptr<SqliteCheckpointStore>> SqliteCheckpointStore::Open(
    const std::filesystem::path& path, SqliteCheckpointStoreOptions options) {
  ASKDB_ASSIGN_OR_RETURN(sqlite3 * raw, OpenDatabaseFile(path));
  auto store = std::make_unique<SqliteCheckpointStore>(Key(), raw, path);
  sqlite3_busy_timeout(raw, static_cast<int>(options.busy_timeout.count()));
  ASKDB_RETURN_IF_ERROR(store->Exec("PRAGMA journal_mode=WAL"));
  ASKDB_RETURN_IF_ERROR(store->Exec("PRAGMA synchronous=NORMAL"));
  ASKDB_RETURN_IF_ERROR(store->Exec("BEGIN IMMEDIATE"));
  Status schema = store->CreateSchema();
  if (!schema.ok()) {
    (void)store->Exec("ROLLBACK");
    return schema;
  }
  ASKDB_RETURN_IF_ERROR(store->Exec("COMMIT"));
  return store;
}

// The tables, in one transaction with the version check, so two processes opening a new
// file at once agree.
Status SqliteCheckpointStore::CreateSchema() {
  ASKDB_RETURN_IF_ERROR(
      Exec("CREATE TABLE IF NOT EXISTS schema_versions ("
           " component TEXT PRIMARY KEY, version INTEGER NOT NULL)"));
  ASKDB_RETURN_IF_ERROR(CheckSchemaVersion());
  ASKDB_RETURN_IF_ERROR(
      Exec("CREATE TABLE IF NOT EXISTS agent_checkpoints ("
           " thread_id TEXT PRIMARY KEY,"
           " graph TEXT NOT NULL,"
           " status TEXT NOT NULL,"
           " next_node TEXT NOT NULL,"
           " updated_at_ms INTEGER NOT NULL,"
           " body TEXT NOT NULL)"));
  Statement upsert;
  ASKDB_RETURN_IF_ERROR(Prepare(
      db_, "INSERT OR IGNORE INTO schema_versions(component, version) VALUES (?, ?)", upsert));
  BindText(upsert.get(), 1, kComponent);
  sqlite3_bind_int64(upsert.get(), 2, kSchemaVersion);
  const int rc = sqlite3_step(upsert.get());
  if (rc != SQLITE_DONE) return SqliteStatus(db_, rc, "writing the schema version");
  return Status::Ok();
}

// A file written by a newer askdb is not read: its rows may mean something else.
Status SqliteCheckpointStore::CheckSchemaVersion() {
  Statement select;
  ASKDB_RETURN_IF_ERROR(
      Prepare(db_, "SELECT version FROM schema_versions WHERE component = ?", select));
  BindText(select.get(), 1, kComponent);
  const int rc = sqlite3_step(select.get());
  if (rc == SQLITE_ROW) {
    int64_t version = sqlite3_column_int64(select.get(), 0);
    if (version > kSchemaVersion) {
      return FailedPreconditionError("checkpoint store " + path_.string() + " has schema version " +
                                     std::to_string(version) + " but this askdb reads up to " +
                                     std::to_string(kSchemaVersion) +
                                     "; upgrade askdb or use another data directory");
    }
  } else if (rc != SQLITE_DONE) {
    return SqliteStatus(db_, rc, "reading the schema version");
  }
  return Status::Ok();
}

StatusOr<std::unique_ptr<SqliteCheckpointStore>> SqliteCheckpointStore::OpenDefault(
    SqliteCheckpointStoreOptions options) {
  ASKDB_ASSIGN_OR_RETURN(std::filesystem::path dir, DataDir());
  ASKDB_ASSIGN_OR_RETURN(dir, EnsureDir(dir));
  return Open(dir / kDefaultFileName, options);
}

Status SqliteCheckpointStore::Save(const Checkpoint& checkpoint) {
  // The whole checkpoint goes in `body`; the other columns are copies for List.
  const std::string body = CheckpointToJson(checkpoint).dump();
  std::lock_guard lock(mu_);
  ASKDB_RETURN_IF_ERROR(Exec("BEGIN IMMEDIATE"));
  Statement stmt;
  Status status = Prepare(db_,
                          "INSERT OR REPLACE INTO agent_checkpoints"
                          "(thread_id, graph, status, next_node, updated_at_ms, body)"
                          " VALUES (?, ?, ?, ?, ?, ?)",
                          stmt);
  if (status.ok()) {
    BindText(stmt.get(), 1, checkpoint.thread_id);
    BindText(stmt.get(), 2, checkpoint.graph);
    BindText(stmt.get(), 3, CheckpointStatusName(checkpoint.status));
    BindText(stmt.get(), 4, checkpoint.next_node);
    sqlite3_bind_int64(stmt.get(), 5, checkpoint.updated_at_ms);
    BindText(stmt.get(), 6, body);
    int rc = sqlite3_step(stmt.get());
    if (rc != SQLITE_DONE) status = SqliteStatus(db_, rc, "saving a checkpoint");
  }
  if (!status.ok()) {
    (void)Exec("ROLLBACK");
    return status.WithContext("thread " + checkpoint.thread_id);
  }
  return Exec("COMMIT");
}

StatusOr<Checkpoint> SqliteCheckpointStore::Load(std::string_view thread_id) {
  std::string body;
  {
    std::lock_guard lock(mu_);
    Statement stmt;
    ASKDB_RETURN_IF_ERROR(
        Prepare(db_, "SELECT body FROM agent_checkpoints WHERE thread_id = ?", stmt));
    BindText(stmt.get(), 1, thread_id);
    int rc = sqlite3_step(stmt.get());
    if (rc == SQLITE_DONE) {
      return NoCheckpointError(thread_id);
    }
    if (rc != SQLITE_ROW) return SqliteStatus(db_, rc, "loading a checkpoint");
    body = ColumnText(stmt.get(), 0);
  }
  ASKDB_ASSIGN_OR_RETURN(Json json, ParseJson(body));
  return CheckpointFromJson(json);
}

StatusOr<std::vector<CheckpointSummary>> SqliteCheckpointStore::List() {
  std::lock_guard lock(mu_);
  Statement stmt;
  ASKDB_RETURN_IF_ERROR(Prepare(db_,
                                "SELECT thread_id, graph, status, next_node, updated_at_ms"
                                " FROM agent_checkpoints"
                                " ORDER BY updated_at_ms DESC, thread_id",
                                stmt));
  std::vector<CheckpointSummary> out;
  int rc;
  while ((rc = sqlite3_step(stmt.get())) == SQLITE_ROW) {
    CheckpointSummary summary;
    summary.thread_id = ColumnText(stmt.get(), 0);
    summary.graph = ColumnText(stmt.get(), 1);
    ASKDB_ASSIGN_OR_RETURN(summary.status, ParseCheckpointStatus(ColumnText(stmt.get(), 2)));
    summary.next_node = ColumnText(stmt.get(), 3);
    summary.updated_at_ms = sqlite3_column_int64(stmt.get(), 4);
    out.push_back(std::move(summary));
  }
  if (rc != SQLITE_DONE) return SqliteStatus(db_, rc, "listing checkpoints");
  return out;
}

Status SqliteCheckpointStore::Delete(std::string_view thread_id) {
  std::lock_guard lock(mu_);
  Statement stmt;
  ASKDB_RETURN_IF_ERROR(Prepare(db_, "DELETE FROM agent_checkpoints WHERE thread_id = ?", stmt));
  BindText(stmt.get(), 1, thread_id);
  int rc = sqlite3_step(stmt.get());
  if (rc != SQLITE_DONE) return SqliteStatus(db_, rc, "deleting a checkpoint");
  return Status::Ok();
}

}  // namespace askdb::agent
