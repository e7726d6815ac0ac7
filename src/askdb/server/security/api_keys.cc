#include "askdb/server/security/api_keys.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sodium.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cctype>
#include <cstdio>
#include <ctime>
#include <list>
#include <map>
#include <mutex>
#include <unordered_map>
#include <utility>

#include "askdb/server/security/sodium_util.h"

namespace askdb::server::security {

static_assert(HashOptions{}.ops_limit == crypto_pwhash_argon2id_OPSLIMIT_INTERACTIVE);
static_assert(HashOptions{}.mem_limit == crypto_pwhash_argon2id_MEMLIMIT_INTERACTIVE);

namespace {

constexpr size_t kApiKeyIdHexChars = kApiKeyIdBytes * 2;
// 32 bytes in base64url without padding: ceil(32 * 4 / 3).
constexpr size_t kApiKeySecretChars = (kApiKeySecretBytes * 4 + 2) / 3;
constexpr size_t kLastCharsShown = 4;
constexpr size_t kCacheDigestBytes = crypto_generichash_BYTES;
constexpr std::string_view kBearerScheme = "bearer";
constexpr std::string_view kAuthorizationHeader = "Authorization";
constexpr std::string_view kApiKeyHeader = "X-API-Key";

constexpr std::string_view kMissingKeyMessage =
    "no API key in the request: send it as 'Authorization: Bearer <key>' or 'X-API-Key: <key>' "
    "(an administrator creates keys)";
constexpr std::string_view kInvalidKeyMessage =
    "the API key is not valid (mistyped, unknown or revoked): send a current key as "
    "'Authorization: Bearer <key>' or 'X-API-Key: <key>', or ask an administrator for a new one";

Status Unauthenticated(std::string_view message) {
  return Status(kUnauthenticatedCode, std::string(message));
}

bool IsLowerAlnum(std::string_view text) {
  return std::all_of(text.begin(), text.end(),
                     [](unsigned char c) { return std::islower(c) != 0 || std::isdigit(c) != 0; });
}

bool IsLowerHex(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](unsigned char c) {
    return std::isdigit(c) != 0 || (c >= 'a' && c <= 'f');
  });
}

bool IsBase64Url(std::string_view text) {
  return std::all_of(text.begin(), text.end(),
                     [](unsigned char c) { return std::isalnum(c) != 0 || c == '-' || c == '_'; });
}

std::string_view Trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) {
    text.remove_prefix(1);
  }
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) {
    text.remove_suffix(1);
  }
  return text;
}

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](unsigned char x, unsigned char y) {
           return std::tolower(x) == std::tolower(y);
         });
}

std::string FormatIsoUtc(Clock::TimePoint t) {
  const std::time_t secs =
      std::chrono::system_clock::to_time_t(std::chrono::time_point_cast<std::chrono::seconds>(t));
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[32];
  std::strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

StatusOr<Clock::TimePoint> ParseIsoUtc(const std::string& text) {
  std::tm tm{};
  char z = 0;
  int consumed = 0;
  if (std::sscanf(text.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d%c%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday,
                  &tm.tm_hour, &tm.tm_min, &tm.tm_sec, &z, &consumed) != 7 ||
      z != 'Z' || static_cast<size_t>(consumed) != text.size()) {
    return InvalidArgumentError("created_at '" + text +
                                "' is not an ISO 8601 UTC time like 2024-05-01T12:00:00Z");
  }
  tm.tm_year -= 1900;
  tm.tm_mon -= 1;
  return std::chrono::system_clock::from_time_t(timegm(&tm));
}

}  // namespace

// ---------------------------------------------------------------------------------------
// Keys and hashes.

HashOptions HashOptions::Moderate() {
  return {crypto_pwhash_argon2id_OPSLIMIT_MODERATE, crypto_pwhash_argon2id_MEMLIMIT_MODERATE};
}

HashOptions HashOptions::Min() {
  return {crypto_pwhash_argon2id_OPSLIMIT_MIN, crypto_pwhash_argon2id_MEMLIMIT_MIN};
}

StatusOr<GeneratedApiKey> GenerateApiKey(std::string_view prefix) {
  if (prefix.empty() || !IsLowerAlnum(prefix)) {
    return InvalidArgumentError("API key prefix '" + std::string(prefix) +
                                "' must be non-empty lower-case letters and digits");
  }
  ASKDB_RETURN_IF_ERROR(EnsureSodiumInitialized());
  GeneratedApiKey out;
  out.id = RandomHex(kApiKeyIdBytes);
  std::array<unsigned char, kApiKeySecretBytes> secret{};
  randombytes_buf(secret.data(), secret.size());
  out.secret = BytesToBase64(secret.data(), secret.size(), Base64Variant::kUrlSafeNoPadding);
  sodium_memzero(secret.data(), secret.size());
  out.key = std::string(prefix) + "_" + out.id + "_" + out.secret;
  return out;
}

