// DefaultPlanner: the deterministic plan for each request type, used when no model is
// configured and as the fallback when a model's plan cannot be parsed. The LLM planner
// produces richer plans in the same AnalysisPlan structure; both go through the
// ExecutionValidator afterwards.
//
//   trivial / simple       → no steps (the quick path answers locally)
//   calculation            → [python_executor]
//   web_search             → [web_search, web_fetch]
//   consultation           → [get_data_source_context basic]  (Properties 2, 17)
//   data_query / visualization → [get_data_source_context detailed, execute_sql]
//   multi_step_analysis    → [get_data_source_context detailed, execute_sql × N (overview,
//                             breakdown, trend, ...), python_executor summary]; the schema
//                             step and every SQL step are checkpoints (Property 3)
// Step durations come from the DurationHistory when one is given (Requirement 6.4).
//
// Stateless apart from the borrowed history; thread-safe when the history is (it is).
#pragma once

#include <string_view>

#include "askdb/agent/plan/analysis_plan.h"

namespace askdb::agent::plan {

class DurationHistory;

struct DefaultPlannerOptions {
  // Number of execute_sql steps in a multi-step plan (at least 1).
  int multi_step_queries = 3;
  // Add a final python_executor step to multi-step plans (the pipeline's planner,
  // agent/pipeline/analysis_planner.h, adds template steps instead).
  bool multi_step_python_summary = true;
};

class DefaultPlanner {
 public:
  explicit DefaultPlanner(const DurationHistory* history = nullptr,
                          DefaultPlannerOptions options = {});

  // `question` becomes the input of the steps that need it (SQL steps carry the question
  // until SQL is written for them).
  AnalysisPlan Plan(RequestType type, std::string_view question) const;

 private:
  const DurationHistory* history_;
  DefaultPlannerOptions options_;
};

}  // namespace askdb::agent::plan
