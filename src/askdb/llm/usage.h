// Usage accounting: RunUsage sums the Usage of every call made during a run (an agent
// question, a benchmark), and UsageAccountingClient is the decorator that feeds it and
// writes one log line per call. Callers read per-call figures from ChatResponse::usage and
// per-run figures from RunUsage::Snapshot(). RunUsage is thread-safe; share it by
// std::shared_ptr. The decorator owns the client it wraps.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>

#include "askdb/common/json.h"
#include "askdb/llm/llm_client.h"

namespace askdb::llm {

struct UsageTotals {
  int64_t calls = 0;
  int64_t failed_calls = 0;
  int64_t prompt_tokens = 0;
  int64_t completion_tokens = 0;
  int64_t estimated_calls = 0;  // calls whose token counts are estimates
  int64_t retries = 0;
  double latency_ms = 0;  // summed over calls
  double max_time_to_first_token_ms = 0;
  Json ToJson() const;
};

class RunUsage {
 public:
  void Add(const Usage& usage);
  void AddFailure();
  UsageTotals Snapshot() const;

 private:
  mutable std::mutex mu_;
  UsageTotals totals_;
};

class UsageAccountingClient final : public LlmClient {
 public:
  UsageAccountingClient(std::unique_ptr<LlmClient> inner, std::shared_ptr<RunUsage> run);

  StatusOr<ChatResponse> Chat(const ChatRequest& request, const CallOptions& options) override;
  StatusOr<ChatResponse> ChatStream(const ChatRequest& request, const StreamCallback& on_delta,
                                    const CallOptions& options) override;
  StatusOr<EmbeddingResponse> Embed(const EmbeddingRequest& request,
                                    const CallOptions& options) override;
  std::string Describe() const override { return inner_->Describe(); }

  const std::shared_ptr<RunUsage>& run() const { return run_; }

 private:
  void Log(std::string_view kind, const Usage& usage, const std::string& model) const;

  std::unique_ptr<LlmClient> inner_;
  std::shared_ptr<RunUsage> run_;
};

}  // namespace askdb::llm
