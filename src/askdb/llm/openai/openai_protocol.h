// The OpenAI Chat Completions wire format: request bodies, responses, stream chunks and
// error bodies, as pure functions over Json so that they are tested without a network and
// shared by the HTTP client, the recorder and the fake server's tests.
//
// Everything here is stateless and thread-safe except StreamAccumulator and ThinkSplitter,
// which hold the state of one stream each.
#pragma once

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/json.h"
#include "askdb/common/status.h"
#include "askdb/llm/llm_client.h"

namespace askdb::llm::openai {

struct WireOptions {
  std::string default_model;
  bool stream = false;
  bool stream_usage = true;  // ask for the final usage chunk (stream_options.include_usage)
};

Json BuildChatBody(const ChatRequest& request, const WireOptions& options);
Json BuildEmbeddingBody(const EmbeddingRequest& request, const std::string& default_model);

// Parses a non-streamed completion. Malformed bodies give Unavailable (a server fault, worth
// a retry) with the first bytes of the body in the message.
StatusOr<ChatResponse> ParseChatBody(std::string_view body);
StatusOr<EmbeddingResponse> ParseEmbeddingBody(std::string_view body, size_t expected_count);

// Separates <think>...</think> blocks from visible text, incrementally: a tag split over
// two chunks is recognised.
class ThinkSplitter {
 public:
  // Appends the visible part of `text` to `content` and the thinking part to `reasoning`.
  void Feed(std::string_view text, std::string& content, std::string& reasoning);
  // End of text: flushes a held-back partial tag.
  void Finish(std::string& content, std::string& reasoning);

 private:
  std::string pending_;
  bool inside_ = false;
};

// Whole-text convenience: returns {content, reasoning}.
std::pair<std::string, std::string> SplitThinking(std::string_view text);

// Assembles a streamed completion chunk by chunk.
class StreamAccumulator {
 public:
  // Applies one `data:` payload (already parsed) and describes its increment in `delta`.
  // Returns false when the chunk carried nothing to report.
  bool Apply(const Json& chunk, StreamDelta& delta);
  // Call once at end of stream.
  ChatResponse Finish();

  bool saw_finish_reason() const { return !response_.finish_reason.empty(); }
  bool saw_usage() const { return saw_usage_; }

 private:
  // Apply's parts for the choice's delta: reasoning and visible text, and tool-call pieces.
  bool ApplyText(const Json& d, StreamDelta& delta);
  bool ApplyToolCalls(const Json& d, StreamDelta& delta);

  ChatResponse response_;
  ThinkSplitter splitter_;
  bool saw_usage_ = false;
};

// What went wrong with an HTTP error reply, as a Status whose code says whether to retry
// and whose message names what to do.
struct HttpErrorContext {
  std::string endpoint;  // base URL, for messages
  std::string model;
  std::optional<std::chrono::milliseconds> retry_after;
};
Status MapHttpError(long http_status, std::string_view body, const HttpErrorContext& context);

// Parses Retry-After (seconds, possibly fractional) or retry-after-ms header values.
std::optional<std::chrono::milliseconds> ParseRetryAfterSeconds(std::string_view value);
std::optional<std::chrono::milliseconds> ParseRetryAfterMs(std::string_view value);

// The context-length numbers in a provider's error message, when it states them.
struct ContextLengthInfo {
  std::optional<int64_t> limit;
  std::optional<int64_t> requested;
};
ContextLengthInfo ParseContextLengthMessage(std::string_view message);

}  // namespace askdb::llm::openai
