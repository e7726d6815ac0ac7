#include "askdb/db/connector_registry.h"

#include <gtest/gtest.h>

#include <chrono>

#include "askdb/db/database_url.h"
#include "askdb/db/sqlite/test_fixtures.h"

namespace askdb::db {
namespace {

TEST(ConnectorRegistryTest, OpensSqliteByUrlAndBarePath) {
  testing::TempDir dir;
  ASSERT_TRUE(dir.ok());
  std::filesystem::path db = testing::CopyChinook(dir);
  for (const std::string& url : {"sqlite:" + db.string(), "sqlite://" + db.string(), db.string()}) {
    StatusOr<std::unique_ptr<Connector>> c = OpenConnector(url);
    ASSERT_TRUE(c.ok()) << url << ": " << c.status().ToString();
    EXPECT_EQ((*c)->engine(), "sqlite");
    StatusOr<ResultSet> rs = (*c)->Execute("SELECT COUNT(*) FROM Artist", {});
    ASSERT_TRUE(rs.ok()) << rs.status().ToString();
    EXPECT_EQ(rs->rows[0][0].int_value(), 275);
  }
}

TEST(ConnectorRegistryTest, ServerEnginesAreRegisteredAndFailClearlyWhenUnreachable) {
  for (std::string_view scheme : {"postgres", "postgresql", "mysql", "mariadb"}) {
    EXPECT_TRUE(ConnectorRegistry::Default().Has(scheme)) << scheme;
  }
  ConnectOptions quick;
  quick.connect_timeout = std::chrono::milliseconds(2000);
  for (std::string_view url :
       {"postgres://alice:pw@127.0.0.1:1/sales", "mysql://root:pw@127.0.0.1:1/shop"}) {
    StatusOr<std::unique_ptr<Connector>> c = OpenConnector(url, quick);
    ASSERT_FALSE(c.ok()) << url;
    EXPECT_EQ(c.status().code(), StatusCode::kUnavailable) << c.status().ToString();
    EXPECT_EQ(c.status().message().find(":pw@"), std::string::npos) << c.status().message();
  }
}

TEST(ConnectorRegistryTest, MalformedAndMissing) {
  StatusOr<std::unique_ptr<Connector>> bad = OpenConnector("sqlite://relative.db");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().code(), StatusCode::kInvalidArgument);

  testing::TempDir dir;
  StatusOr<std::unique_ptr<Connector>> missing =
      OpenConnector("sqlite:" + (dir.path() / "absent.db").string());
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().code(), StatusCode::kNotFound);
  EXPECT_TRUE(dir.Listing().empty());
}

TEST(ConnectorRegistryTest, CustomFactoriesAreLookedUpByScheme) {
  ConnectorRegistry registry;
  EXPECT_FALSE(registry.Has("postgres"));
  int calls = 0;
  std::string seen_host;
  ASSERT_TRUE(registry
                  .Register("Postgres",
                            [&](const DatabaseUrl& url,
                                const ConnectOptions&) -> StatusOr<std::unique_ptr<Connector>> {
                              ++calls;
                              seen_host = url.host;
                              return UnavailableError("test factory: no server");
                            })
                  .ok());
  EXPECT_TRUE(registry.Has("postgres"));
  Status dup = registry.Register("postgres", nullptr);
  EXPECT_EQ(dup.code(), StatusCode::kAlreadyExists);

  StatusOr<std::unique_ptr<Connector>> c = registry.Open("postgres://u@dbhost/x", {});
  EXPECT_EQ(c.status().code(), StatusCode::kUnavailable);
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(seen_host, "dbhost");
  // postgresql:// is a different scheme key with no factory in this registry.
  EXPECT_EQ(registry.Open("postgresql://u@dbhost/x", {}).status().code(),
            StatusCode::kUnimplemented);
  // An empty registry has no SQLite either: registration is explicit.
  EXPECT_EQ(registry.Open("sqlite:x.db", {}).status().code(), StatusCode::kUnimplemented);
  EXPECT_TRUE(ConnectorRegistry::Default().Has("sqlite"));
}

}  // namespace
}  // namespace askdb::db
