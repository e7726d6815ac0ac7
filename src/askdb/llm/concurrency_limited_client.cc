#include "askdb/llm/concurrency_limited_client.h"

#include <algorithm>

namespace askdb::llm {
namespace {

// How often a waiting caller re-checks cancellation and its deadline.
constexpr std::chrono::milliseconds kWaitSlice{10};

}  // namespace

ConcurrencyLimitedClient::ConcurrencyLimitedClient(std::unique_ptr<LlmClient> inner,
                                                   int max_concurrent)
    : inner_(std::move(inner)), max_concurrent_(std::max(1, max_concurrent)) {}

int ConcurrencyLimitedClient::in_flight() const {
  std::lock_guard lock(mu_);
  return in_flight_;
}

int ConcurrencyLimitedClient::peak_in_flight() const {
  std::lock_guard lock(mu_);
  return peak_;
}

Status ConcurrencyLimitedClient::Acquire(const CallOptions& options) {
  std::unique_lock lock(mu_);
  while (in_flight_ >= max_concurrent_) {
    if (options.IsCancelled()) {
      return CancelledError("the LLM call was cancelled while waiting for a free slot");
    }
    if (auto left = options.Remaining(Clock::System()); left && left->count() == 0) {
      return DeadlineExceededError("the call's deadline passed while waiting for one of " +
                                   std::to_string(max_concurrent_) + " concurrent slots for " +
                                   inner_->Describe() + "; raise [llm] max_concurrency");
    }
    cv_.wait_for(lock, kWaitSlice);
  }
  ++in_flight_;
  peak_ = std::max(peak_, in_flight_);
  return Status::Ok();
}

void ConcurrencyLimitedClient::Release() {
  {
    std::lock_guard lock(mu_);
    --in_flight_;
  }
  cv_.notify_one();
}

StatusOr<ChatResponse> ConcurrencyLimitedClient::Chat(const ChatRequest& request,
                                                      const CallOptions& options) {
  ASKDB_RETURN_IF_ERROR(Acquire(options));
  auto result = inner_->Chat(request, options);
  Release();
  return result;
}

StatusOr<ChatResponse> ConcurrencyLimitedClient::ChatStream(const ChatRequest& request,
                                                            const StreamCallback& on_delta,
                                                            const CallOptions& options) {
  ASKDB_RETURN_IF_ERROR(Acquire(options));
  auto result = inner_->ChatStream(request, on_delta, options);
  Release();
  return result;
}

StatusOr<EmbeddingResponse> ConcurrencyLimitedClient::Embed(const EmbeddingRequest& request,
                                                            const CallOptions& options) {
  ASKDB_RETURN_IF_ERROR(Acquire(options));
  auto result = inner_->Embed(request, options);
  Release();
  return result;
}

}  // namespace askdb::llm
