#include "askdb/agent/graph/postgres_checkpoint_store.h"

#include <libpq-fe.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <functional>
#include <optional>
#include <utility>

#include "askdb/agent/graph/sqlite_checkpoint_store.h"
#include "askdb/db/database_url.h"
#include "askdb/db/postgres/pg_connection.h"
#include "askdb/db/postgres/pg_session.h"
#include "askdb/db/postgres/pg_store_connection.h"
#include "askdb/db/server_support.h"

namespace askdb::agent {
namespace {

using db::postgres_internal::ErrorField;
using db::postgres_internal::ResultPtr;
using db::postgres_internal::TrimmedText;
using Session = db::postgres_internal::Session;
using db::server::SteadyClock;

constexpr const char* kComponent = "checkpoints";
constexpr std::size_t kMaxSchemaNameBytes = 63;  // PostgreSQL's NAMEDATALEN - 1

// URL parameters handed to libpq as they are.
constexpr std::array<std::string_view, 6> kLibpqParams = {
    "sslmode", "sslrootcert", "sslcert", "sslkey", "application_name", "connect_timeout"};
// URL parameters the store reads itself.
constexpr std::array<std::string_view, 3> kOwnParams = {"schema", "password_file", "pool_size"};

bool ValidSchemaName(std::string_view name) {
  if (name.empty() || name.size() > kMaxSchemaNameBytes) return false;
  if (!(name[0] == '_' || (name[0] >= 'a' && name[0] <= 'z'))) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
  });
}

// Turns a failed statement into a Status naming the store and what to do.
Status MapError(const PGresult* r, Session& session, std::string_view what,
                std::string_view where) {
  const std::string state = r != nullptr ? ErrorField(r, PG_DIAG_SQLSTATE) : "";
  std::string message = r != nullptr ? ErrorField(r, PG_DIAG_MESSAGE_PRIMARY) : "";
  if (message.empty()) message = TrimmedText(PQerrorMessage(session.conn()));
  const std::string prefix =
      "checkpoint store " + std::string(where) + ": " + std::string(what) + " failed: ";
  if (session.broken() || db::postgres_internal::ConnectionLostState(state)) {
    session.MarkBroken();
    return UnavailableError(prefix + "lost the connection (" + message +
                            "); check that the PostgreSQL server runs, then retry");
  }
  if (state == "57014") {
    return DeadlineExceededError(prefix + message +
                                 " (statement_timeout); the database is overloaded or a lock "
                                 "is held, retry later");
  }
  if (state == "42501") {
    return PermissionDeniedError(prefix + message +
                                 "; the store's role needs CREATE on the schema (first start) "
                                 "and SELECT, INSERT, UPDATE, DELETE on its tables");
  }
  if (state == "40001" || state == "40P01" || state == "55P03") {
    return UnavailableError(prefix + message + "; a concurrent transaction conflicted, retry");
  }
  if (state.rfind("53", 0) == 0) {
    return ResourceExhaustedError(prefix + message + "; the database server is out of resources");
  }
  return InternalError(prefix + message + (state.empty() ? "" : " (SQLSTATE " + state + ")") +
                       "; check the store database and the server log");
}

// Runs `sql` with text parameters. Empty params: the simple protocol, so several
// statements may be sent at once (used only for the fixed schema DDL).
StatusOr<ResultPtr> Exec(Session& session, const std::string& sql,
                         const std::vector<std::string>& params, std::string_view what,
                         std::string_view where) {
  std::vector<const char*> values;
  values.reserve(params.size());
  for (const std::string& p : params) values.push_back(p.c_str());
  ResultPtr result(params.empty()
                       ? PQexec(session.conn(), sql.c_str())
                       : PQexecParams(session.conn(), sql.c_str(), static_cast<int>(values.size()),
                                      nullptr, values.data(), nullptr, nullptr, 0));
  const ExecStatusType status =
      result != nullptr ? PQresultStatus(result.get()) : PGRES_FATAL_ERROR;
  if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return result;
  return MapError(result.get(), session, what, where);
}

std::string Cell(const PGresult* r, int row, int col) {
  return std::string(PQgetvalue(r, row, col), PQgetlength(r, row, col));
}

}  // namespace

PostgresCheckpointStore::PostgresCheckpointStore(
    Key, std::vector<std::pair<std::string, std::string>> conn_params, std::string display_url,
    PostgresCheckpointStoreOptions options)
    : conn_params_(std::move(conn_params)),
      display_url_(std::move(display_url)),
      options_(std::move(options)),
      pool_(std::make_unique<db::server::SessionPool<Session>>(options_.pool_size,
                                                               [this] { return Connect(); })) {}

