// Which agent a run uses, one rule for the HTTP API and MCP: an agent the caller may not run
// reads exactly like an unknown one, and a run that names no agent runs the server's default
// agent, else the caller's one granted agent — never a guess among several (the first of a
// list the Users page orders by clicks switched an analyst's unnamed runs to another agent).
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "askdb/common/status.h"
#include "askdb/server/store/management_store.h"
#include "askdb/server/users/principal.h"

namespace askdb::server::api {

// Where a refusal points the caller for the agents they may use.
enum class AgentListHint {
  kHttp,  // GET /api/v1/me
  kMcp,   // the list_agents tool
};

// Whether an agent id names an agent of this server.
using AgentExists = std::function<StatusOr<bool>(const std::string& agent)>;

// The agents of `store` (which must outlive the function).
AgentExists AgentsOf(const store::ManagementStore& store);

// Ok when `agent` exists and `who` may run it; otherwise the same NotFound for both, so that
// nothing tells another agent exists.
Status CheckRunnableAgent(const users::Principal& who, const std::string& agent,
                          const AgentExists& exists, AgentListHint hint);

// The agent of a run naming none: `default_agent` when `who` may run it; else the one agent
// granted to them that exists. None: PermissionDenied; several: InvalidArgument naming them
// and `field`, the request's name for the agent ("agent_id", "agent").
StatusOr<std::string> UnnamedRunAgent(const users::Principal& who, const std::string& default_agent,
                                      const AgentExists& exists, std::string_view field);

}  // namespace askdb::server::api
