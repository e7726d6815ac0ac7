// UserAuth: sign-in for people (issue 18 item 1) over a UserStore.
//
//   - Password sign-in: Argon2id (the admin key's hashing, security::HashApiKeySecret);
//     an unknown name costs one dummy verification, so timing does not tell names apart.
//     Failures are counted per client address and per user name (security::AuthThrottle):
//     over the limit, sign-in answers ResourceExhausted with a retry-after before any
//     password is checked. Every failure is written to the audit log.
//   - A successful sign-in creates a session: a random token "askdbs_<43 base64url>" shown
//     once (cookie for the web UI, bearer token for the API); the store keeps only its
//     SHA-256. Sessions expire after `session_ttl`; sign-out deletes it.
//   - Single sign-on through a trusted reverse proxy (oauth2-proxy and the like): when
//     `proxy_header` is set, a request carrying it from an address in `trusted_proxies`
//     acts as the named user; the header from any other address is refused (and audited).
//
// Ownership: borrows the UserStore and clock. Thread-safe.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/clock.h"
#include "askdb/common/status.h"
#include "askdb/server/security/api_keys.h"
#include "askdb/server/security/auth_throttle.h"
#include "askdb/server/users/cidr.h"
#include "askdb/server/users/principal.h"
#include "askdb/server/users/user_store.h"

namespace askdb::server::users {

inline constexpr std::string_view kSessionTokenPrefix = "askdbs_";
inline constexpr std::string_view kSessionCookieName = "askdb_session";
inline constexpr size_t kMinPasswordBytes = 8;

struct UserAuthOptions {
  std::chrono::seconds session_ttl{12 * 3600};
  security::HashOptions hash = security::HashOptions::Interactive();
  std::string proxy_header;                  // e.g. "X-Forwarded-User"; empty: off
  std::vector<std::string> trusted_proxies;  // CIDR list; required with proxy_header
  security::AuthThrottleOptions throttle{
      .max_failures = 5, .window = std::chrono::seconds(60), .lockout = std::chrono::seconds(300)};
};

struct SignedIn {
  Principal principal;
  std::string token;  // show once
  Clock::TimePoint expires_at;
};

class UserAuth {
 public:
  // InvalidArgument for a bad trusted_proxies entry, or a proxy header without proxies.
  static StatusOr<std::unique_ptr<UserAuth>> Create(UserStore& store, UserAuthOptions options,
                                                    const Clock* clock = nullptr);

  // Unauthenticated "wrong user name or password" (the same for an unknown name);
  // ResourceExhausted with `*retry_after` when the address or the name is locked out.
  StatusOr<SignedIn> SignIn(std::string_view name, std::string_view password,
                            std::string_view client, std::chrono::seconds* retry_after);
  // The user of a live session token; Unauthenticated when unknown, expired or the user
  // was deleted. Reads the user each time, so a role change applies at once.
  StatusOr<Principal> FromToken(std::string_view token) const;
  // Ends the session of `token` (no error when it had ended already).
  Status SignOut(std::string_view token, std::string_view client);

  // nullopt when proxy sign-on is off or the request has no such header. PermissionDenied
  // when the header comes from an address not in trusted_proxies; Unauthenticated when it
  // names no user.
  StatusOr<std::optional<Principal>> FromProxy(const security::HeaderLookup& headers,
                                               std::string_view peer) const;

  static bool LooksLikeSessionToken(std::string_view token);
  // At least kMinPasswordBytes; InvalidArgument otherwise.
  StatusOr<std::string> HashPassword(std::string_view password) const;
  // Best effort: a failing audit write is logged, never fails the request.
  void Audit(std::string_view actor, std::string_view action, std::string_view target,
             std::string_view detail, std::string_view client) const;

  UserStore& store() const { return store_; }
  const UserAuthOptions& options() const { return options_; }

 private:
  UserAuth(UserStore& store, UserAuthOptions options, CidrSet proxies, std::string dummy_hash,
           const Clock* clock);
  Clock::TimePoint Now() const;

  UserStore& store_;
  const UserAuthOptions options_;
  const CidrSet proxies_;
  const std::string dummy_hash_;
  const Clock* clock_;
  security::AuthThrottle by_client_;
  security::AuthThrottle by_name_;
};

// Hex SHA-256 of a session token: what the store keeps.
std::string SessionTokenHash(std::string_view token);

}  // namespace askdb::server::users
