#include "askdb/analysis/report_builder.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>

#include "askdb/common/embedded.h"
#include "askdb/common/file_util.h"
#include "askdb/common/text.h"

ASKDB_DECLARE_EMBEDDED(echarts_js);

namespace askdb::analysis {
namespace {

using db::Value;

constexpr int kMinHeadingLevel = 1;
constexpr int kMaxHeadingLevel = 6;
constexpr size_t kMinFence = 3;
// Chart heights in the HTML page (pixels). Horizontal bars grow with their count so that
// every label stays readable.
constexpr int kChartHeight = 380;
constexpr int kHorizontalBarRowHeight = 26;
constexpr int kHorizontalBarChrome = 120;
constexpr int kMaxChartHeight = 1200;

bool IsNumericKind(Value::Kind k) {
  return k == Value::Kind::kInt || k == Value::Kind::kDouble || k == Value::Kind::kDecimal;
}

// A column is right-aligned when every non-NULL cell in it is a number.
std::vector<bool> NumericColumns(const db::ResultSet& rs) {
  std::vector<bool> numeric(rs.columns.size(), true);
  std::vector<bool> seen(rs.columns.size(), false);
  for (const auto& row : rs.rows) {
    for (size_t c = 0; c < rs.columns.size() && c < row.size(); ++c) {
      if (row[c].is_null()) continue;
      seen[c] = true;
      if (!IsNumericKind(row[c].kind())) numeric[c] = false;
    }
  }
  for (size_t c = 0; c < numeric.size(); ++c) numeric[c] = numeric[c] && seen[c];
  return numeric;
}

// A cell as its column's kind reads (number_kind.h): "3.84%", "2,328.60", "4,527".
std::string CellText(const TableSection& t, const std::vector<Value>& row, size_t c) {
  if (c >= row.size() || row[c].is_null()) return "NULL";
  return FormatCell(row[c], c < t.kinds.size() ? t.kinds[c] : NumberKind::kText);
}

std::string Count(size_t n) { return FormatNumber(static_cast<double>(n)); }

struct Texts {
  bool zh;
  std::string Pick(std::string_view zh_text, std::string_view en_text) const {
    return std::string(zh ? zh_text : en_text);
  }
  std::string TableNote(const TableSection& t) const {
    std::string note;
    size_t shown = t.result.rows.size();
    if (shown < t.total_rows) {
      note = Pick("仅显示前 " + Count(shown) + " 行，共 " + Count(t.total_rows) + " 行。",
                  "Showing the first " + Count(shown) + " of " + Count(t.total_rows) + " rows.");
    }
    if (t.more_in_source) {
      if (!note.empty()) note += ' ';
      note += Pick("查询达到了行数上限，数据库中还有更多行。",
                   "The query hit its row cap; the database holds more rows.");
    }
    return note;
  }
  std::string NoRows() const { return Pick("（无数据）", "(no rows)"); }
};

std::string OneLine(std::string_view s) {
  std::string out;
  for (char ch : s) out += (ch == '\n' || ch == '\r') ? ' ' : ch;
  return out;
}

// A fence longer than any run of backticks inside, so the content cannot end the block.
std::string FenceFor(std::string_view content) {
  size_t longest = 0;
  size_t run = 0;
  for (char ch : content) {
    run = ch == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return std::string(std::max(kMinFence, longest + 1), '`');
}

void FencedBlock(std::string& out, std::string_view info, std::string_view content) {
  std::string fence = FenceFor(content);
  out += fence;
  out += info;
  out += '\n';
  out += content;
  if (!content.empty() && content.back() != '\n') out += '\n';
  out += fence;
  out += "\n\n";
}

void MarkdownTable(std::string& out, const TableSection& t, const Texts& tx) {
  if (!t.caption.empty()) out += "**" + OneLine(t.caption) + "**\n\n";
  const auto& rs = t.result;
  if (rs.columns.empty()) {
    out += tx.NoRows() + "\n\n";
    return;
  }
  std::vector<bool> numeric = NumericColumns(rs);
  out += '|';
  for (const auto& col : rs.columns) out += ' ' + EscapeMarkdownCell(col.name) + " |";
  out += "\n|";
  for (size_t c = 0; c < rs.columns.size(); ++c) out += numeric[c] ? " ---: |" : " --- |";
  out += '\n';
  for (const auto& row : rs.rows) {
    out += '|';
    for (size_t c = 0; c < rs.columns.size(); ++c) {
      out += ' ' + EscapeMarkdownCell(CellText(t, row, c)) + " |";
    }
    out += '\n';
  }
  out += '\n';
  if (rs.rows.empty()) out += tx.NoRows() + "\n\n";
  std::string note = tx.TableNote(t);
  if (!note.empty()) out += '_' + note + "_\n\n";
}

KpiSection KpiFromChart(const ChartSpec& spec) {
  KpiSection k;
  k.label = spec.kpi_label;
  k.value = spec.kpi_formatted;
  if (!spec.title.empty() && spec.title != spec.kpi_label) k.detail = spec.title;
  return k;
}

const KpiSection* AsKpi(const ReportSection& s, KpiSection& scratch) {
  if (const auto* k = std::get_if<KpiSection>(&s)) return k;
  if (const auto* c = std::get_if<ChartSection>(&s); c && c->chart.kind == ChartKind::kKpi) {
    scratch = KpiFromChart(c->chart);
    return &scratch;
  }
  return nullptr;
}

// ---------------------------------------------------------------------------------------
// HTML

constexpr std::string_view kCss = R"css(
:root { color-scheme: light; --fg: #1f2328; --muted: #656d76; --border: #d8dee4;
  --soft: #f6f8fa; --accent: #2f6feb; }
* { box-sizing: border-box; }
body { margin: 0; background: #eef1f5; color: var(--fg);
  font: 15px/1.65 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue",
    Arial, "PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", sans-serif; }
main { max-width: 1080px; margin: 32px auto; padding: 36px 44px; background: #fff;
  border-radius: 14px; box-shadow: 0 1px 3px rgba(16, 24, 40, .08); }
h1 { font-size: 28px; line-height: 1.3; margin: 0 0 4px; }
h2 { font-size: 21px; margin: 32px 0 10px; padding-bottom: 6px;
  border-bottom: 1px solid var(--border); }
h3, h4, h5, h6 { margin: 24px 0 8px; }
p { margin: 10px 0; }
.subtitle { color: var(--muted); margin: 0 0 24px; font-size: 14px; }
pre.sql { background: var(--soft); border: 1px solid var(--border); border-radius: 8px;
  padding: 12px 16px; overflow-x: auto; white-space: pre;
  font: 13px/1.55 ui-monospace, SFMono-Regular, Menlo, Consolas, "Noto Sans Mono CJK SC",
    monospace; }
.caption { font-weight: 600; margin: 18px 0 6px; }
.table-wrap { overflow-x: auto; border: 1px solid var(--border); border-radius: 8px;
  margin: 8px 0; }
table { border-collapse: collapse; width: 100%; font-size: 14px;
  font-variant-numeric: tabular-nums; }
th, td { padding: 7px 12px; text-align: left; border-bottom: 1px solid #eaeef2;
  white-space: nowrap; max-width: 420px; overflow: hidden; text-overflow: ellipsis; }
th { background: var(--soft); font-weight: 600; }
td.num, th.num { text-align: right; }
tbody tr:nth-child(even) { background: #fafbfc; }
tbody tr:last-child td { border-bottom: none; }
.null { color: var(--muted); font-style: italic; }
.note { color: var(--muted); font-size: 13px; margin: 4px 0 12px; }
.kpis { display: flex; flex-wrap: wrap; gap: 16px; margin: 18px 0; }
.kpi { flex: 1 1 220px; border: 1px solid var(--border); border-radius: 12px;
  padding: 16px 20px; background: linear-gradient(180deg, #ffffff, #f5f8fc); }
.kpi-label { color: var(--muted); font-size: 13px; }
.kpi-value { font-size: 32px; font-weight: 650; line-height: 1.25; margin-top: 4px;
  font-variant-numeric: tabular-nums; }
.kpi-detail { color: var(--muted); font-size: 13px; margin-top: 4px; }
figure.chart { margin: 20px 0; padding: 14px 10px 6px; border: 1px solid var(--border);
  border-radius: 12px; }
.askdb-chart { width: 100%; }
.askdb-chart-failed { display: flex; align-items: center; justify-content: center;
  color: #b42318; background: #fef3f2; border-radius: 8px; }
@media print { body { background: #fff; } main { box-shadow: none; margin: 0; } }
)css";

// Draws every chart container from its JSON option. When ECharts is missing or an option
// fails, the container says so and carries data-askdb-error, which the e2e check looks for.
constexpr std::string_view kInitJs = R"js(
(function () {
  'use strict';
  function number(v) {
    if (typeof v !== 'number' || !isFinite(v)) return v == null ? '' : String(v);
    return v.toLocaleString('en-US', { maximumFractionDigits: 2 });
  }
  // Money keeps both decimals (2,328.60, 12.00), as analysis::FormatNumber(v, true).
  function money(v) {
    if (typeof v !== 'number' || !isFinite(v)) return number(v);
    return v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  }
  // A fraction in percent (0.0384 → 3.84%), as analysis::FormatFraction.
  function percent(v) {
    if (typeof v !== 'number' || !isFinite(v)) return number(v);
    var p = v * 100;
    return (p !== 0 && Math.abs(p) < 0.1 ? p.toPrecision(3) : number(p)) + '%';
  }
  function compact(v) {
    if (typeof v !== 'number' || !isFinite(v)) return number(v);
    var a = Math.abs(v), units = [[1e12, 'T'], [1e9, 'B'], [1e6, 'M'], [1e3, 'K']];
    for (var i = 0; i < units.length; i++) {
      if (a >= units[i][0]) {
        return (v < 0 ? '-' : '') + (a / units[i][0]).toFixed(1).replace(/\.0$/, '') +
            units[i][1];
      }
    }
    return number(v);
  }
  function formatter(kind) {
    var f = { compact: compact, money: money, percent: percent }[kind] || number;
    return function (p) {
      var v = (p !== null && typeof p === 'object' && !Array.isArray(p)) ? p.value : p;
      if (Array.isArray(v)) return v.map(f).join(', ');
      return f(v);
    };
  }
  // Options are plain JSON; "askdbFormat" marks where a number formatter belongs.
  function hydrate(node, key) {
    if (Array.isArray(node)) { node.forEach(function (n) { hydrate(n, key); }); return; }
    if (node === null || typeof node !== 'object') return;
    if (typeof node.askdbFormat === 'string') {
      if (key === 'tooltip') node.valueFormatter = formatter(node.askdbFormat);
      else node.formatter = formatter(node.askdbFormat);
      delete node.askdbFormat;
    }
    Object.keys(node).forEach(function (k) { hydrate(node[k], k); });
  }
  function fail(el, message) {
    el.setAttribute('data-askdb-error', message);
    el.className += ' askdb-chart-failed';
    el.textContent = message;
  }
  var charts = [];
  var nodes = document.querySelectorAll('[data-askdb-chart]');
  for (var i = 0; i < nodes.length; i++) {
    var el = nodes[i];
    if (typeof echarts === 'undefined') {
      fail(el, 'The chart library (ECharts) did not load.');
      continue;
    }
    try {
      var data = document.getElementById('askdb-chart-data-' + el.getAttribute('data-askdb-chart'));
      var option = JSON.parse(data.textContent);
      hydrate(option, '');
      var chart = echarts.init(el, null, { renderer: 'svg' });
      chart.setOption(option);
      charts.push(chart);
      el.setAttribute('data-askdb-rendered', 'true');
    } catch (e) {
      fail(el, 'Chart could not be drawn: ' + (e && e.message ? e.message : e));
    }
  }
  window.addEventListener('resize', function () {
    charts.forEach(function (c) { c.resize(); });
  });
})();
)js";

int ChartHeight(const ChartSpec& spec) {
  const Json& o = spec.echarts_option;
  if (o.is_object() && o.contains("yAxis") && o["yAxis"].is_object() &&
      o["yAxis"].value("type", "") == "category") {
    int rows = static_cast<int>(spec.data.labels.size());
    return std::clamp(rows * kHorizontalBarRowHeight + kHorizontalBarChrome, kChartHeight,
                      kMaxChartHeight);
  }
  return kChartHeight;
}

void HtmlParagraphs(std::string& out, std::string_view text) {
  // Blank lines split paragraphs; single line breaks stay as <br>.
  std::string para;
  auto flush = [&]() {
    size_t b = para.find_first_not_of(" \t\n");
    if (b != std::string::npos) {
      size_t e = para.find_last_not_of(" \t\n");
      std::string body = EscapeHtml(std::string_view(para).substr(b, e - b + 1));
      std::string with_breaks;
      for (char ch : body) {
        if (ch == '\n') {
          with_breaks += "<br>";
        } else {
          with_breaks += ch;
        }
      }
      out += "<p>" + with_breaks + "</p>\n";
    }
    para.clear();
  };
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t nl = text.find('\n', pos);
    std::string_view line =
        text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.find_first_not_of(" \t") == std::string_view::npos) {
      flush();
    } else {
      if (!para.empty()) para += '\n';
      para += line;
    }
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
  }
  flush();
}

void HtmlTable(std::string& out, const TableSection& t, const Texts& tx) {
  if (!t.caption.empty()) out += "<div class=\"caption\">" + EscapeHtml(t.caption) + "</div>\n";
  const auto& rs = t.result;
  if (rs.columns.empty()) {
    out += "<p class=\"note\">" + EscapeHtml(tx.NoRows()) + "</p>\n";
    return;
  }
  std::vector<bool> numeric = NumericColumns(rs);
  out += "<div class=\"table-wrap\"><table>\n<thead><tr>";
  for (size_t c = 0; c < rs.columns.size(); ++c) {
    out += numeric[c] ? "<th class=\"num\">" : "<th>";
    out += EscapeHtml(rs.columns[c].name) + "</th>";
  }
  out += "</tr></thead>\n<tbody>\n";
  for (const auto& row : rs.rows) {
    out += "<tr>";
    for (size_t c = 0; c < rs.columns.size(); ++c) {
      out += numeric[c] ? "<td class=\"num\">" : "<td>";
      if (c >= row.size() || row[c].is_null()) {
        out += "<span class=\"null\">NULL</span>";
      } else {
        out += EscapeHtml(CellText(t, row, c));
      }
      out += "</td>";
    }
    out += "</tr>\n";
  }
  out += "</tbody></table></div>\n";
  if (rs.rows.empty()) out += "<p class=\"note\">" + EscapeHtml(tx.NoRows()) + "</p>\n";
  std::string note = tx.TableNote(t);
  if (!note.empty()) out += "<p class=\"note\">" + EscapeHtml(note) + "</p>\n";
}

void HtmlKpi(std::string& out, const KpiSection& k) {
  out += "<div class=\"kpi\"><div class=\"kpi-label\">" + EscapeHtml(k.label) +
         "</div><div class=\"kpi-value\">" + EscapeHtml(k.value) + "</div>";
  if (!k.detail.empty()) out += "<div class=\"kpi-detail\">" + EscapeHtml(k.detail) + "</div>";
  out += "</div>\n";
}

// The ECharts source goes inside <script>; "</script" in it would end the element early.
std::string ScriptSafe(std::string_view js) {
  std::string out;
  out.reserve(js.size());
  for (size_t i = 0; i < js.size(); ++i) {
    if (js[i] == '<' && i + 1 < js.size() && js[i + 1] == '/' &&
        text::AsciiLower(js.substr(i + 2, 6)) == "script") {
      out += "<\\/";
      ++i;
      continue;
    }
    out += js[i];
  }
  return out;
}

}  // namespace

Report::Report(std::string title, ReportLanguage language)
    : title_(std::move(title)), language_(language) {}

Report& Report::AddHeading(std::string text, int level) {
  sections_.emplace_back(
      HeadingSection{std::move(text), std::clamp(level, kMinHeadingLevel, kMaxHeadingLevel)});
  return *this;
}

Report& Report::AddParagraph(std::string text) {
  sections_.emplace_back(ParagraphSection{std::move(text)});
  return *this;
}

Report& Report::AddSql(std::string sql) {
  sections_.emplace_back(SqlSection{std::move(sql)});
  return *this;
}

Report& Report::AddTable(const db::ResultSet& result, std::string caption, size_t max_rows,
                         std::string_view sql, const std::vector<std::string>& money_columns) {
  TableSection t;
  t.caption = std::move(caption);
  t.kinds = ColumnNumberKinds(result, sql, money_columns);
  t.total_rows = result.rows.size();
  t.more_in_source = result.truncated;
  t.result.columns = result.columns;
  t.result.truncated = result.truncated;
  t.result.elapsed = result.elapsed;
  size_t keep = std::min(max_rows, result.rows.size());
  t.result.rows.assign(result.rows.begin(), result.rows.begin() + static_cast<ptrdiff_t>(keep));
  sections_.emplace_back(std::move(t));
  return *this;
}

Report& Report::AddChart(ChartSpec chart) {
  sections_.emplace_back(ChartSection{std::move(chart)});
  return *this;
}

Report& Report::AddKpi(std::string label, std::string value, std::string detail) {
  sections_.emplace_back(KpiSection{std::move(label), std::move(value), std::move(detail)});
  return *this;
}

bool Report::chinese() const {
  if (language_ != ReportLanguage::kAuto) return language_ == ReportLanguage::kChinese;
  if (text::ContainsCjk(title_)) return true;
  for (const auto& s : sections_) {
    if (const auto* h = std::get_if<HeadingSection>(&s); h && text::ContainsCjk(h->text)) {
      return true;
    }
    if (const auto* p = std::get_if<ParagraphSection>(&s); p && text::ContainsCjk(p->text)) {
      return true;
    }
  }
  return false;
}

std::string EscapeHtml(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char ch : text) {
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += ch;
    }
  }
  return out;
}

std::string EscapeMarkdownCell(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    char ch = text[i];
    switch (ch) {
      case '\r':
        if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
        out += ' ';
        break;
      case '\n':
        out += ' ';
        break;
      case '|':
      case '\\':
      case '`':
      case '*':
      case '_':
      case '[':
      case ']':
        out += '\\';
        out += ch;
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      default:
        out += ch;
    }
  }
  return out;
}

std::string JsonForScript(const Json& json) {
  // Invalid UTF-8 in data must not make dump() throw: replace it.
  std::string raw = json.dump(-1, ' ', false, Json::error_handler_t::replace);
  std::string out;
  out.reserve(raw.size());
  for (size_t i = 0; i < raw.size(); ++i) {
    unsigned char ch = static_cast<unsigned char>(raw[i]);
    if (ch == '<') {
      out += "\\u003c";
    } else if (ch == '>') {
      out += "\\u003e";
    } else if (ch == '&') {
      out += "\\u0026";
    } else if (ch == 0xE2 && i + 2 < raw.size() && static_cast<unsigned char>(raw[i + 1]) == 0x80 &&
               (static_cast<unsigned char>(raw[i + 2]) == 0xA8 ||
                static_cast<unsigned char>(raw[i + 2]) == 0xA9)) {
      out += static_cast<unsigned char>(raw[i + 2]) == 0xA8 ? "\\u2028" : "\\u2029";
      i += 2;
    } else {
      out += raw[i];
    }
  }
  return out;
}

std::string RenderMarkdown(const Report& report) {
  Texts tx{report.chinese()};
  std::string out;
  if (!report.title().empty()) out += "# " + OneLine(report.title()) + "\n\n";
  if (!report.subtitle().empty()) out += '_' + OneLine(report.subtitle()) + "_\n\n";
  for (const auto& section : report.sections()) {
    KpiSection scratch;
    if (const KpiSection* k = AsKpi(section, scratch)) {
      out += "> **" + OneLine(k->label) + "**: " + OneLine(k->value) + "\n";
      if (!k->detail.empty()) out += ">\n> " + OneLine(k->detail) + "\n";
      out += '\n';
    } else if (const auto* h = std::get_if<HeadingSection>(&section)) {
      out += std::string(static_cast<size_t>(h->level), '#') + ' ' + OneLine(h->text) + "\n\n";
    } else if (const auto* p = std::get_if<ParagraphSection>(&section)) {
      out += p->text;
      out += "\n\n";
    } else if (const auto* q = std::get_if<SqlSection>(&section)) {
      FencedBlock(out, "sql", q->sql);
    } else if (const auto* t = std::get_if<TableSection>(&section)) {
      MarkdownTable(out, *t, tx);
    } else if (const auto* c = std::get_if<ChartSection>(&section)) {
      if (c->chart.kind == ChartKind::kTable || c->chart.echarts_option.is_null()) continue;
      FencedBlock(out, "echarts",
                  c->chart.echarts_option.dump(2, ' ', false, Json::error_handler_t::replace));
    }
  }
  return out;
}

// A chart's place on the page and its option as inert JSON, drawn by kInitJs once the page
// has loaded; `id` ties the two.
void HtmlChart(std::string& body, const ChartSpec& chart, int id) {
  const std::string id_text = std::to_string(id);
  body += "<figure class=\"chart\"><div class=\"askdb-chart\" data-askdb-chart=\"" + id_text +
          "\" role=\"img\" aria-label=\"" + EscapeHtml(chart.title) +
          "\" style=\"height:" + std::to_string(ChartHeight(chart)) +
          "px\"></div></figure>\n<script type=\"application/json\" id=\"askdb-chart-data-" +
          id_text + "\">" + JsonForScript(chart.echarts_option) + "</script>\n";
}

// The sections as HTML; KPI cards in a row are wrapped together so they sit side by side.
// Returns how many charts the body draws.
int HtmlBody(const Report& report, const Texts& tx, std::string& body) {
  int charts = 0;
  bool in_kpis = false;
  for (const auto& section : report.sections()) {
    KpiSection scratch;
    const KpiSection* k = AsKpi(section, scratch);
    if (k != nullptr && !in_kpis) body += "<div class=\"kpis\">\n";
    if (k == nullptr && in_kpis) body += "</div>\n";
    in_kpis = k != nullptr;
    if (k != nullptr) {
      HtmlKpi(body, *k);
    } else if (const auto* h = std::get_if<HeadingSection>(&section)) {
      std::string tag = "h" + std::to_string(h->level);
      body += '<' + tag + '>' + EscapeHtml(h->text) + "</" + tag + ">\n";
    } else if (const auto* p = std::get_if<ParagraphSection>(&section)) {
      HtmlParagraphs(body, p->text);
    } else if (const auto* q = std::get_if<SqlSection>(&section)) {
      body += "<pre class=\"sql\"><code>" + EscapeHtml(q->sql) + "</code></pre>\n";
    } else if (const auto* t = std::get_if<TableSection>(&section)) {
      HtmlTable(body, *t, tx);
    } else if (const auto* c = std::get_if<ChartSection>(&section)) {
      if (c->chart.kind == ChartKind::kTable || c->chart.echarts_option.is_null()) continue;
      HtmlChart(body, c->chart, ++charts);
    }
  }
  if (in_kpis) body += "</div>\n";
  return charts;
}

// Everything up to <body>: language, title, the style sheet and, when there are charts,
// the chart library.
void HtmlHead(std::string& out, const Report& report, const Texts& tx, bool charts) {
  out += "<!DOCTYPE html>\n<html lang=\"";
  out += tx.zh ? "zh-CN" : "en";
  out += "\">\n<head>\n<meta charset=\"utf-8\">\n";
  out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  out += "<meta name=\"generator\" content=\"askdb\">\n";
  out += "<title>" +
         EscapeHtml(report.title().empty() ? tx.Pick("报告", "Report") : report.title()) +
         "</title>\n";
  out += "<style>";
  out += kCss;
  out += "</style>\n";
  if (charts) {
    // Inline, never from the network: the page must open offline and from a file.
    out += "<script>\n";
    out += ScriptSafe(EchartsJs());
    out += "\n</script>\n";
  }
  out += "</head>\n";
}

std::string RenderHtml(const Report& report) {
  Texts tx{report.chinese()};
  std::string body;
  const int charts = HtmlBody(report, tx, body);
  std::string out;
  out.reserve(EchartsJs().size() + body.size() + kCss.size() + kInitJs.size() + 1024);
  HtmlHead(out, report, tx, charts > 0);
  out += "<body>\n<main class=\"report\">\n";
  if (!report.title().empty()) out += "<h1>" + EscapeHtml(report.title()) + "</h1>\n";
  if (!report.subtitle().empty()) {
    out += "<p class=\"subtitle\">" + EscapeHtml(report.subtitle()) + "</p>\n";
  }
  out += body;
  out += "</main>\n";
  if (charts > 0) {
    out += "<script>";
    out += kInitJs;
    out += "</script>\n";
  }
  out += "</body>\n</html>\n";
  return out;
}

Status WriteReport(const Report& report, const std::filesystem::path& path) {
  std::string ext = text::AsciiLower(path.extension().string());
  std::string content;
  if (ext == ".html" || ext == ".htm") {
    content = RenderHtml(report);
  } else if (ext == ".md" || ext == ".markdown") {
    content = RenderMarkdown(report);
  } else {
    return InvalidArgumentError("cannot write report " + path.string() +
                                ": unknown file extension '" + path.extension().string() +
                                "'; use .html, .htm or .md");
  }
  return WriteFileAtomic(path, content).WithContext("writing report " + path.string());
}

std::string_view EchartsJs() { return ASKDB_EMBEDDED(echarts_js); }

}  // namespace askdb::analysis
