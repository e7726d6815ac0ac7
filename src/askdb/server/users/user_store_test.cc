// UserStore and UserAuth against both management databases: a scratch SQLite file and the
// test PostgreSQL of scripts/db_servers.sh (ASKDB_TEST_STORE_URL; each test in a schema of
// its own, dropped afterwards; skipped with a message without the server).
#include "askdb/server/users/user_store.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <optional>

#include "askdb/server/store/postgres_management_store.h"
#include "askdb/server/store/sqlite_management_store.h"
#include "askdb/server/users/cidr.h"
#include "askdb/server/users/user_auth.h"
#include "tests/servers/pg_scratch_schema.h"
#include "tests/servers/server_env.h"

namespace askdb::server::users {
namespace {

namespace fs = std::filesystem;

enum class Backend { kSqlite, kPostgres };

class UserStoreTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    static std::atomic<int> counter{0};
    if (GetParam() == Backend::kSqlite) {
      dir_ = fs::temp_directory_path() /
             ("askdb_users_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
      fs::create_directories(dir_);
      auto db = store::SqliteManagementStore::Open(dir_ / "m.sqlite");
      ASSERT_TRUE(db.ok()) << db.status().ToString();
      db_ = std::move(db).value();
    } else {
      ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_STORE_URL");
      schema_.emplace(url, "users_test");
      auto db = store::PostgresManagementStore::Open(schema_->url());
      ASSERT_TRUE(db.ok()) << db.status().ToString();
      db_ = std::move(db).value();
    }
    auto users = UserStore::Open(*db_);
    ASSERT_TRUE(users.ok()) << users.status().ToString();
    users_ = std::move(users).value();
  }
  void TearDown() override {
    users_.reset();
    db_.reset();
    if (!dir_.empty()) fs::remove_all(dir_);
    schema_.reset();
  }

  UserRecord Ann() const {
    UserRecord u;
    u.name = "ann";
    u.password_hash = "$argon2id$placeholder";
    u.role = Role::kAnalyst;
    u.attributes = {{"region", "华东"}, {"department", "sales"}};
    u.agents = {"default"};
    return u;
  }

