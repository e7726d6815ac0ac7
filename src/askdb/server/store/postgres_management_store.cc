// The record logic (validation, references, cascades, numbering) follows
// sqlite_management_store.cc statement for statement; what differs is the statement layer
// below (libpq, "?" placeholders numbered $1..$n), the table types (BIGINT), the write
// transactions (SERIALIZABLE, retried on serialization failures) and the two SQLite-only
// forms (INSERT OR REPLACE → ON CONFLICT DO UPDATE; a boolean assigned to an integer).
#include "askdb/server/store/postgres_management_store.h"

#include <libpq-fe.h>

#include <cstdlib>
#include <functional>
#include <limits>
#include <mutex>
#include <thread>
#include <utility>

#include "askdb/agent/graph/postgres_checkpoint_store.h"
#include "askdb/server/security/api_keys.h"

namespace askdb::server::store {
namespace {

constexpr const char* kComponent = "management";
// Key of the transaction-scoped advisory lock serialising table creation between processes
// (distinct from the checkpoint store's).
constexpr long long kSchemaLockKey = 0x61736B6462'02LL;  // "askdb" + 2

// Pause before re-running a write that hit a serialization failure (times the attempt),
// plus up to this much random jitter.
constexpr std::chrono::milliseconds kWriteRetryBackoff{5};
constexpr int kWriteRetryJitterMs = 10;

// Step() results, named as the SQLite layer's so the record code reads the same.
constexpr int kRow = 100;
constexpr int kDone = 101;
constexpr int kError = 1;

using TimePoint = Clock::TimePoint;

int64_t ToMs(TimePoint t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}
TimePoint FromMs(int64_t ms) {
  return TimePoint(std::chrono::duration_cast<Clock::Duration>(std::chrono::milliseconds(ms)));
}

struct ResultDeleter {
  void operator()(PGresult* r) const { PQclear(r); }
};
using ResultPtr = std::unique_ptr<PGresult, ResultDeleter>;

std::string Chomp(const char* text) {
  std::string s = text != nullptr ? text : "";
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ' || s.back() == '\r')) s.pop_back();
  return s;
}

void IgnoreNotice(void*, const PGresult*) {}

// The store's one connection and the last statement error.
struct Conn {
  PGconn* conn = nullptr;
  std::vector<std::pair<std::string, std::string>> params;
  std::string display_url;
  std::chrono::milliseconds connect_timeout{0};
  Status last_error = Status::Ok();
  std::string last_state;             // SQLSTATE of the last failure
  bool serialization_failed = false;  // since the current write transaction began

