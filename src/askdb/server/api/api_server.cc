#include "askdb/server/api/api_server.h"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <thread>
#include <utility>

#include "askdb/server/api/run_service.h"
#include "askdb/server/json_request.h"
#include "askdb/server/metrics/askdb_metrics.h"
#include "askdb/server/metrics/metrics.h"
#include "askdb/server/security/api_keys.h"
#include "askdb/server/store/management_store.h"

namespace askdb::server::api {
namespace {

using Steady = std::chrono::steady_clock;

constexpr std::string_view kAskRoute = "/api/v1/ask";
constexpr std::string_view kStreamRoute = "/api/v1/stream/search";
constexpr std::string_view kResumeRoute = "/api/v1/runs/{id}/resume";
constexpr std::string_view kCancelRoute = "/api/v1/runs/{id}/cancel";
constexpr std::string_view kRunsRoute = "/api/v1/runs";
constexpr std::string_view kOpenApiRoute = "/api/v1/openapi.json";

// Who may call a route. kAuthenticated: any valid key; the handler then authorizes the
// run's agent (AuthorizeAgent).
enum class Access { kPublic, kAuthenticated, kAdmin };

// A fresh thread id for a request that named none: time, pid and a process-wide counter,
// so two requests in the same millisecond differ.
std::string NewThreadId() {
  static std::atomic<uint64_t> counter{0};
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::system_clock::now().time_since_epoch())
                      .count();
  return "srv-" + std::to_string(ms) + "-" + std::to_string(::getpid()) + "-" +
         std::to_string(++counter);
}

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
      : deps_(deps), options_(options) {}

  // Every handler holds the Api, so it lives as long as the server's route table.
  Status Register(HttpServer& server) {
    std::shared_ptr<Api> self = shared_from_this();
    Route(server, "POST", kAskRoute, Access::kAuthenticated,
          [self](const HttpRequest& r) { return self->Ask(r); });
    Route(server, "POST", kResumeRoute, Access::kAuthenticated,
          [self](const HttpRequest& r) { return self->Resume(r); });
    Route(server, "POST", kCancelRoute, Access::kAuthenticated,
          [self](const HttpRequest& r) { return self->Cancel(r); });
    Route(server, "GET", kRunsRoute, Access::kAdmin, [self](const HttpRequest&) {
      return HttpResponse::JsonBody(Json{{"runs", self->deps_.runs->ListRuns()}});
    });
    Route(server, "GET", kOpenApiRoute, Access::kAuthenticated,
          [](const HttpRequest&) { return HttpResponse::JsonBody(BuildOpenApiDocument()); });
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
    server.HandleStream("GET", kStreamRoute,
                        [self](const HttpRequest& r) { return self->Stream(r); });
    if (deps_.management.store != nullptr) {
      return RegisterManagementRoutes(
          [self, &server](std::string_view method, std::string_view pattern, Handler handler) {
            self->Route(server, method, pattern, Access::kAdmin, std::move(handler));
          },
          deps_.management);
    }
    return Status::Ok();
  }

 private:
  // Registers `handler` behind the access check, recording the request by route pattern.
  void Route(HttpServer& server, std::string_view method, std::string_view pattern, Access access,
             Handler handler) {
    server.Handle(
        method, pattern,
        [self = shared_from_this(), method = std::string(method), pattern = std::string(pattern),
         access, handler = std::move(handler)](const HttpRequest& request) {
          const Steady::time_point start = Steady::now();
          Status allowed = self->Check(request, access);
          HttpResponse response = allowed.ok() ? handler(request) : ErrorResponse(allowed);
          self->Record(method, pattern, response.status, start);
          return response;
        });
  }

  void Record(std::string_view method, std::string_view pattern, int status,
              Steady::time_point start) const {
    if (deps_.metrics == nullptr) return;
    deps_.metrics->RecordHttpRequest(method, pattern, status, Steady::now() - start);
  }

  Status Check(const HttpRequest& request, Access access) const {
    if (access == Access::kPublic || deps_.authenticator == nullptr) return Status::Ok();
    ASKDB_ASSIGN_OR_RETURN(security::Principal principal,
                           deps_.authenticator->Authenticate(
                               [&request](std::string_view name) { return request.Header(name); }));
    if (access == Access::kAuthenticated) return Status::Ok();
    return security::Authorize(principal.scope, security::RequiredAccess::Admin());
  }

  // The agent exists and the request's key may run it (admin, or "agent:<id>").
  Status AuthorizeAgent(const HttpRequest& request, const std::string& agent_id) const {
    if (deps_.management.store != nullptr) {
      ASKDB_RETURN_IF_ERROR(deps_.management.store->GetAgent(agent_id).status());
    } else if (agent_id != options_.agent_id) {
      return NotFoundError("no agent '" + agent_id + "': this server runs only agent '" +
                           options_.agent_id + "'");
    }
    if (deps_.authenticator == nullptr) return Status::Ok();
    ASKDB_ASSIGN_OR_RETURN(security::Principal principal,
                           deps_.authenticator->Authenticate(
                               [&request](std::string_view name) { return request.Header(name); }));
    return security::Authorize(principal.scope, security::RequiredAccess::AgentRun(agent_id));
  }

