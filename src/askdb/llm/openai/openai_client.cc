#include "askdb/llm/openai/openai_client.h"

#include <curl/curl.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstring>
#include <mutex>
#include <vector>

#include "askdb/common/cancellation.h"
#include "askdb/llm/openai/openai_protocol.h"
#include "askdb/llm/sse_parser.h"

namespace askdb::llm {
namespace {

using SteadyClock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// Idle handles kept for reuse; more concurrent calls simply create more handles.
constexpr size_t kMaxPooledHandles = 64;
// Model ids named in the error when the endpoint serves several; the rest are counted.
constexpr size_t kMaxModelsNamed = 20;

void GlobalInit() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

double MsSince(SteadyClock::time_point start) {
  return std::chrono::duration<double, std::milli>(SteadyClock::now() - start).count();
}

std::string TrimRight(std::string s, char c) {
  while (!s.empty() && s.back() == c) s.pop_back();
  return s;
}

bool IEquals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

struct CurlSlistDeleter {
  void operator()(curl_slist* l) const { curl_slist_free_all(l); }
};
using SlistPtr = std::unique_ptr<curl_slist, CurlSlistDeleter>;

}  // namespace

// A multi handle with one easy handle: the multi interface lets a call wait in short polls
// (to notice cancellation) and keeps the connection cache across calls.
struct PooledHandle {
  CURLM* multi = nullptr;
  CURL* easy = nullptr;
  PooledHandle() : multi(curl_multi_init()), easy(curl_easy_init()) {}
  ~PooledHandle() {
    if (easy) curl_easy_cleanup(easy);
    if (multi) curl_multi_cleanup(multi);
  }
  PooledHandle(const PooledHandle&) = delete;
  PooledHandle& operator=(const PooledHandle&) = delete;
};

class OpenAiClient::HandlePool {
 public:
  std::unique_ptr<PooledHandle> Acquire() {
    {
      std::lock_guard lock(mu_);
      if (!idle_.empty()) {
        auto h = std::move(idle_.back());
        idle_.pop_back();
        return h;
      }
    }
    return std::make_unique<PooledHandle>();
  }
  void Release(std::unique_ptr<PooledHandle> h) {
    std::lock_guard lock(mu_);
    if (idle_.size() < kMaxPooledHandles) idle_.push_back(std::move(h));
  }

 private:
  std::mutex mu_;
  std::vector<std::unique_ptr<PooledHandle>> idle_;
};

// State of one HTTP exchange, shared with libcurl's callbacks.
struct OpenAiClient::Transfer {
  CURL* easy = nullptr;
  size_t max_bytes = 0;
  std::string body;  // non-2xx bodies and non-streamed replies
  // Streaming: bytes of a 2xx event-stream reply go to the parser instead of `body`.
  SseParser* sse = nullptr;
  Status abort_reason;  // why a callback stopped the transfer
  bool got_byte = false;
  bool is_event_stream = false;
  SteadyClock::time_point last_byte;
  std::optional<milliseconds> retry_after;
  std::optional<milliseconds> retry_after_ms;

  long HttpStatus() const {
    long code = 0;
    curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &code);
    return code;
  }

  static size_t OnHeader(char* data, size_t size, size_t n, void* user) {
    auto* t = static_cast<Transfer*>(user);
    size_t len = size * n;
    t->got_byte = true;
    t->last_byte = SteadyClock::now();
    std::string_view line(data, len);
    size_t colon = line.find(':');
    if (colon == std::string_view::npos) return len;
    std::string_view name = line.substr(0, colon);
    std::string_view value = line.substr(colon + 1);
    while (!value.empty() && (value.back() == '\n' || value.back() == '\r')) value.remove_suffix(1);
    if (IEquals(name, "retry-after")) {
      t->retry_after = openai::ParseRetryAfterSeconds(value);
      if (!t->retry_after) {
        // HTTP-date form.
        std::string date(value);
        time_t when = curl_getdate(date.c_str(), nullptr);
        if (when > 0) {
          int64_t secs = std::max<int64_t>(0, when - time(nullptr));
          t->retry_after = milliseconds(secs * 1000);
        }
      }
    } else if (IEquals(name, "retry-after-ms")) {
      t->retry_after_ms = openai::ParseRetryAfterMs(value);
    } else if (IEquals(name, "content-type")) {
      t->is_event_stream = value.find("text/event-stream") != std::string_view::npos;
    }
    return len;
  }

