#include "askdb/mcp/session.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <utility>

namespace askdb::mcp {
namespace {

// A JSON-RPC id is a string or an integer (MCP forbids null).
bool ValidId(const Json& id) { return id.is_string() || id.is_number_integer(); }

Json Notification(std::string_view method, Json params) {
  return Json{{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}};
}

Json ErrorFromStatus(const Json& id, const Status& status) {
  return RpcErrorMessage(id, RpcCodeFor(status), status.message());
}

// An exception out of a handler is a bug: the request gets -32603 naming it (a notification,
// nothing) and the session, its transport's threads included, goes on.
template <typename Handle>
std::optional<Json> Guarded(const Json& message, Handle handle) {
  std::string what;
  try {
    return handle();
  } catch (const std::exception& e) {
    what = e.what();
  } catch (...) {
    what = "an unknown exception";
  }
  spdlog::error("mcp: a request handler threw: {}", what);
  const Json id = message.is_object() ? message.value("id", Json(nullptr)) : Json(nullptr);
  if (!ValidId(id)) return std::nullopt;
  return RpcErrorMessage(id, kInternalError,
                         "internal error (" + what + "); this is a bug in askdb: please report it");
}

// notifications/progress for the call when the client sent a progressToken (and a channel
// for notifications exists); else the context's silent default stays.
void ReportProgressIfAsked(const Json& params, const Notify& notify, RequestContext& context) {
  const Json meta = params.value("_meta", Json::object());
  const Json token = meta.is_object() ? meta.value("progressToken", Json(nullptr)) : Json(nullptr);
  if ((token.is_string() || token.is_number_integer()) && notify) {
    context.progress = [token, notify](double progress, std::string_view message) {
      Json p{{"progressToken", token}, {"progress", progress}};
      if (!message.empty()) p["message"] = message;
      notify(Notification("notifications/progress", std::move(p)));
    };
  }
}

// One line per call for operators (never the arguments: they may hold data).
void LogToolCall(const Json& params, const Json& reply, const RequestContext& context,
                 std::chrono::steady_clock::time_point start) {
  const Json name = params.value("name", Json(nullptr));
  spdlog::info("mcp_call tool={} ms={} outcome={}",
               name.is_string() ? name.get<std::string>() : std::string("?"),
               std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::steady_clock::now() - start)
                   .count(),
               context.cancel->IsCancelled()             ? "cancelled"
               : reply.contains("error")                 ? "rpc_error"
               : reply["result"].value("isError", false) ? "tool_error"
                                                         : "ok");
}

}  // namespace

const std::vector<std::string>& SupportedProtocolVersions() {
  static const std::vector<std::string> kVersions = {std::string(kLatestProtocolVersion),
                                                     "2025-06-18", "2025-03-26", "2024-11-05"};
  return kVersions;
}

bool IsSupportedProtocolVersion(std::string_view version) {
  const auto& all = SupportedProtocolVersions();
  return std::find(all.begin(), all.end(), version) != all.end();
}

bool BatchingAllowed(std::string_view version) { return version == "2025-03-26"; }

// Versions are dates, so they compare as strings.
bool StructuredContentAllowed(std::string_view version) { return version >= "2025-06-18"; }

Json RpcErrorMessage(const Json& id, int code, std::string_view message) {
  return Json{{"jsonrpc", "2.0"},
              {"id", ValidId(id) ? id : Json(nullptr)},
              {"error", Json{{"code", code}, {"message", message}}}};
}

Json RpcResultMessage(const Json& id, Json result) {
  return Json{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}};
}

int RpcCodeFor(const Status& status) {
  switch (status.code()) {
    case StatusCode::kInvalidArgument:
      return kInvalidParams;
    case StatusCode::kNotFound:
      return kResourceNotFound;
    default:
      return kInternalError;
  }
}

McpSession::McpSession(ToolHandler& handler, ServerInfo info)
    : handler_(handler), info_(std::move(info)) {}

std::string McpSession::protocol_version() const {
  std::lock_guard<std::mutex> lock(mu_);
  return version_;
}

bool McpSession::initialized() const {
  std::lock_guard<std::mutex> lock(mu_);
  return initialized_;
}

void McpSession::CancelAll() {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto& [id, token] : running_) token->Cancel();
}

