// ApiServer: the routes of `askdb serve` on an HttpServer (issue #7, first slice).
//
//   POST /api/v1/ask                      {"query", "thread_id"?} → waits, PipelineResult JSON
//   GET  /api/v1/stream/search            SSE stream of a run (seed 004 query shape):
//        query, threadId, humanFeedback, feedbackContent, rejectedPlan, nl2sqlOnly, detached
//   POST /api/v1/runs/{id}/resume         {"answer"} → waits, PipelineResult JSON
//   POST /api/v1/runs/{id}/cancel         → {"thread_id", "state": "cancelled"}
//   GET  /api/v1/runs                     live and recently finished runs (admin key)
//   GET  /api/v1/openapi.json             OpenAPI 3.0 description of these routes
//   GET  /healthz, /readyz, /metrics      no key needed
//   POST/GET/DELETE /mcp                  MCP over Streamable HTTP (mcp_endpoint.h), when
//                                         deps.mcp is set
//
// With a management store, the management routes of management_api.h are added (admin).
//
// Every /api/v1 route needs an API key (Authorization: Bearer or X-API-Key) unless the
// server was started without an authenticator (allowed by AuthPolicy on loopback only).
// Run routes accept an admin key or a key scoped to the run's agent ("agent:<agent_id>";
// the agent of /resume and /cancel is the one of the thread's session);
// /api/v1/runs and the management routes need admin. Errors are JSON
// {"error":{"code","message"}}: 400 bad input (the message names the field or byte
// position), 401/403, 404, 409 (the thread has a run in progress), 413 (body too large,
// from the HTTP core), 429 + Retry-After (executor full), 503 (shutting down), 504 (an /ask
// wait timed out; the run goes on and can be streamed).
//
// See docs/server.md for the stream's frames.
//
// Ownership: borrows everything in ApiServerDeps (must outlive the HttpServer's serving).
// Thread-safe: handlers run concurrently on the HttpServer's connection threads.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "askdb/common/json.h"
#include "askdb/common/status.h"
#include "askdb/server/api/management_api.h"
#include "askdb/server/http.h"
#include "askdb/server/security/auth_throttle.h"
#include "askdb/server/sse.h"

namespace askdb::server::security {
class ApiKeyAuthenticator;
}  // namespace askdb::server::security
namespace askdb::server::users {
class UserAuth;
}  // namespace askdb::server::users
namespace askdb::permissions {
class PermissionStore;
}  // namespace askdb::permissions
namespace askdb::server::metrics {
class Registry;
class AskdbMetrics;
}  // namespace askdb::server::metrics

namespace askdb::server::api {

class RunService;
struct McpEndpointOptions;

struct ApiServerDeps {
  RunService* runs = nullptr;                                    // required
  const security::ApiKeyAuthenticator* authenticator = nullptr;  // null: no auth
  metrics::Registry* registry = nullptr;                         // null: /metrics is empty
  metrics::AskdbMetrics* metrics = nullptr;                      // null: nothing recorded
  // The management API (management_api.h). With management.store set, its routes are
  // registered and runs name their agent (`agent_id` in /ask bodies, `agent` on the
  // stream; default "default"); without it the server runs the one agent
  // ApiServerOptions::agent_id.
  ManagementDeps management;
  // With it, MCP over Streamable HTTP at /mcp (mcp_endpoint.h), behind the same keys.
  const McpEndpointOptions* mcp = nullptr;
  // With it, people sign in (users/users_api.h): a session cookie or bearer token, or a
  // trusted proxy's header, as well as API keys; each request acts as one principal
  // (users/principal.h) whose role decides the routes it may use.
  users::UserAuth* users = nullptr;
  bool cookie_secure = false;  // auth.cookie_secure: the session cookie is Secure
  // With it (and `users`), the data-permission routes (permissions_api.h); runs of a
  // signed-in principal carry its UserContext either way (RunRequest::user).
  permissions::PermissionStore* permissions = nullptr;
};

struct ApiServerOptions {
  // The single agent this server runs; keys scoped "agent:<agent_id>" may use run routes.
  std::string agent_id = "default";
  SseStreamOptions stream;  // heartbeat interval (15 s by default), liveness polling
  // How long POST /ask and /resume wait for their run before answering 504.
  std::chrono::milliseconds run_wait_timeout{10 * 60 * 1000};
  // Failed key checks per client address before it is refused (429 + Retry-After) for a
  // while without any key being checked.
  security::AuthThrottleOptions auth_throttle;
  // Without an authenticator (--no-auth), a request whose Host header is not a loopback
  // name or address (localhost, 127.0.0.0/8, [::1], with any port) answers 403: a web page
  // could otherwise reach the API through DNS rebinding.
  bool loopback_host_without_auth = true;
};

// Registers the routes on `server` (before its Start). InvalidArgument when deps.runs is
// missing.
Status RegisterApiRoutes(HttpServer& server, const ApiServerDeps& deps,
                         const ApiServerOptions& options = {});

// The OpenAPI 3.0 document for the routes above (openapi.cc).
Json BuildOpenApiDocument();

// Graceful shutdown: the HTTP server stops accepting and ends its streams while runs go
// on until `deadline`; then whatever still runs is cancelled and the server stopped.
Status GracefulShutdown(HttpServer& server, RunService& runs,
                        std::chrono::steady_clock::time_point deadline);

}  // namespace askdb::server::api
