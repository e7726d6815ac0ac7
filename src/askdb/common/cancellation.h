// CancellationToken: a flag one thread sets and others poll (a run, a statement, an LLM
// call). Thread-safe; share it by std::shared_ptr.
#pragma once

#include <atomic>

namespace askdb {

class CancellationToken {
 public:
  void Cancel() { cancelled_.store(true, std::memory_order_relaxed); }
  bool IsCancelled() const { return cancelled_.load(std::memory_order_relaxed); }

 private:
  std::atomic<bool> cancelled_{false};
};

}  // namespace askdb
