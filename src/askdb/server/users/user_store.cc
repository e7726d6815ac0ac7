#include "askdb/server/users/user_store.h"

#include <algorithm>
#include <utility>

#include "askdb/server/security/sodium_util.h"
#include "askdb/server/store/management_store.h"
#include "askdb/server/store/sql_management_store.h"
#include "askdb/server/store/store_rules.h"

namespace askdb::server::users {
namespace {

using store::SqlStatement;
using StepResult = SqlStatement::StepResult;
using PrepareFn = store::SqlManagementStore::PrepareFn;

constexpr size_t kMaxNameBytes = 64;
constexpr size_t kMaxAttributeNameBytes = 64;
constexpr size_t kMaxAttributeValueBytes = 1024;
constexpr int64_t kMaxAuditPage = 1000;

// BIGINT and TEXT read the same in SQLite and PostgreSQL, so one schema serves both.
constexpr const char* kCreateTables[] = {
    "CREATE TABLE IF NOT EXISTS users (name TEXT PRIMARY KEY, password_hash TEXT NOT NULL,"
    " role TEXT NOT NULL, attributes_json TEXT NOT NULL, agents_json TEXT NOT NULL,"
    " created_at_ms BIGINT NOT NULL, updated_at_ms BIGINT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS user_sessions (token_hash TEXT PRIMARY KEY,"
    " user_name TEXT NOT NULL, created_at_ms BIGINT NOT NULL, expires_at_ms BIGINT NOT NULL,"
    " client TEXT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS user_sessions_by_user ON user_sessions(user_name)",
    "CREATE TABLE IF NOT EXISTS audit_log (id TEXT PRIMARY KEY, at_ms BIGINT NOT NULL,"
    " actor TEXT NOT NULL, action TEXT NOT NULL, target TEXT NOT NULL, detail TEXT NOT NULL,"
    " client TEXT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS audit_log_by_time ON audit_log(at_ms)",
};

constexpr const char* kUserColumns =
    "name, password_hash, role, attributes_json, agents_json, created_at_ms, updated_at_ms";

Status Prepared(const std::unique_ptr<SqlStatement>& s) { return s->prepared(); }

UserRecord ReadUser(const SqlStatement& s) {
  UserRecord u;
  u.name = s.ColText(0);
  u.password_hash = s.ColText(1);
  StatusOr<Role> role = ParseRole(s.ColText(2));
  u.role = role.ok() ? *role : Role::kAnalyst;
  Json attributes = Json::parse(s.ColText(3), nullptr, /*allow_exceptions=*/false);
  if (attributes.is_object()) {
    for (const auto& [k, v] : attributes.items()) {
      if (v.is_string()) u.attributes[k] = v.get<std::string>();
    }
  }
  Json agents = Json::parse(s.ColText(4), nullptr, false);
  if (agents.is_array()) {
    for (const Json& a : agents) {
      if (a.is_string()) u.agents.push_back(a.get<std::string>());
    }
  }
  u.created_at = store::rules::FromMs(s.ColInt(5));
  u.updated_at = store::rules::FromMs(s.ColInt(6));
  return u;
}

std::string AttributesJson(const UserRecord& u) {
  Json j = Json::object();
  for (const auto& [k, v] : u.attributes) j[k] = v;
  return j.dump();
}

std::string AgentsJson(const UserRecord& u) {
  Json j = Json::array();
  for (const std::string& a : u.agents) j.push_back(a);
  return j.dump();
}

StatusOr<std::vector<UserRecord>> ReadUsers(SqlStatement& s) {
  std::vector<UserRecord> out;
  for (;;) {
    const StepResult rc = s.Step();
    if (rc == StepResult::kDone) return out;
    if (rc == StepResult::kError) return s.StepError("reading users");
    out.push_back(ReadUser(s));
  }
}

bool NameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '.' || c == '@' || c == '-';
}

}  // namespace

std::string_view RoleName(Role role) {
  switch (role) {
    case Role::kAdmin:
      return "admin";
    case Role::kEditor:
      return "editor";
    case Role::kAnalyst:
      return "analyst";
  }
  return "analyst";
}

StatusOr<Role> ParseRole(std::string_view text) {
  for (Role r : {Role::kAdmin, Role::kEditor, Role::kAnalyst}) {
    if (text == RoleName(r)) return r;
  }
  return InvalidArgumentError("role must be admin, editor or analyst, got '" + std::string(text) +
                              "'");
}

