// RunState: everything one question's run through the pipeline graph knows, as a plain
// value that round-trips through JSON, so that a checkpoint taken after any node can be
// resumed in another process (a clarification answered after a restart).
//
// The result set is serialised with db::ResultSet::ToJson and read back by
// ResultSetFromJson, which recovers null/bool/int/double/text cells; dates, decimals and
// blobs come back as text or numbers. Nodes use the in-memory value within one run, so the
// loss only matters for a run resumed between execute and answer. Plain value; not
// synchronised.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "askdb/common/json.h"
#include "askdb/common/status.h"
#include "askdb/db/result_set.h"

namespace askdb::agent::pipeline {

// Where the answer came from.
enum class PipelineRoute {
  kNone,          // still running
  kQuickPath,     // greeting, help, time, arithmetic, units
  kConsultation,  // suggestions from the basic schema
  kCache,         // the answer cache (L1 result, or L2 SQL re-run)
  kEngine,        // the deterministic question-to-SQL engine
  kLlm,           // SQL written (and perhaps fixed) by the model
  kAnalysis,      // a multi-step analysis: plan, steps, report
  kNotAnswered,   // with the reason in `answer` (and `error` for failures)
  kKnowledge,     // a stored Q&A/FAQ answer whose question matches (knowledge base)
  kSchema,        // the tables, or one table's columns, as the asker may see them (no query)
};
std::string_view PipelineRouteName(PipelineRoute route);  // "quick_path", "llm", ...
StatusOr<PipelineRoute> ParsePipelineRoute(std::string_view name);

// Who wrote the SQL now in RunState::sql.
enum class SqlSource { kNone, kCache, kEngine, kLlm, kFix };
std::string_view SqlSourceName(SqlSource source);
StatusOr<SqlSource> ParseSqlSource(std::string_view name);

// One statement the model wrote and what became of it (error empty: it ran).
struct SqlAttempt {
  std::string sql;
  std::string error;
  bool operator==(const SqlAttempt&) const = default;
};

// What became of one step of a multi-step analysis plan.
struct StepOutcome {
  int step_num = 0;
  std::string tool;
  std::string purpose;
  std::string sql;  // execute_sql: the statement that ran last (after fixes)
  bool success = false;
  bool skipped = false;
  std::string error;  // when it failed
  std::string note;   // why it was skipped or changed
  std::string text;   // the tool's text output (schema context, a not-available message)
  int attempts = 0;
  int64_t duration_ms = 0;
  std::optional<db::ResultSet> result;  // execute_sql rows
  // python_executor: the code that ran last, and {"output": result.json of the run (text,
  // tables, charts, findings, values), "printed", "tries", "fallback", "errors",
  // "sandbox_ms"}; null for other tools.
  std::string code;
  Json python;
};

struct RunState {
  std::string question;  // as asked, with clarifications appended
  std::string original_question;
  std::string datasource;       // the run's datasource id (PipelineOptions::datasource_id)
  std::string cache_partition;  // the answer cache's key (PipelineOptions::cache_partition)
  std::string database;         // the database named for the run (PipelineOptions::database)
  std::string language;         // "zh" / "en"
  std::string request_type;
  double confidence = 0;
  PipelineRoute route = PipelineRoute::kNone;

  // Answer cache.
  bool cache_hit = false;
  std::string cache_level;  // "L1" / "L2"
  std::string cache_stored_question;
  uint64_t cache_l2_id = 0;

  std::string schema_text;  // recalled schema the model saw
  Json evidence;     // knowledge::EvidenceToJson of the evidence stage; null before or without it
  Json translation;  // the engine's translation summary; null when not consulted

  std::vector<SqlAttempt> attempts;  // the model's statements, in order
  int fixes = 0;
  std::string sql;  // the statement to validate/execute next
  SqlSource sql_source = SqlSource::kNone;
  std::string final_sql;  // the statement whose rows are in `result`

  std::optional<db::ResultSet> result;
  Json chart;  // analysis::ChartSpec::ToJson; null when none
  std::string answer;
  std::string error;  // why the run could not answer (empty when it did)

  int llm_calls = 0;
  int64_t prompt_tokens = 0;
  int64_t completion_tokens = 0;

  std::string clarification_question;
  std::vector<std::string> clarification_answers;

  // Multi-step analysis (route kAnalysis).
  bool plan_review = false;  // stop for the person's approval before running the plan
  Json plan;                 // plan::AnalysisPlanToJson of the validated plan; null before
  std::string plan_title;
  // The planner's notes for the person (PlannedAnalysis::notes), shown by the CLI and the UI.
  std::vector<std::string> plan_notes;
  // Every plan warning: the notes, then the technical corrections (fallbacks, the validator's
  // repairs, the executor's); the JSON keeps this list whole for older clients.
  std::vector<std::string> plan_warnings;
  std::vector<std::string> plan_feedback;  // the person's comments on rejected plans
  std::vector<StepOutcome> steps;          // in the executed plan's order
  Json query_history = Json::array();      // the sufficiency rounds (seed 003)
  double deviation_score = 0;
  // The run against its plan: {planned_calls, actual_calls, planned_steps, actual_steps,
  // order_changes, planned_additions, deviation_score, warnings}; null before the steps run.
  Json deviation;
  Json report;  // {"title", "summary", "findings", "recommendations"}; null when none

  // Multi-turn: the conversation's earlier turns (Session::ToJson; null when this is the
  // first), the same as prompt lines ("Q: … / SQL: … / A: …", oldest first), and how this
  // question was resolved from the last turn ("北京 → 上海"); empty when it is a new one.
  Json session;
  std::vector<std::string> history;
  std::string follow_up;
  // The question a follow-up was resolved to ("上海的销售额"), which `question` no longer is
  // once a clarification is appended to it; empty when the question is new.
  std::string follow_up_question;
  // The last answered question a follow-up could not be applied to (FollowUp::declined);
  // empty otherwise. The run then says so instead of reading the follow-up alone.
  std::string declined_follow_up;
  // Why it could not be applied (DeclineWhyName: "nothing_to_rank", "percentage" ...).
  std::string declined_follow_up_why;

  // The node to run next, set by the node that just finished (conditional edges read it).
  std::string next;

  bool chinese() const { return language == "zh"; }
};

Json RunStateToJson(const RunState& state);
// InvalidArgument naming the field when `json` is not a RunState.
StatusOr<RunState> RunStateFromJson(const Json& json);

// `money_columns`: source columns known to hold money (PipelineResult::money_columns), so a
// step's money column carries the kind "money" even when only the semantic model names it.
Json StepOutcomeToJson(const StepOutcome& step, const std::vector<std::string>& money_columns = {});
StatusOr<StepOutcome> StepOutcomeFromJson(const Json& json);

// Reads db::ResultSet::ToJson output back (see the contract above for what is lost).
StatusOr<db::ResultSet> ResultSetFromJson(const Json& json);

// How a follow-up was read, as "read as" shows it: the question it was resolved to, without
// the person's clarifications (a clarified follow-up showed its 补充说明 there); empty when
// the question was new. A checkpoint written before the field falls back to `question`.
const std::string& FollowUpReadAs(const RunState& s);

}  // namespace askdb::agent::pipeline
