// API keys for the askdb HTTP server: generation, Argon2id hashing, a small store
// interface, an authenticator with a verification cache, and the startup policy that
// decides whether authentication may be switched off.
//
// A key looks like `askdb_<key id>_<secret>`: the key id (16 hex characters) is stored in
// clear and lets the server find the record without scanning; the secret (32 random bytes,
// base64url without padding) is shown once at creation and only its Argon2id hash is kept.
//
// Status codes: authentication failures are kUnauthenticatedCode (StatusCode::kUnauthenticated);
// the HTTP layer maps a failure of ApiKeyAuthenticator::Authenticate to 401 and a failure of
// Authorize (kPermissionDenied) to 403.
//
// Thread-safety: the free functions are thread-safe; InMemoryApiKeyStore and
// ApiKeyAuthenticator are thread-safe (internally locked). ApiKeyAuthenticator borrows its
// store and clock, which must outlive it.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/clock.h"
#include "askdb/common/json.h"
#include "askdb/common/status.h"

namespace askdb::server::security {

// The code returned for a request without valid credentials. Switch to
// StatusCode::kUnauthenticated once status.h has it.
inline constexpr StatusCode kUnauthenticatedCode = StatusCode::kUnauthenticated;

inline constexpr std::string_view kDefaultApiKeyPrefix = "askdb";
inline constexpr size_t kApiKeyIdBytes = 8;       // 16 hex characters
inline constexpr size_t kApiKeySecretBytes = 32;  // 43 base64url characters

// ---------------------------------------------------------------------------------------
// Keys and hashes.

struct GeneratedApiKey {
  std::string key;     // the full key, shown to the user once
  std::string id;      // the key id (hex), stored in clear
  std::string secret;  // the secret part; hash it, never store it
};

// A new random key. `prefix` must be non-empty lower-case letters and digits (no '_',
// which separates the parts); InvalidArgument otherwise.
StatusOr<GeneratedApiKey> GenerateApiKey(std::string_view prefix = kDefaultApiKeyPrefix);

struct ParsedApiKey {
  std::string prefix;
  std::string id;
  std::string secret;
};

// Splits a full key into its parts; InvalidArgument when it does not have the shape
// `<prefix>_<16 hex>_<43 base64url>`. Does not look anything up.
StatusOr<ParsedApiKey> ParseApiKey(std::string_view key);

// Argon2id cost. The defaults match libsodium's INTERACTIVE limits (tens of ms, 64 MiB per
// verification); tests use Min() to stay fast.
struct HashOptions {
  uint64_t ops_limit = 2;               // crypto_pwhash_argon2id_OPSLIMIT_INTERACTIVE
  size_t mem_limit = size_t{64} << 20;  // crypto_pwhash_argon2id_MEMLIMIT_INTERACTIVE

  static HashOptions Interactive() { return {}; }
  static HashOptions Moderate();
  static HashOptions Min();  // the weakest libsodium accepts: tests only
};

// An encoded Argon2id hash string ("$argon2id$v=19$m=...") holding salt and parameters.
StatusOr<std::string> HashApiKeySecret(std::string_view secret,
                                       const HashOptions& options = HashOptions::Interactive());

// True when `secret` matches `hash`. False for a wrong secret or a malformed hash.
bool VerifyApiKeySecret(std::string_view hash, std::string_view secret);

// ---------------------------------------------------------------------------------------
// Scopes.

inline constexpr std::string_view kAdminScope = "admin";
inline constexpr std::string_view kAgentScopePrefix = "agent:";
// A key tied to a user acts as that user: their role, agents and data permissions, read at
// each request (the server resolves it; Authorize grants such a scope nothing by itself).
inline constexpr std::string_view kUserScopePrefix = "user:";

// "admin", "agent:<agent id>" or "user:<name>" with a non-empty id; InvalidArgument otherwise.
Status ValidateScope(std::string_view scope);
std::string AgentScope(std::string_view agent_id);
std::string UserScope(std::string_view user_name);

// What a route needs: the admin scope, or access to one agent's run routes.
struct RequiredAccess {
  enum class Kind { kAdmin, kAgentRun };
  Kind kind = Kind::kAdmin;
  std::string agent_id;  // for kAgentRun

  static RequiredAccess Admin() { return {Kind::kAdmin, ""}; }
  static RequiredAccess AgentRun(std::string_view agent_id) {
    return {Kind::kAgentRun, std::string(agent_id)};
  }
};

// OK when `scope` grants `required`: admin may do everything; "agent:<id>" may use only the
// run routes of that agent. PermissionDenied otherwise (HTTP 403).
Status Authorize(std::string_view scope, const RequiredAccess& required);

// ---------------------------------------------------------------------------------------
// Records and storage.

struct ApiKeyRecord {
  std::string id;     // the key id
  std::string scope;  // "admin" or "agent:<id>"
  std::string hash;   // Argon2id hash of the secret
  Clock::TimePoint created_at;
  std::optional<std::string> last4;  // last 4 characters of the secret, for display
  bool revoked = false;

