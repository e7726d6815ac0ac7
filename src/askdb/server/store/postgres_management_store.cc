// The PostgreSQL driver of the management store: libpq, "?" placeholders numbered
// $1..$n, BIGINT columns, SERIALIZABLE write transactions retried on serialization
// failures, and the SQL that differs from SQLite's (INSERT OR REPLACE → ON CONFLICT DO
// UPDATE; a boolean assigned to an integer). The record logic is SqlManagementStore's.
#include "askdb/server/store/postgres_management_store.h"

#include <libpq-fe.h>

#include <cstdlib>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>

#include "askdb/agent/graph/postgres_checkpoint_store.h"
#include "askdb/db/postgres/pg_connection.h"
#include "askdb/db/postgres/pg_store_connection.h"

namespace askdb::server::store {
namespace {

using db::postgres_internal::ErrorField;
using db::postgres_internal::ResultPtr;
using db::postgres_internal::Session;
using db::postgres_internal::TrimmedText;
using StepResult = SqlStatement::StepResult;

constexpr const char* kComponent = "management";

// Pause before re-running a write that hit a serialization failure (times the attempt),
// plus up to this much random jitter.
constexpr std::chrono::milliseconds kWriteRetryBackoff{5};
constexpr int kWriteRetryJitterMs = 10;

// The SQL that differs from SQLite's (sql_management_store.h).
const SqlDialect kPostgresDialect = {
    .upsert_run =
        "INSERT INTO run_history(run_id, thread_id, agent_id, question, route, "
        "outcome, error, started_at_ms, duration_ms, nodes_json, llm_calls, "
        "prompt_tokens, completion_tokens) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)"
        " ON CONFLICT (run_id) DO UPDATE SET thread_id = EXCLUDED.thread_id,"
        " agent_id = EXCLUDED.agent_id, question = EXCLUDED.question,"
        " route = EXCLUDED.route, outcome = EXCLUDED.outcome,"
        " error = EXCLUDED.error, started_at_ms = EXCLUDED.started_at_ms,"
        " duration_ms = EXCLUDED.duration_ms, nodes_json = EXCLUDED.nodes_json,"
        " llm_calls = EXCLUDED.llm_calls, prompt_tokens = EXCLUDED.prompt_tokens,"
        " completion_tokens = EXCLUDED.completion_tokens",
    .upsert_api_key =
        "INSERT INTO api_keys(id, scope, hash, created_at_ms, last4, revoked)"
        " VALUES (?,?,?,?,?,?)"
        " ON CONFLICT (id) DO UPDATE SET scope = EXCLUDED.scope,"
        " hash = EXCLUDED.hash, created_at_ms = EXCLUDED.created_at_ms,"
        " last4 = EXCLUDED.last4, revoked = EXCLUDED.revoked",
    .activate_model = "UPDATE model_configs SET active = CASE WHEN id = ? THEN 1 ELSE 0 END",
    .lock_schema = agent::kPgLockStoreSchema,
};

// The store's one connection and the last statement error.
struct Conn {
  std::unique_ptr<Session> session;  // null until connected and after the connection was lost
  std::vector<std::pair<std::string, std::string>> params;
  std::string display_url;
  std::chrono::milliseconds connect_timeout{0};
  Status last_error = Status::Ok();
  std::string last_state;             // SQLSTATE of the last failure
  bool serialization_failed = false;  // since the current write transaction began

  PGconn* conn() const { return session != nullptr ? session->conn() : nullptr; }
  bool InTransaction() const {
    return session != nullptr && PQtransactionStatus(conn()) != PQTRANS_IDLE;
  }
  // (Re)opens the connection when there is none or it broke.
  Status EnsureConnected() {
    if (session != nullptr && PQstatus(conn()) == CONNECTION_OK) return Status::Ok();
    session.reset();
    ASKDB_ASSIGN_OR_RETURN(session,
                           db::postgres_internal::OpenPgStoreSession(
                               params, "the management store " + display_url, connect_timeout));
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
      ResultPtr r = Exec(sql, args);
      const ExecStatusType status = r != nullptr ? PQresultStatus(r.get()) : PGRES_FATAL_ERROR;
      if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return r;
      const std::string prefix = "management store " + display_url + ": " + std::string(what) +
                                 " failed: " + FailureMessage(r.get());
      const bool lost = PQstatus(conn()) != CONNECTION_OK ||
                        db::postgres_internal::ConnectionLostState(last_state);
      if (lost) {
        session.reset();
        if (!in_transaction && attempt == 0) continue;
      }
      last_error = FailureStatus(prefix, lost);
      return nullptr;
    }
    return nullptr;
  }

