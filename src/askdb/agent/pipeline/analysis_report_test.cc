#include "askdb/agent/pipeline/analysis_report.h"

#include <gtest/gtest.h>

#include "askdb/agent/plan/analysis_plan.h"

namespace askdb::agent::pipeline {
namespace {

StepOutcome QueryStep(int num, int64_t value) {
  StepOutcome step;
  step.step_num = num;
  step.tool = std::string(plan::kToolExecuteSql);
  step.purpose = "销售额";
  step.success = true;
  db::ResultSet rows;
  rows.columns = {{"销售额", "INTEGER"}};
  rows.rows = {{db::Value::Int(value)}};
  step.result = std::move(rows);
  return step;
}

// A Python step that succeeded without findings of its own is still one completed step:
// the summary counts what the footer "(3 个步骤：成功 3…)" counts.
TEST(AnalysisReportTest, TheSummaryCountsTheStepsAsTheFooterDoes) {
  RunState state;
  state.question = "分析销售额";
  state.language = "zh";
  state.steps = {QueryStep(1, 10), QueryStep(2, 20)};
  StepOutcome python;
  python.step_num = 3;
  python.tool = std::string(plan::kToolPythonExecutor);
  python.success = true;
  python.python = Json{{"output", Json{{"findings", Json::array()}}}};
  state.steps.push_back(python);
  StepOutcome skipped;
  skipped.step_num = 4;
  skipped.tool = std::string(plan::kToolExecuteSql);
  skipped.skipped = true;
  state.steps.push_back(skipped);
  StatusOr<Json> zh =
      WriteAnalysisNarrative({.question = state.question, .chinese = true, .steps = &state.steps});
  ASSERT_TRUE(zh.ok());
  const std::string summary = (*zh)["summary"];
  EXPECT_NE(summary.find("完成了 3 个分析步骤。"), std::string::npos) << summary;
  state.report = *zh;
  const std::string answer = RenderAnalysisAnswer(state);
  EXPECT_NE(answer.find("（4 个步骤：成功 3，失败 0，跳过 1）"), std::string::npos) << answer;
  StatusOr<Json> en = WriteAnalysisNarrative({.question = "analyse sales", .steps = &state.steps});
  ASSERT_TRUE(en.ok());
  EXPECT_NE((*en)["summary"].get<std::string>().find("Completed 3 analysis steps."),
            std::string::npos);
}

}  // namespace
}  // namespace askdb::agent::pipeline
