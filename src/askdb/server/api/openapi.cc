// The OpenAPI 3.0 description of the routes registered by RegisterApiRoutes. Built from
// JSON literals so that it stays next to nothing but itself; api_server_test checks that
// every registered route is listed.
#include <string>
#include <vector>

#include "askdb/agent/ask/question_check.h"
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
              {"406", ErrorResponse("Accept names only text/event-stream: stream a run with GET "
                                    "/api/v1/stream/search")},
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

Json Str() { return Json{{"type", "string"}}; }
Json Bool() { return Json{{"type", "boolean"}}; }
Json StrArray() { return Json{{"type", "array"}, {"items", Str()}}; }
Json Object(Json properties, std::vector<std::string> required = {}) {
  Json schema{{"type", "object"}, {"properties", std::move(properties)}};
  if (!required.empty()) schema["required"] = required;
  return schema;
}
// `body` without the properties `fields` (an update's body: the path names the record).
Json Without(Json body, std::initializer_list<std::string_view> fields) {
  for (std::string_view field : fields) body["properties"].erase(std::string(field));
  return body;
}
Json ReadOnly(Json schema) {
  schema["readOnly"] = true;
  return schema;
}
// An update's body: `body` without `fields`, and with the read-only `fields` GET returns,
// which the server accepts and ignores (an object read with GET can be sent back as it is).
Json UpdateBody(Json body, std::initializer_list<std::string_view> without,
                std::initializer_list<std::string_view> read_only) {
  body = Without(std::move(body), without);
  for (std::string_view field : read_only) {
    const Json schema =
        field == "has_password" || field == "has_api_key" || field == "active" || field == "deleted"
            ? Json{{"type", "boolean"}}
        : field == "chunks" || field.ends_with("_ms") ? Json{{"type", "integer"}}
                                                      : Json{{"type", "string"}};
    body["properties"][std::string(field)] = ReadOnly(schema);
  }
  return body;
}
Json Ref(std::string_view name) {
  return Json{{"$ref", "#/components/schemas/" + std::string(name)}};
}

// One management operation: admin key, path parameters from the `{name}`s in `path`.
struct ManagementOp {
  const char* method;
  std::string path;
  const char* summary;
  Json request;  // null: no body
  int success;
  const char* answer;  // description of the success body
  Json answer_schema;  // null: none
};

// Agents, their API keys (and users' keys) and question-SQL examples.
std::vector<ManagementOp> AgentOps() {
  const Json agent_body =
      Object({{"id", Str()},
              {"name", Str()},
              {"instructions", Str()},
              {"datasource_id", Str()},
              {"selected_tables", StrArray()},
              {"language", {{"type", "string"}, {"enum", {"auto", "zh", "en"}}}},
              {"plan_review", {{"type", "boolean"}, {"nullable", true}}},
              {"fast_mode", Bool()},
              {"preset_questions", StrArray()}});
  const Json list = Object({});
  return {
      {"get", "/api/v1/agents", "List agents", nullptr, 200, "{\"agents\": [Agent]}", list},
      {"post", "/api/v1/agents", "Create an agent", agent_body, 201, "The agent", Ref("Agent")},
      {"get", "/api/v1/agents/{id}", "Get an agent", nullptr, 200, "The agent", Ref("Agent")},
      {"put", "/api/v1/agents/{id}", "Change an agent (fields given replace)",
       UpdateBody(agent_body, {"id"}, {"id", "created_at", "updated_at"}), 200, "The agent",
       Ref("Agent")},
      {"delete", "/api/v1/agents/{id}", "Delete an agent, its examples, sessions and keys", nullptr,
       204, "Deleted", nullptr},
      {"get", "/api/v1/agents/{id}/keys", "List the agent's API keys (no secrets)", nullptr, 200,
       "{\"keys\": [{id, scope, created_at, last4, revoked}]}", list},
      {"post", "/api/v1/agents/{id}/keys", "Issue an API key for the agent (shown once)", nullptr,
       201, "{id, scope, created_at, last4, revoked, key}", list},
      {"delete", "/api/v1/agents/{id}/keys/{key_id}", "Revoke a key", nullptr, 204, "Revoked",
       nullptr},
      {"get", "/api/v1/users/{name}/keys", "List the API keys tied to a user (no secrets)", nullptr,
       200, "{\"keys\": [{id, scope, created_at, last4, revoked}]}", list},
      {"post", "/api/v1/users/{name}/keys",
       "Issue an API key that acts as the user (scope user:<name>: their agents and data "
       "permissions; shown once)",
       nullptr, 201, "{id, scope, created_at, last4, revoked, key}", list},
      {"delete", "/api/v1/users/{name}/keys/{key_id}", "Revoke a user's key", nullptr, 204,
       "Revoked", nullptr},
      {"get", "/api/v1/agents/{id}/examples", "List question-SQL examples", nullptr, 200,
       "{\"examples\": [Example]}", list},
      {"post", "/api/v1/agents/{id}/examples", "Add an example",
       Object({{"id", Str()}, {"question", Str()}, {"sql", Str()}}, {"question", "sql"}), 201,
       "The example", Ref("Example")},
      {"get", "/api/v1/agents/{id}/examples/{example_id}", "Get an example", nullptr, 200,
       "The example", Ref("Example")},
      {"put", "/api/v1/agents/{id}/examples/{example_id}", "Change an example",
       UpdateBody(Object({{"question", Str()}, {"sql", Str()}}), {},
                  {"id", "agent_id", "created_at"}),
       200, "The example", Ref("Example")},
      {"delete", "/api/v1/agents/{id}/examples/{example_id}", "Delete an example", nullptr, 204,
       "Deleted", nullptr},
  };
}

// Datasources: their connection, a connection test and their tables.
std::vector<ManagementOp> DatasourceOps() {
  const Json datasource_body = Object(
      {{"id", Str()},
       {"name", Str()},
       {"url", Str()},
       {"password", {{"type", "string"}, {"description", "Sealed at rest; never returned"}}}});
  Json datasource_create_body = datasource_body;
  datasource_create_body["properties"]["test"] = {
      {"type", "boolean"},
      {"description", "Connect first; on failure 409 failed_precondition and nothing is saved"}};
  const Json list = Object({});
  return {
      {"get", "/api/v1/datasources", "List datasources", nullptr, 200,
       "{\"datasources\": [Datasource]}", list},
      {"post", "/api/v1/datasources", "Create a datasource", datasource_create_body, 201,
       "The datasource", Ref("Datasource")},
      {"get", "/api/v1/datasources/{id}", "Get a datasource", nullptr, 200, "The datasource",
       Ref("Datasource")},
      {"put", "/api/v1/datasources/{id}", "Change a datasource (password \"\" removes it)",
       UpdateBody(datasource_body, {"id"}, {"id", "has_password", "created_at", "updated_at"}), 200,
       "The datasource", Ref("Datasource")},
      {"delete", "/api/v1/datasources/{id}", "Delete a datasource no agent is bound to", nullptr,
       204, "Deleted", nullptr},
      {"post", "/api/v1/datasources/{id}/test", "Connect and run SELECT 1", nullptr, 200,
       "{\"ok\": true, engine, latency_ms} or {\"ok\": false, \"error\": {code, message}}", list},
      {"get", "/api/v1/datasources/{id}/tables", "Tables (introspection)", nullptr, 200,
       "{engine, tables: [{name, schema, comment, columns, row_count, "
       "foreign_keys: [{columns, ref_table, ref_columns}]}]}",
       list},
      {"get", "/api/v1/datasources/{id}/tables/{table}/columns", "Columns of a table", nullptr, 200,
       "{table, columns: [{name, type, nullable, primary_key, comment}]}", list},
  };
}