 private:
  // The simple protocol without arguments, so that several statements may go at once.
  ResultPtr Exec(const std::string& sql, const std::vector<std::optional<std::string>>& args) {
    std::vector<const char*> values;
    for (const auto& a : args) values.push_back(a ? a->c_str() : nullptr);
    return ResultPtr(args.empty()
                         ? PQexec(conn(), sql.c_str())
                         : PQexecParams(conn(), sql.c_str(), static_cast<int>(values.size()),
                                        nullptr, values.data(), nullptr, nullptr, 0));
  }

  // The server's message for a failed statement (else libpq's); records its SQLSTATE.
  std::string FailureMessage(const PGresult* r) {
    last_state = r != nullptr ? ErrorField(r, PG_DIAG_SQLSTATE) : "";
    const std::string primary = r != nullptr ? ErrorField(r, PG_DIAG_MESSAGE_PRIMARY) : "";
    return !primary.empty() ? primary : TrimmedText(PQerrorMessage(conn()));
  }

  // The Status for the last failure, by its SQLSTATE, saying what to do.
  Status FailureStatus(const std::string& prefix, bool lost) {
    if (lost) {
      return UnavailableError(prefix +
                              "; the connection was lost: check that the "
                              "PostgreSQL server runs, then retry");
    }
    if (last_state == "23505") return AlreadyExistsError(prefix + "; use another id");
    if (last_state == "40001" || last_state == "40P01") {
      serialization_failed = true;
      return UnavailableError(prefix + "; a concurrent write conflicted, retry");
    }
    if (last_state == "42501") {
      return PermissionDeniedError(prefix +
                                   "; the store's role needs CREATE on the schema (first start) "
                                   "and SELECT, INSERT, UPDATE, DELETE on its tables");
    }
    if (last_state == "57014") {
      return DeadlineExceededError(prefix + " (statement_timeout); retry later");
    }
    return UnavailableError(prefix + (last_state.empty() ? "" : " (SQLSTATE " + last_state + ")") +
                            "; check the store database and the server log");
  }
};

Status PgError(Conn* db, std::string_view what) {
  if (db != nullptr && !db->last_error.ok()) return db->last_error;
  return UnavailableError("management store: " + std::string(what) + " failed");
}

// "?" placeholders (the form the record code writes) as $1, $2, ... No statement here has
// a '?' inside a string literal.
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
class PgStmt final : public SqlStatement {
 public:
  PgStmt(Conn* db, std::string_view sql) : db_(db), sql_(NumberPlaceholders(sql)) {}
  PgStmt(const PgStmt&) = delete;
  PgStmt& operator=(const PgStmt&) = delete;

  Status prepared() const override { return Status::Ok(); }
  PgStmt& Text(std::string_view value) override {
    args_.emplace_back(std::string(value));
    return *this;
  }
  PgStmt& Int(int64_t value) override {
    args_.emplace_back(std::to_string(value));
    return *this;
  }
  PgStmt& Null() override {
    args_.emplace_back(std::nullopt);
    return *this;
  }
  StepResult Step() override {
    if (!ran_) {
      ran_ = true;
      result_ = db_->Run(sql_, args_, "a statement");
      row_ = -1;
    }
    if (result_ == nullptr) return StepResult::kError;
    ++row_;
    return row_ < PQntuples(result_.get()) ? StepResult::kRow : StepResult::kDone;
  }
  Status Run(std::string_view what) override {
    ran_ = true;
    result_ = db_->Run(sql_, args_, what);
    if (result_ == nullptr) return PgError(db_, what);
    row_ = -1;
    return Status::Ok();
  }
  int64_t Changes() const override {
    return result_ != nullptr ? std::atoll(PQcmdTuples(result_.get())) : 0;
  }
  Status StepError(std::string_view what) const override { return PgError(db_, what); }

