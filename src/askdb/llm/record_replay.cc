#include "askdb/llm/record_replay.h"

#include "askdb/common/file_util.h"
#include "askdb/llm/openai/openai_protocol.h"
#include "askdb/llm/scripted/scripted_llm_client.h"

namespace askdb::llm {
namespace {

constexpr uint64_t kFnvOffset = 14695981039346656037ULL;
constexpr uint64_t kFnvPrime = 1099511628211ULL;
constexpr size_t kReplayPieceBytes = 16;

std::string Fnv1aHex(std::string_view s) {
  uint64_t h = kFnvOffset;
  for (unsigned char c : s) {
    h ^= c;
    h *= kFnvPrime;
  }
  char buf[17];
  std::snprintf(buf, sizeof(buf), "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

Json StatusToJson(const Status& s) {
  return {{"code", StatusCodeName(s.code())}, {"message", s.message()}};
}

Status StatusFromJson(const Json& j) {
  auto code = ParseStatusCode(j.value("code", "llm_error"));
  return Status(code.ok() ? *code : StatusCode::kLlmError, j.value("message", "recorded failure"));
}

}  // namespace

std::string RequestHash(const ChatRequest& request) {
  Json body = openai::BuildChatBody(request, {"", false, false});
  return Fnv1aHex("chat\n" + body.dump());
}

std::string RequestHash(const EmbeddingRequest& request) {
  return Fnv1aHex("embed\n" + openai::BuildEmbeddingBody(request, "").dump());
}

Json ChatResponseToJson(const ChatResponse& r) {
  Json calls = Json::array();
  for (const auto& c : r.tool_calls) {
    calls.push_back({{"id", c.id}, {"name", c.name}, {"arguments", c.arguments}});
  }
  return {{"model", r.model},
          {"content", r.content},
          {"reasoning", r.reasoning},
          {"tool_calls", calls},
          {"finish_reason", r.finish_reason},
          {"usage",
           {{"prompt_tokens", r.usage.prompt_tokens},
            {"completion_tokens", r.usage.completion_tokens},
            {"estimated", r.usage.estimated},
            {"latency_ms", r.usage.latency_ms}}}};
}

ChatResponse ChatResponseFromJson(const Json& j) {
  ChatResponse r;
  r.model = j.value("model", "");
  r.content = j.value("content", "");
  r.reasoning = j.value("reasoning", "");
  r.finish_reason = j.value("finish_reason", "");
  for (const auto& c : j.value("tool_calls", Json::array())) {
    r.tool_calls.push_back({c.value("id", ""), c.value("name", ""), c.value("arguments", "")});
  }
  Json u = j.value("usage", Json::object());
  r.usage.prompt_tokens = u.value("prompt_tokens", int64_t{0});
  r.usage.completion_tokens = u.value("completion_tokens", int64_t{0});
  r.usage.estimated = u.value("estimated", false);
  return r;
}

RecordingLlmClient::RecordingLlmClient(std::unique_ptr<LlmClient> inner, std::filesystem::path path)
    : inner_(std::move(inner)), path_(std::move(path)) {}

StatusOr<std::unique_ptr<RecordingLlmClient>> RecordingLlmClient::Open(
    std::unique_ptr<LlmClient> inner, const std::filesystem::path& path) {
  auto client = std::make_unique<RecordingLlmClient>(std::move(inner), path);
  client->out_.open(path, std::ios::app | std::ios::binary);
  if (!client->out_) {
    return PermissionDeniedError("cannot open the LLM cassette " + path.string() +
                                 " for writing; check the directory exists and is writable");
  }
  return client;
}

void RecordingLlmClient::Write(const Json& line) {
  std::lock_guard lock(mu_);
  out_ << line.dump() << '\n';
  out_.flush();
}

void RecordingLlmClient::RecordChat(const ChatRequest& request,
                                    const StatusOr<ChatResponse>& result) {
  Json line = {{"kind", "chat"},
               {"hash", RequestHash(request)},
               {"request", openai::BuildChatBody(request, {"", false, false})}};
  if (result.ok()) {
    line["response"] = ChatResponseToJson(*result);
  } else {
    line["error"] = StatusToJson(result.status());
  }
  Write(line);
}

StatusOr<ChatResponse> RecordingLlmClient::Chat(const ChatRequest& request,
                                                const CallOptions& options) {
  auto result = inner_->Chat(request, options);
  RecordChat(request, result);
  return result;
}

StatusOr<ChatResponse> RecordingLlmClient::ChatStream(const ChatRequest& request,
                                                      const StreamCallback& on_delta,
                                                      const CallOptions& options) {
  auto result = inner_->ChatStream(request, on_delta, options);
  RecordChat(request, result);
  return result;
}

StatusOr<EmbeddingResponse> RecordingLlmClient::Embed(const EmbeddingRequest& request,
                                                      const CallOptions& options) {
  auto result = inner_->Embed(request, options);
  Json line = {{"kind", "embed"}, {"hash", RequestHash(request)}, {"inputs", request.inputs}};
  if (result.ok()) {
    line["response"] = {{"model", result->model}, {"vectors", result->vectors}};
  } else {
    line["error"] = StatusToJson(result.status());
  }
  Write(line);
  return result;
}

StatusOr<std::unique_ptr<ReplayingLlmClient>> ReplayingLlmClient::Open(
    const std::filesystem::path& path) {
  ASKDB_ASSIGN_OR_RETURN(std::string text, ReadFile(path));
  auto client = std::make_unique<ReplayingLlmClient>(path);
  size_t line_no = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    std::string_view line(text.data() + pos, end - pos);
    pos = end + 1;
    ++line_no;
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    auto j = ParseJson(line);
    if (!j.ok() || !j->is_object() || !j->contains("hash")) {
      return InvalidArgumentError("LLM cassette " + path.string() + " line " +
                                  std::to_string(line_no) +
                                  " is not a recorded call; re-record it with --llm record:FILE");
    }
    client->by_hash_[(*j)["hash"].get<std::string>()].push_back(std::move(*j));
    ++client->entries_;
  }
  return client;
}

size_t ReplayingLlmClient::entries() const {
  std::lock_guard lock(mu_);
  return entries_;
}

StatusOr<Json> ReplayingLlmClient::Next(const std::string& hash, const std::string& what) {
  std::lock_guard lock(mu_);
  auto it = by_hash_.find(hash);
  if (it == by_hash_.end() || it->second.empty()) {
    return FailedPreconditionError("replay miss: " + path_.string() +
                                   " has no recorded response for request " + hash + " (" + what +
                                   "). The prompt changed since recording; re-record with "
                                   "--llm record:FILE");
  }
  Json entry = it->second.front();
  if (it->second.size() > 1) it->second.pop_front();
  return entry;
}

StatusOr<ChatResponse> ReplayingLlmClient::Chat(const ChatRequest& request,
                                                const CallOptions& options) {
  if (options.IsCancelled()) return CancelledError("the replayed LLM call was cancelled");
  ASKDB_ASSIGN_OR_RETURN(
      Json entry, Next(RequestHash(request), "last user message: '" + LastUserText(request) + "'"));
  if (entry.contains("error")) return StatusFromJson(entry["error"]);
  return ChatResponseFromJson(entry.value("response", Json::object()));
}

StatusOr<ChatResponse> ReplayingLlmClient::ChatStream(const ChatRequest& request,
                                                      const StreamCallback& on_delta,
                                                      const CallOptions& options) {
  ASKDB_ASSIGN_OR_RETURN(ChatResponse r, Chat(request, options));
  if (!on_delta) return r;
  if (!r.reasoning.empty() && !on_delta(StreamDelta{"", r.reasoning, {}})) {
    return CancelledError("the caller stopped the replayed stream");
  }
  for (size_t i = 0; i < r.content.size(); i += kReplayPieceBytes) {
    if (!on_delta(StreamDelta{r.content.substr(i, kReplayPieceBytes), "", {}})) {
      return CancelledError("the caller stopped the replayed stream");
    }
  }
  return r;
}

StatusOr<EmbeddingResponse> ReplayingLlmClient::Embed(const EmbeddingRequest& request,
                                                      const CallOptions& options) {
  if (options.IsCancelled()) return CancelledError("the replayed LLM call was cancelled");
  std::string first = request.inputs.empty() ? "" : request.inputs.front();
  ASKDB_ASSIGN_OR_RETURN(Json entry, Next(RequestHash(request), "first input: '" + first + "'"));
  if (entry.contains("error")) return StatusFromJson(entry["error"]);
  EmbeddingResponse r;
  const Json& resp = entry.value("response", Json::object());
  r.model = resp.value("model", "");
  try {
    r.vectors = resp.at("vectors").get<std::vector<std::vector<float>>>();
  } catch (const std::exception& e) {
    return InvalidArgumentError("LLM cassette " + path_.string() +
                                " has a malformed embeddings entry: " + e.what());
  }
  return r;
}

}  // namespace askdb::llm