// A datasource's semantic model (docs/semantic-model.md): read, replace, import, export.
std::vector<ManagementOp> SemanticModelOps() {
  const Json list = Object({});
  return {
      {"get", "/api/v1/datasources/{id}/semantic-model", "The semantic model", nullptr, 200,
       "The model (docs/semantic-model.md)", list},
      {"put", "/api/v1/datasources/{id}/semantic-model", "Replace the semantic model", Object({}),
       200, "The stored model", list},
      {"delete", "/api/v1/datasources/{id}/semantic-model", "Delete the semantic model", nullptr,
       204, "Deleted", nullptr},
      {"post", "/api/v1/datasources/{id}/semantic-model/import",
       "Import: text/csv (entries), JSON {entries, relations?} CSV texts, or a model", Object({}),
       200, "The stored model", list},
      {"get", "/api/v1/datasources/{id}/semantic-model/export",
       "Export as JSON, or CSV (?format=csv&part=entries|relations)", nullptr, 200,
       "The model or CSV text", nullptr},
  };
}

// A datasource's logical relations (joins the catalog does not declare).
std::vector<ManagementOp> RelationOps() {
  const Json relation_body =
      Object({{"id", Str()},
              {"from", {{"type", "string"}, {"example", "orders.customer_id"}}},
              {"to", {{"type", "string"}, {"example", "customers.id"}}},
              {"kind", {{"type", "string"}, {"enum", {"1:1", "1:N", "N:1"}}}},
              {"description", Str()}});
  return {
      {"get", "/api/v1/datasources/{id}/relations", "List logical relations", nullptr, 200,
       "{\"relations\": [Relation]}", Object({})},
      {"post", "/api/v1/datasources/{id}/relations", "Add a logical relation", relation_body, 201,
       "The relation", Ref("Relation")},
      {"get", "/api/v1/datasources/{id}/relations/{relation_id}", "Get a relation", nullptr, 200,
       "The relation", Ref("Relation")},
      {"put", "/api/v1/datasources/{id}/relations/{relation_id}", "Change a relation",
       UpdateBody(relation_body, {"id"}, {"id", "datasource_id", "created_at"}), 200,
       "The relation", Ref("Relation")},
      {"delete", "/api/v1/datasources/{id}/relations/{relation_id}", "Delete a relation", nullptr,
       204, "Deleted", nullptr},
  };
}

// Chat sessions, their messages and the recorded runs.
std::vector<ManagementOp> SessionOps() {
  const Json list = Object({});
  return {
      {"get", "/api/v1/sessions", "List sessions (?agent, ?limit)", nullptr, 200,
       "{\"sessions\": [Session]}", list},
      {"post", "/api/v1/sessions", "Create a session",
       Object({{"id", Str()}, {"agent_id", Str()}, {"title", Str()}}), 201, "The session",
       Ref("Session")},
      {"get", "/api/v1/sessions/{id}", "Get a session", nullptr, 200, "The session",
       Ref("Session")},
      {"patch", "/api/v1/sessions/{id}", "Rename a session (title: non-empty, at most 200 bytes)",
       Object({{"title", Str()}}, {"title"}), 200, "The session", Ref("Session")},
      {"delete", "/api/v1/sessions/{id}", "Delete a session and its messages", nullptr, 204,
       "Deleted", nullptr},
      {"get", "/api/v1/sessions/{id}/messages", "The session's messages", nullptr, 200,
       "{\"messages\": [{session_id, seq, role, text, thread_id, run?, created_at}]}", list},
      {"get", "/api/v1/runs/history",
       "Recorded runs, newest first (?agent, ?thread, ?outcome, ?limit, ?offset)", nullptr, 200,
       "{\"runs\": [RunRecord without nodes]}", list},
      {"get", "/api/v1/runs/{id}/history", "Every recorded run of a thread, with node timings",
       nullptr, 200, "{thread_id, runs: [RunRecord]}", list},
  };
}

// Model configurations.
std::vector<ManagementOp> ModelOps() {
  const Json model_body =
      Object({{"id", Str()},
              {"name", Str()},
              {"provider", {{"type", "string"}, {"enum", {"openai"}}}},
              {"base_url", Str()},
              {"model", Str()},
              {"api_key", {{"type", "string"}, {"description", "Sealed; never returned"}}},
              {"active", Bool()}});
  const Json list = Object({});
  return {
      {"get", "/api/v1/models", "List model configurations", nullptr, 200, "{\"models\": [Model]}",
       list},
      {"post", "/api/v1/models", "Add a model configuration", model_body, 201, "The model",
       Ref("Model")},
      {"get", "/api/v1/models/{id}", "Get a model configuration", nullptr, 200, "The model",
       Ref("Model")},
      {"put", "/api/v1/models/{id}",
       "Change a model configuration (activate it with POST .../activate)",
       UpdateBody(model_body, {"id", "active"},
                  {"id", "active", "has_api_key", "created_at", "updated_at"}),
       200, "The model", Ref("Model")},
      {"delete", "/api/v1/models/{id}", "Delete a model configuration", nullptr, 204, "Deleted",
       nullptr},
      {"post", "/api/v1/models/{id}/activate", "Make this the one active model", nullptr, 200,
       "The model", Ref("Model")},
      {"post", "/api/v1/models/{id}/test", "One test call (ping) to the model", nullptr, 200,
       "{\"ok\": true, model, latency_ms, reply} or {\"ok\": false, \"error\"}", list},
  };
}

// The body of POST /api/v1/knowledge/search.
Json KnowledgeSearchBody() {
  return Object({{"query", Str()},
                 {"mode", {{"type", "string"}, {"enum", {"hybrid", "keyword", "vector"}}}},
                 {"top_k", {{"type", "integer"}}},
                 {"agent", Str()},
                 {"datasource", Str()},
                 {"kinds", StrArray()}},
                {"query"});
}