Json UserToJson(const UserRecord& user) {
  Json attributes = Json::object();
  for (const auto& [k, v] : user.attributes) attributes[k] = v;
  return Json{{"name", user.name},
              {"role", RoleName(user.role)},
              {"attributes", std::move(attributes)},
              {"agents", user.agents},
              {"has_password", !user.password_hash.empty()},
              {"created_at", store::FormatTime(user.created_at)},
              {"updated_at", store::FormatTime(user.updated_at)}};
}

Json AuditToJson(const AuditEntry& e) {
  return Json{{"id", e.id},         {"at", store::FormatTime(e.at)},
              {"actor", e.actor},   {"action", e.action},
              {"target", e.target}, {"detail", e.detail},
              {"client", e.client}};
}

Status ValidateUserName(std::string_view name) {
  if (name.empty() || name.size() > kMaxNameBytes ||
      !std::all_of(name.begin(), name.end(), NameChar)) {
    return InvalidArgumentError("user name must be 1 to 64 of A-Z a-z 0-9 _ . @ -, got '" +
                                std::string(name.substr(0, kMaxNameBytes)) + "'");
  }
  return Status::Ok();
}

Status ValidateAttributes(const std::map<std::string, std::string>& attributes) {
  for (const auto& [k, v] : attributes) {
    const bool identifier = !k.empty() && k.size() <= kMaxAttributeNameBytes &&
                            !(k[0] >= '0' && k[0] <= '9') &&
                            std::all_of(k.begin(), k.end(), [](char c) {
                              return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                                     (c >= '0' && c <= '9') || c == '_';
                            });
    if (!identifier) {
      return InvalidArgumentError("attribute name '" + k.substr(0, kMaxAttributeNameBytes) +
                                  "' must be an identifier (letters, digits, _; at most 64), as "
                                  "rules use it in {user." +
                                  "NAME}");
    }
    if (v.size() > kMaxAttributeValueBytes) {
      return InvalidArgumentError("attribute '" + k + "' is longer than 1024 bytes");
    }
  }
  return Status::Ok();
}

StatusOr<std::unique_ptr<UserStore>> UserStore::Open(store::ManagementStore& db,
                                                     const Clock* clock) {
  ASKDB_ASSIGN_OR_RETURN(
      store::SqlManagementStore * sql,
      store::SqlManagementStore::WithTables(
          db, "users",
          std::vector<const char*>(std::begin(kCreateTables), std::end(kCreateTables))));
  return std::unique_ptr<UserStore>(new UserStore(*sql, clock));
}

Clock::TimePoint UserStore::Now() const {
  return clock_ != nullptr ? clock_->Now() : Clock::System().Now();
}

Status UserStore::CreateUser(const UserRecord& user) {
  ASKDB_RETURN_IF_ERROR(ValidateUserName(user.name));
  ASKDB_RETURN_IF_ERROR(ValidateAttributes(user.attributes));
  const int64_t now = store::rules::ToMs(Now());
  return db_.WriteWith([&](const PrepareFn& prepare) -> Status {
    auto find = prepare("SELECT name FROM users WHERE name = ?");
    ASKDB_RETURN_IF_ERROR(Prepared(find));
    find->Text(user.name);
    const StepResult rc = find->Step();
    if (rc == StepResult::kError) return find->StepError("looking up a user");
    if (rc == StepResult::kRow) {
      return AlreadyExistsError("user '" + user.name + "' already exists; choose another name");
    }
    auto insert =
        prepare("INSERT INTO users(" + std::string(kUserColumns) + ") VALUES (?,?,?,?,?,?,?)");
    ASKDB_RETURN_IF_ERROR(Prepared(insert));
    insert->Text(user.name)
        .Text(user.password_hash)
        .Text(RoleName(user.role))
        .Text(AttributesJson(user))
        .Text(AgentsJson(user))
        .Int(now)
        .Int(now);
    return insert->Run("creating a user");
  });
}

StatusOr<UserRecord> UserStore::GetUser(std::string_view name) const {
  std::optional<UserRecord> found;
  ASKDB_RETURN_IF_ERROR(db_.ReadWith([&](const PrepareFn& prepare) -> Status {
    auto s = prepare("SELECT " + std::string(kUserColumns) + " FROM users WHERE name = ?");
    ASKDB_RETURN_IF_ERROR(Prepared(s));
    s->Text(name);
    ASKDB_ASSIGN_OR_RETURN(std::vector<UserRecord> rows, ReadUsers(*s));
    if (!rows.empty()) found = std::move(rows.front());
    return Status::Ok();
  }));
  if (!found) return NotFoundError("no user '" + std::string(name) + "'");
  return *std::move(found);
}

