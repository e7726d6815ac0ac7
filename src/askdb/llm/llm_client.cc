#include "askdb/llm/llm_client.h"

#include <charconv>

#include "askdb/common/cancellation.h"

namespace askdb::llm {
namespace {

constexpr int64_t kAsciiBytesPerToken = 4;
// Chat templates add a few tokens of framing per message.
constexpr int64_t kTokensPerMessage = 4;
constexpr std::string_view kRetryAfterPrefix = "(retry after ";
constexpr std::string_view kRetryAfterUnit = " ms)";

}  // namespace

std::string_view RoleName(Role role) {
  switch (role) {
    case Role::kSystem:
      return "system";
    case Role::kUser:
      return "user";
    case Role::kAssistant:
      return "assistant";
    case Role::kTool:
      return "tool";
  }
  return "user";
}

StatusOr<Role> ParseRole(std::string_view name) {
  if (name == "system" || name == "developer") return Role::kSystem;
  if (name == "user") return Role::kUser;
  if (name == "assistant") return Role::kAssistant;
  if (name == "tool") return Role::kTool;
  return InvalidArgumentError("unknown message role '" + std::string(name) +
                              "'; use system, user, assistant or tool");
}

bool CallOptions::IsCancelled() const { return cancel != nullptr && cancel->IsCancelled(); }

std::optional<std::chrono::milliseconds> CallOptions::Remaining(const Clock& clock) const {
  if (!deadline) return std::nullopt;
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - clock.Now());
  return std::max(left, std::chrono::milliseconds(0));
}

int64_t EstimateTokens(std::string_view text) {
  int64_t ascii = 0;
  int64_t wide = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      ++ascii;
    } else if ((c & 0xC0) != 0x80) {
      ++wide;  // lead byte of a multi-byte character: CJK is about one token each
    }
  }
  return (ascii + kAsciiBytesPerToken - 1) / kAsciiBytesPerToken + wide;
}

int64_t EstimateTokens(const std::vector<Message>& messages) {
  int64_t total = 0;
  for (const auto& m : messages) {
    total += kTokensPerMessage + EstimateTokens(m.content);
    for (const auto& call : m.tool_calls) {
      total += EstimateTokens(call.name) + EstimateTokens(call.arguments);
    }
  }
  return total;
}

void EstimateUsageIfMissing(const ChatRequest& request, ChatResponse& response) {
  if (response.usage.prompt_tokens > 0 || response.usage.completion_tokens > 0) return;
  response.usage.prompt_tokens = EstimateTokens(request.messages);
  int64_t completion = EstimateTokens(response.content) + EstimateTokens(response.reasoning);
  for (const auto& call : response.tool_calls) {
    completion += EstimateTokens(call.name) + EstimateTokens(call.arguments);
  }
  response.usage.completion_tokens = completion;
  response.usage.estimated = true;
}

std::string LastUserText(const ChatRequest& request) {
  for (auto it = request.messages.rbegin(); it != request.messages.rend(); ++it) {
    if (it->role == Role::kUser) return it->content;
  }
  return "";
}

std::string RetryAfterSuffix(std::chrono::milliseconds delay) {
  return std::string(kRetryAfterPrefix) + std::to_string(delay.count()) +
         std::string(kRetryAfterUnit);
}

std::optional<std::chrono::milliseconds> RetryAfterFromStatus(const Status& status) {
  const std::string& m = status.message();
  size_t pos = m.rfind(kRetryAfterPrefix);
  if (pos == std::string::npos) return std::nullopt;
  const char* begin = m.data() + pos + kRetryAfterPrefix.size();
  const char* end = m.data() + m.size();
  int64_t value = 0;
  auto [ptr, ec] = std::from_chars(begin, end, value);
  if (ec != std::errc() ||
      std::string_view(ptr, end - ptr).substr(0, kRetryAfterUnit.size()) != kRetryAfterUnit) {
    return std::nullopt;
  }
  return std::chrono::milliseconds(value);
}

bool IsRetryable(const Status& status) {
  switch (status.code()) {
    case StatusCode::kResourceExhausted:
    case StatusCode::kUnavailable:
    case StatusCode::kDeadlineExceeded:
      return true;
    default:
      return false;
  }
}

}  // namespace askdb::llm