// The knowledge base as a whole (docs/knowledge.md): list, add, upload, search, reindex;
// editors too.
std::vector<ManagementOp> KnowledgeOps() {
  const Json knowledge_pair = Object({{"kind", {{"type", "string"}, {"enum", {"qa", "faq"}}}},
                                      {"question", Str()},
                                      {"answer", Str()},
                                      {"title", Str()},
                                      {"recall", Bool()},
                                      {"agent", Str()},
                                      {"datasource", Str()}},
                                     {"question", "answer"});
  const Json list = Object({});
  return {
      {"get", "/api/v1/knowledge",
       "Knowledge items with their state (?agent | ?datasource, ?kind, ?deleted=true)", nullptr,
       200, "{\"items\": [...]}", list},
      {"post", "/api/v1/knowledge", "Add a Q&A or FAQ pair", knowledge_pair, 201, "The item", list},
      {"post", "/api/v1/knowledge/documents",
       "Upload a document: multipart/form-data with the part file (its file name gives the "
       "format) and the fields agent | datasource, title, format, chunker, chunk_size, "
       "chunk_overlap, recall, file_name; or the raw file as the body with those names as query "
       "parameters (?file_name required)",
       nullptr, 201,
       "The item (400 names what is wrong: empty, over knowledge.max_file_mb, "
       "not UTF-8, corrupt or encrypted PDF; nothing is stored. 409 when its text is already "
       "indexed in the scope: error.item_id names that item, nothing is added)",
       list},
      {"post", "/api/v1/knowledge/search",
       "Hybrid search with each hit's keyword, vector and fused scores", KnowledgeSearchBody(), 200,
       "{query, mode, hits: [{chunk_id, item_id, text, keyword_score, vector_score, fused_score, "
       "...}]}",
       list},
      {"post", "/api/v1/knowledge/reindex", "Re-chunk and re-embed every item", nullptr, 200,
       "{\"indexed\": n}", list},
  };
}

// One knowledge item: read, edit, delete, its recall switch and its reindex.
std::vector<ManagementOp> KnowledgeItemOps() {
  const Json edit_body = Object({{"title", Str()},
                                 {"question", Str()},
                                 {"answer", Str()},
                                 {"recall", Bool()},
                                 {"agent", Str()},
                                 {"datasource", Str()},
                                 {"chunker", Object({{"kind", Str()},
                                                     {"size", {{"type", "integer"}}},
                                                     {"overlap", {{"type", "integer"}}}})}});
  const Json list = Object({});
  return {
      {"get", "/api/v1/knowledge/{id}", "One knowledge item", nullptr, 200, "The item", list},
      {"put", "/api/v1/knowledge/{id}",
       "Edit title, question, answer, recall, scope (agent | datasource) or chunker; the "
       "read-only fields GET returns are accepted and ignored",
       UpdateBody(edit_body, {},
                  {"id", "scope", "kind", "state", "state_reason", "chunks", "updated_at_ms",
                   "file_name", "format", "deleted"}),
       200, "The item", list},
      {"delete", "/api/v1/knowledge/{id}", "Soft-delete an item; the index drops it", nullptr, 204,
       "Deleted", nullptr},
      {"post", "/api/v1/knowledge/{id}/recall", "Turn the recall switch",
       Object({{"recall", Bool()}}, {"recall"}), 200, "The item", list},
      {"post", "/api/v1/knowledge/{id}/reindex", "Re-chunk and re-embed one item", nullptr, 200,
       "The item", list},
  };
}

// A datasource's business terms (docs/knowledge.md#business-terms).
std::vector<ManagementOp> TermOps() {
  // A business term (docs/knowledge.md#business-terms).
  const Json business_term =
      Object({{"term", Str()},
              {"synonyms", StrArray()},
              {"description", Str()},
              {"is_recall", Bool()},
              {"meaning", {{"type", "string"}, {"enum", {"none", "measure", "filter", "value"}}}},
              {"expression", Str()},
              {"filter", Str()},
              {"subject", Str()},
              {"period", Str()},
              {"period_column", Str()},
              {"id", ReadOnly(Str())},
              {"scope", ReadOnly(Str())},
              {"created_at_ms", ReadOnly(Json{{"type", "integer"}})},
              {"updated_at_ms", ReadOnly(Json{{"type", "integer"}})}},
             {"term"});
  const Json list = Object({});
  return {
      {"get", "/api/v1/datasources/{id}/terms", "List the business terms of a datasource", nullptr,
       200, "{\"terms\": [Term]}", list},
      {"post", "/api/v1/datasources/{id}/terms",
       "Add a business term; its definition is bound to the catalog first (400 names what "
       "does not bind, nothing stored; 409 when a word is taken)",
       business_term, 201, "The term", list},
      {"get", "/api/v1/datasources/{id}/terms/{tid}", "One business term", nullptr, 200, "The term",
       list},
      {"put", "/api/v1/datasources/{id}/terms/{tid}", "Replace a business term (checked as on add)",
       business_term, 200, "The term", list},
      {"delete", "/api/v1/datasources/{id}/terms/{tid}", "Remove a business term", nullptr, 200,
       "{deleted}", list},
      {"post", "/api/v1/datasources/{id}/terms/{tid}/recall", "Turn the term's recall switch",
       Object({{"is_recall", Bool()}}, {"is_recall"}), 200, "The term", list},
  };
}

// A data rule (docs/permissions.md); the path's datasource and rule id win over the body's, so
// a rule read with GET can be sent back as it is.
Json RuleBody() {
  return Object({{"id", Str()},
                 {"datasource_id", Str()},
                 {"grantee_kind", {{"type", "string"}, {"enum", {"user", "role"}}}},
                 {"grantee", Str()},
                 {"kind", {{"type", "string"}, {"enum", {"row", "hide", "mask"}}}},
                 {"table", Str()},
                 {"predicate", Str()},
                 {"column", Str()},
                 {"mask", {{"type", "string"}, {"enum", {"fixed", "partial", "hash"}}}},
                 {"mask_text", Str()},
                 {"keep_first", {{"type", "integer"}}},
                 {"keep_last", {{"type", "integer"}}},
                 {"note", Str()},
                 {"created_ms", ReadOnly(Json{{"type", "integer"}})},
                 {"updated_ms", ReadOnly(Json{{"type", "integer"}})}},
                {"grantee_kind", "grantee", "kind", "table"});
}

