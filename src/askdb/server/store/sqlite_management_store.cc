#include "askdb/server/store/sqlite_management_store.h"

#include <sqlite3.h>

#include <functional>
#include <limits>
#include <mutex>
#include <utility>

#include "askdb/server/security/api_keys.h"

namespace askdb::server::store {
namespace {

constexpr const char* kComponent = "management";

using TimePoint = Clock::TimePoint;

int64_t ToMs(TimePoint t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}
TimePoint FromMs(int64_t ms) {
  return TimePoint(std::chrono::duration_cast<Clock::Duration>(std::chrono::milliseconds(ms)));
}

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
class Stmt {
 public:
  Stmt(sqlite3* db, std::string_view sql) : db_(db) {
    rc_ = sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &stmt_, nullptr);
  }
  ~Stmt() { sqlite3_finalize(stmt_); }
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;

  Status prepared() const {
    return rc_ == SQLITE_OK ? Status::Ok() : SqliteError(db_, rc_, "preparing a statement");
  }
  Stmt& Text(std::string_view value) {
    sqlite3_bind_text(stmt_, ++index_, value.data(), static_cast<int>(value.size()),
                      SQLITE_TRANSIENT);
    return *this;
  }
  Stmt& Int(int64_t value) {
    sqlite3_bind_int64(stmt_, ++index_, value);
    return *this;
  }
  Stmt& Null() {
    sqlite3_bind_null(stmt_, ++index_);
    return *this;
  }
  // SQLITE_ROW, SQLITE_DONE or an error code.
  int Step() { return sqlite3_step(stmt_); }
  // Runs a statement that returns no rows.
  Status Run(std::string_view what) {
    ASKDB_RETURN_IF_ERROR(prepared());
    int rc = Step();
    if (rc != SQLITE_DONE && rc != SQLITE_ROW) return SqliteError(db_, rc, what);
    return Status::Ok();
  }
  int Changes() const { return sqlite3_changes(db_); }

  std::string ColText(int i) const {
    const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, i));
    return text != nullptr ? std::string(text, sqlite3_column_bytes(stmt_, i)) : std::string();
  }
  int64_t ColInt(int i) const { return sqlite3_column_int64(stmt_, i); }
  bool ColNull(int i) const { return sqlite3_column_type(stmt_, i) == SQLITE_NULL; }
  Json ColJson(int i, Json fallback) const {
    if (ColNull(i)) return fallback;
    StatusOr<Json> parsed = ParseJson(ColText(i));
    return parsed.ok() ? *parsed : fallback;
  }

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
  int rc_ = SQLITE_OK;
  int index_ = 0;
};

