#include "bench/recall/gold_tables.h"

#include <gtest/gtest.h>

namespace askdb::bench {
namespace {

using Tables = std::vector<std::string>;

TEST(TablesInSqlTest, FromJoinAliasesAndCase) {
  EXPECT_EQ(TablesInSql("SELECT count(*) FROM singer"), Tables({"singer"}));
  EXPECT_EQ(TablesInSql("select T2.name from concert AS T1 join stadium AS T2 on "
                        "T1.stadium_id = T2.stadium_id"),
            Tables({"concert", "stadium"}));
  EXPECT_EQ(TablesInSql("SELECT a FROM t1 x INNER JOIN t2 y ON x.id = y.id"), Tables({"t1", "t2"}));
}

TEST(TablesInSqlTest, QuotesCommaListsAndSubqueries) {
  EXPECT_EQ(TablesInSql("SELECT `Free Meal Count (K-12)` FROM frpm WHERE `County Name` = 'x'"),
            Tables({"frpm"}));
  EXPECT_EQ(TablesInSql("SELECT a, b FROM \"Order Items\" AS o, [products] p WHERE o.a = p.b"),
            Tables({"Order Items", "products"}));
  EXPECT_EQ(TablesInSql("SELECT name FROM a WHERE id IN (SELECT aid FROM b) AND c = 'FROM x'"),
            Tables({"a", "b"}));
  EXPECT_EQ(TablesInSql("SELECT x FROM (SELECT y FROM inner_t) AS s JOIN main.outer_t o ON 1"),
            Tables({"inner_t", "outer_t"}));
}

TEST(TablesInSqlTest, SelectListCommasAreNotTables) {
  EXPECT_EQ(TablesInSql("SELECT singer, song FROM performance WHERE a = 1 ORDER BY singer, song"),
            Tables({"performance"}));
}

TEST(SchemaFromSpiderTablesTest, BuildsTablesColumnsAndKeys) {
  Json entry = Json::parse(R"({
    "db_id": "shop",
    "table_names_original": ["cust", "orders"],
    "table_names": ["customers", "orders"],
    "column_names_original": [[-1, "*"], [0, "id"], [0, "nm"], [1, "id"], [1, "cust_id"]],
    "column_names": [[-1, "*"], [0, "id"], [0, "name"], [1, "id"], [1, "cust id"]],
    "column_types": ["text", "number", "text", "number", "number"],
    "primary_keys": [1, [3]],
    "foreign_keys": [[4, 1]]})");
  db::DatabaseSchema s = SchemaFromSpiderTables(entry);
  ASSERT_EQ(s.tables.size(), 2u);
  EXPECT_EQ(s.tables[0].comment, "customers");
  EXPECT_EQ(s.tables[1].comment, "");
  ASSERT_EQ(s.tables[0].columns.size(), 2u);
  EXPECT_EQ(s.tables[0].columns[1].comment, "name");
  EXPECT_EQ(s.tables[1].columns[1].comment, "");  // "cust id" says nothing more
  EXPECT_EQ(s.tables[0].primary_key, std::vector<std::string>({"id"}));
  ASSERT_EQ(s.tables[1].foreign_keys.size(), 1u);
  EXPECT_EQ(s.tables[1].foreign_keys[0].ref_table, "cust");
}

}  // namespace
}  // namespace askdb::bench