// Users and data permissions (docs/permissions.md#users-and-sign-in), the audit log.
std::vector<ManagementOp> UserOps() {
  const Json list = Object({});
  return {
      {"post", "/api/v1/auth/login",
       "Sign in with a user name and password: a bearer token and the askdb_session cookie "
       "(HttpOnly, SameSite=Strict); 429 + Retry-After after repeated failures",
       Object({{"name", Str()}, {"password", Str()}}, {"name", "password"}), 200,
       "{token, expires_at, user}", list},
      {"post", "/api/v1/auth/logout", "End the request's session and clear the cookie", nullptr,
       200, "{signed_out}", list},
      {"get", "/api/v1/auth/me", "Who the request acts as (any credentials)", nullptr, 200,
       "{name, role, kind, via, attributes, agents}", list},
      {"get", "/api/v1/users", "List accounts (admin)", nullptr, 200, "{\"users\": [User]}", list},
      {"post", "/api/v1/users", "Create an account (admin)",
       Object({{"name", Str()},
               {"password", Str()},
               {"role", Str()},
               {"attributes", Object(Json::object())},
               {"agents", StrArray()}},
              {"name"}),
       201, "The user (no password hash)", list},
      {"get", "/api/v1/users/{name}", "Get an account (admin)", nullptr, 200, "The user", list},
      {"put", "/api/v1/users/{name}",
       "Change an account: the fields given replace; a new password ends its sessions; the "
       "read-only fields GET returns are accepted and ignored (admin)",
       UpdateBody(Object({{"password", Str()},
                          {"role", Str()},
                          {"attributes", Object(Json::object())},
                          {"agents", StrArray()}}),
                  {}, {"name", "has_password", "created_at", "updated_at"}),
       200, "The user", list},
      {"delete", "/api/v1/users/{name}", "Delete an account and its sessions (admin)", nullptr, 200,
       "{deleted}", list},
      {"get", "/api/v1/audit", "The audit log, newest first (?limit <= 1000, ?offset; admin)",
       nullptr, 200, "{\"entries\": [{id, at, actor, action, target, detail, client}]}", list},
      {"get", "/api/v1/datasources/{id}/permissions", "The datasource's data rules (admin)",
       nullptr, 200, "{\"rules\": [Rule]}", list},
      {"post", "/api/v1/datasources/{id}/permissions",
       "Add a row or column rule, checked against the catalog (admin)", RuleBody(), 201, "The rule",
       list},
      {"get", "/api/v1/datasources/{id}/permissions/{rid}", "Get a rule (admin)", nullptr, 200,
       "The rule", list},
      {"put", "/api/v1/datasources/{id}/permissions/{rid}", "Replace a rule (admin)", RuleBody(),
       200, "The rule", list},
      {"delete", "/api/v1/datasources/{id}/permissions/{rid}", "Delete a rule (admin)", nullptr,
       200, "{deleted}", list},

  };
}

// Every management operation, each resource's in turn.
std::vector<ManagementOp> ManagementOps() {
  std::vector<ManagementOp> ops;
  for (std::vector<ManagementOp> group :
       {AgentOps(), DatasourceOps(), SemanticModelOps(), RelationOps(), SessionOps(), ModelOps(),
        KnowledgeOps(), KnowledgeItemOps(), TermOps(), UserOps()}) {
    for (ManagementOp& op : group) ops.push_back(std::move(op));
  }
  // An agent's terms have the same routes as a datasource's (bound to its datasource's catalog).
  const std::string datasource_terms = "/api/v1/datasources/{id}/terms";
  for (std::size_t i = 0, n = ops.size(); i < n; ++i) {
    if (ops[i].path.rfind(datasource_terms, 0) != 0) continue;
    ManagementOp agent_op = ops[i];
    agent_op.path.replace(0, std::string_view("/api/v1/datasources").size(), "/api/v1/agents");
    ops.push_back(std::move(agent_op));
  }
  return ops;
}

// The OpenAPI operation of one management operation: its path parameters, body and the
// answers every management route can give.
Json ManagementOperation(const ManagementOp& op) {
  Json params = Json::array();
  const std::string& path = op.path;
  for (std::size_t open = path.find('{'); open != std::string::npos;
       open = path.find('{', open + 1)) {
    const std::size_t close = path.find('}', open);
    params.push_back({{"name", path.substr(open + 1, close - open - 1)},
                      {"in", "path"},
                      {"required", true},
                      {"schema", Str()}});
  }
  Json responses{{"400", ErrorResponse("Bad input; the message names the field")},
                 {"401", ErrorResponse("Missing or invalid API key")},
                 {"403", ErrorResponse("Needs an admin key")},
                 {"404", ErrorResponse("No such record")},
                 {"409", ErrorResponse("Already exists, or still in use")}};
  Json success{{"description", op.answer}};
  if (!op.answer_schema.is_null()) {
    success["content"] = {{"application/json", {{"schema", op.answer_schema}}}};
  }
  responses[std::to_string(op.success)] = std::move(success);
  Json operation{{"summary", op.summary}, {"tags", {"management"}}, {"responses", responses}};
  if (!params.empty()) operation["parameters"] = std::move(params);
  if (!op.request.is_null()) {
    // A field the body does not list is refused (400 naming it), never ignored. A semantic
    // model's body is the model, checked field by field by its own reader.
    Json body = op.request;
    if (!body.value("properties", Json::object()).empty()) body["additionalProperties"] = false;
    operation["requestBody"] = JsonBody(std::move(body));
  }
  return operation;
}

void AddManagementOps(Json& paths) {
  for (const ManagementOp& op : ManagementOps())
    paths[op.path][op.method] = ManagementOperation(op);
}

Json Int() { return Json{{"type", "integer"}}; }
Json Num() { return Json{{"type", "number"}}; }
Json Nullable(Json schema) {
  schema["nullable"] = true;
  return schema;
}
Json ArrayOf(Json items) { return Json{{"type", "array"}, {"items", std::move(items)}}; }
Json Described(Json schema, std::string_view description) {
  schema["description"] = description;
  return schema;
}
Json Enum(std::vector<std::string> values) {
  return Json{{"type", "string"}, {"enum", std::move(values)}};
}

// A result set: its columns (with how their numbers read) and rows in column order.
Json ResultSetSchema() {
  // "kind": set on the answer's own result (analysis/number_kind.h), for showing its numbers.
  const Json column = Object(
      {{"name", Str()},
       {"type", Described(Str(), "May be empty")},
       {"kind", Described(Enum({"text", "number", "count", "money", "ratio"}),
                          "How the column's numbers read: a ratio in percent, money with two "
                          "decimals, a count with separators")}},
      {"name", "type"});
  return Object({{"columns", ArrayOf(column)},
                 {"rows", Described(ArrayOf(ArrayOf(Json::object())),
                                    "One array per row in column order: string, number, boolean "
                                    "or null")},
                 {"truncated", Described(Bool(), "More rows matched than were kept")},
                 {"elapsed_ms", Num()}},
                {"columns", "rows", "truncated"});
}

// A chart: its kind, the ECharts option or the KPI card.
Json ChartSchema() {
  return Object(
      {{"kind", Enum({"line", "bar", "pie", "scatter", "kpi", "table"})},
       {"title", Str()},
       {"reason", Described(Str(), "Why this kind fits the data")},
       {"kpi", Object({{"value", Num()}, {"label", Str()}, {"formatted", Str()}})},
       {"option", Described(Nullable(Object({})),
                            "The ECharts option, drawn as it is; null for a KPI card or a table")}},
      {"kind", "option"});
}

// An interrupt and the payload of each kind: a clarification question or a plan to approve.
Json InterruptSchemas() {
  // The payload depends on the kind: x-payload-by-kind names its schema for each (the test
  // checks real interrupts with it; OpenAPI 3.0's discriminator needs the kind inside).
  Json payload{{"type", "object"},
               {"oneOf", Json::array({Ref("ClarificationPayload"), Ref("PlanApprovalPayload")})},
               {"x-payload-by-kind",
                {{"clarification", Ref("ClarificationPayload")},
                 {"plan_approval", Ref("PlanApprovalPayload")}}}};
  const Json interrupt = Object({{"kind", Enum({"clarification", "plan_approval"})},
                                 {"node", Described(Str(), "The node that waits")},
                                 {"payload", std::move(payload)}},
                                {"kind", "node", "payload"});
  Json clarification = Object(
      {{"question", Described(Str(), "What the model asks; answer it with /runs/{id}/resume")}},
      {"question"});
  clarification["additionalProperties"] = false;
  Json plan_approval =
      Object({{"plan", Ref("Plan")},
              {"title", Str()},
              {"text", Described(Str(), "The plan in words, as the CLI shows it")},
              {"rejections", Described(Int(), "Plans rejected so far in this run")},
              {"max_rejections", Described(Int(), "agent.max_plan_rejections")}},
             {"plan", "title", "text", "rejections", "max_rejections"});
  plan_approval["additionalProperties"] = false;
  return Json{{"Interrupt", interrupt},
              {"ClarificationPayload", clarification},
              {"PlanApprovalPayload", plan_approval}};
}