PostgresCheckpointStore::~PostgresCheckpointStore() = default;

std::size_t PostgresCheckpointStore::open_connections() const { return pool_->open_sessions(); }

namespace {

// One URL parameter: the store's own (schema, pool_size; password_file was read with the
// password) or one handed to libpq, where a later value wins over the defaults.
Status ApplyUrlParam(const std::string& key, const std::string& value, const std::string& where,
                     PgStoreConnection& out) {
  if (key == "pool_size") {
    StatusOr<std::size_t> pool_size = db::server::ParsePoolSize(value);
    if (!pool_size.ok())
      return InvalidArgumentError(pool_size.status().message() + ", in " + where);
    out.pool_size = *pool_size;
  } else if (key == "schema") {
    out.schema = value;
  } else if (db::server::IsOneOf(key, kLibpqParams)) {
    out.params.emplace_back(key, value);
  } else if (!db::server::IsOneOf(key, kOwnParams)) {
    return InvalidArgumentError(
        "unknown parameter '" + key + "' in " + where +
        "; known parameters: " + db::server::KnownParamsText(kLibpqParams, kOwnParams));
  }
  return Status::Ok();
}

// Session defaults at startup: every connection gets them, even a reconnect.
std::string StartupOptions(const std::string& schema, std::chrono::milliseconds statement_timeout) {
  std::string startup = "-c statement_timeout=" + std::to_string(statement_timeout.count()) +
                        " -c client_min_messages=warning -c TimeZone=UTC";
  if (!schema.empty()) startup += " -c search_path=" + schema;
  return startup;
}

}  // namespace

StatusOr<PgStoreConnection> ParsePgStoreUrl(std::string_view url_text, std::string_view what,
                                            std::string default_schema,
                                            std::chrono::milliseconds connect_timeout,
                                            std::chrono::milliseconds statement_timeout) {
  ASKDB_ASSIGN_OR_RETURN(db::DatabaseUrl url, db::ParseDatabaseUrl(url_text));
  const std::string where = "the " + std::string(what) + " URL " + url.Redacted();
  if (url.engine != "postgres") {
    return InvalidArgumentError(where +
                                " is not PostgreSQL; use postgres://USER:PASSWORD@HOST:PORT/DB "
                                "(or leave server.store_url empty for the SQLite files)");
  }
  PgStoreConnection out;
  out.display_url = url.Redacted();
  out.schema = std::move(default_schema);
  ASKDB_ASSIGN_OR_RETURN(
      std::optional<std::string> password,
      db::server::ResolvePassword(url, {db::postgres_internal::kPgStorePasswordEnv}));
  out.params = db::postgres_internal::UrlConnParams(url, password, connect_timeout, "askdb-store");
  for (const auto& [key, value] : url.params) {
    ASKDB_RETURN_IF_ERROR(ApplyUrlParam(key, value, where, out));
  }
  if (!out.schema.empty() && !ValidSchemaName(out.schema)) {
    return InvalidArgumentError("schema '" + out.schema + "' in " + where +
                                " must be lower-case letters, digits and '_', starting with a "
                                "letter or '_', at most 63 bytes");
  }
  out.params.emplace_back("options", StartupOptions(out.schema, statement_timeout));
  return out;
}

StatusOr<std::unique_ptr<PostgresCheckpointStore>> PostgresCheckpointStore::Open(
    std::string_view url, PostgresCheckpointStoreOptions options) {
  ASKDB_ASSIGN_OR_RETURN(PgStoreConnection connection,
                         ParsePgStoreUrl(url, "checkpoint store", options.schema,
                                         options.connect_timeout, options.statement_timeout));
  options.schema = connection.schema;
  if (connection.pool_size > 0) options.pool_size = connection.pool_size;
  auto store = std::make_unique<PostgresCheckpointStore>(
      Key(), std::move(connection.params), std::move(connection.display_url), std::move(options));
  ASKDB_RETURN_IF_ERROR(store->CreateSchema());
  return store;
}

StatusOr<std::unique_ptr<Session>> PostgresCheckpointStore::Connect() const {
  return db::postgres_internal::OpenPgStoreSession(
      conn_params_, "the checkpoint store " + display_url_, options_.connect_timeout);
}

