#include "askdb/llm/openai/openai_protocol.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <initializer_list>

namespace askdb::llm::openai {
namespace {

// OpenAI's strict structured output takes only schemas whose every object lists all its
// properties as required and forbids others; askdb's reply schemas leave optional fields
// out of "required", so they are sent non-strict (the reply is validated afterwards anyway).
bool StrictSchema(const Json& schema) {
  if (!schema.is_object()) return true;
  if (const auto props = schema.find("properties"); props != schema.end()) {
    const auto extra = schema.find("additionalProperties");
    if (extra == schema.end() || *extra != false) return false;
    const Json required = schema.value("required", Json::array());
    for (const auto& [name, child] : props->items()) {
      if (std::find(required.begin(), required.end(), name) == required.end()) return false;
      if (!StrictSchema(child)) return false;
    }
  }
  if (const auto items = schema.find("items"); items != schema.end()) return StrictSchema(*items);
  return true;
}

constexpr std::string_view kThinkOpen = "<think>";
constexpr std::string_view kThinkClose = "</think>";
// How much of a bad body to quote in an error message.
constexpr size_t kBodyExcerptBytes = 200;

std::string Excerpt(std::string_view body) {
  if (body.size() <= kBodyExcerptBytes) return std::string(body);
  return std::string(body.substr(0, kBodyExcerptBytes)) + "...";
}

std::string StringOr(const Json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_string()) return "";
  return it->get<std::string>();
}

int64_t IntOr(const Json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_number()) return 0;
  return it->get<int64_t>();
}

Json MessageToJson(const Message& m) {
  Json j = Json::object();
  j["role"] = RoleName(m.role);
  if (m.role == Role::kAssistant && !m.tool_calls.empty() && m.content.empty()) {
    j["content"] = nullptr;
  } else {
    j["content"] = m.content;
  }
  if (!m.name.empty()) j["name"] = m.name;
  if (!m.tool_calls.empty()) {
    Json calls = Json::array();
    for (const auto& c : m.tool_calls) {
      calls.push_back({{"id", c.id},
                       {"type", "function"},
                       {"function", {{"name", c.name}, {"arguments", c.arguments}}}});
    }
    j["tool_calls"] = std::move(calls);
  }
  if (m.role == Role::kTool) j["tool_call_id"] = m.tool_call_id;
  return j;
}

void ParseUsage(const Json& j, Usage& usage) {
  usage.prompt_tokens = IntOr(j, "prompt_tokens");
  usage.completion_tokens = IntOr(j, "completion_tokens");
}

// Lower-cased copy for case-insensitive keyword checks in error messages.
std::string Lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

std::optional<int64_t> NumberAfter(std::string_view text, std::string_view marker) {
  size_t pos = text.find(marker);
  if (pos == std::string_view::npos) return std::nullopt;
  pos += marker.size();
  while (pos < text.size() && !std::isdigit(static_cast<unsigned char>(text[pos]))) {
    if (text[pos] != ' ' && text[pos] != ':' && text[pos] != '(') return std::nullopt;
    ++pos;
  }
  int64_t value = 0;
  auto [ptr, ec] = std::from_chars(text.data() + pos, text.data() + text.size(), value);
  if (ec != std::errc()) return std::nullopt;
  return value;
}

}  // namespace

