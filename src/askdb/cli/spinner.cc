#include "askdb/cli/spinner.h"

#include <cstdio>

namespace askdb::cli {
namespace {
constexpr const char* kFrames[] = {"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"};
constexpr std::chrono::milliseconds kFrameInterval{80};
}  // namespace

Spinner::Spinner(bool enabled, std::chrono::milliseconds delay)
    : enabled_(enabled), delay_(delay), stage_started_(std::chrono::steady_clock::now()) {
  if (enabled_) thread_ = std::thread([this] { Draw(); });
}

Spinner::~Spinner() { Stop(); }

void Spinner::SetStage(std::string stage) {
  if (!enabled_) return;
  std::lock_guard lock(mu_);
  stage_ = std::move(stage);
  stage_started_ = std::chrono::steady_clock::now();
}

void Spinner::Print(const std::string& line) {
  if (!enabled_) return;
  std::lock_guard lock(mu_);
  std::fprintf(stderr, "%s%s\n", drawn_ ? "\r\x1b[2K" : "", line.c_str());
  std::fflush(stderr);
}

void Spinner::Stop() {
  if (!enabled_) return;
  {
    std::lock_guard lock(mu_);
    if (stop_) return;
    stop_ = true;
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void Spinner::Draw() {
  size_t frame = 0;
  std::unique_lock lock(mu_);
  while (!stop_) {
    cv_.wait_for(lock, kFrameInterval, [this] { return stop_; });
    if (stop_) break;
    const auto elapsed = std::chrono::steady_clock::now() - stage_started_;
    if (elapsed < delay_ || stage_.empty()) continue;
    const double seconds = std::chrono::duration<double>(elapsed).count();
    std::fprintf(stderr, "\r\x1b[2K%s %s %.1fs", kFrames[frame++ % std::size(kFrames)],
                 stage_.c_str(), seconds);
    std::fflush(stderr);
    drawn_ = true;
  }
  if (drawn_) {
    std::fprintf(stderr, "\r\x1b[2K");
    std::fflush(stderr);
  }
}

}  // namespace askdb::cli
