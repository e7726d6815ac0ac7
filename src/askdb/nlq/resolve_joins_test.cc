#include <gtest/gtest.h>

#include <algorithm>

#include "askdb/nlq/stage_test_util.h"

namespace askdb::nlq {
namespace {

class ResolveJoinsTest : public ::testing::Test {
 protected:
  void SetUp() override { shop_ = testing::OpenShop(); }
  int Table(const char* name) const { return shop_.index->FindTable(name); }
  testing::Shop shop_;
};

TEST_F(ResolveJoinsTest, AGroupTwoLookupsAwayJoinsAlongTheForeignKeys) {
  testing::StageRun run("total amount by region", shop_);
  ASSERT_TRUE(run.Resolve()) << run.why_en;
  const auto& tree = run.parser->join_tree();
  ASSERT_TRUE(tree.has_value());
  EXPECT_EQ(tree->root, Table("orders"));  // the measure's table
  const std::vector<int> tables = tree->Tables();
  EXPECT_EQ(tables, (std::vector<int>{Table("orders"), Table("stores"), Table("regions")}));
  EXPECT_FALSE(tree->HasFanOut());
}

TEST_F(ResolveJoinsTest, AValueBecomesAFilterOnItsColumn) {
  testing::StageRun run("how many online orders", shop_);
  ASSERT_TRUE(run.Resolve()) << run.why_en;
  const Query& q = run.parser->query();
  ASSERT_EQ(q.filters.size(), 1u);
  EXPECT_EQ(q.filters[0].column, shop_.index->FindColumn(Table("orders"), "channel"));
  EXPECT_EQ(q.filters[0].values, (std::vector<std::string>{"online"}));
  EXPECT_EQ(run.parser->join_tree()->Tables(), (std::vector<int>{Table("orders")}));
}

TEST_F(ResolveJoinsTest, AValueInALookupTableJoinsIt) {
  testing::StageRun run("total amount of orders in North", shop_);
  ASSERT_TRUE(run.Resolve()) << run.why_en;
  const std::vector<int> tables = run.parser->join_tree()->Tables();
  EXPECT_NE(std::find(tables.begin(), tables.end(), Table("regions")), tables.end());
}

TEST_F(ResolveJoinsTest, APeriodWithNoDateColumnIsRefusedSayingSo) {
  testing::StageRun run("how many regions in 2024", shop_);
  EXPECT_FALSE(run.Resolve());
  EXPECT_NE(run.why_en.find("no date column"), std::string::npos) << run.why_en;
}

}  // namespace
}  // namespace askdb::nlq
