#include "askdb/db/server_support.h"

#include <gtest/gtest.h>

#include <cstdlib>

#include "askdb/db/database_url.h"

namespace askdb::db::server {
namespace {

constexpr const char* kFirst = "ASKDB_TEST_RESOLVE_FIRST";
constexpr const char* kSecond = "ASKDB_TEST_RESOLVE_SECOND";

// The password the environment gives a URL without one, the variables read in order.
std::optional<std::string> FromEnvironment() {
  StatusOr<DatabaseUrl> url = ParseDatabaseUrl("postgres://reader@localhost:5432/shop");
  EXPECT_TRUE(url.ok()) << url.status().message();
  StatusOr<std::optional<std::string>> password = ResolvePassword(*url, {kFirst, kSecond});
  EXPECT_TRUE(password.ok()) << password.status().message();
  return password.ok() ? *password : std::nullopt;
}

class ResolvePasswordTest : public ::testing::Test {
 protected:
  void SetUp() override { Clear(); }
  void TearDown() override { Clear(); }
  static void Clear() {
    unsetenv(kFirst);
    unsetenv(kSecond);
  }
};

TEST_F(ResolvePasswordTest, ReadsTheFirstVariableSet) {
  setenv(kFirst, "one", 1);
  setenv(kSecond, "two", 1);
  EXPECT_EQ(FromEnvironment(), std::optional<std::string>("one"));
}

// An empty variable counts as unset, as everywhere in askdb: ASKDB_MYSQL_PASSWORD= must not
// hide MYSQL_PWD, nor ASKDB_PG_PASSWORD= stand for an empty password.
TEST_F(ResolvePasswordTest, AnEmptyVariableCountsAsUnset) {
  setenv(kFirst, "", 1);
  setenv(kSecond, "two", 1);
  EXPECT_EQ(FromEnvironment(), std::optional<std::string>("two"));
  setenv(kSecond, "", 1);
  EXPECT_EQ(FromEnvironment(), std::nullopt);
}

TEST_F(ResolvePasswordTest, AnEmptyPasswordInTheUrlIsKept) {
  setenv(kFirst, "one", 1);
  StatusOr<DatabaseUrl> url = ParseDatabaseUrl("postgres://reader:@localhost:5432/shop");
  ASSERT_TRUE(url.ok()) << url.status().message();
  StatusOr<std::optional<std::string>> password = ResolvePassword(*url, {kFirst});
  ASSERT_TRUE(password.ok());
  EXPECT_EQ(*password, std::optional<std::string>(""));
}

}  // namespace
}  // namespace askdb::db::server
