#include "askdb/server/run_executor.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <string>

namespace askdb::server {
namespace {

// Weight of the newest run in the mean run time: recent load matters most.
constexpr double kMeanWeight = 0.2;

}  // namespace

RunExecutor::RunExecutor(RunExecutorOptions options) : options_(options) {
  std::size_t count = std::max<std::size_t>(1, options_.workers);
  workers_.reserve(count);
  for (std::size_t i = 0; i < count; ++i) workers_.emplace_back([this] { WorkerLoop(); });
}

RunExecutor::~RunExecutor() {
  {
    std::lock_guard lock(mu_);
    accepting_ = false;
    stopping_ = true;
  }
  work_cv_.notify_all();
  for (std::thread& worker : workers_) {
    if (worker.joinable()) worker.join();
  }
}

Status RunExecutor::Submit(Task task, std::chrono::seconds* retry_after) {
  {
    std::lock_guard lock(mu_);
    if (!accepting_) {
      return FailedPreconditionError(
          "the run executor is shutting down: retry against another server instance");
    }
    if (queue_.size() >= options_.queue_capacity) {
      std::chrono::seconds suggestion = SuggestedRetryAfterLocked();
      if (retry_after != nullptr) *retry_after = suggestion;
      return ResourceExhaustedError("too many runs: " + std::to_string(running_) + " running and " +
                                    std::to_string(queue_.size()) + " queued (capacity " +
                                    std::to_string(options_.queue_capacity) + "); retry after " +
                                    std::to_string(suggestion.count()) + " s");
    }
    queue_.push_back(std::move(task));
  }
  work_cv_.notify_one();
  return Status::Ok();
}

void RunExecutor::WorkerLoop() {
  std::unique_lock lock(mu_);
  while (true) {
    work_cv_.wait(lock, [&] { return !queue_.empty() || stopping_; });
    if (queue_.empty()) return;  // stopping and drained
    Task task = std::move(queue_.front());
    queue_.pop_front();
    ++running_;
    lock.unlock();
    auto start = std::chrono::steady_clock::now();
    try {
      task();
    } catch (const std::exception& e) {
      spdlog::error("run executor: a task threw '{}'; the run is abandoned", e.what());
    } catch (...) {
      spdlog::error("run executor: a task threw a non-standard exception; the run is abandoned");
    }
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    task = nullptr;  // destroy captures outside the lock
    lock.lock();
    --running_;
    mean_seconds_ =
        completed_ == 0 ? seconds : kMeanWeight * seconds + (1 - kMeanWeight) * mean_seconds_;
    ++completed_;
    if (queue_.empty() && running_ == 0) idle_cv_.notify_all();
  }
}

Status RunExecutor::Shutdown(std::chrono::steady_clock::time_point deadline) {
  std::deque<Task> dropped;
  std::size_t still_running = 0;
  {
    std::unique_lock lock(mu_);
    accepting_ = false;
    bool drained =
        idle_cv_.wait_until(lock, deadline, [&] { return queue_.empty() && running_ == 0; });
    stopping_ = true;
    if (!drained) {
      dropped.swap(queue_);
      still_running = running_;
    }
  }
  work_cv_.notify_all();
  if (dropped.empty() && still_running == 0) return Status::Ok();
  std::size_t dropped_count = dropped.size();
  dropped.clear();  // destroy the tasks' captures outside the lock
  return DeadlineExceededError("run executor shutdown deadline passed with " +
                               std::to_string(still_running) + " runs still running and " +
                               std::to_string(dropped_count) +
                               " queued runs dropped: cancel runs before shutting down, or "
                               "allow a longer shutdown deadline");
}

std::size_t RunExecutor::queued() const {
  std::lock_guard lock(mu_);
  return queue_.size();
}

std::size_t RunExecutor::running() const {
  std::lock_guard lock(mu_);
  return running_;
}

std::chrono::seconds RunExecutor::SuggestedRetryAfter() const {
  std::lock_guard lock(mu_);
  return SuggestedRetryAfterLocked();
}

std::chrono::seconds RunExecutor::SuggestedRetryAfterLocked() const {
  if (completed_ == 0) {
    return std::clamp(options_.initial_retry_after, options_.min_retry_after,
                      options_.max_retry_after);
  }
  double per_slot = mean_seconds_ / static_cast<double>(workers_.size());
  auto seconds = std::chrono::seconds(static_cast<std::int64_t>(std::ceil(per_slot)));
  return std::clamp(seconds, options_.min_retry_after, options_.max_retry_after);
}

}  // namespace askdb::server
