#include "askdb/llm/circuit_breaker_client.h"

#include <spdlog/spdlog.h>

namespace askdb::llm {
namespace {

bool CountsAsFailure(const Status& s) {
  return s.code() == StatusCode::kUnavailable || s.code() == StatusCode::kDeadlineExceeded;
}

}  // namespace

CircuitBreakerClient::CircuitBreakerClient(std::unique_ptr<LlmClient> inner,
                                           CircuitBreakerOptions options, const Clock& clock)
    : inner_(std::move(inner)), options_(options), clock_(clock) {}

CircuitBreakerClient::State CircuitBreakerClient::state() const {
  std::lock_guard lock(mu_);
  return state_;
}

Status CircuitBreakerClient::Admit() {
  std::lock_guard lock(mu_);
  if (state_ == State::kClosed) return Status::Ok();
  auto now = clock_.Now();
  if (state_ == State::kOpen && now >= open_until_) state_ = State::kHalfOpen;
  if (state_ == State::kHalfOpen && !probe_in_flight_) {
    probe_in_flight_ = true;
    return Status::Ok();
  }
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(open_until_ - now);
  if (left.count() < 1) left = std::chrono::milliseconds(1);
  return UnavailableError("the circuit breaker for " + inner_->Describe() + " is open after " +
                          std::to_string(options_.failure_threshold) +
                          " consecutive failures; calls resume in " + std::to_string(left.count()) +
                          " ms " + RetryAfterSuffix(left));
}

void CircuitBreakerClient::Record(const Status& status) {
  std::lock_guard lock(mu_);
  bool probe = probe_in_flight_;
  probe_in_flight_ = false;
  if (!CountsAsFailure(status)) {
    if (status.ok() || probe) {
      if (state_ != State::kClosed) spdlog::info("llm: circuit closed for {}", inner_->Describe());
      state_ = State::kClosed;
      consecutive_failures_ = 0;
    }
    return;
  }
  ++consecutive_failures_;
  if (probe || consecutive_failures_ >= options_.failure_threshold) {
    if (state_ != State::kOpen) {
      spdlog::warn("llm: circuit opened for {} after {} failures: {}", inner_->Describe(),
                   consecutive_failures_, status.ToString());
    }
    state_ = State::kOpen;
    open_until_ = clock_.Now() + options_.open_duration;
  }
}

template <typename T, typename F>
StatusOr<T> CircuitBreakerClient::Guard(F call) {
  ASKDB_RETURN_IF_ERROR(Admit());
  StatusOr<T> result = call();
  Record(result.ok() ? Status::Ok() : result.status());
  return result;
}

StatusOr<ChatResponse> CircuitBreakerClient::Chat(const ChatRequest& request,
                                                  const CallOptions& options) {
  return Guard<ChatResponse>([&] { return inner_->Chat(request, options); });
}

StatusOr<ChatResponse> CircuitBreakerClient::ChatStream(const ChatRequest& request,
                                                        const StreamCallback& on_delta,
                                                        const CallOptions& options) {
  return Guard<ChatResponse>([&] { return inner_->ChatStream(request, on_delta, options); });
}

StatusOr<EmbeddingResponse> CircuitBreakerClient::Embed(const EmbeddingRequest& request,
                                                        const CallOptions& options) {
  return Guard<EmbeddingResponse>([&] { return inner_->Embed(request, options); });
}

}  // namespace askdb::llm
