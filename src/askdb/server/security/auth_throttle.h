// AuthThrottle: failed API-key checks are throttled per client (issue 19 item 7).
//
// A client (its address) that fails `max_failures` key checks within `window` is refused
// for `lockout` without any key being checked (HTTP 429 + Retry-After); a success clears
// its count. At most `max_clients` clients are tracked: when full, the entry that changed
// least recently is dropped, so memory stays bounded whatever the number of addresses.
//
// Thread-safe (one mutex).
#pragma once

#include <chrono>
#include <cstddef>
#include <list>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

namespace askdb::server::security {

struct AuthThrottleOptions {
  int max_failures = 10;  // 0: no throttling
  std::chrono::seconds window{60};
  std::chrono::seconds lockout{60};
  std::size_t max_clients = 10'000;
};

class AuthThrottle {
 public:
  using Clock = std::chrono::steady_clock;
  explicit AuthThrottle(AuthThrottleOptions options = {}) : options_(options) {}

  // Zero when `client` may try a key now; else how long it must wait.
  std::chrono::seconds RetryAfter(std::string_view client, Clock::time_point now = Clock::now());
  // Counts a failed check; true when it locked the client out.
  bool RecordFailure(std::string_view client, Clock::time_point now = Clock::now());
  void RecordSuccess(std::string_view client);

  std::size_t tracked() const;

 private:
  struct Entry {
    std::string client;
    int failures = 0;
    Clock::time_point window_start;
    Clock::time_point locked_until;
  };
  Entry& Touch(std::string_view client, Clock::time_point now);

  const AuthThrottleOptions options_;
  mutable std::mutex mu_;
  std::list<Entry> lru_;  // front = most recently changed
  std::unordered_map<std::string, std::list<Entry>::iterator> index_;
};

}  // namespace askdb::server::security
