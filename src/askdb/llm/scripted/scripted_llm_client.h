// ScriptedLlmClient: an LlmClient that answers from rules instead of a model — for unit
// and scenario tests, demos and `--llm scripted:FILE`. A rule matches the last user
// message (RE2 regular expression, partial match; empty matches everything) and either
// replies (text, a tool call, JSON) or fails with a given Status, optionally after a
// latency and only a limited number of times. Rules are tried in the order they were
// added; a call no rule matches fails loudly with NotFound naming the message, so a test
// never silently gets an empty answer.
//
// Every request received is kept (requests()) so tests can assert on prompts.
// Thread-safe.
#pragma once

#include <chrono>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "askdb/llm/llm_client.h"

namespace askdb::llm {

class Sleeper;

struct ScriptedRule {
  std::string pattern;  // RE2, matched against the last user message
  ChatResponse reply;   // content may hold <think> blocks: they are split into reasoning
  std::optional<Status> fault;
  std::chrono::milliseconds latency{0};
  int times = -1;  // how many calls this rule answers; -1 = unlimited
};

class ScriptedLlmClient final : public LlmClient {
 public:
  explicit ScriptedLlmClient(Sleeper* sleeper = nullptr);
  ~ScriptedLlmClient() override;

  // Builds a client from JSON rules:
  // [{"match": "regex", "reply": "text"} |
  //  {"match": "...", "tool_call": {"name": "run_sql", "arguments": {...}}} |
  //  {"match": "...", "json": {...}} |
  //  {"match": "...", "error": {"code": "unavailable", "message": "..."}},
  //  optional "latency_ms", "times", "reasoning"]
  static StatusOr<std::unique_ptr<ScriptedLlmClient>> FromJson(const Json& rules);

  ScriptedLlmClient& AddRule(ScriptedRule rule);
  ScriptedLlmClient& Reply(std::string pattern, std::string text);
  ScriptedLlmClient& ReplyJson(std::string pattern, const Json& value);
  ScriptedLlmClient& ReplyToolCall(std::string pattern, std::string tool, const Json& arguments);
  ScriptedLlmClient& Fail(std::string pattern, Status status, int times = 1);

  StatusOr<ChatResponse> Chat(const ChatRequest& request, const CallOptions& options) override;
  StatusOr<ChatResponse> ChatStream(const ChatRequest& request, const StreamCallback& on_delta,
                                    const CallOptions& options) override;
  // Deterministic vectors derived from a hash of each input.
  StatusOr<EmbeddingResponse> Embed(const EmbeddingRequest& request,
                                    const CallOptions& options) override;
  std::string Describe() const override { return "scripted"; }

  // The last kKeptRequests requests, oldest first (a long-running `askdb serve --llm
  // scripted:` must not grow without bound); call_count() counts them all.
  std::vector<ChatRequest> requests() const;
  size_t call_count() const;
  static constexpr size_t kKeptRequests = 256;

  static constexpr int kEmbeddingDims = 16;
  static constexpr size_t kStreamPieceBytes = 8;

 private:
  struct CompiledRule;
  StatusOr<ChatResponse> Answer(const ChatRequest& request, const CallOptions& options);

  Sleeper* sleeper_;
  mutable std::mutex mu_;
  std::vector<std::unique_ptr<CompiledRule>> rules_;
  std::deque<ChatRequest> requests_;
  size_t calls_ = 0;
};

// The StatusCode whose StatusCodeName is `name` ("unavailable").
StatusOr<StatusCode> ParseStatusCode(std::string_view name);

}  // namespace askdb::llm
