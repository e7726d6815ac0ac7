// RunExecutor: up to `workers` runs at once plus a bounded queue, for the agent runs the
// server starts. Admission control lives here: when every worker is busy and the queue is
// full, Submit refuses at once with ResourceExhausted and a suggested retry-after, which
// the HTTP layer turns into 429 + Retry-After instead of letting work pile up.
//
// Worker threads are elastic: one starts when a task finds no idle worker (up to
// `workers`), and a worker idle for `idle_worker_timeout` exits while more than
// `min_workers` live. A run mostly waits on the model, so `workers` may be in the
// thousands (issue #7: 2,000 concurrent runs); an idle server then holds no such threads,
// and a busy one pays only the touched part of each thread's stack.
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
#include <map>
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
  // Workers kept when idle; extra ones exit after `idle_worker_timeout` without a task.
  std::size_t min_workers = 0;
  std::chrono::milliseconds idle_worker_timeout{30'000};
};

class RunExecutor {
 public:
  using Task = std::function<void()>;

  explicit RunExecutor(RunExecutorOptions options = {});
  // Shuts down without a deadline: waits for every queued and running task.
  ~RunExecutor();
  RunExecutor(const RunExecutor&) = delete;
  RunExecutor& operator=(const RunExecutor&) = delete;

  // Queues `task`. ResourceExhausted when `workers` tasks run and `queue_capacity` wait
  // already (the message names the suggestion, also written to `retry_after` when given);
  // FailedPrecondition after Shutdown began. Exceptions escaping a task are caught and
  // logged.
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
  // Worker threads alive now (running a task or idle).
  std::size_t threads() const;
  // The current retry-after suggestion.
  std::chrono::seconds SuggestedRetryAfter() const;

 private:
  void WorkerLoop();
  // Starts a worker when a queued task has no idle one to take it (called with mu_ held).
  void MaybeStartWorkerLocked();
  // Threads of workers that exited on idleness, to be joined outside the lock.
  std::vector<std::thread> TakeExitedLocked();
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
  std::size_t max_workers_ = 1;
  std::size_t live_ = 0;  // worker threads started and not yet exited
  std::size_t idle_ = 0;  // live workers waiting for a task
  std::map<std::thread::id, std::thread> workers_;
  std::vector<std::thread::id> exited_;  // idle-exited workers not yet joined
};

}  // namespace askdb::server
