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

RunExecutor::RunExecutor(RunExecutorOptions options)
    : options_(options), max_workers_(std::max<std::size_t>(1, options.workers)) {}

RunExecutor::~RunExecutor() {
  std::map<std::thread::id, std::thread> workers;
  {
    std::lock_guard lock(mu_);
    accepting_ = false;
    stopping_ = true;
    workers.swap(workers_);
    exited_.clear();
  }
  work_cv_.notify_all();
  for (auto& [id, worker] : workers) {
    if (worker.joinable()) worker.join();
  }
}

Status RunExecutor::Submit(Task task, std::chrono::seconds* retry_after) {
  std::vector<std::thread> exited;
  {
    std::lock_guard lock(mu_);
    if (!accepting_) {
      return FailedPreconditionError(
          "the run executor is shutting down: retry against another server instance");
    }
    // Admitted work is what runs plus what waits; a task that a free worker will take at
    // once does not count against the queue.
    if (running_ + queue_.size() >= max_workers_ + options_.queue_capacity) {
      std::chrono::seconds suggestion = SuggestedRetryAfterLocked();
      if (retry_after != nullptr) *retry_after = suggestion;
      return ResourceExhaustedError("too many runs: " + std::to_string(running_) + " running and " +
                                    std::to_string(queue_.size()) + " queued (capacity " +
                                    std::to_string(options_.queue_capacity) + "); retry after " +
                                    std::to_string(suggestion.count()) + " s");
    }
    queue_.push_back(std::move(task));
    MaybeStartWorkerLocked();
    exited = TakeExitedLocked();
  }
  work_cv_.notify_one();
  for (std::thread& thread : exited) thread.join();
  return Status::Ok();
}

void RunExecutor::MaybeStartWorkerLocked() {
  if (idle_ >= queue_.size() || live_ >= max_workers_) return;
  ++live_;
  std::thread thread([this] { WorkerLoop(); });
  workers_.emplace(thread.get_id(), std::move(thread));
}

std::vector<std::thread> RunExecutor::TakeExitedLocked() {
  std::vector<std::thread> exited;
  for (std::thread::id id : exited_) {
    auto it = workers_.find(id);
    if (it == workers_.end()) continue;
    exited.push_back(std::move(it->second));
    workers_.erase(it);
  }
  exited_.clear();
  return exited;
}

void RunExecutor::WorkerLoop() {
  std::unique_lock lock(mu_);
  while (true) {
    ++idle_;
    bool woken = work_cv_.wait_for(lock, options_.idle_worker_timeout,
                                   [&] { return !queue_.empty() || stopping_; });
    --idle_;
    if (queue_.empty()) {
      if (stopping_) break;  // stopping and drained
      if (!woken && live_ > options_.min_workers) break;
      continue;
    }
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
  --live_;
  // The destructor joins every thread it finds; one that exits on idleness is joined by
  // the next Submit (a thread cannot join itself).
  if (!stopping_) exited_.push_back(std::this_thread::get_id());
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

std::size_t RunExecutor::threads() const {
  std::lock_guard lock(mu_);
  return live_;
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
  double per_slot = mean_seconds_ / static_cast<double>(max_workers_);
  auto seconds = std::chrono::seconds(static_cast<std::int64_t>(std::ceil(per_slot)));
  return std::clamp(seconds, options_.min_retry_after, options_.max_retry_after);
}

}  // namespace askdb::server
