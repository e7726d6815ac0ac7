#include "askdb/server/users/user_auth.h"

#include <sodium.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <utility>

#include "askdb/server/security/sodium_util.h"

namespace askdb::server::users {
namespace {

constexpr size_t kTokenBytes = 32;
constexpr std::string_view kWrongCredentials =
    "wrong user name or password; check both, or ask an admin to reset it "
    "(askdb users passwd NAME)";

std::string ToHex(const unsigned char* data, size_t size) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(size * 2);
  for (size_t i = 0; i < size; ++i) {
    out.push_back(kDigits[data[i] >> 4]);
    out.push_back(kDigits[data[i] & 0xF]);
  }
  return out;
}

}  // namespace

std::string SessionTokenHash(std::string_view token) {
  (void)security::EnsureSodiumInitialized();
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(token.data()), token.size());
  return ToHex(digest, sizeof(digest));
}

StatusOr<std::unique_ptr<UserAuth>> UserAuth::Create(UserStore& store, UserAuthOptions options,
                                                     const Clock* clock) {
  ASKDB_RETURN_IF_ERROR(security::EnsureSodiumInitialized());
  ASKDB_ASSIGN_OR_RETURN(CidrSet proxies, CidrSet::Parse(options.trusted_proxies));
  if (!options.proxy_header.empty() && proxies.empty()) {
    return InvalidArgumentError(
        "auth.proxy_header is set but auth.trusted_proxies is empty: list the addresses of "
        "the reverse proxy that sets the header (e.g. [\"127.0.0.1/32\"])");
  }
  if (options.session_ttl.count() <= 0) {
    return InvalidArgumentError("auth.session_hours must be positive");
  }
  ASKDB_ASSIGN_OR_RETURN(std::string dummy,
                         security::HashApiKeySecret(security::RandomHex(16), options.hash));
  return std::unique_ptr<UserAuth>(
      new UserAuth(store, std::move(options), std::move(proxies), std::move(dummy), clock));
}

UserAuth::UserAuth(UserStore& store, UserAuthOptions options, CidrSet proxies,
                   std::string dummy_hash, const Clock* clock)
    : store_(store),
      options_(std::move(options)),
      proxies_(std::move(proxies)),
      dummy_hash_(std::move(dummy_hash)),
      clock_(clock),
      by_client_(options_.throttle),
      by_name_(options_.throttle) {}

Clock::TimePoint UserAuth::Now() const {
  return clock_ != nullptr ? clock_->Now() : Clock::System().Now();
}

bool UserAuth::LooksLikeSessionToken(std::string_view token) {
  return token.substr(0, kSessionTokenPrefix.size()) == kSessionTokenPrefix;
}

StatusOr<std::string> UserAuth::HashPassword(std::string_view password) const {
  if (password.size() < kMinPasswordBytes) {
    return InvalidArgumentError("password must be at least " + std::to_string(kMinPasswordBytes) +
                                " bytes long");
  }
  return security::HashApiKeySecret(password, options_.hash);
}

void UserAuth::Audit(std::string_view actor, std::string_view action, std::string_view target,
                     std::string_view detail, std::string_view client) const {
  Status written = store_.Append(AuditEntry{"",
                                            {},
                                            std::string(actor),
                                            std::string(action),
                                            std::string(target),
                                            std::string(detail),
                                            std::string(client)});
  if (!written.ok()) spdlog::warn("audit log: {}", written.ToString());
}

