// OpenAiClient: LlmClient over libcurl for any server that speaks the OpenAI Chat
// Completions protocol (OpenAI, DeepSeek, DashScope compatible mode, SiliconFlow, vLLM,
// Ollama, llama.cpp server).
//
// Each call runs one HTTP request on a pooled libcurl handle (connections are kept alive
// and reused). Deadlines: connect, first byte, idle gap between bytes, and the whole call;
// the call's CancellationToken is polled while waiting. Errors come back as Status with a
// code that says whether a retry may help (see IsRetryable) and a message that says what to
// set. This class does not retry: wrap it in RetryingClient.
//
// With no model configured, the first chat call asks the endpoint which models it serves
// (GET {base_url}/models, as vLLM, llama.cpp server and Ollama answer): exactly one is used
// from then on, with a warning naming it; several, or a listing the server does not give,
// make every chat call fail with FailedPrecondition naming what to set.
//
// Thread-safe: calls from many threads run in parallel, each on its own handle.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "askdb/llm/llm_client.h"

namespace askdb::llm {

struct OpenAiClientOptions {
  std::string base_url = "https://api.openai.com/v1";
  std::string api_key;  // empty: no Authorization header (local servers)
  std::string model;    // empty: the endpoint's only model, found on the first chat call
  std::string embedding_model;
  std::map<std::string, std::string> extra_headers;
  // Proxy URL ("http://host:3128", "socks5h://host:1080"). Empty: libcurl's default, which
  // honours the http_proxy / https_proxy / no_proxy environment variables.
  std::string proxy;
  std::chrono::milliseconds connect_timeout{10'000};
  std::chrono::milliseconds first_byte_timeout{120'000};  // request sent → first byte
  std::chrono::milliseconds idle_timeout{60'000};         // longest silence mid-stream
  std::chrono::milliseconds request_timeout{600'000};     // whole call
  bool stream_usage = true;  // send stream_options.include_usage (some old servers refuse it)
  size_t max_response_bytes = 64 * 1024 * 1024;
  // How often a waiting call wakes to check cancellation and deadlines.
  std::chrono::milliseconds poll_interval{20};
};

class OpenAiClient final : public LlmClient {
 public:
  explicit OpenAiClient(OpenAiClientOptions options);
  ~OpenAiClient() override;
  OpenAiClient(const OpenAiClient&) = delete;
  OpenAiClient& operator=(const OpenAiClient&) = delete;

  StatusOr<ChatResponse> Chat(const ChatRequest& request, const CallOptions& options) override;
  StatusOr<ChatResponse> ChatStream(const ChatRequest& request, const StreamCallback& on_delta,
                                    const CallOptions& options) override;
  StatusOr<EmbeddingResponse> Embed(const EmbeddingRequest& request,
                                    const CallOptions& options) override;
  std::string Describe() const override;

  // The ids the endpoint lists at GET {base_url}/models, in its order. Errors: transport
  // failures as for a chat call; an HTTP error or a body that is not an OpenAI model list is
  // NotFound (the endpoint does not list its models).
  StatusOr<std::vector<std::string>> ListModels(const CallOptions& options);

  const OpenAiClientOptions& options() const { return options_; }

  struct Transfer;  // one HTTP exchange; defined in the .cc
  class HandlePool;

 private:
  // The model a chat request goes to: the request's, the configured one, else the
  // endpoint's only model (listed once, then remembered).
  StatusOr<std::string> ChatModel(const ChatRequest& request, const CallOptions& options);

  OpenAiClientOptions options_;
  std::unique_ptr<HandlePool> pool_;
  mutable std::mutex model_mu_;
  std::string discovered_model_;  // guarded by model_mu_
};

}  // namespace askdb::llm
