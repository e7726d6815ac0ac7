#include "askdb/agent/plan/default_planner.h"

#include <algorithm>
#include <array>
#include <string>
#include <utility>

#include "askdb/agent/plan/duration_history.h"

namespace askdb::agent::plan {
namespace {

struct QueryTemplate {
  std::string_view query_type;
  std::string_view purpose;
};

// The angles of a multi-step analysis, in the order they are run; more requested queries
// than templates cycle through them.
constexpr std::array<QueryTemplate, 5> kMultiStepQueries = {{
    {kQueryTypeAggregation, "overview: totals and counts of the main measures"},
    {kQueryTypeJoin, "breakdown of the measures by the main dimensions"},
    {kQueryTypeTrend, "trend of the measures over time"},
    {kQueryTypeRanking, "top and bottom items by the main measure"},
    {kQueryTypeFilter, "detail of notable segments"},
}};

PlanStep MakeStep(int num, std::string_view tool, std::string purpose, std::string input) {
  PlanStep s;
  s.step_num = num;
  s.tool = std::string(tool);
  s.purpose = std::move(purpose);
  s.input = std::move(input);
  return s;
}

// The first step of a plan that reads the data: the structure at the plan's schema level.
PlanStep SchemaStep(int num, const std::string& schema_level) {
  PlanStep s = MakeStep(num, kToolGetDataSourceContext, "fetch the data source structure", "");
  s.schema_level = schema_level;
  return s;
}

// A web search: search, then read the most relevant result.
void AddWebSearchSteps(AnalysisPlan& plan, const std::string& q) {
  plan.steps.push_back(MakeStep(1, kToolWebSearch, "search the web", q));
  PlanStep fetch = MakeStep(2, kToolWebFetch, "read the most relevant result", "");
  fetch.depends_on = {1};
  plan.steps.push_back(std::move(fetch));
}

// A data question: the structure, then one aggregating query.
void AddDataQuerySteps(AnalysisPlan& plan, const std::string& q) {
  plan.steps.push_back(SchemaStep(1, plan.schema_level));
  PlanStep sql = MakeStep(2, kToolExecuteSql, "answer the question with one query", q);
  sql.query_type = std::string(kQueryTypeAggregation);
  sql.depends_on = {1};
  plan.steps.push_back(std::move(sql));
}

// A multi-step analysis: the structure, one query per angle (cycling through the
// templates), optionally a Python summary of them; the structure and the queries are
// checkpoints.
void AddMultiStepSteps(AnalysisPlan& plan, const std::string& q,
                       const DefaultPlannerOptions& options) {
  plan.steps.push_back(SchemaStep(1, plan.schema_level));
  plan.steps.back().is_checkpoint = true;
  std::vector<int> sql_steps;
  for (int i = 0; i < options.multi_step_queries; ++i) {
    const QueryTemplate& t = kMultiStepQueries[static_cast<size_t>(i) % kMultiStepQueries.size()];
    const int num = static_cast<int>(plan.steps.size()) + 1;
    PlanStep sql = MakeStep(num, kToolExecuteSql, std::string(t.purpose), q);
    sql.query_type = std::string(t.query_type);
    sql.depends_on = {1};
    sql.is_checkpoint = true;
    sql_steps.push_back(num);
    plan.steps.push_back(std::move(sql));
  }
  if (options.multi_step_python_summary) {
    PlanStep py = MakeStep(static_cast<int>(plan.steps.size()) + 1, kToolPythonExecutor,
                           "summarise the query results into findings", q);
    py.depends_on = sql_steps;
    plan.steps.push_back(std::move(py));
  }
  for (const PlanStep& s : plan.steps) {
    if (s.is_checkpoint) plan.checkpoints.push_back(s.step_num);
  }
}

}  // namespace

DefaultPlanner::DefaultPlanner(const DurationHistory* history, DefaultPlannerOptions options)
    : history_(history), options_(options) {
  options_.multi_step_queries = std::max(1, options_.multi_step_queries);
}

AnalysisPlan DefaultPlanner::Plan(RequestType type, std::string_view question) const {
  AnalysisPlan plan;
  plan.request_type = type;
  plan.schema_level = std::string(SchemaLevelFor(type));
  plan.is_multi_step = type == RequestType::kMultiStepAnalysis;
  const std::string q(question);
  switch (type) {
    case RequestType::kTrivial:
    case RequestType::kSimple:
      break;
    case RequestType::kCalculation:
      plan.steps.push_back(MakeStep(1, kToolPythonExecutor, "compute the answer", q));
      break;
    case RequestType::kWebSearch:
      AddWebSearchSteps(plan, q);
      break;
    case RequestType::kConsultation:
      plan.steps.push_back(SchemaStep(1, plan.schema_level));
      plan.steps.back().purpose = "fetch table names, relationships and the data source summary";
      break;
    case RequestType::kDataQuery:
    case RequestType::kVisualization:
      AddDataQuerySteps(plan, q);
      break;
    case RequestType::kMultiStepAnalysis:
      AddMultiStepSteps(plan, q, options_);
      break;
  }
  // Each step's expected duration: the history's, else the defaults.
  if (history_ != nullptr) {
    history_->Apply(plan);
  } else {
    DurationHistory defaults;
    defaults.Apply(plan);
  }
  return plan;
}

}  // namespace askdb::agent::plan