  // The agent of an existing thread: its live run's, else its session's, else the default.
  std::string AgentOfThread(std::string_view thread_id) const {
    if (std::shared_ptr<Run> run = deps_.runs->Find(thread_id)) return run->request().agent_id;
    if (deps_.management.store != nullptr) {
      StatusOr<store::SessionRecord> session = deps_.management.store->GetSession(thread_id);
      if (session.ok()) return session->agent_id;
    }
    return options_.agent_id;
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
    StatusOr<Json> body = ParseJsonBody(http);
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
    if (request.agent_id.empty()) {
      request.agent_id =
          request.thread_id.empty() ? options_.agent_id : AgentOfThread(request.thread_id);
    }
    Status allowed = AuthorizeAgent(http, request.agent_id);
    if (!allowed.ok()) return ErrorResponse(allowed);
    if (request.thread_id.empty()) request.thread_id = NewThreadId();
    request.kind = RunKind::kAsk;
    request.text = std::move(query).value();
    request.route_label = std::string(kAskRoute);
    return StartAndWait(std::move(request));
  }

  HttpResponse Resume(const HttpRequest& http) {
    StatusOr<Json> body = ParseJsonBody(http);
    if (!body.ok()) return ErrorResponse(body.status());
    StatusOr<std::string> answer = RequireString(*body, "answer");
    if (!answer.ok()) return ErrorResponse(answer.status());
    RunRequest request;
    request.thread_id = std::string(http.PathParam("id"));
    request.agent_id = AgentOfThread(request.thread_id);
    Status allowed = AuthorizeAgent(http, request.agent_id);
    if (!allowed.ok()) return ErrorResponse(allowed);
    request.kind = RunKind::kResume;
    request.text = std::move(answer).value();
    request.route_label = std::string(kResumeRoute);
    return StartAndWait(std::move(request));
  }

  HttpResponse Cancel(const HttpRequest& http) {
    const std::string id(http.PathParam("id"));
    Status allowed = AuthorizeAgent(http, AgentOfThread(id));
    if (!allowed.ok()) return ErrorResponse(allowed);
    Status cancelled = deps_.runs->Cancel(id);
    if (!cancelled.ok()) return ErrorResponse(cancelled);
    return HttpResponse::JsonBody(Json{{"thread_id", id}, {"state", "cancelled"}});
  }

  // Decides which run the stream follows: an existing one (reconnect / replay) or a new
  // Ask or Resume.
  StatusOr<std::shared_ptr<Run>> RunForStream(const HttpRequest& http, bool has_last_id,
                                              std::chrono::seconds* retry_after) {
    const std::string thread_id = http.Query("threadId").value_or("");
    ASKDB_ASSIGN_OR_RETURN(bool human_feedback, QueryBool(http, "humanFeedback"));
    ASKDB_ASSIGN_OR_RETURN(bool rejected_plan, QueryBool(http, "rejectedPlan"));
    ASKDB_ASSIGN_OR_RETURN(bool detached, QueryBool(http, "detached"));
    ASKDB_ASSIGN_OR_RETURN(bool nl2sql_only, QueryBool(http, "nl2sqlOnly"));
    if (!thread_id.empty()) {
      std::shared_ptr<Run> existing = deps_.runs->Find(thread_id);
      // A live run is joined (its events replayed from Last-Event-ID, or from the start);
      // a finished one only by a client resuming its stream.
      if (existing != nullptr && (!existing->finished() || has_last_id)) {
        ASKDB_RETURN_IF_ERROR(AuthorizeAgent(http, existing->request().agent_id));
        return existing;
      }
    }
    if (has_last_id) {
      return NotFoundError("no run of thread '" + thread_id +
                           "' to resume from Last-Event-ID (it finished more than the "
                           "retention time ago, or threadId is missing): start a new stream");
    }
    RunRequest request;
    request.agent_id = http.Query("agent").value_or("");
    if (request.agent_id.empty()) {
      request.agent_id = thread_id.empty() ? options_.agent_id : AgentOfThread(thread_id);
    }
    ASKDB_RETURN_IF_ERROR(AuthorizeAgent(http, request.agent_id));
    request.streamed = true;
    request.detached = detached;
    request.nl2sql_only = nl2sql_only;
    request.route_label = std::string(kStreamRoute);
    if (human_feedback) {
      if (thread_id.empty()) {
        return InvalidArgumentError(
            "query parameter 'threadId' is required with humanFeedback=true: it names the "
            "interrupted thread to continue");
      }
      const std::string feedback = http.Query("feedbackContent").value_or("");
      request.kind = RunKind::kResume;
      request.text = rejected_plan ? "reject: " + feedback
                                   : (feedback.empty() ? std::string("approve") : feedback);
    } else {
      std::string query = http.Query("query").value_or("");
      if (query.empty()) {
        return InvalidArgumentError(
            "query parameter 'query' is required (or humanFeedback=true with threadId to "
            "continue an interrupted run)");
      }
      request.kind = RunKind::kAsk;
      request.text = std::move(query);
    }
    request.thread_id = thread_id.empty() ? NewThreadId() : thread_id;
    return deps_.runs->Start(std::move(request), retry_after);
  }

  StreamResponse Stream(const HttpRequest& http) {
    const Steady::time_point start = Steady::now();
    auto reject = [&](const Status& status, std::chrono::seconds retry_after = {}) {
      HttpResponse response = ErrorResponse(status, retry_after);
      Record("GET", kStreamRoute, response.status, start);
      return StreamResponse::Reject(std::move(response));
    };
    Status allowed = Check(http, Access::kAuthenticated);
    if (!allowed.ok()) return reject(allowed);
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
    Record("GET", kStreamRoute, 200, start);
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
