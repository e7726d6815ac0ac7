#include "askdb/server/run_executor.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <latch>

namespace askdb::server {
namespace {

using namespace std::chrono_literals;

// A gate tasks wait on, so tests control when "runs" finish.
class Gate {
 public:
  void Wait() {
    std::unique_lock lock(mu_);
    cv_.wait(lock, [&] { return open_; });
  }
  void Open() {
    {
      std::lock_guard lock(mu_);
      open_ = true;
    }
    cv_.notify_all();
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  bool open_ = false;
};

bool WaitUntil(const std::function<bool()>& condition) {
  auto deadline = std::chrono::steady_clock::now() + 2s;
  while (!condition()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(1ms);
  }
  return true;
}

TEST(RunExecutorTest, RunsTasks) {
  RunExecutor executor(RunExecutorOptions{.workers = 2, .queue_capacity = 4});
  std::atomic<int> done{0};
  for (int i = 0; i < 5; ++i) {
    ASSERT_TRUE(executor.Submit([&] { ++done; }).ok());
    ASSERT_TRUE(WaitUntil([&] { return executor.queued() == 0; }));
  }
  ASSERT_TRUE(WaitUntil([&] { return done == 5; }));
  EXPECT_TRUE(executor.Shutdown(1s).ok());
}

TEST(RunExecutorTest, FullQueueIsResourceExhaustedWithRetryAfter) {
  RunExecutor executor(RunExecutorOptions{
      .workers = 1, .queue_capacity = 2, .initial_retry_after = std::chrono::seconds(7)});
  Gate gate;
  ASSERT_TRUE(executor.Submit([&] { gate.Wait(); }).ok());
  ASSERT_TRUE(WaitUntil([&] { return executor.running() == 1; }));
  ASSERT_TRUE(executor.Submit([&] { gate.Wait(); }).ok());
  ASSERT_TRUE(executor.Submit([&] { gate.Wait(); }).ok());
  EXPECT_EQ(executor.queued(), 2u);
  std::chrono::seconds retry_after{0};
  Status status = executor.Submit([] {}, &retry_after);
  EXPECT_EQ(status.code(), StatusCode::kResourceExhausted);
  EXPECT_EQ(retry_after, 7s);
  EXPECT_THAT(status.message(), ::testing::HasSubstr("retry after 7 s"));
  gate.Open();
  EXPECT_TRUE(executor.Shutdown(2s).ok());
  EXPECT_EQ(executor.queued(), 0u);
  EXPECT_EQ(executor.running(), 0u);
}

TEST(RunExecutorTest, RetryAfterFollowsObservedRunTime) {
  RunExecutor executor(RunExecutorOptions{.workers = 1, .queue_capacity = 1});
  ASSERT_TRUE(executor.Submit([] { std::this_thread::sleep_for(20ms); }).ok());
  ASSERT_TRUE(executor.Shutdown(2s).ok());
  // 20 ms per run rounds up to the 1 s minimum, not the 5 s initial guess.
  EXPECT_EQ(executor.SuggestedRetryAfter(), 1s);
}

TEST(RunExecutorTest, ShutdownRefusesNewWorkAndFinishesQueued) {
  RunExecutor executor(RunExecutorOptions{.workers = 1, .queue_capacity = 8});
  std::atomic<int> done{0};
  for (int i = 0; i < 4; ++i) {
    ASSERT_TRUE(executor
                    .Submit([&] {
                      std::this_thread::sleep_for(5ms);
                      ++done;
                    })
                    .ok());
  }
  EXPECT_TRUE(executor.Shutdown(2s).ok());
  EXPECT_EQ(done, 4);
  EXPECT_EQ(executor.Submit([] {}).code(), StatusCode::kFailedPrecondition);
}

TEST(RunExecutorTest, DeadlineDropsQueuedTasks) {
  RunExecutor executor(RunExecutorOptions{.workers = 1, .queue_capacity = 8});
  Gate gate;
  std::atomic<bool> second_ran{false};
  ASSERT_TRUE(executor.Submit([&] { gate.Wait(); }).ok());
  ASSERT_TRUE(executor.Submit([&] { second_ran = true; }).ok());
  ASSERT_TRUE(WaitUntil([&] { return executor.running() == 1; }));
  Status status = executor.Shutdown(30ms);
  EXPECT_EQ(status.code(), StatusCode::kDeadlineExceeded);
  EXPECT_THAT(status.message(), ::testing::HasSubstr("1 runs still running and 1 queued"));
  gate.Open();
  ASSERT_TRUE(WaitUntil([&] { return executor.running() == 0; }));
  EXPECT_FALSE(second_ran);
}

TEST(RunExecutorTest, ThrowingTaskDoesNotKillTheWorker) {
  RunExecutor executor(RunExecutorOptions{.workers = 1, .queue_capacity = 4});
  std::atomic<bool> ran{false};
  ASSERT_TRUE(executor.Submit([] { throw std::runtime_error("boom"); }).ok());
  ASSERT_TRUE(executor.Submit([&] { ran = true; }).ok());
  EXPECT_TRUE(executor.Shutdown(2s).ok());
  EXPECT_TRUE(ran);
}

TEST(RunExecutorTest, StartsWorkersOnDemandUpToTheLimit) {
  RunExecutor executor(RunExecutorOptions{.workers = 3, .queue_capacity = 0});
  EXPECT_EQ(executor.threads(), 0u);  // no thread before there is work
  Gate gate;
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(executor.Submit([&] { gate.Wait(); }).ok());
  ASSERT_TRUE(WaitUntil([&] { return executor.running() == 3; }));
  EXPECT_EQ(executor.threads(), 3u);
  // Every worker busy and no queue: refused.
  EXPECT_EQ(executor.Submit([] {}).code(), StatusCode::kResourceExhausted);
  gate.Open();
  EXPECT_TRUE(executor.Shutdown(2s).ok());
}

TEST(RunExecutorTest, ZeroQueueStillAcceptsWhileAWorkerIsFree) {
  RunExecutor executor(RunExecutorOptions{.workers = 2, .queue_capacity = 0});
  Gate gate;
  ASSERT_TRUE(executor.Submit([&] { gate.Wait(); }).ok());
  ASSERT_TRUE(executor.Submit([&] { gate.Wait(); }).ok());
  ASSERT_TRUE(WaitUntil([&] { return executor.running() == 2; }));
  EXPECT_EQ(executor.Submit([] {}).code(), StatusCode::kResourceExhausted);
  gate.Open();
  ASSERT_TRUE(WaitUntil([&] { return executor.running() == 0; }));
  std::atomic<bool> ran{false};
  EXPECT_TRUE(executor.Submit([&] { ran = true; }).ok());
  EXPECT_TRUE(executor.Shutdown(2s).ok());
  EXPECT_TRUE(ran);
}

TEST(RunExecutorTest, IdleWorkersExitDownToTheMinimum) {
  RunExecutor executor(RunExecutorOptions{
      .workers = 4, .queue_capacity = 4, .min_workers = 1, .idle_worker_timeout = 20ms});
  Gate gate;
  for (int i = 0; i < 4; ++i) ASSERT_TRUE(executor.Submit([&] { gate.Wait(); }).ok());
  ASSERT_TRUE(WaitUntil([&] { return executor.running() == 4; }));
  EXPECT_EQ(executor.threads(), 4u);
  gate.Open();
  ASSERT_TRUE(WaitUntil([&] { return executor.threads() == 1; }));
  // The survivor (and new threads, when needed) still take work.
  std::atomic<int> done{0};
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(executor.Submit([&] { ++done; }).ok());
  EXPECT_TRUE(executor.Shutdown(2s).ok());
  EXPECT_EQ(done, 3);
}

TEST(RunExecutorTest, ManyConcurrentWaitingTasksEachGetAWorker) {
  constexpr int kTasks = 200;
  RunExecutor executor(RunExecutorOptions{.workers = kTasks, .queue_capacity = 0});
  Gate gate;
  for (int i = 0; i < kTasks; ++i) ASSERT_TRUE(executor.Submit([&] { gate.Wait(); }).ok());
  // A task left in the queue behind the gated ones would never start.
  EXPECT_TRUE(WaitUntil([&] { return executor.running() == static_cast<std::size_t>(kTasks); }));
  EXPECT_EQ(executor.threads(), static_cast<std::size_t>(kTasks));
  gate.Open();
  EXPECT_TRUE(executor.Shutdown(5s).ok());
}

}  // namespace
}  // namespace askdb::server