Json BuildChatBody(const ChatRequest& request, const WireOptions& options) {
  Json body = Json::object();
  body["model"] = request.model.empty() ? options.default_model : request.model;
  Json messages = Json::array();
  for (const auto& m : request.messages) messages.push_back(MessageToJson(m));
  body["messages"] = std::move(messages);
  if (request.temperature) body["temperature"] = *request.temperature;
  if (request.max_tokens) body["max_tokens"] = *request.max_tokens;
  if (!request.stop.empty()) body["stop"] = request.stop;
  if (request.seed) body["seed"] = *request.seed;
  if (!request.tools.empty()) {
    Json tools = Json::array();
    for (const auto& t : request.tools) {
      tools.push_back(
          {{"type", "function"},
           {"function",
            {{"name", t.name}, {"description", t.description}, {"parameters", t.parameters}}}});
    }
    body["tools"] = std::move(tools);
    if (request.tool_choice == "auto" || request.tool_choice == "none" ||
        request.tool_choice == "required") {
      body["tool_choice"] = request.tool_choice;
    } else if (!request.tool_choice.empty()) {
      body["tool_choice"] = {{"type", "function"}, {"function", {{"name", request.tool_choice}}}};
    }
  }
  switch (request.response_format) {
    case ResponseFormat::kText:
      break;
    case ResponseFormat::kJsonObject:
      body["response_format"] = {{"type", "json_object"}};
      break;
    case ResponseFormat::kJsonSchema:
      body["response_format"] = {{"type", "json_schema"},
                                 {"json_schema",
                                  {{"name", request.json_schema_name},
                                   {"schema", request.json_schema},
                                   {"strict", StrictSchema(request.json_schema)}}}};
      break;
  }
  if (options.stream) {
    body["stream"] = true;
    if (options.stream_usage) body["stream_options"] = {{"include_usage", true}};
  }
  return body;
}

Json BuildEmbeddingBody(const EmbeddingRequest& request, const std::string& default_model) {
  return {{"model", request.model.empty() ? default_model : request.model},
          {"input", request.inputs}};
}

StatusOr<ChatResponse> ParseChatBody(std::string_view body) {
  auto parsed = ParseJson(body);
  if (!parsed.ok()) {
    return UnavailableError("the model server sent a reply that is not JSON (" +
                            parsed.status().message() + "): " + Excerpt(body));
  }
  const Json& j = *parsed;
  try {
    auto choices = j.find("choices");
    if (!j.is_object() || choices == j.end() || !choices->is_array() || choices->empty()) {
      return UnavailableError("the model server's reply has no choices: " + Excerpt(body));
    }
    const Json& choice = (*choices)[0];
    const Json& msg = choice.contains("message") ? choice["message"] : Json::object();
    ChatResponse out;
    out.model = StringOr(j, "model");
    out.finish_reason = StringOr(choice, "finish_reason");
    std::string raw = StringOr(msg, "content");
    auto [content, think] = SplitThinking(raw);
    out.content = std::move(content);
    out.reasoning = StringOr(msg, "reasoning_content");
    if (out.reasoning.empty()) out.reasoning = StringOr(msg, "reasoning");
    out.reasoning += think;
    if (auto calls = msg.find("tool_calls"); calls != msg.end() && calls->is_array()) {
      for (const auto& c : *calls) {
        ToolCall call;
        call.id = StringOr(c, "id");
        if (auto fn = c.find("function"); fn != c.end() && fn->is_object()) {
          call.name = StringOr(*fn, "name");
          auto args = fn->find("arguments");
          if (args != fn->end())
            call.arguments = args->is_string() ? args->get<std::string>() : args->dump();
        }
        out.tool_calls.push_back(std::move(call));
      }
    }
    if (auto usage = j.find("usage"); usage != j.end() && usage->is_object()) {
      ParseUsage(*usage, out.usage);
    }
    return out;
  } catch (const std::exception& e) {
    return UnavailableError(std::string("the model server's reply has an unexpected shape (") +
                            e.what() + "): " + Excerpt(body));
  }
}

StatusOr<EmbeddingResponse> ParseEmbeddingBody(std::string_view body, size_t expected_count) {
  auto parsed = ParseJson(body);
  if (!parsed.ok()) {
    return UnavailableError("the embeddings endpoint sent a reply that is not JSON: " +
                            Excerpt(body));
  }
  try {
    const Json& j = *parsed;
    EmbeddingResponse out;
    out.model = StringOr(j, "model");
    out.vectors.resize(expected_count);
    const Json& data = j.at("data");
    size_t position = 0;
    for (const auto& item : data) {
      size_t index = item.contains("index") ? item["index"].get<size_t>() : position;
      ++position;
      if (index >= expected_count) {
        return UnavailableError("the embeddings endpoint returned index " + std::to_string(index) +
                                " for " + std::to_string(expected_count) + " inputs");
      }
      out.vectors[index] = item.at("embedding").get<std::vector<float>>();
    }
    if (position != expected_count) {
      return UnavailableError("the embeddings endpoint returned " + std::to_string(position) +
                              " vectors for " + std::to_string(expected_count) + " inputs");
    }
    if (auto usage = j.find("usage"); usage != j.end() && usage->is_object()) {
      out.usage.prompt_tokens = IntOr(*usage, "prompt_tokens");
    }
    return out;
  } catch (const std::exception& e) {
    return UnavailableError(std::string("the embeddings reply has an unexpected shape (") +
                            e.what() + "): " + Excerpt(body));
  }
}