  fs::path dir_;
  std::optional<db::testing::PgScratchSchema> schema_;
  std::unique_ptr<store::ManagementStore> db_;
  std::unique_ptr<UserStore> users_;
};

TEST_P(UserStoreTest, CreateGetListUpdateDelete) {
  ASSERT_TRUE(users_->CreateUser(Ann()).ok());
  auto again = users_->CreateUser(Ann());
  EXPECT_EQ(again.code(), StatusCode::kAlreadyExists);
  auto ann = users_->GetUser("ann");
  ASSERT_TRUE(ann.ok()) << ann.status().ToString();
  EXPECT_EQ(ann->attributes.at("region"), "华东");
  EXPECT_EQ(ann->agents, std::vector<std::string>{"default"});
  EXPECT_EQ(ann->role, Role::kAnalyst);
  UserRecord bob = Ann();
  bob.name = "bob";
  bob.role = Role::kEditor;
  bob.attributes = {{"region", "华南"}};
  ASSERT_TRUE(users_->CreateUser(bob).ok());
  auto list = users_->ListUsers();
  ASSERT_TRUE(list.ok());
  ASSERT_EQ(list->size(), 2u);
  EXPECT_EQ((*list)[0].name, "ann");
  EXPECT_EQ((*list)[1].role, Role::kEditor);

  ann->attributes["region"] = "华北";
  ann->agents = {"default", "hr"};
  ASSERT_TRUE(users_->UpdateUser(*ann).ok());
  EXPECT_EQ(users_->GetUser("ann")->attributes.at("region"), "华北");
  ASSERT_TRUE(users_->RemoveAgentGrants("hr").ok());
  EXPECT_EQ(users_->GetUser("ann")->agents, std::vector<std::string>{"default"});

  UserRecord ghost = Ann();
  ghost.name = "ghost";
  EXPECT_EQ(users_->UpdateUser(ghost).code(), StatusCode::kNotFound);
  ASSERT_TRUE(users_->DeleteUser("bob").ok());
  EXPECT_EQ(users_->DeleteUser("bob").code(), StatusCode::kNotFound);
  EXPECT_EQ(users_->GetUser("bob").status().code(), StatusCode::kNotFound);
}

TEST_P(UserStoreTest, RefusesBadNamesAndAttributes) {
  UserRecord u = Ann();
  u.name = "ann smith";
  EXPECT_EQ(users_->CreateUser(u).code(), StatusCode::kInvalidArgument);
  u.name = "ann";
  u.attributes = {{"re gion", "x"}};
  Status bad = users_->CreateUser(u);
  EXPECT_EQ(bad.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(bad.message().find("re gion"), std::string::npos) << bad.message();
  EXPECT_EQ(users_->ListUsers()->size(), 0u);
}

TEST_P(UserStoreTest, SessionsExpireAndGoWithTheirUser) {
  ASSERT_TRUE(users_->CreateUser(Ann()).ok());
  const auto now = Clock::System().Now();
  ASSERT_TRUE(users_->PutSession({"h1", "ann", now, now + std::chrono::hours(1), "1.2.3.4"}).ok());
  ASSERT_TRUE(users_->PutSession({"h2", "ann", now, now - std::chrono::hours(1), "1.2.3.4"}).ok());
  auto found = users_->FindSession("h1");
  ASSERT_TRUE(found.ok());
  EXPECT_EQ(found->user_name, "ann");
  EXPECT_EQ(found->client, "1.2.3.4");
  EXPECT_EQ(*users_->DeleteExpiredSessions(), 1);
  EXPECT_EQ(users_->FindSession("h2").status().code(), StatusCode::kNotFound);
  ASSERT_TRUE(users_->DeleteUser("ann").ok());
  EXPECT_EQ(users_->FindSession("h1").status().code(), StatusCode::kNotFound);
}

TEST_P(UserStoreTest, AuditIsNewestFirstAndPaged) {
  const auto t0 = Clock::System().Now();
  for (int i = 0; i < 5; ++i) {
    ASSERT_TRUE(users_
                    ->Append({"", t0 + std::chrono::seconds(i), "user:root", "user_created",
                              "user:u" + std::to_string(i), "", "127.0.0.1"})
                    .ok());
  }
  auto page = users_->ListAudit(2, 0);
  ASSERT_TRUE(page.ok());
  ASSERT_EQ(page->size(), 2u);
  EXPECT_EQ((*page)[0].target, "user:u4");
  EXPECT_EQ((*page)[1].target, "user:u3");
  auto next = users_->ListAudit(10, 4);
  ASSERT_EQ(next->size(), 1u);
  EXPECT_EQ((*next)[0].target, "user:u0");
  EXPECT_EQ(users_->ListAudit(0).status().code(), StatusCode::kInvalidArgument);
}

TEST_P(UserStoreTest, SignInIssuesASessionOnlyTheRightPasswordGets) {
  UserAuthOptions options;
  options.hash = security::HashOptions::Min();
  options.throttle.max_failures = 3;
  auto auth = UserAuth::Create(*users_, options);
  ASSERT_TRUE(auth.ok()) << auth.status().ToString();
  UserRecord ann = Ann();
  ann.password_hash = *(*auth)->HashPassword("correct horse");
  ASSERT_TRUE(users_->CreateUser(ann).ok());
  EXPECT_EQ((*auth)->HashPassword("short").status().code(), StatusCode::kInvalidArgument);

  std::chrono::seconds retry{0};
  auto wrong = (*auth)->SignIn("ann", "wrong horse", "10.0.0.1", &retry);
  EXPECT_EQ(wrong.status().code(), StatusCode::kUnauthenticated);
  auto unknown = (*auth)->SignIn("nobody", "whatever1", "10.0.0.2", &retry);
  EXPECT_EQ(unknown.status().code(), StatusCode::kUnauthenticated);
  EXPECT_EQ(unknown.status().message(), wrong.status().message());  // names stay secret

  auto ok = (*auth)->SignIn("ann", "correct horse", "10.0.0.1", &retry);
  ASSERT_TRUE(ok.ok()) << ok.status().ToString();
  EXPECT_TRUE(UserAuth::LooksLikeSessionToken(ok->token));
  // Only the hash is stored.
  EXPECT_EQ(users_->FindSession(ok->token).status().code(), StatusCode::kNotFound);
  auto me = (*auth)->FromToken(ok->token);
  ASSERT_TRUE(me.ok());
  EXPECT_EQ(me->name, "ann");
  EXPECT_EQ(me->attributes.at("region"), "华东");
  ASSERT_TRUE((*auth)->SignOut(ok->token, "10.0.0.1").ok());
  EXPECT_EQ((*auth)->FromToken(ok->token).status().code(), StatusCode::kUnauthenticated);
  // The route it names is the one that exists (it said /api/auth/login).
  EXPECT_NE((*auth)->FromToken(ok->token).status().message().find("POST /api/v1/auth/login"),
            std::string::npos);

  auto audit = users_->ListAudit(100);
  ASSERT_TRUE(audit.ok());
  int failed = 0;
  for (const AuditEntry& e : *audit) failed += e.action == "sign_in_failed";
  EXPECT_EQ(failed, 2);
}

// Expired sessions do not pile up: the next sign-in (anyone's) removes them from the store.
TEST_P(UserStoreTest, SignInPurgesExpiredSessions) {
  FakeClock clock(Clock::TimePoint{} + std::chrono::hours(24 * 365 * 50));
  auto users = UserStore::Open(*db_, &clock);
  ASSERT_TRUE(users.ok()) << users.status().ToString();
  UserAuthOptions options;
  options.hash = security::HashOptions::Min();
  options.session_ttl = std::chrono::hours(1);
  auto auth = UserAuth::Create(**users, options, &clock);
  ASSERT_TRUE(auth.ok()) << auth.status().ToString();
  UserRecord ann = Ann();
  ann.password_hash = *(*auth)->HashPassword("correct horse");
  ASSERT_TRUE((*users)->CreateUser(ann).ok());
  UserRecord bob = Ann();
  bob.name = "bob";
  bob.password_hash = ann.password_hash;
  ASSERT_TRUE((*users)->CreateUser(bob).ok());

  std::chrono::seconds retry{0};
  auto first = (*auth)->SignIn("ann", "correct horse", "10.0.0.1", &retry);
  ASSERT_TRUE(first.ok()) << first.status().ToString();
  clock.Advance(std::chrono::minutes(30));
  auto live = (*auth)->SignIn("ann", "correct horse", "10.0.0.1", &retry);
  ASSERT_TRUE(live.ok());
  // Both are stored while neither has expired.
  EXPECT_TRUE((*users)->FindSession(SessionTokenHash(first->token)).ok());
  EXPECT_TRUE((*users)->FindSession(SessionTokenHash(live->token)).ok());

  clock.Advance(std::chrono::minutes(45));  // the first has expired, the second has not
  auto other = (*auth)->SignIn("bob", "correct horse", "10.0.0.2", &retry);
  ASSERT_TRUE(other.ok());
  EXPECT_EQ((*users)->FindSession(SessionTokenHash(first->token)).status().code(),
            StatusCode::kNotFound);
  EXPECT_TRUE((*users)->FindSession(SessionTokenHash(live->token)).ok());
  EXPECT_TRUE((*auth)->FromToken(live->token).ok());
}

TEST_P(UserStoreTest, SignInLocksOutAfterRepeatedFailures) {
  UserAuthOptions options;
  options.hash = security::HashOptions::Min();
  options.throttle.max_failures = 3;
  auto auth = UserAuth::Create(*users_, options);
  ASSERT_TRUE(auth.ok());
  UserRecord ann = Ann();
  ann.password_hash = *(*auth)->HashPassword("correct horse");
  ASSERT_TRUE(users_->CreateUser(ann).ok());
  std::chrono::seconds retry{0};
  // From different addresses: the per-name count locks the account's sign-in.
  for (int i = 0; i < 3; ++i) {
    (void)(*auth)->SignIn("ann", "guess" + std::to_string(i) + "xx", "10.0.1." + std::to_string(i),
                          &retry);
  }
  auto locked = (*auth)->SignIn("ann", "correct horse", "10.0.2.1", &retry);
  EXPECT_EQ(locked.status().code(), StatusCode::kResourceExhausted);
  EXPECT_GT(retry.count(), 0);
}

TEST_P(UserStoreTest, ProxyHeaderOnlyFromTrustedPeers) {
  UserAuthOptions options;
  options.hash = security::HashOptions::Min();
  options.proxy_header = "X-Forwarded-User";
  options.trusted_proxies = {"10.9.0.0/16", "::1"};
  auto auth = UserAuth::Create(*users_, options);
  ASSERT_TRUE(auth.ok()) << auth.status().ToString();
  ASSERT_TRUE(users_->CreateUser(Ann()).ok());
  auto headers = [](std::string_view name) -> std::optional<std::string> {
    if (name == "X-Forwarded-User") return "ann";
    return std::nullopt;
  };
  auto trusted = (*auth)->FromProxy(headers, "10.9.3.4");
  ASSERT_TRUE(trusted.ok()) << trusted.status().ToString();
  ASSERT_TRUE(trusted->has_value());
  EXPECT_EQ((*trusted)->name, "ann");
  EXPECT_EQ((*trusted)->via, "proxy");
  EXPECT_TRUE((*auth)->FromProxy(headers, "::1").ok());
  auto untrusted = (*auth)->FromProxy(headers, "10.8.0.1");
  EXPECT_EQ(untrusted.status().code(), StatusCode::kPermissionDenied);
  auto none =
      (*auth)->FromProxy([](std::string_view) { return std::optional<std::string>(); }, "10.8.0.1");
  ASSERT_TRUE(none.ok());
  EXPECT_FALSE(none->has_value());
}

INSTANTIATE_TEST_SUITE_P(Stores, UserStoreTest,
                         ::testing::Values(Backend::kSqlite, Backend::kPostgres),
                         [](const auto& info) {
                           return info.param == Backend::kSqlite ? "sqlite" : "postgres";
                         });

TEST(CidrSetTest, MatchesNetworksAndRefusesBadEntries) {
  auto set = CidrSet::Parse({"192.168.0.0/16", "10.1.2.3", "fd00::/8"});
  ASSERT_TRUE(set.ok());
  EXPECT_TRUE(set->Contains("192.168.44.1"));
  EXPECT_TRUE(set->Contains("::ffff:192.168.1.1"));
  EXPECT_TRUE(set->Contains("10.1.2.3"));
  EXPECT_FALSE(set->Contains("10.1.2.4"));
  EXPECT_TRUE(set->Contains("fd12::1"));
  EXPECT_FALSE(set->Contains("fe80::1"));
  EXPECT_FALSE(set->Contains("not-an-address"));
  EXPECT_EQ(CidrSet::Parse({"10.0.0.0/33"}).status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(CidrSet::Parse({"example.com"}).status().code(), StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace askdb::server::users