std::string Dump(const Json& value) {
  return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

Json ToJsonArray(const std::vector<std::string>& values) {
  Json out = Json::array();
  for (const auto& v : values) out.push_back(v);
  return out;
}

std::vector<std::string> FromJsonArray(const Json& value) {
  std::vector<std::string> out;
  if (!value.is_array()) return out;
  for (const auto& v : value) {
    if (v.is_string()) out.push_back(v.get<std::string>());
  }
  return out;
}

Status RequireField(std::string_view value, std::string_view field) {
  if (value.empty()) return InvalidArgumentError(std::string(field) + ": must not be empty");
  return Status::Ok();
}

Status NotFound(std::string_view kind, std::string_view id) {
  return NotFoundError("no " + std::string(kind) + " '" + std::string(id) +
                       "'; list them with GET to see the ids");
}

// Column lists, in the order the readers below expect.
constexpr const char* kAgentColumns =
    "id, name, instructions, datasource_id, selected_tables_json, language, plan_review, "
    "fast_mode, preset_questions_json, created_at_ms, updated_at_ms";
constexpr const char* kDatasourceColumns =
    "id, name, url, sealed_password, created_at_ms, updated_at_ms";
constexpr const char* kRelationColumns =
    "id, datasource_id, from_table, from_column, to_table, to_column, kind, description, "
    "created_at_ms";
constexpr const char* kSessionColumns = "id, agent_id, title, created_at_ms, updated_at_ms";
constexpr const char* kMessageColumns =
    "session_id, seq, role, text, thread_id, run_json, created_at_ms";
constexpr const char* kExampleColumns = "id, agent_id, question, sql, created_at_ms";
constexpr const char* kRunColumns =
    "run_id, thread_id, agent_id, question, route, outcome, error, started_at_ms, duration_ms, "
    "nodes_json, llm_calls, prompt_tokens, completion_tokens";
constexpr const char* kModelColumns =
    "id, name, provider, base_url, model, sealed_api_key, active, created_at_ms, "
    "updated_at_ms";
constexpr const char* kApiKeyColumns = "id, scope, hash, created_at_ms, last4, revoked";

AgentRecord ReadAgent(const Stmt& s) {
  AgentRecord r;
  r.id = s.ColText(0);
  r.name = s.ColText(1);
  r.instructions = s.ColText(2);
  r.datasource_id = s.ColText(3);
  r.selected_tables = FromJsonArray(s.ColJson(4, Json::array()));
  r.language = s.ColText(5);
  if (!s.ColNull(6)) r.plan_review = s.ColInt(6) != 0;
  r.fast_mode = s.ColInt(7) != 0;
  r.preset_questions = FromJsonArray(s.ColJson(8, Json::array()));
  r.created_at = FromMs(s.ColInt(9));
  r.updated_at = FromMs(s.ColInt(10));
  return r;
}

DatasourceRecord ReadDatasource(const Stmt& s) {
  DatasourceRecord r;
  r.id = s.ColText(0);
  r.name = s.ColText(1);
  r.url = s.ColText(2);
  r.sealed_password = s.ColText(3);
  r.created_at = FromMs(s.ColInt(4));
  r.updated_at = FromMs(s.ColInt(5));
  return r;
}

RelationRecord ReadRelation(const Stmt& s) {
  RelationRecord r;
  r.id = s.ColText(0);
  r.datasource_id = s.ColText(1);
  r.from_table = s.ColText(2);
  r.from_column = s.ColText(3);
  r.to_table = s.ColText(4);
  r.to_column = s.ColText(5);
  r.kind = s.ColText(6);
  r.description = s.ColText(7);
  r.created_at = FromMs(s.ColInt(8));
  return r;
}

SessionRecord ReadSession(const Stmt& s) {
  SessionRecord r;
  r.id = s.ColText(0);
  r.agent_id = s.ColText(1);
  r.title = s.ColText(2);
  r.created_at = FromMs(s.ColInt(3));
  r.updated_at = FromMs(s.ColInt(4));
  return r;
}

MessageRecord ReadMessage(const Stmt& s) {
  MessageRecord r;
  r.session_id = s.ColText(0);
  r.seq = s.ColInt(1);
  r.role = s.ColText(2);
  r.text = s.ColText(3);
  r.thread_id = s.ColText(4);
  r.run = s.ColJson(5, nullptr);
  r.created_at = FromMs(s.ColInt(6));
  return r;
}

ExampleRecord ReadExample(const Stmt& s) {
  ExampleRecord r;
  r.id = s.ColText(0);
  r.agent_id = s.ColText(1);
  r.question = s.ColText(2);
  r.sql = s.ColText(3);
  r.created_at = FromMs(s.ColInt(4));
  return r;
}

RunRecord ReadRun(const Stmt& s) {
  RunRecord r;
  r.run_id = s.ColText(0);
  r.thread_id = s.ColText(1);
  r.agent_id = s.ColText(2);
  r.question = s.ColText(3);
  r.route = s.ColText(4);
  r.outcome = s.ColText(5);
  r.error = s.ColText(6);
  r.started_at = FromMs(s.ColInt(7));
  r.duration_ms = s.ColInt(8);
  r.nodes = s.ColJson(9, Json::array());
  r.llm_calls = s.ColInt(10);
  r.prompt_tokens = s.ColInt(11);
  r.completion_tokens = s.ColInt(12);
  return r;
}

ModelConfigRecord ReadModel(const Stmt& s) {
  ModelConfigRecord r;
  r.id = s.ColText(0);
  r.name = s.ColText(1);
  r.provider = s.ColText(2);
  r.base_url = s.ColText(3);
  r.model = s.ColText(4);
  r.sealed_api_key = s.ColText(5);
  r.active = s.ColInt(6) != 0;
  r.created_at = FromMs(s.ColInt(7));
  r.updated_at = FromMs(s.ColInt(8));
  return r;
}

security::ApiKeyRecord ReadApiKey(const Stmt& s) {
  security::ApiKeyRecord r;
  r.id = s.ColText(0);
  r.scope = s.ColText(1);
  r.hash = s.ColText(2);
  r.created_at = FromMs(s.ColInt(3));
  if (!s.ColNull(4)) r.last4 = s.ColText(4);
  r.revoked = s.ColInt(5) != 0;
  return r;
}

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
  const Clock* clock = nullptr;
  mutable std::mutex mu;

  ~Impl() { sqlite3_close_v2(db); }

  int64_t NowMs() const { return ToMs(clock->Now()); }

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

  // Runs `body` in one write transaction under the mutex; rolls back when it fails.
  Status Write(const std::function<Status()>& body) {
    std::lock_guard lock(mu);
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

  // True when `sql` (bound with one text `id`) returns a row.
  StatusOr<bool> Exists(const char* sql, std::string_view id) const {
    Stmt s(db, sql);
    ASKDB_RETURN_IF_ERROR(s.prepared());
    s.Text(id);
    int rc = s.Step();
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    return SqliteError(db, rc, "looking up a record");
  }

  // Reads one record by id with `reader`; NotFound names `kind`. Caller holds mu.
  template <typename Reader>
  auto GetOne(const std::string& sql, std::string_view id, std::string_view kind,
              Reader reader) const -> StatusOr<decltype(reader(std::declval<const Stmt&>()))> {
    Stmt s(db, sql);
    ASKDB_RETURN_IF_ERROR(s.prepared());
    s.Text(id);
    int rc = s.Step();
    if (rc == SQLITE_ROW) return reader(s);
    if (rc == SQLITE_DONE) return NotFound(kind, id);
    return SqliteError(db, rc, "reading a " + std::string(kind));
  }

  // Every row of `s` through `reader`. Caller holds mu.
  template <typename Reader>
  auto All(Stmt& s, Reader reader) const
      -> StatusOr<std::vector<decltype(reader(std::declval<const Stmt&>()))>> {
    ASKDB_RETURN_IF_ERROR(s.prepared());
    std::vector<decltype(reader(std::declval<const Stmt&>()))> out;
    int rc;
    while ((rc = s.Step()) == SQLITE_ROW) out.push_back(reader(s));
    if (rc != SQLITE_DONE) return SqliteError(db, rc, "listing records");
    return out;
  }

  Status RequireDatasource(std::string_view id, std::string_view field) const {
    ASKDB_ASSIGN_OR_RETURN(bool exists, Exists("SELECT 1 FROM datasources WHERE id = ?", id));
    if (!exists) {
      return InvalidArgumentError(std::string(field) + ": no datasource '" + std::string(id) +
                                  "'; create it first (POST /api/v1/datasources)");
    }
    return Status::Ok();
  }
  Status RequireAgent(std::string_view id, std::string_view field) const {
    ASKDB_ASSIGN_OR_RETURN(bool exists, Exists("SELECT 1 FROM agents WHERE id = ?", id));
    if (!exists) {
      return InvalidArgumentError(std::string(field) + ": no agent '" + std::string(id) +
                                  "'; create it first (POST /api/v1/agents)");
    }
    return Status::Ok();
  }
};

SqliteManagementStore::SqliteManagementStore(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
SqliteManagementStore::~SqliteManagementStore() = default;

const std::filesystem::path& SqliteManagementStore::path() const { return impl_->path; }

StatusOr<std::unique_ptr<SqliteManagementStore>> SqliteManagementStore::Open(
    const std::filesystem::path& path, SqliteManagementStoreOptions options) {
  auto impl = std::make_unique<Impl>();
  impl->path = path;
  impl->clock = options.clock != nullptr ? options.clock : &Clock::System();
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
  Status migrated = impl->Write([raw, &path]() -> Status {
    ASKDB_RETURN_IF_ERROR(
        raw->Exec("CREATE TABLE IF NOT EXISTS schema_versions ("
                  " component TEXT PRIMARY KEY, version INTEGER NOT NULL)"));
    Stmt select(raw->db, "SELECT version FROM schema_versions WHERE component = ?");
    ASKDB_RETURN_IF_ERROR(select.prepared());
    select.Text(kComponent);
    int step = select.Step();
    if (step == SQLITE_ROW && select.ColInt(0) > kSchemaVersion) {
      return FailedPreconditionError(
          "management store " + path.string() + " has schema version " +
          std::to_string(select.ColInt(0)) + " but this askdb reads up to " +
          std::to_string(kSchemaVersion) + "; upgrade askdb or use another data directory");
    }
    if (step != SQLITE_ROW && step != SQLITE_DONE) {
      return SqliteError(raw->db, step, "reading the schema version");
    }
    ASKDB_RETURN_IF_ERROR(raw->Exec(kCreateTables));
    Stmt upsert(raw->db,
                "INSERT INTO schema_versions(component, version) VALUES (?, ?)"
                " ON CONFLICT(component) DO UPDATE SET version = excluded.version");
    upsert.Text(kComponent).Int(kSchemaVersion);
    return upsert.Run("writing the schema version");
  });
  ASKDB_RETURN_IF_ERROR(migrated);
  return std::unique_ptr<SqliteManagementStore>(new SqliteManagementStore(std::move(impl)));
}

// ---------------------------------------------------------------------------------------
// Agents

namespace {
Status ValidateAgent(const AgentRecord& a) {
  ASKDB_RETURN_IF_ERROR(RequireField(a.name, "name"));
  ASKDB_RETURN_IF_ERROR(RequireField(a.datasource_id, "datasource_id"));
  if (a.language != "auto" && a.language != "zh" && a.language != "en") {
    return InvalidArgumentError("language: must be auto, zh or en, got '" + a.language + "'");
  }
  return Status::Ok();
}

void BindAgentFields(Stmt& s, const AgentRecord& a) {
  s.Text(a.name)
      .Text(a.instructions)
      .Text(a.datasource_id)
      .Text(Dump(ToJsonArray(a.selected_tables)))
      .Text(a.language);
  if (a.plan_review) {
    s.Int(*a.plan_review ? 1 : 0);
  } else {
    s.Null();
  }
  s.Int(a.fast_mode ? 1 : 0).Text(Dump(ToJsonArray(a.preset_questions)));
}
}  // namespace

StatusOr<AgentRecord> SqliteManagementStore::CreateAgent(const AgentRecord& agent) {
  AgentRecord r = agent;
  if (r.id.empty()) r.id = NewRecordId("ag");
  ASKDB_RETURN_IF_ERROR(ValidateRecordId(r.id));
  ASKDB_RETURN_IF_ERROR(ValidateAgent(r));
  r.created_at = r.updated_at = FromMs(impl_->NowMs());
  ASKDB_RETURN_IF_ERROR(impl_->Write([&]() -> Status {
    ASKDB_ASSIGN_OR_RETURN(bool exists, impl_->Exists("SELECT 1 FROM agents WHERE id = ?", r.id));
    if (exists) return AlreadyExistsError("agent '" + r.id + "' already exists; pick another id");
    ASKDB_RETURN_IF_ERROR(impl_->RequireDatasource(r.datasource_id, "datasource_id"));
    Stmt s(impl_->db,
           std::string("INSERT INTO agents(") + kAgentColumns + ") VALUES (?,?,?,?,?,?,?,?,?,?,?)");
    s.Text(r.id);
    BindAgentFields(s, r);
    s.Int(ToMs(r.created_at)).Int(ToMs(r.updated_at));
    return s.Run("creating an agent");
  }));
  return r;
}

StatusOr<AgentRecord> SqliteManagementStore::GetAgent(std::string_view id) const {
  std::lock_guard lock(impl_->mu);
  return impl_->GetOne(std::string("SELECT ") + kAgentColumns + " FROM agents WHERE id = ?", id,
                       "agent", ReadAgent);
}

StatusOr<std::vector<AgentRecord>> SqliteManagementStore::ListAgents() const {
  std::lock_guard lock(impl_->mu);
  Stmt s(impl_->db, std::string("SELECT ") + kAgentColumns + " FROM agents ORDER BY id");
  return impl_->All(s, ReadAgent);
}

StatusOr<AgentRecord> SqliteManagementStore::UpdateAgent(const AgentRecord& agent) {
  ASKDB_RETURN_IF_ERROR(ValidateAgent(agent));
  AgentRecord out;
  ASKDB_RETURN_IF_ERROR(impl_->Write([&]() -> Status {
    ASKDB_ASSIGN_OR_RETURN(AgentRecord old, impl_->GetOne(std::string("SELECT ") + kAgentColumns +
                                                              " FROM agents WHERE id = ?",
                                                          agent.id, "agent", ReadAgent));
    ASKDB_RETURN_IF_ERROR(impl_->RequireDatasource(agent.datasource_id, "datasource_id"));
    out = agent;
    out.created_at = old.created_at;
    out.updated_at = FromMs(impl_->NowMs());
    Stmt s(impl_->db,
           "UPDATE agents SET name = ?, instructions = ?, datasource_id = ?, "
           "selected_tables_json = ?, language = ?, plan_review = ?, fast_mode = ?, "
           "preset_questions_json = ?, updated_at_ms = ? WHERE id = ?");
    BindAgentFields(s, out);
    s.Int(ToMs(out.updated_at)).Text(out.id);
    return s.Run("updating an agent");
  }));
  return out;
}

Status SqliteManagementStore::DeleteAgent(std::string_view id) {
  return impl_->Write([&]() -> Status {
    Stmt s(impl_->db, "DELETE FROM agents WHERE id = ?");
    s.Text(id);
    ASKDB_RETURN_IF_ERROR(s.Run("deleting an agent"));
    if (s.Changes() == 0) return NotFound("agent", id);
    for (const char* sql :
         {"DELETE FROM examples WHERE agent_id = ?",
          "DELETE FROM messages WHERE session_id IN (SELECT id FROM sessions WHERE agent_id = ?)",
          "DELETE FROM sessions WHERE agent_id = ?"}) {
      Stmt cascade(impl_->db, sql);
      cascade.Text(id);
      ASKDB_RETURN_IF_ERROR(cascade.Run("deleting an agent's records"));
    }
    return Status::Ok();
  });
}

// ---------------------------------------------------------------------------------------
// Datasources

StatusOr<DatasourceRecord> SqliteManagementStore::CreateDatasource(const DatasourceRecord& ds) {
  DatasourceRecord r = ds;
  if (r.id.empty()) r.id = NewRecordId("ds");
  ASKDB_RETURN_IF_ERROR(ValidateRecordId(r.id));
  ASKDB_RETURN_IF_ERROR(RequireField(r.name, "name"));
  ASKDB_RETURN_IF_ERROR(RequireField(r.url, "url"));
  r.created_at = r.updated_at = FromMs(impl_->NowMs());
  ASKDB_RETURN_IF_ERROR(impl_->Write([&]() -> Status {
    ASKDB_ASSIGN_OR_RETURN(bool exists,
                           impl_->Exists("SELECT 1 FROM datasources WHERE id = ?", r.id));
    if (exists) {
      return AlreadyExistsError("datasource '" + r.id + "' already exists; pick another id");
    }
    Stmt s(impl_->db,
           std::string("INSERT INTO datasources(") + kDatasourceColumns + ") VALUES (?,?,?,?,?,?)");
    s.Text(r.id).Text(r.name).Text(r.url).Text(r.sealed_password);
    s.Int(ToMs(r.created_at)).Int(ToMs(r.updated_at));
    return s.Run("creating a datasource");
  }));
  return r;
}

StatusOr<DatasourceRecord> SqliteManagementStore::GetDatasource(std::string_view id) const {
  std::lock_guard lock(impl_->mu);
  return impl_->GetOne(
      std::string("SELECT ") + kDatasourceColumns + " FROM datasources WHERE id = ?", id,
      "datasource", ReadDatasource);
}

StatusOr<std::vector<DatasourceRecord>> SqliteManagementStore::ListDatasources() const {
  std::lock_guard lock(impl_->mu);
  Stmt s(impl_->db, std::string("SELECT ") + kDatasourceColumns + " FROM datasources ORDER BY id");
  return impl_->All(s, ReadDatasource);
}

StatusOr<DatasourceRecord> SqliteManagementStore::UpdateDatasource(const DatasourceRecord& ds) {
  ASKDB_RETURN_IF_ERROR(RequireField(ds.name, "name"));
  ASKDB_RETURN_IF_ERROR(RequireField(ds.url, "url"));
  DatasourceRecord out;
  ASKDB_RETURN_IF_ERROR(impl_->Write([&]() -> Status {
    ASKDB_ASSIGN_OR_RETURN(DatasourceRecord old,
                           impl_->GetOne(std::string("SELECT ") + kDatasourceColumns +
                                             " FROM datasources WHERE id = ?",
                                         ds.id, "datasource", ReadDatasource));
    out = ds;
    out.created_at = old.created_at;
    out.updated_at = FromMs(impl_->NowMs());
    Stmt s(impl_->db,
           "UPDATE datasources SET name = ?, url = ?, sealed_password = ?, updated_at_ms = ? "
           "WHERE id = ?");
    s.Text(out.name).Text(out.url).Text(out.sealed_password).Int(ToMs(out.updated_at));
    s.Text(out.id);
    return s.Run("updating a datasource");
  }));
  return out;
}

Status SqliteManagementStore::DeleteDatasource(std::string_view id) {
  return impl_->Write([&]() -> Status {
    Stmt bound(impl_->db, "SELECT id FROM agents WHERE datasource_id = ? ORDER BY id LIMIT 1");
    ASKDB_RETURN_IF_ERROR(bound.prepared());
    bound.Text(id);
    if (bound.Step() == SQLITE_ROW) {
      return FailedPreconditionError("datasource '" + std::string(id) + "' is bound to agent '" +
                                     bound.ColText(0) +
                                     "'; bind the agent to another datasource or delete it first");
    }
    Stmt s(impl_->db, "DELETE FROM datasources WHERE id = ?");
    s.Text(id);
    ASKDB_RETURN_IF_ERROR(s.Run("deleting a datasource"));
    if (s.Changes() == 0) return NotFound("datasource", id);
    for (const char* sql : {"DELETE FROM semantic_models WHERE datasource_id = ?",
                            "DELETE FROM relations WHERE datasource_id = ?"}) {
      Stmt cascade(impl_->db, sql);
      cascade.Text(id);
      ASKDB_RETURN_IF_ERROR(cascade.Run("deleting a datasource's records"));
    }
    return Status::Ok();
  });
}

// ---------------------------------------------------------------------------------------
// Semantic models

StatusOr<Json> SqliteManagementStore::GetSemanticModel(std::string_view datasource_id) const {
  std::lock_guard lock(impl_->mu);
  Stmt s(impl_->db, "SELECT model_json FROM semantic_models WHERE datasource_id = ?");
  ASKDB_RETURN_IF_ERROR(s.prepared());
  s.Text(datasource_id);
  int rc = s.Step();
  if (rc == SQLITE_DONE) {
    return NotFoundError("datasource '" + std::string(datasource_id) +
                         "' has no semantic model; PUT or import one");
  }
  if (rc != SQLITE_ROW) return SqliteError(impl_->db, rc, "reading a semantic model");
  return ParseJson(s.ColText(0));
}

Status SqliteManagementStore::PutSemanticModel(std::string_view datasource_id, const Json& model) {
  if (!model.is_object()) return InvalidArgumentError("model: must be a JSON object");
  return impl_->Write([&]() -> Status {
    ASKDB_ASSIGN_OR_RETURN(bool exists,
                           impl_->Exists("SELECT 1 FROM datasources WHERE id = ?", datasource_id));
    if (!exists) return NotFound("datasource", datasource_id);
    Stmt s(impl_->db,
           "INSERT INTO semantic_models(datasource_id, model_json, updated_at_ms) VALUES (?,?,?)"
           " ON CONFLICT(datasource_id) DO UPDATE SET model_json = excluded.model_json,"
           " updated_at_ms = excluded.updated_at_ms");
    s.Text(datasource_id).Text(Dump(model)).Int(impl_->NowMs());
    return s.Run("saving a semantic model");
  });
}

Status SqliteManagementStore::DeleteSemanticModel(std::string_view datasource_id) {
  return impl_->Write([&]() -> Status {
    Stmt s(impl_->db, "DELETE FROM semantic_models WHERE datasource_id = ?");
    s.Text(datasource_id);
    ASKDB_RETURN_IF_ERROR(s.Run("deleting a semantic model"));
    if (s.Changes() == 0) {
      return NotFoundError("datasource '" + std::string(datasource_id) + "' has no semantic model");
    }
    return Status::Ok();
  });
}

// ---------------------------------------------------------------------------------------
// Relations

namespace {
Status ValidateRelation(const RelationRecord& r) {
  ASKDB_RETURN_IF_ERROR(RequireField(r.from_table, "from_table"));
  ASKDB_RETURN_IF_ERROR(RequireField(r.from_column, "from_column"));
  ASKDB_RETURN_IF_ERROR(RequireField(r.to_table, "to_table"));
  ASKDB_RETURN_IF_ERROR(RequireField(r.to_column, "to_column"));
  if (r.kind != "1:1" && r.kind != "1:N" && r.kind != "N:1") {
    return InvalidArgumentError("kind: must be 1:1, 1:N or N:1, got '" + r.kind + "'");
  }
  return Status::Ok();
}
}  // namespace

StatusOr<RelationRecord> SqliteManagementStore::CreateRelation(const RelationRecord& relation) {
  RelationRecord r = relation;
  if (r.id.empty()) r.id = NewRecordId("rel");
  ASKDB_RETURN_IF_ERROR(ValidateRecordId(r.id));
  ASKDB_RETURN_IF_ERROR(ValidateRelation(r));
  r.created_at = FromMs(impl_->NowMs());
  ASKDB_RETURN_IF_ERROR(impl_->Write([&]() -> Status {
    ASKDB_ASSIGN_OR_RETURN(bool exists,
                           impl_->Exists("SELECT 1 FROM relations WHERE id = ?", r.id));
    if (exists) return AlreadyExistsError("relation '" + r.id + "' already exists");
    ASKDB_RETURN_IF_ERROR(impl_->RequireDatasource(r.datasource_id, "datasource_id"));
    Stmt s(impl_->db, std::string("INSERT INTO relations(") + kRelationColumns +
                          ") VALUES (?,?,?,?,?,?,?,?,?)");
    s.Text(r.id).Text(r.datasource_id).Text(r.from_table).Text(r.from_column);
    s.Text(r.to_table).Text(r.to_column).Text(r.kind).Text(r.description);
    s.Int(ToMs(r.created_at));
    return s.Run("creating a relation");
  }));
  return r;
}

StatusOr<RelationRecord> SqliteManagementStore::GetRelation(std::string_view id) const {
  std::lock_guard lock(impl_->mu);
  return impl_->GetOne(std::string("SELECT ") + kRelationColumns + " FROM relations WHERE id = ?",
                       id, "relation", ReadRelation);
}

StatusOr<std::vector<RelationRecord>> SqliteManagementStore::ListRelations(
    std::string_view datasource_id) const {
  std::lock_guard lock(impl_->mu);
  Stmt s(impl_->db, std::string("SELECT ") + kRelationColumns +
                        " FROM relations WHERE datasource_id = ? ORDER BY created_at_ms, id");
  s.Text(datasource_id);
  return impl_->All(s, ReadRelation);
}

StatusOr<RelationRecord> SqliteManagementStore::UpdateRelation(const RelationRecord& relation) {
  ASKDB_RETURN_IF_ERROR(ValidateRelation(relation));
  RelationRecord out;
  ASKDB_RETURN_IF_ERROR(impl_->Write([&]() -> Status {
    ASKDB_ASSIGN_OR_RETURN(
        RelationRecord old,
        impl_->GetOne(std::string("SELECT ") + kRelationColumns + " FROM relations WHERE id = ?",
                      relation.id, "relation", ReadRelation));
    out = relation;
    out.datasource_id = old.datasource_id;
    out.created_at = old.created_at;
    Stmt s(impl_->db,
           "UPDATE relations SET from_table = ?, from_column = ?, to_table = ?, to_column = ?, "
           "kind = ?, description = ? WHERE id = ?");
    s.Text(out.from_table).Text(out.from_column).Text(out.to_table).Text(out.to_column);
    s.Text(out.kind).Text(out.description).Text(out.id);
    return s.Run("updating a relation");
  }));
  return out;
}

Status SqliteManagementStore::DeleteRelation(std::string_view id) {
  return impl_->Write([&]() -> Status {
    Stmt s(impl_->db, "DELETE FROM relations WHERE id = ?");
    s.Text(id);
    ASKDB_RETURN_IF_ERROR(s.Run("deleting a relation"));
    if (s.Changes() == 0) return NotFound("relation", id);
    return Status::Ok();
  });
}

// ---------------------------------------------------------------------------------------
// Sessions and messages

StatusOr<SessionRecord> SqliteManagementStore::CreateSession(const SessionRecord& session) {
  SessionRecord r = session;
  if (r.id.empty()) r.id = NewRecordId("ses");
  ASKDB_RETURN_IF_ERROR(ValidateRecordId(r.id));
  ASKDB_RETURN_IF_ERROR(RequireField(r.agent_id, "agent_id"));
  r.created_at = r.updated_at = FromMs(impl_->NowMs());
  ASKDB_RETURN_IF_ERROR(impl_->Write([&]() -> Status {
    ASKDB_ASSIGN_OR_RETURN(bool exists, impl_->Exists("SELECT 1 FROM sessions WHERE id = ?", r.id));
    if (exists) return AlreadyExistsError("session '" + r.id + "' already exists");
    ASKDB_RETURN_IF_ERROR(impl_->RequireAgent(r.agent_id, "agent_id"));
    Stmt s(impl_->db,
           std::string("INSERT INTO sessions(") + kSessionColumns + ") VALUES (?,?,?,?,?)");
    s.Text(r.id).Text(r.agent_id).Text(r.title).Int(ToMs(r.created_at)).Int(ToMs(r.updated_at));
    return s.Run("creating a session");
  }));
  return r;
}

StatusOr<SessionRecord> SqliteManagementStore::GetSession(std::string_view id) const {
  std::lock_guard lock(impl_->mu);
  return impl_->GetOne(std::string("SELECT ") + kSessionColumns + " FROM sessions WHERE id = ?", id,
                       "session", ReadSession);
}

StatusOr<std::vector<SessionRecord>> SqliteManagementStore::ListSessions(std::string_view agent_id,
                                                                         int64_t limit) const {
  std::lock_guard lock(impl_->mu);
  Stmt s(impl_->db, std::string("SELECT ") + kSessionColumns +
                        " FROM sessions WHERE (? = '' OR agent_id = ?)"
                        " ORDER BY updated_at_ms DESC, id LIMIT ?");
  s.Text(agent_id).Text(agent_id).Int(limit);
  return impl_->All(s, ReadSession);
}

Status SqliteManagementStore::DeleteSession(std::string_view id) {
  return impl_->Write([&]() -> Status {
    Stmt s(impl_->db, "DELETE FROM sessions WHERE id = ?");
    s.Text(id);
    ASKDB_RETURN_IF_ERROR(s.Run("deleting a session"));
    if (s.Changes() == 0) return NotFound("session", id);
    Stmt messages(impl_->db, "DELETE FROM messages WHERE session_id = ?");
    messages.Text(id);
    return messages.Run("deleting a session's messages");
  });
}

StatusOr<MessageRecord> SqliteManagementStore::AppendMessage(const MessageRecord& message) {
  if (message.role != "user" && message.role != "assistant") {
    return InvalidArgumentError("role: must be user or assistant, got '" + message.role + "'");
  }
  MessageRecord r = message;
  ASKDB_RETURN_IF_ERROR(impl_->Write([&]() -> Status {
    ASKDB_ASSIGN_OR_RETURN(bool exists,
                           impl_->Exists("SELECT 1 FROM sessions WHERE id = ?", r.session_id));
    if (!exists) return NotFound("session", r.session_id);
    Stmt next(impl_->db, "SELECT COALESCE(MAX(seq), 0) + 1 FROM messages WHERE session_id = ?");
    ASKDB_RETURN_IF_ERROR(next.prepared());
    next.Text(r.session_id);
    if (next.Step() != SQLITE_ROW) return SqliteError(impl_->db, SQLITE_ERROR, "numbering");
    r.seq = next.ColInt(0);
    const int64_t now = impl_->NowMs();
    r.created_at = FromMs(now);
    Stmt s(impl_->db,
           std::string("INSERT INTO messages(") + kMessageColumns + ") VALUES (?,?,?,?,?,?,?)");
    s.Text(r.session_id).Int(r.seq).Text(r.role).Text(r.text).Text(r.thread_id);
    if (r.run.is_null()) {
      s.Null();
    } else {
      s.Text(Dump(r.run));
    }
    s.Int(now);
    ASKDB_RETURN_IF_ERROR(s.Run("appending a message"));
    Stmt touch(impl_->db, "UPDATE sessions SET updated_at_ms = ? WHERE id = ?");
    touch.Int(now).Text(r.session_id);
    return touch.Run("touching a session");
  }));
  return r;
}

StatusOr<std::vector<MessageRecord>> SqliteManagementStore::ListMessages(
    std::string_view session_id) const {
  std::lock_guard lock(impl_->mu);
  Stmt s(impl_->db, std::string("SELECT ") + kMessageColumns +
                        " FROM messages WHERE session_id = ? ORDER BY seq");
  s.Text(session_id);
  return impl_->All(s, ReadMessage);
}

// ---------------------------------------------------------------------------------------
// Examples

StatusOr<ExampleRecord> SqliteManagementStore::CreateExample(const ExampleRecord& example) {
  ExampleRecord r = example;
  if (r.id.empty()) r.id = NewRecordId("ex");
  ASKDB_RETURN_IF_ERROR(ValidateRecordId(r.id));
  ASKDB_RETURN_IF_ERROR(RequireField(r.question, "question"));
  ASKDB_RETURN_IF_ERROR(RequireField(r.sql, "sql"));
  r.created_at = FromMs(impl_->NowMs());
  ASKDB_RETURN_IF_ERROR(impl_->Write([&]() -> Status {
    ASKDB_ASSIGN_OR_RETURN(bool exists, impl_->Exists("SELECT 1 FROM examples WHERE id = ?", r.id));
    if (exists) return AlreadyExistsError("example '" + r.id + "' already exists");
    ASKDB_RETURN_IF_ERROR(impl_->RequireAgent(r.agent_id, "agent_id"));
    Stmt s(impl_->db,
           std::string("INSERT INTO examples(") + kExampleColumns + ") VALUES (?,?,?,?,?)");
    s.Text(r.id).Text(r.agent_id).Text(r.question).Text(r.sql).Int(ToMs(r.created_at));
    return s.Run("creating an example");
  }));
  return r;
}

StatusOr<ExampleRecord> SqliteManagementStore::GetExample(std::string_view id) const {
  std::lock_guard lock(impl_->mu);
  return impl_->GetOne(std::string("SELECT ") + kExampleColumns + " FROM examples WHERE id = ?", id,
                       "example", ReadExample);
}

StatusOr<std::vector<ExampleRecord>> SqliteManagementStore::ListExamples(
    std::string_view agent_id) const {
  std::lock_guard lock(impl_->mu);
  Stmt s(impl_->db, std::string("SELECT ") + kExampleColumns +
                        " FROM examples WHERE agent_id = ? ORDER BY created_at_ms, id");
  s.Text(agent_id);
  return impl_->All(s, ReadExample);
}

StatusOr<ExampleRecord> SqliteManagementStore::UpdateExample(const ExampleRecord& example) {
  ASKDB_RETURN_IF_ERROR(RequireField(example.question, "question"));
  ASKDB_RETURN_IF_ERROR(RequireField(example.sql, "sql"));
  ExampleRecord out;
  ASKDB_RETURN_IF_ERROR(impl_->Write([&]() -> Status {
    ASKDB_ASSIGN_OR_RETURN(
        ExampleRecord old,
        impl_->GetOne(std::string("SELECT ") + kExampleColumns + " FROM examples WHERE id = ?",
                      example.id, "example", ReadExample));
    out = example;
    out.agent_id = old.agent_id;
    out.created_at = old.created_at;
    Stmt s(impl_->db, "UPDATE examples SET question = ?, sql = ? WHERE id = ?");
    s.Text(out.question).Text(out.sql).Text(out.id);
    return s.Run("updating an example");
  }));
  return out;
}

Status SqliteManagementStore::DeleteExample(std::string_view id) {
  return impl_->Write([&]() -> Status {
    Stmt s(impl_->db, "DELETE FROM examples WHERE id = ?");
    s.Text(id);
    ASKDB_RETURN_IF_ERROR(s.Run("deleting an example"));
    if (s.Changes() == 0) return NotFound("example", id);
    return Status::Ok();
  });
}

// ---------------------------------------------------------------------------------------
// Run history

Status SqliteManagementStore::RecordRun(const RunRecord& run) {
  ASKDB_RETURN_IF_ERROR(RequireField(run.run_id, "run_id"));
  ASKDB_RETURN_IF_ERROR(RequireField(run.thread_id, "thread_id"));
  return impl_->Write([&]() -> Status {
    Stmt s(impl_->db, std::string("INSERT OR REPLACE INTO run_history(") + kRunColumns +
                          ") VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)");
    s.Text(run.run_id).Text(run.thread_id).Text(run.agent_id).Text(run.question);
    s.Text(run.route).Text(run.outcome).Text(run.error).Int(ToMs(run.started_at));
    s.Int(run.duration_ms).Text(Dump(run.nodes.is_array() ? run.nodes : Json::array()));
    s.Int(run.llm_calls).Int(run.prompt_tokens).Int(run.completion_tokens);
    return s.Run("recording a run");
  });
}

StatusOr<std::vector<RunRecord>> SqliteManagementStore::ListRuns(const RunFilter& filter) const {
  std::lock_guard lock(impl_->mu);
  Stmt s(impl_->db, std::string("SELECT ") + kRunColumns +
                        " FROM run_history WHERE (? = '' OR agent_id = ?)"
                        " AND (? = '' OR thread_id = ?) AND (? = '' OR outcome = ?)"
                        " AND started_at_ms >= ?"
                        " ORDER BY started_at_ms DESC, run_id DESC LIMIT ? OFFSET ?");
  s.Text(filter.agent_id).Text(filter.agent_id);
  s.Text(filter.thread_id).Text(filter.thread_id);
  s.Text(filter.outcome).Text(filter.outcome);
  s.Int(filter.since ? ToMs(*filter.since) : std::numeric_limits<int64_t>::min());
  s.Int(filter.limit).Int(filter.offset);
  return impl_->All(s, ReadRun);
}

// ---------------------------------------------------------------------------------------
// Model configurations

namespace {
Status ValidateModel(const ModelConfigRecord& m) {
  ASKDB_RETURN_IF_ERROR(RequireField(m.name, "name"));
  ASKDB_RETURN_IF_ERROR(RequireField(m.model, "model"));
  if (m.provider != "openai") {
    return InvalidArgumentError(
        "provider: only 'openai' (any OpenAI-compatible endpoint) is "
        "supported, got '" +
        m.provider + "'");
  }
  return Status::Ok();
}
}  // namespace

StatusOr<ModelConfigRecord> SqliteManagementStore::CreateModel(const ModelConfigRecord& model) {
  ModelConfigRecord r = model;
  if (r.id.empty()) r.id = NewRecordId("mdl");
  ASKDB_RETURN_IF_ERROR(ValidateRecordId(r.id));
  ASKDB_RETURN_IF_ERROR(ValidateModel(r));
  r.created_at = r.updated_at = FromMs(impl_->NowMs());
  ASKDB_RETURN_IF_ERROR(impl_->Write([&]() -> Status {
    ASKDB_ASSIGN_OR_RETURN(bool exists,
                           impl_->Exists("SELECT 1 FROM model_configs WHERE id = ?", r.id));
    if (exists) return AlreadyExistsError("model '" + r.id + "' already exists");
    if (r.active) {
      ASKDB_RETURN_IF_ERROR(impl_->Exec("UPDATE model_configs SET active = 0"));
    }
    Stmt s(impl_->db, std::string("INSERT INTO model_configs(") + kModelColumns +
                          ") VALUES (?,?,?,?,?,?,?,?,?)");
    s.Text(r.id).Text(r.name).Text(r.provider).Text(r.base_url).Text(r.model);
    s.Text(r.sealed_api_key).Int(r.active ? 1 : 0).Int(ToMs(r.created_at));
    s.Int(ToMs(r.updated_at));
    return s.Run("creating a model configuration");
  }));
  return r;
}

StatusOr<ModelConfigRecord> SqliteManagementStore::GetModel(std::string_view id) const {
  std::lock_guard lock(impl_->mu);
  return impl_->GetOne(std::string("SELECT ") + kModelColumns + " FROM model_configs WHERE id = ?",
                       id, "model", ReadModel);
}

StatusOr<std::vector<ModelConfigRecord>> SqliteManagementStore::ListModels() const {
  std::lock_guard lock(impl_->mu);
  Stmt s(impl_->db, std::string("SELECT ") + kModelColumns + " FROM model_configs ORDER BY id");
  return impl_->All(s, ReadModel);
}

StatusOr<ModelConfigRecord> SqliteManagementStore::UpdateModel(const ModelConfigRecord& model) {
  ASKDB_RETURN_IF_ERROR(ValidateModel(model));
  ModelConfigRecord out;
  ASKDB_RETURN_IF_ERROR(impl_->Write([&]() -> Status {
    ASKDB_ASSIGN_OR_RETURN(
        ModelConfigRecord old,
        impl_->GetOne(std::string("SELECT ") + kModelColumns + " FROM model_configs WHERE id = ?",
                      model.id, "model", ReadModel));
    out = model;
    out.active = old.active;
    out.created_at = old.created_at;
    out.updated_at = FromMs(impl_->NowMs());
    Stmt s(impl_->db,
           "UPDATE model_configs SET name = ?, provider = ?, base_url = ?, model = ?, "
           "sealed_api_key = ?, updated_at_ms = ? WHERE id = ?");
    s.Text(out.name).Text(out.provider).Text(out.base_url).Text(out.model);
    s.Text(out.sealed_api_key).Int(ToMs(out.updated_at)).Text(out.id);
    return s.Run("updating a model configuration");
  }));
  return out;
}

Status SqliteManagementStore::DeleteModel(std::string_view id) {
  return impl_->Write([&]() -> Status {
    Stmt s(impl_->db, "DELETE FROM model_configs WHERE id = ?");
    s.Text(id);
    ASKDB_RETURN_IF_ERROR(s.Run("deleting a model configuration"));
    if (s.Changes() == 0) return NotFound("model", id);
    return Status::Ok();
  });
}

Status SqliteManagementStore::ActivateModel(std::string_view id) {
  return impl_->Write([&]() -> Status {
    ASKDB_ASSIGN_OR_RETURN(bool exists,
                           impl_->Exists("SELECT 1 FROM model_configs WHERE id = ?", id));
    if (!exists) return NotFound("model", id);
    Stmt s(impl_->db, "UPDATE model_configs SET active = (id = ?)");
    s.Text(id);
    return s.Run("activating a model configuration");
  });
}

StatusOr<ModelConfigRecord> SqliteManagementStore::GetActiveModel() const {
  std::lock_guard lock(impl_->mu);
  Stmt s(impl_->db, std::string("SELECT ") + kModelColumns +
                        " FROM model_configs WHERE active = 1 ORDER BY id LIMIT 1");
  ASKDB_ASSIGN_OR_RETURN(std::vector<ModelConfigRecord> rows, impl_->All(s, ReadModel));
  if (rows.empty()) {
    return NotFoundError("no model configuration is active; POST /api/v1/models/{id}/activate");
  }
  return rows.front();
}

// ---------------------------------------------------------------------------------------
// API keys

Status SqliteManagementStore::PutApiKey(const security::ApiKeyRecord& record) {
  ASKDB_RETURN_IF_ERROR(RequireField(record.id, "id"));
  ASKDB_RETURN_IF_ERROR(security::ValidateScope(record.scope));
  return impl_->Write([&]() -> Status {
    Stmt s(impl_->db, std::string("INSERT OR REPLACE INTO api_keys(") + kApiKeyColumns +
                          ") VALUES (?,?,?,?,?,?)");
    s.Text(record.id).Text(record.scope).Text(record.hash).Int(ToMs(record.created_at));
    if (record.last4) {
      s.Text(*record.last4);
    } else {
      s.Null();
    }
    s.Int(record.revoked ? 1 : 0);
    return s.Run("storing an API key");
  });
}

StatusOr<security::ApiKeyRecord> SqliteManagementStore::FindApiKey(std::string_view id) const {
  std::lock_guard lock(impl_->mu);
  return impl_->GetOne(std::string("SELECT ") + kApiKeyColumns + " FROM api_keys WHERE id = ?", id,
                       "API key", ReadApiKey);
}

StatusOr<std::vector<security::ApiKeyRecord>> SqliteManagementStore::ListApiKeys() const {
  std::lock_guard lock(impl_->mu);
  Stmt s(impl_->db,
         std::string("SELECT ") + kApiKeyColumns + " FROM api_keys ORDER BY created_at_ms, id");
  return impl_->All(s, ReadApiKey);
}

Status SqliteManagementStore::RevokeApiKey(std::string_view id) {
  return impl_->Write([&]() -> Status {
    Stmt s(impl_->db, "UPDATE api_keys SET revoked = 1 WHERE id = ?");
    s.Text(id);
    ASKDB_RETURN_IF_ERROR(s.Run("revoking an API key"));
    if (s.Changes() == 0) return NotFound("API key", id);
    return Status::Ok();
  });
}

}  // namespace askdb::server::store