StatusOr<std::vector<UserRecord>> UserStore::ListUsers() const {
  std::vector<UserRecord> out;
  ASKDB_RETURN_IF_ERROR(db_.ReadWith([&](const PrepareFn& prepare) -> Status {
    auto s = prepare("SELECT " + std::string(kUserColumns) + " FROM users ORDER BY name");
    ASKDB_RETURN_IF_ERROR(Prepared(s));
    ASKDB_ASSIGN_OR_RETURN(out, ReadUsers(*s));
    return Status::Ok();
  }));
  return out;
}

Status UserStore::UpdateUser(const UserRecord& user) {
  ASKDB_RETURN_IF_ERROR(ValidateAttributes(user.attributes));
  const int64_t now = store::rules::ToMs(Now());
  return db_.WriteWith([&](const PrepareFn& prepare) -> Status {
    auto s = prepare(
        "UPDATE users SET password_hash = ?, role = ?, attributes_json = ?, agents_json = ?,"
        " updated_at_ms = ? WHERE name = ?");
    ASKDB_RETURN_IF_ERROR(Prepared(s));
    s->Text(user.password_hash)
        .Text(RoleName(user.role))
        .Text(AttributesJson(user))
        .Text(AgentsJson(user))
        .Int(now)
        .Text(user.name);
    ASKDB_RETURN_IF_ERROR(s->Run("updating a user"));
    if (s->Changes() == 0) return NotFoundError("no user '" + user.name + "'");
    return Status::Ok();
  });
}

Status UserStore::DeleteUser(std::string_view name) {
  return db_.WriteWith([&](const PrepareFn& prepare) -> Status {
    auto s = prepare("DELETE FROM users WHERE name = ?");
    ASKDB_RETURN_IF_ERROR(Prepared(s));
    s->Text(name);
    ASKDB_RETURN_IF_ERROR(s->Run("deleting a user"));
    if (s->Changes() == 0) return NotFoundError("no user '" + std::string(name) + "'");
    auto sessions = prepare("DELETE FROM user_sessions WHERE user_name = ?");
    ASKDB_RETURN_IF_ERROR(Prepared(sessions));
    sessions->Text(name);
    return sessions->Run("deleting a user's sessions");
  });
}

Status UserStore::RemoveAgentGrants(std::string_view agent) {
  ASKDB_ASSIGN_OR_RETURN(std::vector<UserRecord> users, ListUsers());
  for (UserRecord& u : users) {
    auto it = std::find(u.agents.begin(), u.agents.end(), agent);
    if (it == u.agents.end()) continue;
    u.agents.erase(it);
    ASKDB_RETURN_IF_ERROR(UpdateUser(u));
  }
  return Status::Ok();
}

Status UserStore::PutSession(const LoginSession& session) {
  return db_.WriteWith([&](const PrepareFn& prepare) -> Status {
    auto s = prepare(
        "INSERT INTO user_sessions(token_hash, user_name, created_at_ms, expires_at_ms, client)"
        " VALUES (?,?,?,?,?)");
    ASKDB_RETURN_IF_ERROR(Prepared(s));
    s->Text(session.token_hash)
        .Text(session.user_name)
        .Int(store::rules::ToMs(session.created_at))
        .Int(store::rules::ToMs(session.expires_at))
        .Text(session.client);
    return s->Run("storing a sign-in session");
  });
}

StatusOr<LoginSession> UserStore::FindSession(std::string_view token_hash) const {
  std::optional<LoginSession> found;
  ASKDB_RETURN_IF_ERROR(db_.ReadWith([&](const PrepareFn& prepare) -> Status {
    auto s = prepare(
        "SELECT token_hash, user_name, created_at_ms, expires_at_ms, client FROM user_sessions"
        " WHERE token_hash = ?");
    ASKDB_RETURN_IF_ERROR(Prepared(s));
    s->Text(token_hash);
    const StepResult rc = s->Step();
    if (rc == StepResult::kError) return s->StepError("reading a sign-in session");
    if (rc == StepResult::kRow) {
      found = LoginSession{s->ColText(0), s->ColText(1), store::rules::FromMs(s->ColInt(2)),
                           store::rules::FromMs(s->ColInt(3)), s->ColText(4)};
    }
    return Status::Ok();
  }));
  if (!found) return NotFoundError("no such sign-in session");
  return *std::move(found);
}

