#include "askdb/agent/pipeline/analysis_report.h"

#include <utility>

#include "askdb/agent/ask/answer_view.h"
#include "askdb/agent/ask/answer_writer.h"
#include "askdb/agent/pipeline/analysis_steps.h"
#include "askdb/agent/pipeline/python_step.h"
#include "askdb/agent/plan/analysis_plan.h"
#include "askdb/llm/prompts.h"

namespace askdb::agent::pipeline {
namespace {

// Rows a step's table keeps in the report.
constexpr size_t kReportRowsPerStep = 20;

analysis::ChartSpec StepChart(const StepOutcome& step, const std::string& question,
                              const std::vector<std::string>& money_columns = {}) {
  analysis::ChartRequest request;
  request.title = step.purpose;
  request.question = question;
  request.sql = step.sql;
  request.money_columns = money_columns;
  return analysis::RecommendChart(*step.result, request);
}

bool HasRows(const StepOutcome& step) { return step.success && step.result.has_value(); }

// How the steps ended; the summary and the footer both say these.
struct StepCounts {
  int succeeded = 0, failed = 0, skipped = 0;
};

StepCounts CountSteps(const std::vector<StepOutcome>& steps) {
  StepCounts c;
  for (const StepOutcome& step : steps)
    (step.success ? c.succeeded : step.skipped ? c.skipped : c.failed)++;
  return c;
}

std::vector<std::string> StringList(const Json& reply, const char* key) {
  std::vector<std::string> out;
  if (auto it = reply.find(key); it != reply.end() && it->is_array()) {
    for (const Json& item : *it) {
      if (item.is_string() && !item.get<std::string>().empty()) {
        out.push_back(item.get<std::string>());
      }
    }
  }
  return out;
}

Json DeterministicNarrative(const NarrativeInput& input) {
  std::vector<std::string> findings;
  for (const StepOutcome& step : *input.steps) {
    if (step.tool == plan::kToolPythonExecutor && step.success && step.python.is_object()) {
      for (const std::string& f : PythonStepFindings(step.python)) {
        findings.push_back(f);
      }
      continue;
    }
    if (step.tool != plan::kToolExecuteSql || !HasRows(step)) continue;
    const AnswerView view = MakeAnswerView(*step.result, {.question = input.question,
                                                          .sql = step.sql,
                                                          .money_columns = input.money_columns,
                                                          .model = input.semantic_model,
                                                          .chinese = input.chinese});
    findings.push_back(step.purpose + (input.chinese ? "：" : ": ") +
                       WriteAnswer(view.result, view.chart, input.chinese));
  }
  // The steps counted as the footer of the answer counts them (a Python step is one), so
  // the summary and "(3 个步骤：成功 3…)" agree.
  const StepCounts counts = CountSteps(*input.steps);
  const int done = counts.succeeded, failed = counts.failed;
  std::string summary =
      input.chinese
          ? "完成了 " + std::to_string(done) + " 个分析步骤" +
                (failed ? "，" + std::to_string(failed) + " 个未能完成" : "") +
                "。以下结论均直接来自查询结果；未配置模型，因此没有进一步的解读和建议。"
          : "Completed " + std::to_string(done) + " analysis step" + (done == 1 ? "" : "s") +
                (failed ? "; " + std::to_string(failed) + " could not be completed" : "") +
                ". The findings below come straight from the query results; no model is "
                "configured, so there is no further interpretation or recommendation.";
  return {{"title", input.title.empty() ? input.question : input.title},
          {"summary", std::move(summary)},
          {"findings", findings},
          {"recommendations", Json::array()}};
}

std::string Bullets(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) out += "• " + item + "\n";
  return out;
}

// A Python step: its findings, charts (ECharts options as the code drew them) and tables,
// or the fallback note; then the code.
void AddPythonSection(analysis::Report& report, const StepOutcome& step, bool zh) {
  const Json output = step.python.value("output", Json());
  if (step.python.value("fallback", false) || !output.is_object()) {
    report.AddParagraph(step.note.empty() ? step.text : step.note);
    return;
  }
  const std::vector<std::string> findings = PythonStepFindings(step.python);
  if (!findings.empty()) report.AddParagraph(Bullets(findings));
  if (const std::string note = step.python.value("analysis_note", ""); !note.empty()) {
    report.AddParagraph(note);
  }
  for (const Json& option : PythonCharts(output)) {
    analysis::ChartSpec chart;
    chart.kind = analysis::ChartKind::kLine;
    chart.title = step.purpose;
    chart.echarts_option = option;
    report.AddChart(std::move(chart));
  }
  for (const Json& t : output.value("tables", Json::array())) {
    db::ResultSet rs;
    for (const Json& c : t.value("columns", Json::array())) {
      rs.columns.push_back({c.is_string() ? c.get<std::string>() : c.dump(), ""});
    }
    for (const Json& row : t.value("rows", Json::array())) {
      std::vector<db::Value> cells;
      for (const Json& v : row) {
        cells.push_back(v.is_number()   ? db::Value::Double(v.get<double>())
                        : v.is_string() ? db::Value::Text(v.get<std::string>())
                        : v.is_null()   ? db::Value::Null()
                                        : db::Value::Text(v.dump()));
      }
      rs.rows.push_back(std::move(cells));
    }
    if (!rs.rows.empty()) report.AddTable(rs, t.value("name", ""), kReportRowsPerStep);
  }
  if (!step.code.empty()) {
    report.AddParagraph((zh ? "Python 代码（沙箱中运行，" : "Python code (run in the sandbox, ") +
                        std::to_string(step.python.value("tries", 1)) +
                        (zh ? " 次尝试）：" : " tries):"));
    report.AddSql(step.code);  // the report's code block
  }
}

}  // namespace