  ~Conn() {
    if (conn != nullptr) PQfinish(conn);
  }
  bool InTransaction() const {
    return conn != nullptr && PQtransactionStatus(conn) != PQTRANS_IDLE;
  }
  // (Re)opens the connection when there is none or it broke.
  Status EnsureConnected() {
    if (conn != nullptr && PQstatus(conn) == CONNECTION_OK) return Status::Ok();
    if (conn != nullptr) PQfinish(conn);
    std::vector<const char*> keys;
    std::vector<const char*> values;
    for (const auto& [k, v] : params) {
      keys.push_back(k.c_str());
      values.push_back(v.c_str());
    }
    keys.push_back(nullptr);
    values.push_back(nullptr);
    conn = PQconnectdbParams(keys.data(), values.data(), 0);
    if (conn == nullptr) {
      return ResourceExhaustedError(
          "libpq could not allocate a connection to the management "
          "store " +
          display_url);
    }
    if (PQstatus(conn) != CONNECTION_OK) {
      Status status = agent::PgStoreConnectFailure(
          Chomp(PQerrorMessage(conn)), "the management store " + display_url, connect_timeout);
      PQfinish(conn);
      conn = nullptr;
      return status;
    }
    PQsetNoticeReceiver(conn, IgnoreNotice, nullptr);
    return Status::Ok();
  }
  // Runs `sql` with text parameters (nullopt: NULL). On failure sets last_error and
  // returns null. A statement outside a transaction that failed because the connection
  // died (e.g. the server restarted) is retried once on a fresh connection.
  ResultPtr Run(const std::string& sql, const std::vector<std::optional<std::string>>& args,
                std::string_view what) {
    for (int attempt = 0; attempt < 2; ++attempt) {
      const bool in_transaction = InTransaction();
      if (!in_transaction) {
        Status connected = EnsureConnected();
        if (!connected.ok()) {
          last_error = connected;
          last_state.clear();
          return nullptr;
        }
      }
      std::vector<const char*> values;
      for (const auto& a : args) values.push_back(a ? a->c_str() : nullptr);
      ResultPtr r(args.empty() ? PQexec(conn, sql.c_str())
                               : PQexecParams(conn, sql.c_str(), static_cast<int>(values.size()),
                                              nullptr, values.data(), nullptr, nullptr, 0));
      const ExecStatusType status = r != nullptr ? PQresultStatus(r.get()) : PGRES_FATAL_ERROR;
      if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return r;
      const char* state = r != nullptr ? PQresultErrorField(r.get(), PG_DIAG_SQLSTATE) : nullptr;
      last_state = state != nullptr ? state : "";
      const char* primary =
          r != nullptr ? PQresultErrorField(r.get(), PG_DIAG_MESSAGE_PRIMARY) : nullptr;
      const std::string message = primary != nullptr ? primary : Chomp(PQerrorMessage(conn));
      const std::string prefix =
          "management store " + display_url + ": " + std::string(what) + " failed: " + message;
      const bool lost = PQstatus(conn) != CONNECTION_OK || last_state.rfind("08", 0) == 0 ||
                        last_state == "57P01";
      if (lost) {
        PQfinish(conn);
        conn = nullptr;
        if (!in_transaction && attempt == 0) continue;
        last_error = UnavailableError(prefix +
                                      "; the connection was lost: check that the "
                                      "PostgreSQL server runs, then retry");
      } else if (last_state == "23505") {
        last_error = AlreadyExistsError(prefix + "; use another id");
      } else if (last_state == "40001" || last_state == "40P01") {
        serialization_failed = true;
        last_error = UnavailableError(prefix + "; a concurrent write conflicted, retry");
      } else if (last_state == "42501") {
        last_error = PermissionDeniedError(
            prefix +
            "; the store's role needs CREATE on the schema (first start) and SELECT, "
            "INSERT, UPDATE, DELETE on its tables");
      } else if (last_state == "57014") {
        last_error = DeadlineExceededError(prefix + " (statement_timeout); retry later");
      } else {
        last_error =
            UnavailableError(prefix + (last_state.empty() ? "" : " (SQLSTATE " + last_state + ")") +
                             "; check the store database and the server log");
      }
      return nullptr;
    }
    return nullptr;
  }
};

Status PgError(Conn* db, int /*rc*/, std::string_view what) {
  if (db != nullptr && !db->last_error.ok()) return db->last_error;
  return UnavailableError("management store: " + std::string(what) + " failed");
}

// "?" placeholders (the SQLite form the record code writes) as $1, $2, ... No statement
// here has a '?' inside a string literal.
std::string NumberPlaceholders(std::string_view sql) {
  std::string out;
  int n = 0;
  for (char c : sql) {
    if (c == '?') {
      out += "$" + std::to_string(++n);
    } else {
      out.push_back(c);
    }
  }
  return out;
}

// One statement; binds by position, runs on the first Step, then hands out its rows.
class Stmt {
 public:
  Stmt(Conn* db, std::string_view sql) : db_(db), sql_(NumberPlaceholders(sql)) {}
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;