  static size_t OnWrite(char* data, size_t size, size_t n, void* user) {
    auto* t = static_cast<Transfer*>(user);
    size_t len = size * n;
    t->got_byte = true;
    t->last_byte = SteadyClock::now();
    long status = t->HttpStatus();
    if (t->sse != nullptr && t->is_event_stream && status >= 200 && status < 300) {
      Status s = t->sse->Feed(std::string_view(data, len));
      if (!s.ok()) {
        t->abort_reason = s;
        return 0;
      }
      return len;
    }
    if (t->body.size() + len > t->max_bytes) {
      t->abort_reason = ResourceExhaustedError("the model server's reply exceeds " +
                                               std::to_string(t->max_bytes) + " bytes");
      return 0;
    }
    t->body.append(data, len);
    return len;
  }
};

OpenAiClient::OpenAiClient(OpenAiClientOptions options)
    : options_(std::move(options)), pool_(std::make_unique<HandlePool>()) {
  GlobalInit();
  options_.base_url = TrimRight(options_.base_url, '/');
}

OpenAiClient::~OpenAiClient() = default;

std::string OpenAiClient::Describe() const {
  std::string model = options_.model;
  if (model.empty()) {
    std::lock_guard lock(model_mu_);
    model = discovered_model_.empty() ? "model not set" : discovered_model_;
  }
  return "openai(" + options_.base_url + ", " + model + ")";
}

// JSON content, no "Expect: 100-continue" round trip, the key and the configured extras.
static SlistPtr RequestHeaders(const OpenAiClientOptions& opts) {
  SlistPtr headers;
  auto add_header = [&](const std::string& line) {
    curl_slist* next = curl_slist_append(headers.get(), line.c_str());
    if (next != nullptr) {
      (void)headers.release();
      headers.reset(next);
    }
  };
  add_header("Content-Type: application/json");
  add_header("Expect:");
  if (!opts.api_key.empty()) add_header("Authorization: Bearer " + opts.api_key);
  for (const auto& [name, value] : opts.extra_headers) add_header(name + ": " + value);
  return headers;
}

// How long the whole transfer may take: request_timeout, or less when the caller's deadline
// comes first (`caller_deadline_binds` then says so, for the timeout's message).
static StatusOr<milliseconds> TransferTimeout(const OpenAiClientOptions& opts,
                                              const CallOptions& call,
                                              bool* caller_deadline_binds) {
  milliseconds total = opts.request_timeout;
  *caller_deadline_binds = false;
  if (auto left = call.Remaining(Clock::System())) {
    if (*left <= milliseconds(0)) {
      return DeadlineExceededError("the call's deadline passed before the request to " +
                                   opts.base_url + " was sent");
    }
    if (*left < total) {
      total = *left;
      *caller_deadline_binds = true;
    }
  }
  return total;
}

// The easy handle's request: method and body, headers, the transfer's callbacks, timeouts,
// error buffer and proxy. Every pointer given must outlive the transfer.
static void SetRequest(CURL* easy, const OpenAiClientOptions& opts, const std::string& url,
                       const std::string* body, curl_slist* headers, OpenAiClient::Transfer& t,
                       milliseconds total, char* error_buf) {
  curl_easy_setopt(easy, CURLOPT_URL, url.c_str());
  if (body != nullptr) {
    curl_easy_setopt(easy, CURLOPT_POST, 1L);
    curl_easy_setopt(easy, CURLOPT_POSTFIELDS, body->data());
    curl_easy_setopt(easy, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body->size()));
  } else {
    curl_easy_setopt(easy, CURLOPT_HTTPGET, 1L);
  }
  curl_easy_setopt(easy, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, &OpenAiClient::Transfer::OnWrite);
  curl_easy_setopt(easy, CURLOPT_WRITEDATA, &t);
  curl_easy_setopt(easy, CURLOPT_HEADERFUNCTION, &OpenAiClient::Transfer::OnHeader);
  curl_easy_setopt(easy, CURLOPT_HEADERDATA, &t);
  curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(easy, CURLOPT_CONNECTTIMEOUT_MS,
                   static_cast<long>(opts.connect_timeout.count()));
  curl_easy_setopt(easy, CURLOPT_TIMEOUT_MS, static_cast<long>(total.count()));
  curl_easy_setopt(easy, CURLOPT_ERRORBUFFER, error_buf);
  curl_easy_setopt(easy, CURLOPT_TCP_KEEPALIVE, 1L);
  if (!opts.proxy.empty()) curl_easy_setopt(easy, CURLOPT_PROXY, opts.proxy.c_str());
}