  std::string ColText(int i) const override {
    return std::string(PQgetvalue(result_.get(), row_, i), PQgetlength(result_.get(), row_, i));
  }
  int64_t ColInt(int i) const override {
    return std::strtoll(PQgetvalue(result_.get(), row_, i), nullptr, 10);
  }
  bool ColNull(int i) const override { return PQgetisnull(result_.get(), row_, i) != 0; }

 private:
  Conn* db_;
  std::string sql_;
  std::vector<std::optional<std::string>> args_;
  ResultPtr result_;
  bool ran_ = false;
  int row_ = -1;
};

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
  Conn* db = owned.get();
  int max_write_attempts = 1;

  Status Exec(const char* sql) const {
    if (db->Run(sql, {}, "a statement") == nullptr) return PgError(db, sql);
    return Status::Ok();
  }

  // Runs `body` in one SERIALIZABLE transaction; rolls back when it fails
  // and runs it again (up to max_write_attempts) when PostgreSQL reports a serialization
  // failure, which is how concurrent writers from other processes meet.
  Status Transaction(const std::function<Status()>& body) {
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
};

PostgresManagementStore::PostgresManagementStore(std::unique_ptr<Impl> impl, const Clock* clock)
    : SqlManagementStore(clock, kPostgresDialect), impl_(std::move(impl)) {}
PostgresManagementStore::~PostgresManagementStore() = default;

const std::string& PostgresManagementStore::display_url() const { return impl_->db->display_url; }

std::unique_ptr<SqlStatement> PostgresManagementStore::Prepare(std::string_view sql) const {
  return std::make_unique<PgStmt>(impl_->db, sql);
}

Status PostgresManagementStore::Transaction(const std::function<Status()>& body) {
  return impl_->Transaction(body);
}

StatusOr<std::unique_ptr<PostgresManagementStore>> PostgresManagementStore::Open(
    std::string_view url, PostgresManagementStoreOptions options) {
  ASKDB_ASSIGN_OR_RETURN(
      agent::PgStoreConnection connection,
      agent::ParsePgStoreUrl(url, "management store", options.schema, options.connect_timeout,
                             options.statement_timeout));
  auto impl = std::make_unique<Impl>();
  impl->max_write_attempts = std::max(1, options.max_write_attempts);
  impl->db->params = std::move(connection.params);
  impl->db->display_url = connection.display_url;
  impl->db->connect_timeout = options.connect_timeout;
  ASKDB_RETURN_IF_ERROR(impl->db->EnsureConnected());
  const std::string schema = connection.schema;
  Impl* raw = impl.get();
  const std::string shown = connection.display_url;
  Status migrated = impl->Transaction([raw, &schema, &shown]() -> Status {
    ASKDB_RETURN_IF_ERROR(raw->Exec(agent::kPgLockStoreSchema));
    if (!schema.empty()) {
      // The name was validated (lower-case identifier), so it needs no quoting.
      ASKDB_RETURN_IF_ERROR(raw->Exec(("CREATE SCHEMA IF NOT EXISTS " + schema).c_str()));
    }
    ASKDB_RETURN_IF_ERROR(
        raw->Exec("CREATE TABLE IF NOT EXISTS schema_versions ("
                  " component TEXT PRIMARY KEY, version INTEGER NOT NULL)"));
    PgStmt select(raw->db, "SELECT version FROM schema_versions WHERE component = ?");
    select.Text(kComponent);
    const StepResult step = select.Step();
    if (step == StepResult::kRow && select.ColInt(0) > kSchemaVersion) {
      return FailedPreconditionError(
          "management store " + shown + " has schema version " + std::to_string(select.ColInt(0)) +
          " but this askdb reads up to " + std::to_string(kSchemaVersion) +
          "; upgrade askdb or point server.store_url at another database or schema");
    }
    if (step == StepResult::kError) return select.StepError("reading the schema version");
    ASKDB_RETURN_IF_ERROR(raw->Exec(kCreateTables));
    PgStmt upsert(raw->db,
                  "INSERT INTO schema_versions(component, version) VALUES (?, ?)"
                  " ON CONFLICT(component) DO UPDATE SET version = EXCLUDED.version");
    upsert.Text(kComponent).Int(kSchemaVersion);
    return upsert.Run("writing the schema version");
  });
  ASKDB_RETURN_IF_ERROR(migrated);
  return std::unique_ptr<PostgresManagementStore>(
      new PostgresManagementStore(std::move(impl), options.clock));
}

}  // namespace askdb::server::store
