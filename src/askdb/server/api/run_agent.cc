#include "askdb/server/api/run_agent.h"

#include <vector>

namespace askdb::server::api {
namespace {

std::string NoSuchAgent(const std::string& agent, AgentListHint hint) {
  const char* where = hint == AgentListHint::kHttp ? "GET /api/v1/me names the agents you may ask"
                                                   : "list_agents names the agents you may use";
  return "no agent '" + agent + "' for this key: " + std::string(where);
}

}  // namespace

AgentExists AgentsOf(const store::ManagementStore& store) {
  return [&store](const std::string& agent) -> StatusOr<bool> {
    StatusOr<store::AgentRecord> found = store.GetAgent(agent);
    if (found.status().code() == StatusCode::kNotFound) return false;
    ASKDB_RETURN_IF_ERROR(found.status());
    return true;
  };
}

Status CheckRunnableAgent(const users::Principal& who, const std::string& agent,
                          const AgentExists& exists, AgentListHint hint) {
  // Permission first: an agent the caller may not run is not even looked up.
  if (!who.MayRunAgent(agent)) return NotFoundError(NoSuchAgent(agent, hint));
  ASKDB_ASSIGN_OR_RETURN(const bool found, exists(agent));
  if (!found) return NotFoundError(NoSuchAgent(agent, hint));
  return Status::Ok();
}

StatusOr<std::string> UnnamedRunAgent(const users::Principal& who, const std::string& default_agent,
                                      const AgentExists& exists, std::string_view field) {
  if (who.MayRunAgent(default_agent)) return default_agent;
  // A grant may outlive its agent (deleted since): only the agents that exist count.
  std::vector<std::string> granted;
  for (const std::string& agent : who.agents) {
    ASKDB_ASSIGN_OR_RETURN(const bool found, exists(agent));
    if (found) granted.push_back(agent);
  }
  if (granted.size() == 1) return granted.front();
  if (granted.empty()) {
    return PermissionDeniedError(who.Actor() + " may ask no agent; an admin grants one");
  }
  std::string names;
  for (const std::string& agent : granted) names += (names.empty() ? "" : ", ") + agent;
  return InvalidArgumentError("name " + std::string(field) + ": you may ask " + names);
}

}  // namespace askdb::server::api