// Why a transfer still running must stop now: the call was cancelled, the first byte is
// late, or the reply stalled. Ok: it may go on.
static Status StopReason(const OpenAiClientOptions& opts, const OpenAiClient::Transfer& t,
                         const CallOptions& call, SteadyClock::time_point start) {
  if (call.IsCancelled()) {
    return CancelledError("the LLM call to " + opts.base_url + " was cancelled");
  }
  auto now = SteadyClock::now();
  if (!t.got_byte && now - start > opts.first_byte_timeout) {
    return DeadlineExceededError("no reply from " + opts.base_url + " within " +
                                 std::to_string(opts.first_byte_timeout.count()) +
                                 " ms (first_byte_timeout); the server may be overloaded");
  }
  if (t.got_byte && now - t.last_byte > opts.idle_timeout) {
    return DeadlineExceededError("the reply from " + opts.base_url + " stalled for " +
                                 std::to_string(opts.idle_timeout.count()) + " ms (idle_timeout)");
  }
  return Status::Ok();
}

// Drives the transfer on the handle's multi handle until it ends or must stop (StopReason,
// or a libcurl multi error: returned). `rc` receives the transfer's own result.
static Status DriveTransfer(const OpenAiClientOptions& opts, PooledHandle& h,
                            const OpenAiClient::Transfer& t, const CallOptions& call,
                            CURLcode* rc) {
  CURL* easy = h.easy;
  auto start = SteadyClock::now();
  Status abort;
  curl_multi_add_handle(h.multi, easy);
  int running = 1;
  while (true) {
    CURLMcode mc = curl_multi_perform(h.multi, &running);
    if (mc != CURLM_OK) {
      abort = InternalError(std::string("libcurl multi error: ") + curl_multi_strerror(mc));
      break;
    }
    if (running == 0) break;
    abort = StopReason(opts, t, call, start);
    if (!abort.ok()) break;
    int ignored = 0;
    curl_multi_poll(h.multi, nullptr, 0, static_cast<int>(opts.poll_interval.count()), &ignored);
  }
  *rc = CURLE_OK;
  if (abort.ok()) {
    int left = 0;
    while (CURLMsg* msg = curl_multi_info_read(h.multi, &left)) {
      if (msg->msg == CURLMSG_DONE && msg->easy_handle == easy) *rc = msg->data.result;
    }
  }
  // Removing a handle mid-transfer makes libcurl close its connection, so a half-read
  // reply never leaks into the next call on this handle.
  curl_multi_remove_handle(h.multi, easy);
  return abort;
}

// A failed transfer's status, worded for the person who configures [llm]: a proxy, a
// timeout (the caller's deadline or ours), an unknown host, a refused or reset connection,
// a malformed URL.
static Status TransferError(const OpenAiClientOptions& opts, CURL* easy, CURLcode rc,
                            const char* error_buf, bool caller_deadline_binds) {
  std::string detail = error_buf[0] ? error_buf : curl_easy_strerror(rc);
  long connect_code = 0;
  curl_easy_getinfo(easy, CURLINFO_HTTP_CONNECTCODE, &connect_code);
  bool proxy_failed = connect_code >= 300 || rc == CURLE_COULDNT_RESOLVE_PROXY ||
                      (!opts.proxy.empty() && rc == CURLE_COULDNT_CONNECT);
  if (proxy_failed) {
    return UnavailableError(
        "the proxy " + (opts.proxy.empty() ? "from the environment" : opts.proxy) +
        " failed to reach " + opts.base_url + " (" + detail +
        (connect_code ? ", CONNECT answered " + std::to_string(connect_code) : "") +
        "). Check [llm] proxy or the https_proxy variable");
  }
  switch (rc) {
    case CURLE_OPERATION_TIMEDOUT:
      if (caller_deadline_binds) {
        return DeadlineExceededError("the call's deadline passed while waiting for " +
                                     opts.base_url + " (" + detail + ")");
      }
      return DeadlineExceededError("the request to " + opts.base_url + " timed out (" + detail +
                                   "); raise [llm] request_timeout_ms or connect_timeout_ms");
    case CURLE_COULDNT_RESOLVE_HOST:
      return UnavailableError("cannot resolve the host of " + opts.base_url + " (" + detail +
                              "). Check [llm] base_url and the network");
    case CURLE_COULDNT_CONNECT:
      return UnavailableError("cannot connect to " + opts.base_url + " (" + detail +
                              "). Is the server running? Check [llm] base_url");
    case CURLE_RECV_ERROR:
    case CURLE_SEND_ERROR:
    case CURLE_GOT_NOTHING:
      // A reset or dropped connection (server restart, load balancer, NAT timeout): the
      // server may be fine a moment later, so the call is retried.
      return UnavailableError("the connection to " + opts.base_url +
                              " was reset or closed before the reply was complete (" + detail +
                              "); retried automatically, check the server if it persists");
    case CURLE_UNSUPPORTED_PROTOCOL:
    case CURLE_URL_MALFORMAT:
      return InvalidArgumentError("[llm] base_url '" + opts.base_url + "' is not a valid URL (" +
                                  detail + ")");
    default:
      return UnavailableError("the connection to " + opts.base_url + " failed (" + detail + ")");
  }
}

