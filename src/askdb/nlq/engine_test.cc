#include "askdb/nlq/engine.h"

#include <gtest/gtest.h>

#include "askdb/nlq/test_fixture.h"

namespace askdb::nlq {
namespace {

class EngineTest : public ::testing::Test {
 protected:
  void SetUp() override { shop_ = testing::OpenShop(); }
  Translation T(std::string_view q, TranslateOptions o = {}) {
    return Engine::Translate(q, *shop_.index, shop_.connector->dialect(), o);
  }
  // Runs the SQL and returns the first cell as a number.
  double Scalar(const Translation& t) {
    auto rs = shop_.connector->Execute(t.sql, {});
    EXPECT_TRUE(rs.ok()) << t.sql << ": " << rs.status().ToString();
    return rs.ok() && rs->row_count() ? rs->rows[0][0].AsNumber().value_or(-1) : -1;
  }
  testing::Shop shop_;
};

TEST_F(EngineTest, CountsAndSums) {
  Translation t = T("how many orders");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_EQ(Scalar(t), 5);
  t = T("total amount of orders");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_EQ(Scalar(t), 260);
}

TEST_F(EngineTest, ValueMatchingResolvesToColumnEqualsValue) {
  Translation t = T("how many online orders");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_NE(t.sql.find("'online'"), std::string::npos);
  EXPECT_EQ(Scalar(t), 3);
  t = T("华东的订单金额总和");  // value in a table two joins away
  // Chinese words for the columns are not in this schema: it must not guess.
  EXPECT_FALSE(t.answered);
  t = T("total amount of orders in North");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_EQ(Scalar(t), 150);
}

TEST_F(EngineTest, TimeExpressionsAnchorToTheData) {
  Translation t = T("total amount of orders in 2024");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_EQ(Scalar(t), 150);
  t = T("total amount of orders last year");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_EQ(Scalar(t), 150);  // latest date 2025-12-30 → last year = 2024
  EXPECT_NE(t.anchor_note.find("2025-12-30"), std::string::npos);
  TranslateOptions o;
  o.anchor_date = CivilDate{2026, 3, 1};
  t = T("total amount of orders last year", o);
  ASSERT_TRUE(t.answered);
  EXPECT_EQ(Scalar(t), 100);  // 2025
}

TEST_F(EngineTest, GroupTopAndJoins) {
  Translation t = T("total amount by region");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_EQ(t.chart, ChartHint::kCategory);
  auto rs = shop_.connector->Execute(t.sql, {});
  ASSERT_TRUE(rs.ok()) << t.sql;
  EXPECT_EQ(rs->row_count(), 3u);
  t = T("which region has the highest total amount");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  rs = shop_.connector->Execute(t.sql, {});
  ASSERT_TRUE(rs.ok());
  ASSERT_EQ(rs->row_count(), 1u);
  EXPECT_EQ(rs->rows[0][0].ToDisplayString(), "North");
}

TEST_F(EngineTest, ComparisonsAndNegation) {
  Translation t = T("how many orders with amount greater than 40");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_EQ(Scalar(t), 3);
  t = T("how many orders not online");
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_EQ(Scalar(t), 2);
}

TEST_F(EngineTest, BadInputAbstainsClearly) {
  for (std::string_view q : {"", "   ", "?!。，", "'; DROP TABLE orders; --", "zxqv blorp",
                             "orders'; DELETE FROM orders; --"}) {
    const Translation t = T(q);
    EXPECT_FALSE(t.answered) << q << " → " << t.sql;
    EXPECT_FALSE(t.abstain_reason.empty()) << q;
  }
  const Translation longq = T(std::string(10000, 'a'));
  EXPECT_FALSE(longq.answered);
  EXPECT_NE(longq.abstain_reason.find("too long"), std::string::npos);
}

TEST_F(EngineTest, ValuesAreQuotedByTheDialect) {
  // A stored value with a quote in it must reach SQL escaped.
  auto conn = db::SqliteConnector::OpenInMemory(
      "CREATE TABLE t(id INTEGER PRIMARY KEY, team TEXT, score REAL);"
      "INSERT INTO t VALUES (1,'O''Brien Club',3),(2,'Other Side',4);");
  ASSERT_TRUE(conn.ok());
  auto idx = BuildSchemaIndex(**conn, nullptr);
  ASSERT_TRUE(idx.ok());
  const Translation t = Engine::Translate("total score of O'Brien Club", *idx, (*conn)->dialect());
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_NE(t.sql.find("'O''Brien Club'"), std::string::npos) << t.sql;
  auto rs = (*conn)->Execute(t.sql, {});
  ASSERT_TRUE(rs.ok());
  EXPECT_EQ(rs->rows[0][0].AsNumber().value_or(0), 3);
}

TEST_F(EngineTest, ExplanationRendersInBothLanguages) {
  const Translation t = T("how many orders");
  ASSERT_TRUE(t.answered);
  EXPECT_NE(RenderExplanation(t, false).find("confidence"), std::string::npos);
  EXPECT_NE(RenderExplanation(t, true).find("置信度"), std::string::npos);
  const Translation no = T("zxqv");
  EXPECT_NE(RenderExplanation(no, true).find("未回答"), std::string::npos);
}

}  // namespace
}  // namespace askdb::nlq
