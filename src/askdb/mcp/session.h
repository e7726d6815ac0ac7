// McpSession: the Model Context Protocol server side of one client connection, independent
// of the transport (stdio_transport.h for `askdb mcp`, server/api/mcp_endpoint.h for
// `askdb serve`'s /mcp). It speaks JSON-RPC 2.0: requests, notifications and, when the
// negotiated protocol version allows it (2025-03-26 only), batches.
//
//   initialize            version negotiation: the client's version when supported, else
//                         the newest one; capabilities tools + resources; server info
//   ping                  {}
//   tools/list            the ToolHandler's tools (inputSchema, and outputSchema from
//                         2025-06-18 on)
//   tools/call            the handler's CallToolResult (structuredContent from 2025-06-18)
//   resources/list, resources/read, resources/templates/list
//   notifications/initialized, notifications/cancelled (cancels the named request's token)
//
// A request carrying params._meta.progressToken gets notifications/progress while it runs
// (RequestContext::progress). Errors follow JSON-RPC: -32700 unparsable text, -32600 not a
// request (or a batch the version forbids, or a request before initialize), -32601 unknown
// method, -32602 bad params (unknown tool), -32002 unknown resource, -32603 internal.
//
// Thread-safe: several requests of one session may be handled at once (a cancellation
// must reach a running call); `notify` may be called from any of those threads.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/cancellation.h"
#include "askdb/common/json.h"
#include "askdb/common/status.h"

namespace askdb::mcp {

inline constexpr std::string_view kLatestProtocolVersion = "2025-11-25";
// Newest first.
const std::vector<std::string>& SupportedProtocolVersions();
bool IsSupportedProtocolVersion(std::string_view version);
// JSON-RPC batches exist only in protocol version 2025-03-26 (added then, removed after).
bool BatchingAllowed(std::string_view version);
// structuredContent and outputSchema exist from 2025-06-18 on.
bool StructuredContentAllowed(std::string_view version);

enum RpcErrorCode : int {
  kParseError = -32700,
  kInvalidRequest = -32600,
  kMethodNotFound = -32601,
  kInvalidParams = -32602,
  kInternalError = -32603,
  kResourceNotFound = -32002,
};

Json RpcErrorMessage(const Json& id, int code, std::string_view message);
Json RpcResultMessage(const Json& id, Json result);
// A Status as a JSON-RPC error code: InvalidArgument → -32602, NotFound → -32002 (resources),
// anything else → -32603.
int RpcCodeFor(const Status& status);

// What a running request may do besides computing its result.
struct RequestContext {
  std::shared_ptr<CancellationToken> cancel = std::make_shared<CancellationToken>();
  // Sends notifications/progress when the client sent a progressToken; else does nothing.
  // `progress` must grow from call to call.
  std::function<void(double progress, std::string_view message)> progress = [](double,
                                                                               std::string_view) {};
  std::string protocol_version;
};

// The tools and resources a session serves (tools.h: askdb's).
class ToolHandler {
 public:
  virtual ~ToolHandler() = default;
  // The "tools" array of tools/list, each with name, description, inputSchema and
  // outputSchema (the session drops outputSchema for versions before 2025-06-18).
  virtual Json ListTools() const = 0;
  // A CallToolResult {"content", "structuredContent"?, "isError"}; NotFound for an unknown
  // tool (a JSON-RPC error -32602), other errors as -32603.
  virtual StatusOr<Json> CallTool(std::string_view name, const Json& arguments,
                                  RequestContext& context) = 0;
  virtual StatusOr<Json> ListResources() = 0;                     // the "resources" array
  virtual StatusOr<Json> ReadResource(std::string_view uri) = 0;  // the "contents" array
};

struct ServerInfo {
  std::string name = "askdb";
  std::string version = "0";
  std::string instructions;  // sent in initialize's result when not empty
};

// Receives one notification (a complete JSON-RPC message) to send to the client.
using Notify = std::function<void(const Json& notification)>;

class McpSession {
 public:
  McpSession(ToolHandler& handler, ServerInfo info);
  McpSession(const McpSession&) = delete;
  McpSession& operator=(const McpSession&) = delete;

  // One message as received: parses it (a -32700 error when it does not parse) and
  // handles it. Returns the reply to send, or nullopt when there is none (notifications,
  // responses, a batch of notifications).
  std::optional<Json> HandleText(std::string_view text, const Notify& notify);
  std::optional<Json> HandleMessage(const Json& message, const Notify& notify);

  // The negotiated version ("" before initialize).
  std::string protocol_version() const;
  bool initialized() const;
  // Cancels every request still running (the connection is gone).
  void CancelAll();

 private:
  std::optional<Json> HandleOne(const Json& message, const Notify& notify);
  // nullopt for a call that was cancelled (the spec: no response then).
  std::optional<Json> Dispatch(const Json& id, const std::string& method, const Json& params,
                               const Notify& notify);
  Json Initialize(const Json& id, const Json& params);
  Json ListTools(const Json& id, const std::string& version);
  std::optional<Json> RunToolCall(const Json& id, const Json& params, const Notify& notify,
                                  const std::string& version);
  Json CallTool(const Json& id, const Json& params, RequestContext& context);
  Json ReadResource(const Json& id, const Json& params);
  void Cancelled(const Json& params);

  ToolHandler& handler_;
  const ServerInfo info_;
  mutable std::mutex mu_;
  std::string version_;
  bool initialized_ = false;
  // Running requests by id (serialised JSON), for notifications/cancelled.
  std::map<std::string, std::shared_ptr<CancellationToken>> running_;
};

}  // namespace askdb::mcp
