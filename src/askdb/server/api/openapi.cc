// The OpenAPI 3.0 description of the routes registered by RegisterApiRoutes. Built from
// JSON literals so that it stays next to nothing but itself; api_server_test checks that
// every registered route is listed.
#include "askdb/server/api/api_server.h"

namespace askdb::server::api {
namespace {

Json ErrorResponse(std::string_view description) {
  return Json{
      {"description", description},
      {"content", {{"application/json", {{"schema", {{"$ref", "#/components/schemas/Error"}}}}}}}};
}

Json JsonResponse(std::string_view description, std::string_view schema_ref) {
  return Json{{"description", description},
              {"content",
               {{"application/json",
                 {{"schema", {{"$ref", "#/components/schemas/" + std::string(schema_ref)}}}}}}}};
}

Json RunErrors() {
  return Json{{"400", ErrorResponse("Bad input; the message names the field or position")},
              {"401", ErrorResponse("Missing or invalid API key")},
              {"403", ErrorResponse("The key's scope does not allow this route")},
              {"409", ErrorResponse("The thread already has a run in progress")},
              {"413", ErrorResponse("Request body too large")},
              {"429", ErrorResponse("Too many runs queued; see the Retry-After header")},
              {"503", ErrorResponse("The server is shutting down")},
              {"504", ErrorResponse("The run is still going; follow its stream")}};
}

Json QueryParam(std::string_view name, std::string_view type, std::string_view description) {
  return Json{{"name", name},
              {"in", "query"},
              {"required", false},
              {"description", description},
              {"schema", {{"type", type}}}};
}

Json IdParam() {
  return Json{{"name", "id"},
              {"in", "path"},
              {"required", true},
              {"description", "The run's thread id"},
              {"schema", {{"type", "string"}}}};
}

Json JsonBody(Json schema) {
  return Json{{"required", true},
              {"content", {{"application/json", {{"schema", std::move(schema)}}}}}};
}

}  // namespace

Json BuildOpenApiDocument() {
  Json doc = Json::object();
  doc["openapi"] = "3.0.3";
  doc["info"] = {{"title", "askdb run API"},
                 {"version", "1"},
                 {"description",
                  "Ask questions of a database through the askdb agent; stream a run's "
                  "events as Server-Sent Events."}};
  doc["security"] = Json::array({{{"bearer", Json::array()}}, {{"apiKey", Json::array()}}});

  Json paths = Json::object();
  {
    Json op{
        {"summary", "Answer a question and wait for the result"},
        {"operationId", "ask"},
        {"requestBody",
         JsonBody({{"type", "object"},
                   {"required", {"query"}},
                   {"properties",
                    {{"query", {{"type", "string"}}},
                     {"thread_id",
                      {{"type", "string"},
                       {"description", "Continue this conversation; new one when absent"}}}}}})},
        {"responses", RunErrors()}};
    op["responses"]["200"] = JsonResponse("The pipeline's result", "RunResult");
    paths["/api/v1/ask"]["post"] = std::move(op);
  }
  {
    Json params = Json::array(
        {QueryParam("query", "string", "The question (not needed with humanFeedback=true)"),
         QueryParam("threadId", "string", "Conversation/run id; joins a live run of this thread"),
         QueryParam("humanFeedback", "boolean",
                    "Continue the interrupted run of threadId instead of asking"),
         QueryParam("feedbackContent", "string",
                    "The answer to the interrupt: 'approve' (default) or a comment"),
         QueryParam("rejectedPlan", "boolean", "Reject the plan: sends 'reject: <feedback>'"),
         QueryParam("nl2sqlOnly", "boolean", "Accepted for compatibility; no effect yet"),
         QueryParam("detached", "boolean", "Keep the run going when the client disconnects"),
         Json{{"name", "Last-Event-ID"},
              {"in", "header"},
              {"required", false},
              {"description", "Replay the run's events after this id"},
              {"schema", {{"type", "integer"}}}}});
    Json op{{"summary", "Run a question and stream its events (SSE)"},
            {"operationId", "streamSearch"},
            {"parameters", std::move(params)},
            {"responses", RunErrors()}};
    op["responses"]["200"] = {
        {"description",
         "text/event-stream: one frame per agent event (classification, sql, rows, chart, "
         "text_delta, interrupt, usage, done, ...) then result | run_error | cancelled"},
        {"content", {{"text/event-stream", {{"schema", {{"type", "string"}}}}}}}};
    op["responses"]["404"] = ErrorResponse("No run to resume from Last-Event-ID");
    paths["/api/v1/stream/search"]["get"] = std::move(op);
  }
  {
    Json op{{"summary", "Answer an interrupted run (clarification or plan approval)"},
            {"operationId", "resumeRun"},
            {"parameters", Json::array({IdParam()})},
            {"requestBody", JsonBody({{"type", "object"},
                                      {"required", {"answer"}},
                                      {"properties", {{"answer", {{"type", "string"}}}}}})},
            {"responses", RunErrors()}};
    op["responses"]["200"] = JsonResponse("The pipeline's result", "RunResult");
    paths["/api/v1/runs/{id}/resume"]["post"] = std::move(op);
  }
  {
    Json op{{"summary", "Cancel a live run"},
            {"operationId", "cancelRun"},
            {"parameters", Json::array({IdParam()})},
            {"responses",
             {{"200", {{"description", "Cancelled"}}},
              {"401", ErrorResponse("Missing or invalid API key")},
              {"404", ErrorResponse("No such run")},
              {"409", ErrorResponse("The run already finished")}}}};
    paths["/api/v1/runs/{id}/cancel"]["post"] = std::move(op);
  }
  paths["/api/v1/runs"]["get"] = {
      {"summary", "Live and recently finished runs (admin key)"},
      {"operationId", "listRuns"},
      {"responses",
       {{"200", {{"description", "{\"runs\": [{thread_id, state, events, detached}]}"}}},
        {"401", ErrorResponse("Missing or invalid API key")},
        {"403", ErrorResponse("Needs an admin key")}}}};
  paths["/api/v1/openapi.json"]["get"] = {{"summary", "This document"},
                                          {"operationId", "openapi"},
                                          {"responses", {{"200", {{"description", "OpenAPI"}}}}}};
  const Json no_auth = Json::array();
  paths["/healthz"]["get"] = {{"summary", "The process is up"},
                              {"security", no_auth},
                              {"responses", {{"200", {{"description", "ok"}}}}}};
  paths["/readyz"]["get"] = {
      {"summary", "Datasource prepared and checkpoint store reachable"},
      {"security", no_auth},
      {"responses", {{"200", {{"description", "ready"}}}, {"503", ErrorResponse("Not ready")}}}};
  paths["/metrics"]["get"] = {{"summary", "Prometheus metrics (text format 0.0.4)"},
                              {"security", no_auth},
                              {"responses", {{"200", {{"description", "metrics"}}}}}};
  doc["paths"] = std::move(paths);

  doc["components"] = {
      {"securitySchemes",
       {{"bearer", {{"type", "http"}, {"scheme", "bearer"}}},
        {"apiKey", {{"type", "apiKey"}, {"in", "header"}, {"name", "X-API-Key"}}}}},
      {"schemas",
       {{"Error",
         {{"type", "object"},
          {"properties",
           {{"error",
             {{"type", "object"},
              {"properties",
               {{"code", {{"type", "string"}}}, {"message", {{"type", "string"}}}}}}}}}}},
        {"RunResult",
         {{"type", "object"},
          {"description", "PipelineResult::ToJson"},
          {"properties",
           {{"thread_id", {{"type", "string"}}},
            {"route", {{"type", "string"}}},
            {"answer", {{"type", "string"}}},
            {"sql", {{"type", "string"}}},
            {"result", {{"type", "object"}}},
            {"chart", {{"type", "object"}}},
            {"llm_calls", {{"type", "integer"}}},
            {"cache_hit", {{"type", "boolean"}}},
            {"error", {{"type", "string"}}},
            {"interrupt", {{"type", "object"}}}}}}}}}};
  return doc;
}

}  // namespace askdb::server::api
