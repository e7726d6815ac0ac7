// The warm pool's refill policy: replacing dead sandboxes, and restarting with exponential
// back-off — never a tight loop — when they die right after becoming ready or fail to
// start. Sandboxes here are plain values whose life the test decides (executor_test runs
// the pool on real bubblewrap).
#include "askdb/python/warm_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

namespace askdb::python {
namespace {

using std::chrono::milliseconds;
using Clock = std::chrono::steady_clock;

TEST(RestartBackoff, DoublesUpToTheCapAndResetsOnSuccess) {
  RestartBackoff b(milliseconds(100), milliseconds(1000));
  EXPECT_EQ(b.Failure(), milliseconds(100));
  EXPECT_EQ(b.Failure(), milliseconds(200));
  EXPECT_EQ(b.Failure(), milliseconds(400));
  EXPECT_EQ(b.Failure(), milliseconds(800));
  EXPECT_EQ(b.Failure(), milliseconds(1000));
  for (int i = 0; i < 100; ++i) EXPECT_EQ(b.Failure(), milliseconds(1000));  // no overflow
  EXPECT_EQ(b.failures(), 105);
  b.Success();
  EXPECT_EQ(b.failures(), 0);
  EXPECT_EQ(b.Failure(), milliseconds(100));
}

// Sandboxes numbered from 1, each alive until the test (or its policy) says it died.
struct FakeSandboxes {
  std::mutex mu;
  std::set<int> dead;
  std::vector<Clock::time_point> started;
  std::atomic<bool> die_at_once = false;  // every new sandbox dies as soon as it is ready
  std::atomic<bool> fail_start = false;
  int discarded = 0;

  WarmPool<int>::Hooks Hooks() {
    WarmPool<int>::Hooks h;
    h.start = [this](const std::atomic<bool>&) -> std::optional<int> {
      std::lock_guard lock(mu);
      started.push_back(Clock::now());
      if (fail_start) return std::nullopt;
      const int id = static_cast<int>(started.size());
      if (die_at_once) dead.insert(id);
      return id;
    };
    h.alive = [this](const int& id) {
      std::lock_guard lock(mu);
      return !dead.contains(id);
    };
    h.discard = [this](int&) {
      std::lock_guard lock(mu);
      ++discarded;
    };
    return h;
  }
  std::vector<Clock::time_point> Starts() {
    std::lock_guard lock(mu);
    return started;
  }
};

WarmPoolTiming FastTiming() {
  WarmPoolTiming t;
  t.initial_backoff = milliseconds(40);
  t.max_backoff = milliseconds(640);
  t.healthy_after = milliseconds(300);
  t.watch_interval = milliseconds(10);
  return t;
}

// Waits up to `limit` for `done`.
template <typename F>
bool Eventually(F done, milliseconds limit = milliseconds(3000)) {
  const auto until = Clock::now() + limit;
  while (Clock::now() < until) {
    if (done()) return true;
    std::this_thread::sleep_for(milliseconds(5));
  }
  return done();
}

TEST(WarmPool, SandboxesThatDieRightAfterReadyAreRestartedWithGrowingDelays) {
  FakeSandboxes fakes;
  fakes.die_at_once = true;
  {
    WarmPool<int> pool(2, fakes.Hooks(), FastTiming());
    std::this_thread::sleep_for(milliseconds(1500));
    EXPECT_FALSE(pool.Take().has_value());  // only dead ones: the caller starts cold
    EXPECT_GT(pool.failures(), 2);
  }
  const std::vector<Clock::time_point> starts = fakes.Starts();
  // A tight loop would start thousands in 1.5 s; 40+80+160+320+640 ms of back-off allows a
  // handful (two per round while the pool is short of two).
  EXPECT_GE(starts.size(), 4u);
  EXPECT_LE(starts.size(), 14u);
  // The pauses between rounds grow: the last gap is several times the first long one.
  std::vector<milliseconds> gaps;
  for (size_t i = 1; i < starts.size(); ++i) {
    const auto gap = std::chrono::duration_cast<milliseconds>(starts[i] - starts[i - 1]);
    if (gap >= milliseconds(30)) gaps.push_back(gap);  // the pauses, not back-to-back starts
  }
  ASSERT_GE(gaps.size(), 3u);
  EXPECT_GE(gaps.back(), gaps.front() * 3) << gaps.front().count() << " .. " << gaps.back().count();
  EXPECT_EQ(fakes.discarded, static_cast<int>(starts.size()));  // each dead one reaped
}

TEST(WarmPool, FailedStartsBackOffToo) {
  FakeSandboxes fakes;
  fakes.fail_start = true;
  WarmPool<int> pool(1, fakes.Hooks(), FastTiming());
  std::this_thread::sleep_for(milliseconds(1300));
  // 40, 80, 160, 320, 640 ms: about five attempts in 1.3 s.
  EXPECT_GE(fakes.Starts().size(), 3u);
  EXPECT_LE(fakes.Starts().size(), 7u);
  EXPECT_GE(pool.failures(), 3);
}

TEST(WarmPool, HealthySandboxesFillThePoolAndAreReplacedAtOnceAfterATake) {
  FakeSandboxes fakes;
  WarmPool<int> pool(2, fakes.Hooks(), FastTiming());
  ASSERT_TRUE(Eventually([&] { return pool.waiting() == 2; }));
  std::optional<int> taken = pool.Take();
  ASSERT_TRUE(taken.has_value());
  EXPECT_EQ(*taken, 1);
  ASSERT_TRUE(Eventually([&] { return pool.waiting() == 2; }, milliseconds(500)));
  EXPECT_EQ(fakes.Starts().size(), 3u);  // the pool holds two; no extra starts
  EXPECT_EQ(pool.failures(), 0);
}

TEST(WarmPool, AWaitingSandboxThatDiesIsReplacedAndHealthResetsTheBackoff) {
  FakeSandboxes fakes;
  fakes.die_at_once = true;
  WarmPool<int> pool(1, fakes.Hooks(), FastTiming());
  ASSERT_TRUE(Eventually([&] { return pool.failures() >= 3; }));
  fakes.die_at_once = false;  // the cause went away: the next sandbox lives
  ASSERT_TRUE(Eventually([&] { return pool.waiting() == 1 && pool.failures() == 0; }));
  // A sandbox that dies after it was healthy is replaced without a pause.
  const size_t before = fakes.Starts().size();
  {
    std::lock_guard lock(fakes.mu);
    fakes.dead.insert(static_cast<int>(before));
  }
  ASSERT_TRUE(Eventually([&] { return fakes.Starts().size() == before + 1; }, milliseconds(1000)));
  ASSERT_TRUE(Eventually([&] { return pool.waiting() == 1; }, milliseconds(1000)));
  EXPECT_EQ(pool.Take().value_or(0), static_cast<int>(before + 1));
}

}  // namespace
}  // namespace askdb::python