// A plan and its steps, as the planner wrote them.
Json PlanSchemas() {
  const Json plan_step = Object({{"step_num", Int()},
                                 {"tool", Str()},
                                 {"purpose", Str()},
                                 {"input", Str()},
                                 {"depends_on", ArrayOf(Int())},
                                 {"estimated_duration_ms", Int()},
                                 {"schema_level", Str()},
                                 {"is_checkpoint", Bool()},
                                 {"caveat", Str()}},
                                {"step_num", "tool", "purpose"});
  const Json plan = Object({{"request_type", Str()},
                            {"schema_level", Str()},
                            {"is_multi_step", Bool()},
                            {"checkpoints", ArrayOf(Int())},
                            {"estimated_calls", Int()},
                            {"needs_schema", Bool()},
                            {"needs_sql", Bool()},
                            {"needs_python", Bool()},
                            {"needs_web_search", Bool()},
                            {"steps", ArrayOf(Ref("PlanStep"))}},
                           {"steps"});
  return Json{{"Plan", plan}, {"PlanStep", plan_step}};
}

// One executed step's outcome: its SQL, result or Python output.
Json StepOutcomeSchema() {
  return Object({{"step_num", Int()},
                 {"tool", Str()},
                 {"purpose", Str()},
                 {"sql", Str()},
                 {"success", Bool()},
                 {"skipped", Bool()},
                 {"error", Str()},
                 {"note", Str()},
                 {"text", Str()},
                 {"attempts", Int()},
                 {"duration_ms", Int()},
                 {"result", Nullable(Ref("ResultSet"))},
                 {"code", Described(Str(), "A Python step's code")},
                 {"python", Described(Object({}), "A Python step's output")}},
                {"step_num", "tool", "success", "result"});
}

// What the NL-to-SQL engine understood of the question.
Json EngineReadingSchema() {
  return Object(
      {{"answered", Bool()},
       {"confidence", Num()},
       {"sql", Str()},
       {"mappings", ArrayOf(Object({{"phrase", Str()}, {"kind", Str()}, {"target", Str()}}))},
       {"abstain_reason", Str()},
       {"understood", StrArray()}});
}

// How far the run's calls and steps went from its plan.
Json PlanDeviationSchema() {
  return Object({{"planned_calls", Int()},
                 {"actual_calls", Int()},
                 {"planned_steps", StrArray()},
                 {"actual_steps", StrArray()},
                 {"order_changes", Int()},
                 {"planned_additions", Int()},
                 {"deviation_score", Num()},
                 {"warnings", StrArray()}});
}

// The run's answer proper: its route, text, SQL, result, chart, model calls and interrupt.
Json RunAnswerProperties() {
  return Json{
      {"thread_id", Str()},
      {"agent_id", Described(Str(), "The agent that ran: the one named, else the caller's")},
      {"route", Enum({"none", "quick_path", "consultation", "cache", "engine", "llm", "analysis",
                      "not_answered", "knowledge", "schema"})},
      {"request_type", Described(Str(), "The classifier's type (data_query, ...)")},
      {"read_as", Described(Str(),
                            "How a follow-up was read: the question it was resolved to; absent "
                            "when the question was new")},
      {"language", Enum({"zh", "en"})},
      {"answer", Str()},
      {"sql", Described(Str(), "The statement run; empty when none")},
      {"result", Ref("ResultSet")},
      {"chart", Ref("Chart")},
      {"attempts", Described(ArrayOf(Object({{"sql", Str()}, {"error", Str()}}, {"sql", "error"})),
                             "Statements that failed before the one run")},
      {"llm_calls", Int()},
      {"cache_hit", Bool()},
      {"cache_level", Enum({"L1", "L2"})},
      {"error", Str()},
      {"interrupt", Ref("Interrupt")}};
}

// How the run got there: the engine's reading, the plan and its steps, the report, the
// permissions footnote and the token usage.
Json RunAnalysisProperties() {
  const Json report = Object({{"title", Str()},
                              {"summary", Str()},
                              {"findings", StrArray()},
                              {"recommendations", StrArray()}});
  return Json{
      {"engine", Described(EngineReadingSchema(), "What the NL-to-SQL engine understood")},
      {"plan", Ref("Plan")},
      {"plan_title", Str()},
      {"plan_notes",
       Described(StrArray(), "The plan's notes for the person, in the run's language")},
      {"plan_warnings",
       Described(StrArray(), "Every plan warning: plan_notes, then the technical corrections")},
      {"steps", ArrayOf(Ref("StepOutcome"))},
      {"query_history", ArrayOf(Object({}))},
      {"deviation_score", Num()},
      {"deviation", PlanDeviationSchema()},
      {"report_narrative", report},
      {"permissions", Described(Str(), "The user's data permissions in words (the footnote)")},
      {"prompt_tokens", Int()},
      {"completion_tokens", Int()}};
}

// The run's answer: the route, answer, SQL, result and chart, what the engine understood,
// the plan and its steps, the usage.
Json RunResultSchema() {
  Json properties = RunAnswerProperties();
  properties.update(RunAnalysisProperties());
  Json run = Object(std::move(properties),
                    {"thread_id", "route", "request_type", "language", "answer", "sql", "attempts",
                     "llm_calls", "cache_hit", "prompt_tokens", "completion_tokens"});
  run["additionalProperties"] = false;
  return run;
}

Json Closed(Json schema) {
  schema["additionalProperties"] = false;
  return schema;
}

// GET /api/v1/agents/{id}/schema (agent/ask/schema_listing.h): closed, as the run's answer.
Json AgentSchemaSchema() {
  const Json localized = Closed(Object({{"zh", Str()}, {"en", Str()}}));
  const Json column = Closed(Object({{"name", Str()},
                                     {"type", Str()},
                                     {"business_name", localized},
                                     {"unit", Str()},
                                     {"primary_key", Bool()},
                                     {"references", Described(Str(), "table.column")}},
                                    {"name", "type"}));
  const Json table = Closed(
      Object({{"name", Str()},
              {"business_name", localized},
              {"row_count", Int()},
              {"row_count_estimate",
               Described(Bool(), "row_count is the database's estimate (PostgreSQL, MySQL)")},
              {"view", Bool()},
              {"columns", ArrayOf(column)}},
             {"name", "columns"}));
  return Closed(Object({{"agent", Str()}, {"datasource", Str()}, {"tables", ArrayOf(table)}},
                       {"agent", "datasource", "tables"}));
}

