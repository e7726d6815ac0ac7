// FakeOpenAiServer: an OpenAI-compatible HTTP server for tests and benchmarks. It binds
// 127.0.0.1 on an ephemeral port (never another address), answers /v1/chat/completions
// (plain and streamed), /v1/embeddings and /v1/models, and injects faults on demand.
//
// Replies are deterministic functions of the request (see docs/llm.md, "fake server"):
//   - default: content "echo: <last user message>"
//   - markers in the last user message: [tool] (call the first tool), [think] (a <think>
//     block), [reasoning] (reasoning_content), [too-long] (400 context_length_exceeded),
//     [filtered] (finish_reason content_filter), [no-usage] (omit usage),
//     [json-in-text] (JSON inside prose and a code fence), [json-wrong] (schema-violating
//     JSON until a repair turn follows)
//   - response_format json_*: content {"answer": "<text>", "ok": true}
//   - Authorization "Bearer bad-key": 401; a model named "unknown-*": 404
// Faults come, in order of precedence, from the X-Fake-Fault request header, the queue
// filled by EnqueueFaults, or at random with probability fault_rate. All faults, a TCP reset
// included, happen on the one port, so a client needs only base_url().
//
// Thread-safe: Start/Stop from one thread; counters and EnqueueFaults from any.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "askdb/common/status.h"

namespace httplib {
class Server;
}

namespace askdb::fake_openai {

enum class Fault {
  kNone,
  kRateLimit,        // 429 with Retry-After (and retry-after-ms when configured)
  kServerError,      // 500 with a JSON error body
  kSlowFirstByte,    // waits slow_first_byte before answering normally
  kTruncatedStream,  // stream: half the chunks, then a clean close without [DONE];
                     // plain: a body shorter than its Content-Length
  kInvalidJson,      // 200 with a body (or stream chunk) that is not JSON
  kResetConnection,  // a real TCP reset: the first line of a reply, then RST (the peer
                     // sees ECONNRESET, "Connection reset by peer"); Linux only
};

std::string_view FaultName(Fault fault);
StatusOr<Fault> ParseFault(std::string_view name);

struct FakeServerOptions {
  int threads = 32;
  double fault_rate = 0;  // probability of a random fault per request
  uint64_t seed = 42;
  std::vector<Fault> random_faults = {Fault::kRateLimit,     Fault::kServerError,
                                      Fault::kSlowFirstByte, Fault::kTruncatedStream,
                                      Fault::kInvalidJson,   Fault::kResetConnection};
  std::chrono::milliseconds slow_first_byte{300};
  int retry_after_seconds = 1;
  int retry_after_ms = -1;                    // >= 0: also send retry-after-ms
  size_t stream_piece_bytes = 4;              // content bytes per streamed delta
  std::chrono::milliseconds stream_delay{0};  // between streamed chunks
  std::chrono::seconds keep_alive_timeout{2};
  // What GET /v1/models lists, in order; empty: the route answers 404, like an endpoint
  // that does not list its models.
  std::vector<std::string> models = {"fake-model"};
  // /v1/embeddings: texts found here get their vector as is; any other text gets a vector
  // derived from its hash (8 dimensions), as before. Filled from a JSON object
  // {"text": [numbers], ...} by LoadEmbeddingTable (the standalone server's --embeddings).
  std::unordered_map<std::string, std::vector<float>> embedding_table;
};

// Reads an embedding table; InvalidArgument naming the file when it is not an object of
// arrays of numbers.
StatusOr<std::unordered_map<std::string, std::vector<float>>> LoadEmbeddingTable(
    const std::string& path);

class FakeOpenAiServer {
 public:
  explicit FakeOpenAiServer(FakeServerOptions options = {});
  ~FakeOpenAiServer();
  FakeOpenAiServer(const FakeOpenAiServer&) = delete;
  FakeOpenAiServer& operator=(const FakeOpenAiServer&) = delete;

  // Binds 127.0.0.1:0, starts serving on a background thread and returns the port.
  StatusOr<int> Start();
  void Stop();

  int port() const { return port_; }
  // "http://127.0.0.1:<port>/v1"
  std::string base_url() const;

  // The next requests get these faults, one each, before random faults are considered.
  void EnqueueFaults(const std::vector<Fault>& faults);

  int64_t requests() const { return requests_.load(); }
  int64_t faults_injected() const { return faults_.load(); }
  // Connections aborted with a TCP RST by the reset_connection fault.
  int64_t resets() const { return resets_.load(); }
  std::string last_request_body() const;

 private:
  Fault PickFault(const std::string& header_value);
  void Install();

  FakeServerOptions options_;
  std::unique_ptr<httplib::Server> server_;
  std::thread thread_;
  int port_ = 0;
  std::atomic<int64_t> requests_{0};
  std::atomic<int64_t> faults_{0};
  std::atomic<int64_t> resets_{0};
  mutable std::mutex mu_;
  std::deque<Fault> queued_;
  std::mt19937_64 rng_;
  std::string last_body_;
};

}  // namespace askdb::fake_openai
