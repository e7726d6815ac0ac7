// ConcurrencyLimitedClient: a decorator that lets at most `max_concurrent` calls run at
// once against a provider (per-provider limits keep askdb under a provider's rate limit and
// a local server's batch size). Waiting callers give up when their call is cancelled or its
// deadline passes. Owns the wrapped client; thread-safe.
#pragma once

#include <condition_variable>
#include <memory>
#include <mutex>

#include "askdb/llm/llm_client.h"

namespace askdb::llm {

class ConcurrencyLimitedClient final : public LlmClient {
 public:
  ConcurrencyLimitedClient(std::unique_ptr<LlmClient> inner, int max_concurrent);

  StatusOr<ChatResponse> Chat(const ChatRequest& request, const CallOptions& options) override;
  StatusOr<ChatResponse> ChatStream(const ChatRequest& request, const StreamCallback& on_delta,
                                    const CallOptions& options) override;
  StatusOr<EmbeddingResponse> Embed(const EmbeddingRequest& request,
                                    const CallOptions& options) override;
  std::string Describe() const override { return inner_->Describe(); }

  int in_flight() const;
  int peak_in_flight() const;

 private:
  Status Acquire(const CallOptions& options);
  void Release();

  std::unique_ptr<LlmClient> inner_;
  int max_concurrent_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  int in_flight_ = 0;
  int peak_ = 0;
};

}  // namespace askdb::llm
