// Analysis steps: runs a validated multi-step plan with the StepExecutor over askdb's
// tools, and turns the executor's report into the run's StepOutcomes.
//
//   get_data_source_context → the schema recalled for the question (fetched once, before
//                             planning; no further database call)
//   execute_sql             → the step's SQL (a question instead of SQL is translated by the
//                             engine, else by the model) → single read statement check →
//                             the connector's own binding check (tables and columns against
//                             the catalog, without executing) → read-only execution
//   python_executor         → a template or a model's code on the rows of the step's SQL
//                             dependencies, in the sandbox (python_step.h: retries, fallback)
//   web_search / web_fetch  → fails with "not available" likewise
// With a model, a failed SQL step is retried with the model's fix (at most the executor's
// retry limit, stopping when a fix repeats a statement already tried), and after the SQL
// steps a judge asks the model whether the data suffices (at most 3 extra rounds of
// queries, seed 003). Without a model failed SQL steps are skipped with their error and no
// extra rounds run.
//
// Not thread-safe: one RunAnalysis at a time per datasource connection.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "askdb/agent/pipeline/model_call.h"
#include "askdb/agent/pipeline/run_state.h"
#include "askdb/agent/plan/analysis_plan.h"
#include "askdb/common/status.h"
#include "askdb/db/connector.h"
#include "askdb/nlq/engine.h"
#include "askdb/python/executor.h"

namespace askdb {
class CancellationToken;
}  // namespace askdb
namespace askdb::agent {
struct PreparedDatasource;
}  // namespace askdb::agent
namespace askdb::agent::plan {
class DurationHistory;
}  // namespace askdb::agent::plan

namespace askdb::agent::pipeline {

inline constexpr int kDefaultMaxSufficiencyRounds = 3;
// Rows of each step's result shown to the model (judge, report writer).
inline constexpr size_t kPromptRowsPerStep = 10;

struct AnalysisRunInput {
  PreparedDatasource* datasource = nullptr;  // required
  std::string question;
  bool chinese = false;
  std::string schema_text;
  nlq::TranslateOptions translate;
  db::QueryOptions query;
  int max_sufficiency_rounds = kDefaultMaxSufficiencyRounds;
  ModelFn model;                                    // empty: no fixes, no sufficiency judge
  std::shared_ptr<const CancellationToken> cancel;  // may be null
  plan::DurationHistory* history = nullptr;         // records each step's duration; may be null
  python::ExecutorOptions python;                   // python_executor steps (python_step.h)
  int python_max_tries = 3;                         // a model's code: runs per step
  // Called after each step has finished or been skipped (Property 11).
  std::function<void(const StepOutcome& step, int completed, int total)> on_step;
};

struct AnalysisRun {
  std::vector<StepOutcome> steps;  // the executed plan's steps, in order
  Json query_history = Json::array();
  double deviation_score = 0;
  Json deviation;  // all the validator's metrics (RunState::deviation)
  std::vector<std::string> warnings;
  // The caveats (PlanStep::caveat) that no step which ran carries: their steps were skipped
  // or failed, so the notes must not keep them.
  std::vector<std::string> void_caveats;
};

// Errors: cancellation, an invalid plan. Failed steps are outcomes, not errors.
StatusOr<AnalysisRun> RunAnalysis(const AnalysisRunInput& input, const plan::AnalysisPlan& plan);

// The steps' results as text for a prompt: purpose, SQL, the first kPromptRowsPerStep rows
// (tab-separated) or the error.
std::string StepsForPrompt(const std::vector<StepOutcome>& steps);

// The seed's "SQL or question?": true when `input` starts with SELECT or WITH.
bool LooksLikeSql(std::string_view input);

}  // namespace askdb::agent::pipeline
