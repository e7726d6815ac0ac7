#include "askdb/cli/answer_output.h"

#include <iostream>

#include "askdb/cli/result_output.h"

namespace askdb::cli {
namespace {

std::string RouteLabel(agent::AnswerRoute route, bool chinese) {
  switch (route) {
    case agent::AnswerRoute::kQuickPath:
      return chinese ? "快速路径" : "quick path";
    case agent::AnswerRoute::kConsultation:
      return chinese ? "咨询建议" : "consultation";
    case agent::AnswerRoute::kEngine:
      return chinese ? "确定性引擎（0 次 LLM 调用）" : "deterministic engine (0 LLM calls)";
    case agent::AnswerRoute::kNotAnswered:
      return chinese ? "未回答" : "not answered";
  }
  return "";
}

}  // namespace

agent::AskOptions AskOptionsFromConfig(const CliContext& ctx) {
  agent::AskOptions ask;
  ask.translate.confidence_threshold = ctx.config.nlq.confidence_threshold;
  ask.translate.anchor = ctx.config.nlq.time_anchor == config::TimeAnchor::kToday
                             ? nlq::TimeAnchor::kToday
                             : nlq::TimeAnchor::kData;
  ask.query.max_rows = ctx.config.database.max_rows;
  ask.query.timeout = std::chrono::milliseconds(ctx.config.database.query_timeout_ms);
  return ask;
}

void PrintAnswer(const CliContext& ctx, const agent::AskResult& r) {
  const Style style = ctx.style();
  const bool zh = r.chinese;
  std::cout << style.Dim(std::string(zh ? "类型 " : "type ") +
                         std::string(agent::RequestTypeName(r.classification.type)) + " · " +
                         (zh ? "路线 " : "route ") + RouteLabel(r.route, zh))
            << "\n";
  if (r.translation) {
    const std::string explanation = nlq::RenderExplanation(*r.translation, zh);
    if (!explanation.empty()) std::cout << style.Dim(explanation) << "\n";
  }
  std::cout << "\n";
  if (r.result && r.chart) {
    PrintQueryResult(ctx, r.translation ? r.translation->sql : "", *r.result, *r.chart);
    std::cout << "\n";
  }
  std::cout << style.Bold(r.answer) << "\n";
}

namespace {

analysis::ChartSpec PipelineChart(const agent::pipeline::PipelineResult& r) {
  analysis::ChartRequest request;
  request.question = r.state.question;
  request.sql = r.sql;
  return analysis::RecommendChart(*r.result, request);
}

}  // namespace

void PrintPipelineAnswer(const CliContext& ctx, const agent::pipeline::PipelineResult& r) {
  const Style style = ctx.style();
  const bool zh = r.chinese;
  std::cout << style.Dim(std::string(zh ? "类型 " : "type ") + r.request_type + " · " +
                         (zh ? "路线 " : "route ") +
                         std::string(agent::pipeline::PipelineRouteName(r.route)) + " · " +
                         (zh ? "LLM 调用 " : "LLM calls ") + std::to_string(r.llm_calls))
            << "\n";
  for (const agent::pipeline::SqlAttempt& attempt : r.attempts) {
    if (attempt.error.empty()) continue;
    std::cout << style.Dim((zh ? "失败的 SQL：" : "failed SQL: ") + attempt.sql + "\n  → " +
                           attempt.error)
              << "\n";
  }
  std::cout << "\n";
  if (r.result) {
    PrintQueryResult(ctx, r.sql, *r.result, PipelineChart(r));
    std::cout << "\n";
  }
  if (r.interrupt) {
    const Json& question = r.interrupt->payload["question"];
    std::cout << style.Bold(question.is_string() ? question.get<std::string>() : r.answer) << "\n"
              << style.Dim(std::string(zh ? "回答方式：" : "answer with: ") +
                           "askdb ask --thread " + r.thread_id + " --resume \"...\"")
              << "\n";
    return;
  }
  std::cout << style.Bold(r.answer) << "\n";
}

void AddAnswerToReport(analysis::Report& report, const agent::AskResult& r) {
  report.AddParagraph(r.answer);
  if (r.result && r.chart) {
    if (r.translation) report.AddSql(r.translation->sql);
    report.AddChart(*r.chart);
    if (r.chart->kind != analysis::ChartKind::kKpi) report.AddTable(*r.result);
  }
}

void AddAnswerToReport(analysis::Report& report, const agent::pipeline::PipelineResult& r) {
  report.AddParagraph(r.answer);
  if (!r.result) return;
  const analysis::ChartSpec chart = PipelineChart(r);
  report.AddSql(r.sql);
  report.AddChart(chart);
  if (chart.kind != analysis::ChartKind::kKpi) report.AddTable(*r.result);
}

}  // namespace askdb::cli