// Runs `fn` on a pooled session. A failure that broke the connection discards the session;
// when that session came from the idle list (it may have died while idle, e.g. a server
// restart) the call is retried once on a fresh connection. Every operation here is
// idempotent (upsert, select, delete), so a retry cannot apply a change twice.
Status PostgresCheckpointStore::WithSession(const std::function<Status(Session&)>& fn) {
  for (int attempt = 0;; ++attempt) {
    bool reused = false;
    ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<Session> session,
                           pool_->Acquire(SteadyClock::now() + options_.acquire_timeout, &reused));
    Status status = fn(*session);
    if (!session->broken()) {
      // A failed transaction is rolled back by fn; the session is clean again.
      pool_->Release(std::move(session));
      return status;
    }
    session.reset();  // closes the connection
    pool_->Discard();
    if (status.ok() || !reused || attempt > 0) return status;
  }
}

namespace {

// A store written by a newer askdb may hold what this one cannot read.
Status CheckSchemaVersion(Session& session, const std::string& display_url) {
  ASKDB_ASSIGN_OR_RETURN(ResultPtr version,
                         Exec(session, "SELECT version FROM schema_versions WHERE component = $1",
                              {kComponent}, "reading the schema version", display_url));
  if (PQntuples(version.get()) == 0) return Status::Ok();
  const long long found = std::strtoll(PQgetvalue(version.get(), 0, 0), nullptr, 10);
  if (found <= PostgresCheckpointStore::kSchemaVersion) return Status::Ok();
  return FailedPreconditionError(
      "checkpoint store " + display_url + " has schema version " + std::to_string(found) +
      " but this askdb reads up to " + std::to_string(PostgresCheckpointStore::kSchemaVersion) +
      "; upgrade askdb or point server.store_url at another database or schema");
}

// `fn` between BEGIN and COMMIT; a failure rolls back (unless the connection is gone).
Status InTransaction(Session& session, const std::string& display_url,
                     const std::function<Status()>& fn) {
  ASKDB_RETURN_IF_ERROR(
      Exec(session, "BEGIN", {}, "starting the schema transaction", display_url).status());
  Status status = fn();
  if (!status.ok()) {
    if (!session.broken()) (void)Exec(session, "ROLLBACK", {}, "rolling back", display_url);
    return status;
  }
  return Exec(session, "COMMIT", {}, "committing the schema", display_url).status();
}

}  // namespace

Status PostgresCheckpointStore::CreateSchema() {
  return WithSession([this](Session& session) -> Status {
    return InTransaction(session, display_url_, [&] { return CreateTables(session); });
  });
}

// Called inside the schema transaction; the advisory lock keeps two starting processes
// from creating the same tables at once.
Status PostgresCheckpointStore::CreateTables(Session& session) {
  ASKDB_RETURN_IF_ERROR(
      Exec(session, kPgLockStoreSchema, {}, "locking the schema", display_url_).status());
  if (!options_.schema.empty()) {
    // The name was validated (lower-case identifier), so it needs no quoting.
    ASKDB_RETURN_IF_ERROR(Exec(session, "CREATE SCHEMA IF NOT EXISTS " + options_.schema, {},
                               "creating schema " + options_.schema, display_url_)
                              .status());
  }
  ASKDB_RETURN_IF_ERROR(Exec(session,
                             "CREATE TABLE IF NOT EXISTS schema_versions ("
                             " component TEXT PRIMARY KEY, version INTEGER NOT NULL)",
                             {}, "creating table schema_versions", display_url_)
                            .status());
  ASKDB_RETURN_IF_ERROR(CheckSchemaVersion(session, display_url_));
  ASKDB_RETURN_IF_ERROR(Exec(session,
                             "CREATE TABLE IF NOT EXISTS agent_checkpoints ("
                             " thread_id TEXT PRIMARY KEY,"
                             " graph TEXT NOT NULL,"
                             " status TEXT NOT NULL,"
                             " next_node TEXT NOT NULL,"
                             " updated_at_ms BIGINT NOT NULL,"
                             " body TEXT NOT NULL)",
                             {}, "creating table agent_checkpoints", display_url_)
                            .status());
  return Exec(session,
              "INSERT INTO schema_versions(component, version) VALUES ($1, $2)"
              " ON CONFLICT (component) DO NOTHING",
              {kComponent, std::to_string(kSchemaVersion)}, "writing the schema version",
              display_url_)
      .status();
}

