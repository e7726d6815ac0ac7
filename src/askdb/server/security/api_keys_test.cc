#include "askdb/server/security/api_keys.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <map>
#include <regex>
#include <set>
#include <thread>

namespace askdb::server::security {
namespace {

using ::std::chrono::minutes;
using ::std::chrono::seconds;

// Request headers with case-insensitive names, as an HTTP library would give them.
class Headers {
 public:
  Headers& Set(std::string name, std::string value) {
    std::transform(name.begin(), name.end(), name.begin(), ::tolower);
    values_[name] = std::move(value);
    return *this;
  }
  HeaderLookup Lookup() const {
    return [this](std::string_view name) -> std::optional<std::string> {
      std::string lower(name);
      std::transform(lower.begin(), lower.end(), lower.begin(), ::tolower);
      const auto it = values_.find(lower);
      if (it == values_.end()) return std::nullopt;
      return it->second;
    };
  }

 private:
  std::map<std::string, std::string> values_;
};

// A store whose reads fail, as a database that went away would.
class FailingStore final : public ApiKeyStore {
 public:
  Status Put(const ApiKeyRecord&) override { return UnavailableError("store down"); }
  StatusOr<ApiKeyRecord> FindById(std::string_view) const override {
    return UnavailableError("store down");
  }
  StatusOr<std::vector<ApiKeyRecord>> List() const override {
    return UnavailableError("store down");
  }
  Status Revoke(std::string_view) override { return UnavailableError("store down"); }
};

TEST(GenerateApiKeyTest, HasTheDocumentedShape) {
  StatusOr<GeneratedApiKey> key = GenerateApiKey();
  ASSERT_TRUE(key.ok()) << key.status().ToString();
  EXPECT_TRUE(std::regex_match(key->key, std::regex("askdb_[0-9a-f]{16}_[A-Za-z0-9_-]{43}")))
      << key->key;
  EXPECT_EQ(key->key, "askdb_" + key->id + "_" + key->secret);

  StatusOr<ParsedApiKey> parsed = ParseApiKey(key->key);
  ASSERT_TRUE(parsed.ok()) << parsed.status().ToString();
  EXPECT_EQ(parsed->prefix, "askdb");
  EXPECT_EQ(parsed->id, key->id);
  EXPECT_EQ(parsed->secret, key->secret);
}

TEST(GenerateApiKeyTest, KeysAndIdsAreUnique) {
  std::set<std::string> ids;
  std::set<std::string> secrets;
  constexpr int kCount = 200;
  for (int i = 0; i < kCount; ++i) {
    StatusOr<GeneratedApiKey> key = GenerateApiKey("test");
    ASSERT_TRUE(key.ok());
    EXPECT_TRUE(key->key.starts_with("test_"));
    ids.insert(key->id);
    secrets.insert(key->secret);
  }
  EXPECT_EQ(ids.size(), kCount);
  EXPECT_EQ(secrets.size(), kCount);
}

TEST(GenerateApiKeyTest, RejectsPrefixesThatWouldBreakParsing) {
  EXPECT_EQ(GenerateApiKey("").status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(GenerateApiKey("my_app").status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(GenerateApiKey("Upper").status().code(), StatusCode::kInvalidArgument);
}

TEST(ParseApiKeyTest, RejectsMalformedKeys) {
  const std::string secret(43, 'A');
  EXPECT_TRUE(ParseApiKey("askdb_0123456789abcdef_" + secret).ok());
  EXPECT_FALSE(ParseApiKey("").ok());
  EXPECT_FALSE(ParseApiKey("askdb").ok());
  EXPECT_FALSE(ParseApiKey("_0123456789abcdef_" + secret).ok());
  EXPECT_FALSE(ParseApiKey("askdb_0123456789ABCDEF_" + secret).ok());  // upper-case hex
  EXPECT_FALSE(ParseApiKey("askdb_0123456789abcde_" + secret + "A").ok());
  EXPECT_FALSE(ParseApiKey("askdb_0123456789abcdef_" + secret.substr(1)).ok());
  EXPECT_FALSE(ParseApiKey("askdb_0123456789abcdef_" + secret + "A").ok());
  EXPECT_FALSE(ParseApiKey("askdb_0123456789abcdef_" + secret.substr(1) + "=").ok());
  EXPECT_FALSE(ParseApiKey("askdb 0123456789abcdef_" + secret).ok());
}

// Whatever text arrives in a header, parsing either fails or gives parts that rebuild it.
RC_GTEST_PROP(ParseApiKeyProperty, AcceptedKeysRecomposeExactly, (const std::string& text)) {
  const std::string candidate = *rc::gen::element(text, "askdb_0123456789abcdef_" + text,
                                                  "askdb_0123456789abcdef_" + std::string(43, 'x'));
  StatusOr<ParsedApiKey> parsed = ParseApiKey(candidate);
  if (parsed.ok()) {
    RC_ASSERT(parsed->prefix + "_" + parsed->id + "_" + parsed->secret == candidate);
    RC_ASSERT(parsed->id.size() == 16u);
    RC_ASSERT(parsed->secret.size() == 43u);
  }
}

TEST(HashApiKeySecretTest, RoundTripAndWrongSecret) {
  StatusOr<std::string> hash = HashApiKeySecret("s3cret", HashOptions::Min());
  ASSERT_TRUE(hash.ok()) << hash.status().ToString();
  EXPECT_TRUE(hash->starts_with("$argon2id$")) << *hash;
  EXPECT_TRUE(VerifyApiKeySecret(*hash, "s3cret"));
  EXPECT_FALSE(VerifyApiKeySecret(*hash, "s3cret "));
  EXPECT_FALSE(VerifyApiKeySecret(*hash, ""));
  EXPECT_FALSE(VerifyApiKeySecret("not a hash", "s3cret"));
  EXPECT_FALSE(VerifyApiKeySecret("", "s3cret"));
}

TEST(HashApiKeySecretTest, SaltsEachHash) {
  StatusOr<std::string> a = HashApiKeySecret("same", HashOptions::Min());
  StatusOr<std::string> b = HashApiKeySecret("same", HashOptions::Min());
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_NE(*a, *b);
}

TEST(AuthorizeTest, AdminMayDoEverything) {
  EXPECT_TRUE(Authorize("admin", RequiredAccess::Admin()).ok());
  EXPECT_TRUE(Authorize("admin", RequiredAccess::AgentRun("sales")).ok());
}

TEST(AuthorizeTest, AgentKeyOnlyRunsItsAgent) {
  EXPECT_TRUE(Authorize(AgentScope("sales"), RequiredAccess::AgentRun("sales")).ok());

  const Status other = Authorize("agent:sales", RequiredAccess::AgentRun("hr"));
  EXPECT_EQ(other.code(), StatusCode::kPermissionDenied);
  EXPECT_NE(other.message().find("'hr'"), std::string::npos) << other.message();

  const Status admin = Authorize("agent:sales", RequiredAccess::Admin());
  EXPECT_EQ(admin.code(), StatusCode::kPermissionDenied);
  EXPECT_NE(admin.message().find("admin key"), std::string::npos) << admin.message();
}

TEST(AuthorizeTest, UnknownScopesGetNothing) {
  EXPECT_EQ(Authorize("agent:", RequiredAccess::AgentRun("")).code(),
            StatusCode::kPermissionDenied);
  EXPECT_EQ(Authorize("root", RequiredAccess::Admin()).code(), StatusCode::kPermissionDenied);
  EXPECT_EQ(Authorize("", RequiredAccess::Admin()).code(), StatusCode::kPermissionDenied);
}

// A key tied to a user: a valid scope that grants nothing by itself (the server resolves
// the user's own role and agents at each request).
TEST(AuthorizeTest, UserScopeIsValidButGrantsNothingByItself) {
  EXPECT_TRUE(ValidateScope(UserScope("ann")).ok());
  EXPECT_EQ(UserScope("ann"), "user:ann");
  EXPECT_FALSE(ValidateScope("user:").ok());
  EXPECT_EQ(Authorize("user:ann", RequiredAccess::AgentRun("sales")).code(),
            StatusCode::kPermissionDenied);
  EXPECT_EQ(Authorize("user:ann", RequiredAccess::Admin()).code(), StatusCode::kPermissionDenied);
}

TEST(ApiKeyRecordTest, JsonRoundTrip) {
  ApiKeyRecord record;
  record.id = "0123456789abcdef";
  record.scope = "agent:sales";
  record.hash = "$argon2id$v=19$m=8,t=1,p=1$abc$def";
  record.created_at = std::chrono::system_clock::from_time_t(1714564800);  // 2024-05-01 12:00
  record.last4 = "wxyz";
  record.revoked = true;

  const Json json = ApiKeyRecordToJson(record);
  EXPECT_EQ(json["created_at"], "2024-05-01T12:00:00Z");
  StatusOr<ApiKeyRecord> back = ApiKeyRecordFromJson(json);
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  EXPECT_EQ(*back, record);

  const Json shown = ApiKeyRecordToJson(record, /*include_hash=*/false);
  EXPECT_FALSE(shown.contains("hash"));
  EXPECT_EQ(shown["last4"], "wxyz");
}

TEST(ApiKeyRecordTest, FromJsonRejectsBadRecords) {
  EXPECT_FALSE(ApiKeyRecordFromJson(Json::array()).ok());
  EXPECT_FALSE(ApiKeyRecordFromJson(Json{{"id", "x"}}).ok());
  Json good = {{"id", "a"},
               {"scope", "admin"},
               {"hash", "h"},
               {"created_at", "2024-05-01T12:00:00Z"},
               {"revoked", false}};
  EXPECT_TRUE(ApiKeyRecordFromJson(good).ok());
  Json bad_time = good;
  bad_time["created_at"] = "yesterday";
  EXPECT_EQ(ApiKeyRecordFromJson(bad_time).status().code(), StatusCode::kInvalidArgument);
  Json bad_scope = good;
  bad_scope["scope"] = "superuser";
  EXPECT_EQ(ApiKeyRecordFromJson(bad_scope).status().code(), StatusCode::kInvalidArgument);
  Json bad_revoked = good;
  bad_revoked["revoked"] = "no";
  EXPECT_EQ(ApiKeyRecordFromJson(bad_revoked).status().code(), StatusCode::kInvalidArgument);
}

TEST(InMemoryApiKeyStoreTest, PutFindListRevoke) {
  std::unique_ptr<ApiKeyStore> store = NewInMemoryApiKeyStore();
  EXPECT_EQ(store->FindById("nope").status().code(), StatusCode::kNotFound);
  EXPECT_EQ(store->Revoke("nope").code(), StatusCode::kNotFound);

  ApiKeyRecord later{"b", "admin", "h1", std::chrono::system_clock::from_time_t(200), {}, false};
  ApiKeyRecord earlier{"c", "agent:x", "h2", std::chrono::system_clock::from_time_t(100),
                       {},  false};
  ASSERT_TRUE(store->Put(later).ok());
  ASSERT_TRUE(store->Put(earlier).ok());
  StatusOr<std::vector<ApiKeyRecord>> all = store->List();
  ASSERT_TRUE(all.ok());
  ASSERT_EQ(all->size(), 2u);
  EXPECT_EQ((*all)[0].id, "c");
  EXPECT_EQ((*all)[1].id, "b");

  ASSERT_TRUE(store->Revoke("b").ok());
  EXPECT_TRUE(store->FindById("b")->revoked);
  EXPECT_FALSE(store->FindById("c")->revoked);
}

TEST(IssueApiKeyTest, StoresOnlyTheHash) {
  std::unique_ptr<ApiKeyStore> store = NewInMemoryApiKeyStore();
  FakeClock clock(std::chrono::system_clock::from_time_t(1000) + std::chrono::milliseconds(250));
  StatusOr<IssuedApiKey> issued = IssueApiKey(*store, "agent:sales", HashOptions::Min(), clock);
  ASSERT_TRUE(issued.ok()) << issued.status().ToString();
  StatusOr<ApiKeyRecord> stored = store->FindById(issued->record.id);
  ASSERT_TRUE(stored.ok());
  EXPECT_EQ(*stored, issued->record);
  EXPECT_EQ(stored->created_at, std::chrono::system_clock::from_time_t(1000));
  EXPECT_EQ(stored->scope, "agent:sales");
  const std::string secret = ParseApiKey(issued->key)->secret;
  EXPECT_EQ(stored->hash.find(secret), std::string::npos);
  EXPECT_TRUE(VerifyApiKeySecret(stored->hash, secret));
  EXPECT_EQ(stored->last4, secret.substr(secret.size() - 4));

  EXPECT_EQ(ApiKeyRecordFromJson(ApiKeyRecordToJson(*stored)).value(), *stored);

  EXPECT_EQ(IssueApiKey(*store, "everything", HashOptions::Min(), clock).status().code(),
            StatusCode::kInvalidArgument);
}

class AuthenticatorTest : public ::testing::Test {
 protected:
  void SetUp() override {
    store_ = NewInMemoryApiKeyStore();
    admin_key_ = Issue("admin");
    agent_key_ = Issue("agent:sales");
    auth_ = MakeAuthenticator(Options());
  }

  static AuthenticatorOptions Options() {
    AuthenticatorOptions options;
    options.cache_ttl = minutes(5);
    options.cache_max_entries = 100;
    options.dummy_hash_options = HashOptions::Min();
    return options;
  }

  std::unique_ptr<ApiKeyAuthenticator> MakeAuthenticator(AuthenticatorOptions options) {
    StatusOr<std::unique_ptr<ApiKeyAuthenticator>> auth =
        ApiKeyAuthenticator::Create(*store_, std::move(options), clock_);
    EXPECT_TRUE(auth.ok()) << auth.status().ToString();
    return std::move(auth).value();
  }

  std::string Issue(std::string_view scope) {
    StatusOr<IssuedApiKey> issued = IssueApiKey(*store_, scope, HashOptions::Min(), clock_);
    EXPECT_TRUE(issued.ok()) << issued.status().ToString();
    return issued->key;
  }

  StatusOr<Principal> Bearer(const std::string& key) {
    Headers headers;
    headers.Set("Authorization", "Bearer " + key);
    return auth_->Authenticate(headers.Lookup());
  }

  FakeClock clock_{std::chrono::system_clock::from_time_t(1000)};
  std::unique_ptr<ApiKeyStore> store_;
  std::string admin_key_;
  std::string agent_key_;
  std::unique_ptr<ApiKeyAuthenticator> auth_;
};

void ExpectUnauthenticated(const StatusOr<Principal>& result) {
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.status().code(), kUnauthenticatedCode);
  EXPECT_NE(result.status().message().find("Authorization: Bearer <key>"), std::string::npos)
      << result.status().message();
  EXPECT_NE(result.status().message().find("X-API-Key: <key>"), std::string::npos);
}

TEST_F(AuthenticatorTest, AcceptsABearerToken) {
  StatusOr<Principal> principal = Bearer(admin_key_);
  ASSERT_TRUE(principal.ok()) << principal.status().ToString();
  EXPECT_EQ(principal->scope, "admin");
  EXPECT_EQ(principal->key_id, ParseApiKey(admin_key_)->id);
}

TEST_F(AuthenticatorTest, AcceptsTheSchemeInAnyCaseAndExtraSpaces) {
  Headers headers;
  headers.Set("authorization", "  bearer   " + agent_key_ + " ");
  StatusOr<Principal> principal = auth_->Authenticate(headers.Lookup());
  ASSERT_TRUE(principal.ok()) << principal.status().ToString();
  EXPECT_EQ(principal->scope, "agent:sales");
}

TEST_F(AuthenticatorTest, AcceptsAnXApiKeyHeader) {
  Headers headers;
  headers.Set("X-API-Key", agent_key_);
  StatusOr<Principal> principal = auth_->Authenticate(headers.Lookup());
  ASSERT_TRUE(principal.ok()) << principal.status().ToString();
  EXPECT_EQ(principal->scope, "agent:sales");
}

TEST_F(AuthenticatorTest, OtherAuthorizationSchemeFallsBackToXApiKey) {
  Headers headers;
  headers.Set("Authorization", "Basic dXNlcjpwYXNz");
  ExpectUnauthenticated(auth_->Authenticate(headers.Lookup()));
  headers.Set("X-API-Key", admin_key_);
  EXPECT_TRUE(auth_->Authenticate(headers.Lookup()).ok());
}

TEST_F(AuthenticatorTest, MissingHeaderSaysHowToSendTheKey) {
  StatusOr<Principal> result = auth_->Authenticate(Headers().Lookup());
  ExpectUnauthenticated(result);
  EXPECT_NE(result.status().message().find("no API key"), std::string::npos);
  ExpectUnauthenticated(Bearer(""));
}

TEST_F(AuthenticatorTest, UnknownIdWrongSecretAndMalformedKeyLookTheSame) {
  const ParsedApiKey admin = ParseApiKey(admin_key_).value();
  const ParsedApiKey agent = ParseApiKey(agent_key_).value();
  const StatusOr<GeneratedApiKey> unknown = GenerateApiKey();
  ASSERT_TRUE(unknown.ok());
  const std::string wrong_secret = "askdb_" + admin.id + "_" + agent.secret;

  const StatusOr<Principal> unknown_result = Bearer(unknown->key);
  const StatusOr<Principal> wrong_result = Bearer(wrong_secret);
  const StatusOr<Principal> malformed_result = Bearer("askdb_123");
  const StatusOr<Principal> other_prefix = Bearer("other_" + admin.id + "_" + admin.secret);
  ExpectUnauthenticated(unknown_result);
  ExpectUnauthenticated(wrong_result);
  ExpectUnauthenticated(malformed_result);
  ExpectUnauthenticated(other_prefix);
  EXPECT_EQ(unknown_result.status(), wrong_result.status());
  EXPECT_EQ(unknown_result.status(), malformed_result.status());
  EXPECT_EQ(auth_->GetCacheStats().size, 0u) << "failures must not be cached";
}

TEST_F(AuthenticatorTest, CachesSuccessesUpToTheLimit) {
  EXPECT_EQ(auth_->GetCacheStats().size, 0u);
  ASSERT_TRUE(Bearer(admin_key_).ok());
  EXPECT_EQ(auth_->GetCacheStats().size, 1u);
  ASSERT_TRUE(Bearer(admin_key_).ok());
  EXPECT_EQ(auth_->GetCacheStats().size, 1u);
  ASSERT_TRUE(Bearer(agent_key_).ok());
  EXPECT_EQ(auth_->GetCacheStats().size, 2u);

  AuthenticatorOptions small = Options();
  small.cache_max_entries = 1;
  auth_ = MakeAuthenticator(small);
  ASSERT_TRUE(Bearer(admin_key_).ok());
  ASSERT_TRUE(Bearer(agent_key_).ok());
  EXPECT_EQ(auth_->GetCacheStats().size, 1u);
  ASSERT_TRUE(Bearer(admin_key_).ok());  // evicted, verified again
  EXPECT_EQ(auth_->GetCacheStats().size, 1u);
  EXPECT_EQ(auth_->GetCacheStats().misses, 3u);
  EXPECT_EQ(auth_->GetCacheStats().hits, 0u);

  AuthenticatorOptions none = Options();
  none.cache_max_entries = 0;
  auth_ = MakeAuthenticator(none);
  ASSERT_TRUE(Bearer(admin_key_).ok());
  EXPECT_EQ(auth_->GetCacheStats().size, 0u);
}

TEST_F(AuthenticatorTest, RepeatedRequestsAreAnsweredFromTheCache) {
  ASSERT_TRUE(Bearer(admin_key_).ok());
  EXPECT_EQ(auth_->GetCacheStats().misses, 1u);
  EXPECT_EQ(auth_->GetCacheStats().hits, 0u);
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(Bearer(admin_key_).ok());
  EXPECT_EQ(auth_->GetCacheStats().misses, 1u);
  EXPECT_EQ(auth_->GetCacheStats().hits, 3u);
  // A wrong secret for the same id is never answered from the cache.
  const ParsedApiKey admin = ParseApiKey(admin_key_).value();
  ExpectUnauthenticated(Bearer("askdb_" + admin.id + "_" + ParseApiKey(agent_key_)->secret));
  EXPECT_EQ(auth_->GetCacheStats().hits, 3u);
}

TEST_F(AuthenticatorTest, CachedEntriesExpire) {
  ASSERT_TRUE(Bearer(admin_key_).ok());
  clock_.Advance(minutes(4));
  ASSERT_TRUE(Bearer(admin_key_).ok());
  EXPECT_EQ(auth_->GetCacheStats().hits, 1u);
  clock_.Advance(minutes(1) + seconds(1));  // 5 min 1 s after the verification
  ASSERT_TRUE(Bearer(admin_key_).ok());
  EXPECT_EQ(auth_->GetCacheStats().hits, 1u);
  EXPECT_EQ(auth_->GetCacheStats().misses, 2u);
  EXPECT_EQ(auth_->GetCacheStats().size, 1u);
}

TEST_F(AuthenticatorTest, RevokedKeyFailsAtOnceEvenWhenCached) {
  ASSERT_TRUE(Bearer(agent_key_).ok());
  ASSERT_EQ(auth_->GetCacheStats().size, 1u);
  ASSERT_TRUE(store_->Revoke(ParseApiKey(agent_key_)->id).ok());
  ExpectUnauthenticated(Bearer(agent_key_));
  EXPECT_EQ(auth_->GetCacheStats().size, 0u);
  ExpectUnauthenticated(Bearer(agent_key_));  // and not cached again
  EXPECT_TRUE(Bearer(admin_key_).ok());
}

TEST_F(AuthenticatorTest, RevokedKeyFailsWhenNeverCached) {
  ASSERT_TRUE(store_->Revoke(ParseApiKey(admin_key_)->id).ok());
  ExpectUnauthenticated(Bearer(admin_key_));
}

TEST_F(AuthenticatorTest, ReplacedRecordIsVerifiedAgain) {
  ASSERT_TRUE(Bearer(admin_key_).ok());
  // The record now holds another secret's hash: the cached success must not count.
  ApiKeyRecord record = store_->FindById(ParseApiKey(admin_key_)->id).value();
  record.hash = HashApiKeySecret("something else", HashOptions::Min()).value();
  ASSERT_TRUE(store_->Put(record).ok());
  ExpectUnauthenticated(Bearer(admin_key_));
}

TEST_F(AuthenticatorTest, ScopesFromTheKeyDriveAuthorization) {
  StatusOr<Principal> admin = Bearer(admin_key_);
  StatusOr<Principal> agent = Bearer(agent_key_);
  ASSERT_TRUE(admin.ok() && agent.ok());
  EXPECT_TRUE(Authorize(admin->scope, RequiredAccess::Admin()).ok());
  EXPECT_TRUE(Authorize(agent->scope, RequiredAccess::AgentRun("sales")).ok());
  EXPECT_EQ(Authorize(agent->scope, RequiredAccess::AgentRun("hr")).code(),
            StatusCode::kPermissionDenied);
  EXPECT_EQ(Authorize(agent->scope, RequiredAccess::Admin()).code(), StatusCode::kPermissionDenied);
}

TEST_F(AuthenticatorTest, ConcurrentRequestsShareTheCache) {
  constexpr int kThreads = 4;
  constexpr int kRequests = 50;
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      const std::string& key = t % 2 == 0 ? admin_key_ : agent_key_;
      for (int i = 0; i < kRequests; ++i) {
        if (!auth_->AuthenticateKey(key).ok()) failures.fetch_add(1);
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(failures.load(), 0);
  const ApiKeyAuthenticator::CacheStats stats = auth_->GetCacheStats();
  EXPECT_EQ(stats.hits + stats.misses, static_cast<uint64_t>(kThreads * kRequests));
  EXPECT_LE(stats.misses, static_cast<uint64_t>(kThreads));  // at most one miss per thread
  EXPECT_EQ(stats.size, 2u);
}

TEST(AuthenticatorStoreErrorTest, StoreFailuresAreNotReportedAsBadKeys) {
  FailingStore store;
  AuthenticatorOptions options;
  options.dummy_hash_options = HashOptions::Min();
  StatusOr<std::unique_ptr<ApiKeyAuthenticator>> auth = ApiKeyAuthenticator::Create(store, options);
  ASSERT_TRUE(auth.ok());
  const StatusOr<Principal> result = (*auth)->AuthenticateKey(GenerateApiKey()->key);
  EXPECT_EQ(result.status().code(), StatusCode::kUnavailable);
}

TEST(IsLoopbackHostTest, RecognisesLoopbackOnly) {
  for (const char* host : {"127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost", "LocalHost",
                           "::ffff:127.0.0.1", "0:0:0:0:0:0:0:1"}) {
    EXPECT_TRUE(IsLoopbackHost(host)) << host;
  }
  for (const char* host :
       {"0.0.0.0", "::", "[::]", "", "192.168.1.10", "10.0.0.1", "128.0.0.1",
        "localhost.example.com", "127.0.0.1.nip.io", "example.com", "::ffff:10.0.0.1", "::2"}) {
    EXPECT_FALSE(IsLoopbackHost(host)) << host;
  }
}

TEST(AuthPolicyTest, AuthOffOnAPublicAddressIsRefused) {
  StatusOr<AuthPolicy> policy = AuthPolicy::Make(/*auth_enabled=*/false, "0.0.0.0");
  ASSERT_FALSE(policy.ok());
  EXPECT_EQ(policy.status().code(), StatusCode::kInvalidArgument);
  const std::string& message = policy.status().message();
  EXPECT_NE(message.find("0.0.0.0"), std::string::npos) << message;
  EXPECT_NE(message.find("enable authentication"), std::string::npos) << message;
  EXPECT_NE(message.find("127.0.0.1"), std::string::npos) << message;
  EXPECT_FALSE(AuthPolicy::Make(false, "192.168.1.5").ok());
  EXPECT_FALSE(AuthPolicy::Make(false, "::").ok());
  EXPECT_FALSE(AuthPolicy::Make(false, "").ok());
}

TEST(AuthPolicyTest, AuthOffOnLoopbackIsAllowed) {
  for (const char* host : {"127.0.0.1", "::1", "localhost"}) {
    StatusOr<AuthPolicy> policy = AuthPolicy::Make(/*auth_enabled=*/false, host);
    ASSERT_TRUE(policy.ok()) << host << ": " << policy.status().ToString();
    EXPECT_FALSE(policy->auth_required()) << host;
  }
}

TEST(AuthPolicyTest, AuthOnIsAlwaysAllowed) {
  for (const char* host : {"0.0.0.0", "127.0.0.1", "::"}) {
    StatusOr<AuthPolicy> policy = AuthPolicy::Make(/*auth_enabled=*/true, host);
    ASSERT_TRUE(policy.ok()) << host;
    EXPECT_TRUE(policy->auth_required()) << host;
  }
}

}  // namespace
}  // namespace askdb::server::security
