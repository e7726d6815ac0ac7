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

// The steps from a table up to the root, its own first: what the fan-out and detour checks
// walk (fan_out_check.h, join_path_check.h).
TEST(JoinPath, StepsToRootWalkFromATableUp) {
  testing::Shop shop = testing::OpenShop();
  const SchemaIndex& idx = *shop.index;
  const int orders = idx.FindTable("orders"), regions = idx.FindTable("regions"),
            stores = idx.FindTable("stores"), items = idx.FindTable("items");
  auto tree = FindJoinTree(idx, items, {regions});  // items → orders → stores → regions
  ASSERT_TRUE(tree);
  std::vector<int> tables, parents;
  for (const JoinStep& s : tree->StepsToRoot(regions)) {
    tables.push_back(s.table);
    parents.push_back(s.parent);
  }
  EXPECT_EQ(tables, (std::vector<int>{regions, stores, orders}));
  EXPECT_EQ(parents, (std::vector<int>{stores, orders, items}));
  EXPECT_EQ(tree->StepsToRoot(orders).size(), 1u);
  EXPECT_TRUE(tree->StepsToRoot(items).empty());  // the root
  auto short_tree = FindJoinTree(idx, orders, {stores});
  ASSERT_TRUE(short_tree);
  EXPECT_TRUE(short_tree->StepsToRoot(regions).empty());  // not in the tree
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
