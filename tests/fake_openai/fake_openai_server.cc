#include "fake_openai_server.h"

// A reset connection makes the server's later writes fail; without MSG_NOSIGNAL they would
// raise SIGPIPE and kill the test process. Must be defined before httplib.h is included.
#include <sys/socket.h>
#ifndef CPPHTTPLIB_SEND_FLAGS
#define CPPHTTPLIB_SEND_FLAGS MSG_NOSIGNAL
#endif
#include <arpa/inet.h>
#include <fcntl.h>
#include <httplib.h>
#include <linux/sockios.h>
#include <netinet/in.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include "askdb/common/json.h"

namespace askdb::fake_openai {
namespace {

constexpr char kLoopback[] = "127.0.0.1";
constexpr int kEmbeddingDims = 8;
constexpr int kContextLimit = 8192;
constexpr int kContextRequested = 12000;
constexpr auto kBindWait = std::chrono::milliseconds(5);
// A reset writes this much of a status line first: once curl has received a byte of the
// reply it reports the reset instead of silently re-sending the request on a fresh
// connection (which it does when a reused connection dies before any reply byte).
constexpr std::string_view kResetPartialReply = "HTTP/1.1 200 OK\r\n";
// How long a reset waits for that partial reply to leave the send queue (the reset discards
// unsent data), and how often it looks.
constexpr auto kResetFlushLimit = std::chrono::milliseconds(200);
constexpr auto kResetFlushPoll = std::chrono::milliseconds(1);
constexpr char kProcSelfFd[] = "/proc/self/fd";

// Returns a duplicate of the server-side socket of the connection 127.0.0.1:remote_port →
// 127.0.0.1:local_port, or -1. cpp-httplib does not hand the socket to handlers, so the
// process's descriptors are searched. Each candidate is dup()ed before it is inspected, so a
// descriptor closed and reused by another thread meanwhile can never be mistaken for ours.
int DupConnectionSocket(int local_port, int remote_port) {
  std::error_code ec;
  for (std::filesystem::directory_iterator it(kProcSelfFd, ec), end; !ec && it != end;
       it.increment(ec)) {
    int fd = -1;
    try {
      fd = std::stoi(it->path().filename().string());
    } catch (const std::exception&) {
      continue;
    }
    int dup = fcntl(fd, F_DUPFD_CLOEXEC, 0);
    if (dup < 0) continue;
    sockaddr_in local{};
    sockaddr_in peer{};
    socklen_t local_len = sizeof(local);
    socklen_t peer_len = sizeof(peer);
    bool match = getsockname(dup, reinterpret_cast<sockaddr*>(&local), &local_len) == 0 &&
                 local.sin_family == AF_INET && ntohs(local.sin_port) == local_port &&
                 getpeername(dup, reinterpret_cast<sockaddr*>(&peer), &peer_len) == 0 &&
                 peer.sin_family == AF_INET && ntohs(peer.sin_port) == remote_port &&
                 peer.sin_addr.s_addr == htonl(INADDR_LOOPBACK);
    if (match) return dup;
    close(dup);
  }
  return -1;
}

// Sends the start of a reply, then aborts the connection so that the peer receives a TCP
// RST ("Connection reset by peer"). connect(AF_UNSPEC) on a connected TCP socket is Linux's
// abortive disconnect: it sends RST at once, even though cpp-httplib still holds the
// descriptor (its later writes then fail quietly and it closes the socket). `resets` is
// counted before the RST leaves, so a client that sees the reset also sees the count.
// Returns false when the connection's socket was not found.
bool ResetConnection(int local_port, int remote_port, std::atomic<int64_t>& resets) {
  int fd = DupConnectionSocket(local_port, remote_port);
  if (fd < 0) return false;
  if (send(fd, kResetPartialReply.data(), kResetPartialReply.size(), MSG_NOSIGNAL) > 0) {
    auto limit = std::chrono::steady_clock::now() + kResetFlushLimit;
    int unsent = 0;
    while (ioctl(fd, SIOCOUTQNSD, &unsent) == 0 && unsent > 0 &&
           std::chrono::steady_clock::now() < limit) {
      std::this_thread::sleep_for(kResetFlushPoll);
    }
  }
  sockaddr disconnect{};
  disconnect.sa_family = AF_UNSPEC;
  ++resets;
  bool reset = connect(fd, &disconnect, sizeof(disconnect)) == 0;
  close(fd);
  return reset;
}

bool Has(const std::string& text, std::string_view marker) {
  return text.find(marker) != std::string::npos;
}

int64_t Words(const std::string& s) {
  int64_t n = 0;
  bool in = false;
  for (char c : s) {
    bool space = c == ' ' || c == '\n' || c == '\t';
    if (!space && !in) ++n;
    in = !space;
  }
  return n;
}

Json ErrorBody(std::string message, std::string type, std::string code) {
  return {
      {"error",
       {{"message", std::move(message)}, {"type", std::move(type)}, {"code", std::move(code)}}}};
}

// What the fake model "decides" to answer.
struct Answer {
  std::string content;
  std::string reasoning;
  Json tool_calls = Json::array();
  std::string finish_reason = "stop";
  bool usage = true;
  int64_t prompt_tokens = 0;
};

Answer Decide(const Json& req) {
  Answer a;
  std::string last_user;
  bool has_assistant_turn = false;
  for (const auto& m : req.value("messages", Json::array())) {
    std::string content;
    if (auto c = m.find("content"); c != m.end() && c->is_string()) content = *c;
    a.prompt_tokens += Words(content) + 4;
    if (m.value("role", "") == "user") last_user = content;
    if (m.value("role", "") == "assistant") has_assistant_turn = true;
  }
  a.usage = !Has(last_user, "[no-usage]");
  std::string format;
  if (req.contains("response_format")) format = req["response_format"].value("type", "");
  bool tools = req.contains("tools") && req["tools"].is_array() && !req["tools"].empty();
  if (tools && (Has(last_user, "[tool]") || req.value("tool_choice", Json("")) == "required")) {
    std::string name = req["tools"][0]["function"].value("name", "tool");
    Json args = {{"query", last_user}};
    a.tool_calls.push_back({{"id", "call_1"},
                            {"type", "function"},
                            {"function", {{"name", name}, {"arguments", args.dump()}}}});
    a.finish_reason = "tool_calls";
    return a;
  }
  if (Has(last_user, "[filtered]")) {
    a.finish_reason = "content_filter";
    return a;
  }
  Json answer = {{"answer", last_user}, {"ok", true}};
  if (Has(last_user, "[json-wrong]") && !has_assistant_turn) {
    a.content = Json({{"answer", 5}}).dump();
  } else if (Has(last_user, "[json-in-text]")) {
    a.content = "Here is the result:\n```json\n" + answer.dump() + "\n```\nAnything else?";
  } else if (!format.empty() && format != "text") {
    a.content = answer.dump();
  } else {
    a.content = "echo: " + last_user;
  }
  if (Has(last_user, "[think]"))
    a.content = "<think>pondering the question</think>\n\n" + a.content;
  if (Has(last_user, "[reasoning]")) a.reasoning = "step by step reasoning";
  return a;
}

Json UsageJson(const Answer& a) {
  int64_t completion = Words(a.content) + Words(a.reasoning) + (a.tool_calls.empty() ? 0 : 8);
  return {{"prompt_tokens", a.prompt_tokens},
          {"completion_tokens", completion},
          {"total_tokens", a.prompt_tokens + completion}};
}

Json CompletionJson(const Json& req, const Answer& a) {
  Json msg = {{"role", "assistant"}, {"content", a.content}};
  if (!a.reasoning.empty()) msg["reasoning_content"] = a.reasoning;
  if (!a.tool_calls.empty()) msg["tool_calls"] = a.tool_calls;
  Json out = {
      {"id", "chatcmpl-fake"},
      {"object", "chat.completion"},
      {"created", 0},
      {"model", req.value("model", "")},
      {"choices",
       Json::array({{{"index", 0}, {"message", msg}, {"finish_reason", a.finish_reason}}})}};
  if (a.usage) out["usage"] = UsageJson(a);
  return out;
}

std::string SseLine(const Json& j) { return "data: " + j.dump() + "\n\n"; }

// The streamed form of an answer as a list of SSE frames.
std::vector<std::string> StreamFrames(const Json& req, const Answer& a, size_t piece) {
  std::string model = req.value("model", "");
  auto chunk = [&](Json delta, Json finish) {
    return Json{
        {"id", "chatcmpl-fake"},
        {"object", "chat.completion.chunk"},
        {"model", model},
        {"choices", Json::array({{{"index", 0}, {"delta", delta}, {"finish_reason", finish}}})}};
  };
  std::vector<std::string> frames;
  frames.push_back(SseLine(chunk({{"role", "assistant"}, {"content", ""}}, nullptr)));
  for (size_t i = 0; i < a.reasoning.size(); i += piece) {
    frames.push_back(
        SseLine(chunk({{"reasoning_content", a.reasoning.substr(i, piece)}}, nullptr)));
  }
  for (size_t i = 0; i < a.content.size(); i += piece) {
    frames.push_back(SseLine(chunk({{"content", a.content.substr(i, piece)}}, nullptr)));
  }
  for (size_t k = 0; k < a.tool_calls.size(); ++k) {
    const Json& call = a.tool_calls[k];
    std::string args = call["function"]["arguments"];
    size_t half = args.size() / 2;
    frames.push_back(
        SseLine(chunk({{"tool_calls", Json::array({{{"index", k},
                                                    {"id", call["id"]},
                                                    {"type", "function"},
                                                    {"function",
                                                     {{"name", call["function"]["name"]},
                                                      {"arguments", args.substr(0, half)}}}}})}},
                      nullptr)));
    frames.push_back(SseLine(
        chunk({{"tool_calls",
                Json::array({{{"index", k}, {"function", {{"arguments", args.substr(half)}}}}})}},
              nullptr)));
  }
  frames.push_back(SseLine(chunk(Json::object(), a.finish_reason)));
  bool include_usage =
      req.contains("stream_options") && req["stream_options"].value("include_usage", false);
  if (a.usage && include_usage) {
    frames.push_back(SseLine({{"id", "chatcmpl-fake"},
                              {"object", "chat.completion.chunk"},
                              {"model", model},
                              {"choices", Json::array()},
                              {"usage", UsageJson(a)}}));
  }
  frames.push_back("data: [DONE]\n\n");
  return frames;
}

}  // namespace

StatusOr<std::unordered_map<std::string, std::vector<float>>> LoadEmbeddingTable(
    const std::string& path) {
  std::ifstream in(path);
  if (!in) return InvalidArgumentError("embedding table " + path + ": cannot be read");
  std::stringstream text;
  text << in.rdbuf();
  auto parsed = ParseJson(text.str());
  if (!parsed.ok() || !parsed->is_object()) {
    return InvalidArgumentError("embedding table " + path +
                                ": expected a JSON object {\"text\": [numbers], ...}");
  }
  std::unordered_map<std::string, std::vector<float>> table;
  for (const auto& [key, value] : parsed->items()) {
    if (!value.is_array() || value.empty()) {
      return InvalidArgumentError("embedding table " + path + ": the vector of \"" + key +
                                  "\" is not a non-empty array of numbers");
    }
    std::vector<float>& v = table[key];
    for (const Json& x : value) {
      if (!x.is_number()) {
        return InvalidArgumentError("embedding table " + path + ": the vector of \"" + key +
                                    "\" holds a value that is not a number");
      }
      v.push_back(x.get<float>());
    }
  }
  return table;
}

std::string_view FaultName(Fault fault) {
  switch (fault) {
    case Fault::kNone:
      return "none";
    case Fault::kRateLimit:
      return "rate_limit";
    case Fault::kServerError:
      return "server_error";
    case Fault::kSlowFirstByte:
      return "slow_first_byte";
    case Fault::kTruncatedStream:
      return "truncated_stream";
    case Fault::kInvalidJson:
      return "invalid_json";
    case Fault::kResetConnection:
      return "reset_connection";
  }
  return "none";
}

StatusOr<Fault> ParseFault(std::string_view name) {
  for (Fault f : {Fault::kNone, Fault::kRateLimit, Fault::kServerError, Fault::kSlowFirstByte,
                  Fault::kTruncatedStream, Fault::kInvalidJson, Fault::kResetConnection}) {
    if (FaultName(f) == name) return f;
  }
  return InvalidArgumentError("unknown fault '" + std::string(name) +
                              "'; use rate_limit, server_error, slow_first_byte, "
                              "truncated_stream, invalid_json or reset_connection");
}

FakeOpenAiServer::FakeOpenAiServer(FakeServerOptions options)
    : options_(std::move(options)), rng_(options_.seed) {}

FakeOpenAiServer::~FakeOpenAiServer() { Stop(); }

std::string FakeOpenAiServer::base_url() const {
  return "http://" + std::string(kLoopback) + ":" + std::to_string(port_) + "/v1";
}

void FakeOpenAiServer::EnqueueFaults(const std::vector<Fault>& faults) {
  std::lock_guard lock(mu_);
  queued_.insert(queued_.end(), faults.begin(), faults.end());
}

std::string FakeOpenAiServer::last_request_body() const {
  std::lock_guard lock(mu_);
  return last_body_;
}

Fault FakeOpenAiServer::PickFault(const std::string& header_value) {
  Fault fault = Fault::kNone;
  if (!header_value.empty()) {
    auto parsed = ParseFault(header_value);
    if (parsed.ok()) fault = *parsed;
  } else {
    std::lock_guard lock(mu_);
    if (!queued_.empty()) {
      fault = queued_.front();
      queued_.pop_front();
    } else if (options_.fault_rate > 0 && !options_.random_faults.empty()) {
      std::uniform_real_distribution<double> coin(0, 1);
      if (coin(rng_) < options_.fault_rate) {
        std::uniform_int_distribution<size_t> pick(0, options_.random_faults.size() - 1);
        fault = options_.random_faults[pick(rng_)];
      }
    }
  }
  if (fault != Fault::kNone) ++faults_;
  return fault;
}

void FakeOpenAiServer::Install() {
  httplib::Server& svr = *server_;
  int threads = options_.threads;
  // httplib's API takes ownership of a raw TaskQueue pointer.
  svr.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  // Without TCP_NODELAY, headers and body leave in two segments and delayed ACK adds ~40 ms
  // to every reply.
  svr.set_tcp_nodelay(true);
  svr.set_keep_alive_max_count(1'000'000);
  svr.set_keep_alive_timeout(options_.keep_alive_timeout.count());

  svr.Get("/v1/models", [this](const httplib::Request&, httplib::Response& res) {
    ++requests_;
    if (options_.models.empty()) {
      res.status = 404;
      res.set_content(ErrorBody("no such route: /v1/models", "invalid_request_error", "").dump(),
                      "application/json");
      return;
    }
    Json data = Json::array();
    for (const std::string& id : options_.models) data.push_back({{"id", id}, {"object", "model"}});
    res.set_content(Json({{"object", "list"}, {"data", std::move(data)}}).dump(),
                    "application/json");
  });

  svr.Post("/v1/embeddings", [this](const httplib::Request& req, httplib::Response& res) {
    ++requests_;
    auto parsed = ParseJson(req.body);
    if (!parsed.ok() || !parsed->contains("input")) {
      res.status = 400;
      res.set_content(ErrorBody("bad embeddings request", "invalid_request_error", "").dump(),
                      "application/json");
      return;
    }
    Json inputs = (*parsed)["input"];
    if (inputs.is_string()) inputs = Json::array({inputs});
    Json data = Json::array();
    int64_t tokens = 0;
    for (size_t i = 0; i < inputs.size(); ++i) {
      std::string text = inputs[i].is_string() ? inputs[i].get<std::string>() : "";
      tokens += Words(text);
      std::vector<float> v;
      if (auto known = options_.embedding_table.find(text);
          known != options_.embedding_table.end()) {
        v = known->second;
      } else {
        size_t h = std::hash<std::string>{}(text);
        v.resize(kEmbeddingDims);
        for (int d = 0; d < kEmbeddingDims; ++d) {
          v[d] = static_cast<float>((h >> (d * 4)) & 0xF) / 15.0f;
        }
      }
      data.push_back({{"object", "embedding"}, {"index", i}, {"embedding", v}});
    }
    Json body = {{"object", "list"},
                 {"model", parsed->value("model", "")},
                 {"data", data},
                 {"usage", {{"prompt_tokens", tokens}, {"total_tokens", tokens}}}};
    res.set_content(body.dump(), "application/json");
  });

  svr.Post("/v1/chat/completions", [this](const httplib::Request& req, httplib::Response& res) {
    ++requests_;
    {
      std::lock_guard lock(mu_);
      last_body_ = req.body;
    }
    Fault fault = PickFault(req.get_header_value("X-Fake-Fault"));
    auto parsed = ParseJson(req.body);
    if (!parsed.ok() || !parsed->is_object()) {
      res.status = 400;
      res.set_content(ErrorBody("request body is not JSON", "invalid_request_error", "").dump(),
                      "application/json");
      return;
    }
    const Json& body = *parsed;
    bool stream = body.value("stream", false);
    switch (fault) {
      case Fault::kRateLimit:
        res.status = 429;
        res.set_header("Retry-After", std::to_string(options_.retry_after_seconds));
        if (options_.retry_after_ms >= 0) {
          res.set_header("retry-after-ms", std::to_string(options_.retry_after_ms));
        }
        res.set_content(
            ErrorBody("Rate limit reached (injected)", "requests", "rate_limit_exceeded").dump(),
            "application/json");
        return;
      case Fault::kServerError:
        res.status = 500;
        res.set_content(ErrorBody("internal failure (injected)", "server_error", "").dump(),
                        "application/json");
        return;
      case Fault::kSlowFirstByte:
        std::this_thread::sleep_for(options_.slow_first_byte);
        break;
      case Fault::kResetConnection:
        if (ResetConnection(port_, req.remote_port, resets_)) {
          // Nothing more reaches the peer; closing is all cpp-httplib has left to do.
          res.set_header("Connection", "close");
          return;
        }
        // Fallback (socket not found): headers, then a close without the promised body.
        res.set_content_provider(64, "application/json",
                                 [](size_t, size_t, httplib::DataSink&) { return false; });
        return;
      default:
        break;
    }
    if (req.get_header_value("Authorization") == "Bearer bad-key") {
      res.status = 401;
      res.set_content(ErrorBody("Incorrect API key provided: bad-key.", "invalid_request_error",
                                "invalid_api_key")
                          .dump(),
                      "application/json");
      return;
    }
    std::string model = body.value("model", "");
    if (model.rfind("unknown-", 0) == 0) {
      res.status = 404;
      res.set_content(ErrorBody("The model `" + model + "` does not exist", "invalid_request_error",
                                "model_not_found")
                          .dump(),
                      "application/json");
      return;
    }
    Answer answer = Decide(body);
    std::string last;
    for (const auto& m : body.value("messages", Json::array())) {
      auto c = m.find("content");
      if (m.value("role", "") == "user" && c != m.end() && c->is_string()) last = *c;
    }
    if (Has(last, "[too-long]")) {
      res.status = 400;
      res.set_content(
          ErrorBody("This model's maximum context length is " + std::to_string(kContextLimit) +
                        " tokens. However, your messages resulted in " +
                        std::to_string(kContextRequested) +
                        " tokens. Please reduce the length of the messages.",
                    "invalid_request_error", "context_length_exceeded")
              .dump(),
          "application/json");
      return;
    }
    if (!stream) {
      std::string text = CompletionJson(body, answer).dump();
      if (fault == Fault::kInvalidJson) text = "{\"choices\": [ {\"message\": oops";
      if (fault == Fault::kTruncatedStream) {
        auto shared = std::make_shared<std::string>(std::move(text));
        res.set_content_provider(shared->size(), "application/json",
                                 [shared](size_t offset, size_t, httplib::DataSink& sink) {
                                   if (offset > 0) return false;
                                   sink.write(shared->data(), shared->size() / 2);
                                   return true;
                                 });
        return;
      }
      res.set_content(text, "application/json");
      return;
    }
    auto frames = std::make_shared<std::vector<std::string>>(
        StreamFrames(body, answer, options_.stream_piece_bytes));
    if (fault == Fault::kInvalidJson && frames->size() > 2) {
      (*frames)[frames->size() / 2] = "data: {\"choices\": [{\"delta\": {\"content\": oops\n\n";
    }
    size_t limit = frames->size();
    if (fault == Fault::kTruncatedStream) limit = std::max<size_t>(1, frames->size() / 2 - 1);
    auto delay = options_.stream_delay;
    auto next = std::make_shared<size_t>(0);
    res.set_chunked_content_provider("text/event-stream",
                                     [frames, limit, delay, next](size_t, httplib::DataSink& sink) {
                                       if (*next >= limit) {
                                         sink.done();
                                         return true;
                                       }
                                       if (delay.count() > 0 && *next > 0)
                                         std::this_thread::sleep_for(delay);
                                       const std::string& f = (*frames)[(*next)++];
                                       return sink.write(f.data(), f.size());
                                     });
  });
}

StatusOr<int> FakeOpenAiServer::Start() {
  server_ = std::make_unique<httplib::Server>();
  Install();
  port_ = server_->bind_to_any_port(kLoopback);
  if (port_ <= 0) {
    return UnavailableError("the fake OpenAI server could not bind 127.0.0.1 on an ephemeral port");
  }
  thread_ = std::thread([this] { server_->listen_after_bind(); });
  while (!server_->is_running()) std::this_thread::sleep_for(kBindWait);
  return port_;
}

void FakeOpenAiServer::Stop() {
  if (server_) server_->stop();
  if (thread_.joinable()) thread_.join();
  server_.reset();
}

}  // namespace askdb::fake_openai
