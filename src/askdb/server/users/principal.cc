#include "askdb/server/users/principal.h"

#include <algorithm>

#include "askdb/server/security/api_keys.h"

namespace askdb::server::users {

bool Principal::MayRunAgent(std::string_view agent) const {
  if (MayEdit()) return true;
  return std::find(agents.begin(), agents.end(), agent) != agents.end();
}

std::string Principal::Actor() const {
  switch (kind) {
    case Kind::kUser:
      return "user:" + name;
    case Kind::kApiKey:
      return name;
    case Kind::kNoAuth:
      return "anonymous";
  }
  return "anonymous";
}

Json Principal::ToJson() const {
  Json attrs = Json::object();
  for (const auto& [k, v] : attributes) attrs[k] = v;
  const char* kinds[] = {"user", "api_key", "none"};
  return Json{
      {"name", name}, {"role", RoleName(role)},         {"kind", kinds[static_cast<int>(kind)]},
      {"via", via},   {"attributes", std::move(attrs)}, {"agents", agents}};
}

Principal PrincipalOf(const UserRecord& user, std::string_view via) {
  Principal p;
  p.kind = Principal::Kind::kUser;
  p.name = user.name;
  p.role = user.role;
  p.attributes = user.attributes;
  p.agents = user.agents;
  p.via = std::string(via);
  return p;
}

Principal PrincipalOfKey(std::string_view key_id, std::string_view scope) {
  Principal p;
  p.kind = Principal::Kind::kApiKey;
  p.name = "key:" + std::string(key_id);
  p.via = "key";
  if (scope == security::kAdminScope) {
    p.role = Role::kAdmin;
  } else {
    p.role = Role::kAnalyst;
    std::string_view agent = scope;
    if (agent.substr(0, security::kAgentScopePrefix.size()) == security::kAgentScopePrefix) {
      agent.remove_prefix(security::kAgentScopePrefix.size());
    }
    p.agents.emplace_back(agent);
  }
  return p;
}

std::optional<permissions::UserContext> Principal::DataUser() const {
  if (kind == Kind::kNoAuth) return std::nullopt;
  permissions::UserContext user;
  user.user_id = name;
  user.name = name;
  user.roles = {std::string(RoleName(role))};
  user.attributes = attributes;
  return user;
}

}  // namespace askdb::server::users
