#include "askdb/server/api/agent_schema_route.h"

#include "askdb/agent/ask/datasource.h"
#include "askdb/agent/ask/schema_listing.h"
#include "askdb/server/api/run_agent.h"

namespace askdb::server::api {

HttpResponse AgentSchemaResponse(const McpBackendDeps& deps, const users::Principal& who,
                                 const HttpRequest& request) {
  // The MCP tools' view of an agent's data, so the chat lists what describe_schema shows.
  const std::string agent(request.PathParam("id"));
  // Checked here too so that the 404 points to this API's list, not MCP's tool.
  if (Status runnable = CheckRunnableAgent(who, agent, AgentsOf(*deps.store), AgentListHint::kHttp);
      !runnable.ok()) {
    return HttpResponse::FromStatus(runnable);
  }
  const McpBackend backend(deps, who);
  StatusOr<McpBackend::AgentSchema> view = backend.VisibleSchema(agent);
  if (!view.ok()) return HttpResponse::FromStatus(view.status());
  const catalog::SemanticModel* model = view->prepared->model ? &*view->prepared->model : nullptr;
  Json body = agent::SchemaListing(view->schema, model);
  body["agent"] = view->agent;
  body["datasource"] = view->datasource;
  return HttpResponse::JsonBody(body);
}

}  // namespace askdb::server::api