void ThinkSplitter::Feed(std::string_view text, std::string& content, std::string& reasoning) {
  pending_.append(text);
  std::string_view buf = pending_;
  while (!buf.empty()) {
    std::string_view tag = inside_ ? kThinkClose : kThinkOpen;
    std::string& sink = inside_ ? reasoning : content;
    size_t pos = buf.find(tag);
    if (pos != std::string_view::npos) {
      sink.append(buf.substr(0, pos));
      buf.remove_prefix(pos + tag.size());
      inside_ = !inside_;
      continue;
    }
    // Hold back the longest suffix that could be the start of the tag.
    size_t keep = 0;
    for (size_t k = std::min(tag.size() - 1, buf.size()); k > 0; --k) {
      if (buf.substr(buf.size() - k) == tag.substr(0, k)) {
        keep = k;
        break;
      }
    }
    sink.append(buf.substr(0, buf.size() - keep));
    buf.remove_prefix(buf.size() - keep);
    break;
  }
  pending_.assign(buf);
}

void ThinkSplitter::Finish(std::string& content, std::string& reasoning) {
  (inside_ ? reasoning : content).append(pending_);
  pending_.clear();
}

std::pair<std::string, std::string> SplitThinking(std::string_view text) {
  std::string content;
  std::string reasoning;
  if (text.find('<') == std::string_view::npos) return {std::string(text), ""};
  ThinkSplitter splitter;
  splitter.Feed(text, content, reasoning);
  splitter.Finish(content, reasoning);
  // A reasoning model's answer usually starts after a blank line following </think>.
  size_t start = content.find_first_not_of(" \t\r\n");
  if (!reasoning.empty()) content.erase(0, start == std::string::npos ? content.size() : start);
  return {std::move(content), std::move(reasoning)};
}

bool StreamAccumulator::Apply(const Json& chunk, StreamDelta& delta) {
  if (!chunk.is_object()) return false;
  if (response_.model.empty()) response_.model = StringOr(chunk, "model");
  if (auto usage = chunk.find("usage"); usage != chunk.end() && usage->is_object()) {
    ParseUsage(*usage, response_.usage);
    saw_usage_ = true;
  }
  auto choices = chunk.find("choices");
  if (choices == chunk.end() || !choices->is_array() || choices->empty()) return false;
  const Json& choice = (*choices)[0];
  std::string finish = StringOr(choice, "finish_reason");
  if (!finish.empty()) response_.finish_reason = finish;
  auto d = choice.find("delta");
  if (d == choice.end() || !d->is_object()) return false;
  const bool text = ApplyText(*d, delta);
  const bool calls = ApplyToolCalls(*d, delta);
  return text || calls;
}

bool StreamAccumulator::ApplyText(const Json& d, StreamDelta& delta) {
  bool any = false;
  std::string reasoning = StringOr(d, "reasoning_content");
  if (reasoning.empty()) reasoning = StringOr(d, "reasoning");
  if (!reasoning.empty()) {
    response_.reasoning += reasoning;
    delta.reasoning += reasoning;
    any = true;
  }
  std::string text = StringOr(d, "content");
  if (!text.empty()) {
    std::string visible;
    std::string think;
    splitter_.Feed(text, visible, think);
    response_.content += visible;
    response_.reasoning += think;
    delta.content += visible;
    delta.reasoning += think;
    any = any || !visible.empty() || !think.empty();
  }
  return any;
}

