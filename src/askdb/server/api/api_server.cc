#include "askdb/server/api/api_server.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <functional>
#include <thread>
#include <utility>

#include "askdb/agent/ask/question_check.h"
#include "askdb/server/api/agent_schema_route.h"
#include "askdb/server/api/mcp_endpoint.h"
#include "askdb/server/api/permissions_api.h"
#include "askdb/server/api/run_agent.h"
#include "askdb/server/api/run_service.h"
#include "askdb/server/json_request.h"
#include "askdb/server/metrics/askdb_metrics.h"
#include "askdb/server/metrics/metrics.h"
#include "askdb/server/security/api_keys.h"
#include "askdb/server/store/management_store.h"
#include "askdb/server/users/user_auth.h"
#include "askdb/server/users/users_api.h"

namespace askdb::server::api {
namespace {

using Steady = std::chrono::steady_clock;

constexpr std::string_view kAskRoute = "/api/v1/ask";

// A client that accepts only server-sent events (Accept: text/event-stream, no JSON and no
// wildcard) would otherwise be given JSON it cannot read as a stream.
bool AcceptsOnlyEventStream(const HttpRequest& http) {
  const std::optional<std::string> header = http.Header("Accept");
  if (!header) return false;
  std::string accept = *header;  // media types are case-insensitive
  std::transform(accept.begin(), accept.end(), accept.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  const auto names = [&](std::string_view part) { return accept.find(part) != std::string::npos; };
  return names("text/event-stream") && !names("json") && !names("application/*") && !names("*/*");
}
constexpr std::string_view kStreamRoute = "/api/v1/stream/search";
constexpr std::string_view kResumeRoute = "/api/v1/runs/{id}/resume";
constexpr std::string_view kCancelRoute = "/api/v1/runs/{id}/cancel";
constexpr std::string_view kRunsRoute = "/api/v1/runs";
constexpr std::string_view kOpenApiRoute = "/api/v1/openapi.json";
constexpr std::string_view kMeRoute = "/api/v1/me";

// Who may call a route. kAuthenticated: any valid credentials; the handler then authorizes
// the run's agent (AuthorizeAgent). kEditor: admins and editors.
using Access = users::RouteAccess;
using users::Principal;

// The principal resolved for the request this thread is handling (a handler runs on its
// connection's thread), so that a request is authenticated once however many checks ask.
struct ResolvedPrincipal {
  const HttpRequest* request = nullptr;
  Principal principal;
};
thread_local ResolvedPrincipal t_resolved;

class ResolvedScope {
 public:
  ResolvedScope(const HttpRequest& request, const Principal& principal) {
    t_resolved = {&request, principal};
  }
  ~ResolvedScope() { t_resolved = {}; }
  ResolvedScope(const ResolvedScope&) = delete;
  ResolvedScope& operator=(const ResolvedScope&) = delete;
};

// Editors change an agent's knowledge and business terms, semantic model, examples and
// relations, and read the agents and datasources those hang on; every other management route
// is the admin's.
Access ManagementAccess(std::string_view method, std::string_view pattern) {
  for (std::string_view part :
       {"/examples", "/semantic-model", "/relations", "/knowledge", "/terms"}) {
    if (pattern.find(part) != std::string_view::npos) return Access::kEditor;
  }
  if (method == "GET" &&
      (pattern == "/api/v1/agents" || pattern == "/api/v1/agents/{id}" ||
       pattern == "/api/v1/datasources" || pattern == "/api/v1/datasources/{id}" ||
       pattern.find("/tables") != std::string_view::npos)) {
    return Access::kEditor;
  }
  return Access::kAdmin;
}

// What a route needs of a thread it names: nothing (a new thread may start), a checkpoint
// to resume, or a registered run (cancel, a stream resumed with Last-Event-ID).
enum class ThreadNeed { kAny, kCheckpoint, kRun };

// "true"/"1"/"yes" (any case) is true, "false"/"0"/"no"/"" false; anything else names the
// parameter.
StatusOr<bool> QueryBool(const HttpRequest& request, std::string_view name) {
  std::optional<std::string> value = request.Query(name);
  if (!value || value->empty()) return false;
  for (std::string_view yes : {"true", "1", "yes"}) {
    if (EqualsIgnoreCase(*value, yes)) return true;
  }
  for (std::string_view no : {"false", "0", "no"}) {
    if (EqualsIgnoreCase(*value, no)) return false;
  }
  return InvalidArgumentError("query parameter '" + std::string(name) +
                              "' must be true or false, got '" + *value + "'");
}

// The switches of GET /api/v1/stream/search.
struct StreamFlags {
  bool human_feedback = false;  // continue an interrupted thread instead of asking
  bool rejected_plan = false;   // with human_feedback: the plan is rejected
  bool detached = false;
  bool nl2sql_only = false;
};

StatusOr<StreamFlags> ReadStreamFlags(const HttpRequest& http) {
  StreamFlags flags;
  ASKDB_ASSIGN_OR_RETURN(flags.human_feedback, QueryBool(http, "humanFeedback"));
  ASKDB_ASSIGN_OR_RETURN(flags.rejected_plan, QueryBool(http, "rejectedPlan"));
  ASKDB_ASSIGN_OR_RETURN(flags.detached, QueryBool(http, "detached"));
  ASKDB_ASSIGN_OR_RETURN(flags.nl2sql_only, QueryBool(http, "nl2sqlOnly"));
  return flags;
}

// What a new streamed run does: continue the interrupted thread with the person's feedback
// (humanFeedback; approve when there is none), or ask the question `query`.
Status SetStreamRunText(const HttpRequest& http, const StreamFlags& flags, bool names_thread,
                        RunRequest& request) {
  if (flags.human_feedback) {
    if (!names_thread) {
      return InvalidArgumentError(
          "query parameter 'threadId' is required with humanFeedback=true: it names the "
          "interrupted thread to continue");
    }
    const std::string feedback = http.Query("feedbackContent").value_or("");
    request.kind = RunKind::kResume;
    request.text = flags.rejected_plan ? "reject: " + feedback
                                       : (feedback.empty() ? std::string("approve") : feedback);
    return Status::Ok();
  }
  std::string query = http.Query("query").value_or("");
  if (query.empty()) {
    return InvalidArgumentError(
        "query parameter 'query' is required (or humanFeedback=true with threadId to "
        "continue an interrupted run)");
  }
  request.kind = RunKind::kAsk;
  request.text = std::move(query);
  return Status::Ok();
}

// POST /api/v1/stream/search takes the GET route's parameters as a JSON body: a question
// too long for a URL goes there (the HTTP library answers 414 to a request line over 8,192
// bytes: about 900 Chinese characters once percent-encoded, well within the question limit).
constexpr std::string_view kStreamBodyFields[] = {
    "query",           "threadId",     "agent",      "humanFeedback",
    "feedbackContent", "rejectedPlan", "nl2sqlOnly", "detached"};

// The stream's parameters: a GET request's own; a POST's body fields as its query parameters
// (strings, and true/false for the switches), each replacing one of the URL of that name.
StatusOr<HttpRequest> StreamParams(const HttpRequest& http) {
  if (http.method != "POST") return http;
  ASKDB_ASSIGN_OR_RETURN(Json body, ParseJsonBody(http, kStreamBodyFields));
  HttpRequest params = http;
  params.body.clear();
  for (const auto& [name, value] : body.items()) {
    if (!value.is_string() && !value.is_boolean()) {
      return InvalidArgumentError("field '" + name + "' must be a string or true/false");
    }
    params.query.erase(name);
    params.query.emplace(name, value.is_string() ? value.get<std::string>()
                                                 : (value.get<bool>() ? "true" : "false"));
  }
  return params;
}

HttpResponse ErrorResponse(const Status& status, std::chrono::seconds retry_after = {}) {
  HttpResponse response = HttpResponse::FromStatus(status);
  if (status.code() == StatusCode::kResourceExhausted && retry_after.count() > 0) {
    response.headers.Set("Retry-After", std::to_string(retry_after.count()));
  }
  if (status.code() == StatusCode::kUnauthenticated) {
    response.headers.Set("WWW-Authenticate", "Bearer realm=\"askdb\"");
  }
  return response;
}

class Api : public std::enable_shared_from_this<Api> {
 public:
  Api(const ApiServerDeps& deps, const ApiServerOptions& options)
      : deps_(deps), options_(options), throttle_(options.auth_throttle) {}

  // Every handler holds the Api, so it lives as long as the server's route table. The routes
  // are registered in this order.
  Status Register(HttpServer& server) {
    RegisterRunRoutes(server);
    ASKDB_RETURN_IF_ERROR(RegisterPeopleRoutes(server));
    RegisterServiceRoutes(server);
    std::shared_ptr<Api> self = shared_from_this();
    // A run's event stream answers as it goes, so it is a stream route that checks access
    // itself.
    for (std::string_view method : {"GET", "POST"}) {
      server.HandleStream(method, kStreamRoute,
                          [self](const HttpRequest& r) { return self->Stream(r); });
    }
    if (deps_.mcp != nullptr) {
      PrincipalRoute(server, "GET", kAgentSchemaRoute, Access::kAuthenticated,
                     [self](const HttpRequest& r, const Principal& who) {
                       return AgentSchemaResponse(self->deps_.mcp->backend, who, r);
                     });
      ASKDB_RETURN_IF_ERROR(RegisterMcpRoutes(
          server, *deps_.mcp, [self](const HttpRequest& r) { return self->McpCaller(r); },
          [self](const HttpRequest& r, const Status& s) { return self->Refuse(r, s); },
          [self](std::string_view method, int status, Steady::time_point start) {
            self->Record(method, "/mcp", status, start);
          }));
    }
    if (deps_.management.store != nullptr) {
      return RegisterManagementRoutes(
          [self, &server](std::string_view method, std::string_view pattern, Handler handler) {
            self->Route(server, method, pattern, ManagementAccess(method, pattern),
                        std::move(handler));
          },
          deps_.management);
    }
    return Status::Ok();
  }

 private:
  // Asking, resuming and cancelling a run.
  void RegisterRunRoutes(HttpServer& server) {
    std::shared_ptr<Api> self = shared_from_this();
    Route(server, "POST", kAskRoute, Access::kAuthenticated,
          [self](const HttpRequest& r) { return self->Ask(r); });
    Route(server, "POST", kResumeRoute, Access::kAuthenticated,
          [self](const HttpRequest& r) { return self->Resume(r); });
    Route(server, "POST", kCancelRoute, Access::kAuthenticated,
          [self](const HttpRequest& r) { return self->Cancel(r); });
  }

  // Users, sign-in and (with datasources to apply them to) permission rules: only a server
  // with people has them.
  Status RegisterPeopleRoutes(HttpServer& server) {
    if (deps_.users == nullptr) return Status::Ok();
    ASKDB_RETURN_IF_ERROR(users::RegisterUserRoutes(PrincipalRouteAdderFor(server),
                                                    {.auth = deps_.users,
                                                     .cookie_secure = deps_.cookie_secure,
                                                     .agents = deps_.management.store}));
    if (deps_.permissions == nullptr || deps_.management.datasources == nullptr) {
      return Status::Ok();
    }
    return RegisterPermissionRoutes(PrincipalRouteAdderFor(server),
                                    {.rules = deps_.permissions,
                                     .datasources = deps_.management.datasources,
                                     .audit = deps_.users});
  }

  // Adds a route whose handler is given the principal, behind the access check.
  users::PrincipalRouteAdder PrincipalRouteAdderFor(HttpServer& server) {
    return [self = shared_from_this(), &server](std::string_view method, std::string_view pattern,
                                                Access access, users::PrincipalHandler handler) {
      self->PrincipalRoute(server, method, pattern, access, std::move(handler));
    };
  }

  // What the server is and how it is doing: runs, the API document, who am I, health,
  // readiness and metrics.
  void RegisterServiceRoutes(HttpServer& server) {
    std::shared_ptr<Api> self = shared_from_this();
    Route(server, "GET", kRunsRoute, Access::kAdmin, [self](const HttpRequest&) {
      return HttpResponse::JsonBody(Json{{"runs", self->deps_.runs->ListRuns()}});
    });
    Route(server, "GET", kOpenApiRoute, Access::kAuthenticated,
          [](const HttpRequest&) { return HttpResponse::JsonBody(BuildOpenApiDocument()); });
    Route(server, "GET", kMeRoute, Access::kAuthenticated,
          [self](const HttpRequest& r) { return self->Me(r); });
    Route(server, "GET", "/healthz", Access::kPublic, [](const HttpRequest&) {
      return HttpResponse::JsonBody(Json{{"status", "ok"}});
    });
    Route(server, "GET", "/readyz", Access::kPublic, [self](const HttpRequest&) {
      Status ready = self->deps_.runs->Ready();
      if (!ready.ok()) {
        return HttpResponse::Error(503, "not_ready", ready.ToString());
      }
      return HttpResponse::JsonBody(Json{{"status", "ready"}});
    });
    Route(server, "GET", "/metrics", Access::kPublic, [self](const HttpRequest&) {
      HttpResponse response;
      response.content_type = std::string(metrics::kPrometheusTextContentType);
      if (self->deps_.registry != nullptr) response.body = self->deps_.registry->RenderText();
      return response;
    });
  }

  // Registers `handler` behind the access check, recording the request by route pattern.
  void Route(HttpServer& server, std::string_view method, std::string_view pattern, Access access,
             Handler handler) {
    PrincipalRoute(server, method, pattern, access,
                   [handler = std::move(handler)](const HttpRequest& request, const Principal&) {
                     return handler(request);
                   });
  }
  void PrincipalRoute(HttpServer& server, std::string_view method, std::string_view pattern,
                      Access access, users::PrincipalHandler handler) {
    server.Handle(
        method, pattern,
        [self = shared_from_this(), method = std::string(method), pattern = std::string(pattern),
         access, handler = std::move(handler)](const HttpRequest& request) {
          const Steady::time_point start = Steady::now();
          StatusOr<Principal> who = self->Admit(request, access);
          HttpResponse response;
          if (who.ok()) {
            ResolvedScope scope(request, *who);
            response = handler(request, *who);
          } else {
            response = self->Refuse(request, who.status());
          }
          self->Record(method, pattern, response.status, start);
          return response;
        });
  }

  void Record(std::string_view method, std::string_view pattern, int status,
              Steady::time_point start) const {
    if (deps_.metrics == nullptr) return;
    deps_.metrics->RecordHttpRequest(method, pattern, status, Steady::now() - start);
  }

  // The request's principal once it may use a route of `access` (host checked too).
  StatusOr<Principal> Admit(const HttpRequest& request, Access access) const {
    ASKDB_RETURN_IF_ERROR(CheckHost(request));
    if (access == Access::kPublic) {
      Principal anyone;
      anyone.name = "anonymous";
      anyone.role = users::Role::kAnalyst;
      return anyone;
    }
    ASKDB_ASSIGN_OR_RETURN(Principal who, Authenticate(request));
    if (access == Access::kAdmin && !who.IsAdmin()) {
      return PermissionDeniedError("this route needs an admin; " + who.Actor() + " is " +
                                   std::string(users::RoleName(who.role)));
    }
    if (access == Access::kEditor && !who.MayEdit()) {
      return PermissionDeniedError("this route needs an admin or an editor; " + who.Actor() +
                                   " is " + std::string(users::RoleName(who.role)));
    }
    return who;
  }

  // The MCP caller (an admin without authentication), host and credentials checked.
  StatusOr<Principal> McpCaller(const HttpRequest& request) const {
    ASKDB_ASSIGN_OR_RETURN(Principal who, Admit(request, Access::kAuthenticated));
    if (!who.MayEdit() && who.agents.empty()) {
      return PermissionDeniedError(who.Actor() + " may not ask any agent; an admin grants them");
    }
    return who;
  }

  // The error answer for a refused request; a throttled client learns when to retry.
  HttpResponse Refuse(const HttpRequest& request, const Status& status) const {
    std::chrono::seconds retry_after{0};
    if (status.code() == StatusCode::kResourceExhausted) {
      retry_after = throttle_.RetryAfter(request.remote_address);
    }
    return ErrorResponse(status, retry_after);
  }

  // Without authentication only requests addressed to a loopback name pass (DNS rebinding).
  Status CheckHost(const HttpRequest& request) const {
    if (deps_.authenticator != nullptr || !options_.loopback_host_without_auth) {
      return Status::Ok();
    }
    const std::string host = request.Header("Host").value_or("");
    std::string_view name = host;
    if (!name.empty() && name.front() == '[') {
      name = name.substr(
          0, name.find(']') == std::string_view::npos ? name.size() : name.find(']') + 1);
    } else if (name.find(':') == name.rfind(':') && name.find(':') != std::string_view::npos) {
      name = name.substr(0, name.find(':'));
    }
    if (!name.empty() && security::IsLoopbackHost(name)) return Status::Ok();
    return PermissionDeniedError(
        "the Host header must name this machine (localhost, 127.0.0.1 or [::1]): askdb serve "
        "runs without authentication and answers only requests addressed to loopback");
  }

  // Who the request acts as: a trusted proxy's user, a session (cookie or bearer token), or
  // an API key; an admin without authentication. Resolved once per request (t_resolved).
  StatusOr<Principal> Authenticate(const HttpRequest& request) const {
    if (t_resolved.request == &request) return t_resolved.principal;
    if (deps_.authenticator == nullptr) {
      Principal anonymous;
      anonymous.name = "anonymous";
      anonymous.via = "none";
      return anonymous;
    }
    const std::string& client = request.remote_address;
    if (throttle_.RetryAfter(client).count() > 0) {
      if (deps_.metrics != nullptr) deps_.metrics->RecordAuthThrottled();
      return ResourceExhaustedError(
          "too many failed API-key checks from this address: wait for Retry-After seconds, "
          "then send a valid key");
    }
    StatusOr<Principal> principal = Identify(request);
    if (principal.ok()) {
      throttle_.RecordSuccess(client);
    } else if (principal.status().code() == StatusCode::kUnauthenticated) {
      if (deps_.metrics != nullptr) deps_.metrics->RecordAuthFailure();
      throttle_.RecordFailure(client);
    }
    return principal;
  }

  StatusOr<Principal> Identify(const HttpRequest& request) const {
    const security::HeaderLookup headers = [&request](std::string_view name) {
      return request.Header(name);
    };
    if (deps_.users != nullptr) {
      ASKDB_ASSIGN_OR_RETURN(std::optional<Principal> proxied,
                             deps_.users->FromProxy(headers, request.remote_address));
      if (proxied) return *std::move(proxied);
      const std::string token = users::SessionTokenOf(request);
      if (!token.empty()) return deps_.users->FromToken(token);
    }
    ASKDB_ASSIGN_OR_RETURN(security::Principal key, deps_.authenticator->Authenticate(headers));
    if (!key.scope.starts_with(security::kUserScopePrefix)) {
      return users::PrincipalOfKey(key.key_id, key.scope);
    }
    // A key tied to a user acts as that user, read now (a role or rule change applies at
    // once; a deleted user's keys stop working).
    const std::string name = key.scope.substr(security::kUserScopePrefix.size());
    StatusOr<users::UserRecord> user = deps_.users == nullptr
                                           ? StatusOr<users::UserRecord>(NotFoundError("no users"))
                                           : deps_.users->store().GetUser(name);
    if (user.status().code() == StatusCode::kNotFound) {
      return UnauthenticatedError("API key " + key.key_id + " belongs to user '" + name +
                                  "', who does not exist (any more): an admin issues a new key");
    }
    ASKDB_RETURN_IF_ERROR(user.status());
    Principal who = users::PrincipalOf(*user, "key");
    return who;
  }

  // The principal's scope and the agents it may run (id, name, language, preset
  // questions): what the web UI needs after sign-in, for users and keys alike.
  HttpResponse Me(const HttpRequest& http) const {
    StatusOr<Principal> who = Authenticate(http);
    if (!who.ok()) return Refuse(http, who.status());
    const std::string scope = who->IsAdmin() ? std::string(security::kAdminScope)
                              : who->agents.size() == 1 && who->kind == Principal::Kind::kApiKey
                                  ? security::AgentScope(who->agents.front())
                                  : "user:" + std::string(users::RoleName(who->role));
    auto may_run = [&who](const std::string& id) { return who->MayRunAgent(id); };
    Json agents = Json::array();
    if (deps_.management.store != nullptr) {
      StatusOr<std::vector<store::AgentRecord>> list = deps_.management.store->ListAgents();
      if (!list.ok()) return ErrorResponse(list.status());
      for (const store::AgentRecord& a : *list) {
        if (!may_run(a.id)) continue;
        agents.push_back({{"id", a.id},
                          {"name", a.name},
                          {"language", a.language},
                          {"preset_questions", a.preset_questions}});
      }
    } else if (may_run(options_.agent_id)) {
      agents.push_back({{"id", options_.agent_id},
                        {"name", options_.agent_id},
                        {"language", "auto"},
                        {"preset_questions", Json::array()}});
    }
    return HttpResponse::JsonBody(Json{{"scope", scope},
                                       {"admin", who->IsAdmin()},
                                       {"editor", who->MayEdit()},
                                       {"auth", deps_.authenticator != nullptr},
                                       {"users", deps_.users != nullptr},
                                       {"principal", who->ToJson()},
                                       {"agents", std::move(agents)},
                                       {"limits", Limits()}});
  }

  // What a client should check before it sends (the web UI's question box): the limits a run
  // applies, from where they are defined.
  static Json Limits() { return Json{{"max_question_chars", agent::kMaxQuestionChars}}; }

  // The run's user: the request's principal as the data permissions see it.
  StatusOr<std::optional<permissions::UserContext>> RunUserOf(const HttpRequest& http) const {
    ASKDB_ASSIGN_OR_RETURN(Principal who, Authenticate(http));
    return who.DataUser();
  }

  // Whether `agent` is one of this server's agents (without a management store: only its
  // own agent).
  AgentExists AgentLookup() const {
    if (deps_.management.store != nullptr) return AgentsOf(*deps_.management.store);
    return
        [this](const std::string& agent) -> StatusOr<bool> { return agent == options_.agent_id; };
  }

  // The agent a request runs: `requested`, else the one rule of a run naming none
  // (run_agent.h, as on MCP); `field` is the request's name for it.
  StatusOr<std::string> AgentOrDefault(const HttpRequest& request, const std::string& requested,
                                       std::string_view field) const {
    if (!requested.empty()) return requested;
    ASKDB_ASSIGN_OR_RETURN(Principal who, Authenticate(request));
    return UnnamedRunAgent(who, options_.agent_id, AgentLookup(), field);
  }

  // The agent exists and the request's key may run it; one that it may not run answers the
  // same 404 as an unknown one.
  Status AuthorizeAgent(const HttpRequest& request, const std::string& agent_id) const {
    ASKDB_ASSIGN_OR_RETURN(Principal who, Authenticate(request));
    return CheckRunnableAgent(who, agent_id, AgentLookup(), AgentListHint::kHttp);
  }

  // The agent that runs on `thread_id` for this request. A thread belongs to the agent of
  // its first run (RunService::Start claims it): a thread of another agent than `requested`
  // (when given), or of an agent the request's key may not run, answers exactly like an
  // unknown thread (UnknownThreadError), so that nothing tells it exists or whose it is.
  // A thread nobody owns is unknown too when `need` asks for a run or a checkpoint, else
  // it runs `requested` (or the default agent).
  StatusOr<std::string> AgentForThread(const HttpRequest& http, const std::string& thread_id,
                                       const std::string& requested, ThreadNeed need,
                                       std::string_view field = "agent_id") const {
    ASKDB_RETURN_IF_ERROR(ValidateThreadId(thread_id));
    ASKDB_ASSIGN_OR_RETURN(std::optional<std::string> owner, deps_.runs->ThreadOwner(thread_id));
    if (owner) {
      if (!requested.empty() && requested != *owner) return UnknownThreadError(thread_id);
      Status allowed = AuthorizeAgent(http, *owner);
      if (allowed.code() == StatusCode::kUnauthenticated) return allowed;
      if (!allowed.ok()) return UnknownThreadError(thread_id);
      return *owner;
    }
    if (need == ThreadNeed::kRun ||
        (need == ThreadNeed::kCheckpoint && !deps_.runs->HasCheckpoint(thread_id))) {
      return UnknownThreadError(thread_id);
    }
    ASKDB_ASSIGN_OR_RETURN(std::string agent, AgentOrDefault(http, requested, field));
    ASKDB_RETURN_IF_ERROR(AuthorizeAgent(http, agent));
    return agent;
  }

  // Starts a run and waits for it: the body of /ask and /resume.
  HttpResponse StartAndWait(RunRequest request) {
    std::chrono::seconds retry_after{0};
    StatusOr<std::shared_ptr<Run>> run = deps_.runs->Start(std::move(request), &retry_after);
    if (!run.ok()) return ErrorResponse(run.status(), retry_after);
    std::optional<StatusOr<Json>> outcome = (*run)->Wait(options_.run_wait_timeout);
    if (!outcome) {
      return ErrorResponse(DeadlineExceededError(
          "the run of thread '" + (*run)->id() +
          "' is still going: follow it on GET /api/v1/stream/search?threadId=" + (*run)->id()));
    }
    if (!outcome->ok()) return ErrorResponse(outcome->status());
    return HttpResponse::JsonBody(**outcome);
  }

  HttpResponse Ask(const HttpRequest& http) {
    if (AcceptsOnlyEventStream(http)) {
      return HttpResponse::Error(
          406, "not_acceptable",
          "POST /api/v1/ask answers with one JSON document; to stream the run as server-sent "
          "events use GET /api/v1/stream/search?query=... (docs/server.md), or accept "
          "application/json here");
    }
    StatusOr<Json> body = ParseJsonBody(http, {"query", "thread_id", "agent_id"});
    if (!body.ok()) return ErrorResponse(body.status());
    StatusOr<std::string> query = RequireString(*body, "query");
    if (!query.ok()) return ErrorResponse(query.status());
    if (query->empty()) {
      return ErrorResponse(InvalidArgumentError("field 'query' must not be empty"));
    }
    RunRequest request;
    Status thread = OptionalString(*body, "thread_id", &request.thread_id);
    if (!thread.ok()) return ErrorResponse(thread);
    request.agent_id.clear();
    Status agent = OptionalString(*body, "agent_id", &request.agent_id);
    if (!agent.ok()) return ErrorResponse(agent);
    if (request.thread_id.empty()) {
      StatusOr<std::string> chosen = AgentOrDefault(http, request.agent_id, "agent_id");
      if (!chosen.ok()) return ErrorResponse(chosen.status());
      request.agent_id = std::move(chosen).value();
      Status allowed = AuthorizeAgent(http, request.agent_id);
      if (!allowed.ok()) return ErrorResponse(allowed);
      request.thread_id = NewThreadId();
    } else {
      StatusOr<std::string> agent =
          AgentForThread(http, request.thread_id, request.agent_id, ThreadNeed::kAny);
      if (!agent.ok()) return ErrorResponse(agent.status());
      request.agent_id = std::move(agent).value();
    }
    request.kind = RunKind::kAsk;
    request.text = std::move(query).value();
    request.route_label = std::string(kAskRoute);
    StatusOr<std::optional<permissions::UserContext>> user = RunUserOf(http);
    if (!user.ok()) return ErrorResponse(user.status());
    request.user = *std::move(user);
    return StartAndWait(std::move(request));
  }

  HttpResponse Resume(const HttpRequest& http) {
    StatusOr<Json> body = ParseJsonBody(http, {"answer"});
    if (!body.ok()) return ErrorResponse(body.status());
    StatusOr<std::string> answer = RequireString(*body, "answer");
    if (!answer.ok()) return ErrorResponse(answer.status());
    RunRequest request;
    request.thread_id = std::string(http.PathParam("id"));
    StatusOr<std::string> agent =
        AgentForThread(http, request.thread_id, /*requested=*/"", ThreadNeed::kCheckpoint);
    if (!agent.ok()) return ErrorResponse(agent.status());
    request.agent_id = std::move(agent).value();
    request.kind = RunKind::kResume;
    request.text = std::move(answer).value();
    request.route_label = std::string(kResumeRoute);
    StatusOr<std::optional<permissions::UserContext>> user = RunUserOf(http);
    if (!user.ok()) return ErrorResponse(user.status());
    request.user = *std::move(user);
    return StartAndWait(std::move(request));
  }

  HttpResponse Cancel(const HttpRequest& http) {
    const std::string id(http.PathParam("id"));
    StatusOr<std::string> agent = AgentForThread(http, id, /*requested=*/"", ThreadNeed::kRun);
    if (!agent.ok()) return ErrorResponse(agent.status());
    Status cancelled = deps_.runs->Cancel(id);
    if (!cancelled.ok()) return ErrorResponse(cancelled);
    return HttpResponse::JsonBody(Json{{"thread_id", id}, {"state", "cancelled"}});
  }

  // Decides which run the stream follows: an existing one (reconnect / replay) or a new
  // Ask or Resume.
  StatusOr<std::shared_ptr<Run>> RunForStream(const HttpRequest& http, bool has_last_id,
                                              std::chrono::seconds* retry_after) {
    const std::string thread_id = http.Query("threadId").value_or("");
    ASKDB_ASSIGN_OR_RETURN(StreamFlags flags, ReadStreamFlags(http));
    // Refused before the thread is looked up: a long answer needs no run to be wrong.
    if (flags.human_feedback) {
      ASKDB_RETURN_IF_ERROR(CheckResumeText(http.Query("feedbackContent").value_or("")));
    }
    RunRequest request;
    ASKDB_ASSIGN_OR_RETURN(
        std::shared_ptr<Run> existing,
        JoinedRunOrAgent(http, thread_id, has_last_id, flags.human_feedback, request.agent_id));
    if (existing != nullptr) return existing;
    request.streamed = true;
    request.detached = flags.detached;
    request.nl2sql_only = flags.nl2sql_only;
    request.route_label = std::string(kStreamRoute);
    ASKDB_ASSIGN_OR_RETURN(request.user, RunUserOf(http));
    ASKDB_RETURN_IF_ERROR(SetStreamRunText(http, flags, !thread_id.empty(), request));
    request.thread_id = thread_id.empty() ? NewThreadId() : thread_id;
    return deps_.runs->Start(std::move(request), retry_after);
  }

  // The run on `thread_id` the stream joins, or null with `agent_id` set to the agent a new
  // run uses. A live run is joined (its events replayed from Last-Event-ID, or from the
  // start); a finished one only by a client resuming its stream.
  StatusOr<std::shared_ptr<Run>> JoinedRunOrAgent(const HttpRequest& http,
                                                  const std::string& thread_id, bool has_last_id,
                                                  bool human_feedback, std::string& agent_id) {
    const std::string requested_agent = http.Query("agent").value_or("");
    if (thread_id.empty()) {
      if (has_last_id) {
        return InvalidArgumentError(
            "query parameter 'threadId' is required with Last-Event-ID: it names the run "
            "to resume the stream of");
      }
      ASKDB_ASSIGN_OR_RETURN(agent_id, AgentOrDefault(http, requested_agent, "agent"));
      ASKDB_RETURN_IF_ERROR(AuthorizeAgent(http, agent_id));
      return std::shared_ptr<Run>();
    }
    // Whose thread it is decides first: a foreign thread is unknown on every path below.
    ASKDB_ASSIGN_OR_RETURN(agent_id, AgentForThread(http, thread_id, requested_agent,
                                                    has_last_id      ? ThreadNeed::kRun
                                                    : human_feedback ? ThreadNeed::kCheckpoint
                                                                     : ThreadNeed::kAny,
                                                    "agent"));
    std::shared_ptr<Run> existing = deps_.runs->Find(thread_id);
    if (existing != nullptr && (!existing->finished() || has_last_id)) return existing;
    // No run to resume the stream of: it finished more than the retention time ago.
    if (has_last_id) return UnknownThreadError(thread_id);
    return std::shared_ptr<Run>();
  }

  StreamResponse Stream(const HttpRequest& request) {
    const Steady::time_point start = Steady::now();
    auto reject = [&](const Status& status, std::chrono::seconds retry_after = {}) {
      HttpResponse response =
          retry_after.count() > 0 ? ErrorResponse(status, retry_after) : Refuse(request, status);
      Record(request.method, kStreamRoute, response.status, start);
      return StreamResponse::Reject(std::move(response));
    };
    StatusOr<Principal> who = Admit(request, Access::kAuthenticated);
    if (!who.ok()) return reject(who.status());
    StatusOr<HttpRequest> params = StreamParams(request);
    if (!params.ok()) return reject(params.status());
    const HttpRequest& http = *params;
    ResolvedScope resolved(http, *who);
    std::int64_t last_id = 0;
    std::optional<std::string> header = http.Header("Last-Event-ID");
    if (header) {
      std::optional<std::int64_t> parsed = ParseLastEventId(*header);
      if (!parsed) {
        return reject(
            InvalidArgumentError("header 'Last-Event-ID' must be a non-negative "
                                 "event id, got '" +
                                 *header + "'"));
      }
      last_id = *parsed;
    }
    std::chrono::seconds retry_after{0};
    StatusOr<std::shared_ptr<Run>> run = RunForStream(http, header.has_value(), &retry_after);
    if (!run.ok()) return reject(run.status(), retry_after);
    std::shared_ptr<Run> followed = std::move(run).value();
    followed->Attach();
    Record(request.method, kStreamRoute, 200, start);
    StreamResponse response =
        StreamResponse::Sse([followed, last_id, stream = options_.stream](StreamWriter& writer) {
          RunSseStream(writer, followed->events(), last_id, stream);
          followed->Detach(Steady::now());
        });
    response.head.headers.Set("X-Thread-Id", followed->id());
    return response;
  }

  ApiServerDeps deps_;
  ApiServerOptions options_;
  mutable security::AuthThrottle throttle_;
};

}  // namespace

Status RegisterApiRoutes(HttpServer& server, const ApiServerDeps& deps,
                         const ApiServerOptions& options) {
  if (deps.runs == nullptr) return InvalidArgumentError("RegisterApiRoutes needs a RunService");
  if (deps.management.store != nullptr && deps.management.datasources == nullptr) {
    return InvalidArgumentError("RegisterApiRoutes: a management store needs a DatasourceCache");
  }
  return std::make_shared<Api>(deps, options)->Register(server);
}

Status GracefulShutdown(HttpServer& server, RunService& runs, Steady::time_point deadline) {
  // Stop blocks until in-flight handlers return; /ask handlers wait on runs, which the
  // RunService shutdown below finishes or cancels by `deadline`.
  std::thread stopper([&server] { server.Stop(); });
  Status drained = runs.Shutdown(deadline);
  stopper.join();
  return drained;
}

}  // namespace askdb::server::api
