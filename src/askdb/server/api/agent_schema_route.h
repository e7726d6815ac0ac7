// GET /api/v1/agents/{id}/schema: the tables and columns an agent may use, as the caller may
// see them (their data permissions, the agent's table selection), for the web chat's Tables
// button — the place an analyst, who may not open the admin pages, finds the names to ask
// with. Anyone who may run the agent may read it; another agent reads as unknown.
#pragma once

#include "askdb/server/api/mcp_backend.h"
#include "askdb/server/http.h"

namespace askdb::server::api {

inline constexpr std::string_view kAgentSchemaRoute = "/api/v1/agents/{id}/schema";

// {"agent", "datasource", "tables": [...]} (agent::SchemaListing), or the error's response.
HttpResponse AgentSchemaResponse(const McpBackendDeps& deps, const users::Principal& who,
                                 const HttpRequest& request);

}  // namespace askdb::server::api
