// RetryingClient: a decorator that retries failed calls that may succeed on a second try —
// rate limits (429), server errors (5xx), broken connections and timeouts — with
// exponential backoff and jitter, honouring the server's Retry-After. Caller errors (bad
// request, bad key, unknown model, content filter, cancellation) are returned at once.
// A stream is retried only if it failed before delivering anything to the caller.
//
// Time is injected: Clock for deadlines, Sleeper for waiting, so tests use FakeClock and a
// recording sleeper and never sleep for real. Owns the wrapped client; thread-safe when
// the wrapped client is (the jitter generator is guarded by a mutex).
#pragma once

#include <chrono>
#include <memory>
#include <mutex>
#include <random>

#include "askdb/llm/llm_client.h"

namespace askdb::llm {

// Waits, waking early when the call is cancelled.
class Sleeper {
 public:
  virtual ~Sleeper() = default;
  // Returns false when the call was cancelled while waiting.
  virtual bool SleepFor(std::chrono::milliseconds delay, const CallOptions& call) = 0;
  static Sleeper& Real();
};

struct RetryOptions {
  int max_attempts = 4;  // including the first
  std::chrono::milliseconds initial_backoff{500};
  std::chrono::milliseconds max_backoff{20'000};
  double multiplier = 2.0;
  double jitter = 0.25;  // each delay is shortened by up to this fraction, at random
  // A Retry-After longer than this is not waited for: the error is returned instead.
  std::chrono::milliseconds max_retry_after{60'000};
  uint64_t seed = 0;  // 0: seeded from the clock
};

class RetryingClient final : public LlmClient {
 public:
  RetryingClient(std::unique_ptr<LlmClient> inner, RetryOptions options,
                 const Clock& clock = Clock::System(), Sleeper& sleeper = Sleeper::Real());

  StatusOr<ChatResponse> Chat(const ChatRequest& request, const CallOptions& options) override;
  StatusOr<ChatResponse> ChatStream(const ChatRequest& request, const StreamCallback& on_delta,
                                    const CallOptions& options) override;
  StatusOr<EmbeddingResponse> Embed(const EmbeddingRequest& request,
                                    const CallOptions& options) override;
  std::string Describe() const override { return inner_->Describe(); }

  // The delay before retry number `retry` (0-based) without a server hint, after jitter.
  std::chrono::milliseconds BackoffFor(int retry);

 private:
  // Runs `attempt` until it succeeds or a retry is not allowed. `may_retry` is asked after
  // a failure (streams say no once they delivered output).
  template <typename T, typename Attempt, typename MayRetry>
  StatusOr<T> Run(const CallOptions& call, Attempt attempt, MayRetry may_retry);

  std::unique_ptr<LlmClient> inner_;
  RetryOptions options_;
  const Clock& clock_;
  Sleeper& sleeper_;
  std::mutex rng_mu_;
  std::mt19937_64 rng_;
};

}  // namespace askdb::llm