  Status prepared() const { return Status::Ok(); }
  Stmt& Text(std::string_view value) {
    args_.emplace_back(std::string(value));
    return *this;
  }
  Stmt& Int(int64_t value) {
    args_.emplace_back(std::to_string(value));
    return *this;
  }
  Stmt& Null() {
    args_.emplace_back(std::nullopt);
    return *this;
  }
  // kRow, kDone or kError.
  int Step() {
    if (!ran_) {
      ran_ = true;
      result_ = db_->Run(sql_, args_, "a statement");
      if (result_ == nullptr) return kError;
      row_ = -1;
    }
    if (result_ == nullptr) return kError;
    ++row_;
    return row_ < PQntuples(result_.get()) ? kRow : kDone;
  }
  Status Run(std::string_view what) {
    ran_ = true;
    result_ = db_->Run(sql_, args_, what);
    if (result_ == nullptr) return PgError(db_, kError, what);
    row_ = -1;
    return Status::Ok();
  }
  int Changes() const { return result_ != nullptr ? std::atoi(PQcmdTuples(result_.get())) : 0; }

  std::string ColText(int i) const {
    return std::string(PQgetvalue(result_.get(), row_, i), PQgetlength(result_.get(), row_, i));
  }
  int64_t ColInt(int i) const {
    return std::strtoll(PQgetvalue(result_.get(), row_, i), nullptr, 10);
  }
  bool ColNull(int i) const { return PQgetisnull(result_.get(), row_, i) != 0; }
  Json ColJson(int i, Json fallback) const {
    if (ColNull(i)) return fallback;
    StatusOr<Json> parsed = ParseJson(ColText(i));
    return parsed.ok() ? *parsed : fallback;
  }

 private:
  Conn* db_;
  std::string sql_;
  std::vector<std::optional<std::string>> args_;
  ResultPtr result_;
  bool ran_ = false;
  int row_ = -1;
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
  plan_review BIGINT, fast_mode BIGINT NOT NULL, preset_questions_json TEXT NOT NULL,
  created_at_ms BIGINT NOT NULL, updated_at_ms BIGINT NOT NULL);
CREATE TABLE IF NOT EXISTS datasources (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, url TEXT NOT NULL, sealed_password TEXT NOT NULL,
  created_at_ms BIGINT NOT NULL, updated_at_ms BIGINT NOT NULL);
CREATE TABLE IF NOT EXISTS semantic_models (
  datasource_id TEXT PRIMARY KEY, model_json TEXT NOT NULL, updated_at_ms BIGINT NOT NULL);
CREATE TABLE IF NOT EXISTS relations (
  id TEXT PRIMARY KEY, datasource_id TEXT NOT NULL, from_table TEXT NOT NULL,
  from_column TEXT NOT NULL, to_table TEXT NOT NULL, to_column TEXT NOT NULL,
  kind TEXT NOT NULL, description TEXT NOT NULL, created_at_ms BIGINT NOT NULL);
CREATE INDEX IF NOT EXISTS relations_by_datasource ON relations(datasource_id);
CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY, agent_id TEXT NOT NULL, title TEXT NOT NULL,
  created_at_ms BIGINT NOT NULL, updated_at_ms BIGINT NOT NULL);
CREATE INDEX IF NOT EXISTS sessions_by_agent ON sessions(agent_id, updated_at_ms);
CREATE TABLE IF NOT EXISTS messages (
  session_id TEXT NOT NULL, seq BIGINT NOT NULL, role TEXT NOT NULL, text TEXT NOT NULL,
  thread_id TEXT NOT NULL, run_json TEXT, created_at_ms BIGINT NOT NULL,
  PRIMARY KEY (session_id, seq));
CREATE TABLE IF NOT EXISTS examples (
  id TEXT PRIMARY KEY, agent_id TEXT NOT NULL, question TEXT NOT NULL, sql TEXT NOT NULL,
  created_at_ms BIGINT NOT NULL);
CREATE INDEX IF NOT EXISTS examples_by_agent ON examples(agent_id);
CREATE TABLE IF NOT EXISTS run_history (
  run_id TEXT PRIMARY KEY, thread_id TEXT NOT NULL, agent_id TEXT NOT NULL,
  question TEXT NOT NULL, route TEXT NOT NULL, outcome TEXT NOT NULL, error TEXT NOT NULL,
  started_at_ms BIGINT NOT NULL, duration_ms BIGINT NOT NULL, nodes_json TEXT NOT NULL,
  llm_calls BIGINT NOT NULL, prompt_tokens BIGINT NOT NULL,
  completion_tokens BIGINT NOT NULL);
CREATE INDEX IF NOT EXISTS run_history_by_time ON run_history(started_at_ms);
CREATE INDEX IF NOT EXISTS run_history_by_thread ON run_history(thread_id);
CREATE INDEX IF NOT EXISTS run_history_by_agent ON run_history(agent_id);
CREATE TABLE IF NOT EXISTS model_configs (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, provider TEXT NOT NULL, base_url TEXT NOT NULL,
  model TEXT NOT NULL, sealed_api_key TEXT NOT NULL, active BIGINT NOT NULL,
  created_at_ms BIGINT NOT NULL, updated_at_ms BIGINT NOT NULL);
CREATE TABLE IF NOT EXISTS api_keys (
  id TEXT PRIMARY KEY, scope TEXT NOT NULL, hash TEXT NOT NULL,
  created_at_ms BIGINT NOT NULL, last4 TEXT, revoked BIGINT NOT NULL);
)sql";

}  // namespace