Status UserStore::DeleteSession(std::string_view token_hash) {
  return db_.WriteWith([&](const PrepareFn& prepare) -> Status {
    auto s = prepare("DELETE FROM user_sessions WHERE token_hash = ?");
    ASKDB_RETURN_IF_ERROR(Prepared(s));
    s->Text(token_hash);
    return s->Run("ending a sign-in session");
  });
}

Status UserStore::DeleteSessionsOf(std::string_view user_name) {
  return db_.WriteWith([&](const PrepareFn& prepare) -> Status {
    auto s = prepare("DELETE FROM user_sessions WHERE user_name = ?");
    ASKDB_RETURN_IF_ERROR(Prepared(s));
    s->Text(user_name);
    return s->Run("ending a user's sessions");
  });
}

StatusOr<int64_t> UserStore::DeleteExpiredSessions() {
  int64_t removed = 0;
  const int64_t now = store::rules::ToMs(Now());
  ASKDB_RETURN_IF_ERROR(db_.WriteWith([&](const PrepareFn& prepare) -> Status {
    auto s = prepare("DELETE FROM user_sessions WHERE expires_at_ms <= ?");
    ASKDB_RETURN_IF_ERROR(Prepared(s));
    s->Int(now);
    ASKDB_RETURN_IF_ERROR(s->Run("removing expired sessions"));
    removed = s->Changes();
    return Status::Ok();
  }));
  return removed;
}

Status UserStore::Append(AuditEntry entry) {
  if (entry.at == Clock::TimePoint{}) entry.at = Now();
  // Time first, so ids sort like the log; random after, so two processes never collide.
  entry.id = std::to_string(store::rules::ToMs(entry.at)) + "-" + security::RandomHex(6);
  return db_.WriteWith([&](const PrepareFn& prepare) -> Status {
    auto s = prepare(
        "INSERT INTO audit_log(id, at_ms, actor, action, target, detail, client)"
        " VALUES (?,?,?,?,?,?,?)");
    ASKDB_RETURN_IF_ERROR(Prepared(s));
    s->Text(entry.id)
        .Int(store::rules::ToMs(entry.at))
        .Text(entry.actor)
        .Text(entry.action)
        .Text(entry.target)
        .Text(entry.detail)
        .Text(entry.client);
    return s->Run("writing the audit log");
  });
}

StatusOr<std::vector<AuditEntry>> UserStore::ListAudit(int64_t limit, int64_t offset) const {
  if (limit < 1 || limit > kMaxAuditPage || offset < 0) {
    return InvalidArgumentError("audit limit must be 1..1000 and offset >= 0");
  }
  std::vector<AuditEntry> out;
  ASKDB_RETURN_IF_ERROR(db_.ReadWith([&](const PrepareFn& prepare) -> Status {
    auto s = prepare(
        "SELECT id, at_ms, actor, action, target, detail, client FROM audit_log"
        " ORDER BY at_ms DESC, id DESC LIMIT ? OFFSET ?");
    ASKDB_RETURN_IF_ERROR(Prepared(s));
    s->Int(limit).Int(offset);
    for (;;) {
      const StepResult rc = s->Step();
      if (rc == StepResult::kDone) return Status::Ok();
      if (rc == StepResult::kError) return s->StepError("reading the audit log");
      out.push_back(AuditEntry{s->ColText(0), store::rules::FromMs(s->ColInt(1)), s->ColText(2),
                               s->ColText(3), s->ColText(4), s->ColText(5), s->ColText(6)});
    }
  }));
  return out;
}

Status CheckRuleGrantee(const UserStore& store, bool is_user, std::string_view grantee) {
  if (is_user) {
    StatusOr<UserRecord> user = store.GetUser(grantee);
    if (user.ok()) return Status::Ok();
    if (user.status().code() != StatusCode::kNotFound) return user.status();
    return InvalidArgumentError("there is no user '" + std::string(grantee) +
                                "' to grant the rule to; askdb users list names the accounts");
  }
  StatusOr<Role> role = ParseRole(grantee);
  if (!role.ok()) {
    return InvalidArgumentError("there is no role '" + std::string(grantee) +
                                "' to grant the rule to; rules apply to the roles editor and "
                                "analyst (an agent's API key acts as analyst)");
  }
  if (*role == Role::kAdmin) {
    return InvalidArgumentError(
        "a rule granted to role admin would never apply: admins are exempt from data "
        "permissions; grant it to editor, analyst or a user");
  }
  return Status::Ok();
}

}  // namespace askdb::server::users
