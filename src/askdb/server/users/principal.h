// Principal: who a request or a command acts as, resolved once per request (issue 18):
// a signed-in user (password, session cookie or bearer token, trusted proxy header), or an
// API key, which acts as a user too — the admin key as an admin, an agent's key as an
// analyst granted that one agent.
//
// What each may do: admin everything; editor an agent's knowledge, semantic model, examples
// and relations, and asks every agent; analyst asks the agents granted to them.
//
// A plain value; thread-compatible.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/json.h"
#include "askdb/permissions/user_context.h"
#include "askdb/server/users/user_store.h"

namespace askdb::server::users {

struct Principal {
  enum class Kind { kUser, kApiKey, kNoAuth };
  Kind kind = Kind::kNoAuth;
  std::string name;  // the user's name; for a key "key:<id>"; "anonymous" without auth
  Role role = Role::kAdmin;
  std::map<std::string, std::string> attributes;
  std::vector<std::string> agents;  // analyst: agents granted
  std::string via;                  // "password", "session", "proxy", "key", "none"

  bool IsAdmin() const { return role == Role::kAdmin; }
  bool MayEdit() const { return role == Role::kAdmin || role == Role::kEditor; }
  bool MayRunAgent(std::string_view agent) const;
  // For the audit log: "user:NAME", "key:ID" or "anonymous".
  std::string Actor() const;
  // {"name","role","kind","via","attributes","agents"}.
  Json ToJson() const;
  // Who this is to the data permissions (permissions/): its name, role and attributes;
  // nobody (no rules apply) when the server runs without authentication.
  std::optional<permissions::UserContext> DataUser() const;
};

// The principal of a user record, signed in `via`.
Principal PrincipalOf(const UserRecord& user, std::string_view via);
// The principal of an API key's scope ("admin" or "agent:<id>").
Principal PrincipalOfKey(std::string_view key_id, std::string_view scope);

}  // namespace askdb::server::users
