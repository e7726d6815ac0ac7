#include "askdb/analysis/measure_additivity.h"

#include <gtest/gtest.h>

#include "askdb/db/result_set.h"

namespace askdb::analysis {
namespace {

constexpr Additivity kYes = Additivity::kAdditive;
constexpr Additivity kNo = Additivity::kNonAdditive;
constexpr Additivity kUnknown = Additivity::kUnknown;

db::ResultSet Columns(const std::vector<std::string>& names, size_t rows = 3) {
  db::ResultSet r;
  for (const std::string& n : names) r.columns.push_back({n, "REAL"});
  for (size_t i = 0; i < rows; ++i) {
    std::vector<db::Value> row;
    for (size_t c = 0; c < names.size(); ++c) row.push_back(db::Value::Int(1));
    r.rows.push_back(std::move(row));
  }
  return r;
}

// The additivity of the second column of `SELECT label, <item> FROM t GROUP BY label`.
Additivity Second(const std::string& item, const std::string& name) {
  const db::ResultSet r = Columns({"label", name});
  const ResultFacts f =
      DescribeResult(r, "SELECT t.label, " + item + " AS \"" + name + "\" FROM t GROUP BY 1");
  return f.columns.at(1);
}

TEST(MeasureAdditivityTest, SumsAndCountsAddUp) {
  EXPECT_EQ(Second("SUM(Total)", "revenue"), kYes);
  EXPECT_EQ(Second("ROUND(SUM(\"i\".\"Total\"), 2)", "sales"), kYes);
  EXPECT_EQ(Second("COUNT(*)", "orders"), kYes);
  EXPECT_EQ(Second("SUM(il.UnitPrice * il.Quantity)", "revenue"), kYes);
  EXPECT_EQ(Second("SUM(UnitPrice*Quantity*(1-Discount))", "sales"), kYes);
  EXPECT_EQ(Second("SUM(CASE WHEN rating > 3 THEN amount ELSE 0 END)", "good sales"), kYes);
  EXPECT_EQ(Second("SUM(a) - SUM(b)", "profit"), kYes);
  EXPECT_EQ(Second("SUM(Total) / 1000.0", "revenue k"), kYes);
  EXPECT_EQ(Second("CAST(SUM(x) AS REAL)", "x"), kYes);
  EXPECT_EQ(Second("SUM(x)::numeric", "x"), kYes);
}

TEST(MeasureAdditivityTest, AveragesExtremesRatiosAndWindowsDoNot) {
  EXPECT_EQ(Second("AVG(Total)", "total"), kNo);
  EXPECT_EQ(Second("ROUND(AVG(Total), 2)", "x"), kNo);
  EXPECT_EQ(Second("MAX(amount)", "amount"), kNo);
  EXPECT_EQ(Second("MIN(amount)", "amount"), kNo);
  EXPECT_EQ(Second("SUM(a) * 100.0 / SUM(b)", "x"), kNo);
  EXPECT_EQ(Second("SUM(Total) / COUNT(*)", "x"), kNo);
  EXPECT_EQ(Second("SUM(Total) OVER (ORDER BY d)", "running"), kNo);
  EXPECT_EQ(Second("COUNT(DISTINCT customer_id)", "customers"), kUnknown);
  EXPECT_EQ(Second("(SELECT MAX(x) FROM u)", "x"), kUnknown);
}

TEST(MeasureAdditivityTest, ASumOfPricesOrRatesDoesNotAddUp) {
  // The demo engine's reading of "top 3 products by unit price".
  EXPECT_EQ(Second("SUM(\"products\".\"unit_price\")", "unit price"), kNo);
  EXPECT_EQ(Second("SUM(p.UnitPrice)", "x"), kNo);
  EXPECT_EQ(Second("SUM(tax_rate)", "x"), kNo);
  EXPECT_EQ(Second("SUM(age)", "x"), kNo);
  EXPECT_EQ(Second("SUM(单价)", "x"), kNo);
  EXPECT_EQ(Second("SUM(评分)", "x"), kNo);
  // The name can take additivity away but never give it.
  EXPECT_EQ(Second("SUM(x)", "avg_x"), kNo);
  EXPECT_EQ(Second("SUM(x)", "平均单价"), kNo);
  EXPECT_EQ(Second("AVG(x)", "total"), kNo);
}

TEST(MeasureAdditivityTest, BareColumnsListedPerRowDoNot) {
  const db::ResultSet r = Columns({"Name", "Milliseconds"});
  const ResultFacts f =
      DescribeResult(r, "SELECT Name, Milliseconds FROM Track ORDER BY Milliseconds DESC");
  EXPECT_EQ(f.columns[1], kNo);
  EXPECT_FALSE(f.grouped);
  EXPECT_FALSE(f.rows_limited);
  // Trailing alias without AS, quoted names.
  const ResultFacts g =
      DescribeResult(Columns({"n", "t"}), "SELECT \"a\".\"n\" n, SUM(\"a\".\"t\") t FROM a");
  EXPECT_EQ(g.columns[0], kNo);
  EXPECT_EQ(g.columns[1], kYes);
  EXPECT_TRUE(g.grouped);
}

TEST(MeasureAdditivityTest, LimitOffsetAndTheRowCapMarkASubset) {
  const std::string top3 = "SELECT name, SUM(x) AS s FROM t GROUP BY name ORDER BY 2 DESC LIMIT 3";
  EXPECT_TRUE(DescribeResult(Columns({"name", "s"}, 3), top3).rows_limited);
  // LIMIT 10 over 4 groups returned all of them.
  EXPECT_FALSE(DescribeResult(Columns({"name", "s"}, 4),
                              "SELECT name, SUM(x) AS s FROM t GROUP BY name LIMIT 10")
                   .rows_limited);
  EXPECT_TRUE(DescribeResult(Columns({"name", "s"}, 2),
                             "SELECT name, SUM(x) s FROM t GROUP BY name LIMIT 5 OFFSET 5")
                  .rows_limited);
  EXPECT_TRUE(DescribeResult(Columns({"name", "s"}, 3),
                             "SELECT name, SUM(x) s FROM t GROUP BY name LIMIT 2, 3")
                  .rows_limited);
  EXPECT_TRUE(DescribeResult(Columns({"name", "s"}, 5),
                             "SELECT name, SUM(x) s FROM t GROUP BY name FETCH FIRST 5 ROWS ONLY")
                  .rows_limited);
  // A LIMIT inside a subquery does not limit the outer rows.
  EXPECT_FALSE(DescribeResult(Columns({"name", "s"}, 3),
                              "SELECT name, SUM(x) s FROM (SELECT * FROM t LIMIT 3) GROUP BY name")
                   .rows_limited);
  db::ResultSet capped = Columns({"name", "s"}, 3);
  capped.truncated = true;
  EXPECT_TRUE(DescribeResult(capped, "SELECT name, SUM(x) s FROM t GROUP BY name").rows_limited);
}

TEST(MeasureAdditivityTest, CommonTableExpressionsCommentsAndStrings) {
  const std::string sql =
      "WITH m AS (SELECT a, AVG(b) AS b FROM t GROUP BY a LIMIT 1) -- LIMIT 2\n"
      "SELECT m.a, /* , SUM(z) */ SUM(m.b) AS 'avg, sum', COUNT(*) FROM m GROUP BY m.a";
  const ResultFacts f = DescribeResult(Columns({"a", "avg, sum", "COUNT(*)"}, 2), sql);
  ASSERT_EQ(f.columns.size(), 3u);
  EXPECT_EQ(f.columns[1], kNo);  // named an average
  EXPECT_EQ(f.columns[2], kYes);
  EXPECT_FALSE(f.rows_limited);
}

TEST(MeasureAdditivityTest, WithoutUnderstoodSqlOnlyANonAdditiveNameCounts) {
  // With no SQL the name decides; with SQL that is not understood, an additive name is not
  // enough.
  EXPECT_EQ(DescribeResult(Columns({"k", "revenue"}), "").columns[1], kYes);
  EXPECT_EQ(DescribeResult(Columns({"k", "revenue"}),
                           "SELECT k, revenue FROM a UNION ALL SELECT k, revenue FROM b")
                .columns[1],
            kUnknown);
  EXPECT_EQ(DescribeResult(Columns({"k", "price"}), "SELECT * FROM p").columns[1], kNo);
}

TEST(MeasureAdditivityTest, MalformedSqlNeverThrows) {
  for (const char* sql : {"SELECT", "SELECT (((", "SELECT SUM(", "'unterminated", ")))(((",
                          "SELECT a, FROM", "SELECT -- only a comment"}) {
    const ResultFacts f = DescribeResult(Columns({"a", "b"}), sql);
    EXPECT_EQ(f.columns.size(), 2u) << sql;
  }
}

// Money, for two decimals: a DECIMAL of scale 2 as each engine returns it (PostgreSQL and
// MariaDB: decimal digits; a declared numeric(10,2)), or a money name (SQLite: a REAL); never
// a count or a quantity, whatever its name.
TEST(MeasureAdditivityTest, MoneyIsScaleTwoOrAMoneyName) {
  db::ResultSet r;
  r.columns = {{"region", "text"},       {"sum", "numeric"},      {"Total", "NUMERIC(10,2)"},
               {"销售额", ""},           {"number of sales", ""}, {"销售数量", ""},
               {"avg_weight", "numeric"}};
  r.rows.push_back({db::Value::Text("east"), db::Value::Decimal("2328.60"), db::Value::Double(5.5),
                    db::Value::Double(2328.6), db::Value::Int(7), db::Value::Double(12),
                    db::Value::Decimal("2.5000")});
  const ResultFacts f = DescribeResult(
      r,
      "SELECT region, SUM(amount), SUM(Total) AS Total, SUM(x) AS \"销售额\", COUNT(*) AS "
      "\"number of sales\", SUM(q) AS \"销售数量\", AVG(w) AS avg_weight FROM t GROUP BY 1");
  EXPECT_EQ(f.money, (std::vector<bool>{false, true, true, true, false, false, false}));
}

// A fraction shown in percent: a 率/rate name or SUM(a) / SUM(b), every value in [0, 1]; not a
// rate above 1 (an exchange rate), not a share already in percent (* 100), not a plain average.
TEST(MeasureAdditivityTest, RatiosAreFractionsNamedSoOrDividingAggregates) {
  db::ResultSet r;
  r.columns = {{"折扣率", ""},    {"r", ""},     {"exchange_rate", ""},
               {"share (%)", ""}, {"avg_x", ""}, {"ConversionRate", ""}};
  r.rows.push_back({db::Value::Double(0.0384), db::Value::Double(0.5), db::Value::Double(6.5),
                    db::Value::Double(0.2), db::Value::Double(0.3), db::Value::Double(0.12)});
  const ResultFacts f = DescribeResult(
      r,
      "SELECT (CAST(SUM(d) AS REAL) / NULLIF(SUM(g), 0)) AS \"折扣率\", SUM(a) / SUM(b) AS r, "
      "AVG(e) AS exchange_rate, SUM(a) * 100 / SUM(b) AS \"share (%)\", AVG(x) AS avg_x, "
      "AVG(c) AS ConversionRate FROM t");
  EXPECT_EQ(f.ratio, (std::vector<bool>{true, true, false, false, false, true}));
}

// SQLite returns SUM(Total) as a plain REAL under a name that says nothing of money: only the
// knowledge that the source column holds money (a currency unit in the semantic model, the
// engine's money column) makes it money — where the item is that column, bare or aggregated,
// and never a count or a computation over it.
TEST(MeasureAdditivityTest, AKnownMoneyColumnIsMoneyWhereTheItemIsThatColumn) {
  db::ResultSet r;
  r.columns = {{"BillingCountry", ""}, {"Total", ""}, {"avg_total", ""}, {"top", ""}, {"n", ""},
               {"twice", ""},          {"ms", ""}};
  r.rows.push_back({db::Value::Text("USA"), db::Value::Double(523.06), db::Value::Double(5.8),
                    db::Value::Double(25.86), db::Value::Int(91), db::Value::Double(1046.12),
                    db::Value::Int(1000)});
  const std::string sql =
      "SELECT BillingCountry, SUM(Total) AS Total, ROUND(AVG(\"i\".\"Total\"), 2) AS avg_total, "
      "MAX(CAST(i.Total AS REAL)) top, COUNT(Total) AS n, SUM(Total * 2) AS twice, "
      "SUM(Milliseconds) AS ms FROM Invoice i GROUP BY 1";
  EXPECT_EQ(DescribeResult(r, sql).money, std::vector<bool>(7, false));
  EXPECT_EQ(DescribeResult(r, sql, {"total"}).money,
            (std::vector<bool>{false, true, true, true, false, false, false}));
  // Without the SQL the item is unknown: nothing is certain.
  EXPECT_EQ(DescribeResult(r, "", {"total"}).money, std::vector<bool>(7, false));
}

}  // namespace
}  // namespace askdb::analysis
