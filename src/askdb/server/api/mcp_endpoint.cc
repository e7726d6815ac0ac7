#include "askdb/server/api/mcp_endpoint.h"

#include <map>
#include <memory>
#include <mutex>
#include <utility>

#include "askdb/mcp/tools.h"
#include "askdb/server/api/run_service.h"
#include "askdb/server/security/api_keys.h"

namespace askdb::server::api {
namespace {

constexpr std::string_view kRoute = "/mcp";
constexpr std::string_view kSessionHeader = "Mcp-Session-Id";
constexpr std::string_view kVersionHeader = "MCP-Protocol-Version";

// One client's session: its own backend (for its principal), tools and protocol state.
struct McpConnection {
  McpConnection(const McpBackendDeps& deps, const users::Principal& who,
                const mcp::ServerInfo& info)
      : owner(who.Actor()),
        backend(deps, who),
        tools(backend, McpToolLimits()),
        session(tools, info) {}

  const std::string owner;  // Principal::Actor() of who opened it
  McpBackend backend;
  mcp::AskdbTools tools;
  mcp::McpSession session;
  std::chrono::steady_clock::time_point last_used = std::chrono::steady_clock::now();
};

HttpResponse JsonRpcResponse(int status, const Json& message) {
  return HttpResponse::JsonBody(message, status);
}

HttpResponse RpcError(int status, int code, std::string_view message) {
  return JsonRpcResponse(status, mcp::RpcErrorMessage(nullptr, code, message));
}

// "http://localhost:5173" → is "localhost" a loopback name?
bool LoopbackOrigin(std::string_view origin) {
  const std::size_t scheme = origin.find("://");
  if (scheme == std::string_view::npos) return false;
  std::string_view host = origin.substr(scheme + 3);
  if (!host.empty() && host.front() == '[') {
    const std::size_t end = host.find(']');
    if (end == std::string_view::npos) return false;
    host = host.substr(0, end + 1);
  } else {
    host = host.substr(0, host.find(':'));
  }
  return security::IsLoopbackHost(host);
}

bool HasRequest(const Json& message) {
  auto is_request = [](const Json& m) {
    return m.is_object() && m.contains("method") && m.contains("id");
  };
  if (!message.is_array()) return is_request(message);
  for (const Json& m : message) {
    if (is_request(m)) return true;
  }
  return false;
}

bool WantsProgress(const Json& message) {
  auto wants = [](const Json& m) {
    if (!m.is_object() || !m.contains("params") || !m["params"].is_object()) return false;
    const Json& meta = m["params"].value("_meta", Json::object());
    return meta.is_object() && meta.contains("progressToken");
  };
  if (!message.is_array()) return wants(message);
  for (const Json& m : message) {
    if (wants(m)) return true;
  }
  return false;
}

std::string SseFrame(const Json& message) {
  return "event: message\ndata: " + message.dump(-1, ' ', false, Json::error_handler_t::replace) +
         "\n\n";
}

class McpEndpoint : public std::enable_shared_from_this<McpEndpoint> {
 public:
  McpEndpoint(McpEndpointOptions options, McpAuthenticate authenticate, McpRefuse refuse,
              McpRecord record)
      : options_(std::move(options)),
        authenticate_(std::move(authenticate)),
        refuse_(std::move(refuse)),
        record_(std::move(record)) {}

  void Register(HttpServer& server) {
    std::shared_ptr<McpEndpoint> self = shared_from_this();
    // An MCP client reads errors as JSON-RPC: a body over the server's limit is an invalid
    // request (its id unknown, so null), still with HTTP 413.
    server.SetOversizedBodyResponse(kRoute, [](std::size_t limit) {
      return RpcError(413, mcp::kInvalidRequest,
                      "the request body exceeds the server's limit of " + std::to_string(limit) +
                          " bytes (askdb serve --max-body): send a smaller message");
    });
    server.HandleStream("POST", kRoute, [self](const HttpRequest& r) {
      const auto start = std::chrono::steady_clock::now();
      StreamResponse response = self->Post(r);
      self->Record("POST", response.head.status, start);
      return response;
    });
    server.Handle("GET", kRoute, [self](const HttpRequest& r) {
      const auto start = std::chrono::steady_clock::now();
      HttpResponse response = self->Get(r);
      self->Record("GET", response.status, start);
      return response;
    });
    server.Handle("DELETE", kRoute, [self](const HttpRequest& r) {
      const auto start = std::chrono::steady_clock::now();
      HttpResponse response = self->Delete(r);
      self->Record("DELETE", response.status, start);
      return response;
    });
  }

