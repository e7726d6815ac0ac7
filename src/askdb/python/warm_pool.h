// The warm pool of the Python executor (python.warm_pool, executor.h): sandboxes started
// ahead of time, Python up and pandas imported, each waiting for one job. Each serves one
// job and is then destroyed; a thread of the pool's own starts the next (bwrap's
// --die-with-parent follows the thread that forked it, so that thread lives as long as the
// pool). The pool watches its waiting sandboxes: one that dies is replaced, and when they
// keep dying right after becoming ready (or keep failing to start) each restart waits twice
// as long as the one before, up to a cap — never a tight loop — until one stays healthy.
//
// WarmPool is a template over what a sandbox is (executor.cc's started child and folder;
// plain values in the tests) with the three operations on it as hooks.
// Thread-safe: Take may be called from any thread.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <list>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

namespace askdb::python {

struct WarmPoolTiming {
  // The first restart delay after a failure; it doubles with each further failure.
  std::chrono::milliseconds initial_backoff{250};
  std::chrono::milliseconds max_backoff{30'000};
  // A sandbox that dies sooner than this after becoming ready counts as a failure; one
  // still alive (or taken for a job) after it resets the back-off.
  std::chrono::milliseconds healthy_after{2'000};
  // How often the waiting sandboxes are checked for life.
  std::chrono::milliseconds watch_interval{250};
};

// Exponential back-off: each Failure returns the delay before the next attempt.
class RestartBackoff {
 public:
  RestartBackoff(std::chrono::milliseconds initial, std::chrono::milliseconds max)
      : initial_(initial), max_(max) {}
  std::chrono::milliseconds Failure();
  void Success() { failures_ = 0; }
  int failures() const { return failures_; }

 private:
  std::chrono::milliseconds initial_;
  std::chrono::milliseconds max_;
  int failures_ = 0;
};

template <typename Sandbox>
class WarmPool {
 public:
  struct Hooks {
    // Starts one sandbox and waits until it is ready; nullopt when it failed (or `stop`
    // turned true meanwhile). Runs on the pool's thread.
    std::function<std::optional<Sandbox>(const std::atomic<bool>& stop)> start;
    std::function<bool(const Sandbox&)> alive;
    std::function<void(Sandbox&)> discard;  // kills and reaps one that never ran a job
  };

  WarmPool(std::size_t size, Hooks hooks, WarmPoolTiming timing = {})
      : size_(size),
        hooks_(std::move(hooks)),
        timing_(timing),
        backoff_(timing.initial_backoff, timing.max_backoff),
        thread_([this] { Refill(); }) {}
  WarmPool(const WarmPool&) = delete;
  WarmPool& operator=(const WarmPool&) = delete;
  ~WarmPool() {
    {
      std::lock_guard lock(mu_);
      stop_ = true;
    }
    cv_.notify_all();
    thread_.join();
    for (Waiting& w : ready_) hooks_.discard(w.sandbox);
  }

  // A ready, live sandbox, or nullopt (the caller starts one cold).
  std::optional<Sandbox> Take() {
    std::lock_guard lock(mu_);
    while (!ready_.empty()) {
      Waiting w = std::move(ready_.front());
      ready_.pop_front();
      cv_.notify_all();
      if (hooks_.alive(w.sandbox)) {
        backoff_.Success();  // it served a job: sandboxes work here
        return std::move(w.sandbox);
      }
      NoteDeath(w);
      hooks_.discard(w.sandbox);
    }
    return std::nullopt;
  }

  // Sandboxes started so far (ready or not), and consecutive failures now; for tests and logs.
  std::size_t starts() const {
    std::lock_guard lock(mu_);
    return starts_;
  }
  int failures() const {
    std::lock_guard lock(mu_);
    return backoff_.failures();
  }
  std::size_t waiting() const {
    std::lock_guard lock(mu_);
    return ready_.size();
  }

 private:
  using Clock = std::chrono::steady_clock;
  struct Waiting {
    Sandbox sandbox;
    Clock::time_point ready_at;
    bool healthy = false;  // counted as a success already
  };

  void NoteDeath(const Waiting& w) {
    if (Clock::now() - w.ready_at < timing_.healthy_after) died_early_ = true;
  }

  // Waits `delay` (or until stopped) with the lock held by `lock`.
  void Pause(std::unique_lock<std::mutex>& lock, std::chrono::milliseconds delay) {
    cv_.wait_for(lock, delay, [this] { return stop_.load(); });
  }

  void Refill() {
    std::unique_lock lock(mu_);
    while (!stop_) {
      // Drop the waiting sandboxes that died; those alive long enough prove the set-up works.
      for (auto it = ready_.begin(); it != ready_.end();) {
        if (hooks_.alive(it->sandbox)) {
          if (!it->healthy && Clock::now() - it->ready_at >= timing_.healthy_after) {
            it->healthy = true;
            backoff_.Success();
          }
          ++it;
        } else {
          NoteDeath(*it);
          hooks_.discard(it->sandbox);
          it = ready_.erase(it);
        }
      }
      if (died_early_) {
        died_early_ = false;
        Pause(lock, backoff_.Failure());
        continue;
      }
      if (ready_.size() >= size_) {
        Pause(lock, timing_.watch_interval);
        continue;
      }
      ++starts_;
      lock.unlock();
      std::optional<Sandbox> started = hooks_.start(stop_);
      lock.lock();
      if (started) {
        ready_.push_back(Waiting{std::move(*started), Clock::now()});
      } else if (!stop_) {
        // The cold path reports why a sandbox cannot start; retry ever more slowly meanwhile.
        Pause(lock, backoff_.Failure());
      }
    }
  }

  const std::size_t size_;
  const Hooks hooks_;
  const WarmPoolTiming timing_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::list<Waiting> ready_;  // a list: erasing from the middle moves nothing
  RestartBackoff backoff_;
  bool died_early_ = false;
  std::size_t starts_ = 0;
  std::atomic<bool> stop_ = false;
  std::thread thread_;  // last: starts once the members above exist
};

}  // namespace askdb::python