StatusOr<SignedIn> UserAuth::SignIn(std::string_view name, std::string_view password,
                                    std::string_view client, std::chrono::seconds* retry_after) {
  const std::string name_key = "user:" + std::string(name);
  const std::chrono::seconds wait =
      std::max(by_client_.RetryAfter(client), by_name_.RetryAfter(name_key));
  if (wait.count() > 0) {
    if (retry_after != nullptr) *retry_after = wait;
    Audit("user:" + std::string(name), "sign_in_throttled", "user:" + std::string(name),
          "refused without checking the password", client);
    return ResourceExhaustedError(
        "too many failed sign-ins for this user or from this address: wait for Retry-After "
        "seconds, then try again");
  }
  StatusOr<UserRecord> user = store_.GetUser(name);
  if (!user.ok() && user.status().code() != StatusCode::kNotFound) return user.status();
  const bool known = user.ok() && !user->password_hash.empty();
  // The dummy verification makes an unknown name cost what a wrong password costs.
  const bool verified =
      security::VerifyApiKeySecret(known ? user->password_hash : dummy_hash_, password) && known;
  if (!verified) {
    by_client_.RecordFailure(client);
    by_name_.RecordFailure(name_key);
    Audit("user:" + std::string(name), "sign_in_failed", "user:" + std::string(name),
          known ? "wrong password" : "unknown user or no password", client);
    return UnauthenticatedError(std::string(kWrongCredentials));
  }
  by_client_.RecordSuccess(client);
  by_name_.RecordSuccess(name_key);
  unsigned char random[kTokenBytes];
  randombytes_buf(random, sizeof(random));
  SignedIn out;
  out.token =
      std::string(kSessionTokenPrefix) +
      security::BytesToBase64(random, sizeof(random), security::Base64Variant::kUrlSafeNoPadding);
  const Clock::TimePoint now = Now();
  out.expires_at = now + options_.session_ttl;
  ASKDB_RETURN_IF_ERROR(store_.PutSession(LoginSession{SessionTokenHash(out.token), user->name, now,
                                                       out.expires_at, std::string(client)}));
  // Each sign-in clears the sessions that have expired (every user's), so the table holds
  // live sessions only, on whichever store several processes share.
  StatusOr<int64_t> purged = store_.DeleteExpiredSessions();
  if (!purged.ok()) {
    spdlog::warn("could not remove expired sign-in sessions: {}", purged.status().ToString());
  }
  out.principal = PrincipalOf(*user, "password");
  Audit("user:" + user->name, "sign_in", "user:" + user->name, "", client);
  return out;
}

StatusOr<Principal> UserAuth::FromToken(std::string_view token) const {
  auto refused = [] {
    return UnauthenticatedError(
        "the session has ended or is unknown: sign in again (POST /api/v1/auth/login)");
  };
  StatusOr<LoginSession> session = store_.FindSession(SessionTokenHash(token));
  if (!session.ok()) {
    if (session.status().code() == StatusCode::kNotFound) return refused();
    return session.status();
  }
  if (session->expires_at <= Now()) return refused();
  StatusOr<UserRecord> user = store_.GetUser(session->user_name);
  if (!user.ok()) {
    if (user.status().code() == StatusCode::kNotFound) return refused();
    return user.status();
  }
  return PrincipalOf(*user, "session");
}

Status UserAuth::SignOut(std::string_view token, std::string_view client) {
  StatusOr<LoginSession> session = store_.FindSession(SessionTokenHash(token));
  ASKDB_RETURN_IF_ERROR(store_.DeleteSession(SessionTokenHash(token)));
  if (session.ok()) Audit("user:" + session->user_name, "sign_out", "", "", client);
  return Status::Ok();
}

StatusOr<std::optional<Principal>> UserAuth::FromProxy(const security::HeaderLookup& headers,
                                                       std::string_view peer) const {
  if (options_.proxy_header.empty()) return std::optional<Principal>();
  std::optional<std::string> name = headers(options_.proxy_header);
  if (!name) return std::optional<Principal>();
  if (!proxies_.Contains(peer)) {
    Audit("proxy:" + std::string(peer), "proxy_header_refused", "user:" + name->substr(0, 64),
          "header " + options_.proxy_header + " from an untrusted address", peer);
    return PermissionDeniedError("header " + options_.proxy_header +
                                 " is accepted only from the reverse proxies in "
                                 "auth.trusted_proxies; this address is not one of them");
  }
  StatusOr<UserRecord> user = store_.GetUser(*name);
  if (!user.ok()) {
    if (user.status().code() != StatusCode::kNotFound) return user.status();
    Audit("proxy:" + std::string(peer), "sign_in_failed", "user:" + name->substr(0, 64),
          "proxy named an unknown user", peer);
    return UnauthenticatedError("the reverse proxy signed in '" + name->substr(0, 64) +
                                "', who has no askdb account: an admin must create it "
                                "(askdb users add NAME)");
  }
  return std::optional<Principal>(PrincipalOf(*user, "proxy"));
}

}  // namespace askdb::server::users
