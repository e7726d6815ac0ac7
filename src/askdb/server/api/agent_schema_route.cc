#include "askdb/server/api/agent_schema_route.h"

#include "askdb/agent/ask/datasource.h"
#include "askdb/agent/ask/schema_listing.h"

namespace askdb::server::api {

HttpResponse AgentSchemaResponse(const McpBackendDeps& deps, const users::Principal& who,
                                 const HttpRequest& request) {
  // The MCP tools' view of an agent's data, so the chat lists what describe_schema shows.
  const McpBackend backend(deps, who);
  StatusOr<McpBackend::AgentSchema> view =
      backend.VisibleSchema(std::string(request.PathParam("id")));
  if (!view.ok()) return HttpResponse::FromStatus(view.status());
  const catalog::SemanticModel* model = view->prepared->model ? &*view->prepared->model : nullptr;
  Json body = agent::SchemaListing(view->schema, model);
  body["agent"] = view->agent;
  body["datasource"] = view->datasource;
  return HttpResponse::JsonBody(body);
}

}  // namespace askdb::server::api
