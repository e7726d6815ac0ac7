// UserStore: people who sign in to askdb (issue 18 item 1) — accounts, sign-in sessions and
// the audit log — in their own tables of the management database (SQLite by default,
// PostgreSQL for several server processes), beside the ManagementStore's tables.
//
// Tables (created when missing):
//   users(name PK, password_hash, role, attributes_json, agents_json, created_at_ms,
//         updated_at_ms)
//   user_sessions(token_hash PK, user_name, created_at_ms, expires_at_ms, client)
//   audit_log(id PK, at_ms, actor, action, target, detail, client)
// Only a hash of a session token is stored (user_sessions.token_hash); a password only as
// its Argon2id hash. Deleting a user deletes their sessions in the same transaction.
//
// Ownership: borrows the SqlManagementStore whose connection it uses (must outlive it).
// Thread-safe: every call runs under that store's lock.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/clock.h"
#include "askdb/common/json.h"
#include "askdb/common/status.h"

namespace askdb::server::store {
class ManagementStore;
class SqlManagementStore;
}  // namespace askdb::server::store

namespace askdb::server::users {

// admin: everything; editor: an agent's knowledge, semantic model, examples (and asks every
// agent); analyst: asks the agents granted to them.
enum class Role { kAdmin, kEditor, kAnalyst };

std::string_view RoleName(Role role);
// "admin", "editor" or "analyst"; InvalidArgument naming the three otherwise.
StatusOr<Role> ParseRole(std::string_view text);

struct UserRecord {
  std::string name;           // the id: 1..64 of [A-Za-z0-9_.@-]
  std::string password_hash;  // Argon2id; empty: no password sign-in (proxy sign-on only)
  Role role = Role::kAnalyst;
  std::map<std::string, std::string> attributes;  // region = 华东, department = sales
  std::vector<std::string> agents;                // analyst: the agents they may ask
  Clock::TimePoint created_at{};
  Clock::TimePoint updated_at{};
};

// The user as the API shows it: no password hash.
Json UserToJson(const UserRecord& user);

// OK for a valid user name; InvalidArgument saying what is allowed otherwise.
Status ValidateUserName(std::string_view name);
// Attribute names are identifiers ([A-Za-z_][A-Za-z0-9_]*, at most 64), as rules use them
// in {user.NAME}; values at most 1024 bytes.
Status ValidateAttributes(const std::map<std::string, std::string>& attributes);

struct LoginSession {
  std::string token_hash;  // hex SHA-256 of the token
  std::string user_name;
  Clock::TimePoint created_at{};
  Clock::TimePoint expires_at{};
  std::string client;  // the address it was created from
};

struct AuditEntry {
  std::string id;  // assigned by Append
  Clock::TimePoint at{};
  std::string actor;   // "user:NAME", "key:ID", "anonymous", "cli"
  std::string action;  // "sign_in_failed", "user_created", "permission_updated", ...
  std::string target;  // what it was done to ("user:ann", "datasource:default/rule:r1")
  std::string detail;  // short free text (never a secret)
  std::string client;  // the address, or "cli"
};

Json AuditToJson(const AuditEntry& entry);

class UserStore {
 public:
  // Uses `db`'s connection; creates the tables when missing. FailedPrecondition when `db`
  // is not one of askdb's SQL stores.
  static StatusOr<std::unique_ptr<UserStore>> Open(store::ManagementStore& db,
                                                   const Clock* clock = nullptr);

  // AlreadyExists for a taken name; InvalidArgument for a bad name or attributes.
  Status CreateUser(const UserRecord& user);
  StatusOr<UserRecord> GetUser(std::string_view name) const;  // NotFound
  StatusOr<std::vector<UserRecord>> ListUsers() const;        // by name
  // Replaces every field but name and created_at; NotFound.
  Status UpdateUser(const UserRecord& user);
  // Deletes the user and their sessions; NotFound.
  Status DeleteUser(std::string_view name);
  // Removes `agent` from every user's grants (the agent was deleted).
  Status RemoveAgentGrants(std::string_view agent);

  Status PutSession(const LoginSession& session);
  StatusOr<LoginSession> FindSession(std::string_view token_hash) const;  // NotFound
  Status DeleteSession(std::string_view token_hash);                      // no error if gone
  Status DeleteSessionsOf(std::string_view user_name);
  // Deletes expired sessions; how many.
  StatusOr<int64_t> DeleteExpiredSessions();

  // Stores `entry` with a fresh id and `at` = now when unset.
  Status Append(AuditEntry entry);
  // Newest first; at most `limit` (1..1000), skipping `offset`.
  StatusOr<std::vector<AuditEntry>> ListAudit(int64_t limit, int64_t offset = 0) const;

 private:
  UserStore(store::SqlManagementStore& db, const Clock* clock) : db_(db), clock_(clock) {}
  Clock::TimePoint Now() const;

  store::SqlManagementStore& db_;
  const Clock* clock_;
};

// OK when a data-permission rule granted to `grantee` can apply to someone: an account of
// that name (`is_user`), or the role editor or analyst (admin is exempt from every rule).
// InvalidArgument saying so otherwise: a mistyped grantee would store a rule that restricts
// nobody.
Status CheckRuleGrantee(const UserStore& store, bool is_user, std::string_view grantee);

}  // namespace askdb::server::users