// Runs one POST of `body` to `path` (a GET when `body` is null). Fills `t` and returns a
// transport-level status.
static Status Perform(const OpenAiClientOptions& opts, PooledHandle& h, const std::string& path,
                      const std::string* body, OpenAiClient::Transfer& t, const CallOptions& call) {
  CURL* easy = h.easy;
  curl_easy_reset(easy);
  t.easy = easy;
  t.max_bytes = opts.max_response_bytes;
  const std::string url = opts.base_url + path;
  char error_buf[CURL_ERROR_SIZE] = {0};
  SlistPtr headers = RequestHeaders(opts);
  bool caller_deadline_binds = false;
  ASKDB_ASSIGN_OR_RETURN(milliseconds total, TransferTimeout(opts, call, &caller_deadline_binds));
  SetRequest(easy, opts, url, body, headers.get(), t, total, error_buf);
  CURLcode rc = CURLE_OK;
  ASKDB_RETURN_IF_ERROR(DriveTransfer(opts, h, t, call, &rc));
  if (rc == CURLE_OK) return Status::Ok();
  if (!t.abort_reason.ok()) return t.abort_reason;
  return TransferError(opts, easy, rc, error_buf, caller_deadline_binds);
}

namespace {

openai::HttpErrorContext ErrorContext(const OpenAiClientOptions& opts, const std::string& model,
                                      const OpenAiClient::Transfer& t) {
  openai::HttpErrorContext ctx;
  ctx.endpoint = opts.base_url;
  ctx.model = model;
  ctx.retry_after = t.retry_after_ms ? t.retry_after_ms : t.retry_after;
  return ctx;
}

Status CheckFinish(const ChatResponse& r, const std::string& base_url) {
  if (r.finish_reason == "content_filter") {
    return LlmError("the provider's content filter stopped the answer from " + base_url +
                    ". Rephrase the question; retrying the same text will not help");
  }
  return Status::Ok();
}

std::string NoModelMessage() {
  return "no model is configured: set [llm] model in askdb.toml (for example model = "
         "\"gpt-4o-mini\") or the OPENAI_MODEL environment variable";
}

// What a streamed answer gathers as its server-sent events arrive: the answer so far, when
// its first token came, and why the stream ended early (an error, or the caller stopped it).
struct StreamReader {
  const std::string& base_url;
  const std::string& model;
  const StreamCallback& on_delta;
  SteadyClock::time_point start;
  openai::StreamAccumulator acc;
  bool done = false;
  bool stopped = false;
  Status error;
  double first_token_ms = 0;

  // One event; false stops the transfer (bad JSON, an error object, the caller said stop).
  bool OnEvent(const SseEvent& ev) {
    if (ev.data == "[DONE]") {
      done = true;
      return true;
    }
    auto chunk = ParseJson(ev.data);
    if (!chunk.ok()) {
      error = UnavailableError("the stream from " + base_url +
                               " carried invalid JSON: " + chunk.status().message());
      return false;
    }
    if (chunk->is_object() && chunk->contains("error")) {
      error = openai::MapHttpError(500, ev.data, openai::HttpErrorContext{base_url, model, {}});
      return false;
    }
    StreamDelta delta;
    if (acc.Apply(*chunk, delta)) {
      if (first_token_ms == 0) first_token_ms = MsSince(start);
      if (on_delta && !on_delta(delta)) {
        stopped = true;
        return false;
      }
    }
    return true;
  }

