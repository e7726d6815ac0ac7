// RunExecutor: a fixed set of worker threads with a bounded queue, for the agent runs the
// server starts. Admission control lives here: when every worker is busy and the queue is
// full, Submit refuses at once with ResourceExhausted and a suggested retry-after, which
// the HTTP layer turns into 429 + Retry-After instead of letting work pile up.
//
// Thread-safe: every method may be called from any thread. Tasks run on the workers; a
// task must not call Shutdown. The executor owns submitted tasks until they have run (or
// were dropped at a Shutdown deadline: then they are destroyed without running, so a task
// should release what it holds — e.g. close its event stream — in its captures' destructors).
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "askdb/common/status.h"

namespace askdb::server {

struct RunExecutorOptions {
  std::size_t workers = 4;
  std::size_t queue_capacity = 64;
  // The retry-after suggestion is the mean run time divided by the workers (when a slot is
  // expected to free up), clamped to [min, max]; `initial` before any run has finished.
  std::chrono::seconds min_retry_after{1};
  std::chrono::seconds max_retry_after{60};
  std::chrono::seconds initial_retry_after{5};
};

class RunExecutor {
 public:
  using Task = std::function<void()>;

  explicit RunExecutor(RunExecutorOptions options = {});
  // Shuts down without a deadline: waits for every queued and running task.
  ~RunExecutor();
  RunExecutor(const RunExecutor&) = delete;
  RunExecutor& operator=(const RunExecutor&) = delete;

  // Queues `task`. ResourceExhausted when the queue is full (the message names the
  // suggestion, also written to `retry_after` when given); FailedPrecondition after
  // Shutdown began. Exceptions escaping a task are caught and logged.
  Status Submit(Task task, std::chrono::seconds* retry_after = nullptr);

  // Stops accepting, then waits until queued and running tasks are done or `deadline`
  // passes. At the deadline, tasks still queued are dropped and DeadlineExceeded names
  // how many ran on and how many were dropped; running ones finish before the destructor
  // returns. Later calls return at once with the same outcome for what is left.
  Status Shutdown(std::chrono::steady_clock::time_point deadline);
  Status Shutdown(std::chrono::milliseconds timeout) {
    return Shutdown(std::chrono::steady_clock::now() + timeout);
  }

  std::size_t queued() const;
  std::size_t running() const;
  std::size_t capacity() const { return options_.queue_capacity; }
  // The current retry-after suggestion.
  std::chrono::seconds SuggestedRetryAfter() const;

 private:
  void WorkerLoop();
  std::chrono::seconds SuggestedRetryAfterLocked() const;

  const RunExecutorOptions options_;
  mutable std::mutex mu_;
  std::condition_variable work_cv_;  // workers wait for tasks
  std::condition_variable idle_cv_;  // Shutdown waits for the queue and workers to drain
  std::deque<Task> queue_;
  std::size_t running_ = 0;
  bool accepting_ = true;
  bool stopping_ = false;  // workers exit once the queue is empty
  std::size_t completed_ = 0;
  double mean_seconds_ = 0;  // exponentially weighted mean run time
  std::vector<std::thread> workers_;
};

}  // namespace askdb::server