std::optional<Json> McpSession::HandleText(std::string_view text, const Notify& notify) {
  StatusOr<Json> message = ParseJson(text);
  if (!message.ok()) {
    return RpcErrorMessage(nullptr, kParseError,
                           "the message is not valid JSON (" + message.status().message() +
                               "): send one JSON-RPC 2.0 object per message");
  }
  return HandleMessage(*message, notify);
}

std::optional<Json> McpSession::HandleMessage(const Json& message, const Notify& notify) {
  if (!message.is_array()) {
    return Guarded(message, [&] { return HandleOne(message, notify); });
  }
  const std::string version = protocol_version();
  if (!BatchingAllowed(version)) {
    return RpcErrorMessage(
        nullptr, kInvalidRequest,
        "JSON-RPC batches are not supported in protocol version " +
            (version.empty() ? std::string("negotiation (initialize must come alone)") : version) +
            ": send one message at a time");
  }
  if (message.empty()) {
    return RpcErrorMessage(nullptr, kInvalidRequest, "an empty batch is not a request");
  }
  Json replies = Json::array();
  for (const Json& item : message) {
    if (item.is_object() && item.value("method", "") == "initialize") {
      replies.push_back(RpcErrorMessage(item.value("id", Json(nullptr)), kInvalidRequest,
                                        "initialize must not be part of a batch"));
      continue;
    }
    std::optional<Json> reply = Guarded(item, [&] { return HandleOne(item, notify); });
    if (reply) replies.push_back(std::move(*reply));
  }
  if (replies.empty()) return std::nullopt;
  return replies;
}

std::optional<Json> McpSession::HandleOne(const Json& message, const Notify& notify) {
  if (!message.is_object() || message.value("jsonrpc", "") != "2.0") {
    return RpcErrorMessage(nullptr, kInvalidRequest,
                           "not a JSON-RPC 2.0 message: expected an object with "
                           "\"jsonrpc\": \"2.0\"");
  }
  const bool has_id = message.contains("id");
  const Json id = has_id ? message["id"] : Json(nullptr);
  if (!message.contains("method")) {
    // A response to a request of ours: the server sends none, so there is nothing to match.
    if (has_id && (message.contains("result") || message.contains("error"))) return std::nullopt;
    return RpcErrorMessage(id, kInvalidRequest, "a request needs a string \"method\"");
  }
  if (!message["method"].is_string()) {
    return RpcErrorMessage(id, kInvalidRequest, "\"method\" must be a string");
  }
  const std::string method = message["method"].get<std::string>();
  const Json params = message.value("params", Json::object());
  if (!params.is_object()) {
    if (!has_id) return std::nullopt;
    return RpcErrorMessage(id, kInvalidParams, "\"params\" must be an object");
  }
  if (!has_id) {
    if (method == "notifications/cancelled") Cancelled(params);
    if (method == "notifications/initialized") {
      std::lock_guard<std::mutex> lock(mu_);
      initialized_ = !version_.empty();
    }
    return std::nullopt;  // unknown notifications are ignored, as JSON-RPC says
  }
  if (!ValidId(id)) {
    return RpcErrorMessage(nullptr, kInvalidRequest, "\"id\" must be a string or an integer");
  }
  return Dispatch(id, method, params, notify);
}

std::optional<Json> McpSession::Dispatch(const Json& id, const std::string& method,
                                         const Json& params, const Notify& notify) {
  if (method == "initialize") return Initialize(id, params);
  if (method == "ping") return RpcResultMessage(id, Json::object());
  const std::string version = protocol_version();
  if (version.empty()) {
    return RpcErrorMessage(id, kInvalidRequest,
                           "the session is not initialized: send \"initialize\" first");
  }
  if (method == "tools/list") return ListTools(id, version);
  if (method == "resources/list") {
    StatusOr<Json> resources = handler_.ListResources();
    if (!resources.ok()) return ErrorFromStatus(id, resources.status());
    return RpcResultMessage(id, Json{{"resources", std::move(*resources)}});
  }
  if (method == "resources/templates/list") {
    return RpcResultMessage(id, Json{{"resourceTemplates", Json::array()}});
  }
  if (method == "resources/read") return ReadResource(id, params);
  if (method != "tools/call") {
    return RpcErrorMessage(id, kMethodNotFound,
                           "unknown method '" + method +
                               "': this server offers initialize, ping, tools/list, tools/call, "
                               "resources/list, resources/read and resources/templates/list");
  }
  return RunToolCall(id, params, notify, version);
}