  // The whole answer once the transfer ended: a stream cut before its end is an error, not
  // a shorter answer.
  StatusOr<ChatResponse> Finish(SseParser& parser) {
    ASKDB_RETURN_IF_ERROR(parser.Finish());
    if (!error.ok()) return error;
    if (!done && !acc.saw_finish_reason()) {
      return UnavailableError("the stream from " + base_url +
                              " ended before the answer was complete (no finish_reason, no "
                              "[DONE]); the connection was probably cut");
    }
    return acc.Finish();
  }
};

// Some servers ignore "stream": true and answer in one piece: the caller still sees it as
// one delta.
StatusOr<ChatResponse> AnswerInOnePiece(const std::string& body, const StreamCallback& on_delta) {
  ASKDB_ASSIGN_OR_RETURN(ChatResponse response, openai::ParseChatBody(body));
  if (on_delta) {
    StreamDelta delta{response.content, response.reasoning, {}};
    on_delta(delta);
  }
  return response;
}

}  // namespace

StatusOr<std::vector<std::string>> OpenAiClient::ListModels(const CallOptions& call) {
  auto handle = pool_->Acquire();
  Transfer t;
  Status s = Perform(options_, *handle, "/models", nullptr, t, call);
  long http = t.HttpStatus();
  pool_->Release(std::move(handle));
  ASKDB_RETURN_IF_ERROR(s);
  const std::string where = options_.base_url + "/models";
  if (http < 200 || http >= 300) {
    return NotFoundError(where + " answered HTTP " + std::to_string(http));
  }
  StatusOr<Json> parsed = ParseJson(t.body);
  if (!parsed.ok() || !parsed->is_object() || !parsed->contains("data") ||
      !(*parsed)["data"].is_array()) {
    return NotFoundError(where + " did not answer with an OpenAI model list");
  }
  std::vector<std::string> ids;
  for (const Json& entry : (*parsed)["data"]) {
    if (entry.is_object() && entry.contains("id") && entry["id"].is_string()) {
      ids.push_back(entry["id"].get<std::string>());
    }
  }
  return ids;
}

StatusOr<std::string> OpenAiClient::ChatModel(const ChatRequest& request, const CallOptions& call) {
  if (!request.model.empty()) return request.model;
  if (!options_.model.empty()) return options_.model;
  // Held while listing, so concurrent first calls send one request between them.
  std::lock_guard lock(model_mu_);
  if (!discovered_model_.empty()) return discovered_model_;
  StatusOr<std::vector<std::string>> models = ListModels(call);
  if (!models.ok()) {
    if (models.status().code() != StatusCode::kNotFound) {
      return models.status().WithContext("asking " + options_.base_url +
                                         "/models which model to use, as none is configured");
    }
    return FailedPreconditionError(NoModelMessage() + " (the endpoint does not list its models: " +
                                   models.status().message() + ")");
  }
  if (models->size() == 1) {
    discovered_model_ = models->front();
    spdlog::warn(
        "llm: no model is configured; using model {}, the only one {} serves (set [llm] "
        "model to choose it explicitly)",
        discovered_model_, options_.base_url);
    return discovered_model_;
  }
  if (models->empty()) {
    return FailedPreconditionError(NoModelMessage() + " (" + options_.base_url +
                                   "/models lists no models)");
  }
  std::string names;
  for (size_t i = 0; i < models->size() && i < kMaxModelsNamed; ++i) {
    names += (i == 0 ? "" : ", ") + (*models)[i];
  }
  if (models->size() > kMaxModelsNamed) {
    names += " (and " + std::to_string(models->size() - kMaxModelsNamed) + " more)";
  }
  return FailedPreconditionError("no model is configured and " + options_.base_url + " serves " +
                                 std::to_string(models->size()) +
                                 " models: set [llm] model (or OPENAI_MODEL) to one of: " + names);
}