StatusOr<Json> WriteAnalysisNarrative(const NarrativeInput& input) {
  if (input.steps == nullptr) return InvalidArgumentError("the narrative needs the steps");
  if (!input.model) return DeterministicNarrative(input);
  ModelCall call;
  call.user_template = llm::kReportTemplate;
  call.question = input.question;
  call.values = {{"results", StepsForPrompt(*input.steps)}};
  Json list = NullableType("array");
  list["items"] = {{"type", "string"}};
  call.reply_schema = {{"type", "object"},
                       {"properties",
                        {{"title", NullableType("string")},
                         {"summary", {{"type", "string"}}},
                         {"findings", list},
                         {"recommendations", list}}},
                       {"required", {"summary"}}};
  ASKDB_ASSIGN_OR_RETURN(Json reply, input.model(call));
  const std::string summary = ReplyString(reply, "summary");
  if (summary.empty()) return DeterministicNarrative(input);
  return Json{
      {"title", ReplyString(reply, "title", input.title.empty() ? input.question : input.title)},
      {"summary", summary},
      {"findings", StringList(reply, "findings")},
      {"recommendations", StringList(reply, "recommendations")}};
}

analysis::Report BuildAnalysisReport(const RunState& s,
                                     const std::vector<std::string>& money_columns) {
  const Json& n = s.report;
  const bool zh = s.chinese();
  const std::string title = ReplyString(n, "title", s.original_question);
  analysis::Report report(
      title, zh ? analysis::ReportLanguage::kChinese : analysis::ReportLanguage::kEnglish);
  report.set_subtitle((zh ? "问题：" : "Request: ") + s.original_question);
  AppendAnalysisSections(report, s, money_columns);
  return report;
}

void AppendAnalysisSections(analysis::Report& report, const RunState& s,
                            const std::vector<std::string>& money_columns) {
  const Json& n = s.report;
  const bool zh = s.chinese();
  if (n.is_object()) {
    report.AddParagraph(ReplyString(n, "summary"));
    const std::vector<std::string> findings = StringList(n, "findings");
    if (!findings.empty()) {
      report.AddHeading(zh ? "主要发现" : "Key findings");
      report.AddParagraph(Bullets(findings));
    }
  }
  // The planner's notes (what it could not plan, a caveat about the data) go into the file
  // too: its reader never saw the terminal.
  for (const std::string& note : s.plan_notes) {
    report.AddParagraph((zh ? "注意：" : "Note: ") + note);
  }
  for (const StepOutcome& step : s.steps) {
    if (step.tool == plan::kToolGetDataSourceContext && step.success) continue;
    report.AddHeading(std::to_string(step.step_num) + ". " + step.purpose, 3);
    if (HasRows(step)) {
      const analysis::ChartSpec chart = StepChart(step, s.original_question, money_columns);
      report.AddChart(chart);
      if (chart.kind != analysis::ChartKind::kKpi) {
        report.AddTable(*step.result, "", kReportRowsPerStep, step.sql, money_columns);
      }
      report.AddSql(step.sql);
    } else if (step.success && step.tool == plan::kToolPythonExecutor) {
      AddPythonSection(report, step, zh);
    } else if (step.success) {
      report.AddParagraph(step.text);
    } else {
      report.AddParagraph(
          (step.skipped ? (zh ? "已跳过：" : "Skipped: ") : (zh ? "未完成：" : "Failed: ")) +
          (step.error.empty() ? step.note : step.error));
      if (!step.sql.empty()) report.AddSql(step.sql);
    }
  }
  if (n.is_object()) {
    const std::vector<std::string> recommendations = StringList(n, "recommendations");
    if (!recommendations.empty()) {
      report.AddHeading(zh ? "建议" : "Recommendations");
      report.AddParagraph(Bullets(recommendations));
    }
  }
}

std::string RenderAnalysisAnswer(const RunState& s) {
  const Json& n = s.report;
  const bool zh = s.chinese();
  std::string out;
  if (n.is_object()) {
    out += ReplyString(n, "title") + "\n\n" + ReplyString(n, "summary") + "\n";
    const std::vector<std::string> findings = StringList(n, "findings");
    if (!findings.empty()) out += "\n" + Bullets(findings);
    const std::vector<std::string> recommendations = StringList(n, "recommendations");
    if (!recommendations.empty()) {
      out += std::string(zh ? "\n建议：\n" : "\nRecommendations:\n") + Bullets(recommendations);
    }
  }
  const StepCounts c = CountSteps(s.steps);
  out += zh ? "\n（" + std::to_string(s.steps.size()) + " 个步骤：成功 " +
                  std::to_string(c.succeeded) + "，失败 " + std::to_string(c.failed) + "，跳过 " +
                  std::to_string(c.skipped) + "）"
            : "\n(" + std::to_string(s.steps.size()) + " steps: " + std::to_string(c.succeeded) +
                  " succeeded, " + std::to_string(c.failed) + " failed, " +
                  std::to_string(c.skipped) + " skipped)";
  return out;
}

}  // namespace askdb::agent::pipeline
