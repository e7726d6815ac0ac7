#include "askdb/analysis/number_kind.h"

#include <gtest/gtest.h>

#include "askdb/db/result_set.h"

namespace askdb::analysis {
namespace {

using db::ResultSet;
using db::Value;

// A discount rate, revenue and an order count per country: each reads as the CLI shows it.
ResultSet PerCountry() {
  ResultSet rs;
  rs.columns = {{"country", ""}, {"discount_rate", ""}, {"revenue", "DECIMAL(12,2)"},
                {"orders", ""},  {"avg_quantity", ""},  {"year", ""}};
  rs.rows = {{Value::Text("USA"), Value::Double(0.0384), Value::Double(16337115.4),
              Value::Int(4527), Value::Double(54.0067), Value::Int(1997)},
             {Value::Text("UK"), Value::Double(0.0356), Value::Double(12), Value::Int(12),
              Value::Double(0.004321), Value::Int(1998)}};
  return rs;
}

constexpr std::string_view kSql =
    "SELECT country, SUM(discount) / SUM(quantity) AS discount_rate, SUM(total) AS revenue, "
    "COUNT(*) AS orders, AVG(quantity) AS avg_quantity, year FROM t GROUP BY country, year";

TEST(NumberKindTest, EachColumnGetsItsKind) {
  const std::vector<NumberKind> kinds = ColumnNumberKinds(PerCountry(), kSql);
  EXPECT_EQ(kinds, (std::vector<NumberKind>{NumberKind::kText, NumberKind::kRatio,
                                            NumberKind::kMoney, NumberKind::kCount,
                                            NumberKind::kNumber, NumberKind::kNumber}));
  EXPECT_EQ(NumberKindName(NumberKind::kRatio), "ratio");
  EXPECT_EQ(NumberKindName(NumberKind::kText), "text");
}

TEST(NumberKindTest, CellsReadAsTheCliShowsThem) {
  const ResultSet rs = PerCountry();
  const std::vector<NumberKind> kinds = ColumnNumberKinds(rs, kSql);
  std::vector<std::string> first, second;
  for (size_t c = 0; c < kinds.size(); ++c) {
    first.push_back(FormatCell(rs.rows[0][c], kinds[c]));
    second.push_back(FormatCell(rs.rows[1][c], kinds[c]));
  }
  EXPECT_EQ(first,
            (std::vector<std::string>{"USA", "3.84%", "16,337,115.40", "4,527", "54.01", "1997"}));
  // A small average keeps its digits (never 0); a year or id is no count.
  EXPECT_EQ(second, (std::vector<std::string>{"UK", "3.56%", "12.00", "12", "0.00432", "1998"}));
}

TEST(NumberKindTest, WithoutSqlNamesAndValuesDecide) {
  const std::vector<NumberKind> kinds = ColumnNumberKinds(PerCountry());
  EXPECT_EQ(kinds[1], NumberKind::kRatio);   // the name says rate
  EXPECT_EQ(kinds[3], NumberKind::kNumber);  // no COUNT known
}

TEST(NumberKindTest, ALongDecimalStaysAsGiven) {
  const Value v = Value::Decimal("12345678901234567.25");
  EXPECT_EQ(FormatCell(v, NumberKind::kMoney), "12345678901234567.25");
  EXPECT_EQ(FormatCell(Value::Text("n/a"), NumberKind::kRatio), "n/a");
}

}  // namespace
}  // namespace askdb::analysis