StatusOr<ChatResponse> OpenAiClient::Chat(const ChatRequest& request, const CallOptions& call) {
  ASKDB_ASSIGN_OR_RETURN(std::string model, ChatModel(request, call));
  openai::WireOptions wire{model, false, options_.stream_usage};
  std::string body = openai::BuildChatBody(request, wire).dump();
  auto handle = pool_->Acquire();
  Transfer t;
  auto start = SteadyClock::now();
  Status s = Perform(options_, *handle, "/chat/completions", &body, t, call);
  long http = t.HttpStatus();
  pool_->Release(std::move(handle));
  ASKDB_RETURN_IF_ERROR(s);
  if (http < 200 || http >= 300) {
    return openai::MapHttpError(http, t.body, ErrorContext(options_, model, t));
  }
  ASKDB_ASSIGN_OR_RETURN(ChatResponse response, openai::ParseChatBody(t.body));
  ASKDB_RETURN_IF_ERROR(CheckFinish(response, options_.base_url));
  response.usage.latency_ms = MsSince(start);
  response.usage.time_to_first_token_ms = response.usage.latency_ms;
  EstimateUsageIfMissing(request, response);
  return response;
}

StatusOr<ChatResponse> OpenAiClient::ChatStream(const ChatRequest& request,
                                                const StreamCallback& on_delta,
                                                const CallOptions& call) {
  ASKDB_ASSIGN_OR_RETURN(std::string model, ChatModel(request, call));
  openai::WireOptions wire{model, true, options_.stream_usage};
  std::string body = openai::BuildChatBody(request, wire).dump();
  StreamReader reader{options_.base_url, model, on_delta, SteadyClock::now()};
  SseParser parser([&reader](const SseEvent& ev) { return reader.OnEvent(ev); });
  auto handle = pool_->Acquire();
  Transfer t;
  t.sse = &parser;
  Status s = Perform(options_, *handle, "/chat/completions", &body, t, call);
  long http = t.HttpStatus();
  bool event_stream = t.is_event_stream;
  pool_->Release(std::move(handle));
  if (reader.stopped) {
    return CancelledError("the caller stopped the stream from " + options_.base_url);
  }
  if (!reader.error.ok()) return reader.error;
  ASKDB_RETURN_IF_ERROR(s);
  if (http < 200 || http >= 300) {
    return openai::MapHttpError(http, t.body, ErrorContext(options_, model, t));
  }
  ChatResponse response;
  if (!event_stream) {
    ASKDB_ASSIGN_OR_RETURN(response, AnswerInOnePiece(t.body, on_delta));
    reader.first_token_ms = MsSince(reader.start);
  } else {
    ASKDB_ASSIGN_OR_RETURN(response, reader.Finish(parser));
  }
  ASKDB_RETURN_IF_ERROR(CheckFinish(response, options_.base_url));
  response.usage.latency_ms = MsSince(reader.start);
  response.usage.time_to_first_token_ms = reader.first_token_ms;
  EstimateUsageIfMissing(request, response);
  return response;
}

StatusOr<EmbeddingResponse> OpenAiClient::Embed(const EmbeddingRequest& request,
                                                const CallOptions& call) {
  std::string model = request.model.empty() ? options_.embedding_model : request.model;
  if (model.empty()) {
    return FailedPreconditionError("no embedding model is configured for " + options_.base_url +
                                   "; set [llm] embedding_model");
  }
  std::string body = openai::BuildEmbeddingBody(request, model).dump();
  auto handle = pool_->Acquire();
  Transfer t;
  auto start = SteadyClock::now();
  Status s = Perform(options_, *handle, "/embeddings", &body, t, call);
  long http = t.HttpStatus();
  pool_->Release(std::move(handle));
  ASKDB_RETURN_IF_ERROR(s);
  if (http < 200 || http >= 300) {
    return openai::MapHttpError(http, t.body, ErrorContext(options_, model, t));
  }
  ASKDB_ASSIGN_OR_RETURN(EmbeddingResponse response,
                         openai::ParseEmbeddingBody(t.body, request.inputs.size()));
  response.usage.latency_ms = MsSince(start);
  if (response.usage.prompt_tokens == 0) {
    for (const auto& in : request.inputs) response.usage.prompt_tokens += EstimateTokens(in);
    response.usage.estimated = true;
  }
  return response;
}

}  // namespace askdb::llm