// The answer of /api/v1/ask and /runs/{id}/resume and the SSE "result" frame
// (PipelineResult::ToJson plus the run service's thread_id and permissions). Closed
// (additionalProperties: false): server_api_e2e_test checks real answers against it, so a
// field added to the result without a line here fails that test.
Json RunSchemas() {
  Json schemas{
      {"RunResult", RunResultSchema()}, {"ResultSet", ResultSetSchema()}, {"Chart", ChartSchema()}};
  schemas.update(InterruptSchemas());
  schemas.update(PlanSchemas());
  schemas["StepOutcome"] = StepOutcomeSchema();
  schemas["AgentSchema"] = AgentSchemaSchema();
  return schemas;
}

// The payloads of a stage's start and end and of the request's classification.
Json StagePayloads() {
  const Json count = Int();
  return Json{
      {"stage_started",
       Closed(Object({{"step", Described(count, "1-based node count")}}, {"step"}))},
      {"stage_finished",
       Closed(Object({{"duration_ms", Int()},
                      {"outcome", Enum({"continue", "end", "interrupt"})},
                      {"next", Described(Str(), "The node that runs next; absent on interrupt")}},
                     {"duration_ms", "outcome"}))},
      {"classification",
       Closed(
           Object({{"request_type", Str()},
                   {"confidence", Num()},
                   {"rules", ArrayOf(Json::object())},
                   {"by", Described(Str(), "rules, model, ...")},
                   {"language", Enum({"zh", "en"})},
                   {"model_error", Str()},
                   {"follow_up", Described(Closed(Object({{"question", Str()}, {"change", Str()}},
                                                         {"question", "change"})),
                                           "How a follow-up was read: the question "
                                           "run and what changed")},
                   {"fast_mode", Closed(Object({{"fast", Bool()},
                                                {"skip_examples", Bool()},
                                                {"skip_chart", Bool()},
                                                {"reason", Str()}}))}},
                  {"request_type", "confidence", "by", "language"}))}};
}

// The payload of the knowledge found for the question.
Json EvidencePayloads() {
  return Json{
      {"evidence",
       Closed(Object({{"query", Described(Str(), "The question searched (made standalone)")},
                      {"hits", ArrayOf(Closed(Object({{"item_id", Str()},
                                                      {"chunk_id", Str()},
                                                      {"kind", Str()},
                                                      {"source", Str()},
                                                      {"text", Str()},
                                                      {"keyword_score", Num()},
                                                      {"vector_score", Num()},
                                                      {"fused_score", Num()},
                                                      {"query_coverage", Num()}},
                                                     {"item_id", "kind", "text", "fused_score"})))},
                      {"term_columns",
                       ArrayOf(Object({{"term", Str()}, {"table", Str()}, {"column", Str()}}))},
                      {"suggested_answer", Object({{"item_id", Str()},
                                                   {"question", Str()},
                                                   {"answer", Str()},
                                                   {"source", Str()},
                                                   {"similarity", Num()}})},
                      {"errors", StrArray()}},
                     {"query", "hits", "term_columns"}))}};
}

// The payloads of the schema read, the plan written and each step run.
Json PlanningPayloads() {
  return Json{
      {"schema", Closed(Object({{"tool", Str()},
                                {"level", Str()},
                                {"tables", Int()},
                                {"from_cache", Bool()},
                                {"stale", Bool()},
                                {"note", Str()},
                                {"requested", StrArray()}},
                               {"tool", "level", "tables"}))},
      {"plan", Closed(Object({{"plan", Ref("Plan")},
                              {"title", Str()},
                              {"notes", StrArray()},
                              {"warnings", StrArray()},
                              {"by", Enum({"model", "rules"})},
                              {"text", Str()}},
                             {"plan", "title", "by"}))},
      {"step", Described(Object({{"step_num", Int()},
                                 {"tool", Str()},
                                 {"purpose", Str()},
                                 {"success", Bool()},
                                 {"skipped", Bool()},
                                 {"completed", Described(Int(), "Steps done so far")},
                                 {"total", Int()},
                                 {"attempts", Int()},
                                 {"duration_ms", Int()},
                                 {"error", Str()},
                                 {"sql", Str()},
                                 {"row_count", Int()}},
                                {"step_num", "tool", "success", "completed", "total"}),
                         "A Python step adds code, text, findings, charts, tables, printed, "
                         "tries and errors")}};
}

// The payloads of the answer: its SQL, rows, chart, text, interrupt, errors, usage, end.
Json AnswerPayloads() {
  return Json{
      {"sql", Closed(Object({{"sql", Str()},
                             {"source", Described(Str(), "engine, model, cache, ...")},
                             {"executed", Described(Bool(), "false with nl2sqlOnly")},
                             {"rejected", Described(Str(), "Why the check refused it")},
                             {"cache", Described(Object({}), "The cache entry it came from")}},
                            {"sql", "source"}))},
      {"rows",
       Closed(Object({{"row_count", Int()}, {"columns", ArrayOf(Str())}, {"truncated", Bool()}},
                     {"row_count", "columns", "truncated"}))},
      {"chart", Ref("Chart")},
      {"text_delta", Closed(Object({{"text", Str()}}, {"text"}))},
      {"interrupt", Ref("Interrupt")},
      {"error", Closed(Object({{"code", Str()}, {"message", Str()}}, {"message"}))},
      {"usage", Closed(Object({{"llm_calls", Int()},
                               {"prompt_tokens", Int()},
                               {"completion_tokens", Int()},
                               {"last_prompt_tokens", Int()},
                               {"template", Described(Str(), "The prompt of the last call")}},
                              {"llm_calls", "prompt_tokens", "completion_tokens"}))},
      {"done", Closed(Object({{"status", Enum({"completed", "interrupted"})}, {"steps", Int()}},
                             {"status", "steps"}))},
      {"warning",
       Closed(Object(
           {{"kind", Enum({"plan_deviation"})}, {"message", Str()}, {"deviation_score", Num()}},
           {"kind", "message"}))}};
}

// The StreamEvent schema: its payload by type (x-payload-by-type) among `types`.
Json StreamEventSchema(const std::vector<std::string>& types, const Json& by_type) {
  return Closed(Object({{"seq", Described(Int(), "The frame's id: Last-Event-ID")},
                        {"thread_id", Str()},
                        {"run_id", Str()},
                        {"type", Enum(types)},
                        {"node", Described(Str(), "The graph node; empty for done")},
                        {"elapsed_ms", Int()},
                        {"payload", Json{{"type", "object"}, {"x-payload-by-type", by_type}}}},
                       {"seq", "thread_id", "run_id", "type", "node", "elapsed_ms", "payload"}));
}

