// Analysis report: what a multi-step analysis tells the person at the end.
//
// The narrative (title, summary, findings, recommendations) comes from one model call (the
// "report" template, which sees each step's purpose, SQL and first rows and is told to use
// only figures from them) or, without a model, from the deterministic answer writer applied
// to each successful query. The report (analysis::Report → Markdown with ECharts blocks, or
// the offline HTML page) holds the narrative, then one section per step: its chart, table
// and SQL, or plainly why it failed or was skipped (a Python step says Python execution is
// not available).
//
// Pure functions; thread-safe.
#pragma once

#include <string>
#include <vector>

#include "askdb/agent/pipeline/model_call.h"
#include "askdb/agent/pipeline/run_state.h"
#include "askdb/analysis/report_builder.h"
#include "askdb/common/status.h"

namespace askdb::catalog {
struct SemanticModel;
}

namespace askdb::agent::pipeline {

struct NarrativeInput {
  std::string question;
  std::string title;  // the plan's title
  bool chinese = false;
  const std::vector<StepOutcome>* steps = nullptr;  // required
  ModelFn model;                                    // empty: deterministic narrative
  // Source columns known to hold money (PipelineResult::money_columns): the deterministic
  // narrative's findings write them as the answer does (2,328.60).
  std::vector<std::string> money_columns{};
  // The datasource's semantic model: units and value labels in the findings
  // (agent/ask/answer_view.h); null: none.
  const catalog::SemanticModel* semantic_model = nullptr;
};

// {"title", "summary", "findings": [...], "recommendations": [...]}. Errors are only the
// model transport's; an unusable reply falls back to the deterministic narrative.
StatusOr<Json> WriteAnalysisNarrative(const NarrativeInput& input);

// The report of a finished analysis run (state.route == kAnalysis). `money_columns`: source
// columns known to hold money (PipelineResult::money_columns), for the steps' charts.
analysis::Report BuildAnalysisReport(const RunState& state,
                                     const std::vector<std::string>& money_columns = {});
// The same sections appended to an existing report (e.g. the demo's report of many answers).
void AppendAnalysisSections(analysis::Report& report, const RunState& state,
                            const std::vector<std::string>& money_columns = {});

// The answer text: title, summary, findings, and how many steps succeeded.
std::string RenderAnalysisAnswer(const RunState& state);

}  // namespace askdb::agent::pipeline