struct PostgresManagementStore::Impl {
  std::unique_ptr<Conn> owned = std::make_unique<Conn>();
  Conn* db = owned.get();  // the record code's handle, as in the SQLite store
  const Clock* clock = nullptr;
  int max_write_attempts = 1;
  mutable std::mutex mu;

  int64_t NowMs() const { return ToMs(clock->Now()); }

  Status Exec(const char* sql) const {
    if (db->Run(sql, {}, "a statement") == nullptr) return PgError(db, kError, sql);
    return Status::Ok();
  }

  // Runs `body` in one SERIALIZABLE transaction under the mutex; rolls back when it fails
  // and runs it again (up to max_write_attempts) when PostgreSQL reports a serialization
  // failure, which is how concurrent writers from other processes meet.
  Status Write(const std::function<Status()>& body) {
    std::lock_guard lock(mu);
    Status status = Status::Ok();
    for (int attempt = 0; attempt < max_write_attempts; ++attempt) {
      db->serialization_failed = false;
      ASKDB_RETURN_IF_ERROR(Exec("BEGIN ISOLATION LEVEL SERIALIZABLE"));
      status = body();
      if (status.ok()) status = Exec("COMMIT");
      if (status.ok()) return status;
      if (db->InTransaction()) (void)Exec("ROLLBACK");
      if (!db->serialization_failed) return status;
      // Back off a little, longer each time and jittered, so two writers that conflicted
      // do not meet again at once.
      std::this_thread::sleep_for(kWriteRetryBackoff * (attempt + 1) +
                                  std::chrono::milliseconds(std::rand() % kWriteRetryJitterMs));
    }
    return status;
  }

  // True when `sql` (bound with one text `id`) returns a row.
  StatusOr<bool> Exists(const char* sql, std::string_view id) const {
    Stmt s(db, sql);
    s.Text(id);
    int rc = s.Step();
    if (rc == kRow) return true;
    if (rc == kDone) return false;
    return PgError(db, rc, "looking up a record");
  }

  // Reads one record by id with `reader`; NotFound names `kind`. Caller holds mu.
  template <typename Reader>
  auto GetOne(const std::string& sql, std::string_view id, std::string_view kind,
              Reader reader) const -> StatusOr<decltype(reader(std::declval<const Stmt&>()))> {
    Stmt s(db, sql);
    s.Text(id);
    int rc = s.Step();
    if (rc == kRow) return reader(s);
    if (rc == kDone) return NotFound(kind, id);
    return PgError(db, rc, "reading a " + std::string(kind));
  }

