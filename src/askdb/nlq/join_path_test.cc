#include "askdb/nlq/join_path.h"

#include <gtest/gtest.h>

#include "askdb/nlq/test_fixture.h"

namespace askdb::nlq {
namespace {

TEST(JoinPath, ConnectsThroughIntermediateTables) {
  testing::Shop shop = testing::OpenShop();
  const SchemaIndex& idx = *shop.index;
  const int orders = idx.FindTable("orders"), regions = idx.FindTable("regions"),
            stores = idx.FindTable("stores"), items = idx.FindTable("items");
  auto tree = FindJoinTree(idx, orders, {regions});
  ASSERT_TRUE(tree);
  EXPECT_EQ(tree->Tables(), (std::vector<int>{orders, stores, regions}));
  EXPECT_FALSE(tree->HasFanOut());
  auto fan = FindJoinTree(idx, orders, {items});
  ASSERT_TRUE(fan);
  EXPECT_TRUE(fan->HasFanOut());
  auto same = FindJoinTree(idx, orders, {orders});
  ASSERT_TRUE(same);
  EXPECT_TRUE(same->steps.empty());
}

TEST(JoinPath, UnreachableTableGivesNothing) {
  auto conn = db::SqliteConnector::OpenInMemory(
      "CREATE TABLE a(id INTEGER PRIMARY KEY); CREATE TABLE b(id INTEGER PRIMARY KEY);");
  ASSERT_TRUE(conn.ok());
  auto idx = BuildSchemaIndex(**conn, nullptr);
  ASSERT_TRUE(idx.ok());
  EXPECT_FALSE(FindJoinTree(*idx, 0, {1}));
}

}  // namespace
}  // namespace askdb::nlq
