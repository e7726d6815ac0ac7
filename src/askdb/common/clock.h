// Clock: the one source of "now" for code that caches, times out or stamps data, so that
// tests can substitute FakeClock. SystemClock is stateless and thread-safe; FakeClock is
// thread-safe (its time is guarded by a mutex).
#pragma once

#include <chrono>
#include <mutex>

namespace askdb {

class Clock {
 public:
  using TimePoint = std::chrono::system_clock::time_point;
  using Duration = std::chrono::system_clock::duration;

  virtual ~Clock() = default;
  virtual TimePoint Now() const = 0;

  // The process-wide real clock.
  static Clock& System();
};

class SystemClock final : public Clock {
 public:
  TimePoint Now() const override { return std::chrono::system_clock::now(); }
};

class FakeClock final : public Clock {
 public:
  explicit FakeClock(TimePoint start = TimePoint{}) : now_(start) {}
  TimePoint Now() const override {
    std::lock_guard lock(mu_);
    return now_;
  }
  void Advance(Duration d) {
    std::lock_guard lock(mu_);
    now_ += d;
  }
  void Set(TimePoint t) {
    std::lock_guard lock(mu_);
    now_ = t;
  }

 private:
  mutable std::mutex mu_;
  TimePoint now_;
};

}  // namespace askdb