StatusOr<ParsedApiKey> ParseApiKey(std::string_view key) {
  static const std::string kShape = "an API key looks like <prefix>_<16 hex characters>_<" +
                                    std::to_string(kApiKeySecretChars) + " characters>";
  // The secret's alphabet contains '_', so split on the first two separators only.
  const size_t first = key.find('_');
  if (first == std::string_view::npos || first == 0) {
    return InvalidArgumentError("malformed API key: " + kShape);
  }
  ParsedApiKey out;
  out.prefix = std::string(key.substr(0, first));
  const std::string_view rest = key.substr(first + 1);
  if (rest.size() != kApiKeyIdHexChars + 1 + kApiKeySecretChars || rest[kApiKeyIdHexChars] != '_' ||
      !IsLowerAlnum(out.prefix)) {
    return InvalidArgumentError("malformed API key: " + kShape);
  }
  out.id = std::string(rest.substr(0, kApiKeyIdHexChars));
  out.secret = std::string(rest.substr(kApiKeyIdHexChars + 1));
  if (!IsLowerHex(out.id) || !IsBase64Url(out.secret)) {
    return InvalidArgumentError("malformed API key: " + kShape);
  }
  return out;
}

StatusOr<std::string> HashApiKeySecret(std::string_view secret, const HashOptions& options) {
  ASKDB_RETURN_IF_ERROR(EnsureSodiumInitialized());
  char hash[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str_alg(hash, secret.data(), secret.size(), options.ops_limit,
                            options.mem_limit, crypto_pwhash_ALG_ARGON2ID13) != 0) {
    return ResourceExhaustedError(
        "hashing the API key with Argon2id failed (ops limit " + std::to_string(options.ops_limit) +
        ", memory limit " + std::to_string(options.mem_limit) +
        " bytes): the limits are out of range or the process is out of memory; lower them");
  }
  return std::string(hash);
}

bool VerifyApiKeySecret(std::string_view hash, std::string_view secret) {
  if (!EnsureSodiumInitialized().ok()) return false;
  // crypto_pwhash_str_verify wants a NUL-terminated string of at most STRBYTES.
  if (hash.size() >= crypto_pwhash_STRBYTES) return false;
  const std::string terminated(hash);
  return crypto_pwhash_str_verify(terminated.c_str(), secret.data(), secret.size()) == 0;
}

// ---------------------------------------------------------------------------------------
// Scopes.

Status ValidateScope(std::string_view scope) {
  if (scope == kAdminScope) return Status::Ok();
  if (scope.starts_with(kAgentScopePrefix) && scope.size() > kAgentScopePrefix.size()) {
    return Status::Ok();
  }
  if (scope.starts_with(kUserScopePrefix) && scope.size() > kUserScopePrefix.size()) {
    return Status::Ok();
  }
  return InvalidArgumentError("API key scope '" + std::string(scope) +
                              "' is not valid: use 'admin', 'agent:<agent id>' or 'user:<name>'");
}

std::string AgentScope(std::string_view agent_id) {
  return std::string(kAgentScopePrefix) + std::string(agent_id);
}

std::string UserScope(std::string_view user_name) {
  return std::string(kUserScopePrefix) + std::string(user_name);
}

Status Authorize(std::string_view scope, const RequiredAccess& required) {
  if (scope == kAdminScope) return Status::Ok();
  if (!ValidateScope(scope).ok()) {
    return PermissionDeniedError("the API key has an unrecognised scope '" + std::string(scope) +
                                 "': ask an administrator to issue a new key");
  }
  if (scope.starts_with(kUserScopePrefix)) {
    // The user's own role and grants decide (server/users/principal.h), not the scope.
    return PermissionDeniedError("this API key acts as " + std::string(scope) +
                                 ", whose access the server resolves from the user's record");
  }
  const std::string_view agent_id = scope.substr(kAgentScopePrefix.size());
  switch (required.kind) {
    case RequiredAccess::Kind::kAdmin:
      return PermissionDeniedError("this API key is limited to agent '" + std::string(agent_id) +
                                   "' and cannot use administration routes: use an admin key");
    case RequiredAccess::Kind::kAgentRun:
      if (required.agent_id == agent_id) return Status::Ok();
      return PermissionDeniedError("this API key is limited to agent '" + std::string(agent_id) +
                                   "' and cannot run agent '" + required.agent_id +
                                   "': use a key for that agent or an admin key");
  }
  return PermissionDeniedError("unknown access requirement");
}

