#include "askdb/server/security/auth_throttle.h"

namespace askdb::server::security {

std::chrono::seconds AuthThrottle::RetryAfter(std::string_view client, Clock::time_point now) {
  if (options_.max_failures <= 0) return std::chrono::seconds(0);
  std::lock_guard lock(mu_);
  auto it = index_.find(std::string(client));
  if (it == index_.end() || it->second->locked_until <= now) return std::chrono::seconds(0);
  auto left = std::chrono::ceil<std::chrono::seconds>(it->second->locked_until - now);
  return std::max(left, std::chrono::seconds(1));
}

AuthThrottle::Entry& AuthThrottle::Touch(std::string_view client, Clock::time_point now) {
  auto it = index_.find(std::string(client));
  if (it != index_.end()) {
    lru_.splice(lru_.begin(), lru_, it->second);
    return *it->second;
  }
  while (!lru_.empty() && index_.size() >= options_.max_clients) {
    index_.erase(lru_.back().client);
    lru_.pop_back();
  }
  lru_.push_front(Entry{std::string(client), 0, now, Clock::time_point{}});
  index_[lru_.front().client] = lru_.begin();
  return lru_.front();
}

bool AuthThrottle::RecordFailure(std::string_view client, Clock::time_point now) {
  if (options_.max_failures <= 0) return false;
  std::lock_guard lock(mu_);
  Entry& entry = Touch(client, now);
  if (now - entry.window_start >= options_.window) {
    entry.window_start = now;
    entry.failures = 0;
  }
  if (++entry.failures < options_.max_failures) return false;
  entry.locked_until = now + options_.lockout;
  entry.failures = 0;
  entry.window_start = entry.locked_until;
  return true;
}

void AuthThrottle::RecordSuccess(std::string_view client) {
  std::lock_guard lock(mu_);
  auto it = index_.find(std::string(client));
  if (it == index_.end() || it->second->locked_until > Clock::now()) return;
  lru_.erase(it->second);
  index_.erase(it);
}

std::size_t AuthThrottle::tracked() const {
  std::lock_guard lock(mu_);
  return index_.size();
}

}  // namespace askdb::server::security
