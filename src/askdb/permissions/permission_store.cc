#include "askdb/permissions/permission_store.h"

#include <libpq-fe.h>
#include <sqlite3.h>

#include <chrono>
#include <cstdio>
#include <mutex>
#include <random>

#include "askdb/agent/graph/postgres_checkpoint_store.h"
#include "askdb/db/postgres/pg_connection.h"
#include "askdb/db/postgres/pg_session.h"
#include "askdb/db/postgres/pg_store_connection.h"

namespace askdb::permissions {
namespace {

constexpr const char* kCreateTable =
    "CREATE TABLE IF NOT EXISTS permission_rules ("
    " id TEXT PRIMARY KEY, datasource_id TEXT NOT NULL, body TEXT NOT NULL,"
    " created_ms BIGINT NOT NULL, updated_ms BIGINT NOT NULL)";

int64_t NowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// Ids sort by creation time ("later rule wins" in ResolvePolicy), with a random tail.
std::string NewId(int64_t now_ms) {
  static thread_local std::mt19937_64 rng{std::random_device{}()};
  char buf[48];
  std::snprintf(buf, sizeof buf, "rule-%013lld-%06llx", static_cast<long long>(now_ms),
                static_cast<unsigned long long>(rng() & 0xffffff));
  return buf;
}

// The record as stored: Put fills id and times, then the body is RuleToJson.
StatusOr<PermissionRule> Stamp(const PermissionRule& input, const PermissionRule* existing) {
  // RuleFromJson runs the record's own checks.
  ASKDB_ASSIGN_OR_RETURN(PermissionRule rule, RuleFromJson(RuleToJson(input)));
  const int64_t now = NowMs();
  if (rule.id.empty()) rule.id = NewId(now);
  rule.created_ms = existing != nullptr ? existing->created_ms : now;
  rule.updated_ms = now;
  return rule;
}

StatusOr<PermissionRule> FromBody(std::string_view body) {
  ASKDB_ASSIGN_OR_RETURN(Json json, ParseJson(body));
  StatusOr<PermissionRule> rule = RuleFromJson(json);
  if (!rule.ok())
    return InternalError("a stored permission rule is damaged: " + rule.status().message());
  return rule;
}

Status NoRule(std::string_view id) {
  return NotFoundError("no permission rule has id " + std::string(id) +
                       "; list the rules to see their ids");
}

// ---- SQLite ----

class SqlitePermissionStore final : public PermissionStore {
 public:
  explicit SqlitePermissionStore(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}
  ~SqlitePermissionStore() override { sqlite3_close(db_); }

  StatusOr<std::vector<PermissionRule>> List(std::string_view datasource_id) const override {
    std::lock_guard lock(mu_);
    return Query(datasource_id.empty()
                     ? "SELECT body FROM permission_rules ORDER BY id"
                     : "SELECT body FROM permission_rules WHERE datasource_id = ? ORDER BY id",
                 datasource_id);
  }

  StatusOr<PermissionRule> Get(std::string_view id) const override {
    std::lock_guard lock(mu_);
    ASKDB_ASSIGN_OR_RETURN(std::vector<PermissionRule> rules,
                           Query("SELECT body FROM permission_rules WHERE id = ?", id));
    if (rules.empty()) return NoRule(id);
    return rules.front();
  }

  StatusOr<PermissionRule> Put(const PermissionRule& input) override {
    std::lock_guard lock(mu_);
    std::vector<PermissionRule> existing;
    if (!input.id.empty()) {
      ASKDB_ASSIGN_OR_RETURN(existing,
                             Query("SELECT body FROM permission_rules WHERE id = ?", input.id));
    }
    ASKDB_ASSIGN_OR_RETURN(PermissionRule rule,
                           Stamp(input, existing.empty() ? nullptr : &existing.front()));
    sqlite3_stmt* stmt = nullptr;
    sqlite3_prepare_v2(db_,
                       "INSERT INTO permission_rules (id, datasource_id, body, created_ms, "
                       "updated_ms) VALUES (?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET "
                       "datasource_id = excluded.datasource_id, body = excluded.body, "
                       "updated_ms = excluded.updated_ms",
                       -1, &stmt, nullptr);
    const std::string body = RuleToJson(rule).dump();
    sqlite3_bind_text(stmt, 1, rule.id.data(), static_cast<int>(rule.id.size()), SQLITE_TRANSIENT);
    sqlite3_bind_text(stmt, 2, rule.datasource_id.data(),
                      static_cast<int>(rule.datasource_id.size()), SQLITE_TRANSIENT);
    sqlite3_bind_text(stmt, 3, body.data(), static_cast<int>(body.size()), SQLITE_TRANSIENT);
    sqlite3_bind_int64(stmt, 4, rule.created_ms);
    sqlite3_bind_int64(stmt, 5, rule.updated_ms);
    const int rc = sqlite3_step(stmt);
    sqlite3_finalize(stmt);
    if (rc != SQLITE_DONE) return Error("saving permission rule " + rule.id);
    return rule;
  }