 private:
  void Record(std::string_view method, int status,
              std::chrono::steady_clock::time_point start) const {
    if (record_) record_(method, status, start);
  }

  HttpResponse Get(const HttpRequest& request) const {
    StatusOr<users::Principal> who = Admit(request);
    if (!who.ok()) return refuse_(request, who.status());
    HttpResponse response = HttpResponse::Error(
        405, "method_not_allowed",
        "askdb opens no server-initiated stream: POST JSON-RPC messages to /mcp");
    response.headers.Set("Allow", "POST, DELETE");
    return response;
  }

  // The request's principal, after the Origin check.
  StatusOr<users::Principal> Admit(const HttpRequest& request) const {
    std::optional<std::string> origin = request.Header("Origin");
    if (origin && !LoopbackOrigin(*origin)) {
      return PermissionDeniedError("Origin '" + *origin +
                                   "' may not call /mcp: only local pages (localhost, 127.0.0.1, "
                                   "[::1]) may, as a guard against DNS rebinding");
    }
    return authenticate_(request);
  }

  // The session named by the request's header, if it exists and belongs to `who`.
  std::shared_ptr<McpConnection> Find(const HttpRequest& request, const users::Principal& who) {
    const std::string id = request.Header(kSessionHeader).value_or("");
    std::lock_guard<std::mutex> lock(mu_);
    auto it = sessions_.find(id);
    if (it == sessions_.end() || it->second->owner != who.Actor()) return nullptr;
    it->second->last_used = std::chrono::steady_clock::now();
    return it->second;
  }

  std::string Open(std::shared_ptr<McpConnection> connection) {
    const std::string id = "mcp_" + NewThreadId().substr(4);
    std::lock_guard<std::mutex> lock(mu_);
    const auto now = std::chrono::steady_clock::now();
    std::erase_if(sessions_, [&](const auto& entry) {
      return now - entry.second->last_used > options_.session_idle_ttl;
    });
    while (sessions_.size() >= options_.max_sessions && !sessions_.empty()) {
      auto oldest = sessions_.begin();
      for (auto it = sessions_.begin(); it != sessions_.end(); ++it) {
        if (it->second->last_used < oldest->second->last_used) oldest = it;
      }
      sessions_.erase(oldest);
    }
    sessions_[id] = std::move(connection);
    return id;
  }

  StreamResponse Post(const HttpRequest& request) {
    auto reject = [](HttpResponse response) { return StreamResponse::Reject(std::move(response)); };
    StatusOr<users::Principal> who = Admit(request);
    if (!who.ok()) return reject(refuse_(request, who.status()));
    StatusOr<Json> message = ParseJson(request.body);
    if (!message.ok()) {
      return reject(RpcError(400, mcp::kParseError,
                             "the body is not valid JSON (" + message.status().message() +
                                 "): POST one JSON-RPC 2.0 message"));
    }
    const bool initialize = message->is_object() && message->value("method", "") == "initialize";
    std::shared_ptr<McpConnection> connection;
    if (initialize) {
      connection = std::make_shared<McpConnection>(options_.backend, *who, options_.info);
    } else if (std::optional<HttpResponse> refusal = FindSession(request, *who, connection)) {
      return reject(std::move(*refusal));
    }
    if (!HasRequest(*message)) {
      connection->session.HandleMessage(*message, nullptr);
      HttpResponse accepted;
      accepted.status = 202;
      return reject(std::move(accepted));
    }
    const std::string accept = request.Header("Accept").value_or("");
    if (!initialize && WantsProgress(*message) &&
        accept.find("text/event-stream") != std::string::npos) {
      return StreamedReply(connection, std::move(*message));
    }
    return reject(Reply(connection, *message, initialize));
  }