// The frames of GET /api/v1/stream/search (docs/server.md): `accepted`, one StreamEvent per
// agent event (its payload's schema by type in x-payload-by-type), then `result`
// (RunResult), `run_error` or `cancelled` (StreamError). server_api tests check real
// streams against these.
Json StreamSchemas() {
  Json payloads = StagePayloads();
  payloads.update(EvidencePayloads());
  payloads.update(PlanningPayloads());
  payloads.update(AnswerPayloads());
  Json by_type = Json::object();
  Json out = Json::object();
  std::vector<std::string> types;
  for (const auto& [type, schema] : payloads.items()) {
    types.push_back(type);
    if (schema.contains("$ref")) {
      by_type[type] = schema;
      continue;
    }
    const std::string name = "EventPayload_" + type;
    out[name] = schema;
    by_type[type] = Ref(name);
  }
  out["StreamEvent"] = StreamEventSchema(types, by_type);
  out["StreamAccepted"] =
      Closed(Object({{"thread_id", Str()}, {"kind", Enum({"ask", "resume"})}, {"agent_id", Str()}},
                    {"thread_id", "kind", "agent_id"}));
  out["StreamError"] = Closed(Object({{"code", Str()}, {"message", Str()}}, {"code", "message"}));
  out["StreamReplayGap"] =
      Closed(Object({{"requested_after", Described(Int(), "The Last-Event-ID asked for")},
                     {"first_available_id", Described(Int(), "The oldest frame still kept")}},
                    {"requested_after", "first_available_id"}));
  return out;
}

// Each SSE frame name of GET /api/v1/stream/search and the schema of its data.
Json StreamFrames() {
  Json frames{{"accepted", Ref("StreamAccepted")},
              {"result", Ref("RunResult")},
              {"run_error", Ref("StreamError")},
              {"cancelled", Ref("StreamError")},
              {"replay_gap", Ref("StreamReplayGap")}};
  for (std::string_view type :
       {"stage_started", "stage_finished", "classification", "evidence", "schema", "plan", "step",
        "sql", "rows", "chart", "text_delta", "interrupt", "error", "usage", "done", "warning"}) {
    frames[std::string(type)] = Ref("StreamEvent");
  }
  return frames;
}

// The management records that describe the data: agents, datasources and their relations.
Json DataRecordSchemas(const Json& time) {
  return Json{
      {"Agent", Object({{"id", Str()},
                        {"name", Str()},
                        {"instructions", Str()},
                        {"datasource_id", Str()},
                        {"selected_tables", StrArray()},
                        {"language", Str()},
                        {"plan_review", {{"type", "boolean"}, {"nullable", true}}},
                        {"fast_mode", Bool()},
                        {"preset_questions", StrArray()},
                        {"created_at", time},
                        {"updated_at", time}})},
      {"Datasource", Object({{"id", Str()},
                             {"name", Str()},
                             {"url", {{"type", "string"}, {"description", "Without the password"}}},
                             {"has_password", Bool()},
                             {"created_at", time},
                             {"updated_at", time}})},
      {"Relation", Object({{"id", Str()},
                           {"datasource_id", Str()},
                           {"from", Str()},
                           {"to", Str()},
                           {"kind", Str()},
                           {"description", Str()},
                           {"created_at", time}})}};
}

// The records of conversations: sessions, question-SQL examples and recorded runs.
Json ConversationRecordSchemas(const Json& time) {
  return Json{{"Session", Object({{"id", Str()},
                                  {"agent_id", Str()},
                                  {"title", Str()},
                                  {"created_at", time},
                                  {"updated_at", time}})},
              {"Example", Object({{"id", Str()},
                                  {"agent_id", Str()},
                                  {"question", Str()},
                                  {"sql", Str()},
                                  {"created_at", time}})},
              {"RunRecord",
               Object({{"run_id", Str()},
                       {"thread_id", Str()},
                       {"agent_id", Str()},
                       {"question", Str()},
                       {"route", Str()},
                       {"outcome", Str()},
                       {"error", Str()},
                       {"started_at", time},
                       {"duration_ms", {{"type", "integer"}}},
                       {"usage", Object({{"llm_calls", {{"type", "integer"}}},
                                         {"prompt_tokens", {{"type", "integer"}}},
                                         {"completion_tokens", {{"type", "integer"}}}})},
                       {"nodes", {{"type", "array"}, {"items", Object({{"node", Str()}})}}}})}};
}

Json ManagementSchemas() {
  const Json time{{"type", "string"}, {"format", "date-time"}};
  Json schemas = DataRecordSchemas(time);
  schemas.update(ConversationRecordSchemas(time));
  schemas["Model"] = Object({{"id", Str()},
                             {"name", Str()},
                             {"provider", Str()},
                             {"base_url", Str()},
                             {"model", Str()},
                             {"has_api_key", Bool()},
                             {"active", Bool()},
                             {"created_at", time},
                             {"updated_at", time}});
  return schemas;
}

// POST /api/v1/ask: answer a question and wait for the result.
Json AskOperation() {
  Json op{{"summary", "Answer a question and wait for the result"},
          {"operationId", "ask"},
          {"requestBody",
           JsonBody(
               {{"type", "object"},
                {"required", {"query"}},
                {"additionalProperties", false},
                {"properties",
                 {{"query",
                   {{"type", "string"},
                    {"maxLength", agent::kMaxQuestionChars},
                    {"description", "The question; longer than maxLength characters answers 400"}}},
                  {"thread_id",
                   {{"type", "string"},
                    {"description", "Continue this conversation; new one when absent"}}},
                  {"agent_id",
                   {{"type", "string"},
                    {"description",
                     "The agent that answers (default: the thread's, else \"default\")"}}}}}})},
          {"responses", RunErrors()}};
  op["responses"]["200"] = JsonResponse("The pipeline's result", "RunResult");
  return op;
}

// GET /api/v1/stream/search: run a question and stream its events as SSE frames.
Json StreamSearchOperation() {
  Json params = Json::array(
      {QueryParam("query", "string", "The question (not needed with humanFeedback=true)"),
       QueryParam("threadId", "string", "Conversation/run id; joins a live run of this thread"),
       QueryParam("agent", "string",
                  "The agent that answers (default: the thread's, else \"default\")"),
       QueryParam("humanFeedback", "boolean",
                  "Continue the interrupted run of threadId instead of asking"),
       QueryParam("feedbackContent", "string",
                  "The answer to the interrupt: 'approve' (default) or a comment"),
       QueryParam("rejectedPlan", "boolean", "Reject the plan: sends 'reject: <feedback>'"),
       QueryParam("nl2sqlOnly", "boolean",
                  "Write and check the SQL without executing it (seed 004): the result "
                  "has the SQL and no rows; one question, never a plan"),
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
       "text/event-stream: `accepted`, then one frame per agent event (its data a "
       "StreamEvent), then `result` (RunResult), `run_error` or `cancelled` (StreamError). "
       "x-sse-frames gives each frame name's data schema."},
      {"content",
       {{"text/event-stream",
         {{"schema", {{"type", "string"}}}, {"x-sse-frames", StreamFrames()}}}}}};
  op["responses"]["404"] = ErrorResponse("No run to resume from Last-Event-ID");
  op["parameters"][0]["schema"]["maxLength"] = agent::kMaxQuestionChars;
  op["parameters"][4]["schema"]["maxLength"] = agent::kMaxQuestionChars;  // feedbackContent
  return op;
}

