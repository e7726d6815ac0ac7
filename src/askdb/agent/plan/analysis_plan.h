// AnalysisPlan and PlanStep (seed 000 "Enhanced AnalysisPlan", seed 001 Requirement 6): the
// structure every planner (the deterministic DefaultPlanner now, the LLM planner later)
// produces, the ExecutionValidator corrects and the StepExecutor runs. Plans travel as JSON
// (events, checkpoints, the LLM's reply), so this header also owns the JSON round trip and
// the parser for a model's reply, which names the offending field path on every error.
//
// Plain value types; no shared state; thread-compatible.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/agent/request_classifier.h"
#include "askdb/common/json.h"
#include "askdb/common/status.h"

namespace askdb::agent::plan {

// The exact tool names a plan may use (Property 18).
inline constexpr std::string_view kToolGetDataSourceContext = "get_data_source_context";
inline constexpr std::string_view kToolExecuteSql = "execute_sql";
inline constexpr std::string_view kToolPythonExecutor = "python_executor";
inline constexpr std::string_view kToolWebSearch = "web_search";
inline constexpr std::string_view kToolWebFetch = "web_fetch";
inline constexpr std::array<std::string_view, 5> kPlanTools = {
    kToolGetDataSourceContext, kToolExecuteSql, kToolPythonExecutor, kToolWebSearch, kToolWebFetch};

bool IsPlanTool(std::string_view tool);

// Maps a generic or legacy tool name a model may write ("get_schema", "sql_executor",
// "python", "search", ...) to the exact name; an exact name maps to itself. nullopt when
// the name stands for no known tool.
std::optional<std::string_view> CanonicalToolName(std::string_view tool);

// Schema levels of a get_data_source_context step (seed 001 Requirement 2).
inline constexpr std::string_view kSchemaLevelBasic = "basic";
inline constexpr std::string_view kSchemaLevelDetailed = "detailed";
bool IsSchemaLevel(std::string_view level);

// The schema level a request type needs (seed 000 SchemaLevelMapping). Kept here as a
// two-line table so that the plan module need not link the catalog.
std::string_view SchemaLevelFor(RequestType type);

// Query types of an execute_sql step (Requirement 6.3). The list is advisory: planners may
// use other words; validation only requires a non-empty value (Property 19).
inline constexpr std::string_view kQueryTypeAggregation = "aggregation";
inline constexpr std::string_view kQueryTypeJoin = "join";
inline constexpr std::string_view kQueryTypeFilter = "filter";
inline constexpr std::string_view kQueryTypeRanking = "ranking";
inline constexpr std::string_view kQueryTypeTrend = "trend";
inline constexpr std::string_view kQueryTypeDetail = "detail";

struct PlanStep {
  int step_num = 0;  // 1-based, ascending and unique within a plan
  std::string tool;  // one of kPlanTools
  std::string purpose;
  std::string input;            // SQL text, question, URL, code or table names
  std::vector<int> depends_on;  // earlier step numbers whose results this step needs
  int64_t estimated_duration_ms = 0;
  std::string schema_level;  // get_data_source_context only: "basic" / "detailed"
  std::string query_type;    // execute_sql only: "aggregation", "join", ...
  bool is_checkpoint = false;
  // The planner's note about this step's data (a last period the data covers in part): it
  // holds only when the step runs (RunAnalysis lists it as void otherwise and the pipeline's
  // RunSteps drops it from the notes).
  std::string caveat;

  bool operator==(const PlanStep&) const = default;
};

struct AnalysisPlan {
  RequestType request_type = RequestType::kDataQuery;
  std::string schema_level;  // "basic" / "detailed"
  bool is_multi_step = false;
  std::vector<int> checkpoints;  // step numbers that are checkpoints
  std::vector<PlanStep> steps;

  bool operator==(const AnalysisPlan&) const = default;

  const PlanStep* FindStep(int step_num) const;
  bool HasTool(std::string_view tool) const;
};

// JSON shape (seed field names): {"request_type", "schema_level", "is_multi_step",
// "checkpoints", "estimated_calls", "needs_schema", "needs_sql", "needs_python",
// "needs_web_search", "steps": [{"step_num", "tool", "purpose", "input", "depends_on",
// "estimated_duration_ms", "schema_level"?, "query_type"?, "is_checkpoint"?, "caveat"?}]}. The
// estimated_calls / needs_* fields are derived on output and ignored on input.
Json PlanStepToJson(const PlanStep& step);
Json AnalysisPlanToJson(const AnalysisPlan& plan);

// Reads a plan from JSON. Structural errors give InvalidArgument naming the field path
// ("steps[2].depends_on[0]: expected an integer, got string"). A missing request_type is
// taken from `request_type`; a missing step_num is the step's 1-based position. Content
// rules (tool names, fields per tool, consistency with the request) are the
// ExecutionValidator's job, so an unknown tool name parses.
StatusOr<AnalysisPlan> AnalysisPlanFromJson(const Json& json, RequestType request_type);

// Parses a model's reply: the JSON object may be wrapped in a ```json fence or surrounded
// by prose; the outermost {...} is used.
StatusOr<AnalysisPlan> ParseAnalysisPlanReply(std::string_view reply, RequestType request_type);

}  // namespace askdb::agent::plan