  // Every row of `s` through `reader`. Caller holds mu.
  template <typename Reader>
  auto All(Stmt& s, Reader reader) const
      -> StatusOr<std::vector<decltype(reader(std::declval<const Stmt&>()))>> {
    std::vector<decltype(reader(std::declval<const Stmt&>()))> out;
    int rc;
    while ((rc = s.Step()) == kRow) out.push_back(reader(s));
    if (rc != kDone) return PgError(db, rc, "listing records");
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

PostgresManagementStore::PostgresManagementStore(std::unique_ptr<Impl> impl)
    : impl_(std::move(impl)) {}
PostgresManagementStore::~PostgresManagementStore() = default;

const std::string& PostgresManagementStore::display_url() const { return impl_->db->display_url; }

StatusOr<std::unique_ptr<PostgresManagementStore>> PostgresManagementStore::Open(
    std::string_view url, PostgresManagementStoreOptions options) {
  ASKDB_ASSIGN_OR_RETURN(
      agent::PgStoreConnection connection,
      agent::ParsePgStoreUrl(url, "management store", options.schema, options.connect_timeout,
                             options.statement_timeout));
  auto impl = std::make_unique<Impl>();
  impl->clock = options.clock != nullptr ? options.clock : &Clock::System();
  impl->max_write_attempts = std::max(1, options.max_write_attempts);
  impl->db->params = std::move(connection.params);
  impl->db->display_url = connection.display_url;
  impl->db->connect_timeout = options.connect_timeout;
  ASKDB_RETURN_IF_ERROR(impl->db->EnsureConnected());
  const std::string schema = connection.schema;
  Impl* raw = impl.get();
  const std::string shown = connection.display_url;
  Status migrated = impl->Write([raw, &schema, &shown]() -> Status {
    ASKDB_RETURN_IF_ERROR(raw->Exec(
        ("SELECT pg_advisory_xact_lock(" + std::to_string(kSchemaLockKey) + ")").c_str()));
    if (!schema.empty()) {
      // The name was validated (lower-case identifier), so it needs no quoting.
      ASKDB_RETURN_IF_ERROR(raw->Exec(("CREATE SCHEMA IF NOT EXISTS " + schema).c_str()));
    }
    ASKDB_RETURN_IF_ERROR(
        raw->Exec("CREATE TABLE IF NOT EXISTS schema_versions ("
                  " component TEXT PRIMARY KEY, version INTEGER NOT NULL)"));
    Stmt select(raw->db, "SELECT version FROM schema_versions WHERE component = ?");
    select.Text(kComponent);
    int step = select.Step();
    if (step == kRow && select.ColInt(0) > kSchemaVersion) {
      return FailedPreconditionError(
          "management store " + shown + " has schema version " + std::to_string(select.ColInt(0)) +
          " but this askdb reads up to " + std::to_string(kSchemaVersion) +
          "; upgrade askdb or point server.store_url at another database or schema");
    }
    if (step != kRow && step != kDone) return PgError(raw->db, step, "reading the schema version");
    ASKDB_RETURN_IF_ERROR(raw->Exec(kCreateTables));
    Stmt upsert(raw->db,
                "INSERT INTO schema_versions(component, version) VALUES (?, ?)"
                " ON CONFLICT(component) DO UPDATE SET version = EXCLUDED.version");
    upsert.Text(kComponent).Int(kSchemaVersion);
    return upsert.Run("writing the schema version");
  });
  ASKDB_RETURN_IF_ERROR(migrated);
  return std::unique_ptr<PostgresManagementStore>(new PostgresManagementStore(std::move(impl)));
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

StatusOr<AgentRecord> PostgresManagementStore::CreateAgent(const AgentRecord& agent) {
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

StatusOr<AgentRecord> PostgresManagementStore::GetAgent(std::string_view id) const {
  std::lock_guard lock(impl_->mu);
  return impl_->GetOne(std::string("SELECT ") + kAgentColumns + " FROM agents WHERE id = ?", id,
                       "agent", ReadAgent);
}

StatusOr<std::vector<AgentRecord>> PostgresManagementStore::ListAgents() const {
  std::lock_guard lock(impl_->mu);
  Stmt s(impl_->db, std::string("SELECT ") + kAgentColumns + " FROM agents ORDER BY id");
  return impl_->All(s, ReadAgent);
}

StatusOr<AgentRecord> PostgresManagementStore::UpdateAgent(const AgentRecord& agent) {
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

Status PostgresManagementStore::DeleteAgent(std::string_view id) {
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

StatusOr<DatasourceRecord> PostgresManagementStore::CreateDatasource(const DatasourceRecord& ds) {
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

StatusOr<DatasourceRecord> PostgresManagementStore::GetDatasource(std::string_view id) const {
  std::lock_guard lock(impl_->mu);
  return impl_->GetOne(
      std::string("SELECT ") + kDatasourceColumns + " FROM datasources WHERE id = ?", id,
      "datasource", ReadDatasource);
}

StatusOr<std::vector<DatasourceRecord>> PostgresManagementStore::ListDatasources() const {
  std::lock_guard lock(impl_->mu);
  Stmt s(impl_->db, std::string("SELECT ") + kDatasourceColumns + " FROM datasources ORDER BY id");
  return impl_->All(s, ReadDatasource);
}

StatusOr<DatasourceRecord> PostgresManagementStore::UpdateDatasource(const DatasourceRecord& ds) {
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

Status PostgresManagementStore::DeleteDatasource(std::string_view id) {
  return impl_->Write([&]() -> Status {
    Stmt bound(impl_->db, "SELECT id FROM agents WHERE datasource_id = ? ORDER BY id LIMIT 1");
    ASKDB_RETURN_IF_ERROR(bound.prepared());
    bound.Text(id);
    if (bound.Step() == kRow) {
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

StatusOr<Json> PostgresManagementStore::GetSemanticModel(std::string_view datasource_id) const {
  std::lock_guard lock(impl_->mu);
  Stmt s(impl_->db, "SELECT model_json FROM semantic_models WHERE datasource_id = ?");
  ASKDB_RETURN_IF_ERROR(s.prepared());
  s.Text(datasource_id);
  int rc = s.Step();
  if (rc == kDone) {
    return NotFoundError("datasource '" + std::string(datasource_id) +
                         "' has no semantic model; PUT or import one");
  }
  if (rc != kRow) return PgError(impl_->db, rc, "reading a semantic model");
  return ParseJson(s.ColText(0));
}

Status PostgresManagementStore::PutSemanticModel(std::string_view datasource_id,
                                                 const Json& model) {
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

Status PostgresManagementStore::DeleteSemanticModel(std::string_view datasource_id) {
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

StatusOr<RelationRecord> PostgresManagementStore::CreateRelation(const RelationRecord& relation) {
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

StatusOr<RelationRecord> PostgresManagementStore::GetRelation(std::string_view id) const {
  std::lock_guard lock(impl_->mu);
  return impl_->GetOne(std::string("SELECT ") + kRelationColumns + " FROM relations WHERE id = ?",
                       id, "relation", ReadRelation);
}

StatusOr<std::vector<RelationRecord>> PostgresManagementStore::ListRelations(
    std::string_view datasource_id) const {
  std::lock_guard lock(impl_->mu);
  Stmt s(impl_->db, std::string("SELECT ") + kRelationColumns +
                        " FROM relations WHERE datasource_id = ? ORDER BY created_at_ms, id");
  s.Text(datasource_id);
  return impl_->All(s, ReadRelation);
}

StatusOr<RelationRecord> PostgresManagementStore::UpdateRelation(const RelationRecord& relation) {
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

Status PostgresManagementStore::DeleteRelation(std::string_view id) {
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

StatusOr<SessionRecord> PostgresManagementStore::CreateSession(const SessionRecord& session) {
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

StatusOr<SessionRecord> PostgresManagementStore::GetSession(std::string_view id) const {
  std::lock_guard lock(impl_->mu);
  return impl_->GetOne(std::string("SELECT ") + kSessionColumns + " FROM sessions WHERE id = ?", id,
                       "session", ReadSession);
}

StatusOr<std::vector<SessionRecord>> PostgresManagementStore::ListSessions(
    std::string_view agent_id, int64_t limit) const {
  std::lock_guard lock(impl_->mu);
  Stmt s(impl_->db, std::string("SELECT ") + kSessionColumns +
                        " FROM sessions WHERE (? = '' OR agent_id = ?)"
                        " ORDER BY updated_at_ms DESC, id LIMIT ?");
  s.Text(agent_id).Text(agent_id).Int(limit);
  return impl_->All(s, ReadSession);
}

Status PostgresManagementStore::DeleteSession(std::string_view id) {
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

StatusOr<MessageRecord> PostgresManagementStore::AppendMessage(const MessageRecord& message) {
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
    if (next.Step() != kRow) return PgError(impl_->db, kError, "numbering");
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

StatusOr<std::vector<MessageRecord>> PostgresManagementStore::ListMessages(
    std::string_view session_id) const {
  std::lock_guard lock(impl_->mu);
  Stmt s(impl_->db, std::string("SELECT ") + kMessageColumns +
                        " FROM messages WHERE session_id = ? ORDER BY seq");
  s.Text(session_id);
  return impl_->All(s, ReadMessage);
}

// ---------------------------------------------------------------------------------------
// Examples

StatusOr<ExampleRecord> PostgresManagementStore::CreateExample(const ExampleRecord& example) {
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

StatusOr<ExampleRecord> PostgresManagementStore::GetExample(std::string_view id) const {
  std::lock_guard lock(impl_->mu);
  return impl_->GetOne(std::string("SELECT ") + kExampleColumns + " FROM examples WHERE id = ?", id,
                       "example", ReadExample);
}

StatusOr<std::vector<ExampleRecord>> PostgresManagementStore::ListExamples(
    std::string_view agent_id) const {
  std::lock_guard lock(impl_->mu);
  Stmt s(impl_->db, std::string("SELECT ") + kExampleColumns +
                        " FROM examples WHERE agent_id = ? ORDER BY created_at_ms, id");
  s.Text(agent_id);
  return impl_->All(s, ReadExample);
}

StatusOr<ExampleRecord> PostgresManagementStore::UpdateExample(const ExampleRecord& example) {
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

Status PostgresManagementStore::DeleteExample(std::string_view id) {
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

Status PostgresManagementStore::RecordRun(const RunRecord& run) {
  ASKDB_RETURN_IF_ERROR(RequireField(run.run_id, "run_id"));
  ASKDB_RETURN_IF_ERROR(RequireField(run.thread_id, "thread_id"));
  return impl_->Write([&]() -> Status {
    Stmt s(impl_->db, std::string("INSERT INTO run_history(") + kRunColumns +
                          ") VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)"
                          " ON CONFLICT (run_id) DO UPDATE SET thread_id = EXCLUDED.thread_id,"
                          " agent_id = EXCLUDED.agent_id, question = EXCLUDED.question,"
                          " route = EXCLUDED.route, outcome = EXCLUDED.outcome,"
                          " error = EXCLUDED.error, started_at_ms = EXCLUDED.started_at_ms,"
                          " duration_ms = EXCLUDED.duration_ms, nodes_json = EXCLUDED.nodes_json,"
                          " llm_calls = EXCLUDED.llm_calls, prompt_tokens = EXCLUDED.prompt_tokens,"
                          " completion_tokens = EXCLUDED.completion_tokens");
    s.Text(run.run_id).Text(run.thread_id).Text(run.agent_id).Text(run.question);
    s.Text(run.route).Text(run.outcome).Text(run.error).Int(ToMs(run.started_at));
    s.Int(run.duration_ms).Text(Dump(run.nodes.is_array() ? run.nodes : Json::array()));
    s.Int(run.llm_calls).Int(run.prompt_tokens).Int(run.completion_tokens);
    return s.Run("recording a run");
  });
}

StatusOr<std::vector<RunRecord>> PostgresManagementStore::ListRuns(const RunFilter& filter) const {
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

StatusOr<ModelConfigRecord> PostgresManagementStore::CreateModel(const ModelConfigRecord& model) {
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

StatusOr<ModelConfigRecord> PostgresManagementStore::GetModel(std::string_view id) const {
  std::lock_guard lock(impl_->mu);
  return impl_->GetOne(std::string("SELECT ") + kModelColumns + " FROM model_configs WHERE id = ?",
                       id, "model", ReadModel);
}

StatusOr<std::vector<ModelConfigRecord>> PostgresManagementStore::ListModels() const {
  std::lock_guard lock(impl_->mu);
  Stmt s(impl_->db, std::string("SELECT ") + kModelColumns + " FROM model_configs ORDER BY id");
  return impl_->All(s, ReadModel);
}

StatusOr<ModelConfigRecord> PostgresManagementStore::UpdateModel(const ModelConfigRecord& model) {
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

Status PostgresManagementStore::DeleteModel(std::string_view id) {
  return impl_->Write([&]() -> Status {
    Stmt s(impl_->db, "DELETE FROM model_configs WHERE id = ?");
    s.Text(id);
    ASKDB_RETURN_IF_ERROR(s.Run("deleting a model configuration"));
    if (s.Changes() == 0) return NotFound("model", id);
    return Status::Ok();
  });
}

Status PostgresManagementStore::ActivateModel(std::string_view id) {
  return impl_->Write([&]() -> Status {
    ASKDB_ASSIGN_OR_RETURN(bool exists,
                           impl_->Exists("SELECT 1 FROM model_configs WHERE id = ?", id));
    if (!exists) return NotFound("model", id);
    Stmt s(impl_->db, "UPDATE model_configs SET active = CASE WHEN id = ? THEN 1 ELSE 0 END");
    s.Text(id);
    return s.Run("activating a model configuration");
  });
}

StatusOr<ModelConfigRecord> PostgresManagementStore::GetActiveModel() const {
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

Status PostgresManagementStore::PutApiKey(const security::ApiKeyRecord& record) {
  ASKDB_RETURN_IF_ERROR(RequireField(record.id, "id"));
  ASKDB_RETURN_IF_ERROR(security::ValidateScope(record.scope));
  return impl_->Write([&]() -> Status {
    Stmt s(impl_->db, std::string("INSERT INTO api_keys(") + kApiKeyColumns +
                          ") VALUES (?,?,?,?,?,?)"
                          " ON CONFLICT (id) DO UPDATE SET scope = EXCLUDED.scope,"
                          " hash = EXCLUDED.hash, created_at_ms = EXCLUDED.created_at_ms,"
                          " last4 = EXCLUDED.last4, revoked = EXCLUDED.revoked");
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

StatusOr<security::ApiKeyRecord> PostgresManagementStore::FindApiKey(std::string_view id) const {
  std::lock_guard lock(impl_->mu);
  return impl_->GetOne(std::string("SELECT ") + kApiKeyColumns + " FROM api_keys WHERE id = ?", id,
                       "API key", ReadApiKey);
}

StatusOr<std::vector<security::ApiKeyRecord>> PostgresManagementStore::ListApiKeys() const {
  std::lock_guard lock(impl_->mu);
  Stmt s(impl_->db,
         std::string("SELECT ") + kApiKeyColumns + " FROM api_keys ORDER BY created_at_ms, id");
  return impl_->All(s, ReadApiKey);
}

Status PostgresManagementStore::RevokeApiKey(std::string_view id) {
  return impl_->Write([&]() -> Status {
    Stmt s(impl_->db, "UPDATE api_keys SET revoked = 1 WHERE id = ?");
    s.Text(id);
    ASKDB_RETURN_IF_ERROR(s.Run("revoking an API key"));
    if (s.Changes() == 0) return NotFound("API key", id);
    return Status::Ok();
  });
}

}  // namespace askdb::server::store