// POST /api/v1/stream/search: the same run and stream, its query parameters sent as a JSON
// body, for a question too long for a URL (a request line over 8,192 bytes answers 414).
Json StreamSearchPostOperation() {
  Json op = StreamSearchOperation();
  Json properties = Json::object();
  Json headers = Json::array();
  for (const Json& param : op["parameters"]) {
    if (param["in"] != "query") {
      headers.push_back(param);
      continue;
    }
    Json property = param["schema"];
    property["description"] = param["description"];
    properties[param["name"].get<std::string>()] = std::move(property);
  }
  op["summary"] = "Run a question and stream its events (SSE), the parameters in a JSON body";
  op["operationId"] = "streamSearchPost";
  op["parameters"] = std::move(headers);
  op["requestBody"] = JsonBody(
      {{"type", "object"}, {"additionalProperties", false}, {"properties", std::move(properties)}});
  return op;
}

// POST /api/v1/runs/{id}/resume: answer an interrupted run.
Json ResumeOperation() {
  Json op{
      {"summary", "Answer an interrupted run (clarification or plan approval)"},
      {"operationId", "resumeRun"},
      {"parameters", Json::array({IdParam()})},
      {"requestBody",
       JsonBody({{"type", "object"},
                 {"required", {"answer"}},
                 {"additionalProperties", false},
                 {"properties",
                  {{"answer", {{"type", "string"}, {"maxLength", agent::kMaxQuestionChars}}}}}})},
      {"responses", RunErrors()}};
  op["responses"]["200"] = JsonResponse("The pipeline's result", "RunResult");
  return op;
}

// POST /api/v1/runs/{id}/cancel: cancel a live run.
Json CancelOperation() {
  Json op{{"summary", "Cancel a live run"},
          {"operationId", "cancelRun"},
          {"parameters", Json::array({IdParam()})},
          {"responses",
           {{"200", {{"description", "Cancelled"}}},
            {"401", ErrorResponse("Missing or invalid API key")},
            {"404", ErrorResponse("No such run")},
            {"409", ErrorResponse("The run already finished")}}}};
  return op;
}

// The run routes: ask, stream, resume and cancel; the live runs and the key's scope.
void AddRunOps(Json& paths) {
  paths["/api/v1/ask"]["post"] = AskOperation();
  paths["/api/v1/stream/search"]["get"] = StreamSearchOperation();
  paths["/api/v1/stream/search"]["post"] = StreamSearchPostOperation();
  paths["/api/v1/runs/{id}/resume"]["post"] = ResumeOperation();
  paths["/api/v1/runs/{id}/cancel"]["post"] = CancelOperation();
  paths["/api/v1/runs"]["get"] = {
      {"summary", "Live and recently finished runs (admin key)"},
      {"operationId", "listRuns"},
      {"responses",
       {{"200", {{"description", "{\"runs\": [{thread_id, state, events, detached}]}"}}},
        {"401", ErrorResponse("Missing or invalid API key")},
        {"403", ErrorResponse("Needs an admin key")}}}};
  paths["/api/v1/me"]["get"] = {
      {"summary", "The key's scope and the agents it may run (the web UI's sign-in)"},
      {"operationId", "me"},
      {"responses",
       {{"200",
         {{"description",
           "{\"scope\": \"admin\"|\"agent:<id>\", \"admin\", \"auth\", \"agents\": "
           "[{id, name, language, preset_questions}], \"limits\": {max_question_chars}}"}}},
        {"401", ErrorResponse("Missing or invalid API key")}}}};
  paths["/api/v1/agents/{id}/schema"]["get"] = {
      {"summary",
       "The tables and columns the agent may use, as the caller sees them (any key or user that "
       "may run the agent; the web chat's Tables button)"},
      {"operationId", "agentSchema"},
      {"parameters", Json::array({{{"name", "id"},
                                   {"in", "path"},
                                   {"required", true},
                                   {"schema", {{"type", "string"}}}}})},
      {"responses",
       {{"200", JsonResponse("The agent's tables and columns", "AgentSchema")},
        {"401", ErrorResponse("Missing or invalid API key")},
        {"404", ErrorResponse("No agent of that id that the caller may run")},
        {"503", ErrorResponse("The agent's datasource cannot be reached")}}}};
}

// MCP's Streamable HTTP transport (docs/mcp.md): JSON-RPC 2.0 messages, the same keys.
void AddMcpOps(Json& paths) {
  const Json mcp_session_header = {{"name", "Mcp-Session-Id"},
                                   {"in", "header"},
                                   {"required", false},
                                   {"schema", {{"type", "string"}}}};
  paths["/mcp"]["post"] = {
      {"summary", "Model Context Protocol over Streamable HTTP: one JSON-RPC message or batch"},
      {"operationId", "mcpPost"},
      {"parameters", Json::array({mcp_session_header})},
      {"requestBody",
       {{"required", true},
        {"content", {{"application/json", {{"schema", {{"type", "object"}}}}}}}}},
      {"responses",
       {{"200",
         {{"description",
           "The JSON-RPC response (application/json), or an SSE stream of progress "
           "notifications ending with it (text/event-stream) when the call sent a "
           "progressToken; initialize answers with the Mcp-Session-Id header"}}},
        {"202", {{"description", "A notification or response was accepted"}}},
        {"400", ErrorResponse("No session, or a protocol version the server does not speak")},
        {"401", ErrorResponse("Missing or invalid API key")},
        {"403", ErrorResponse("A browser Origin that is not loopback")},
        {"404", ErrorResponse("Unknown or ended session")},
        {"413", ErrorResponse("The body is larger than --max-body")}}}};
  paths["/mcp"]["get"] = {{"summary", "No server-initiated stream: answers 405"},
                          {"operationId", "mcpGet"},
                          {"responses", {{"405", {{"description", "Method not allowed"}}}}}};
  paths["/mcp"]["delete"] = {
      {"summary", "End the MCP session"},
      {"operationId", "mcpDelete"},
      {"parameters", Json::array({mcp_session_header})},
      {"responses",
       {{"204", {{"description", "Ended"}}}, {"404", ErrorResponse("Unknown session")}}}};
}

// This document, the liveness and readiness probes and the metrics (no key needed but
// for the document).
void AddServiceOps(Json& paths) {
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
}

// The security schemes and every schema the operations refer to.
Json Components() {
  Json components = {
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
               {{"code", {{"type", "string"}}}, {"message", {{"type", "string"}}}}}}}}}}}}}};
  Json schemas = RunSchemas();
  schemas.update(StreamSchemas());
  schemas.update(ManagementSchemas());
  for (const auto& [name, schema] : schemas.items()) {
    components["schemas"][name] = schema;
  }
  return components;
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
  AddRunOps(paths);
  AddMcpOps(paths);
  AddServiceOps(paths);
  AddManagementOps(paths);
  doc["paths"] = std::move(paths);
  doc["components"] = Components();
  return doc;
}

}  // namespace askdb::server::api