// Output schemas only for clients of a version that knows structured content.
Json McpSession::ListTools(const Json& id, const std::string& version) {
  Json tools = handler_.ListTools();
  if (!StructuredContentAllowed(version)) {
    for (Json& tool : tools) tool.erase("outputSchema");
  }
  return RpcResultMessage(id, Json{{"tools", std::move(tools)}});
}

// The call is cancellable by its id while it runs; a cancelled call gets no reply.
std::optional<Json> McpSession::RunToolCall(const Json& id, const Json& params,
                                            const Notify& notify, const std::string& version) {
  RequestContext context;
  context.protocol_version = version;
  ReportProgressIfAsked(params, notify, context);
  const std::string key = id.dump();
  {
    std::lock_guard<std::mutex> lock(mu_);
    running_[key] = context.cancel;
  }
  const auto start = std::chrono::steady_clock::now();
  Json reply = CallTool(id, params, context);
  LogToolCall(params, reply, context, start);
  std::lock_guard<std::mutex> lock(mu_);
  running_.erase(key);
  if (context.cancel->IsCancelled()) return std::nullopt;
  return reply;
}

Json McpSession::Initialize(const Json& id, const Json& params) {
  if (!params.contains("protocolVersion") || !params["protocolVersion"].is_string()) {
    return RpcErrorMessage(id, kInvalidParams,
                           "initialize needs params.protocolVersion, a string such as \"" +
                               std::string(kLatestProtocolVersion) + "\"");
  }
  const std::string requested = params["protocolVersion"].get<std::string>();
  const std::string version =
      IsSupportedProtocolVersion(requested) ? requested : std::string(kLatestProtocolVersion);
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (!version_.empty()) {
      return RpcErrorMessage(id, kInvalidRequest,
                             "the session is already initialized (protocol version " + version_ +
                                 "); start a new connection to negotiate again");
    }
    version_ = version;
  }
  Json result{
      {"protocolVersion", version},
      {"capabilities", Json{{"tools", Json{{"listChanged", false}}},
                            {"resources", Json{{"listChanged", false}, {"subscribe", false}}}}},
      {"serverInfo", Json{{"name", info_.name}, {"version", info_.version}}}};
  if (!info_.instructions.empty()) result["instructions"] = info_.instructions;
  return RpcResultMessage(id, std::move(result));
}

Json McpSession::CallTool(const Json& id, const Json& params, RequestContext& context) {
  if (!params.contains("name") || !params["name"].is_string()) {
    return RpcErrorMessage(id, kInvalidParams, "tools/call needs params.name, the tool's name");
  }
  const Json arguments = params.value("arguments", Json::object());
  if (!arguments.is_object()) {
    return RpcErrorMessage(id, kInvalidParams, "params.arguments must be an object");
  }
  const std::string name = params["name"].get<std::string>();
  StatusOr<Json> result = handler_.CallTool(name, arguments, context);
  if (!result.ok()) {
    const int code =
        result.status().code() == StatusCode::kNotFound ? kInvalidParams : kInternalError;
    return RpcErrorMessage(id, code, result.status().message());
  }
  if (!StructuredContentAllowed(context.protocol_version)) result->erase("structuredContent");
  return RpcResultMessage(id, std::move(*result));
}

Json McpSession::ReadResource(const Json& id, const Json& params) {
  if (!params.contains("uri") || !params["uri"].is_string()) {
    return RpcErrorMessage(id, kInvalidParams, "resources/read needs params.uri, a string");
  }
  StatusOr<Json> contents = handler_.ReadResource(params["uri"].get<std::string>());
  if (!contents.ok()) return ErrorFromStatus(id, contents.status());
  return RpcResultMessage(id, Json{{"contents", std::move(*contents)}});
}

void McpSession::Cancelled(const Json& params) {
  if (!params.contains("requestId")) return;
  const std::string key = params["requestId"].dump();
  std::lock_guard<std::mutex> lock(mu_);
  auto it = running_.find(key);
  if (it != running_.end()) it->second->Cancel();
}

}  // namespace askdb::mcp