  // The session a request after initialize names (Mcp-Session-Id), owned by the same
  // principal and at the version it negotiated; else the refusal to send.
  std::optional<HttpResponse> FindSession(const HttpRequest& request, const users::Principal& who,
                                          std::shared_ptr<McpConnection>& connection) {
    if (!request.Header(kSessionHeader)) {
      return RpcError(400, mcp::kInvalidRequest,
                      "header Mcp-Session-Id is required: send initialize first and "
                      "then the session id it returned");
    }
    connection = Find(request, who);
    if (connection == nullptr) {
      return RpcError(404, mcp::kInvalidRequest,
                      "unknown or expired MCP session: initialize a new one");
    }
    std::optional<std::string> version = request.Header(kVersionHeader);
    if (version && *version != connection->session.protocol_version()) {
      return RpcError(400, mcp::kInvalidRequest,
                      "MCP-Protocol-Version '" + *version + "' is not this session's version (" +
                          connection->session.protocol_version() + ")");
    }
    return std::nullopt;
  }

  // A call that asked for progress, answered as server-sent events: the progress
  // notifications as they come, then the reply.
  static StreamResponse StreamedReply(std::shared_ptr<McpConnection> connection, Json message) {
    return StreamResponse::Sse([connection, msg = std::move(message)](StreamWriter& writer) {
      std::mutex write_mu;
      auto send = [&](const Json& m) {
        std::lock_guard<std::mutex> lock(write_mu);
        writer.Write(SseFrame(m));
      };
      std::optional<Json> reply = connection->session.HandleMessage(msg, send);
      if (reply) send(*reply);
    });
  }

  // The reply as one JSON body (202 when there is none); an initialize that succeeded opens
  // the session and names it in Mcp-Session-Id.
  HttpResponse Reply(const std::shared_ptr<McpConnection>& connection, const Json& message,
                     bool initialize) {
    std::optional<Json> reply = connection->session.HandleMessage(message, nullptr);
    HttpResponse response;
    if (reply) {
      response = JsonRpcResponse(200, *reply);
    } else {
      response.status = 202;
    }
    if (initialize && reply && reply->contains("result")) {
      response.headers.Set(kSessionHeader, Open(connection));
    }
    return response;
  }

  HttpResponse Delete(const HttpRequest& request) {
    StatusOr<users::Principal> who = Admit(request);
    if (!who.ok()) return refuse_(request, who.status());
    std::shared_ptr<McpConnection> connection = Find(request, *who);
    if (connection == nullptr) {
      return RpcError(404, mcp::kInvalidRequest, "unknown or expired MCP session");
    }
    connection->session.CancelAll();
    {
      std::lock_guard<std::mutex> lock(mu_);
      sessions_.erase(request.Header(kSessionHeader).value_or(""));
    }
    HttpResponse response;
    response.status = 204;
    return response;
  }

  const McpEndpointOptions options_;
  const McpAuthenticate authenticate_;
  const McpRefuse refuse_;
  const McpRecord record_;
  std::mutex mu_;
  std::map<std::string, std::shared_ptr<McpConnection>> sessions_;
};

}  // namespace

Status RegisterMcpRoutes(HttpServer& server, McpEndpointOptions options,
                         McpAuthenticate authenticate, McpRefuse refuse, McpRecord record) {
  ASKDB_RETURN_IF_ERROR(ValidateMcpBackendDeps(options.backend));
  if (!authenticate || !refuse) {
    return InvalidArgumentError("RegisterMcpRoutes needs authenticate and refuse callbacks");
  }
  std::make_shared<McpEndpoint>(std::move(options), std::move(authenticate), std::move(refuse),
                                std::move(record))
      ->Register(server);
  return Status::Ok();
}

}  // namespace askdb::server::api
