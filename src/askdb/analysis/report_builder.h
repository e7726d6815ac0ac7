// Reports: an ordered list of sections (headings, paragraphs, SQL, tables, charts, KPI
// cards) rendered as Markdown (```sql and ```echarts fenced blocks, GFM tables) or as one
// self-contained HTML page that opens offline: CSS and the ECharts library are inline, charts
// draw with the SVG renderer, and every piece of data is escaped so no result can inject
// markup or script.
//
// A Report is a plain value type that owns copies of what it shows (tables keep at most
// their row cap). Building and rendering are not synchronised; rendering is const and may run
// on several threads over one unchanging Report.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "askdb/analysis/chart_recommender.h"
#include "askdb/analysis/number_kind.h"
#include "askdb/common/status.h"
#include "askdb/db/result_set.h"

namespace askdb::analysis {

// Rows a table section keeps when the caller does not say.
inline constexpr size_t kDefaultReportTableRows = 100;

struct HeadingSection {
  std::string text;
  int level = 2;  // 1..6; the report title is level 1
};
struct ParagraphSection {
  std::string text;  // plain text; blank lines separate paragraphs
};
struct SqlSection {
  std::string sql;
};
struct TableSection {
  std::string caption;
  db::ResultSet result;         // at most the cap's rows
  size_t total_rows = 0;        // rows the result had before the cap
  bool more_in_source = false;  // the query itself hit its row cap
  // One per column: how its numbers read (a ratio in percent, money with two decimals, a
  // COUNT with separators), as the CLI and the web UI show them.
  std::vector<NumberKind> kinds;
};
struct ChartSection {
  ChartSpec chart;  // kTable specs render nothing: add the table itself
};
struct KpiSection {
  std::string label;
  std::string value;   // display text ("1,234,567")
  std::string detail;  // optional small print under the value
};

using ReportSection = std::variant<HeadingSection, ParagraphSection, SqlSection, TableSection,
                                   ChartSection, KpiSection>;

enum class ReportLanguage { kAuto, kEnglish, kChinese };

class Report {
 public:
  explicit Report(std::string title = "", ReportLanguage language = ReportLanguage::kAuto);

  Report& AddHeading(std::string text, int level = 2);
  Report& AddParagraph(std::string text);
  Report& AddSql(std::string sql);
  // Keeps the first `max_rows` rows; the rendered table notes how many were left out. `sql`
  // (the statement that made the rows) and `money_columns` (DescribeResult's) say which
  // columns are ratios, money or counts; without them only names and values decide.
  Report& AddTable(const db::ResultSet& result, std::string caption = "",
                   size_t max_rows = kDefaultReportTableRows, std::string_view sql = "",
                   const std::vector<std::string>& money_columns = {});
  // A kKpi spec becomes a KPI card; a kTable spec is ignored (it carries no data).
  Report& AddChart(ChartSpec chart);
  Report& AddKpi(std::string label, std::string value, std::string detail = "");

  const std::string& title() const { return title_; }
  // kAuto resolves to Chinese when the title or any heading/paragraph holds CJK text.
  bool chinese() const;
  // Small print under the title (e.g. "Generated 2024-03-01 10:00 from demo.sqlite").
  void set_subtitle(std::string subtitle) { subtitle_ = std::move(subtitle); }
  const std::string& subtitle() const { return subtitle_; }
  const std::vector<ReportSection>& sections() const { return sections_; }

 private:
  std::string title_;
  std::string subtitle_;
  ReportLanguage language_;
  std::vector<ReportSection> sections_;
};

std::string RenderMarkdown(const Report& report);
std::string RenderHtml(const Report& report);

// Writes by extension: .html/.htm → HTML, .md/.markdown → Markdown (case-insensitive);
// anything else is InvalidArgument. The file is replaced atomically.
Status WriteReport(const Report& report, const std::filesystem::path& path);

// The ECharts library (dist/echarts.min.js from web/package-lock.json), linked into the
// binary at build time.
std::string_view EchartsJs();

// Escaping used by the renderers, exposed for tests and for other front ends.
std::string EscapeHtml(std::string_view text);
// One GFM table cell: pipes, backslashes, Markdown punctuation and angle brackets escaped,
// line breaks turned into spaces.
std::string EscapeMarkdownCell(std::string_view text);
// JSON for a <script> element: "<", ">", "&", U+2028 and U+2029 written as \u escapes so the
// text can never close the element.
std::string JsonForScript(const Json& json);

}  // namespace askdb::analysis
