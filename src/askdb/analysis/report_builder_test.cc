#include "askdb/analysis/report_builder.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "askdb/common/file_util.h"

namespace askdb::analysis {
namespace {

using db::ResultSet;
using db::Value;

ResultSet Hostile() {
  ResultSet rs;
  rs.columns = {{"name<script>", ""}, {"amount", ""}};
  rs.rows = {{Value::Text("<script>alert(1)</script>"), Value::Int(1)},
             {Value::Text("a|b \\ c\nd `e` *f* _g_ [h](i) & <j>"), Value::Null()},
             {Value::Text("\"quoted\" 'single'"), Value::Double(2.5)}};
  return rs;
}

size_t Count(const std::string& haystack, std::string_view needle) {
  size_t n = 0;
  for (size_t p = haystack.find(needle); p != std::string::npos; p = haystack.find(needle, p + 1)) {
    ++n;
  }
  return n;
}

ChartSpec BarChart(std::string title) {
  ResultSet rs;
  rs.columns = {{"region", ""}, {"revenue", ""}};
  rs.rows = {{Value::Text("</script><script>alert(2)</script>"), Value::Int(3)},
             {Value::Text("West"), Value::Int(5)}};
  return RecommendChart(rs, {.title = std::move(title)});
}

TEST(ReportBuilderTest, EscapesHtml) {
  EXPECT_EQ(EscapeHtml("<a href=\"x\">'&'</a>"),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  EXPECT_EQ(EscapeHtml("华东 plain"), "华东 plain");
}

TEST(ReportBuilderTest, EscapesMarkdownCells) {
  EXPECT_EQ(EscapeMarkdownCell("a|b"), "a\\|b");
  EXPECT_EQ(EscapeMarkdownCell("x\\y"), "x\\\\y");
  EXPECT_EQ(EscapeMarkdownCell("line1\nline2\r\nline3"), "line1 line2 line3");
  EXPECT_EQ(EscapeMarkdownCell("<b>*x*</b>"), "&lt;b&gt;\\*x\\*&lt;/b&gt;");
  EXPECT_EQ(EscapeMarkdownCell("华东_区"), "华东\\_区");
}

TEST(ReportBuilderTest, JsonForScriptCannotCloseTheElement) {
  Json j = {{"label", "</script><!-- \u2028"}};
  std::string s = JsonForScript(j);
  EXPECT_EQ(s.find('<'), std::string::npos);
  EXPECT_EQ(s.find("\u2028"), std::string::npos);
  EXPECT_EQ(*ParseJson(s), j);  // still the same JSON
}

TEST(ReportBuilderTest, HtmlEscapesDataEverywhere) {
  Report report("Report <title>");
  report.AddHeading("<h2>heading</h2>")
      .AddParagraph("para <img src=x onerror=alert(3)>\n\nsecond")
      .AddSql("SELECT '<x>' AS a")
      .AddTable(Hostile(), "cap <b>")
      .AddKpi("<kpi>", "<1>", "<detail>")
      .AddChart(BarChart("<chart title>"));
  std::string html = RenderHtml(report);
  // The embedded library has markup in its own strings; check everything around it.
  size_t lib = html.find(EchartsJs());
  ASSERT_NE(lib, std::string::npos);
  html.erase(lib, EchartsJs().size());
  EXPECT_EQ(html.find("<script>alert"), std::string::npos);
  EXPECT_EQ(html.find("<img"), std::string::npos);
  EXPECT_EQ(html.find("<kpi>"), std::string::npos);
  EXPECT_EQ(html.find("<chart title>"), std::string::npos);
  EXPECT_NE(html.find("&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
  EXPECT_NE(html.find("<p>para &lt;img src=x onerror=alert(3)&gt;</p>"), std::string::npos);
  EXPECT_NE(html.find("<p>second</p>"), std::string::npos);
  EXPECT_NE(html.find("<title>Report &lt;title&gt;</title>"), std::string::npos);
  EXPECT_NE(html.find("<span class=\"null\">NULL</span>"), std::string::npos);
  // Only our own script elements: ECharts, the chart's data, the initialiser.
  EXPECT_EQ(Count(html, "<script"), 3u);
  EXPECT_EQ(Count(html, "</script>"), 3u);
}

TEST(ReportBuilderTest, HtmlIsSelfContained) {
  Report report("离线报告");
  report.AddChart(BarChart("")).AddChart(BarChart("second"));
  std::string html = RenderHtml(report);
  EXPECT_NE(html.find("<html lang=\"zh-CN\">"), std::string::npos);
  EXPECT_NE(html.find(EchartsJs().substr(0, 200)), std::string::npos);
  EXPECT_GT(EchartsJs().size(), 500000u);
  EXPECT_NE(EchartsJs().find("echarts"), std::string::npos);
  EXPECT_EQ(html.find("src=\"http"), std::string::npos);
  EXPECT_EQ(html.find("<link"), std::string::npos);
  EXPECT_NE(html.find("renderer: 'svg'"), std::string::npos);
  EXPECT_NE(html.find("\"PingFang SC\", \"Noto Sans CJK SC\", \"Microsoft YaHei\", sans-serif"),
            std::string::npos);
  EXPECT_EQ(Count(html, "data-askdb-chart=\""), 2u);
  // No charts: no library either (a table-only report stays small).
  Report plain("t");
  plain.AddParagraph("x");
  EXPECT_LT(RenderHtml(plain).size(), 20000u);
}

TEST(ReportBuilderTest, MarkdownHasFencesTablesAndNotes) {
  ResultSet rs = Hostile();
  for (int i = 0; i < 10; ++i) rs.rows.push_back({Value::Text("r"), Value::Int(i)});
  rs.truncated = true;
  Report report("Sales");
  report.AddSql("SELECT 1")
      .AddTable(rs, "Rows", 5)
      .AddChart(BarChart("Bars"))
      .AddKpi("Orders", "1,234");
  std::string md = RenderMarkdown(report);
  EXPECT_EQ(md.rfind("# Sales\n\n", 0), 0u);
  EXPECT_NE(md.find("```sql\nSELECT 1\n```\n"), std::string::npos);
  EXPECT_NE(md.find("| name&lt;script&gt; | amount |\n| --- | ---: |\n"), std::string::npos);
  EXPECT_NE(md.find("| a\\|b \\\\ c d \\`e\\` \\*f\\* \\_g\\_ \\[h\\](i) &amp; &lt;j&gt; | NULL |"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("Showing the first 5 of 13 rows."), std::string::npos);
  EXPECT_NE(md.find("row cap"), std::string::npos);
  EXPECT_NE(md.find("> **Orders**: 1,234"), std::string::npos);
  size_t fence = md.find("```echarts\n");
  ASSERT_NE(fence, std::string::npos);
  size_t body = fence + 11;
  auto option = ParseJson(md.substr(body, md.find("\n```", body) - body));
  ASSERT_TRUE(option.ok()) << option.status().ToString();
  EXPECT_EQ((*option)["series"][0]["type"], "bar");
}

// The report's tables read numbers as the CLI and the web UI do (number_kind.h): a ratio in
// percent, money with two decimals and separators, a COUNT with separators, an average
// rounded as the prose rounds it.
TEST(ReportBuilderTest, TablesFormatNumbersByTheirKind) {
  ResultSet rs;
  rs.columns = {{"country", ""},
                {"discount_rate", ""},
                {"revenue", ""},
                {"orders", ""},
                {"avg_quantity", ""}};
  rs.rows = {{Value::Text("USA"), Value::Double(0.0384), Value::Double(16337115.4),
              Value::Int(4527), Value::Double(54.0067)},
             {Value::Text("UK"), Value::Double(0.0356), Value::Double(2328.6), Value::Int(12),
              Value::Double(20)}};
  Report report("Sales");
  report.AddTable(rs, "", kDefaultReportTableRows,
                  "SELECT country, SUM(discount) / SUM(quantity) AS discount_rate, SUM(total) AS "
                  "revenue, COUNT(*) AS orders, AVG(quantity) AS avg_quantity FROM t GROUP BY 1",
                  {"total"});
  const std::string html = RenderHtml(report);
  for (const char* cell : {"<td class=\"num\">3.84%</td>", "<td class=\"num\">16,337,115.40</td>",
                           "<td class=\"num\">4,527</td>", "<td class=\"num\">54.01</td>",
                           "<td class=\"num\">2,328.60</td>", "<td class=\"num\">3.56%</td>"}) {
    EXPECT_NE(html.find(cell), std::string::npos) << cell;
  }
  EXPECT_EQ(html.find("0.0384"), std::string::npos);
  EXPECT_NE(RenderMarkdown(report).find("| USA | 3.84% | 16,337,115.40 | 4,527 | 54.01 |"),
            std::string::npos)
      << RenderMarkdown(report);
}

TEST(ReportBuilderTest, MarkdownFenceOutgrowsBackticksInSql) {
  Report report;
  report.AddSql("SELECT '```' AS x");
  EXPECT_NE(RenderMarkdown(report).find("````sql\nSELECT '```' AS x\n````"), std::string::npos);
}

TEST(ReportBuilderTest, ChineseReportNotes) {
  ResultSet rs;
  rs.columns = {{"a", ""}};
  for (int i = 0; i < 3; ++i) rs.rows.push_back({Value::Int(i)});
  Report report("销售报告");
  report.AddTable(rs, "", 2);
  EXPECT_NE(RenderMarkdown(report).find("仅显示前 2 行，共 3 行"), std::string::npos);
}

TEST(ReportBuilderTest, WritesByExtension) {
  auto dir =
      std::filesystem::temp_directory_path() / ("askdb_report_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  Report report("Title");
  report.AddParagraph("hello");
  ASSERT_TRUE(WriteReport(report, dir / "r.md").ok());
  ASSERT_TRUE(WriteReport(report, dir / "r.HTML").ok());
  EXPECT_EQ(*ReadFile(dir / "r.md"), RenderMarkdown(report));
  EXPECT_EQ(ReadFile(dir / "r.HTML")->rfind("<!DOCTYPE html>", 0), 0u);
  Status bad = WriteReport(report, dir / "r.pdf");
  EXPECT_EQ(bad.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(bad.message().find(".pdf"), std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(dir / "r.pdf"));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace askdb::analysis