  Status Delete(std::string_view id) override {
    std::lock_guard lock(mu_);
    sqlite3_stmt* stmt = nullptr;
    sqlite3_prepare_v2(db_, "DELETE FROM permission_rules WHERE id = ?", -1, &stmt, nullptr);
    sqlite3_bind_text(stmt, 1, id.data(), static_cast<int>(id.size()), SQLITE_TRANSIENT);
    const int rc = sqlite3_step(stmt);
    sqlite3_finalize(stmt);
    if (rc != SQLITE_DONE) return Error("deleting permission rule " + std::string(id));
    if (sqlite3_changes(db_) == 0) return NoRule(id);
    return Status::Ok();
  }

 private:
  Status Error(const std::string& what) const {
    return UnavailableError(what + " in " + path_ + " failed: " + sqlite3_errmsg(db_));
  }

  StatusOr<std::vector<PermissionRule>> Query(const char* sql, std::string_view param) const {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db_, sql, -1, &stmt, nullptr) != SQLITE_OK) {
      return Error("reading permission rules");
    }
    if (sqlite3_bind_parameter_count(stmt) > 0) {
      sqlite3_bind_text(stmt, 1, param.data(), static_cast<int>(param.size()), SQLITE_TRANSIENT);
    }
    std::vector<PermissionRule> out;
    int rc = SQLITE_ROW;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
      const char* body = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
      StatusOr<PermissionRule> rule = FromBody(body != nullptr ? body : "");
      if (!rule.ok()) {
        sqlite3_finalize(stmt);
        return rule.status();
      }
      out.push_back(std::move(*rule));
    }
    sqlite3_finalize(stmt);
    if (rc != SQLITE_DONE) return Error("reading permission rules");
    return out;
  }

  mutable std::mutex mu_;
  sqlite3* db_;
  std::string path_;
};

// ---- PostgreSQL ----

using db::postgres_internal::ResultPtr;
using db::postgres_internal::Session;

constexpr std::chrono::seconds kConnectTimeout{10};

class PostgresPermissionStore final : public PermissionStore {
 public:
  explicit PostgresPermissionStore(agent::PgStoreConnection connection)
      : connection_(std::move(connection)) {}

  Status Init() {
    std::lock_guard lock(mu_);
    // The advisory lock keeps two processes creating the table at once from failing.
    ASKDB_RETURN_IF_ERROR(Exec("BEGIN", {}, "creating the permission table").status());
    Status status = Exec(agent::kPgLockStoreSchema, {}, "locking").status();
    if (status.ok()) status = Exec(kCreateTable, {}, "creating the permission table").status();
    (void)Exec(status.ok() ? "COMMIT" : "ROLLBACK", {}, "ending the transaction");
    return status;
  }

  StatusOr<std::vector<PermissionRule>> List(std::string_view datasource_id) const override {
    std::lock_guard lock(mu_);
    if (datasource_id.empty()) return Rows("SELECT body FROM permission_rules ORDER BY id", {});
    return Rows("SELECT body FROM permission_rules WHERE datasource_id = $1 ORDER BY id",
                {std::string(datasource_id)});
  }

  StatusOr<PermissionRule> Get(std::string_view id) const override {
    std::lock_guard lock(mu_);
    ASKDB_ASSIGN_OR_RETURN(
        std::vector<PermissionRule> rules,
        Rows("SELECT body FROM permission_rules WHERE id = $1", {std::string(id)}));
    if (rules.empty()) return NoRule(id);
    return rules.front();
  }

  StatusOr<PermissionRule> Put(const PermissionRule& input) override {
    std::lock_guard lock(mu_);
    std::vector<PermissionRule> existing;
    if (!input.id.empty()) {
      ASKDB_ASSIGN_OR_RETURN(existing,
                             Rows("SELECT body FROM permission_rules WHERE id = $1", {input.id}));
    }
    ASKDB_ASSIGN_OR_RETURN(PermissionRule rule,
                           Stamp(input, existing.empty() ? nullptr : &existing.front()));
    ASKDB_RETURN_IF_ERROR(
        Exec("INSERT INTO permission_rules (id, datasource_id, body, created_ms, updated_ms) "
             "VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO UPDATE SET "
             "datasource_id = EXCLUDED.datasource_id, body = EXCLUDED.body, "
             "updated_ms = EXCLUDED.updated_ms",
             {rule.id, rule.datasource_id, RuleToJson(rule).dump(), std::to_string(rule.created_ms),
              std::to_string(rule.updated_ms)},
             "saving permission rule " + rule.id)
            .status());
    return rule;
  }

