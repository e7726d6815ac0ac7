#include "askdb/server/store/sqlite_management_store.h"

#include <sqlite3.h>

#include <functional>
#include <mutex>
#include <utility>

namespace askdb::server::store {
namespace {

constexpr const char* kComponent = "management";

using StepResult = SqlStatement::StepResult;

// The SQL that differs from PostgreSQL's (sql_management_store.h).
const SqlDialect kSqliteDialect = {
    .upsert_run =
        "INSERT OR REPLACE INTO run_history(run_id, thread_id, agent_id, question, "
        "route, outcome, error, started_at_ms, duration_ms, nodes_json, llm_calls, "
        "prompt_tokens, completion_tokens) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
    .upsert_api_key =
        "INSERT OR REPLACE INTO api_keys(id, scope, hash, created_at_ms, last4, "
        "revoked) VALUES (?,?,?,?,?,?)",
    .activate_model = "UPDATE model_configs SET active = (id = ?)",
    .lock_schema = nullptr,  // BEGIN IMMEDIATE already excludes other writers
};

Status SqliteError(sqlite3* db, int rc, std::string_view what) {
  const std::string detail = db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
  std::string message = "management store: " + std::string(what) + " failed: " + detail;
  if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) {
    return UnavailableError(message + "; another process holds the store file, retry");
  }
  if ((rc & 0xFF) == SQLITE_CONSTRAINT) {
    return AlreadyExistsError(message + "; use another id");
  }
  return UnavailableError(message + "; check the data directory is writable and not full");
}

// One prepared statement; binds by position, reads columns by index.
class SqliteStmt final : public SqlStatement {
 public:
  SqliteStmt(sqlite3* db, std::string_view sql) : db_(db) {
    rc_ = sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &stmt_, nullptr);
  }
  ~SqliteStmt() override { sqlite3_finalize(stmt_); }
  SqliteStmt(const SqliteStmt&) = delete;
  SqliteStmt& operator=(const SqliteStmt&) = delete;

  Status prepared() const override {
    return rc_ == SQLITE_OK ? Status::Ok() : SqliteError(db_, rc_, "preparing a statement");
  }
  SqliteStmt& Text(std::string_view value) override {
    sqlite3_bind_text(stmt_, ++index_, value.data(), static_cast<int>(value.size()),
                      SQLITE_TRANSIENT);
    return *this;
  }
  SqliteStmt& Int(int64_t value) override {
    sqlite3_bind_int64(stmt_, ++index_, value);
    return *this;
  }
  SqliteStmt& Null() override {
    sqlite3_bind_null(stmt_, ++index_);
    return *this;
  }
  StepResult Step() override {
    step_rc_ = sqlite3_step(stmt_);
    if (step_rc_ == SQLITE_ROW) return StepResult::kRow;
    if (step_rc_ == SQLITE_DONE) return StepResult::kDone;
    return StepResult::kError;
  }
  // Runs a statement that returns no rows.
  Status Run(std::string_view what) override {
    ASKDB_RETURN_IF_ERROR(prepared());
    if (Step() == StepResult::kError) return SqliteError(db_, step_rc_, what);
    return Status::Ok();
  }
  int64_t Changes() const override { return sqlite3_changes(db_); }
  Status StepError(std::string_view what) const override {
    return SqliteError(db_, step_rc_, what);
  }

  std::string ColText(int i) const override {
    const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, i));
    return text != nullptr ? std::string(text, sqlite3_column_bytes(stmt_, i)) : std::string();
  }
  int64_t ColInt(int i) const override { return sqlite3_column_int64(stmt_, i); }
  bool ColNull(int i) const override { return sqlite3_column_type(stmt_, i) == SQLITE_NULL; }

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
  int rc_ = SQLITE_OK;
  int step_rc_ = SQLITE_OK;
  int index_ = 0;
};

