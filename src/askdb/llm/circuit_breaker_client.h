// CircuitBreakerClient: a decorator that stops sending calls to an endpoint that keeps
// failing, so that a dead server costs one fast error instead of a timeout per call.
//
// Closed: calls pass; `failure_threshold` consecutive server-side failures (Unavailable,
// DeadlineExceeded) open the circuit. Open: calls fail at once with Unavailable carrying a
// retry hint for the rest of `open_duration`. Then one probe call is let through
// (half-open); its success closes the circuit, its failure opens it again. Rate limits
// (429) and caller errors do not count: the server is alive. One breaker per endpoint
// (the provider factory builds one per provider). Owns the wrapped client; thread-safe.
#pragma once

#include <chrono>
#include <memory>
#include <mutex>

#include "askdb/llm/llm_client.h"

namespace askdb::llm {

struct CircuitBreakerOptions {
  int failure_threshold = 5;
  std::chrono::milliseconds open_duration{30'000};
};

class CircuitBreakerClient final : public LlmClient {
 public:
  enum class State { kClosed, kOpen, kHalfOpen };

  CircuitBreakerClient(std::unique_ptr<LlmClient> inner, CircuitBreakerOptions options,
                       const Clock& clock = Clock::System());

  StatusOr<ChatResponse> Chat(const ChatRequest& request, const CallOptions& options) override;
  StatusOr<ChatResponse> ChatStream(const ChatRequest& request, const StreamCallback& on_delta,
                                    const CallOptions& options) override;
  StatusOr<EmbeddingResponse> Embed(const EmbeddingRequest& request,
                                    const CallOptions& options) override;
  std::string Describe() const override { return inner_->Describe(); }

  State state() const;

 private:
  Status Admit();  // OK when the call may go ahead
  void Record(const Status& status);
  template <typename T, typename F>
  StatusOr<T> Guard(F call);

  std::unique_ptr<LlmClient> inner_;
  CircuitBreakerOptions options_;
  const Clock& clock_;
  mutable std::mutex mu_;
  State state_ = State::kClosed;
  int consecutive_failures_ = 0;
  bool probe_in_flight_ = false;
  Clock::TimePoint open_until_{};
};

}  // namespace askdb::llm