// ---------------------------------------------------------------------------------------
// Records and storage.

Json ApiKeyRecordToJson(const ApiKeyRecord& record, bool include_hash) {
  Json json;
  json["id"] = record.id;
  json["scope"] = record.scope;
  if (include_hash) json["hash"] = record.hash;
  json["created_at"] = FormatIsoUtc(record.created_at);
  if (record.last4.has_value()) json["last4"] = *record.last4;
  json["revoked"] = record.revoked;
  return json;
}

StatusOr<ApiKeyRecord> ApiKeyRecordFromJson(const Json& json) {
  const auto need_string = [&](const char* field) -> StatusOr<std::string> {
    if (!json.is_object() || !json.contains(field) || !json[field].is_string()) {
      return InvalidArgumentError(std::string("API key record needs a string field '") + field +
                                  "'");
    }
    return json[field].get<std::string>();
  };
  ApiKeyRecord record;
  ASKDB_ASSIGN_OR_RETURN(record.id, need_string("id"));
  ASKDB_ASSIGN_OR_RETURN(record.scope, need_string("scope"));
  ASKDB_ASSIGN_OR_RETURN(record.hash, need_string("hash"));
  ASKDB_ASSIGN_OR_RETURN(const std::string created_at, need_string("created_at"));
  ASKDB_ASSIGN_OR_RETURN(record.created_at, ParseIsoUtc(created_at));
  if (json.contains("last4")) {
    ASKDB_ASSIGN_OR_RETURN(record.last4, need_string("last4"));
  }
  if (json.contains("revoked")) {
    if (!json["revoked"].is_boolean()) {
      return InvalidArgumentError("API key record field 'revoked' must be true or false");
    }
    record.revoked = json["revoked"].get<bool>();
  }
  ASKDB_RETURN_IF_ERROR(ValidateScope(record.scope));
  return record;
}

namespace {

class InMemoryApiKeyStore final : public ApiKeyStore {
 public:
  Status Put(const ApiKeyRecord& record) override {
    std::lock_guard lock(mu_);
    records_[record.id] = record;
    return Status::Ok();
  }

  StatusOr<ApiKeyRecord> FindById(std::string_view id) const override {
    std::lock_guard lock(mu_);
    const auto it = records_.find(std::string(id));
    if (it == records_.end()) return NotFoundError("no API key with id '" + std::string(id) + "'");
    return it->second;
  }

  StatusOr<std::vector<ApiKeyRecord>> List() const override {
    std::vector<ApiKeyRecord> out;
    {
      std::lock_guard lock(mu_);
      out.reserve(records_.size());
      for (const auto& [id, record] : records_) out.push_back(record);
    }
    std::stable_sort(out.begin(), out.end(), [](const ApiKeyRecord& a, const ApiKeyRecord& b) {
      return a.created_at < b.created_at;
    });
    return out;
  }

  Status Revoke(std::string_view id) override {
    std::lock_guard lock(mu_);
    const auto it = records_.find(std::string(id));
    if (it == records_.end()) {
      return NotFoundError("no API key with id '" + std::string(id) +
                           "' to revoke: list the keys to see their ids");
    }
    it->second.revoked = true;
    return Status::Ok();
  }

 private:
  mutable std::mutex mu_;
  std::map<std::string, ApiKeyRecord> records_;  // ordered by id, so List is stable
};

}  // namespace

std::unique_ptr<ApiKeyStore> NewInMemoryApiKeyStore() {
  return std::make_unique<InMemoryApiKeyStore>();
}

StatusOr<IssuedApiKey> IssueApiKey(ApiKeyStore& store, std::string_view scope,
                                   const HashOptions& options, const Clock& clock,
                                   std::string_view prefix) {
  ASKDB_RETURN_IF_ERROR(ValidateScope(scope));
  ASKDB_ASSIGN_OR_RETURN(GeneratedApiKey generated, GenerateApiKey(prefix));
  IssuedApiKey issued;
  issued.record.id = generated.id;
  issued.record.scope = std::string(scope);
  ASKDB_ASSIGN_OR_RETURN(issued.record.hash, HashApiKeySecret(generated.secret, options));
  // Whole seconds, as the JSON form keeps them, so a stored record reads back unchanged.
  issued.record.created_at = std::chrono::time_point_cast<std::chrono::seconds>(clock.Now());
  issued.record.last4 = generated.secret.substr(generated.secret.size() - kLastCharsShown);
  ASKDB_RETURN_IF_ERROR(store.Put(issued.record));
  issued.key = std::move(generated.key);
  sodium_memzero(generated.secret.data(), generated.secret.size());
  return issued;
}

