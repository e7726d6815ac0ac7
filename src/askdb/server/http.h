// The HTTP transport interface of `askdb serve`: request/response value types, streaming
// responses and an abstract HttpServer, so that cpp-httplib (httplib_server.h) stays
// behind one replaceable seam and route code never includes <httplib.h>.
//
// Contract:
// - Routes are registered with Handle/HandleStream before Start(); registering after
//   Start() is not allowed (the route table is read without a lock while serving).
// - Patterns are literal segments and `{name}` parameters ("/api/v1/runs/{id}/resume");
//   a last segment `{name*}` captures the rest of the path. The most specific pattern
//   wins (a literal segment beats a parameter at the first segment where they differ).
// - Unknown paths answer 404 and known paths with another method 405 (with `Allow`), both
//   as JSON error bodies {"error": {"code": "...", "message": "..."}}. An exception thrown
//   by a handler becomes a 500 JSON error; it never takes the process down.
// - Handlers run on the server's connection threads, possibly many at once: they must be
//   thread-safe. A HttpRequest is owned by the server and valid during the call only.
// - A streaming route first decides (StreamHandler) whether to accept: a rejection is an
//   ordinary HttpResponse (404, 429, ...); an acceptance sends the head at once and then
//   runs the body with a StreamWriter on the connection's thread until the body returns.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "askdb/common/status.h"

namespace askdb::server {

inline constexpr std::string_view kJsonContentType = "application/json; charset=utf-8";
// Exactly this text: cpp-httplib would gzip any other text/* stream and so hold frames back.
// (SSE is UTF-8 by definition, so no charset parameter is needed.)
inline constexpr std::string_view kSseContentType = "text/event-stream";

// Header list with case-insensitive names (RFC 9110). Keeps insertion order and repeats.
class HttpHeaders {
 public:
  // Replaces every header called `name` by one with `value`.
  void Set(std::string_view name, std::string_view value);
  // Appends another header line, keeping existing ones of the same name.
  void Add(std::string_view name, std::string_view value);
  void Remove(std::string_view name);
  // The first value of `name`, or nullopt.
  std::optional<std::string> Get(std::string_view name) const;
  bool Has(std::string_view name) const { return Get(name).has_value(); }
  const std::vector<std::pair<std::string, std::string>>& entries() const { return entries_; }

 private:
  std::vector<std::pair<std::string, std::string>> entries_;
};

// ASCII case-insensitive equality, as header names and tokens compare.
bool EqualsIgnoreCase(std::string_view a, std::string_view b);

struct HttpRequest {
  std::string method;  // upper case: "GET", "POST", ...
  std::string path;    // as sent, without the query (not percent-decoded)
  std::map<std::string, std::string> path_params;  // from `{name}` in the pattern, decoded
  std::multimap<std::string, std::string> query;   // decoded query parameters
  HttpHeaders headers;
  std::string body;
  // A multipart/form-data body's parts, by name (the HTTP layer parses them; `body` is
  // then empty).
  struct FormPart {
    std::string name;
    std::string filename;  // empty for a plain field
    std::string content_type;
    std::string content;
  };
  std::vector<FormPart> form;
  std::string remote_address;
  int remote_port = 0;

  // The value of a `{name}` parameter, or "" when the pattern has none of that name.
  std::string_view PathParam(std::string_view name) const;
  // The first value of query parameter `name`.
  std::optional<std::string> Query(std::string_view name) const;
  std::optional<std::string> Header(std::string_view name) const { return headers.Get(name); }
};

struct HttpResponse {
  int status = 200;
  HttpHeaders headers;
  std::string content_type = "text/plain; charset=utf-8";
  std::string body;

  // `value` serialised compactly (invalid UTF-8 replaced, never thrown on).
  static HttpResponse JsonBody(const nlohmann::ordered_json& value, int status = 200);
  // {"error": {"code": code, "message": message}} with the given status.
  static HttpResponse Error(int status, std::string_view code, std::string_view message);
  // The error body for a non-OK Status, its HTTP status from HttpStatusFor and its code
  // from StatusCodeName ("invalid_argument", ...).
  static HttpResponse FromStatus(const Status& status);
};

// The HTTP status a Status code maps to: InvalidArgument 400, Unauthenticated 401,
// PermissionDenied 403,
// NotFound 404, AlreadyExists/FailedPrecondition 409, ResourceExhausted 429, Cancelled 499,
// SqlError 422, LlmError 502, Unavailable 503, DeadlineExceeded 504, Unimplemented 501,
// anything else 500.
int HttpStatusFor(StatusCode code);

// The JSON error document {"error": {"code": ..., "message": ...}} as text.
std::string JsonErrorText(std::string_view code, std::string_view message);

// The sending side of a streaming response. Used from the one thread running the stream
// body; IsOpen may also be called from other threads.
class StreamWriter {
 public:
  virtual ~StreamWriter() = default;
  // Sends `data` at once (no buffering on our side). Returns false once the client has
  // gone away or the write timed out; every later call returns false too.
  virtual bool Write(std::string_view data) = 0;
  // False once the client has disconnected, a write failed, or the server is stopping:
  // the body should return soon. Cheap (one non-blocking poll), safe to call often.
  virtual bool IsOpen() const = 0;
};

using Handler = std::function<HttpResponse(const HttpRequest&)>;

// What a StreamHandler answers: either a plain response (`body` empty: a rejection such as
// 404 or 429) or the head of a stream (`head.status`, headers, content type) and the body.
struct StreamResponse {
  HttpResponse head;
  std::function<void(StreamWriter&)> body;

