// Analysis planner: the plan of a multi-step analysis (seed 001 Requirements 3, 4, 6; seed
// 003), always returned through the ExecutionValidator so that it is well formed.
//
// With a model: one call (the "plan" template) returns a title and steps whose execute_sql
// inputs are complete SQL, written from the recalled schema; a re-plan after the person
// rejected a plan shows the model the rejected plan and the comment. A reply that is not a
// usable plan falls back to the deterministic plan with a warning (seed: "plan parse
// failure → default plan").
// Without a model: the deterministic plan is built from the consultation's suggestions for
// this datasource (overview, breakdowns, rankings, trends), keeping those whose example
// question the question-to-SQL engine answers; each becomes an execute_sql step with the
// engine's SQL. A re-plan skips the queries of rejected plans.
// Every plan starts with a get_data_source_context step (the schema the SQL was written
// from) and is a checkpoint plan (Property 3).
//
// Pure apart from the model call; thread-safe when the ModelFn is.
#pragma once

#include <string>
#include <vector>

#include "askdb/agent/pipeline/model_call.h"
#include "askdb/agent/pipeline/python_question.h"
#include "askdb/agent/plan/analysis_plan.h"
#include "askdb/common/status.h"
#include "askdb/nlq/engine.h"

namespace askdb::agent {
struct PreparedDatasource;
}  // namespace askdb::agent

namespace askdb::agent::pipeline {

inline constexpr int kDefaultAnalysisSqlSteps = 4;

struct PlanningInput {
  const PreparedDatasource* datasource = nullptr;  // required
  std::string question;
  bool chinese = false;
  std::string schema_text;           // recalled for this question (what the model sees)
  std::vector<std::string> history;  // earlier turns
  nlq::TranslateOptions translate;   // for the deterministic plan
  int max_sql_steps = kDefaultAnalysisSqlSteps;
  // Re-planning: the plans the person rejected (AnalysisPlanToJson) and their comments.
  std::vector<Json> rejected_plans;
  std::vector<std::string> feedback;
  ModelFn model;  // empty: deterministic plan
  // The deterministic plan adds Python template steps (a forecast of the main measure, its
  // outliers across the main entity) with the queries they read; false when
  // python.executor is off.
  bool python_steps = true;
  int64_t max_rows = 1000;  // the query row cap: an outlier check needs every item
};

struct PlannedAnalysis {
  plan::AnalysisPlan plan;  // validated
  std::string title;
  // For the person, in the run's language: an analysis that could not be planned and why.
  std::vector<std::string> notes;
  // For the logs: the model plan's fallback and the validator's silent repairs.
  std::vector<std::string> warnings;
  bool from_model = false;
};

// Errors are only the model transport's (a reply that is not a plan falls back).
StatusOr<PlannedAnalysis> PlanAnalysis(const PlanningInput& input);

// The deterministic plan alone (exposed for tests and for the fallback).
PlannedAnalysis DeterministicAnalysisPlan(const PlanningInput& input);

// The plan of a standalone Python question (python_question.h) with no model: the schema,
// the engine's SQL for the question's data (question.data_question: the measure per month,
// or per entity), then the template on its rows. Should the engine no longer answer it, the
// plan has no execute_sql step and the last warning says so.
PlannedAnalysis PythonQuestionPlan(const PlanningInput& input, const PythonQuestion& question);

// The plan as a person reads it before approving: numbered steps, purpose, SQL.
std::string RenderPlanText(const plan::AnalysisPlan& plan, const std::string& title, bool chinese);

}  // namespace askdb::agent::pipeline
