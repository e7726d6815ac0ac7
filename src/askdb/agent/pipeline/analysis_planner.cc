#include "askdb/agent/pipeline/analysis_planner.h"

#include <set>
#include <utility>

#include "askdb/agent/ask/datasource.h"
#include "askdb/agent/consultation/consultation.h"
#include "askdb/agent/pipeline/sql_guard.h"
#include "askdb/agent/plan/plan_validator.h"
#include "askdb/llm/prompts.h"

namespace askdb::agent::pipeline {
namespace {

constexpr char kSchemaPurposeEn[] = "Read the tables and columns the analysis uses";
constexpr char kSchemaPurposeZh[] = "读取分析要用到的表和字段";

// Suggestions the deterministic planner looks through: more than the steps it keeps, since
// some example questions are beyond the engine.
constexpr int kSuggestionsToConsider = 12;

Json PlanReplySchema() {
  return {{"type", "object"},
          {"properties",
           {{"title", NullableType("string")},
            {"steps", {{"type", "array"}, {"items", {{"type", "object"}}}}}}},
          {"required", {"steps"}}};
}

plan::PlanStep SchemaStep(bool chinese) {
  plan::PlanStep step;
  step.step_num = 1;
  step.tool = std::string(plan::kToolGetDataSourceContext);
  step.purpose = chinese ? kSchemaPurposeZh : kSchemaPurposeEn;
  step.schema_level = std::string(plan::kSchemaLevelDetailed);
  step.is_checkpoint = true;
  return step;
}

// SQL already used by rejected plans (normalised), so a re-plan proposes something else.
std::set<std::string> RejectedSql(const std::vector<Json>& rejected_plans) {
  std::set<std::string> out;
  for (const Json& p : rejected_plans) {
    if (!p.is_object() || !p.contains("steps") || !p["steps"].is_array()) continue;
    for (const Json& step : p["steps"]) {
      if (step.value("tool", "") == plan::kToolExecuteSql) {
        out.insert(NormalizeSqlForComparison(step.value("input", "")));
      }
    }
  }
  return out;
}

plan::AnalysisPlan Validate(plan::AnalysisPlan plan, std::vector<std::string>& warnings) {
  const plan::ExecutionValidator validator(plan::ValidatorOptions{},
                                           [](std::string_view) {});  // warnings kept below
  plan::ValidationResult validated = validator.ValidatePlan(plan, RequestType::kMultiStepAnalysis);
  for (std::string& w : validated.warnings) warnings.push_back(std::move(w));
  return std::move(validated.plan);
}

std::string PreviousPlanText(const PlanningInput& input) {
  if (input.rejected_plans.empty()) return "";
  return input.rejected_plans.back().dump(2);
}

}  // namespace

PlannedAnalysis DeterministicAnalysisPlan(const PlanningInput& input) {
  PlannedAnalysis out;
  out.title = input.question;
  plan::AnalysisPlan& p = out.plan;
  p.request_type = RequestType::kMultiStepAnalysis;
  p.schema_level = std::string(plan::kSchemaLevelDetailed);
  p.is_multi_step = true;
  p.steps.push_back(SchemaStep(input.chinese));

  const PreparedDatasource& ds = *input.datasource;
  ConsultationInput consult{.basic_schema = ds.schema,
                            .model = ds.model ? &*ds.model : nullptr,
                            .index = ds.index.get(),
                            .chinese = input.chinese,
                            .dialect = nullptr};
  ConsultationOptions consult_options;
  consult_options.max_suggestions = kSuggestionsToConsider;
  const ConsultationResult suggestions = Consult(consult, consult_options);
  const std::set<std::string> rejected = RejectedSql(input.rejected_plans);
  std::set<std::string> chosen;
  for (const Suggestion& s : suggestions.suggestions) {
    if (static_cast<int>(p.steps.size()) > input.max_sql_steps) break;
    for (const std::string& q : s.example_questions) {
      const nlq::Translation t =
          nlq::Engine::Translate(q, *ds.index, ds.connector->dialect(), input.translate);
      if (!t.answered) continue;
      const std::string key = NormalizeSqlForComparison(t.sql);
      if (rejected.contains(key) || !chosen.insert(key).second) continue;
      plan::PlanStep step;
      step.step_num = static_cast<int>(p.steps.size()) + 1;
      step.tool = std::string(plan::kToolExecuteSql);
      step.purpose = s.title.empty() ? q : s.title;
      step.input = t.sql;
      step.depends_on = {1};
      step.is_checkpoint = true;
      p.steps.push_back(std::move(step));
      break;
    }
  }
  if (p.steps.size() == 1) {
    out.warnings.push_back(input.chinese
                               ? "没有找到确定性引擎能回答的分析查询；配置模型后可以规划更多分析。"
                               : "no analysis query the deterministic engine can answer was found; "
                                 "configure a model to plan more");
  }
  for (const plan::PlanStep& step : p.steps) p.checkpoints.push_back(step.step_num);
  out.plan = Validate(std::move(out.plan), out.warnings);
  return out;
}

StatusOr<PlannedAnalysis> PlanAnalysis(const PlanningInput& input) {
  if (!input.model) return DeterministicAnalysisPlan(input);
  ModelCall call;
  call.user_template = llm::kPlanTemplate;
  call.schema_text = input.schema_text;
  call.history = input.history;
  call.question = input.question;
  call.values = {{"max_sql_steps", input.max_sql_steps}};
  if (!input.rejected_plans.empty()) {
    call.values["previous_plan"] = PreviousPlanText(input);
    call.values["feedback"] = input.feedback.empty() ? "" : input.feedback.back();
  }
  call.reply_schema = PlanReplySchema();
  ASKDB_ASSIGN_OR_RETURN(Json reply, input.model(call));

  StatusOr<plan::AnalysisPlan> parsed =
      plan::AnalysisPlanFromJson(reply, RequestType::kMultiStepAnalysis);
  if (!parsed.ok() || !parsed->HasTool(plan::kToolExecuteSql)) {
    PlannedAnalysis fallback = DeterministicAnalysisPlan(input);
    fallback.warnings.insert(
        fallback.warnings.begin(),
        "the model's plan was not usable (" +
            (parsed.ok() ? std::string("no execute_sql step") : parsed.status().message()) +
            "); using the deterministic plan");
    return fallback;
  }
  PlannedAnalysis out;
  out.from_model = true;
  out.title = ReplyString(reply, "title", input.question);
  plan::AnalysisPlan p = std::move(parsed).value();
  // The schema the model wrote its SQL from is the plan's first step, whatever it planned.
  if (!p.HasTool(plan::kToolGetDataSourceContext)) {
    for (plan::PlanStep& step : p.steps) {
      ++step.step_num;
      for (int& d : step.depends_on) ++d;
    }
    p.steps.insert(p.steps.begin(), SchemaStep(input.chinese));
  }
  out.plan = Validate(std::move(p), out.warnings);
  return out;
}

std::string RenderPlanText(const plan::AnalysisPlan& plan, const std::string& title, bool chinese) {
  std::string out = title.empty() ? "" : title + "\n";
  for (const plan::PlanStep& step : plan.steps) {
    out += std::to_string(step.step_num) + ". " + step.purpose + "  [" + step.tool + "]\n";
    if (step.tool == plan::kToolExecuteSql && !step.input.empty()) {
      out += "   " + step.input + "\n";
    }
  }
  if (plan.steps.empty()) out += chinese ? "（没有步骤）\n" : "(no steps)\n";
  return out;
}

}  // namespace askdb::agent::pipeline