  static StreamResponse Reject(HttpResponse response);
  // An SSE stream: text/event-stream, no caching, no proxy buffering.
  static StreamResponse Sse(std::function<void(StreamWriter&)> body);
};

using StreamHandler = std::function<StreamResponse(const HttpRequest&)>;

// One line of the access log, passed to HttpServerOptions::access_log.
struct AccessLogEntry {
  std::string method;
  std::string path;
  int status = 0;
  std::chrono::microseconds duration{0};
  std::size_t bytes = 0;  // response body bytes (streamed bytes for a stream)
  std::string remote_address;
};

struct HttpServerOptions {
  // Larger request bodies answer 413 with a JSON error naming the limit.
  std::size_t max_body_bytes = 1 << 20;
  // Exact paths with their own body limit instead of max_body_bytes (a document upload takes
  // up to knowledge.max_file_mb); a larger body on them is a 413 with their limit.
  std::map<std::string, std::size_t, std::less<>> body_limits;
  std::chrono::milliseconds read_timeout{30'000};
  // A write (and so a stream to a client that stopped reading) that cannot proceed for this
  // long fails; the stream body then sees Write return false.
  std::chrono::milliseconds write_timeout{30'000};
  // How long an idle keep-alive connection is kept, and how many requests it may carry.
  std::chrono::milliseconds keep_alive_timeout{5'000};
  std::size_t keep_alive_max_requests = 100;
  // The idle timeout: a connection that sends no request for `keep_alive_timeout` (a new
  // one included) is closed ("idle_timeout" event).
  // Total time a request's line, headers and body may take to arrive, from its first byte:
  // then 408 and the connection is closed
  // ("request_deadline" event). Guards against slow-loris clients; 0: no deadline.
  std::chrono::milliseconds request_deadline{30'000};
  // Open connections at once (served or waiting for a thread); one more is answered 503
  // with Retry-After and closed ("rejected_max_connections"). 0: max_worker_threads.
  std::size_t max_connections = 0;
  // Open connections per client address; one more is answered 503 with Retry-After
  // ("rejected_per_client"). 0: no limit.
  std::size_t max_connections_per_client = 0;
  // Called from connection threads for each connection event: "opened", "closed",
  // "rejected_max_connections", "rejected_per_client", "idle_timeout", "request_deadline",
  // "client_gone" (a request whose client left before its handler ran: not run).
  std::function<void(std::string_view event)> on_connection_event;
  // Connection threads (see httplib_server.h for why each open connection needs one):
  // `min_worker_threads` are kept, more are started on demand up to `max_worker_threads`,
  // and extra ones exit after `idle_worker_timeout`. Connections beyond the maximum wait
  // in a queue until a thread is free, up to max_connections in all.
  std::size_t min_worker_threads = 8;
  std::size_t max_worker_threads = 4096;
  std::chrono::milliseconds idle_worker_timeout{30'000};
  // Pending-connection queue of the listening socket (capped by net.core.somaxconn).
  int listen_backlog = 1024;
  // Raise the soft RLIMIT_NOFILE so that max_worker_threads connections fit.
  bool raise_open_files_limit = true;
  // Origins allowed to call the API from a browser; "*" allows any. Empty: no CORS headers
  // and preflight requests are refused with 403.
  std::vector<std::string> cors_allowed_origins;
  std::vector<std::string> cors_allowed_headers = {"Content-Type", "Authorization", "X-API-Key",
                                                   "Last-Event-ID"};
  std::chrono::seconds cors_max_age{600};
  // Write one structured spdlog info line per request ("http_access method=GET ...").
  bool log_access = true;
  // Called once per request after the response was sent, from the connection thread.
  std::function<void(const AccessLogEntry&)> access_log;
};

class HttpServer {
 public:
  virtual ~HttpServer() = default;

  virtual void Handle(std::string_view method, std::string_view pattern, Handler handler) = 0;
  virtual void HandleStream(std::string_view method, std::string_view pattern,
                            StreamHandler handler) = 0;
  // What a request to exactly `path` gets when its body exceeds max_body_bytes (the limit
  // stays the same for every route; only the answer's shape changes — /mcp answers a
  // JSON-RPC error). `respond` receives the limit. Call before Start. Default: ignored (the
  // JSON error document).
  virtual void SetOversizedBodyResponse(std::string_view path,
                                        std::function<HttpResponse(std::size_t limit)> respond) {
    (void)path;
    (void)respond;
  }

  // Binds and starts serving in background threads; returns once connections are accepted.
  // Port 0 picks an ephemeral port (see port()). Fails when the address cannot be bound
  // or a registered pattern was malformed.
  virtual Status Start(std::string_view host, int port) = 0;
  // Graceful: stops accepting, lets in-flight requests finish, tells streams to end
  // (StreamWriter::IsOpen turns false) and waits for their bodies to return — so a stream
  // body must check IsOpen (RunSseStream does, every liveness_poll_interval). Idle
  // keep-alive connections are closed. Idempotent; also done by the destructor.
  virtual void Stop() = 0;
  // The bound port after a successful Start, else 0.
  virtual int port() const = 0;
};

}  // namespace askdb::server
