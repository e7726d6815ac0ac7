#include "askdb/cli/answer_output.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <limits>
#include <map>

#include "askdb/agent/ask/reading_words.h"
#include "askdb/agent/pipeline/analysis_report.h"
#include "askdb/cli/llm_setup.h"
#include "askdb/cli/result_output.h"
#include "askdb/cli/stated_number.h"

namespace askdb::cli {
namespace {

using agent::pipeline::PipelineResult;
using agent::pipeline::PipelineRoute;

// The request type as the header shows it: the classifier's name in English, the web UI's
// Chinese words in a Chinese run (a Chinese reader should not meet "data_query").
std::string TypeLabel(const std::string& type, bool zh) {
  if (!zh) return type;
  static const std::map<std::string, std::string, std::less<>> kChinese = {
      {"trivial", "闲聊问候"},      {"simple", "简单请求"},
      {"data_query", "数据查询"},   {"visualization", "可视化"},
      {"calculation", "计算"},      {"web_search", "联网搜索"},
      {"consultation", "分析咨询"}, {"multi_step_analysis", "多步分析"}};
  auto it = kChinese.find(type);
  return it == kChinese.end() ? type : it->second;
}

std::string RouteLabel(const PipelineResult& r, bool zh) {
  switch (r.route) {
    case PipelineRoute::kQuickPath:
      return zh ? "快速路径" : "quick path";
    case PipelineRoute::kConsultation:
      return zh ? "咨询建议" : "consultation";
    case PipelineRoute::kCache:
      return zh ? "答案缓存" : "answer cache";
    case PipelineRoute::kEngine:
      return zh ? "确定性引擎" : "deterministic engine";
    case PipelineRoute::kLlm:
      return zh ? "模型生成 SQL" : "model-written SQL";
    case PipelineRoute::kAnalysis:
      return zh ? "多步骤分析" : "multi-step analysis";
    case PipelineRoute::kNotAnswered:
      return zh ? "未回答" : "not answered";
    case PipelineRoute::kKnowledge:
      return zh ? "知识库问答" : "knowledge base Q&A";
    case PipelineRoute::kSchema:
      return zh ? "表结构" : "schema";
    case PipelineRoute::kNone:
      return zh ? "等待回复" : "waiting for you";
  }
  return "";
}

analysis::ChartSpec AnswerChart(const PipelineResult& r) {
  if (r.view) return r.view->chart;
  analysis::ChartRequest request;
  request.question = r.state.original_question;
  request.sql = r.sql;
  request.money_columns = r.money_columns;
  return analysis::RecommendChart(*r.result, request);
}

// The rows as the answer shows them: units, value labels (agent/ask/answer_view.h).
const db::ResultSet& AnswerRows(const PipelineResult& r) {
  return r.view ? r.view->result : *r.result;
}

// An empty cell in an answer's table, in the run's language (SQL's NULL means nothing to most).
std::string NullText(bool zh) { return agent::EmptyCellText(zh); }

// A one-number answer whose text states the number (not as digits of another: "8" in 2018):
// the KPI line would print it twice.
bool AnswerStatesTheNumber(const analysis::ChartSpec& chart, const std::string& answer) {
  return chart.kind == analysis::ChartKind::kKpi && !chart.kpi_formatted.empty() &&
         StatesNumber(answer, chart.kpi_formatted);
}

// The SQL, the rows (a table and a chart, or one number) and a blank line before the answer.
void PrintAnswerRows(const CliContext& ctx, const PipelineResult& r) {
  const analysis::ChartSpec chart = AnswerChart(r);
  if (AnswerStatesTheNumber(chart, r.answer)) {
    const Style style = ctx.style();
    if (!r.sql.empty()) std::cout << style.Cyan(r.sql) << "\n\n";
    if (!chart.note.empty()) std::cout << style.Dim(chart.note) << "\n\n";
    return;
  }
  PrintQueryResult(ctx, r.sql, AnswerRows(r), chart, r.money_columns, NullText(r.chinese),
                   r.chinese);
  std::cout << "\n";
}

// The planner's notes only: the validator's repairs (plan_warnings) are for the logs.
void PrintPlanNotes(const CliContext& ctx, const PipelineResult& r) {
  for (const std::string& note : r.state.plan_notes) {
    std::cout << ctx.style().Dim(std::string(r.chinese ? "注意：" : "note: ") + note) << "\n";
  }
  if (!r.state.plan_notes.empty()) std::cout << "\n";
}

void PrintSteps(const CliContext& ctx, const PipelineResult& r) {
  const Style style = ctx.style();
  const bool zh = r.chinese;
  PrintPlanNotes(ctx, r);
  for (size_t i = 0; i < r.state.steps.size(); ++i) {
    const agent::pipeline::StepOutcome& step = r.state.steps[i];
    const bool viewed = i < r.step_views.size() && r.step_views[i].has_value();
    const std::string mark = step.success ? "✓" : step.skipped ? "–" : "✗";
    std::cout << style.Bold(mark + " " + std::to_string(step.step_num) + ". " + step.purpose)
              << style.Dim("  [" + step.tool + "]") << "\n";
    if (step.success && step.result) {
      analysis::ChartRequest request;
      request.title = step.purpose;
      request.question = r.state.original_question;
      request.sql = step.sql;
      request.money_columns = r.money_columns;
      analysis::ChartSpec chart =
          viewed ? r.step_views[i]->chart : analysis::RecommendChart(*step.result, request);
      chart.title = step.purpose;
      PrintQueryResult(ctx, step.sql, viewed ? r.step_views[i]->result : *step.result, chart,
                       r.money_columns, NullText(zh), zh);
    } else if (step.success && step.python.is_object()) {
      std::cout << step.text << "\n"
                << style.Dim(
                       (zh ? "  Python：" : "  Python: ") +
                       std::to_string(step.python.value("tries", 0)) +
                       (zh ? " 次运行，" : " run(s), ") + std::to_string(step.duration_ms) + " ms" +
                       (step.python.value("template", "").empty()
                            ? "\n" + step.code
                            : (zh ? "，模板 " : ", template ") + step.python.value("template", "")))
                << "\n";
    } else if (!step.success) {
      std::cout << style.Dim(std::string(zh ? "  原因：" : "  why: ") +
                             (step.error.empty() ? step.note : step.error))
                << "\n";
    }
    std::cout << "\n";
  }
  const Json& deviation = r.state.deviation;
  if (deviation.is_object()) {
    for (const Json& w : deviation.value("warnings", Json::array())) {
      if (!w.is_string()) continue;
      std::cout << style.Dim(std::string(zh ? "注意：" : "note: ") + w.get<std::string>()) << "\n";
    }
  }
}

// "追问理解为：上海的销售额 (北京 → 上海)", then the person's clarifications, as they wrote them
// ("；补充说明：只算线上"): the question answered, never a clarification in its place.
std::string FollowUpLine(const agent::pipeline::RunState& s, bool zh) {
  std::string line = std::string(zh ? "追问理解为：" : "follow-up read as: ") +
                     agent::pipeline::FollowUpReadAs(s) + " (" + s.follow_up + ")";
  for (const std::string& answer : s.clarification_answers) {
    line += (zh ? "；补充说明：" : "; clarification: ") + answer;
  }
  return line;
}

void PrintInterrupt(const CliContext& ctx, const PipelineResult& r, std::string_view hint) {
  const Style style = ctx.style();
  const bool zh = r.chinese;
  const Json& payload = r.interrupt->payload;
  if (r.interrupt->kind == agent::InterruptKind::kPlanApproval) {
    std::cout << style.Bold(zh ? "分析计划（待批准）：" : "Analysis plan (awaiting approval):")
              << "\n"
              << payload.value("text", "") << "\n";
    PrintPlanNotes(ctx, r);
    if (!hint.empty()) {
      std::cout << style.Dim(std::string(zh ? "批准：" : "approve: ") + std::string(hint) +
                             " approve\n" + (zh ? "驳回并说明：" : "reject with a comment: ") +
                             std::string(hint) + " \"reject: ...\"")
                << "\n";
    }
    return;
  }
  const Json& question = payload["question"];
  std::cout << style.Bold(question.is_string() ? question.get<std::string>() : r.answer) << "\n";
  if (!hint.empty()) {
    std::cout << style.Dim(std::string(zh ? "回答方式：" : "answer with: ") + std::string(hint) +
                           " \"...\"")
              << "\n";
  }
}

}  // namespace

nlq::TranslateOptions TranslateOptionsFromConfig(const config::Config& config) {
  nlq::TranslateOptions o;
  o.confidence_threshold = config.nlq.confidence_threshold;
  switch (config.nlq.time_anchor) {
    case config::TimeAnchor::kData:
      o.anchor = nlq::TimeAnchor::kData;
      break;
    case config::TimeAnchor::kToday:
      o.anchor = nlq::TimeAnchor::kToday;
      break;
    case config::TimeAnchor::kAuto:
      o.anchor = nlq::TimeAnchor::kDataWhileCurrent;
      break;
  }
  // Any number of days is allowed ("never old"): a cast of one above INT_MAX would wrap to a
  // negative count and call every dataset old.
  o.current_data_days = static_cast<int>(
      std::min<int64_t>(config.nlq.current_data_days, std::numeric_limits<int>::max()));
  return o;
}

agent::pipeline::PipelineOptions PipelineOptionsFromConfig(const CliContext& ctx) {
  agent::pipeline::PipelineOptions o;
  o.translate = TranslateOptionsFromConfig(ctx.config);
  o.query.max_rows = ctx.config.database.max_rows;
  o.query.timeout = std::chrono::milliseconds(ctx.config.database.query_timeout_ms);
  o.max_fixes = static_cast<int>(ctx.config.agent.max_fixes);
  o.plan_review = ctx.config.agent.plan_review;
  o.max_plan_rejections = static_cast<int>(ctx.config.agent.max_plan_rejections);
  o.analysis_sql_steps = static_cast<int>(ctx.config.agent.analysis_steps);
  // [python]: the key's values were checked when the configuration was loaded.
  if (StatusOr<python::ExecutorMode> mode = python::ParseExecutorMode(ctx.config.python.executor);
      mode.ok()) {
    o.python.mode = *mode;
  }
  o.python.limits.timeout_ms = ctx.config.python.timeout_ms;
  o.python.limits.cpu_seconds = static_cast<int>(ctx.config.python.cpu_seconds);
  o.python.limits.memory_mb = ctx.config.python.memory_mb;
  o.python.limits.max_processes = static_cast<int>(ctx.config.python.max_processes);
  o.python.limits.max_output_bytes = ctx.config.python.max_output_bytes;
  o.python.warm_pool = static_cast<int>(ctx.config.python.warm_pool);
  o.python_max_tries = static_cast<int>(ctx.config.python.max_tries);
  if (o.python.mode == python::ExecutorMode::kLocal) {
    spdlog::warn(
        "python.executor = \"local\": analysis code runs without the sandbox and can read "
        "askdb's files, secrets and network; use it only with code you trust");
  }
  // What the chosen provider's server supports in response_format ([llm] json_mode); an
  // unreadable [llm] table keeps the default (setting up the client reports its error).
  if (StatusOr<llm::ProviderConfig> provider = ProviderFromConfig(ctx.config); provider.ok()) {
    o.json_mode = provider->json_mode;
  }
  return o;
}

void PrintPipelineAnswer(const CliContext& ctx, const PipelineResult& r,
                         std::string_view resume_hint) {
  const Style style = ctx.style();
  const bool zh = r.chinese;
  std::string header = std::string(zh ? "类型 " : "type ") + TypeLabel(r.request_type, zh) + " · " +
                       (zh ? "路线 " : "route ") + RouteLabel(r, zh) + " · " +
                       (zh ? "LLM 调用 " : "LLM calls ") + std::to_string(r.llm_calls);
  if (r.cache_hit) header += " · " + r.state.cache_level;
  std::cout << style.Dim(header) << "\n";
  if (!r.state.follow_up.empty()) {
    std::cout << style.Dim(FollowUpLine(r.state, zh)) << "\n";
  }
  if (r.translation && !r.translation->answered && r.route == PipelineRoute::kLlm) {
    // The engine's reading was not used: "not answered:" above the model's answer would
    // contradict it. Say why the model was asked instead.
    std::cout << style.Dim(zh ? "引擎没有把握（" + r.translation->abstain_reason +
                                    "），SQL 由模型编写"
                              : "the engine was not sure (" + r.translation->abstain_reason +
                                    "), so the model wrote the SQL")
              << "\n";
  } else if (r.translation) {
    std::string explanation = agent::RenderReading(*r.translation, zh);
    // The answer below holds the abstention's reason (first, or after a knowledge passage
    // that leads it): its "not answered:" line would say the same twice.
    const std::string& reason = r.translation->abstain_reason;
    const std::string repeated = (zh ? "未回答：" : "not answered: ") + reason + "\n";
    if (r.route == PipelineRoute::kNotAnswered && !reason.empty() &&
        r.answer.find(reason) != std::string::npos && explanation.starts_with(repeated)) {
      explanation.erase(0, repeated.size());
    }
    if (!explanation.empty()) std::cout << style.Dim(explanation) << "\n";
  }
  for (const agent::pipeline::SqlAttempt& attempt : r.attempts) {
    if (attempt.error.empty()) continue;
    std::cout << style.Dim((zh ? "失败的 SQL：" : "failed SQL: ") + attempt.sql + "\n  → " +
                           attempt.error)
              << "\n";
  }
  std::cout << "\n";
  if (r.interrupt) {
    PrintInterrupt(ctx, r, resume_hint);
    return;
  }
  if (r.route == PipelineRoute::kAnalysis) {
    PrintSteps(ctx, r);
  } else if (r.result) {
    PrintAnswerRows(ctx, r);
  }
  std::cout << style.Bold(r.answer) << "\n";
}

void AddAnswerToReport(analysis::Report& report, const PipelineResult& r) {
  if (r.route == PipelineRoute::kAnalysis) {
    agent::pipeline::AppendAnalysisSections(report, r.state, r.money_columns);
    return;
  }
  report.AddParagraph(r.answer);
  if (!r.result) return;
  const analysis::ChartSpec chart = AnswerChart(r);
  report.AddSql(r.sql);
  report.AddChart(chart);
  if (chart.kind != analysis::ChartKind::kKpi) {
    report.AddTable(AnswerRows(r), "", analysis::kDefaultReportTableRows, r.sql, r.money_columns);
  }
}

analysis::Report ReportForAnswer(const PipelineResult& r) {
  if (r.route == PipelineRoute::kAnalysis) {
    return agent::pipeline::BuildAnalysisReport(r.state, r.money_columns);
  }
  analysis::Report report(r.state.original_question);
  AddAnswerToReport(report, r);
  return report;
}

}  // namespace askdb::cli