  bool operator==(const ApiKeyRecord&) const = default;
};

// {"id","scope","hash","created_at" (ISO 8601 UTC, seconds),"last4"?,"revoked"}.
// `include_hash` = false gives the form to show over the API.
Json ApiKeyRecordToJson(const ApiKeyRecord& record, bool include_hash = true);
StatusOr<ApiKeyRecord> ApiKeyRecordFromJson(const Json& json);

// Where key records live. The in-memory implementation serves tests and a single process;
// SQLite/PostgreSQL implementations come with the management store. Implementations must
// be thread-safe.
class ApiKeyStore {
 public:
  virtual ~ApiKeyStore() = default;
  // Inserts or replaces the record with the same id.
  virtual Status Put(const ApiKeyRecord& record) = 0;
  // NotFound when no record has this id.
  virtual StatusOr<ApiKeyRecord> FindById(std::string_view id) const = 0;
  // All records (revoked ones included), ordered by creation time then id.
  virtual StatusOr<std::vector<ApiKeyRecord>> List() const = 0;
  // Marks the record revoked; NotFound when no record has this id.
  virtual Status Revoke(std::string_view id) = 0;
};

std::unique_ptr<ApiKeyStore> NewInMemoryApiKeyStore();

struct IssuedApiKey {
  std::string key;  // show once
  ApiKeyRecord record;
};

// Generates a key for `scope`, hashes it and stores the record.
StatusOr<IssuedApiKey> IssueApiKey(ApiKeyStore& store, std::string_view scope,
                                   const HashOptions& options = HashOptions::Interactive(),
                                   const Clock& clock = Clock::System(),
                                   std::string_view prefix = kDefaultApiKeyPrefix);

// ---------------------------------------------------------------------------------------
// Authentication.

// Returns the value of a request header (name matched case-insensitively by the caller's
// HTTP library), or nullopt when absent.
using HeaderLookup = std::function<std::optional<std::string>(std::string_view name)>;

struct AuthenticatorOptions {
  std::string prefix = std::string(kDefaultApiKeyPrefix);
  // How long a successful Argon2id verification is remembered, and how many are.
  std::chrono::seconds cache_ttl = std::chrono::minutes(5);
  size_t cache_max_entries = 10000;
  // Cost of the dummy hash verified for unknown key ids, so that an unknown id takes as
  // long as a wrong secret. Use the options the keys are hashed with.
  HashOptions dummy_hash_options = HashOptions::Interactive();
};

struct Principal {
  std::string key_id;
  std::string scope;
};

class ApiKeyAuthenticator {
 public:
  // Borrows `store` and `clock`, which must outlive the authenticator. Initialises
  // libsodium, the per-process cache key and the dummy hash (one Argon2id hash).
  static StatusOr<std::unique_ptr<ApiKeyAuthenticator>> Create(
      const ApiKeyStore& store, AuthenticatorOptions options = {},
      const Clock& clock = Clock::System());
  ~ApiKeyAuthenticator();
  ApiKeyAuthenticator(const ApiKeyAuthenticator&) = delete;
  ApiKeyAuthenticator& operator=(const ApiKeyAuthenticator&) = delete;

  // Reads `Authorization: Bearer <key>` or `X-API-Key: <key>` and checks the key. A cached
  // success still re-reads the record, so a revoked key fails at once. Failures carry
  // kUnauthenticatedCode and a message that never says whether the key id exists; a
  // failing store gives the store's own error.
  StatusOr<Principal> Authenticate(const HeaderLookup& headers) const;
  // The same for a key already taken from the request.
  StatusOr<Principal> AuthenticateKey(std::string_view key) const;

  // Verifications cached now, and how many well-formed keys were answered from the
  // cache (hits) or with a full Argon2id verification (misses) so far.
  struct CacheStats {
    size_t size = 0;
    uint64_t hits = 0;
    uint64_t misses = 0;
  };
  CacheStats GetCacheStats() const;

 private:
  struct Cache;
  ApiKeyAuthenticator(const ApiKeyStore& store, AuthenticatorOptions options, const Clock& clock,
                      std::unique_ptr<Cache> cache);

  const ApiKeyStore& store_;
  AuthenticatorOptions options_;
  const Clock& clock_;
  std::unique_ptr<Cache> cache_;
};

// ---------------------------------------------------------------------------------------
// Startup policy.

// True for 127.0.0.0/8, ::1 (also "[::1]" and ::ffff:127.x.y.z) and "localhost".
bool IsLoopbackHost(std::string_view host);

// Decides at startup whether requests must carry a key. Authentication may be off only
// when it was explicitly disabled AND the server listens on loopback; any other
// combination with auth disabled is an InvalidArgument that explains why and what to do.
class AuthPolicy {
 public:
  static StatusOr<AuthPolicy> Make(bool auth_enabled, std::string_view bind_host);
  bool auth_required() const { return auth_required_; }

 private:
  explicit AuthPolicy(bool auth_required) : auth_required_(auth_required) {}
  bool auth_required_;
};

}  // namespace askdb::server::security