// ---------------------------------------------------------------------------------------
// Authentication.

// Remembers successful verifications, keyed by a keyed BLAKE2b digest of the full key so
// that neither keys nor plain hashes of them sit in memory. Least recently used entries
// are evicted first; each entry also expires after the TTL.
struct ApiKeyAuthenticator::Cache {
  struct Entry {
    std::string digest;
    std::string key_id;
    std::string hash;  // the record's hash when verified; a changed record is re-verified
    Clock::TimePoint expires_at;
  };

  std::array<unsigned char, crypto_generichash_KEYBYTES> mac_key{};
  std::string dummy_hash;

  std::atomic<uint64_t> hits{0};
  std::atomic<uint64_t> misses{0};

  mutable std::mutex mu;
  std::list<Entry> lru;  // front = most recently used
  std::unordered_map<std::string, std::list<Entry>::iterator> index;

  ~Cache() { sodium_memzero(mac_key.data(), mac_key.size()); }

  std::string Digest(std::string_view key) const {
    std::string out(kCacheDigestBytes, '\0');
    crypto_generichash(reinterpret_cast<unsigned char*>(out.data()), out.size(),
                       reinterpret_cast<const unsigned char*>(key.data()), key.size(),
                       mac_key.data(), mac_key.size());
    return out;
  }

  std::optional<Entry> Find(const std::string& digest, Clock::TimePoint now) {
    std::lock_guard lock(mu);
    const auto it = index.find(digest);
    if (it == index.end()) return std::nullopt;
    if (it->second->expires_at <= now) {
      lru.erase(it->second);
      index.erase(it);
      return std::nullopt;
    }
    lru.splice(lru.begin(), lru, it->second);
    return *it->second;
  }

  void Erase(const std::string& digest) {
    std::lock_guard lock(mu);
    const auto it = index.find(digest);
    if (it == index.end()) return;
    lru.erase(it->second);
    index.erase(it);
  }

  void Insert(Entry entry, size_t max_entries) {
    if (max_entries == 0) return;
    std::lock_guard lock(mu);
    if (const auto it = index.find(entry.digest); it != index.end()) {
      lru.erase(it->second);
      index.erase(it);
    }
    while (index.size() >= max_entries) {
      index.erase(lru.back().digest);
      lru.pop_back();
    }
    lru.push_front(std::move(entry));
    index[lru.front().digest] = lru.begin();
  }
};

ApiKeyAuthenticator::ApiKeyAuthenticator(const ApiKeyStore& store, AuthenticatorOptions options,
                                         const Clock& clock, std::unique_ptr<Cache> cache)
    : store_(store), options_(std::move(options)), clock_(clock), cache_(std::move(cache)) {}

ApiKeyAuthenticator::~ApiKeyAuthenticator() = default;

StatusOr<std::unique_ptr<ApiKeyAuthenticator>> ApiKeyAuthenticator::Create(
    const ApiKeyStore& store, AuthenticatorOptions options, const Clock& clock) {
  ASKDB_RETURN_IF_ERROR(EnsureSodiumInitialized());
  auto cache = std::make_unique<Cache>();
  crypto_generichash_keygen(cache->mac_key.data());
  // An unknown key id is checked against this hash so that it costs as much as a wrong
  // secret and the timing does not tell which ids exist.
  ASKDB_ASSIGN_OR_RETURN(GeneratedApiKey dummy, GenerateApiKey());
  ASKDB_ASSIGN_OR_RETURN(cache->dummy_hash,
                         HashApiKeySecret(dummy.secret, options.dummy_hash_options));
  return std::unique_ptr<ApiKeyAuthenticator>(
      new ApiKeyAuthenticator(store, std::move(options), clock, std::move(cache)));
}