Status PostgresCheckpointStore::Save(const Checkpoint& checkpoint) {
  // The whole checkpoint goes in `body`; the other columns are copies for List. Invalid
  // UTF-8 in the state is replaced (the database's UTF8 text would refuse it).
  const std::string body =
      CheckpointToJson(checkpoint).dump(-1, ' ', false, Json::error_handler_t::replace);
  const std::vector<std::string> params = {checkpoint.thread_id,
                                           checkpoint.graph,
                                           std::string(CheckpointStatusName(checkpoint.status)),
                                           checkpoint.next_node,
                                           std::to_string(checkpoint.updated_at_ms),
                                           body};
  Status status = WithSession([&](Session& session) {
    // One statement is one transaction: the row is replaced whole or not at all.
    return Exec(session,
                "INSERT INTO agent_checkpoints"
                "(thread_id, graph, status, next_node, updated_at_ms, body)"
                " VALUES ($1, $2, $3, $4, $5, $6)"
                " ON CONFLICT (thread_id) DO UPDATE SET graph = EXCLUDED.graph,"
                " status = EXCLUDED.status, next_node = EXCLUDED.next_node,"
                " updated_at_ms = EXCLUDED.updated_at_ms, body = EXCLUDED.body",
                params, "saving a checkpoint", display_url_)
        .status();
  });
  if (!status.ok()) return status.WithContext("thread " + checkpoint.thread_id);
  return status;
}

StatusOr<Checkpoint> PostgresCheckpointStore::Load(std::string_view thread_id) {
  std::optional<std::string> body;
  ASKDB_RETURN_IF_ERROR(WithSession([&](Session& session) -> Status {
    ASKDB_ASSIGN_OR_RETURN(ResultPtr r,
                           Exec(session, "SELECT body FROM agent_checkpoints WHERE thread_id = $1",
                                {std::string(thread_id)}, "loading a checkpoint", display_url_));
    if (PQntuples(r.get()) > 0) body = Cell(r.get(), 0, 0);
    return Status::Ok();
  }));
  if (!body) {
    return NoCheckpointError(thread_id);
  }
  ASKDB_ASSIGN_OR_RETURN(Json json, ParseJson(*body));
  return CheckpointFromJson(json);
}

StatusOr<std::vector<CheckpointSummary>> PostgresCheckpointStore::List() {
  std::vector<CheckpointSummary> out;
  ASKDB_RETURN_IF_ERROR(WithSession([&](Session& session) -> Status {
    out.clear();
    ASKDB_ASSIGN_OR_RETURN(ResultPtr r,
                           Exec(session,
                                "SELECT thread_id, graph, status, next_node, updated_at_ms"
                                " FROM agent_checkpoints"
                                " ORDER BY updated_at_ms DESC, thread_id COLLATE \"C\"",
                                {}, "listing checkpoints", display_url_));
    const int rows = PQntuples(r.get());
    out.reserve(static_cast<std::size_t>(rows));
    for (int i = 0; i < rows; ++i) {
      CheckpointSummary summary;
      summary.thread_id = Cell(r.get(), i, 0);
      summary.graph = Cell(r.get(), i, 1);
      ASKDB_ASSIGN_OR_RETURN(summary.status, ParseCheckpointStatus(Cell(r.get(), i, 2)));
      summary.next_node = Cell(r.get(), i, 3);
      summary.updated_at_ms = std::strtoll(PQgetvalue(r.get(), i, 4), nullptr, 10);
      out.push_back(std::move(summary));
    }
    return Status::Ok();
  }));
  return out;
}

Status PostgresCheckpointStore::Delete(std::string_view thread_id) {
  return WithSession([&](Session& session) {
    return Exec(session, "DELETE FROM agent_checkpoints WHERE thread_id = $1",
                {std::string(thread_id)}, "deleting a checkpoint", display_url_)
        .status();
  });
}

StatusOr<std::unique_ptr<CheckpointStore>> OpenCheckpointStore(std::string_view store_url) {
  if (store_url.empty()) {
    ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<SqliteCheckpointStore> sqlite,
                           SqliteCheckpointStore::OpenDefault());
    return std::unique_ptr<CheckpointStore>(std::move(sqlite));
  }
  if (store_url.starts_with("postgres://") || store_url.starts_with("postgresql://")) {
    ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<PostgresCheckpointStore> pg,
                           PostgresCheckpointStore::Open(store_url));
    return std::unique_ptr<CheckpointStore>(std::move(pg));
  }
  // Parse only to show the URL without its password.
  StatusOr<db::DatabaseUrl> parsed = db::ParseDatabaseUrl(store_url);
  const std::string shown = parsed.ok() ? parsed->Redacted() : std::string("(unparsable URL)");
  return InvalidArgumentError("server.store_url " + shown +
                              " is not supported: use postgres://USER:PASSWORD@HOST:PORT/DB, or "
                              "leave it empty for the SQLite files in the data directory");
}

}  // namespace askdb::agent