constexpr const char* kCreateTables = R"sql(
CREATE TABLE IF NOT EXISTS agents (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, instructions TEXT NOT NULL,
  datasource_id TEXT NOT NULL, selected_tables_json TEXT NOT NULL, language TEXT NOT NULL,
  plan_review INTEGER, fast_mode INTEGER NOT NULL, preset_questions_json TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL, updated_at_ms INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS datasources (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, url TEXT NOT NULL, sealed_password TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL, updated_at_ms INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS semantic_models (
  datasource_id TEXT PRIMARY KEY, model_json TEXT NOT NULL, updated_at_ms INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS relations (
  id TEXT PRIMARY KEY, datasource_id TEXT NOT NULL, from_table TEXT NOT NULL,
  from_column TEXT NOT NULL, to_table TEXT NOT NULL, to_column TEXT NOT NULL,
  kind TEXT NOT NULL, description TEXT NOT NULL, created_at_ms INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS relations_by_datasource ON relations(datasource_id);
CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY, agent_id TEXT NOT NULL, title TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL, updated_at_ms INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS sessions_by_agent ON sessions(agent_id, updated_at_ms);
CREATE TABLE IF NOT EXISTS messages (
  session_id TEXT NOT NULL, seq INTEGER NOT NULL, role TEXT NOT NULL, text TEXT NOT NULL,
  thread_id TEXT NOT NULL, run_json TEXT, created_at_ms INTEGER NOT NULL,
  PRIMARY KEY (session_id, seq));
CREATE TABLE IF NOT EXISTS examples (
  id TEXT PRIMARY KEY, agent_id TEXT NOT NULL, question TEXT NOT NULL, sql TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS examples_by_agent ON examples(agent_id);
CREATE TABLE IF NOT EXISTS run_history (
  run_id TEXT PRIMARY KEY, thread_id TEXT NOT NULL, agent_id TEXT NOT NULL,
  question TEXT NOT NULL, route TEXT NOT NULL, outcome TEXT NOT NULL, error TEXT NOT NULL,
  started_at_ms INTEGER NOT NULL, duration_ms INTEGER NOT NULL, nodes_json TEXT NOT NULL,
  llm_calls INTEGER NOT NULL, prompt_tokens INTEGER NOT NULL,
  completion_tokens INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS run_history_by_time ON run_history(started_at_ms);
CREATE INDEX IF NOT EXISTS run_history_by_thread ON run_history(thread_id);
CREATE INDEX IF NOT EXISTS run_history_by_agent ON run_history(agent_id);
CREATE TABLE IF NOT EXISTS model_configs (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, provider TEXT NOT NULL, base_url TEXT NOT NULL,
  model TEXT NOT NULL, sealed_api_key TEXT NOT NULL, active INTEGER NOT NULL,
  created_at_ms INTEGER NOT NULL, updated_at_ms INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS api_keys (
  id TEXT PRIMARY KEY, scope TEXT NOT NULL, hash TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL, last4 TEXT, revoked INTEGER NOT NULL);
)sql";

}  // namespace

struct SqliteManagementStore::Impl {
  sqlite3* db = nullptr;
  std::filesystem::path path;

  ~Impl() { sqlite3_close_v2(db); }

  Status Exec(const char* sql) const {
    char* error = nullptr;
    int rc = sqlite3_exec(db, sql, nullptr, nullptr, &error);
    if (rc != SQLITE_OK) {
      std::string message = error != nullptr ? error : sqlite3_errstr(rc);
      sqlite3_free(error);
      return SqliteError(nullptr, rc, message);
    }
    return Status::Ok();
  }

  // Runs `body` in one BEGIN IMMEDIATE transaction; rolls back when it fails.
  Status Transaction(const std::function<Status()>& body) {
    ASKDB_RETURN_IF_ERROR(Exec("BEGIN IMMEDIATE"));
    Status status = body();
    if (!status.ok()) {
      (void)Exec("ROLLBACK");
      return status;
    }
    status = Exec("COMMIT");
    if (!status.ok()) (void)Exec("ROLLBACK");
    return status;
  }
};

SqliteManagementStore::SqliteManagementStore(std::unique_ptr<Impl> impl, const Clock* clock)
    : SqlManagementStore(clock, kSqliteDialect), impl_(std::move(impl)) {}
SqliteManagementStore::~SqliteManagementStore() = default;

const std::filesystem::path& SqliteManagementStore::path() const { return impl_->path; }

std::unique_ptr<SqlStatement> SqliteManagementStore::Prepare(std::string_view sql) const {
  return std::make_unique<SqliteStmt>(impl_->db, sql);
}

Status SqliteManagementStore::Transaction(const std::function<Status()>& body) {
  return impl_->Transaction(body);
}

StatusOr<std::unique_ptr<SqliteManagementStore>> SqliteManagementStore::Open(
    const std::filesystem::path& path, SqliteManagementStoreOptions options) {
  auto impl = std::make_unique<Impl>();
  impl->path = path;
  int rc =
      sqlite3_open_v2(path.c_str(), &impl->db,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    return UnavailableError("opening management store " + path.string() + " failed: " +
                            (impl->db != nullptr ? sqlite3_errmsg(impl->db) : sqlite3_errstr(rc)) +
                            "; check the directory exists and is writable");
  }
  sqlite3_busy_timeout(impl->db, static_cast<int>(options.busy_timeout.count()));
  ASKDB_RETURN_IF_ERROR(impl->Exec("PRAGMA journal_mode=WAL"));
  ASKDB_RETURN_IF_ERROR(impl->Exec("PRAGMA synchronous=NORMAL"));
  Impl* raw = impl.get();
  Status migrated = impl->Transaction([raw, &path]() -> Status {
    ASKDB_RETURN_IF_ERROR(
        raw->Exec("CREATE TABLE IF NOT EXISTS schema_versions ("
                  " component TEXT PRIMARY KEY, version INTEGER NOT NULL)"));
    SqliteStmt select(raw->db, "SELECT version FROM schema_versions WHERE component = ?");
    ASKDB_RETURN_IF_ERROR(select.prepared());
    select.Text(kComponent);
    const StepResult step = select.Step();
    if (step == StepResult::kRow && select.ColInt(0) > kSchemaVersion) {
      return FailedPreconditionError(
          "management store " + path.string() + " has schema version " +
          std::to_string(select.ColInt(0)) + " but this askdb reads up to " +
          std::to_string(kSchemaVersion) + "; upgrade askdb or use another data directory");
    }
    if (step == StepResult::kError) return select.StepError("reading the schema version");
    ASKDB_RETURN_IF_ERROR(raw->Exec(kCreateTables));
    SqliteStmt upsert(raw->db,
                      "INSERT INTO schema_versions(component, version) VALUES (?, ?)"
                      " ON CONFLICT(component) DO UPDATE SET version = excluded.version");
    upsert.Text(kComponent).Int(kSchemaVersion);
    return upsert.Run("writing the schema version");
  });
  ASKDB_RETURN_IF_ERROR(migrated);
  return std::unique_ptr<SqliteManagementStore>(
      new SqliteManagementStore(std::move(impl), options.clock));
}

}  // namespace askdb::server::store
