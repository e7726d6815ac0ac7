// "Which city has the most stores" / 哪个城市的门店最多: "most"/最多 beside a word that names a
// table counts its rows — also when a semantic model gives the same word to the table's name
// column (a demo-like model: 门店 = stores and stores.name), where the engine had abstained
// ("found what to group by but not what to compute").
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "askdb/catalog/semantic_model.h"
#include "askdb/nlq/engine.h"
#include "askdb/nlq/test_fixture.h"

namespace askdb::nlq {
namespace {

constexpr const char* kShopsSql = R"sql(
CREATE TABLE towns(town_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE shops(shop_id INTEGER PRIMARY KEY, name TEXT,
                   town_id INTEGER REFERENCES towns(town_id), floor_area REAL);
INSERT INTO towns VALUES (1,'Oslo'),(2,'Bergen'),(3,'Molde');
INSERT INTO shops VALUES (1,'A',1,120),(2,'B',1,80),(3,'C',1,95),(4,'D',2,300),(5,'E',2,60),
  (6,'F',3,500);
)sql";

using testing::SemanticColumn;
using testing::SemanticTable;

class CountSuperlativesTest : public testing::DbTest {
 protected:
  void SetUp() override {
    catalog::SemanticModel model;
    catalog::TableSemantics towns = SemanticTable("towns", "城市", "city");
    towns.columns = {SemanticColumn("name", "城市名", "city name")};
    catalog::TableSemantics shops = SemanticTable("shops", "门店表", "shop");
    shops.synonyms = {"门店", "store"};
    catalog::ColumnSemantics name = SemanticColumn("name", "门店名", "shop name");
    name.synonyms = {"门店", "store"};  // the word names the table and its name column
    shops.columns = {
        name, SemanticColumn("floor_area", "面积", "floor area", catalog::ColumnRole::kMeasure)};
    model.tables = {towns, shops};
    Open(kShopsSql, &model);
  }
};

TEST_F(CountSuperlativesTest, MostNamedRowsAreCounted) {
  const std::vector<std::string> oslo = {"Oslo|3"};
  EXPECT_EQ(Rows("which city has the most stores"), oslo);
  EXPECT_EQ(Rows("哪个城市的门店最多"), oslo);
  EXPECT_EQ(Rows("哪个城市门店最多"), oslo);
  EXPECT_EQ(Rows("which city has the fewest stores"), (std::vector<std::string>{"Molde|1"}));
  EXPECT_EQ(Rows("哪个城市的门店最少"), (std::vector<std::string>{"Molde|1"}));
}

// "曲目最多的前3张专辑": a top N said after 最多 (前N) still counts the table word before it.
TEST_F(CountSuperlativesTest, MostBeforeATopNCountsTheWordBefore) {
  const std::vector<std::string> top2 = {"Oslo|3", "Bergen|2"};
  EXPECT_EQ(Rows("门店最多的2个城市"), top2);
  EXPECT_EQ(Rows("门店最多的前2个城市"), top2);
  EXPECT_EQ(Rows("门店最少的前1个城市"), (std::vector<std::string>{"Molde|1"}));
}

TEST_F(CountSuperlativesTest, AMeasureAfterMostIsRankedNotCounted) {
  // 面积 is a measure column: its largest is ranked, never a count of rows.
  const Translation t = Ask("哪个城市的门店面积最大");
  EXPECT_EQ(t.sql.find("COUNT("), std::string::npos) << t.sql;
  const Translation en = Ask("which city has the largest stores");
  EXPECT_EQ(en.sql.find("COUNT("), std::string::npos) << en.sql;
}

}  // namespace
}  // namespace askdb::nlq
