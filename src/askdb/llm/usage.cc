#include "askdb/llm/usage.h"

#include <spdlog/spdlog.h>

#include <algorithm>

namespace askdb::llm {

Json UsageTotals::ToJson() const {
  return {{"calls", calls},
          {"failed_calls", failed_calls},
          {"prompt_tokens", prompt_tokens},
          {"completion_tokens", completion_tokens},
          {"estimated_calls", estimated_calls},
          {"retries", retries},
          {"latency_ms", latency_ms},
          {"max_time_to_first_token_ms", max_time_to_first_token_ms}};
}

void RunUsage::Add(const Usage& u) {
  std::lock_guard lock(mu_);
  ++totals_.calls;
  totals_.prompt_tokens += u.prompt_tokens;
  totals_.completion_tokens += u.completion_tokens;
  if (u.estimated) ++totals_.estimated_calls;
  totals_.retries += u.retries;
  totals_.latency_ms += u.latency_ms;
  totals_.max_time_to_first_token_ms =
      std::max(totals_.max_time_to_first_token_ms, u.time_to_first_token_ms);
}

void RunUsage::AddFailure() {
  std::lock_guard lock(mu_);
  ++totals_.calls;
  ++totals_.failed_calls;
}

UsageTotals RunUsage::Snapshot() const {
  std::lock_guard lock(mu_);
  return totals_;
}

UsageAccountingClient::UsageAccountingClient(std::unique_ptr<LlmClient> inner,
                                             std::shared_ptr<RunUsage> run)
    : inner_(std::move(inner)), run_(run ? std::move(run) : std::make_shared<RunUsage>()) {}

void UsageAccountingClient::Log(std::string_view kind, const Usage& u,
                                const std::string& model) const {
  spdlog::info(
      "llm {}: model={} prompt_tokens={} completion_tokens={}{} latency_ms={:.1f} "
      "ttft_ms={:.1f} retries={}",
      kind, model, u.prompt_tokens, u.completion_tokens, u.estimated ? " (estimated)" : "",
      u.latency_ms, u.time_to_first_token_ms, u.retries);
}

StatusOr<ChatResponse> UsageAccountingClient::Chat(const ChatRequest& request,
                                                   const CallOptions& options) {
  auto result = inner_->Chat(request, options);
  if (!result.ok()) {
    run_->AddFailure();
    spdlog::warn("llm chat failed: {}", result.status().ToString());
    return result;
  }
  run_->Add(result->usage);
  Log("chat", result->usage, result->model);
  return result;
}

StatusOr<ChatResponse> UsageAccountingClient::ChatStream(const ChatRequest& request,
                                                         const StreamCallback& on_delta,
                                                         const CallOptions& options) {
  auto result = inner_->ChatStream(request, on_delta, options);
  if (!result.ok()) {
    run_->AddFailure();
    spdlog::warn("llm stream failed: {}", result.status().ToString());
    return result;
  }
  run_->Add(result->usage);
  Log("stream", result->usage, result->model);
  return result;
}

StatusOr<EmbeddingResponse> UsageAccountingClient::Embed(const EmbeddingRequest& request,
                                                         const CallOptions& options) {
  auto result = inner_->Embed(request, options);
  if (!result.ok()) {
    run_->AddFailure();
    spdlog::warn("llm embeddings failed: {}", result.status().ToString());
    return result;
  }
  run_->Add(result->usage);
  Log("embed", result->usage, result->model);
  return result;
}

}  // namespace askdb::llm