namespace {

StreamDelta::ToolCallFragment FragmentOf(const Json& c) {
  StreamDelta::ToolCallFragment frag;
  frag.index = c.contains("index") && c["index"].is_number() ? c["index"].get<int>() : 0;
  frag.id = StringOr(c, "id");
  if (auto fn = c.find("function"); fn != c.end() && fn->is_object()) {
    frag.name = StringOr(*fn, "name");
    frag.arguments = StringOr(*fn, "arguments");
  }
  return frag;
}

}  // namespace

bool StreamAccumulator::ApplyToolCalls(const Json& d, StreamDelta& delta) {
  auto calls = d.find("tool_calls");
  if (calls == d.end() || !calls->is_array()) return false;
  bool any = false;
  for (const auto& c : *calls) {
    StreamDelta::ToolCallFragment frag = FragmentOf(c);
    if (frag.index < 0) continue;
    if (static_cast<size_t>(frag.index) >= response_.tool_calls.size()) {
      response_.tool_calls.resize(frag.index + 1);
    }
    ToolCall& call = response_.tool_calls[frag.index];
    if (!frag.id.empty()) call.id = frag.id;
    call.name += frag.name;
    call.arguments += frag.arguments;
    delta.tool_calls.push_back(std::move(frag));
    any = true;
  }
  return any;
}

ChatResponse StreamAccumulator::Finish() {
  std::string visible;
  std::string think;
  splitter_.Finish(visible, think);
  response_.content += visible;
  response_.reasoning += think;
  size_t start = response_.content.find_first_not_of(" \t\r\n");
  if (!response_.reasoning.empty()) {
    response_.content.erase(0, start == std::string::npos ? response_.content.size() : start);
  }
  return std::move(response_);
}

std::optional<std::chrono::milliseconds> ParseRetryAfterSeconds(std::string_view value) {
  while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
  while (!value.empty() && (value.back() == ' ' || value.back() == '\r')) value.remove_suffix(1);
  if (value.empty()) return std::nullopt;
  double seconds = 0;
  auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), seconds);
  if (ec != std::errc() || ptr != value.data() + value.size() || seconds < 0 ||
      !std::isfinite(seconds)) {
    return std::nullopt;
  }
  return std::chrono::milliseconds(static_cast<int64_t>(std::ceil(seconds * 1000)));
}

std::optional<std::chrono::milliseconds> ParseRetryAfterMs(std::string_view value) {
  auto seconds = ParseRetryAfterSeconds(value);
  if (!seconds) return std::nullopt;
  return std::chrono::milliseconds((seconds->count() + 999) / 1000);
}

ContextLengthInfo ParseContextLengthMessage(std::string_view message) {
  ContextLengthInfo info;
  std::string lower = Lower(message);
  for (std::string_view marker : {"maximum context length is", "context length is",
                                  "context window is", "limit of", "max_model_len"}) {
    if ((info.limit = NumberAfter(lower, marker))) break;
  }
  for (std::string_view marker :
       {"resulted in", "requested", "you requested", "request has", "prompt has", "input has"}) {
    if ((info.requested = NumberAfter(lower, marker))) break;
  }
  return info;
}

