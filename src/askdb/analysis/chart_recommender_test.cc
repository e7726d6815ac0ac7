#include "askdb/analysis/chart_recommender.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <vector>

#include "askdb/analysis/report_builder.h"
#include "askdb/analysis/text_chart.h"
#include "askdb/common/text.h"
#include "askdb/db/result_set.h"

namespace askdb::analysis {
namespace {

using db::ResultSet;
using db::Value;

ResultSet Make(std::vector<std::string> names, std::vector<std::vector<Value>> rows) {
  ResultSet rs;
  for (auto& n : names) rs.columns.push_back({std::move(n), ""});
  rs.rows = std::move(rows);
  return rs;
}

std::vector<std::string> Strings(const Json& array) {
  std::vector<std::string> out;
  for (const auto& v : array) out.push_back(v.get<std::string>());
  return out;
}

// Checks the option agrees with the spec's data: one value per category in every series.
void ExpectConsistent(const ChartSpec& spec) {
  const Json& o = spec.echarts_option;
  ASSERT_TRUE(o.is_object()) << ChartKindName(spec.kind);
  ASSERT_TRUE(o.contains("series"));
  if (spec.kind == ChartKind::kLine || spec.kind == ChartKind::kBar) {
    const Json& cat_axis = o["xAxis"]["type"] == "category" ? o["xAxis"] : o["yAxis"];
    ASSERT_EQ(cat_axis["type"], "category");
    EXPECT_EQ(Strings(cat_axis["data"]), spec.data.labels);
    ASSERT_EQ(o["series"].size(), spec.data.series.size());
    for (const auto& s : o["series"]) EXPECT_EQ(s["data"].size(), cat_axis["data"].size());
  }
  for (const auto& s : spec.data.series) EXPECT_EQ(s.values.size(), spec.data.labels.size());
}

TEST(ChartRecommenderTest, MonthlyRevenueIsLineInTimeOrder) {
  ResultSet rs = Make({"month", "revenue"}, {{Value::Text("2024-03"), Value::Double(300)},
                                             {Value::Text("2024-01"), Value::Double(100)},
                                             {Value::Text("2024-12"), Value::Double(1200)},
                                             {Value::Text("2024-02"), Value::Null()}});
  ChartSpec spec = RecommendChart(rs);
  ASSERT_EQ(spec.kind, ChartKind::kLine) << spec.reason;
  EXPECT_EQ(spec.data.labels,
            (std::vector<std::string>{"2024-01", "2024-02", "2024-03", "2024-12"}));
  ASSERT_EQ(spec.data.series.size(), 1u);
  EXPECT_EQ(spec.data.series[0].values[0], 100);
  EXPECT_FALSE(spec.data.series[0].values[1].has_value());
  EXPECT_EQ(spec.data.series[0].values[3], 1200);
  EXPECT_TRUE(spec.echarts_option["series"][0]["data"][1].is_null());
  EXPECT_EQ(spec.echarts_option["series"][0]["type"], "line");
  EXPECT_EQ(spec.echarts_option["animation"], false);
  EXPECT_EQ(spec.echarts_option["yAxis"]["axisLabel"]["askdbFormat"], "compact");
  ExpectConsistent(spec);
}

// The HTML report's tooltips show money with both decimals ("money": report_builder's
// formatter), by the same rule as the tables: a money name, or a source column known to be
// money (SUM(Total) AS Total on Chinook with its semantic model); else "number".
TEST(ChartRecommenderTest, TooltipsFormatMoneyByTheTablesRule) {
  ResultSet rs = Make({"BillingCountry", "Total"}, {{Value::Text("USA"), Value::Double(523.06)},
                                                    {Value::Text("Canada"), Value::Double(303.96)},
                                                    {Value::Text("France"), Value::Double(195.1)}});
  ChartRequest request;
  request.sql =
      "SELECT BillingCountry, SUM(Total) AS Total FROM Invoice GROUP BY 1 ORDER BY 2 DESC";
  ChartSpec plain = RecommendChart(rs, request);
  ASSERT_EQ(plain.kind, ChartKind::kBar) << plain.reason;
  EXPECT_EQ(plain.echarts_option["tooltip"]["askdbFormat"], "number");
  request.money_columns = {"total"};
  ChartSpec money = RecommendChart(rs, request);
  ASSERT_EQ(money.kind, ChartKind::kBar) << money.reason;
  EXPECT_EQ(money.echarts_option["tooltip"]["askdbFormat"], "money");
  Report report("t");
  report.AddChart(money);
  const std::string html = RenderHtml(report);
  EXPECT_NE(html.find("\"askdbFormat\":\"money\""), std::string::npos);
  EXPECT_NE(html.find("money: money"), std::string::npos);  // its formatter

  ResultSet months = Make({"month", "revenue"}, {{Value::Text("2024-01"), Value::Double(100.5)},
                                                 {Value::Text("2024-02"), Value::Double(120)}});
  EXPECT_EQ(RecommendChart(months).echarts_option["tooltip"]["askdbFormat"], "money");
  ResultSet counts = Make({"month", "orders"}, {{Value::Text("2024-01"), Value::Int(5)},
                                                {Value::Text("2024-02"), Value::Int(7)}});
  EXPECT_EQ(RecommendChart(counts).echarts_option["tooltip"]["askdbFormat"], "number");
}

// A ratio per group reads in percent on the value axis, the bar labels and the tooltip
// ("askdbFormat": "percent", FormatFraction's rule in the page's formatter), not 0.04.
TEST(ChartRecommenderTest, ARatioPerGroupIsFormattedInPercent) {
  ResultSet rs = Make({"channel", "discount_rate"}, {{Value::Text("online"), Value::Double(0.0398)},
                                                     {Value::Text("store"), Value::Double(0.0356)},
                                                     {Value::Text("app"), Value::Double(0.0311)}});
  ChartSpec spec = RecommendChart(rs, {.sql = "SELECT channel, SUM(d) / SUM(t) AS discount_rate "
                                              "FROM orders GROUP BY 1 ORDER BY 2 DESC"});
  ASSERT_EQ(spec.kind, ChartKind::kBar) << spec.reason;
  const Json& o = spec.echarts_option;
  EXPECT_EQ(o["tooltip"]["askdbFormat"], "percent");
  EXPECT_EQ(o["yAxis"]["axisLabel"]["askdbFormat"], "percent") << o.dump();
  EXPECT_EQ(o["series"][0]["label"]["askdbFormat"], "percent") << o.dump();
  Report report("t");
  report.AddChart(spec);
  EXPECT_NE(RenderHtml(report).find("percent: percent"), std::string::npos);
}

TEST(ChartRecommenderTest, DatesQuartersAndYearsAreTime) {
  ResultSet dates = Make({"d", "orders"}, {{Value::Date("2024-03-02"), Value::Int(5)},
                                           {Value::Date("2024-03-01"), Value::Int(7)}});
  EXPECT_EQ(RecommendChart(dates).kind, ChartKind::kLine);
  EXPECT_EQ(RecommendChart(dates).data.labels.front(), "2024-03-01");

  ResultSet quarters = Make({"q", "sales"}, {{Value::Text("2024-Q2"), Value::Int(5)},
                                             {Value::Text("2023-Q4"), Value::Int(3)},
                                             {Value::Text("2024-Q1"), Value::Int(7)}});
  ChartSpec q = RecommendChart(quarters);
  ASSERT_EQ(q.kind, ChartKind::kLine);
  EXPECT_EQ(q.data.labels, (std::vector<std::string>{"2023-Q4", "2024-Q1", "2024-Q2"}));

  // A bare number is a year only when the column name says so.
  ResultSet years = Make({"year", "sales"}, {{Value::Int(2021), Value::Int(5)},
                                             {Value::Int(2019), Value::Int(3)},
                                             {Value::Int(2020), Value::Int(4)}});
  ChartSpec y = RecommendChart(years);
  ASSERT_EQ(y.kind, ChartKind::kLine);
  EXPECT_EQ(y.data.labels.front(), "2019");
  ResultSet codes = Make({"code", "sales"}, {{Value::Int(2021), Value::Int(5)},
                                             {Value::Int(2019), Value::Int(3)},
                                             {Value::Int(2020), Value::Int(4)}});
  EXPECT_EQ(RecommendChart(codes).kind, ChartKind::kScatter);

  ResultSet chinese = Make({"月份", "销售额"}, {{Value::Text("2024年2月"), Value::Int(5)},
                                                {Value::Text("2024年1月"), Value::Int(3)}});
  ChartSpec c = RecommendChart(chinese);
  ASSERT_EQ(c.kind, ChartKind::kLine);
  EXPECT_EQ(c.data.labels.front(), "2024年1月");
}

TEST(ChartRecommenderTest, RevenueByRegionIsBarSortedByValue) {
  ResultSet rs = Make({"region", "revenue"}, {{Value::Text("East"), Value::Int(10)},
                                              {Value::Text("West"), Value::Int(40)},
                                              {Value::Text("North"), Value::Int(25)},
                                              {Value::Text("South"), Value::Null()},
                                              {Value::Text("Central"), Value::Int(30)}});
  ChartSpec spec = RecommendChart(rs);
  ASSERT_EQ(spec.kind, ChartKind::kBar) << spec.reason;
  EXPECT_EQ(spec.data.labels,
            (std::vector<std::string>{"West", "Central", "North", "East", "South"}));
  EXPECT_EQ(spec.echarts_option["xAxis"]["type"], "category");  // short labels: vertical
  EXPECT_EQ(spec.title, "revenue by region");
  ExpectConsistent(spec);

  // The query ordered its rows: keep that order.
  ChartSpec ordered = RecommendChart(rs, {.sql = "SELECT region, revenue FROM t\nORDER  BY 1"});
  EXPECT_EQ(ordered.data.labels.front(), "East");
}

TEST(ChartRecommenderTest, LongOrManyLabelsMakeHorizontalBars) {
  ResultSet rs =
      Make({"product", "units"}, {{Value::Text("Extra large family pizza"), Value::Int(3)},
                                  {Value::Text("Tea"), Value::Int(9)}});
  ChartSpec spec = RecommendChart(rs);
  ASSERT_EQ(spec.kind, ChartKind::kBar);
  EXPECT_EQ(spec.echarts_option["yAxis"]["type"], "category");
  EXPECT_EQ(spec.echarts_option["yAxis"]["inverse"], true);
  ExpectConsistent(spec);

  ResultSet many = Make({"city", "customers"}, {});
  for (int i = 0; i < 100; ++i) {
    many.rows.push_back({Value::Text("c" + std::to_string(i)), Value::Int(i)});
  }
  ChartSpec capped = RecommendChart(many, {}, {.max_categories = 20});
  ASSERT_EQ(capped.kind, ChartKind::kBar);
  ASSERT_EQ(capped.data.labels.size(), 20u);
  EXPECT_EQ(capped.data.labels.front(), "c99");  // largest kept
  EXPECT_EQ(capped.echarts_option["yAxis"]["type"], "category");
  EXPECT_NE(capped.reason.find("20 of 100"), std::string::npos) << capped.reason;
  ExpectConsistent(capped);
}

TEST(ChartRecommenderTest, ShareQuestionIsPieWithOther) {
  ResultSet rs = Make({"地区", "销售额"}, {});
  double total = 0;
  for (int i = 1; i <= 12; ++i) {
    rs.rows.push_back({Value::Text("地区" + std::to_string(i)), Value::Int(i * 10)});
    total += i * 10;
  }
  // A group with nothing has no slice, but counts among the groups ("共 13 项").
  rs.rows.push_back({Value::Text("地区0"), Value::Int(0)});
  ChartSpec spec = RecommendChart(rs, {.question = "各地区销售额占比是多少？"});
  ASSERT_EQ(spec.kind, ChartKind::kPie) << spec.reason;
  ASSERT_EQ(spec.data.labels.size(), 8u);
  EXPECT_TRUE(spec.data.other_slice);
  EXPECT_EQ(spec.data.total_categories, 13u);
  EXPECT_EQ(spec.data.labels.front(), "地区12");
  EXPECT_EQ(spec.data.labels.back(), "其他");
  double sum = 0;
  for (const auto& v : spec.data.series[0].values) sum += *v;
  EXPECT_DOUBLE_EQ(sum, total);
  EXPECT_EQ(spec.echarts_option["series"][0]["data"].size(), 8u);
  EXPECT_TRUE(text::ContainsCjk(spec.reason));
  EXPECT_EQ(spec.title, "各地区销售额占比是多少？");
}

// A pie says the slices make a whole: not of unit prices or averages, nor of a top N of
// many, however the question asks for a share.
TEST(ChartRecommenderTest, NoPieOfPricesAveragesOrATopN) {
  ResultSet prices = Make({"product", "unit price"}, {{Value::Text("a"), Value::Double(12999)},
                                                      {Value::Text("b"), Value::Double(12899)},
                                                      {Value::Text("c"), Value::Double(699)}});
  ChartSpec spec = RecommendChart(
      prices, {.question = "各产品的单价占比",
               .sql = "SELECT name AS product, unit_price AS \"unit price\" FROM products"});
  EXPECT_EQ(spec.kind, ChartKind::kBar) << spec.reason;
  EXPECT_FALSE(spec.data.series[0].additive);
  EXPECT_EQ(RecommendChart(prices, {.question = "share of unit price by product"}).kind,
            ChartKind::kBar);
  ResultSet avg = Make({"region", "v"}, {{Value::Text("east"), Value::Double(30)},
                                         {Value::Text("west"), Value::Double(50)}});
  EXPECT_EQ(RecommendChart(avg, {.question = "share by region",
                                 .sql = "SELECT region, AVG(x) AS v FROM t GROUP BY region"})
                .kind,
            ChartKind::kBar);
  const std::string top2 = "SELECT region, SUM(x) AS v FROM t GROUP BY region ORDER BY 2 LIMIT 2";
  spec = RecommendChart(avg, {.question = "share by region", .sql = top2});
  EXPECT_EQ(spec.kind, ChartKind::kBar);
  EXPECT_TRUE(spec.data.rows_limited);
  spec = RecommendChart(avg, {.question = "share by region",
                              .sql = "SELECT region, SUM(x) AS v FROM t GROUP BY region"});
  EXPECT_EQ(spec.kind, ChartKind::kPie);
  EXPECT_TRUE(spec.data.series[0].additive);
}

TEST(ChartRecommenderTest, PartsOfAWholeFromNamesOrValues) {
  ResultSet pct = Make({"channel", "share_pct"}, {{Value::Text("web"), Value::Double(12.5)},
                                                  {Value::Text("app"), Value::Double(60)},
                                                  {Value::Text("store"), Value::Double(3)}});
  EXPECT_EQ(RecommendChart(pct).kind, ChartKind::kPie);
  ResultSet sums_to_100 = Make({"channel", "v"}, {{Value::Text("web"), Value::Double(25)},
                                                  {Value::Text("app"), Value::Double(75)}});
  EXPECT_EQ(RecommendChart(sums_to_100).kind, ChartKind::kPie);
  // Negative values are not parts of a whole even when asked for a share.
  ResultSet negative = Make({"channel", "profit"}, {{Value::Text("web"), Value::Double(-5)},
                                                    {Value::Text("app"), Value::Double(75)}});
  EXPECT_EQ(RecommendChart(negative, {.question = "profit share by channel"}).kind,
            ChartKind::kBar);
}

TEST(ChartRecommenderTest, SingleCountIsKpi) {
  ResultSet rs = Make({"customer_count"}, {{Value::Int(1234567)}});
  ChartSpec spec = RecommendChart(rs, {.question = "How many customers?"});
  ASSERT_EQ(spec.kind, ChartKind::kKpi);
  EXPECT_EQ(spec.kpi_value, 1234567);
  EXPECT_EQ(spec.kpi_formatted, "1,234,567");
  EXPECT_EQ(spec.kpi_label, "customer_count");
  EXPECT_EQ(spec.title, "How many customers?");
  EXPECT_TRUE(spec.echarts_option.is_null());
  EXPECT_EQ(spec.ToJson()["kpi"]["formatted"], "1,234,567");

  ResultSet text = Make({"name"}, {{Value::Text("Alice")}});
  EXPECT_EQ(RecommendChart(text).kind, ChartKind::kTable);
}

TEST(ChartRecommenderTest, TwoMeasuresIsScatter) {
  ResultSet rs = Make({"price", "quantity"}, {});
  for (int i = 0; i < 10; ++i) rs.rows.push_back({Value::Double(i * 1.5), Value::Int(100 - i)});
  ChartSpec spec = RecommendChart(rs);
  ASSERT_EQ(spec.kind, ChartKind::kScatter);
  EXPECT_EQ(spec.echarts_option["series"][0]["data"].size(), 10u);
  EXPECT_EQ(spec.echarts_option["series"][0]["data"][1], Json::array({1.5, 99}));
  EXPECT_EQ(spec.data.x_values.size(), spec.data.series[0].values.size());
}

TEST(ChartRecommenderTest, MixedOrEmptyIsTable) {
  ResultSet mixed =
      Make({"name", "city", "age"}, {{Value::Text("a"), Value::Text("x"), Value::Int(3)},
                                     {Value::Text("b"), Value::Text("y"), Value::Int(4)}});
  ChartSpec spec = RecommendChart(mixed);
  EXPECT_EQ(spec.kind, ChartKind::kTable);
  EXPECT_TRUE(spec.echarts_option.is_null());
  EXPECT_FALSE(spec.reason.empty());
  EXPECT_EQ(RecommendChart(Make({"a", "b"}, {})).kind, ChartKind::kTable);
  EXPECT_EQ(RecommendChart(ResultSet{}).kind, ChartKind::kTable);
}

// Northwind "total sales by employee": the engine groups by first and last name. The bar
// names each group by both; a plain list of rows with two text columns stays a table.
TEST(ChartRecommenderTest, GroupNamedBySeveralColumnsIsOneCategory) {
  ResultSet rs = Make({"employee", "last name", "sales"},
                      {{Value::Text("Margaret"), Value::Text("Peacock"), Value::Double(232890.85)},
                       {Value::Text("Janet"), Value::Text("Leverling"), Value::Double(202812.84)},
                       {Value::Text("Steven"), Value::Text("Buchanan"), Value::Double(68792.28)}});
  const std::string sql =
      "SELECT e.FirstName AS employee, e.LastName AS \"last name\", SUM(d.UnitPrice * "
      "d.Quantity) AS sales FROM d JOIN e ON d.e = e.id GROUP BY e.FirstName, e.LastName "
      "ORDER BY 3 DESC";
  ChartSpec spec = RecommendChart(rs, {.sql = sql});
  ASSERT_EQ(spec.kind, ChartKind::kBar) << spec.reason;
  EXPECT_EQ(spec.data.labels,
            (std::vector<std::string>{"Margaret Peacock", "Janet Leverling", "Steven Buchanan"}));
  EXPECT_TRUE(spec.data.series[0].additive);
  ExpectConsistent(spec);
  // Other label columns read as "album (artist)".
  ResultSet albums = Make({"album", "artist", "units_sold"},
                          {{Value::Text("Unplugged"), Value::Text("Eric Clapton"), Value::Int(25)},
                           {Value::Text("Acústico"), Value::Text("Titãs"), Value::Int(22)}});
  EXPECT_EQ(
      RecommendChart(albums, {.sql = "SELECT a, r, SUM(q) AS units_sold FROM t GROUP BY a, r"})
          .data.labels,
      (std::vector<std::string>{"Unplugged (Eric Clapton)", "Acústico (Titãs)"}));
  // Two groups with the same joined name would merge two bars into one label: a table.
  ResultSet same =
      Make({"first", "b", "n"}, {{Value::Text("x y"), Value::Text("z"), Value::Int(1)},
                                 {Value::Text("x"), Value::Text("y z"), Value::Int(2)}});
  EXPECT_EQ(
      RecommendChart(same, {.sql = "SELECT first, b, COUNT(*) AS n FROM t GROUP BY first, b"}).kind,
      ChartKind::kTable);
  // Not grouped: rows of a table, not parts of a breakdown.
  EXPECT_EQ(RecommendChart(rs, {.sql = "SELECT FirstName, LastName, Salary FROM e"}).kind,
            ChartKind::kTable);
}

TEST(ChartRecommenderTest, IdColumnsAreCategories) {
  ResultSet rs = Make({"customer_id", "total"}, {{Value::Int(7), Value::Double(10)},
                                                 {Value::Int(3), Value::Double(30)},
                                                 {Value::Int(9), Value::Double(20)}});
  ChartSpec spec = RecommendChart(rs);
  ASSERT_EQ(spec.kind, ChartKind::kBar);
  EXPECT_EQ(spec.data.labels, (std::vector<std::string>{"3", "9", "7"}));
}

TEST(ChartRecommenderTest, TimeAndCategoryPivotIntoSeries) {
  ResultSet rs = Make({"month", "region", "revenue"},
                      {{Value::Text("2024-02"), Value::Text("East"), Value::Int(5)},
                       {Value::Text("2024-01"), Value::Text("East"), Value::Int(4)},
                       {Value::Text("2024-01"), Value::Text("West"), Value::Int(2)},
                       {Value::Text("2024-03"), Value::Text("West"), Value::Int(6)}});
  ChartSpec spec = RecommendChart(rs);
  ASSERT_EQ(spec.kind, ChartKind::kLine) << spec.reason;
  EXPECT_EQ(spec.data.labels, (std::vector<std::string>{"2024-01", "2024-02", "2024-03"}));
  ASSERT_EQ(spec.data.series.size(), 2u);
  EXPECT_EQ(spec.data.series[0].name, "East");
  EXPECT_FALSE(spec.data.series[0].values[2].has_value());
  EXPECT_EQ(spec.data.series[1].values[2], 6);
  EXPECT_TRUE(spec.echarts_option.contains("legend"));
  ExpectConsistent(spec);
}

TEST(ChartRecommenderTest, LongSeriesAreSampledKeepingEnds) {
  ResultSet rs = Make({"day", "visits"}, {});
  for (int i = 0; i < 3000; ++i) {
    char day[16];
    std::snprintf(day, sizeof day, "%04d-01-01", 1000 + i);
    rs.rows.push_back({Value::Text(day), Value::Int(i)});
  }
  ChartSpec spec = RecommendChart(rs, {}, {.max_points = 100});
  ASSERT_EQ(spec.kind, ChartKind::kLine);
  ASSERT_EQ(spec.data.labels.size(), 100u);
  EXPECT_EQ(spec.data.labels.front(), "1000-01-01");
  EXPECT_EQ(spec.data.labels.back(), "3999-01-01");
  ExpectConsistent(spec);
}

TEST(ChartRecommenderTest, FormatsNumbers) {
  EXPECT_EQ(FormatFraction(0.038420), "3.84%");
  EXPECT_EQ(FormatFraction(0.5), "50%");
  EXPECT_EQ(FormatFraction(0.000123), "0.0123%");
  EXPECT_EQ(FormatNumber(0), "0");
  EXPECT_EQ(FormatNumber(1234567.891), "1,234,567.89");
  EXPECT_EQ(FormatNumber(-1000), "-1,000");
  EXPECT_EQ(FormatNumber(12.5), "12.5");
  EXPECT_EQ(FormatNumber(-0.001), "0");
  // Money keeps both decimals: 2328.60 is not "2,328.6".
  EXPECT_EQ(FormatNumber(2328.6, true), "2,328.60");
  EXPECT_EQ(FormatNumber(12, true), "12.00");
  EXPECT_EQ(FormatNumber(-0.001, true), "0.00");
  EXPECT_EQ(FormatCompact(999), "999");
  EXPECT_EQ(FormatCompact(1234), "1.2K");
  EXPECT_EQ(FormatCompact(-2500000), "-2.5M");
  EXPECT_EQ(FormatCompact(999999), "1M");
  EXPECT_EQ(FormatCompact(3e9), "3B");
  EXPECT_EQ(FormatCompact(4.2e12), "4.2T");
}

// Random results: any mix of kinds, NULLs, CJK text, dates and short rows.
rc::Gen<Value> ArbitraryValue() {
  static const std::vector<std::string> kTexts = {
      "",         "East",        "华东", "2024-03", "2024-03-01",
      "2024-Q1",  "2024年3月",   "12.5", "-3",      "a|b",
      "<b>x</b>", "line\nbreak", "2024", "nan",     "北京市朝阳区某某街道很长的名字",
      "1e308",    "inf"};
  return rc::gen::oneOf(
      rc::gen::just(Value::Null()), rc::gen::map(rc::gen::arbitrary<int64_t>(), Value::Int),
      rc::gen::map(rc::gen::arbitrary<double>(), Value::Double),
      rc::gen::map(rc::gen::inRange<int>(-1000, 100000), [](int i) { return Value::Int(i); }),
      rc::gen::map(rc::gen::elementOf(kTexts), Value::Text),
      rc::gen::map(rc::gen::elementOf(kTexts), Value::Date),
      rc::gen::map(rc::gen::arbitrary<bool>(), Value::Bool),
      rc::gen::just(Value::Decimal("1234.50")), rc::gen::just(Value::Blob("\x01\x02")));
}

// A column of one flavour (ints, doubles, category text, dates, ...) with some NULLs, or a
// column of anything: coherent columns reach every chart kind, mixed ones the table.
rc::Gen<Value> ColumnValue(int flavour) {
  static const std::vector<std::string> kCategories = {
      "East", "华东", "a|b", "<b>x</b>", "line\nbreak", "北京市朝阳区某某街道很长的名字"};
  switch (flavour) {
    case 0:
      return rc::gen::map(rc::gen::inRange<int>(-100, 100000), [](int i) { return Value::Int(i); });
    case 1:
      return rc::gen::map(rc::gen::arbitrary<double>(), Value::Double);
    case 2:
      return rc::gen::map(rc::gen::elementOf(kCategories), Value::Text);
    case 3:
      return rc::gen::map(rc::gen::pair(rc::gen::inRange(1990, 2030), rc::gen::inRange(1, 13)),
                          [](std::pair<int, int> ym) {
                            char buf[16];
                            std::snprintf(buf, sizeof buf, "%04d-%02d", ym.first, ym.second);
                            return Value::Text(buf);
                          });
    case 4:
      return rc::gen::map(rc::gen::inRange(0, 20000), [](int d) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", 1970 + d / 365, 1 + d % 12, 1 + d % 28);
        return Value::Date(buf);
      });
    case 5:
      return rc::gen::map(rc::gen::inRange(0, 1000),
                          [](int i) { return Value::Decimal(std::to_string(i) + ".50"); });
    default:
      return ArbitraryValue();
  }
}

rc::Gen<ResultSet> ArbitraryResultSet() {
  static const std::vector<std::string> kNames = {"month",       "region", "revenue", "year", "id",
                                                  "customer_id", "share",  "日期",    "金额", "x"};
  return rc::gen::exec([] {
    // Mostly the shapes charts are made of: one to three columns.
    size_t cols = *rc::gen::element<size_t>(0, 1, 1, 2, 2, 2, 3, 3, 4);
    size_t rows = *rc::gen::inRange<size_t>(0, *rc::gen::element<size_t>(3, 30, 300));
    ResultSet rs;
    std::vector<rc::Gen<Value>> gens;
    for (size_t c = 0; c < cols; ++c) {
      rs.columns.push_back({*rc::gen::elementOf(kNames), ""});
      gens.push_back(rc::gen::weightedOneOf<Value>(
          {{1, rc::gen::just(Value::Null())}, {9, ColumnValue(*rc::gen::inRange(0, 7))}}));
    }
    for (size_t r = 0; r < rows; ++r) {
      std::vector<Value> row;
      for (size_t c = 0; c < cols; ++c) row.push_back(*gens[c]);
      rs.rows.push_back(std::move(row));
    }
    // Ragged rows: a connector bug must not crash the charting.
    if (*rc::gen::inRange(0, 10) == 0 && !rs.rows.empty() && !rs.rows.back().empty()) {
      rs.rows.back().pop_back();
    }
    return rs;
  });
}

RC_GTEST_PROP(ChartRecommenderProperty, AnyResultGivesAValidSpec, ()) {
  ResultSet rs = *ArbitraryResultSet();
  ChartOptions opt;
  opt.max_points = *rc::gen::inRange<size_t>(1, 50);
  opt.max_categories = *rc::gen::inRange<size_t>(1, 50);
  opt.max_pie_slices = *rc::gen::inRange<size_t>(0, 10);
  std::string question = *rc::gen::element<std::string>("", "share by region", "销售额占比");
  ChartSpec spec = RecommendChart(rs, {.question = question}, opt);
  RC_TAG(std::string(ChartKindName(spec.kind)));
  bool echarts = spec.kind != ChartKind::kKpi && spec.kind != ChartKind::kTable;
  RC_ASSERT(echarts == spec.echarts_option.is_object());
  for (const auto& s : spec.data.series) {
    if (spec.kind == ChartKind::kScatter) {
      RC_ASSERT(s.values.size() == spec.data.x_values.size());
    } else {
      RC_ASSERT(s.values.size() == spec.data.labels.size());
    }
  }
  if (spec.kind == ChartKind::kLine || spec.kind == ChartKind::kBar) {
    const Json& o = spec.echarts_option;
    const Json& axis = o["xAxis"]["type"] == "category" ? o["xAxis"] : o["yAxis"];
    RC_ASSERT(axis["data"].size() == spec.data.labels.size());
    for (const auto& s : o["series"]) RC_ASSERT(s["data"].size() == axis["data"].size());
    RC_ASSERT(spec.data.labels.size() <= std::max(opt.max_points, opt.max_categories));
  }
  if (spec.kind == ChartKind::kPie) {
    RC_ASSERT(spec.echarts_option["series"][0]["data"].size() <=
              std::max<size_t>(opt.max_pie_slices, 2));
  }
  // Everything downstream copes with it too.
  int width = *rc::gen::inRange(0, 120);
  for (const auto& line : RenderTextChart(spec, width)) {
    RC_ASSERT(text::DisplayWidth(line) <= std::max(width, kMinTextChartWidth));
    RC_ASSERT(line.find('\n') == std::string::npos);
  }
  Report report("t");
  report.AddChart(spec).AddTable(rs);
  RC_ASSERT(!RenderMarkdown(report).empty());
  // Data never adds a script element: only the library, the option and the initialiser.
  std::string html = RenderHtml(report);
  size_t scripts = 0;
  for (size_t p = html.find("<script"); p != std::string::npos; p = html.find("<script", p + 1)) {
    ++scripts;
  }
  RC_ASSERT(scripts == (echarts ? 3u : 0u));
  RC_ASSERT(!spec.ToJson().dump().empty());
}

TEST(ChartRecommenderTest, HugeResultStaysBounded) {
  ResultSet rs = Make({"category", "amount"}, {});
  for (int i = 0; i < 100000; ++i) {
    rs.rows.push_back({Value::Text("k" + std::to_string(i)), Value::Int(i % 977)});
  }
  ChartSpec spec = RecommendChart(rs);
  ASSERT_EQ(spec.kind, ChartKind::kBar);
  EXPECT_EQ(spec.data.labels.size(), ChartOptions{}.max_categories);
  ExpectConsistent(spec);
}

// The kind a request names is drawn when the rows allow it (chart_kind_asked.h).
ResultSet RevenueByChannel() {
  return Make({"channel", "revenue"}, {{Value::Text("online"), Value::Double(500)},
                                       {Value::Text("store"), Value::Double(300)},
                                       {Value::Text("phone"), Value::Double(200)}});
}
constexpr const char* kRevenueByChannelSql =
    "SELECT channel, SUM(amount) AS revenue FROM orders GROUP BY channel";

TEST(ChartRecommenderTest, AskedPieIsDrawnForPartsOfAWhole) {
  ResultSet rs = RevenueByChannel();
  ASSERT_EQ(RecommendChart(rs, {.sql = kRevenueByChannelSql}).kind, ChartKind::kBar);
  ChartSpec spec =
      RecommendChart(rs, {.question = "用饼图展示各渠道的销售额", .sql = kRevenueByChannelSql});
  ASSERT_EQ(spec.kind, ChartKind::kPie) << spec.reason;
  EXPECT_TRUE(spec.reason.starts_with("按要求，饼图")) << spec.reason;
  EXPECT_TRUE(spec.note.empty()) << spec.note;
  EXPECT_FALSE(spec.ToJson().contains("note"));
  ExpectConsistent(spec);
}

TEST(ChartRecommenderTest, AskedPieOfAnAverageIsABarThatSaysWhy) {
  ResultSet rs = Make({"genre", "average price"}, {{Value::Text("Rock"), Value::Double(0.99)},
                                                   {Value::Text("Jazz"), Value::Double(1.99)}});
  ChartSpec spec = RecommendChart(
      rs, {.question = "average price by genre as a pie chart",
           .sql = "SELECT genre, AVG(price) AS \"average price\" FROM t GROUP BY genre"});
  ASSERT_EQ(spec.kind, ChartKind::kBar);
  EXPECT_NE(spec.reason.find("a pie chart was asked for, but average price does not add up"),
            std::string::npos)
      << spec.reason;
  EXPECT_EQ(spec.note,
            "A pie chart was asked for, but average price does not add up to a whole (like an "
            "average or a price); shown as a bar chart.");
  EXPECT_EQ(spec.ToJson()["note"], spec.note);
  // A top N of more rows is no whole either.
  spec = RecommendChart(RevenueByChannel(),
                        {.question = "pie chart of the top 3 channels by revenue",
                         .sql = std::string(kRevenueByChannelSql) + " ORDER BY 2 DESC LIMIT 3"});
  ASSERT_EQ(spec.kind, ChartKind::kBar);
  EXPECT_NE(spec.reason.find("only the first ones"), std::string::npos) << spec.reason;
}

TEST(ChartRecommenderTest, AskedBarOverTimeKeepsTimeOrder) {
  ResultSet rs = Make({"month", "orders"}, {{Value::Text("2024-03"), Value::Int(30)},
                                            {Value::Text("2024-01"), Value::Int(50)},
                                            {Value::Text("2024-02"), Value::Int(10)}});
  ChartSpec spec = RecommendChart(rs, {.question = "bar chart of orders per month"});
  ASSERT_EQ(spec.kind, ChartKind::kBar) << spec.reason;
  EXPECT_EQ(spec.data.labels, (std::vector<std::string>{"2024-01", "2024-02", "2024-03"}));
  EXPECT_NE(spec.reason.find("as asked, bar chart"), std::string::npos) << spec.reason;
  EXPECT_NE(spec.reason.find("in time order"), std::string::npos) << spec.reason;
  ExpectConsistent(spec);
}

TEST(ChartRecommenderTest, AskedLineWithoutTimeAndAskedChartOfOneNumber) {
  ChartSpec spec = RecommendChart(
      RevenueByChannel(), {.question = "各渠道销售额的折线图", .sql = kRevenueByChannelSql});
  ASSERT_EQ(spec.kind, ChartKind::kBar);
  EXPECT_NE(spec.reason.find("要求的是折线图，但结果没有可作横轴的时间列"), std::string::npos)
      << spec.reason;
  ResultSet one = Make({"revenue"}, {{Value::Double(1000)}});
  spec = RecommendChart(one, {.question = "revenue as a pie chart"});
  ASSERT_EQ(spec.kind, ChartKind::kKpi);
  EXPECT_EQ(spec.note,
            "A pie chart was asked for, but the result is a single number; shown as a KPI card.");
}

TEST(ChartRecommenderTest, AskedScatterOfTwoMeasuresPerLabel) {
  ResultSet rs =
      Make({"product", "price", "units"}, {{Value::Text("a"), Value::Int(1), Value::Int(9)},
                                           {Value::Text("b"), Value::Int(2), Value::Int(7)},
                                           {Value::Text("c"), Value::Int(3), Value::Int(4)}});
  ChartSpec spec = RecommendChart(rs, {.question = "价格和销量的散点图"});
  ASSERT_EQ(spec.kind, ChartKind::kScatter) << spec.reason;
  EXPECT_EQ(spec.data.x_values, (std::vector<double>{1, 2, 3}));
}

TEST(ChartRecommenderTest, SeriesOfAnotherScaleAreLeftOffTheAxis) {
  // A period comparison: two years' revenue, the change, the growth in percent.
  ResultSet rs = Make({"region", "revenue (2025)", "revenue (2024)", "change", "growth (%)"},
                      {{Value::Text("East"), Value::Double(2.4e7), Value::Double(2.1e7),
                        Value::Double(3e6), Value::Double(16.7)},
                       {Value::Text("South"), Value::Double(1.2e7), Value::Double(1.0e7),
                        Value::Double(2e6), Value::Double(17.1)}});
  ChartSpec spec = RecommendChart(rs);
  ASSERT_EQ(spec.kind, ChartKind::kBar) << spec.reason;
  ASSERT_EQ(spec.data.series.size(), 3u);
  EXPECT_EQ(spec.data.series[2].name, "change");
  EXPECT_NE(spec.reason.find("growth (%) not drawn (another scale)"), std::string::npos)
      << spec.reason;
  ExpectConsistent(spec);
  // A first measure with no magnitude (no change anywhere) sets no scale.
  ResultSet unchanged = Make({"region", "change", "revenue (2025)"},
                             {{Value::Text("East"), Value::Double(0), Value::Double(2.4e7)},
                              {Value::Text("South"), Value::Double(0), Value::Double(1.2e7)}});
  spec = RecommendChart(unchanged);
  ASSERT_EQ(spec.kind, ChartKind::kBar) << spec.reason;
  EXPECT_EQ(spec.data.series.size(), 2u) << spec.reason;
  EXPECT_EQ(spec.reason.find("another scale"), std::string::npos) << spec.reason;
}

TEST(ChartRecommenderTest, QuartersOfOneYearAreATimeAxis) {
  // "2025年每个季度的销售额": the engine's quarter of the year, 1..4.
  ResultSet rs = Make({"季度", "销售额"}, {{Value::Int(1), Value::Double(1.35e7)},
                                           {Value::Int(2), Value::Double(1.6e7)},
                                           {Value::Int(3), Value::Double(1.9e7)},
                                           {Value::Int(4), Value::Double(2.33e7)}});
  ChartSpec spec = RecommendChart(rs);
  ASSERT_EQ(spec.kind, ChartKind::kLine) << spec.reason;
  EXPECT_EQ(spec.data.labels, (std::vector<std::string>{"1", "2", "3", "4"}));
  // A count of quarters, or a number 7 under a quarter name, is no quarter.
  ResultSet counts = Make({"quarters", "n"}, {{Value::Int(2), Value::Int(5)},
                                              {Value::Int(3), Value::Int(9)},
                                              {Value::Int(4), Value::Int(1)}});
  EXPECT_NE(RecommendChart(counts).kind, ChartKind::kLine);
  ResultSet labels = Make({"quarter", "orders"},
                          {{Value::Text("Q2"), Value::Int(5)}, {Value::Text("Q1"), Value::Int(9)}});
  spec = RecommendChart(labels);
  ASSERT_EQ(spec.kind, ChartKind::kLine) << spec.reason;
  EXPECT_EQ(spec.data.labels, (std::vector<std::string>{"Q1", "Q2"}));
}

}  // namespace
}  // namespace askdb::analysis
