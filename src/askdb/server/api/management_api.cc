#include "askdb/server/api/management_api.h"

#include <chrono>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "askdb/catalog/semantic_model.h"
#include "askdb/catalog/semantic_model_csv.h"
#include "askdb/db/connector.h"
#include "askdb/db/schema.h"
#include "askdb/llm/llm_client.h"
#include "askdb/llm/ping.h"
#include "askdb/llm/provider_config.h"
#include "askdb/server/api/datasource_cache.h"
#include "askdb/server/api/knowledge_api.h"
#include "askdb/server/api/terms_api.h"
#include "askdb/server/json_request.h"
#include "askdb/server/security/secret_box.h"
#include "askdb/server/store/management_store.h"

namespace askdb::server::api {
namespace {

using Steady = std::chrono::steady_clock;
using JsonHandler = std::function<StatusOr<Json>(const HttpRequest&)>;

constexpr int64_t kDefaultListLimit = 100;
constexpr int64_t kMaxListLimit = 1000;
constexpr std::chrono::milliseconds kModelTestTimeout{30'000};
constexpr std::string_view kCsvContentType = "text/csv; charset=utf-8";

using Fields = std::span<const std::string_view>;

// The fields each body may hold. An update body also takes the read-only fields GET returns
// (id, created_at, ...) and ignores them, so an object read with GET can be sent back as it
// is; the path names the object.
constexpr std::string_view kAgentCreateFields[] = {
    "id",       "name",        "instructions", "datasource_id",   "selected_tables",
    "language", "plan_review", "fast_mode",    "preset_questions"};
constexpr std::string_view kAgentUpdateFields[] = {
    "name",     "instructions", "datasource_id", "selected_tables",
    "language", "plan_review",  "fast_mode",     "preset_questions",
    "id",       "created_at",   "updated_at"};
constexpr std::string_view kExampleCreateFields[] = {"id", "question", "sql"};
constexpr std::string_view kExampleUpdateFields[] = {"question", "sql", "id", "agent_id",
                                                     "created_at"};
constexpr std::string_view kDatasourceCreateFields[] = {"id", "name", "url", "password", "test"};
constexpr std::string_view kDatasourceUpdateFields[] = {
    "name", "url", "password", "id", "has_password", "created_at", "updated_at"};
constexpr std::string_view kRelationCreateFields[] = {"id", "from", "to", "kind", "description"};
constexpr std::string_view kRelationUpdateFields[] = {
    "from", "to", "kind", "description", "id", "datasource_id", "created_at"};
constexpr std::string_view kModelConfigCreateFields[] = {"id",       "active",   "name",   "model",
                                                         "provider", "base_url", "api_key"};
// A model is made active with POST /api/v1/models/{id}/activate: "active" is read-only here.
constexpr std::string_view kModelConfigUpdateFields[] = {
    "name", "model",       "provider",   "base_url",   "api_key",
    "id",   "has_api_key", "created_at", "updated_at", "active"};

// A JSON handler answered with `success` (200, 201) or the error's status.
Handler Wrap(JsonHandler handler, int success = 200) {
  return [handler = std::move(handler), success](const HttpRequest& request) {
    StatusOr<Json> body = handler(request);
    if (!body.ok()) return HttpResponse::FromStatus(body.status());
    return HttpResponse::JsonBody(*body, success);
  };
}

HttpResponse NoContent() {
  HttpResponse response;
  response.status = 204;
  return response;
}

Handler WrapDelete(std::function<Status(const HttpRequest&)> handler) {
  return [handler = std::move(handler)](const HttpRequest& request) {
    Status status = handler(request);
    return status.ok() ? NoContent() : HttpResponse::FromStatus(status);
  };
}

std::string Param(const HttpRequest& request, std::string_view name) {
  return std::string(request.PathParam(name));
}

// ?limit within [1, kMaxListLimit] and ?offset >= 0, naming the parameter when wrong.
StatusOr<int64_t> QueryInt(const HttpRequest& request, std::string_view name, int64_t fallback,
                           int64_t min, int64_t max) {
  std::optional<std::string> text = request.Query(name);
  if (!text || text->empty()) return fallback;
  int64_t value = 0;
  std::size_t used = 0;
  try {
    value = std::stoll(*text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text->size() || value < min || value > max) {
    return InvalidArgumentError("query parameter '" + std::string(name) + "' must be an integer " +
                                std::to_string(min) + ".." + std::to_string(max) + ", got '" +
                                *text + "'");
  }
  return value;
}

Json List(std::string_view key, Json items) {
  Json out = Json::object();
  out[std::string(key)] = std::move(items);
  return out;
}

template <typename Record>
Json ToArray(const std::vector<Record>& records, Json (*to_json)(const Record&)) {
  Json out = Json::array();
  for (const auto& r : records) out.push_back(to_json(r));
  return out;
}

// "table.column" → (table, column); InvalidArgument naming `field`.
StatusOr<std::pair<std::string, std::string>> SplitEnd(const std::string& text,
                                                       std::string_view field) {
  const std::size_t dot = text.rfind('.');
  if (dot == std::string::npos || dot == 0 || dot + 1 == text.size()) {
    return InvalidArgumentError("field '" + std::string(field) +
                                "' must be \"table.column\", got '" + text + "'");
  }
  return std::make_pair(text.substr(0, dot), text.substr(dot + 1));
}

class Management : public std::enable_shared_from_this<Management> {
 public:
  explicit Management(const ManagementDeps& deps) : deps_(deps) {}

  // The routes by resource, in the order the API lists them.
  void Register(const AdminRouteAdder& add) {
    RegisterAgentRoutes(add);
    RegisterKeyRoutes(add);
    RegisterExampleRoutes(add);
    RegisterDatasourceRoutes(add);
    RegisterSemanticModelRoutes(add);
    RegisterRelationRoutes(add);
    RegisterSessionRoutes(add);
    RegisterRunHistoryRoutes(add);
    RegisterModelRoutes(add);
  }

 private:
  // The agents themselves.
  void RegisterAgentRoutes(const AdminRouteAdder& add) {
    auto self = shared_from_this();
    add("GET", "/api/v1/agents", Wrap([self](const HttpRequest&) -> StatusOr<Json> {
          ASKDB_ASSIGN_OR_RETURN(auto agents, self->deps_.store->ListAgents());
          return List("agents", ToArray(agents, &store::AgentToJson));
        }));
    add("POST", "/api/v1/agents",
        Wrap([self](const HttpRequest& r) { return self->CreateAgent(r); }, 201));
    add("GET", "/api/v1/agents/{id}", Wrap([self](const HttpRequest& r) -> StatusOr<Json> {
          ASKDB_ASSIGN_OR_RETURN(auto agent, self->deps_.store->GetAgent(Param(r, "id")));
          return store::AgentToJson(agent);
        }));
    add("PUT", "/api/v1/agents/{id}",
        Wrap([self](const HttpRequest& r) { return self->UpdateAgent(r); }));
    add("DELETE", "/api/v1/agents/{id}",
        WrapDelete([self](const HttpRequest& r) { return self->DeleteAgent(r); }));
  }

  // Keys of an agent ("agent:<id>") and keys tied to a user ("user:<name>").
  void RegisterKeyRoutes(const AdminRouteAdder& add) {
    auto self = shared_from_this();
    for (std::string_view owner : {"agents/{id}", "users/{name}"}) {
      const std::string base = "/api/v1/" + std::string(owner) + "/keys";
      add("GET", base, Wrap([self](const HttpRequest& r) -> StatusOr<Json> {
            ASKDB_ASSIGN_OR_RETURN(std::string scope, self->KeyScope(r));
            return self->ListKeys(scope);
          }));
      add("POST", base,
          Wrap(
              [self](const HttpRequest& r) -> StatusOr<Json> {
                ASKDB_ASSIGN_OR_RETURN(std::string scope, self->KeyScope(r));
                return self->IssueKey(scope);
              },
              201));
      add("DELETE", base + "/{key_id}", WrapDelete([self](const HttpRequest& r) -> Status {
            ASKDB_ASSIGN_OR_RETURN(std::string scope, self->KeyScope(r));
            return self->RevokeKey(scope, Param(r, "key_id"));
          }));
    }
  }

  // An agent's example questions and their SQL.
  void RegisterExampleRoutes(const AdminRouteAdder& add) {
    auto self = shared_from_this();
    add("GET", "/api/v1/agents/{id}/examples", Wrap([self](const HttpRequest& r) -> StatusOr<Json> {
          ASKDB_RETURN_IF_ERROR(self->deps_.store->GetAgent(Param(r, "id")).status());
          ASKDB_ASSIGN_OR_RETURN(auto examples, self->deps_.store->ListExamples(Param(r, "id")));
          return List("examples", ToArray(examples, &store::ExampleToJson));
        }));
    add("POST", "/api/v1/agents/{id}/examples",
        Wrap([self](const HttpRequest& r) { return self->CreateExample(r); }, 201));
    add("GET", "/api/v1/agents/{id}/examples/{example_id}",
        Wrap([self](const HttpRequest& r) -> StatusOr<Json> {
          ASKDB_ASSIGN_OR_RETURN(auto example, self->AgentExample(r));
          return store::ExampleToJson(example);
        }));
    add("PUT", "/api/v1/agents/{id}/examples/{example_id}",
        Wrap([self](const HttpRequest& r) { return self->UpdateExample(r); }));
    add("DELETE", "/api/v1/agents/{id}/examples/{example_id}",
        WrapDelete([self](const HttpRequest& r) -> Status {
          ASKDB_ASSIGN_OR_RETURN(auto example, self->AgentExample(r));
          return self->deps_.store->DeleteExample(example.id);
        }));
  }

  // Datasources: their connection, test, tables and columns.
  void RegisterDatasourceRoutes(const AdminRouteAdder& add) {
    auto self = shared_from_this();
    add("GET", "/api/v1/datasources", Wrap([self](const HttpRequest&) -> StatusOr<Json> {
          ASKDB_ASSIGN_OR_RETURN(auto list, self->deps_.store->ListDatasources());
          return List("datasources", ToArray(list, &store::DatasourceToJson));
        }));
    add("POST", "/api/v1/datasources",
        Wrap([self](const HttpRequest& r) { return self->CreateDatasource(r); }, 201));
    add("GET", "/api/v1/datasources/{id}", Wrap([self](const HttpRequest& r) -> StatusOr<Json> {
          ASKDB_ASSIGN_OR_RETURN(auto ds, self->deps_.store->GetDatasource(Param(r, "id")));
          return store::DatasourceToJson(ds);
        }));
    add("PUT", "/api/v1/datasources/{id}",
        Wrap([self](const HttpRequest& r) { return self->UpdateDatasource(r); }));
    add("DELETE", "/api/v1/datasources/{id}", WrapDelete([self](const HttpRequest& r) -> Status {
          ASKDB_RETURN_IF_ERROR(self->deps_.store->DeleteDatasource(Param(r, "id")));
          self->deps_.datasources->Invalidate(Param(r, "id"));
          return Status::Ok();
        }));
    add("POST", "/api/v1/datasources/{id}/test",
        Wrap([self](const HttpRequest& r) { return self->TestDatasource(r); }));
    add("GET", "/api/v1/datasources/{id}/tables",
        Wrap([self](const HttpRequest& r) { return self->Tables(r); }));
    add("GET", "/api/v1/datasources/{id}/tables/{table}/columns",
        Wrap([self](const HttpRequest& r) { return self->Columns(r); }));
  }

  // A datasource's semantic model (set, import, export).
  void RegisterSemanticModelRoutes(const AdminRouteAdder& add) {
    auto self = shared_from_this();
    add("GET", "/api/v1/datasources/{id}/semantic-model",
        Wrap([self](const HttpRequest& r) -> StatusOr<Json> {
          ASKDB_RETURN_IF_ERROR(self->deps_.store->GetDatasource(Param(r, "id")).status());
          return self->deps_.store->GetSemanticModel(Param(r, "id"));
        }));
    add("PUT", "/api/v1/datasources/{id}/semantic-model",
        Wrap([self](const HttpRequest& r) -> StatusOr<Json> {
          ASKDB_ASSIGN_OR_RETURN(Json body, ParseJsonBody(r));
          return self->SaveModel(Param(r, "id"), body);
        }));
    add("DELETE", "/api/v1/datasources/{id}/semantic-model",
        WrapDelete([self](const HttpRequest& r) -> Status {
          ASKDB_RETURN_IF_ERROR(self->deps_.store->DeleteSemanticModel(Param(r, "id")));
          self->deps_.datasources->Invalidate(Param(r, "id"));
          return Status::Ok();
        }));
    add("POST", "/api/v1/datasources/{id}/semantic-model/import",
        Wrap([self](const HttpRequest& r) { return self->ImportModel(r); }));
    add("GET", "/api/v1/datasources/{id}/semantic-model/export",
        [self](const HttpRequest& r) { return self->ExportModel(r); });
  }

  // A datasource's declared relations between tables.
  void RegisterRelationRoutes(const AdminRouteAdder& add) {
    auto self = shared_from_this();
    add("GET", "/api/v1/datasources/{id}/relations",
        Wrap([self](const HttpRequest& r) -> StatusOr<Json> {
          ASKDB_RETURN_IF_ERROR(self->deps_.store->GetDatasource(Param(r, "id")).status());
          ASKDB_ASSIGN_OR_RETURN(auto list, self->deps_.store->ListRelations(Param(r, "id")));
          return List("relations", ToArray(list, &store::RelationToJson));
        }));
    add("POST", "/api/v1/datasources/{id}/relations",
        Wrap([self](const HttpRequest& r) { return self->SaveRelation(r, true); }, 201));
    add("GET", "/api/v1/datasources/{id}/relations/{relation_id}",
        Wrap([self](const HttpRequest& r) -> StatusOr<Json> {
          ASKDB_ASSIGN_OR_RETURN(auto relation, self->DatasourceRelation(r));
          return store::RelationToJson(relation);
        }));
    add("PUT", "/api/v1/datasources/{id}/relations/{relation_id}",
        Wrap([self](const HttpRequest& r) { return self->SaveRelation(r, false); }));
    add("DELETE", "/api/v1/datasources/{id}/relations/{relation_id}",
        WrapDelete([self](const HttpRequest& r) -> Status {
          ASKDB_ASSIGN_OR_RETURN(auto relation, self->DatasourceRelation(r));
          ASKDB_RETURN_IF_ERROR(self->deps_.store->DeleteRelation(relation.id));
          self->deps_.datasources->Invalidate(relation.datasource_id);
          return Status::Ok();
        }));
  }

  // Sessions and messages.
  void RegisterSessionRoutes(const AdminRouteAdder& add) {
    auto self = shared_from_this();
    add("GET", "/api/v1/sessions", Wrap([self](const HttpRequest& r) -> StatusOr<Json> {
          ASKDB_ASSIGN_OR_RETURN(int64_t limit,
                                 QueryInt(r, "limit", kDefaultListLimit, 1, kMaxListLimit));
          ASKDB_ASSIGN_OR_RETURN(
              auto list, self->deps_.store->ListSessions(r.Query("agent").value_or(""), limit));
          return List("sessions", ToArray(list, &store::SessionToJson));
        }));
    add("POST", "/api/v1/sessions",
        Wrap(
            [self](const HttpRequest& r) -> StatusOr<Json> {
              ASKDB_ASSIGN_OR_RETURN(Json body, ParseJsonBody(r, {"id", "agent_id", "title"}));
              store::SessionRecord session;
              session.agent_id = std::string(store::kDefaultAgentId);
              ASKDB_RETURN_IF_ERROR(OptionalString(body, "id", &session.id));
              ASKDB_RETURN_IF_ERROR(OptionalString(body, "agent_id", &session.agent_id));
              ASKDB_RETURN_IF_ERROR(OptionalString(body, "title", &session.title));
              ASKDB_ASSIGN_OR_RETURN(session, self->deps_.store->CreateSession(session));
              return store::SessionToJson(session);
            },
            201));
    add("GET", "/api/v1/sessions/{id}", Wrap([self](const HttpRequest& r) -> StatusOr<Json> {
          ASKDB_ASSIGN_OR_RETURN(auto session, self->deps_.store->GetSession(Param(r, "id")));
          return store::SessionToJson(session);
        }));
    add("PATCH", "/api/v1/sessions/{id}", Wrap([self](const HttpRequest& r) -> StatusOr<Json> {
          ASKDB_ASSIGN_OR_RETURN(Json body, ParseJsonBody(r, {"title"}));
          ASKDB_ASSIGN_OR_RETURN(std::string title, RequireString(body, "title"));
          ASKDB_ASSIGN_OR_RETURN(auto session,
                                 self->deps_.store->RenameSession(Param(r, "id"), title));
          return store::SessionToJson(session);
        }));
    add("DELETE", "/api/v1/sessions/{id}", WrapDelete([self](const HttpRequest& r) {
          return self->deps_.store->DeleteSession(Param(r, "id"));
        }));
    add("GET", "/api/v1/sessions/{id}/messages",
        Wrap([self](const HttpRequest& r) -> StatusOr<Json> {
          ASKDB_RETURN_IF_ERROR(self->deps_.store->GetSession(Param(r, "id")).status());
          ASKDB_ASSIGN_OR_RETURN(auto list, self->deps_.store->ListMessages(Param(r, "id")));
          return List("messages", ToArray(list, &store::MessageToJson));
        }));
  }

  // Run history.
  void RegisterRunHistoryRoutes(const AdminRouteAdder& add) {
    auto self = shared_from_this();
    add("GET", "/api/v1/runs/history", Wrap([self](const HttpRequest& r) -> StatusOr<Json> {
          store::RunFilter filter;
          filter.agent_id = r.Query("agent").value_or("");
          filter.thread_id = r.Query("thread").value_or("");
          filter.outcome = r.Query("outcome").value_or("");
          ASKDB_ASSIGN_OR_RETURN(filter.limit,
                                 QueryInt(r, "limit", kDefaultListLimit, 1, kMaxListLimit));
          ASKDB_ASSIGN_OR_RETURN(filter.offset,
                                 QueryInt(r, "offset", 0, 0, std::numeric_limits<int64_t>::max()));
          ASKDB_ASSIGN_OR_RETURN(auto runs, self->deps_.store->ListRuns(filter));
          Json out = Json::array();
          for (const auto& run : runs) out.push_back(store::RunRecordToJson(run, false));
          return List("runs", std::move(out));
        }));
    add("GET", "/api/v1/runs/{id}/history", Wrap([self](const HttpRequest& r) -> StatusOr<Json> {
          store::RunFilter filter;
          filter.thread_id = Param(r, "id");
          filter.limit = kMaxListLimit;
          ASKDB_ASSIGN_OR_RETURN(auto runs, self->deps_.store->ListRuns(filter));
          if (runs.empty()) {
            return NotFoundError("no recorded run of thread '" + filter.thread_id +
                                 "'; runs are recorded when they finish");
          }
          Json out = Json::array();
          for (const auto& run : runs) out.push_back(store::RunRecordToJson(run, true));
          return Json{{"thread_id", filter.thread_id}, {"runs", std::move(out)}};
        }));
  }

  // Models.
  void RegisterModelRoutes(const AdminRouteAdder& add) {
    auto self = shared_from_this();
    add("GET", "/api/v1/models", Wrap([self](const HttpRequest&) -> StatusOr<Json> {
          ASKDB_ASSIGN_OR_RETURN(auto list, self->deps_.store->ListModels());
          return List("models", ToArray(list, &store::ModelConfigToJson));
        }));
    add("POST", "/api/v1/models",
        Wrap([self](const HttpRequest& r) { return self->SaveModelConfig(r, true); }, 201));
    add("GET", "/api/v1/models/{id}", Wrap([self](const HttpRequest& r) -> StatusOr<Json> {
          ASKDB_ASSIGN_OR_RETURN(auto model, self->deps_.store->GetModel(Param(r, "id")));
          return store::ModelConfigToJson(model);
        }));
    add("PUT", "/api/v1/models/{id}",
        Wrap([self](const HttpRequest& r) { return self->SaveModelConfig(r, false); }));
    add("DELETE", "/api/v1/models/{id}", WrapDelete([self](const HttpRequest& r) {
          return self->deps_.store->DeleteModel(Param(r, "id"));
        }));
    add("POST", "/api/v1/models/{id}/activate",
        Wrap([self](const HttpRequest& r) -> StatusOr<Json> {
          ASKDB_RETURN_IF_ERROR(self->deps_.store->ActivateModel(Param(r, "id")));
          ASKDB_ASSIGN_OR_RETURN(auto model, self->deps_.store->GetModel(Param(r, "id")));
          return store::ModelConfigToJson(model);
        }));
    add("POST", "/api/v1/models/{id}/test",
        Wrap([self](const HttpRequest& r) { return self->TestModel(r); }));
  }

  // ------------------------------------------------------------------ agents
  static Status ReadAgentFields(const Json& body, store::AgentRecord& agent) {
    ASKDB_RETURN_IF_ERROR(OptionalString(body, "name", &agent.name));
    ASKDB_RETURN_IF_ERROR(OptionalString(body, "instructions", &agent.instructions));
    ASKDB_RETURN_IF_ERROR(OptionalString(body, "datasource_id", &agent.datasource_id));
    ASKDB_RETURN_IF_ERROR(OptionalStringArray(body, "selected_tables", &agent.selected_tables));
    ASKDB_RETURN_IF_ERROR(OptionalString(body, "language", &agent.language));
    if (body.contains("plan_review")) {
      if (body["plan_review"].is_null()) {
        agent.plan_review.reset();
      } else {
        bool value = false;
        ASKDB_RETURN_IF_ERROR(OptionalBool(body, "plan_review", &value));
        agent.plan_review = value;
      }
    }
    ASKDB_RETURN_IF_ERROR(OptionalBool(body, "fast_mode", &agent.fast_mode));
    return OptionalStringArray(body, "preset_questions", &agent.preset_questions);
  }

  StatusOr<Json> CreateAgent(const HttpRequest& r) {
    ASKDB_ASSIGN_OR_RETURN(Json body, ParseJsonBody(r, kAgentCreateFields));
    store::AgentRecord agent;
    agent.datasource_id = std::string(store::kDefaultDatasourceId);
    ASKDB_RETURN_IF_ERROR(OptionalString(body, "id", &agent.id));
    ASKDB_RETURN_IF_ERROR(ReadAgentFields(body, agent));
    ASKDB_ASSIGN_OR_RETURN(agent, deps_.store->CreateAgent(agent));
    return store::AgentToJson(agent);
  }

  StatusOr<Json> UpdateAgent(const HttpRequest& r) {
    ASKDB_ASSIGN_OR_RETURN(Json body, ParseJsonBody(r, kAgentUpdateFields));
    ASKDB_ASSIGN_OR_RETURN(store::AgentRecord agent, deps_.store->GetAgent(Param(r, "id")));
    ASKDB_RETURN_IF_ERROR(ReadAgentFields(body, agent));
    ASKDB_ASSIGN_OR_RETURN(agent, deps_.store->UpdateAgent(agent));
    return store::AgentToJson(agent);
  }

  Status DeleteAgent(const HttpRequest& r) {
    const std::string id = Param(r, "id");
    if (id == store::kDefaultAgentId) {
      return FailedPreconditionError(
          "the default agent answers runs that name no agent and cannot be deleted; change it "
          "with PUT instead");
    }
    ASKDB_RETURN_IF_ERROR(deps_.store->DeleteAgent(id));
    // Its keys stop working with it.
    if (deps_.keys != nullptr) {
      ASKDB_ASSIGN_OR_RETURN(auto records, deps_.keys->List());
      for (const auto& record : records) {
        if (record.scope == security::AgentScope(id) && !record.revoked) {
          ASKDB_RETURN_IF_ERROR(deps_.keys->Revoke(record.id));
        }
      }
    }
    return Status::Ok();
  }

  Status RequireKeys() const {
    if (deps_.keys == nullptr) {
      return UnavailableError(
          "this server runs without API keys (--no-auth); agent keys cannot be managed");
    }
    return Status::Ok();
  }

  // The scope of the keys a key route names: "agent:<id>" of an existing agent, or
  // "user:<name>" of an existing user (NotFound otherwise).
  StatusOr<std::string> KeyScope(const HttpRequest& r) const {
    ASKDB_RETURN_IF_ERROR(RequireKeys());
    if (r.PathParam("name").empty()) {
      ASKDB_RETURN_IF_ERROR(deps_.store->GetAgent(Param(r, "id")).status());
      return security::AgentScope(Param(r, "id"));
    }
    if (!deps_.user_exists) {
      return UnavailableError("this server has no user accounts; keys cannot be tied to users");
    }
    ASKDB_RETURN_IF_ERROR(deps_.user_exists(Param(r, "name")));
    return security::UserScope(Param(r, "name"));
  }

  StatusOr<Json> ListKeys(const std::string& scope) {
    ASKDB_ASSIGN_OR_RETURN(auto records, deps_.keys->List());
    Json out = Json::array();
    for (const auto& record : records) {
      if (record.scope == scope) {
        out.push_back(security::ApiKeyRecordToJson(record, /*include_hash=*/false));
      }
    }
    return List("keys", std::move(out));
  }

  StatusOr<Json> IssueKey(const std::string& scope) {
    ASKDB_ASSIGN_OR_RETURN(security::IssuedApiKey issued,
                           security::IssueApiKey(*deps_.keys, scope, deps_.key_hash_options));
    Json out = security::ApiKeyRecordToJson(issued.record, /*include_hash=*/false);
    out["key"] = issued.key;
    out["note"] = "the key is shown only now; store it safely";
    return out;
  }

  Status RevokeKey(const std::string& scope, const std::string& key_id) {
    StatusOr<security::ApiKeyRecord> record = deps_.keys->FindById(key_id);
    if (!record.ok() && record.status().code() != StatusCode::kNotFound) return record.status();
    if (!record.ok() || record->scope != scope) {
      return NotFoundError(scope + " has no key '" + key_id + "'");
    }
    return deps_.keys->Revoke(record->id);
  }

  StatusOr<store::ExampleRecord> AgentExample(const HttpRequest& r) {
    ASKDB_ASSIGN_OR_RETURN(store::ExampleRecord example,
                           deps_.store->GetExample(Param(r, "example_id")));
    if (example.agent_id != Param(r, "id")) {
      return NotFoundError("agent '" + Param(r, "id") + "' has no example '" +
                           Param(r, "example_id") + "'");
    }
    return example;
  }

  StatusOr<Json> CreateExample(const HttpRequest& r) {
    ASKDB_ASSIGN_OR_RETURN(Json body, ParseJsonBody(r, kExampleCreateFields));
    ASKDB_RETURN_IF_ERROR(deps_.store->GetAgent(Param(r, "id")).status());
    store::ExampleRecord example;
    example.agent_id = Param(r, "id");
    ASKDB_RETURN_IF_ERROR(OptionalString(body, "id", &example.id));
    ASKDB_ASSIGN_OR_RETURN(example.question, RequireString(body, "question"));
    ASKDB_ASSIGN_OR_RETURN(example.sql, RequireString(body, "sql"));
    ASKDB_ASSIGN_OR_RETURN(example, deps_.store->CreateExample(example));
    return store::ExampleToJson(example);
  }

  StatusOr<Json> UpdateExample(const HttpRequest& r) {
    ASKDB_ASSIGN_OR_RETURN(Json body, ParseJsonBody(r, kExampleUpdateFields));
    ASKDB_ASSIGN_OR_RETURN(store::ExampleRecord example, AgentExample(r));
    ASKDB_RETURN_IF_ERROR(OptionalString(body, "question", &example.question));
    ASKDB_RETURN_IF_ERROR(OptionalString(body, "sql", &example.sql));
    ASKDB_ASSIGN_OR_RETURN(example, deps_.store->UpdateExample(example));
    return store::ExampleToJson(example);
  }

  // ------------------------------------------------------------------ datasources
  // Reads url/password: a password inside the URL is taken out and sealed like one given
  // in "password". `*password_given` tells whether the body set one ("" removes it).
  Status ReadConnection(const Json& body, store::DatasourceRecord& ds, bool creating) {
    std::string url;
    ASKDB_RETURN_IF_ERROR(OptionalString(body, "url", &url));
    if (creating && url.empty()) {
      return InvalidArgumentError("field 'url' is required: the database URL without a password");
    }
    std::optional<std::string> password;
    if (body.contains("password") && !body["password"].is_null()) {
      std::string value;
      ASKDB_RETURN_IF_ERROR(OptionalString(body, "password", &value));
      password = std::move(value);
    }
    if (!url.empty()) {
      ASKDB_ASSIGN_OR_RETURN(SplitUrl split, SplitPassword(url));
      ASKDB_RETURN_IF_ERROR(deps_.datasource_policy.Check(split.url));
      ds.url = split.url;
      if (split.has_password && !password) password = split.password;
    }
    if (password) {
      if (password->empty()) {
        ds.sealed_password.clear();
      } else {
        // Checks that the URL can carry it before sealing.
        ASKDB_RETURN_IF_ERROR(JoinPassword(ds.url, *password).status());
        ASKDB_ASSIGN_OR_RETURN(ds.sealed_password, deps_.secrets->Seal(*password));
      }
    }
    return Status::Ok();
  }

  StatusOr<Json> CreateDatasource(const HttpRequest& r) {
    ASKDB_ASSIGN_OR_RETURN(Json body, ParseJsonBody(r, kDatasourceCreateFields));
    store::DatasourceRecord ds;
    ASKDB_RETURN_IF_ERROR(OptionalString(body, "id", &ds.id));
    ASKDB_ASSIGN_OR_RETURN(ds.name, RequireString(body, "name"));
    ASKDB_RETURN_IF_ERROR(ReadConnection(body, ds, true));
    // "test": true connects before anything is stored, so a datasource that cannot connect
    // is never saved (no create-then-delete a client could leave half done).
    bool test = false;
    ASKDB_RETURN_IF_ERROR(OptionalBool(body, "test", &test));
    if (test) {
      const Json probe = Probe(ds);
      if (!probe.value("ok", false)) {
        std::string why = probe["error"].value("message", std::string());
        while (!why.empty() && (why.back() == '.' || why.back() == ' ')) why.pop_back();
        // A privileged role is refused with what to do instead; "check the URL and the
        // password" would send the person the wrong way.
        const bool says_what_to_do = why.find("allow_privileged_role") != std::string::npos;
        return FailedPreconditionError(
            "cannot connect to the datasource (nothing was saved): " + why +
            (says_what_to_do
                 ? "."
                 : ". Check the URL (host, port, database or file path) and the password"));
      }
    }
    ASKDB_ASSIGN_OR_RETURN(ds, deps_.store->CreateDatasource(ds));
    return store::DatasourceToJson(ds);
  }

  StatusOr<Json> UpdateDatasource(const HttpRequest& r) {
    ASKDB_ASSIGN_OR_RETURN(Json body, ParseJsonBody(r, kDatasourceUpdateFields));
    ASKDB_ASSIGN_OR_RETURN(store::DatasourceRecord ds, deps_.store->GetDatasource(Param(r, "id")));
    ASKDB_RETURN_IF_ERROR(OptionalString(body, "name", &ds.name));
    ASKDB_RETURN_IF_ERROR(ReadConnection(body, ds, false));
    ASKDB_ASSIGN_OR_RETURN(ds, deps_.store->UpdateDatasource(ds));
    deps_.datasources->Invalidate(ds.id);
    return store::DatasourceToJson(ds);
  }

  StatusOr<Json> TestDatasource(const HttpRequest& r) {
    ASKDB_ASSIGN_OR_RETURN(store::DatasourceRecord ds, deps_.store->GetDatasource(Param(r, "id")));
    // A record stored before the policy (or under a wider one) is not probed either.
    ASKDB_RETURN_IF_ERROR(deps_.datasource_policy.Check(ds.url));
    return Probe(ds);
  }

  // Connects to `ds` and runs SELECT 1: {"ok": true, engine, latency_ms} or
  // {"ok": false, "error": {code, message}}.
  Json Probe(const store::DatasourceRecord& ds) const {
    const Steady::time_point start = Steady::now();
    auto failed = [&](const Status& status) {
      return Json{
          {"ok", false},
          {"error",
           {{"code", std::string(StatusCodeName(status.code()))}, {"message", status.message()}}}};
    };
    StatusOr<std::unique_ptr<db::Connector>> connector = deps_.datasources->Connect(ds);
    if (!connector.ok()) return failed(connector.status());
    StatusOr<db::ResultSet> rows = (*connector)->Execute("SELECT 1", db::QueryOptions{});
    if (!rows.ok()) return failed(rows.status());
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(Steady::now() - start).count();
    return Json{{"ok", true}, {"engine", std::string((*connector)->engine())}, {"latency_ms", ms}};
  }

  StatusOr<db::DatabaseSchema> Introspect(const HttpRequest& r, std::vector<std::string> tables) {
    ASKDB_ASSIGN_OR_RETURN(store::DatasourceRecord ds, deps_.store->GetDatasource(Param(r, "id")));
    ASKDB_RETURN_IF_ERROR(deps_.datasource_policy.Check(ds.url));
    ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<db::Connector> connector,
                           deps_.datasources->Connect(ds));
    db::IntrospectOptions options;
    options.tables = std::move(tables);
    options.sample_values_per_column = 0;
    return connector->Introspect(options);
  }

  // The datasource's stored semantic model, for the business names the schema pages show
  // beside the physical ones; none when it has no (readable) model.
  std::optional<catalog::SemanticModel> StoredModel(const std::string& id) {
    StatusOr<Json> stored = deps_.store->GetSemanticModel(id);
    if (!stored.ok()) return std::nullopt;
    StatusOr<catalog::SemanticModel> model = catalog::SemanticModelFromJson(*stored);
    if (!model.ok()) return std::nullopt;
    return std::move(*model);
  }

  StatusOr<Json> Tables(const HttpRequest& r) {
    ASKDB_ASSIGN_OR_RETURN(db::DatabaseSchema schema, Introspect(r, {}));
    const std::optional<catalog::SemanticModel> model = StoredModel(Param(r, "id"));
    Json out = Json::array();
    for (const auto& table : schema.tables) {
      Json t{{"name", table.name},
             {"schema", table.schema},
             {"comment", table.comment},
             {"columns", table.columns.size()}};
      t["row_count"] = table.row_count ? Json(*table.row_count) : Json(nullptr);
      // The declared keys, for the relations page's diagram beside the logical ones.
      Json keys = Json::array();
      for (const db::ForeignKey& fk : table.foreign_keys) {
        keys.push_back({{"columns", fk.columns},
                        {"ref_table", fk.ref_table},
                        {"ref_columns", fk.ref_columns}});
      }
      t["foreign_keys"] = std::move(keys);
      if (const catalog::TableSemantics* ts = model ? model->FindTable(table.name) : nullptr) {
        catalog::WriteLocalized(t, "business_name", ts->business_name);
      }
      out.push_back(std::move(t));
    }
    return Json{{"engine", schema.engine}, {"tables", std::move(out)}};
  }

  StatusOr<Json> Columns(const HttpRequest& r) {
    const std::string name = Param(r, "table");
    ASKDB_ASSIGN_OR_RETURN(db::DatabaseSchema schema, Introspect(r, {name}));
    const std::optional<catalog::SemanticModel> model = StoredModel(Param(r, "id"));
    const catalog::TableSemantics* ts = model ? model->FindTable(name) : nullptr;
    for (const auto& table : schema.tables) {
      if (table.name != name) continue;
      Json out = Json::array();
      for (const auto& column : table.columns) {
        Json c{{"name", column.name},
               {"type", column.type},
               {"nullable", column.nullable},
               {"primary_key", column.primary_key},
               {"comment", column.comment}};
        if (const catalog::ColumnSemantics* cs = ts ? ts->FindColumn(column.name) : nullptr) {
          catalog::WriteLocalized(c, "business_name", cs->business_name);
          if (!cs->unit.empty()) c["unit"] = cs->unit;
        }
        out.push_back(std::move(c));
      }
      return Json{{"table", name}, {"columns", std::move(out)}};
    }
    return NotFoundError("datasource '" + Param(r, "id") + "' has no table '" + name +
                         "'; GET .../tables lists them");
  }

  // ------------------------------------------------------------------ semantic model
  StatusOr<Json> SaveModel(const std::string& id, const Json& body) {
    ASKDB_RETURN_IF_ERROR(deps_.store->GetDatasource(id).status());
    StatusOr<catalog::SemanticModel> model = catalog::SemanticModelFromJson(body);
    if (!model.ok()) {
      return InvalidArgumentError("semantic model: " + model.status().message());
    }
    Json normalised = catalog::ToJson(*model);
    ASKDB_RETURN_IF_ERROR(deps_.store->PutSemanticModel(id, normalised));
    deps_.datasources->Invalidate(id);
    return normalised;
  }

  StatusOr<Json> ImportModel(const HttpRequest& r) {
    const std::string id = Param(r, "id");
    const std::string type = r.Header("Content-Type").value_or("");
    const std::string media = type.substr(0, type.find(';'));
    if (EqualsIgnoreCase(media, "text/csv")) {
      StatusOr<catalog::SemanticModel> imported = catalog::ImportSemanticModelCsv(r.body, "", id);
      if (!imported.ok()) return InvalidArgumentError("csv: " + imported.status().message());
      // CSV carries no relations and value labels: keep the stored model's relations.
      StatusOr<Json> stored = deps_.store->GetSemanticModel(id);
      if (stored.ok()) {
        StatusOr<catalog::SemanticModel> previous = catalog::SemanticModelFromJson(*stored);
        if (previous.ok()) imported->relations = previous->relations;
      }
      return SaveModel(id, catalog::ToJson(*imported));
    }
    ASKDB_ASSIGN_OR_RETURN(Json body, ParseJsonBody(r));
    if (body.contains("entries")) {
      // {"entries": "<csv>", "relations": "<csv>"?}: both CSV files at once.
      ASKDB_RETURN_IF_ERROR(RejectUnknownFields(body, {"entries", "relations"}));
      ASKDB_ASSIGN_OR_RETURN(std::string entries, RequireString(body, "entries"));
      std::string relations;
      ASKDB_RETURN_IF_ERROR(OptionalString(body, "relations", &relations));
      StatusOr<catalog::SemanticModel> imported =
          catalog::ImportSemanticModelCsv(entries, relations, id);
      if (!imported.ok()) return InvalidArgumentError("csv: " + imported.status().message());
      return SaveModel(id, catalog::ToJson(*imported));
    }
    return SaveModel(id, body);
  }

  HttpResponse ExportModel(const HttpRequest& r) {
    const std::string id = Param(r, "id");
    const std::string format = r.Query("format").value_or("json");
    if (format != "json" && format != "csv") {
      return HttpResponse::FromStatus(InvalidArgumentError(
          "query parameter 'format' must be json or csv, got '" + format + "'"));
    }
    StatusOr<Json> stored = deps_.store->GetSemanticModel(id);
    if (!stored.ok()) return HttpResponse::FromStatus(stored.status());
    if (format == "json") {
      HttpResponse response = HttpResponse::JsonBody(*stored);
      response.headers.Set("Content-Disposition",
                           "attachment; filename=\"" + id + ".semantic.json\"");
      return response;
    }
    const std::string part = r.Query("part").value_or("entries");
    if (part != "entries" && part != "relations") {
      return HttpResponse::FromStatus(InvalidArgumentError(
          "query parameter 'part' must be entries or relations, got '" + part + "'"));
    }
    StatusOr<catalog::SemanticModel> model = catalog::SemanticModelFromJson(*stored);
    if (!model.ok()) return HttpResponse::FromStatus(model.status());
    StatusOr<catalog::SemanticModelCsv> csv = catalog::ExportSemanticModelCsv(*model);
    if (!csv.ok()) return HttpResponse::FromStatus(csv.status());
    HttpResponse response;
    response.content_type = std::string(kCsvContentType);
    response.body = part == "entries" ? csv->entries : csv->relations;
    response.headers.Set("Content-Disposition",
                         "attachment; filename=\"" + id + "." + part + ".csv\"");
    return response;
  }

  // ------------------------------------------------------------------ relations
  StatusOr<store::RelationRecord> DatasourceRelation(const HttpRequest& r) {
    ASKDB_ASSIGN_OR_RETURN(store::RelationRecord relation,
                           deps_.store->GetRelation(Param(r, "relation_id")));
    if (relation.datasource_id != Param(r, "id")) {
      return NotFoundError("datasource '" + Param(r, "id") + "' has no relation '" +
                           Param(r, "relation_id") + "'");
    }
    return relation;
  }

  StatusOr<Json> SaveRelation(const HttpRequest& r, bool creating) {
    ASKDB_ASSIGN_OR_RETURN(Json body, ParseJsonBody(r, creating ? Fields(kRelationCreateFields)
                                                                : Fields(kRelationUpdateFields)));
    store::RelationRecord relation;
    if (creating) {
      ASKDB_RETURN_IF_ERROR(deps_.store->GetDatasource(Param(r, "id")).status());
      relation.datasource_id = Param(r, "id");
      ASKDB_RETURN_IF_ERROR(OptionalString(body, "id", &relation.id));
    } else {
      ASKDB_ASSIGN_OR_RETURN(relation, DatasourceRelation(r));
    }
    std::string from =
        relation.from_table.empty() ? "" : relation.from_table + "." + relation.from_column;
    std::string to = relation.to_table.empty() ? "" : relation.to_table + "." + relation.to_column;
    if (creating) {
      ASKDB_ASSIGN_OR_RETURN(from, RequireString(body, "from"));
      ASKDB_ASSIGN_OR_RETURN(to, RequireString(body, "to"));
    } else {
      ASKDB_RETURN_IF_ERROR(OptionalString(body, "from", &from));
      ASKDB_RETURN_IF_ERROR(OptionalString(body, "to", &to));
    }
    ASKDB_ASSIGN_OR_RETURN(auto from_end, SplitEnd(from, "from"));
    ASKDB_ASSIGN_OR_RETURN(auto to_end, SplitEnd(to, "to"));
    relation.from_table = from_end.first;
    relation.from_column = from_end.second;
    relation.to_table = to_end.first;
    relation.to_column = to_end.second;
    ASKDB_RETURN_IF_ERROR(OptionalString(body, "kind", &relation.kind));
    ASKDB_RETURN_IF_ERROR(OptionalString(body, "description", &relation.description));
    if (creating) {
      ASKDB_ASSIGN_OR_RETURN(relation, deps_.store->CreateRelation(relation));
    } else {
      ASKDB_ASSIGN_OR_RETURN(relation, deps_.store->UpdateRelation(relation));
    }
    deps_.datasources->Invalidate(relation.datasource_id);
    return store::RelationToJson(relation);
  }

  // ------------------------------------------------------------------ models
  StatusOr<Json> SaveModelConfig(const HttpRequest& r, bool creating) {
    ASKDB_ASSIGN_OR_RETURN(Json body,
                           ParseJsonBody(r, creating ? Fields(kModelConfigCreateFields)
                                                     : Fields(kModelConfigUpdateFields)));
    store::ModelConfigRecord model;
    if (creating) {
      ASKDB_RETURN_IF_ERROR(OptionalString(body, "id", &model.id));
      ASKDB_ASSIGN_OR_RETURN(model.name, RequireString(body, "name"));
      ASKDB_ASSIGN_OR_RETURN(model.model, RequireString(body, "model"));
      ASKDB_RETURN_IF_ERROR(OptionalBool(body, "active", &model.active));
    } else {
      ASKDB_ASSIGN_OR_RETURN(model, deps_.store->GetModel(Param(r, "id")));
      ASKDB_RETURN_IF_ERROR(OptionalString(body, "name", &model.name));
      ASKDB_RETURN_IF_ERROR(OptionalString(body, "model", &model.model));
    }
    ASKDB_RETURN_IF_ERROR(OptionalString(body, "provider", &model.provider));
    ASKDB_RETURN_IF_ERROR(OptionalString(body, "base_url", &model.base_url));
    if (body.contains("api_key") && !body["api_key"].is_null()) {
      std::string key;
      ASKDB_RETURN_IF_ERROR(OptionalString(body, "api_key", &key));
      if (key.empty()) {
        model.sealed_api_key.clear();
      } else {
        ASKDB_ASSIGN_OR_RETURN(model.sealed_api_key, deps_.secrets->Seal(key));
      }
    }
    if (creating) {
      ASKDB_ASSIGN_OR_RETURN(model, deps_.store->CreateModel(model));
    } else {
      ASKDB_ASSIGN_OR_RETURN(model, deps_.store->UpdateModel(model));
    }
    return store::ModelConfigToJson(model);
  }

  StatusOr<Json> TestModel(const HttpRequest& r) {
    ASKDB_ASSIGN_OR_RETURN(store::ModelConfigRecord model, deps_.store->GetModel(Param(r, "id")));
    llm::ProviderConfig config;
    config.name = model.name;
    config.base_url = model.base_url.empty() ? std::string(llm::kDefaultBaseUrl) : model.base_url;
    config.model = model.model;
    if (!model.sealed_api_key.empty()) {
      ASKDB_ASSIGN_OR_RETURN(config.api_key, deps_.secrets->Open(model.sealed_api_key));
    }
    config.max_retries = 0;  // one call: the test reports what happened, it does not insist
    StatusOr<std::unique_ptr<llm::LlmClient>> client =
        deps_.make_llm ? deps_.make_llm(config)
                       : StatusOr<std::unique_ptr<llm::LlmClient>>(llm::MakeLlmClient(config));
    auto failed = [](const Status& status) {
      return Json{
          {"ok", false},
          {"error",
           {{"code", std::string(StatusCodeName(status.code()))}, {"message", status.message()}}}};
    };
    if (!client.ok()) return failed(client.status());
    StatusOr<llm::PingResult> ping = llm::Ping(**client, kModelTestTimeout);
    if (!ping.ok()) return failed(ping.status());
    return Json{{"ok", true},
                {"model", ping->model},
                {"latency_ms", ping->latency_ms},
                {"reply", ping->reply}};
  }

  ManagementDeps deps_;
};

}  // namespace

Status RegisterManagementRoutes(const AdminRouteAdder& add, const ManagementDeps& deps) {
  if (deps.store == nullptr || deps.datasources == nullptr || deps.secrets == nullptr) {
    return InvalidArgumentError(
        "the management routes need a store, a datasource cache and a secret box");
  }
  std::make_shared<Management>(deps)->Register(add);
  if (deps.knowledge != nullptr) RegisterKnowledgeRoutes(add, *deps.knowledge);
  if (deps.terms != nullptr) {
    ASKDB_RETURN_IF_ERROR(RegisterTermRoutes(
        add, {.terms = deps.terms, .store = deps.store, .datasources = deps.datasources}));
  }
  return Status::Ok();
}

Status EnsureDefaultAgent(store::ManagementStore& store, const security::SecretBox& secrets,
                          std::string_view db_url) {
  ASKDB_ASSIGN_OR_RETURN(SplitUrl split, SplitPassword(db_url));
  std::string sealed;
  if (split.has_password) {
    ASKDB_ASSIGN_OR_RETURN(sealed, secrets.Seal(split.password));
  }
  StatusOr<store::DatasourceRecord> existing = store.GetDatasource(store::kDefaultDatasourceId);
  if (existing.ok()) {
    StatusOr<std::string> old_password = existing->sealed_password.empty()
                                             ? StatusOr<std::string>(std::string())
                                             : secrets.Open(existing->sealed_password);
    const bool same =
        existing->url == split.url && old_password.ok() && *old_password == split.password;
    if (!same) {
      existing->url = split.url;
      existing->sealed_password = sealed;
      ASKDB_RETURN_IF_ERROR(store.UpdateDatasource(*existing).status());
    }
  } else if (existing.status().code() == StatusCode::kNotFound) {
    store::DatasourceRecord ds;
    ds.id = std::string(store::kDefaultDatasourceId);
    ds.name = "default (askdb serve --db)";
    ds.url = split.url;
    ds.sealed_password = sealed;
    // AlreadyExists: another replica on the shared store created it at the same moment.
    const Status created = store.CreateDatasource(ds).status();
    if (!created.ok() && created.code() != StatusCode::kAlreadyExists) return created;
  } else {
    return existing.status();
  }
  StatusOr<store::AgentRecord> agent = store.GetAgent(store::kDefaultAgentId);
  if (agent.status().code() == StatusCode::kNotFound) {
    store::AgentRecord created;
    created.id = std::string(store::kDefaultAgentId);
    created.name = "default";
    created.datasource_id = std::string(store::kDefaultDatasourceId);
    const Status made = store.CreateAgent(created).status();
    return made.code() == StatusCode::kAlreadyExists ? Status::Ok() : made;
  }
  return agent.status();
}

}  // namespace askdb::server::api