namespace {

// What an error body says: OpenAI's {"error": {message, code, type}}, a bare {"error": "…"},
// or a top-level {message, code}; the message is an excerpt of the body when none is given.
struct ProviderError {
  std::string message;
  std::string code;
  std::string type;
};

ProviderError ReadProviderError(std::string_view body) {
  ProviderError e;
  if (auto parsed = ParseJson(body); parsed.ok()) {
    const Json& j = *parsed;
    if (auto err = j.find("error"); err != j.end()) {
      if (err->is_string()) {
        e.message = err->get<std::string>();
      } else if (err->is_object()) {
        e.message = StringOr(*err, "message");
        e.code = StringOr(*err, "code");
        e.type = StringOr(*err, "type");
        if (auto c = err->find("code"); c != err->end() && c->is_number()) e.code = c->dump();
      }
    } else if (j.is_object()) {
      e.message = StringOr(j, "message");
      e.code = StringOr(j, "code");
    }
  }
  if (e.message.empty()) e.message = Excerpt(body);
  return e;
}

bool ContainsAny(std::string_view text, std::initializer_list<std::string_view> words) {
  return std::any_of(words.begin(), words.end(),
                     [&](std::string_view w) { return text.find(w) != std::string_view::npos; });
}

// The prompt is longer than the model takes: the counts when the server states them.
Status ContextTooLong(const std::string& message, const std::string& where,
                      const std::string& model) {
  ContextLengthInfo info = ParseContextLengthMessage(message);
  std::string counts;
  if (info.requested) counts += std::to_string(*info.requested) + " tokens requested";
  if (info.limit) {
    counts += (counts.empty() ? "" : ", ") + std::string("the model's limit is ") +
              std::to_string(*info.limit);
  }
  return InvalidArgumentError("the prompt is too long for model '" + model + "' at " + where +
                              (counts.empty() ? "" : ": " + counts) +
                              ". Lower the schema/history token budget or use a model with "
                              "a longer context. Server said: " +
                              message);
}

// The error an HTTP status stands for, when the body named no filter or context length.
Status ErrorForStatus(long http_status, const std::string& message, const std::string& lower,
                      const std::string& where, const HttpErrorContext& context) {
  const std::string hint = context.retry_after ? " " + RetryAfterSuffix(*context.retry_after) : "";
  switch (http_status) {
    case 401:
      return PermissionDeniedError(
          "the API key was rejected by " + where + ": " + message +
          ". Set a valid key in [llm] api_key_env (default OPENAI_API_KEY) or [llm] api_key");
    case 403:
      return PermissionDeniedError("access denied by " + where + ": " + message +
                                   ". Check that the API key may use model '" + context.model +
                                   "'");
    case 404:
      if (lower.find("model") != std::string::npos) {
        return NotFoundError("model '" + context.model + "' is unknown to " + where + ": " +
                             message + ". Set [llm] model to a model the server lists at " +
                             context.endpoint + "/models");
      }
      return NotFoundError("no OpenAI-compatible endpoint at " + where + ": " + message +
                           ". Check [llm] base_url (it usually ends in /v1)");
    case 408:
      return DeadlineExceededError("the model server timed out the request at " + where + hint);
    case 429:
      if (lower.find("insufficient_quota") != std::string::npos ||
          (lower.find("quota") != std::string::npos &&
           lower.find("exceeded your") != std::string::npos)) {
        return FailedPreconditionError("the account's quota is used up at " + where + ": " +
                                       message + ". Check the provider's billing page");
      }
      return ResourceExhaustedError("rate limited by " + where + ": " + message +
                                    ". Lower [llm] max_concurrency or wait" + hint);
    default:
      break;
  }
  if (http_status == 400 || http_status == 413 || http_status == 422) {
    return InvalidArgumentError("the model server rejected the request at " + where + ": " +
                                message);
  }
  if (http_status >= 500) {
    return UnavailableError("the model server failed at " + where + ": " + message + hint);
  }
  return LlmError("unexpected reply from " + where + ": " + message);
}

}  // namespace

Status MapHttpError(long http_status, std::string_view body, const HttpErrorContext& context) {
  const ProviderError e = ReadProviderError(body);
  const std::string where = context.endpoint + " (HTTP " + std::to_string(http_status) + ")";
  const std::string lower = Lower(e.message + " " + e.code + " " + e.type);
  if (ContainsAny(lower, {"content_filter", "content_policy", "data_inspection_failed",
                          "content management policy"})) {
    return LlmError("the provider's content filter blocked the request at " + where + ": " +
                    e.message + ". Rephrase the question; retrying the same text will not help");
  }
  if (ContainsAny(lower, {"context_length_exceeded", "context length", "maximum context",
                          "too many tokens", "prompt is too long"})) {
    return ContextTooLong(e.message, where, context.model);
  }
  return ErrorForStatus(http_status, e.message, lower, where, context);
}

}  // namespace askdb::llm::openai