  Status Delete(std::string_view id) override {
    std::lock_guard lock(mu_);
    ASKDB_ASSIGN_OR_RETURN(ResultPtr r, Exec("DELETE FROM permission_rules WHERE id = $1",
                                             {std::string(id)}, "deleting permission rule"));
    if (std::string(PQcmdTuples(r.get())) == "0") return NoRule(id);
    return Status::Ok();
  }

 private:
  // Connects when there is no usable connection (first call, or the last one broke).
  Status Connect() const {
    if (session_ != nullptr && !session_->broken()) return Status::Ok();
    session_.reset();
    ASKDB_ASSIGN_OR_RETURN(
        session_, db::postgres_internal::OpenPgStoreSession(
                      connection_.params, "the permission store " + connection_.display_url,
                      kConnectTimeout));
    return Status::Ok();
  }

  StatusOr<ResultPtr> Exec(const std::string& sql, const std::vector<std::string>& params,
                           const std::string& what) const {
    ASKDB_RETURN_IF_ERROR(Connect());
    std::vector<const char*> values;
    for (const std::string& p : params) values.push_back(p.c_str());
    ResultPtr r(PQexecParams(session_->conn(), sql.c_str(), static_cast<int>(values.size()),
                             nullptr, values.data(), nullptr, nullptr, 0));
    const ExecStatusType status = r != nullptr ? PQresultStatus(r.get()) : PGRES_FATAL_ERROR;
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return r;
    const std::string message =
        db::postgres_internal::TrimmedText(PQerrorMessage(session_->conn()));
    if (PQstatus(session_->conn()) != CONNECTION_OK) session_->MarkBroken();
    return UnavailableError(what + " in " + connection_.display_url + " failed: " + message);
  }

  StatusOr<std::vector<PermissionRule>> Rows(const std::string& sql,
                                             const std::vector<std::string>& params) const {
    ASKDB_ASSIGN_OR_RETURN(ResultPtr r, Exec(sql, params, "reading permission rules"));
    std::vector<PermissionRule> out;
    for (int i = 0; i < PQntuples(r.get()); ++i) {
      ASKDB_ASSIGN_OR_RETURN(PermissionRule rule, FromBody(PQgetvalue(r.get(), i, 0)));
      out.push_back(std::move(rule));
    }
    return out;
  }

  agent::PgStoreConnection connection_;
  mutable std::mutex mu_;
  mutable std::unique_ptr<Session> session_;
};

}  // namespace

StatusOr<std::unique_ptr<PermissionStore>> OpenSqlitePermissionStore(
    const std::filesystem::path& path, std::chrono::milliseconds busy_timeout) {
  sqlite3* db = nullptr;
  const int rc = sqlite3_open_v2(
      path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    std::string message = db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    sqlite3_close(db);
    return UnavailableError("cannot open the permission store " + path.string() + ": " + message +
                            "; check that its directory exists and is writable");
  }
  sqlite3_busy_timeout(db, static_cast<int>(busy_timeout.count()));
  char* err = nullptr;
  if (sqlite3_exec(db, kCreateTable, nullptr, nullptr, &err) != SQLITE_OK) {
    std::string message = err != nullptr ? err : "?";
    sqlite3_free(err);
    sqlite3_close(db);
    return UnavailableError("cannot create the permission table in " + path.string() + ": " +
                            message);
  }
  return std::unique_ptr<PermissionStore>(new SqlitePermissionStore(db, path.string()));
}

StatusOr<std::unique_ptr<PermissionStore>> OpenPostgresPermissionStore(std::string_view url) {
  ASKDB_ASSIGN_OR_RETURN(agent::PgStoreConnection connection,
                         agent::ParsePgStoreUrl(url, "permission store", "", kConnectTimeout,
                                                std::chrono::seconds(30)));
  auto store = std::make_unique<PostgresPermissionStore>(std::move(connection));
  ASKDB_RETURN_IF_ERROR(store->Init());
  return std::unique_ptr<PermissionStore>(std::move(store));
}

}  // namespace askdb::permissions
