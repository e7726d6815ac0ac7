#include "askdb/llm/ping.h"

namespace askdb::llm {
namespace {

constexpr int kPingMaxTokens = 16;

}  // namespace

StatusOr<PingResult> Ping(LlmClient& client, std::chrono::milliseconds timeout) {
  ChatRequest request;
  request.messages = {Message::User("Reply with the single word: pong")};
  request.max_tokens = kPingMaxTokens;
  request.temperature = 0;
  CallOptions options;
  options.deadline = Clock::System().Now() + timeout;
  auto start = std::chrono::steady_clock::now();
  auto response = client.Chat(request, options);
  if (!response.ok()) {
    return response.status().WithContext("llm ping to " + client.Describe());
  }
  PingResult out;
  out.latency_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  out.model = response->model.empty() ? "unknown" : response->model;
  out.reply = response->content;
  out.usage = response->usage;
  return out;
}

}  // namespace askdb::llm
