// The /mcp route of `askdb serve`: MCP over Streamable HTTP (docs/mcp.md).
//
//   POST /mcp    one JSON-RPC message (a batch when the session negotiated 2025-03-26).
//                initialize opens a session: its id comes back in Mcp-Session-Id, which
//                every later request must send (400 without it, 404 once it is unknown
//                or belongs to another key). Notifications and responses answer 202; a
//                request answers application/json — or, when it carries a progressToken
//                and the client accepts text/event-stream, an SSE stream of its
//                notifications/progress followed by the response. MCP-Protocol-Version,
//                when sent, must be the session's version (else 400). An unparsable body
//                answers 400 with a JSON-RPC parse error.
//   GET /mcp     405: the server opens no stream of its own.
//   DELETE /mcp  ends the session (its running calls are cancelled).
//
// Every request needs the same credentials as the rest of /api/v1 (an API key, a user's
// session token or cookie, the trusted proxy header; the ApiServer's check, throttle
// included); a session is bound to the principal that opened it (404 for anyone else), an
// agent-scoped key sees only its agent, and a user — signed in or through a key tied to
// them — only their agents, under their data permissions (McpBackend). A request whose Origin
// header is not a loopback origin is refused (403): the spec's guard against DNS rebinding.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "askdb/common/status.h"
#include "askdb/mcp/session.h"
#include "askdb/server/api/mcp_backend.h"
#include "askdb/server/http.h"

namespace askdb::server::api {

struct McpEndpointOptions {
  McpBackendDeps backend;
  mcp::ServerInfo info;
  std::size_t max_sessions = 1000;  // the least recently used one is dropped beyond this
  std::chrono::minutes session_idle_ttl{60};
};

// The request's principal (an admin when the server has no authentication), or why the
// request is refused.
using McpAuthenticate = std::function<StatusOr<users::Principal>(const HttpRequest&)>;
// The HTTP answer for a refusal (401/403/429 with their headers).
using McpRefuse = std::function<HttpResponse(const HttpRequest&, const Status&)>;

// Counts one answered request (askdb_http_requests_total): method, status, when it started.
using McpRecord =
    std::function<void(std::string_view method, int status, std::chrono::steady_clock::time_point)>;

// Registers POST, GET and DELETE /mcp. InvalidArgument when the backend deps are incomplete.
// `record` may be empty.
Status RegisterMcpRoutes(HttpServer& server, McpEndpointOptions options,
                         McpAuthenticate authenticate, McpRefuse refuse, McpRecord record = {});

}  // namespace askdb::server::api
