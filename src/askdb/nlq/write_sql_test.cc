#include <gtest/gtest.h>

#include "askdb/nlq/stage_test_util.h"

namespace askdb::nlq {
namespace {

class WriteSqlTest : public ::testing::Test {
 protected:
  void SetUp() override { shop_ = testing::OpenShop(); }
  // The SQL the writer produces for a question whose tables resolved.
  std::string Sql(std::string_view question) {
    testing::StageRun run(question, shop_);
    EXPECT_TRUE(run.Resolve()) << run.why_en;
    std::string why_en, why_zh;
    std::optional<std::string> sql = run.parser->BuildSql(&why_en, &why_zh);
    EXPECT_TRUE(sql.has_value()) << why_en;
    return sql.value_or("");
  }
  testing::Shop shop_;
};

TEST_F(WriteSqlTest, AGroupedSumIsOneClausePerLineOrderedByTheMeasure) {
  EXPECT_EQ(Sql("total amount by region"),
            "SELECT \"regions\".\"name\" AS \"region\", SUM(\"orders\".\"amount\") AS "
            "\"amount\"\n"
            "FROM \"orders\"\n"
            "JOIN \"stores\" ON \"orders\".\"store_id\" = \"stores\".\"store_id\"\n"
            "JOIN \"regions\" ON \"stores\".\"region_id\" = \"regions\".\"region_id\"\n"
            "GROUP BY \"regions\".\"name\"\n"
            "ORDER BY SUM(\"orders\".\"amount\") DESC\n"
            "LIMIT 1000");
}

// "sorted by amount" beside SUM(amount) per region orders by the sum: the bare column would
// order the groups by one arbitrary order's amount (SQLite) or fail (PostgreSQL).
TEST_F(WriteSqlTest, AGroupedMeasureNamedAsTheOrderIsOrderedByItsAggregate) {
  const std::string sql = Sql("total amount by region sorted by amount ascending");
  EXPECT_NE(sql.find("ORDER BY SUM(\"orders\".\"amount\") ASC"), std::string::npos) << sql;
  EXPECT_EQ(sql.find("ORDER BY \"orders\".\"amount\""), std::string::npos) << sql;
  auto rs = shop_.connector->Execute(sql, {});
  ASSERT_TRUE(rs.ok()) << rs.status().ToString();
  ASSERT_GE(rs->rows.size(), 2u);
  EXPECT_LE(rs->rows[0][1].AsNumber().value_or(0), rs->rows[1][1].AsNumber().value_or(-1));
}

// A direction with no column of its own orders the groups by their measure that way: it was
// dropped for the default (largest first), the reverse of what was asked.
TEST_F(WriteSqlTest, ADirectionAloneOrdersTheGroupsMeasure) {
  EXPECT_NE(
      Sql("total amount by region, lowest first").find("ORDER BY SUM(\"orders\".\"amount\") ASC"),
      std::string::npos);
  EXPECT_NE(Sql("total amount by region").find("ORDER BY SUM(\"orders\".\"amount\") DESC"),
            std::string::npos);
}

TEST_F(WriteSqlTest, ValuesAreQuotedByTheDialectAndRun) {
  const std::string sql = Sql("how many online orders");
  EXPECT_NE(sql.find("WHERE \"orders\".\"channel\" = 'online'"), std::string::npos) << sql;
  auto rs = shop_.connector->Execute(sql, {});
  ASSERT_TRUE(rs.ok()) << rs.status().ToString();
  EXPECT_EQ(rs->rows[0][0].AsNumber().value_or(-1), 3);
}

TEST_F(WriteSqlTest, AComparisonIsANumericCondition) {
  const std::string sql = Sql("orders with amount greater than 50");
  EXPECT_NE(sql.find("\"orders\".\"amount\" > 50"), std::string::npos) << sql;
}

TEST_F(WriteSqlTest, APeriodIsAHalfOpenDateRange) {
  const std::string sql = Sql("total amount of orders in 2024");
  EXPECT_NE(sql.find("\"orders\".\"order_date\" >= '2024-01-01'"), std::string::npos) << sql;
  EXPECT_NE(sql.find("\"orders\".\"order_date\" < '2025-01-01'"), std::string::npos) << sql;
}

// "Which year has the most orders" read without its year: a single count ordered against
// nothing would answer "how many", not "which" (found below the threshold on develop data).
TEST_F(WriteSqlTest, ASuperlativeOverASingleTotalIsRefused) {
  testing::StageRun run("which weekday has the most orders", shop_);
  ASSERT_TRUE(run.Resolve()) << run.why_en;
  std::string why_en, why_zh;
  EXPECT_FALSE(run.parser->BuildSql(&why_en, &why_zh).has_value());
  EXPECT_NE(why_en.find("nothing to rank"), std::string::npos) << why_en;
  EXPECT_NE(why_zh.find("排名对象"), std::string::npos) << why_zh;
  // With something to rank it is written.
  EXPECT_NE(Sql("which region has the most orders").find("GROUP BY"), std::string::npos);
}

}  // namespace
}  // namespace askdb::nlq
