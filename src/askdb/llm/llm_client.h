// LlmClient: the one interface through which askdb talks to a language model.
//
// Every model askdb supports speaks the OpenAI Chat Completions protocol, so the request and
// response types below mirror it (messages, tools, response_format, usage) without exposing
// any HTTP detail. Implementations: openai/ (libcurl), scripted/ (rules, for tests and demos),
// and decorators that wrap another client (retrying, circuit breaker, concurrency limit,
// usage accounting, recording, replaying). A decorator owns the client it wraps.
//
// Thread-safety: every LlmClient implementation in this module is safe to call from several
// threads at once. Requests and responses are plain values.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "askdb/common/clock.h"
#include "askdb/common/json.h"
#include "askdb/common/status.h"

namespace askdb {
class CancellationToken;
}

namespace askdb::llm {

enum class Role { kSystem, kUser, kAssistant, kTool };
std::string_view RoleName(Role role);
StatusOr<Role> ParseRole(std::string_view name);

// A function call the model asked for. `arguments` is the raw JSON text the model produced
// (it may be malformed; callers parse it with ParseJson).
struct ToolCall {
  std::string id;
  std::string name;
  std::string arguments;
  bool operator==(const ToolCall&) const = default;
};

struct Message {
  Role role = Role::kUser;
  std::string content;
  std::vector<ToolCall> tool_calls;  // assistant messages that call tools
  std::string tool_call_id;          // tool messages: which call this answers
  std::string name;                  // optional participant / tool name

  static Message System(std::string text) { return {Role::kSystem, std::move(text), {}, {}, {}}; }
  static Message User(std::string text) { return {Role::kUser, std::move(text), {}, {}, {}}; }
  static Message Assistant(std::string text) {
    return {Role::kAssistant, std::move(text), {}, {}, {}};
  }
  static Message ToolResult(std::string call_id, std::string text) {
    return {Role::kTool, std::move(text), {}, std::move(call_id), {}};
  }
  bool operator==(const Message&) const = default;
};

struct ToolDefinition {
  std::string name;
  std::string description;
  Json parameters = Json::object();  // JSON Schema of the arguments
};

enum class ResponseFormat { kText, kJsonObject, kJsonSchema };

struct ChatRequest {
  std::string model;  // empty: the client's configured model
  std::vector<Message> messages;
  std::optional<double> temperature;
  std::optional<int> max_tokens;
  std::vector<std::string> stop;
  std::optional<int64_t> seed;
  std::vector<ToolDefinition> tools;
  std::string tool_choice;  // "", "auto", "none", "required" or a tool name
  ResponseFormat response_format = ResponseFormat::kText;
  Json json_schema;  // kJsonSchema: the schema
  std::string json_schema_name = "answer";
};

// Token and timing figures of one call (or, summed, of a run).
struct Usage {
  int64_t prompt_tokens = 0;
  int64_t completion_tokens = 0;
  bool estimated = false;             // true when the server sent no usage and these are estimates
  double latency_ms = 0;              // request sent → last byte
  double time_to_first_token_ms = 0;  // streaming: request sent → first content delta
  int retries = 0;                    // attempts beyond the first
  int64_t total_tokens() const { return prompt_tokens + completion_tokens; }
};

struct ChatResponse {
  std::string model;      // as reported by the server
  std::string content;    // visible answer, without reasoning (<think> blocks removed)
  std::string reasoning;  // reasoning_content or <think> text; never parsed as output
  std::vector<ToolCall> tool_calls;
  std::string finish_reason;  // "stop", "length", "tool_calls", "content_filter"
  Usage usage;
};

// One increment of a streamed answer. Exactly one of the fields is usually non-empty.
struct StreamDelta {
  std::string content;
  std::string reasoning;
  // Tool-call fragments as sent: index identifies the call, name/id arrive once, arguments
  // arrive in pieces. The final ChatResponse carries the assembled calls.
  struct ToolCallFragment {
    int index = 0;
    std::string id;
    std::string name;
    std::string arguments;
  };
  std::vector<ToolCallFragment> tool_calls;
};

// Returns false to stop the stream (the call then ends with Cancelled).
using StreamCallback = std::function<bool(const StreamDelta&)>;

struct EmbeddingRequest {
  std::string model;  // empty: the client's configured embedding model
  std::vector<std::string> inputs;
};

struct EmbeddingResponse {
  std::string model;
  std::vector<std::vector<float>> vectors;  // one per input, in input order
  Usage usage;
};

// Per-call controls. The deadline covers the whole call including retries; a cancelled
// token ends the call with Cancelled as soon as the transport notices (tens of ms).
struct CallOptions {
  std::optional<Clock::TimePoint> deadline;
  std::shared_ptr<const CancellationToken> cancel;

  bool IsCancelled() const;
  // Time left before the deadline (nullopt when there is none); never negative.
  std::optional<std::chrono::milliseconds> Remaining(const Clock& clock) const;
};

class LlmClient {
 public:
  virtual ~LlmClient() = default;

  virtual StatusOr<ChatResponse> Chat(const ChatRequest& request, const CallOptions& options) = 0;

  // Streams deltas to `on_delta` as they arrive and returns the assembled response.
  virtual StatusOr<ChatResponse> ChatStream(const ChatRequest& request,
                                            const StreamCallback& on_delta,
                                            const CallOptions& options) = 0;

  virtual StatusOr<EmbeddingResponse> Embed(const EmbeddingRequest& request,
                                            const CallOptions& options) = 0;

  // A short label for logs and errors: "openai(https://api.deepseek.com/v1, deepseek-chat)".
  virtual std::string Describe() const = 0;
};

// Rough token count for text when a server gives none: ~4 ASCII bytes per token, one token
// per CJK character (the tokenizers of the supported models are close to this).
int64_t EstimateTokens(std::string_view text);
int64_t EstimateTokens(const std::vector<Message>& messages);

// Fills usage.prompt/completion tokens with estimates when the server sent none.
void EstimateUsageIfMissing(const ChatRequest& request, ChatResponse& response);

// The text of the last user message ("" when there is none) — what scripted rules and
// logs key on.
std::string LastUserText(const ChatRequest& request);

// Retry hints ride inside the Status message so that they survive every decorator:
// "... (retry after 1500 ms)". Empty when the status carries none.
std::string RetryAfterSuffix(std::chrono::milliseconds delay);
std::optional<std::chrono::milliseconds> RetryAfterFromStatus(const Status& status);

// True for failures worth retrying: rate limits, server errors, transport failures and
// timeouts. Caller errors (bad request, bad key, unknown model, cancellation) are final.
bool IsRetryable(const Status& status);

}  // namespace askdb::llm
