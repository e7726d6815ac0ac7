#include "askdb/llm/scripted/scripted_llm_client.h"

#include <re2/re2.h>

#include <functional>

#include "askdb/llm/openai/openai_protocol.h"
#include "askdb/llm/retrying_client.h"

namespace askdb::llm {

struct ScriptedLlmClient::CompiledRule {
  ScriptedRule rule;
  std::unique_ptr<RE2> re;  // null: matches everything
  int used = 0;
};

StatusOr<StatusCode> ParseStatusCode(std::string_view name) {
  for (int c = static_cast<int>(StatusCode::kOk); c <= static_cast<int>(StatusCode::kInternal);
       ++c) {
    if (StatusCodeName(static_cast<StatusCode>(c)) == name) return static_cast<StatusCode>(c);
  }
  return InvalidArgumentError("unknown status code '" + std::string(name) +
                              "'; use e.g. unavailable, resource_exhausted, invalid_argument");
}

ScriptedLlmClient::ScriptedLlmClient(Sleeper* sleeper)
    : sleeper_(sleeper ? sleeper : &Sleeper::Real()) {}

ScriptedLlmClient::~ScriptedLlmClient() = default;

ScriptedLlmClient& ScriptedLlmClient::AddRule(ScriptedRule rule) {
  auto compiled = std::make_unique<CompiledRule>();
  if (!rule.pattern.empty()) {
    compiled->re = std::make_unique<RE2>(rule.pattern, RE2::Quiet);
  }
  auto [content, reasoning] = openai::SplitThinking(rule.reply.content);
  rule.reply.content = std::move(content);
  rule.reply.reasoning += reasoning;
  if (rule.reply.finish_reason.empty()) {
    rule.reply.finish_reason = rule.reply.tool_calls.empty() ? "stop" : "tool_calls";
  }
  if (rule.reply.model.empty()) rule.reply.model = "scripted";
  compiled->rule = std::move(rule);
  std::lock_guard lock(mu_);
  rules_.push_back(std::move(compiled));
  return *this;
}

ScriptedLlmClient& ScriptedLlmClient::Reply(std::string pattern, std::string text) {
  ScriptedRule rule;
  rule.pattern = std::move(pattern);
  rule.reply.content = std::move(text);
  return AddRule(std::move(rule));
}

ScriptedLlmClient& ScriptedLlmClient::ReplyJson(std::string pattern, const Json& value) {
  return Reply(std::move(pattern), value.dump());
}

ScriptedLlmClient& ScriptedLlmClient::ReplyToolCall(std::string pattern, std::string tool,
                                                    const Json& arguments) {
  ScriptedRule rule;
  rule.pattern = std::move(pattern);
  rule.reply.tool_calls.push_back({"call_" + tool, std::move(tool), arguments.dump()});
  return AddRule(std::move(rule));
}

ScriptedLlmClient& ScriptedLlmClient::Fail(std::string pattern, Status status, int times) {
  ScriptedRule rule;
  rule.pattern = std::move(pattern);
  rule.fault = std::move(status);
  rule.times = times;
  return AddRule(std::move(rule));
}

StatusOr<std::unique_ptr<ScriptedLlmClient>> ScriptedLlmClient::FromJson(const Json& rules) {
  if (!rules.is_array()) {
    return InvalidArgumentError("scripted LLM rules must be a JSON array of {\"match\": ...}");
  }
  auto client = std::make_unique<ScriptedLlmClient>();
  try {
    for (const auto& r : rules) {
      ScriptedRule rule;
      rule.pattern = r.value("match", "");
      if (!rule.pattern.empty() && !RE2(rule.pattern, RE2::Quiet).ok()) {
        return InvalidArgumentError("scripted rule pattern '" + rule.pattern +
                                    "' is not a valid regular expression");
      }
      rule.latency = std::chrono::milliseconds(r.value("latency_ms", 0));
      rule.times = r.value("times", -1);
      rule.reply.reasoning = r.value("reasoning", "");
      if (r.contains("reply")) rule.reply.content = r["reply"].get<std::string>();
      if (r.contains("json")) rule.reply.content = r["json"].dump();
      if (r.contains("tool_call")) {
        const Json& call = r["tool_call"];
        Json args = call.value("arguments", Json::object());
        rule.reply.tool_calls.push_back({"call_1", call.at("name").get<std::string>(),
                                         args.is_string() ? args.get<std::string>() : args.dump()});
      }
      if (r.contains("error")) {
        const Json& e = r["error"];
        ASKDB_ASSIGN_OR_RETURN(StatusCode code, ParseStatusCode(e.value("code", "llm_error")));
        rule.fault = Status(code, e.value("message", "scripted failure"));
      }
      client->AddRule(std::move(rule));
    }
  } catch (const std::exception& e) {
    return InvalidArgumentError(std::string("bad scripted LLM rule: ") + e.what());
  }
  return client;
}

StatusOr<ChatResponse> ScriptedLlmClient::Answer(const ChatRequest& request,
                                                 const CallOptions& options) {
  std::string text = LastUserText(request);
  ScriptedRule chosen;
  bool found = false;
  {
    std::lock_guard lock(mu_);
    requests_.push_back(request);
    if (requests_.size() > kKeptRequests) requests_.pop_front();
    ++calls_;
    for (auto& r : rules_) {
      if (r->rule.times >= 0 && r->used >= r->rule.times) continue;
      if (r->re && !RE2::PartialMatch(text, *r->re)) continue;
      ++r->used;
      chosen = r->rule;
      found = true;
      break;
    }
  }
  if (!found) {
    return NotFoundError("no scripted LLM rule matches the message '" + text +
                         "'; add a rule for it to the script");
  }
  if (options.IsCancelled()) return CancelledError("the scripted LLM call was cancelled");
  if (chosen.latency.count() > 0) {
    if (auto left = options.Remaining(Clock::System()); left && *left < chosen.latency) {
      sleeper_->SleepFor(*left, options);
      return DeadlineExceededError("the scripted LLM call ran past its deadline");
    }
    if (!sleeper_->SleepFor(chosen.latency, options)) {
      return CancelledError("the scripted LLM call was cancelled");
    }
    chosen.reply.usage.latency_ms = static_cast<double>(chosen.latency.count());
  }
  if (chosen.fault) return *chosen.fault;
  EstimateUsageIfMissing(request, chosen.reply);
  return chosen.reply;
}

StatusOr<ChatResponse> ScriptedLlmClient::Chat(const ChatRequest& request,
                                               const CallOptions& options) {
  return Answer(request, options);
}

StatusOr<ChatResponse> ScriptedLlmClient::ChatStream(const ChatRequest& request,
                                                     const StreamCallback& on_delta,
                                                     const CallOptions& options) {
  ASKDB_ASSIGN_OR_RETURN(ChatResponse reply, Answer(request, options));
  if (!on_delta) return reply;
  if (!reply.reasoning.empty()) {
    StreamDelta d;
    d.reasoning = reply.reasoning;
    if (!on_delta(d)) return CancelledError("the caller stopped the scripted stream");
  }
  for (size_t i = 0; i < reply.content.size(); i += kStreamPieceBytes) {
    StreamDelta d;
    d.content = reply.content.substr(i, kStreamPieceBytes);
    if (!on_delta(d)) return CancelledError("the caller stopped the scripted stream");
  }
  for (size_t i = 0; i < reply.tool_calls.size(); ++i) {
    StreamDelta d;
    const ToolCall& c = reply.tool_calls[i];
    d.tool_calls.push_back({static_cast<int>(i), c.id, c.name, c.arguments});
    if (!on_delta(d)) return CancelledError("the caller stopped the scripted stream");
  }
  return reply;
}

StatusOr<EmbeddingResponse> ScriptedLlmClient::Embed(const EmbeddingRequest& request,
                                                     const CallOptions& options) {
  if (options.IsCancelled()) return CancelledError("the scripted LLM call was cancelled");
  EmbeddingResponse out;
  out.model = "scripted";
  for (const auto& text : request.inputs) {
    std::vector<float> v(kEmbeddingDims);
    size_t h = std::hash<std::string>{}(text);
    for (int d = 0; d < kEmbeddingDims; ++d) {
      h = h * 6364136223846793005ULL + 1442695040888963407ULL;  // LCG step
      v[d] = static_cast<float>(h >> 40) / static_cast<float>(1ULL << 24);
    }
    out.vectors.push_back(std::move(v));
    out.usage.prompt_tokens += EstimateTokens(text);
  }
  out.usage.estimated = true;
  return out;
}

std::vector<ChatRequest> ScriptedLlmClient::requests() const {
  std::lock_guard lock(mu_);
  return {requests_.begin(), requests_.end()};
}

size_t ScriptedLlmClient::call_count() const {
  std::lock_guard lock(mu_);
  return calls_;
}

}  // namespace askdb::llm