StatusOr<Principal> ApiKeyAuthenticator::Authenticate(const HeaderLookup& headers) const {
  if (std::optional<std::string> authorization = headers(kAuthorizationHeader)) {
    const std::string_view value = Trim(*authorization);
    const size_t space = value.find(' ');
    if (space == std::string_view::npos ||
        !EqualsIgnoreCase(value.substr(0, space), kBearerScheme)) {
      // Another scheme (Basic, ...) may sit beside an X-API-Key header; use that one.
      if (std::optional<std::string> api_key = headers(kApiKeyHeader)) {
        return AuthenticateKey(Trim(*api_key));
      }
      return Unauthenticated(kInvalidKeyMessage);
    }
    return AuthenticateKey(Trim(value.substr(space + 1)));
  }
  if (std::optional<std::string> api_key = headers(kApiKeyHeader)) {
    return AuthenticateKey(Trim(*api_key));
  }
  return Unauthenticated(kMissingKeyMessage);
}

StatusOr<Principal> ApiKeyAuthenticator::AuthenticateKey(std::string_view key) const {
  if (key.empty()) return Unauthenticated(kMissingKeyMessage);
  StatusOr<ParsedApiKey> parsed = ParseApiKey(key);
  if (!parsed.ok() || parsed->prefix != options_.prefix) {
    return Unauthenticated(kInvalidKeyMessage);
  }
  const std::string digest = cache_->Digest(key);
  const Clock::TimePoint now = clock_.Now();

  if (std::optional<Cache::Entry> cached = cache_->Find(digest, now)) {
    // The record is re-read on every request so that revocation takes effect at once,
    // also across processes sharing a store; only the Argon2id work is skipped.
    StatusOr<ApiKeyRecord> record = store_.FindById(parsed->id);
    if (!record.ok() && record.status().code() != StatusCode::kNotFound) return record.status();
    if (!record.ok() || record->revoked) {
      cache_->Erase(digest);
      return Unauthenticated(kInvalidKeyMessage);
    }
    if (record->hash == cached->hash) {
      cache_->hits.fetch_add(1, std::memory_order_relaxed);
      return Principal{record->id, record->scope};
    }
    cache_->Erase(digest);  // the record changed: verify again below
  }

  cache_->misses.fetch_add(1, std::memory_order_relaxed);
  StatusOr<ApiKeyRecord> record = store_.FindById(parsed->id);
  if (!record.ok()) {
    if (record.status().code() != StatusCode::kNotFound) return record.status();
    (void)VerifyApiKeySecret(cache_->dummy_hash, parsed->secret);
    return Unauthenticated(kInvalidKeyMessage);
  }
  // Verify before looking at `revoked` so a revoked key takes as long as any other.
  const bool verified = VerifyApiKeySecret(record->hash, parsed->secret);
  if (!verified || record->revoked) return Unauthenticated(kInvalidKeyMessage);
  cache_->Insert({digest, record->id, record->hash, now + options_.cache_ttl},
                 options_.cache_max_entries);
  return Principal{record->id, record->scope};
}

ApiKeyAuthenticator::CacheStats ApiKeyAuthenticator::GetCacheStats() const {
  CacheStats stats;
  stats.hits = cache_->hits.load(std::memory_order_relaxed);
  stats.misses = cache_->misses.load(std::memory_order_relaxed);
  std::lock_guard lock(cache_->mu);
  stats.size = cache_->index.size();
  return stats;
}

// ---------------------------------------------------------------------------------------
// Startup policy.

bool IsLoopbackHost(std::string_view host) {
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') {
    host = host.substr(1, host.size() - 2);
  }
  if (EqualsIgnoreCase(host, "localhost")) return true;
  const std::string terminated(host);
  in_addr v4{};
  if (inet_pton(AF_INET, terminated.c_str(), &v4) == 1) {
    return (ntohl(v4.s_addr) >> 24) == 127;  // 127.0.0.0/8
  }
  in6_addr v6{};
  if (inet_pton(AF_INET6, terminated.c_str(), &v6) == 1) {
    if (IN6_IS_ADDR_LOOPBACK(&v6)) return true;
    return IN6_IS_ADDR_V4MAPPED(&v6) && v6.s6_addr[12] == 127;
  }
  return false;
}

StatusOr<AuthPolicy> AuthPolicy::Make(bool auth_enabled, std::string_view bind_host) {
  if (auth_enabled) return AuthPolicy(/*auth_required=*/true);
  if (IsLoopbackHost(bind_host)) return AuthPolicy(/*auth_required=*/false);
  return InvalidArgumentError(
      "authentication is disabled but the server would listen on '" + std::string(bind_host) +
      "', which other machines can reach: anyone on the network could query your databases. "
      "Either enable authentication (and create an API key), or bind to a loopback address "
      "such as 127.0.0.1, ::1 or localhost");
}

}  // namespace askdb::server::security
