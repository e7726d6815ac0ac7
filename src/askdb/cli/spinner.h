// A spinner on stderr that names the current stage ("Running SQL…") for work that takes
// longer than a moment. It appears only after a delay (300 ms by default) and only on a
// terminal, so quick commands and pipes stay clean. Thread-safe: SetStage may be called
// from any thread while the spinner runs; Stop is idempotent and joins the drawing thread.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace askdb::cli {

class Spinner {
 public:
  static constexpr std::chrono::milliseconds kDefaultDelay{300};

  // `enabled` false makes every call a no-op (not a terminal, or --json).
  explicit Spinner(bool enabled, std::chrono::milliseconds delay = kDefaultDelay);
  ~Spinner();
  Spinner(const Spinner&) = delete;
  Spinner& operator=(const Spinner&) = delete;

  void SetStage(std::string stage);
  // Prints `line` on stderr above the spinner (the spinner line is cleared first and drawn
  // again on its next frame), so finished work stays visible while the next runs.
  void Print(const std::string& line);
  // Clears the spinner line; call before printing results.
  void Stop();

 private:
  void Draw();

  const bool enabled_;
  const std::chrono::milliseconds delay_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::string stage_;
  std::chrono::steady_clock::time_point stage_started_;
  bool stop_ = false;
  bool drawn_ = false;
  std::thread thread_;
};

}  // namespace askdb::cli
