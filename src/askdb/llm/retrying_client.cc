#include "askdb/llm/retrying_client.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <thread>

#include "askdb/common/cancellation.h"

namespace askdb::llm {
namespace {

using std::chrono::milliseconds;

// A real sleep is cut into slices this long so that cancellation is noticed quickly.
constexpr milliseconds kSleepSlice{10};

class RealSleeper final : public Sleeper {
 public:
  bool SleepFor(milliseconds delay, const CallOptions& call) override {
    auto end = std::chrono::steady_clock::now() + delay;
    while (std::chrono::steady_clock::now() < end) {
      if (call.IsCancelled()) return false;
      auto left = std::chrono::duration_cast<milliseconds>(end - std::chrono::steady_clock::now());
      std::this_thread::sleep_for(std::min(left, kSleepSlice));
    }
    return !call.IsCancelled();
  }
};

int64_t UsageRetries(ChatResponse& r) { return r.usage.retries; }
int64_t UsageRetries(EmbeddingResponse& r) { return r.usage.retries; }
void SetRetries(ChatResponse& r, int n) { r.usage.retries = n; }
void SetRetries(EmbeddingResponse& r, int n) { r.usage.retries = n; }

}  // namespace

Sleeper& Sleeper::Real() {
  static RealSleeper sleeper;
  return sleeper;
}

RetryingClient::RetryingClient(std::unique_ptr<LlmClient> inner, RetryOptions options,
                               const Clock& clock, Sleeper& sleeper)
    : inner_(std::move(inner)),
      options_(options),
      clock_(clock),
      sleeper_(sleeper),
      rng_(options.seed != 0 ? options.seed
                             : static_cast<uint64_t>(
                                   std::chrono::steady_clock::now().time_since_epoch().count())) {
  options_.max_attempts = std::max(1, options_.max_attempts);
}

milliseconds RetryingClient::BackoffFor(int retry) {
  double base =
      static_cast<double>(options_.initial_backoff.count()) * std::pow(options_.multiplier, retry);
  base = std::min(base, static_cast<double>(options_.max_backoff.count()));
  double u = 0;
  {
    std::lock_guard lock(rng_mu_);
    u = std::uniform_real_distribution<double>(0, 1)(rng_);
  }
  return milliseconds(static_cast<int64_t>(base * (1.0 - options_.jitter * u)));
}

template <typename T, typename Attempt, typename MayRetry>
StatusOr<T> RetryingClient::Run(const CallOptions& call, Attempt attempt, MayRetry may_retry) {
  for (int n = 0;; ++n) {
    StatusOr<T> result = attempt();
    if (result.ok()) {
      SetRetries(*result, n + static_cast<int>(UsageRetries(*result)));
      return result;
    }
    const Status& s = result.status();
    std::string tries = n == 0 ? "" : " (after " + std::to_string(n + 1) + " attempts)";
    if (!IsRetryable(s) || !may_retry()) return Status(s.code(), s.message() + tries);
    if (n + 1 >= options_.max_attempts) {
      return Status(s.code(), s.message() + " (gave up after " + std::to_string(n + 1) +
                                  " attempts; raise [llm] max_retries to try longer)");
    }
    milliseconds delay = BackoffFor(n);
    if (auto hint = RetryAfterFromStatus(s)) {
      if (*hint > options_.max_retry_after) {
        return Status(s.code(), s.message() + tries + "; the server asked to wait longer than " +
                                    std::to_string(options_.max_retry_after.count()) + " ms");
      }
      delay = *hint;
    }
    if (auto left = call.Remaining(clock_); left && *left <= delay) {
      return DeadlineExceededError(
          "the call's deadline leaves no time for a retry after: " + s.message() + tries);
    }
    spdlog::warn("llm: retry {} of {} in {} ms after: {}", n + 1, options_.max_attempts - 1,
                 delay.count(), s.ToString());
    if (!sleeper_.SleepFor(delay, call)) {
      return CancelledError("the LLM call was cancelled while waiting to retry after: " +
                            s.message());
    }
    if (call.IsCancelled()) return CancelledError("the LLM call was cancelled");
  }
}

StatusOr<ChatResponse> RetryingClient::Chat(const ChatRequest& request,
                                            const CallOptions& options) {
  return Run<ChatResponse>(
      options, [&] { return inner_->Chat(request, options); }, [] { return true; });
}

StatusOr<ChatResponse> RetryingClient::ChatStream(const ChatRequest& request,
                                                  const StreamCallback& on_delta,
                                                  const CallOptions& options) {
  bool delivered = false;
  StreamCallback tracked = [&](const StreamDelta& d) {
    delivered = true;
    return on_delta ? on_delta(d) : true;
  };
  return Run<ChatResponse>(
      options, [&] { return inner_->ChatStream(request, tracked, options); },
      [&] { return !delivered; });
}

StatusOr<EmbeddingResponse> RetryingClient::Embed(const EmbeddingRequest& request,
                                                  const CallOptions& options) {
  return Run<EmbeddingResponse>(
      options, [&] { return inner_->Embed(request, options); }, [] { return true; });
}

}  // namespace askdb::llm
