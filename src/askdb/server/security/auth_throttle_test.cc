#include "askdb/server/security/auth_throttle.h"

#include <gtest/gtest.h>

#include <string>

namespace askdb::server::security {
namespace {

using namespace std::chrono_literals;

TEST(AuthThrottleTest, LocksAClientOutAfterTooManyFailuresInTheWindow) {
  AuthThrottle throttle({.max_failures = 3, .window = 60s, .lockout = 30s, .max_clients = 100});
  const auto t0 = AuthThrottle::Clock::now();
  EXPECT_FALSE(throttle.RecordFailure("a", t0));
  EXPECT_FALSE(throttle.RecordFailure("a", t0 + 1s));
  EXPECT_EQ(throttle.RetryAfter("a", t0 + 1s), 0s);
  EXPECT_TRUE(throttle.RecordFailure("a", t0 + 2s));
  EXPECT_EQ(throttle.RetryAfter("a", t0 + 2s), 30s);
  EXPECT_EQ(throttle.RetryAfter("b", t0 + 2s), 0s) << "other clients are not affected";
  EXPECT_EQ(throttle.RetryAfter("a", t0 + 33s), 0s) << "the lockout ends";
}

TEST(AuthThrottleTest, FailuresOutsideTheWindowAndSuccessesReset) {
  AuthThrottle throttle({.max_failures = 2, .window = 10s, .lockout = 30s, .max_clients = 100});
  const auto t0 = AuthThrottle::Clock::now();
  EXPECT_FALSE(throttle.RecordFailure("a", t0));
  EXPECT_FALSE(throttle.RecordFailure("a", t0 + 11s)) << "a new window";
  throttle.RecordSuccess("a");
  EXPECT_FALSE(throttle.RecordFailure("a", t0 + 12s));
}

TEST(AuthThrottleTest, TracksABoundedNumberOfClients) {
  AuthThrottle throttle({.max_failures = 5, .window = 60s, .lockout = 60s, .max_clients = 8});
  for (int i = 0; i < 1000; ++i) throttle.RecordFailure("10.0.0." + std::to_string(i));
  EXPECT_LE(throttle.tracked(), 8u);
}

}  // namespace
}  // namespace askdb::server::security
