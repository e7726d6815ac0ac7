// ExecutionValidator (seed 000 component 4, seed 001 Requirement 4): corrects a plan so
// that it is consistent with the request's classification and well formed, then tracks the
// tool calls actually made against it and scores the deviation.
//
// ValidatePlan never fails: the seed's "plan validation failure → log warning, attempt
// auto-correction" means every problem becomes a correction plus a warning. Corrections:
//   - request_type set to the classification; is_multi_step true for multi_step_analysis;
//     plan schema_level set to the type's level when missing or invalid;
//   - generic tool names mapped to exact ones (get_schema → get_data_source_context);
//     steps with unknown tools removed (Property 18);
//   - consultation plans lose their execute_sql steps (Property 13), keep only their first
//     get_data_source_context step, at the basic level (Requirement 5.1, Property 17);
//   - get_data_source_context steps get a schema_level, execute_sql steps a query_type
//     inferred from the SQL (Property 19); fields that belong to other tools are cleared;
//   - steps sorted by step_num and renumbered 1..n; depends_on keeps only earlier existing
//     steps; checkpoints keep only existing steps and agree with is_checkpoint; a
//     multi-step plan with steps but no checkpoint gets its last step as one (Property 3);
//   - more than max_steps steps are cut; negative durations become 0.
//
// Deviation score (0 = the calls matched the plan, 1 = nothing in common): with P the
// planned tool sequence and A the tool sequence actually called,
//     score = 1 - LCS(P, A) / max(|P|, |A|)      (0 when both are empty)
// so missing calls, extra calls (retries, extra rounds) and order changes all count.
// A score above deviation_warning_threshold (0.5) is logged as a warning (Property 15).
//
// Thread-safety: ValidatePlan is const and thread-safe. Tracking methods lock an internal
// mutex, so one validator may track a run whose tools are called from several threads.
#pragma once

#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/agent/plan/analysis_plan.h"

namespace askdb::agent::plan {

struct ValidatorOptions {
  double deviation_warning_threshold = 0.5;  // warn when the score is strictly above
  size_t max_steps = 20;                     // longer plans are cut (runaway model output)
  // The run's language: tracking and deviation warnings are shown to the person who asked
  // (CLI notes, the stream's plan_deviation warnings), so they are written in Chinese for a
  // Chinese run. Plan-correction warnings (ValidatePlan) are for the logs and stay English.
  bool chinese = false;
};

struct ValidationResult {
  AnalysisPlan plan;                  // the corrected plan
  std::vector<std::string> warnings;  // one per correction, in the order made
};

struct TrackedCall {
  std::string tool;
  int step_num = 0;
};

struct ExecutionMetrics {
  int planned_calls = 0;
  int actual_calls = 0;
  std::vector<std::string> planned_steps;  // tool names in plan order
  std::vector<std::string> actual_steps;   // tool names in call order
  std::vector<TrackedCall> actual_calls_detail;
  int order_changes = 0;      // calls whose step_num is lower than an earlier call's
  int planned_additions = 0;  // steps added to the plan while it ran (sufficiency rounds)
  double deviation_score = 0;
  std::vector<std::string> warnings;
};

// The seed's deviation score over two tool-name sequences (see above).
double DeviationScore(const std::vector<std::string>& planned,
                      const std::vector<std::string>& actual);

// Infers an execute_sql step's query type from its SQL text: join, aggregation, ranking,
// filter, detail (in that order of precedence).
std::string_view InferQueryType(std::string_view sql);

class ExecutionValidator {
 public:
  // Receives each warning as it is logged; nullptr → spdlog::warn.
  using Logger = std::function<void(std::string_view)>;

  explicit ExecutionValidator(ValidatorOptions options = {}, Logger logger = nullptr);

  ValidationResult ValidatePlan(const AnalysisPlan& plan, RequestType request_type) const;

  // Starts tracking a run of `plan` (forgets any earlier run).
  void BeginExecution(const AnalysisPlan& plan);
  // Records one actual tool call (Property 14). A call that does not match the plan (no
  // such step, another tool) is still recorded, with a warning ("tracking data
  // inconsistency → log warning, continue").
  void TrackExecution(std::string_view tool, int step_num);
  // The plan grew while it ran (a sufficiency round inserted `added_steps` queries): the
  // tracked plan becomes `plan`, so the added steps count as planned, not as deviations.
  void ExtendPlan(const AnalysisPlan& plan, int added_steps);
  // Metrics of the run so far. Without BeginExecution the planned side is empty and the
  // metrics carry a warning saying so (partial metrics rather than an error).
  ExecutionMetrics GetMetrics() const;
  // Logs the warnings of GetMetrics(), including the deviation warning when the score is
  // above the threshold, and returns them.
  std::vector<std::string> LogDeviations() const;

  const ValidatorOptions& options() const { return options_; }

 private:
  void Log(std::string_view message) const;
  ExecutionMetrics MetricsLocked() const;  // requires mu_

  ValidatorOptions options_;
  Logger logger_;
  mutable std::mutex mu_;
  bool began_ = false;
  AnalysisPlan tracked_plan_;
  std::vector<TrackedCall> calls_;
  std::vector<std::string> tracking_warnings_;
  int planned_additions_ = 0;
};

}  // namespace askdb::agent::plan
