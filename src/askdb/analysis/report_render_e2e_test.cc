// Builds a report with a line, bars, a pie, a scatter and KPIs from hand-made results, writes it as
// HTML and has tests/e2e/check_report_renders.sh draw it in headless Chromium: every chart
// container must end up holding an SVG drawing, and a screenshot is taken. Set
// ASKDB_KEEP_REPORT=1 to keep the page and the screenshot (their paths are printed).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "askdb/analysis/chart_recommender.h"
#include "askdb/analysis/report_builder.h"
#include "askdb/db/result_set.h"

namespace askdb::analysis {
namespace {

using db::ResultSet;
using db::Value;

constexpr const char* kChromium = "/usr/bin/chromium";

Report SampleReport() {
  ResultSet monthly;
  monthly.columns = {{"month", "TEXT"}, {"revenue", "REAL"}, {"cost", "REAL"}};
  const double revenue[] = {120500, 132000, 128700, 151200, 166900, 171300,
                            158800, 180400, 192100, 205600, 221900, 248300};
  for (int m = 0; m < 12; ++m) {
    char month[16];
    std::snprintf(month, sizeof month, "2024-%02d", m + 1);
    monthly.rows.push_back(
        {Value::Text(month), Value::Double(revenue[m]), Value::Double(revenue[m] * 0.62)});
  }
  ResultSet regions;
  regions.columns = {{"地区", "TEXT"}, {"销售额", "REAL"}};
  const char* names[] = {"华东", "华北", "华南", "西南", "西北", "东北", "华中"};
  const double sales[] = {3820000, 2950000, 2710000, 1480000, 620000, 910000, 1730000};
  for (int i = 0; i < 7; ++i) {
    regions.rows.push_back({Value::Text(names[i]), Value::Double(sales[i])});
  }
  ResultSet channels;
  channels.columns = {{"channel", "TEXT"}, {"orders", "INTEGER"}};
  channels.rows = {{Value::Text("Web <b>shop</b>"), Value::Int(4210)},
                   {Value::Text("Mobile app"), Value::Int(6120)},
                   {Value::Text("Retail stores"), Value::Int(2380)},
                   {Value::Text("Partners"), Value::Int(990)}};
  ResultSet products;
  products.columns = {{"product_name", "TEXT"}, {"units_sold", "INTEGER"}};
  const char* product_names[] = {"Côte de Blaye (red wine)", "Thüringer Rostbratwurst",
                                 "Raclette Courdavault",     "Camembert Pierrot",
                                 "Tarte au sucre",           "Gnocchi di nonna Alice",
                                 "Manjimup Dried Apples",    "Alice Mutton"};
  for (int i = 0; i < 8; ++i) {
    products.rows.push_back({Value::Text(product_names[i]), Value::Int(200 + (i * 37) % 150)});
  }
  ResultSet prices;
  prices.columns = {{"unit_price", "REAL"}, {"quantity", "INTEGER"}};
  for (int i = 0; i < 40; ++i) {
    prices.rows.push_back({Value::Double(5 + i * 2.5), Value::Int(120 - i * 2 + (i * 7) % 13)});
  }
  ResultSet count;
  count.columns = {{"customers", "INTEGER"}};
  count.rows = {{Value::Int(1284563)}};

  Report report("2024 年度销售报告 / Sales report 2024");
  report.set_subtitle("askdb e2e sample — data is made up");
  report.AddChart(RecommendChart(count, {.title = "Active customers"}));
  report.AddKpi("订单总数 Orders", "13,700", "+12.4% vs 2023");
  report.AddHeading("Monthly revenue");
  report.AddParagraph("Revenue grew every quarter; December was the strongest month.");
  report.AddSql(
      "SELECT strftime('%Y-%m', order_date) AS month, SUM(amount) AS revenue\n"
      "FROM orders GROUP BY 1 ORDER BY 1;");
  report.AddChart(RecommendChart(monthly, {.title = "Revenue and cost by month"}));
  report.AddHeading("各地区销售额");
  report.AddChart(RecommendChart(regions, {.question = "各地区的销售额"}));
  report.AddTable(regions, "各地区销售额明细", 5);
  report.AddHeading("Orders by channel");
  report.AddChart(RecommendChart(channels, {.question = "What share of orders per channel?"}));
  report.AddHeading("Products");
  report.AddChart(RecommendChart(products, {.title = "Units sold by product"}));
  report.AddChart(RecommendChart(prices, {.title = "Quantity against unit price"}));
  return report;
}

TEST(ReportRenderE2eTest, ChromiumDrawsEveryChart) {
  if (!std::filesystem::exists(kChromium)) {
    GTEST_SKIP() << kChromium << " is not installed; run scripts/setup.sh (apt chromium) to "
                 << "run the report rendering test";
  }
  Report report = SampleReport();
  int charts = 0;
  for (const auto& s : report.sections()) {
    if (const auto* c = std::get_if<ChartSection>(&s)) {
      if (c->chart.kind != ChartKind::kKpi && c->chart.kind != ChartKind::kTable) ++charts;
    }
  }
  ASSERT_EQ(charts, 5);  // line, bar, pie, horizontal bar, scatter (+ two KPI cards)

  auto dir =
      std::filesystem::temp_directory_path() / ("askdb_report_e2e_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  auto html = dir / "report.html";
  auto png = dir / "report.png";
  ASSERT_TRUE(WriteReport(report, html).ok());
  std::string cmd = std::string("bash ") + ASKDB_SOURCE_DIR +
                    "/tests/e2e/check_report_renders.sh '" + html.string() + "' '" + png.string() +
                    "'";
  int rc = std::system(cmd.c_str());
  EXPECT_EQ(rc, 0) << cmd;
  EXPECT_GT(std::filesystem::file_size(png), 10000u);
  // Kept for a person to look at when asked (ASKDB_KEEP_REPORT=1) or when the check failed.
  if (rc == 0 && std::getenv("ASKDB_KEEP_REPORT") == nullptr) {
    std::filesystem::remove_all(dir);
  } else {
    std::printf("report: %s\nscreenshot: %s\n", html.c_str(), png.c_str());
  }
}

}  // namespace
}  // namespace askdb::analysis
