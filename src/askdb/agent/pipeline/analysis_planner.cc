#include "askdb/agent/pipeline/analysis_planner.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "askdb/agent/ask/datasource.h"
#include "askdb/agent/consultation/consultation.h"
#include "askdb/agent/pipeline/change_drivers_plan.h"
#include "askdb/agent/pipeline/partial_period_note.h"
#include "askdb/agent/pipeline/sql_guard.h"
#include "askdb/agent/plan/plan_validator.h"
#include "askdb/common/measure_names.h"
#include "askdb/llm/prompts.h"
#include "askdb/python/templates.h"

namespace askdb::agent::pipeline {
namespace {

constexpr char kSchemaPurposeEn[] = "Read the tables and columns the analysis uses";
constexpr char kSchemaPurposeZh[] = "读取分析要用到的表和字段";

// Suggestions the deterministic planner looks through: more than the steps it keeps, since
// some example questions are beyond the engine.
constexpr int kSuggestionsToConsider = 12;

// Fewest items an outlier check runs on (quartiles of fewer say little).
constexpr int64_t kMinOutlierItems = 8;

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

// An English step purpose starts with a capital, as the consultation's titles do ("Order
// amount per month"); a display name may start in lower case ("order amount").
std::string Capitalized(std::string purpose) {
  if (!purpose.empty() && purpose[0] >= 'a' && purpose[0] <= 'z') purpose[0] -= 'a' - 'A';
  return purpose;
}

// Adds an execute_sql step for `question` (or finds the chosen step with the same SQL) and
// a python_executor step running `template_name` on its rows; a caveat about its data goes
// into `notes` once and onto the SQL step, so that it is dropped should the step not run.
void AddPythonTemplateStep(const PlanningInput& input, const std::string& question,
                           const std::string& data_purpose, const std::string& purpose,
                           std::string_view template_name, plan::AnalysisPlan& p,
                           std::map<std::string, int>& sql_steps,
                           const std::set<std::string>& rejected, std::vector<std::string>& notes) {
  const PreparedDatasource& ds = *input.datasource;
  const nlq::Translation t =
      nlq::Engine::Translate(question, *ds.index, ds.connector->dialect(), input.translate);
  if (!t.answered) return;
  const std::string key = NormalizeSqlForComparison(t.sql);
  if (rejected.contains(key)) return;  // a re-plan proposes something else
  auto [it, added] = sql_steps.emplace(key, static_cast<int>(p.steps.size()) + 1);
  if (added) {
    plan::PlanStep sql;
    sql.step_num = it->second;
    sql.tool = std::string(plan::kToolExecuteSql);
    sql.purpose = input.chinese ? data_purpose : Capitalized(data_purpose);
    sql.input = t.sql;
    sql.depends_on = {1};
    sql.is_checkpoint = true;
    p.steps.push_back(std::move(sql));
  }
  std::string note = PartialLastPeriodNote(t, *ds.index, ds.connector->dialect(), input.chinese);
  if (!note.empty()) {
    for (plan::PlanStep& step : p.steps) {
      if (step.step_num == it->second) step.caveat = note;
    }
    if (std::find(notes.begin(), notes.end(), note) == notes.end()) notes.push_back(note);
  }
  plan::PlanStep py;
  py.step_num = static_cast<int>(p.steps.size()) + 1;
  py.tool = std::string(plan::kToolPythonExecutor);
  py.purpose = input.chinese ? purpose : Capitalized(purpose);
  py.input = std::string(python::kTemplatePrefix) + std::string(template_name);
  py.depends_on = {it->second};
  p.steps.push_back(std::move(py));
}

// A report about money ("做一份全面的销售分析报告", "a sales report") keeps to the tables the
// engine reads money from: on Chinook the invoices, not track lengths by genre or employees
// hired per year. Empty when the request does not name money or the engine finds no money
// column (then every analysis is kept, with a warning that says so).
std::set<std::string> MoneyTables(const PlanningInput& input) {
  if (!measures::NamesMoney(input.question)) return {};
  const PreparedDatasource& ds = *input.datasource;
  const db::Dialect& dialect = ds.connector->dialect();
  for (std::string_view probe : {"total sales", "销售额合计", "total revenue", "总收入"}) {
    const nlq::Translation t = nlq::Engine::Translate(probe, *ds.index, dialect, input.translate);
    if (!t.answered) continue;
    std::set<std::string> tables;
    for (const nlq::IndexedTable& table : ds.index->tables()) {
      if (t.sql.find(dialect.QuoteIdentifier(table.name)) != std::string::npos) {
        tables.insert(table.name);
      }
    }
    if (!tables.empty()) return tables;
  }
  return {};
}

bool ReadsAny(const Suggestion& s, const std::set<std::string>& tables) {
  return std::any_of(s.tables.begin(), s.tables.end(),
                     [&](const std::string& t) { return tables.contains(t); });
}

// The Python steps of the deterministic plan: a forecast of the main trend's measure, and
// the outliers of that measure across an entity its table refers to. `keep` (when not empty):
// the trend must read one of these tables.
void AddPythonSteps(const PlanningInput& input, const ConsultationResult& suggestions,
                    const std::set<std::string>& keep, plan::AnalysisPlan& p,
                    std::map<std::string, int>& sql_steps, const std::set<std::string>& rejected,
                    std::vector<std::string>& notes) {
  const bool zh = input.chinese;
  const Suggestion* trend = nullptr;
  for (const Suggestion& s : suggestions.suggestions) {
    if (!keep.empty() && !ReadsAny(s, keep)) continue;
    if (s.kind == AnalysisKind::kTrend && !s.measures.empty() && !s.tables.empty()) {
      trend = &s;
      break;
    }
  }
  if (trend == nullptr) return;
  {
    const std::string& m = trend->measures.front();
    AddPythonTemplateStep(
        input, zh ? "每月的" + m : m + " per month",
        zh ? "每月的" + m + "（预测所用数据）" : m + " per month (for the forecast)",
        zh ? "预测下个季度的" + m + "（Python 季节性预测）"
           : "Forecast " + m + " for the next quarter (Python, seasonal)",
        "forecast", p, sql_steps, rejected, notes);
  }
  // Outliers need a few dozen items, all in one result: the entity the measure's table
  // refers to directly (orders → stores) with the most rows that still fit the row cap.
  const nlq::SchemaIndex& index = *input.datasource->index;
  const int fact = index.FindTable(trend->tables.front());
  int entity = -1;
  for (const nlq::JoinEdge& e : index.edges()) {
    if (e.from_table != fact || e.to_table == fact) continue;
    const nlq::IndexedTable& t = index.tables()[e.to_table];
    const int64_t rows = t.row_count.value_or(0);
    if (rows < kMinOutlierItems || rows > input.max_rows) continue;
    if (index.LabelColumn(e.to_table, zh) < 0 || (zh ? t.display_zh : t.display_en).empty()) {
      continue;
    }
    if (entity < 0 || rows > index.tables()[entity].row_count.value_or(0)) entity = e.to_table;
  }
  if (entity < 0) return;
  const std::string& m = trend->measures.front();
  const nlq::IndexedTable& t = index.tables()[entity];
  const std::string& d = zh ? t.display_zh : t.display_en;
  AddPythonTemplateStep(input, zh ? "各" + d + "的" + m : m + " by " + d,
                        zh ? "各" + d + "的" + m + "（异常检测所用数据）"
                           : m + " by " + d + " (for the outlier check)",
                        zh ? "找出" + m + "异常的" + d + "（Python 分布与异常值）"
                           : d + " with unusual " + m + " (Python, distribution and outliers)",
                        "outliers", p, sql_steps, rejected, notes);
}

plan::AnalysisPlan Validate(plan::AnalysisPlan plan, std::vector<std::string>& warnings) {
  // Repairs are routine (a missing query_type, a renumbering): the info log, not a warning.
  const plan::ExecutionValidator validator(plan::ValidatorOptions{},
                                           [](std::string_view w) { spdlog::info("plan: {}", w); });
  plan::ValidationResult validated = validator.ValidatePlan(plan, RequestType::kMultiStepAnalysis);
  for (std::string& w : validated.warnings) warnings.push_back(std::move(w));
  return std::move(validated.plan);
}

std::string PreviousPlanText(const PlanningInput& input) {
  if (input.rejected_plans.empty()) return "";
  return input.rejected_plans.back().dump(2);
}

// Queries already in the plan (normalised SQL → its step) and those of rejected plans.
struct ChosenSql {
  std::set<std::string> rejected;
  std::map<std::string, int> chosen;
};

// An execute_sql step with the engine's SQL for `question`; false when the engine does not
// answer it or the plan (or a rejected one) already has that query.
bool AddEngineStep(const PlanningInput& input, const nlq::TranslateOptions& translate,
                   const std::string& question, const std::string& purpose, ChosenSql& sql,
                   plan::AnalysisPlan& p) {
  const PreparedDatasource& ds = *input.datasource;
  const nlq::Translation t =
      nlq::Engine::Translate(question, *ds.index, ds.connector->dialect(), translate);
  if (!t.answered) return false;
  const std::string key = NormalizeSqlForComparison(t.sql);
  if (sql.rejected.contains(key) ||
      !sql.chosen.emplace(key, static_cast<int>(p.steps.size()) + 1).second) {
    return false;
  }
  plan::PlanStep step;
  step.step_num = static_cast<int>(p.steps.size()) + 1;
  step.tool = std::string(plan::kToolExecuteSql);
  step.purpose = purpose;
  step.input = t.sql;
  step.depends_on = {1};
  step.is_checkpoint = true;
  p.steps.push_back(std::move(step));
  return true;
}

// "why did sales drop in March 2025?": the period against the one before, overall and per
// dimension (change_drivers_plan.h), instead of the general report; false when the request
// is not such a question or the engine answers none of its comparisons.
bool AddChangeDriverSteps(const PlanningInput& input, const ConsultationResult& suggestions,
                          ChosenSql& sql, plan::AnalysisPlan& p) {
  if (!AsksWhyAChange(input.question)) return false;
  const PreparedDatasource& ds = *input.datasource;
  const nlq::Translation reading =
      nlq::Engine::Translate(input.question, *ds.index, ds.connector->dialect(), input.translate);
  // Per dimension, the largest move the way the question says it went comes first.
  nlq::TranslateOptions by_change = input.translate;
  by_change.comparison_order_by_change = SaidDirection(input.question);
  for (const std::string& q :
       ChangeDriverQuestions(reading, suggestions.suggestions, input.chinese)) {
    if (static_cast<int>(p.steps.size()) > input.max_sql_steps) break;
    AddEngineStep(input, by_change, q, q, sql, p);
  }
  return p.steps.size() > 1;
}

// The person's comment on a rejected plan, which no rule reads: the re-plan only leaves the
// rejected queries out, and says so rather than look as if it followed "只看2025年".
std::string UnreadCommentNote(const PlanningInput& input) {
  if (input.feedback.empty() || input.feedback.back().empty()) return "";
  const std::string& comment = input.feedback.back();
  return input.chinese ? "没有配置模型，计划不能按“" + comment +
                             "”修改，下面换了一组查询；配置模型后可以按说明重新规划。"
                       : "with no model configured the plan cannot follow '" + comment +
                             "': these are other queries; configure a model to re-plan by "
                             "your comment";
}

// The analyses the schema suggests (consultation.h), the candidates for the plan's steps.
ConsultationResult SuggestAnalyses(const PlanningInput& input) {
  const PreparedDatasource& ds = *input.datasource;
  ConsultationInput consult{.basic_schema = ds.schema,
                            .model = ds.model ? &*ds.model : nullptr,
                            .index = ds.index.get(),
                            .chinese = input.chinese,
                            .dialect = nullptr};
  ConsultationOptions consult_options;
  consult_options.max_suggestions = kSuggestionsToConsider;
  return Consult(consult, consult_options);
}

// One query per suggestion (its first example question the engine answers), up to the step
// limit; with money columns, only suggestions that read them.
void AddSuggestionSteps(const PlanningInput& input, const ConsultationResult& suggestions,
                        const std::set<std::string>& money_tables, ChosenSql& sql,
                        plan::AnalysisPlan& p) {
  for (const Suggestion& s : suggestions.suggestions) {
    if (static_cast<int>(p.steps.size()) > input.max_sql_steps) break;
    if (!money_tables.empty() && !ReadsAny(s, money_tables)) continue;
    for (const std::string& q : s.example_questions) {
      if (AddEngineStep(input, input.translate, q, s.title.empty() ? q : s.title, sql, p)) break;
    }
  }
}

// Says when the plan is thinner than asked: one money analysis, or none at all.
void AddFewStepsNotes(const PlanningInput& input, const std::set<std::string>& money_tables,
                      const plan::AnalysisPlan& p, std::vector<std::string>& notes) {
  if (!money_tables.empty() && p.steps.size() == 2) {
    notes.push_back(input.chinese
                        ? "确定性引擎只能回答一项与金额有关的分析；配置模型后可以规划更多分析。"
                        : "the deterministic engine answers only one analysis of the money "
                          "in this data; configure a model to plan more");
  }
  if (p.steps.size() == 1) {
    notes.push_back(input.chinese
                        ? "没有找到确定性引擎能回答的分析查询；配置模型后可以规划更多分析。"
                        : "no analysis query the deterministic engine can answer was found; "
                          "configure a model to plan more");
  }
}

// A multi-step plan whose only step so far reads the schema.
PlannedAnalysis SchemaOnlyPlan(const PlanningInput& input) {
  PlannedAnalysis out;
  out.title = input.question;
  out.plan.request_type = RequestType::kMultiStepAnalysis;
  out.plan.schema_level = std::string(plan::kSchemaLevelDetailed);
  out.plan.is_multi_step = true;
  out.plan.steps.push_back(SchemaStep(input.chinese));
  return out;
}

// Every step is a checkpoint; then the validator's repairs.
PlannedAnalysis Finished(PlannedAnalysis out) {
  for (const plan::PlanStep& step : out.plan.steps) out.plan.checkpoints.push_back(step.step_num);
  out.plan = Validate(std::move(out.plan), out.warnings);
  return out;
}

}  // namespace

PlannedAnalysis DeterministicAnalysisPlan(const PlanningInput& input) {
  PlannedAnalysis out = SchemaOnlyPlan(input);
  plan::AnalysisPlan& p = out.plan;

  const ConsultationResult suggestions = SuggestAnalyses(input);
  ChosenSql sql{RejectedSql(input.rejected_plans), {}};
  if (AddChangeDriverSteps(input, suggestions, sql, p)) return Finished(std::move(out));
  const std::set<std::string> money_tables = MoneyTables(input);
  if (measures::NamesMoney(input.question) && money_tables.empty()) {
    out.notes.push_back(input.chinese
                            ? "没有找到能确定为销售额或金额的列；下面的分析覆盖数据里已有的内容。"
                              "在语义模型里把金额列标为“销售额”，报告就会围绕它展开。"
                            : "no column could be taken for sales or revenue, so the analyses "
                              "below cover what the data has; name the money column "
                              "'sales' in the semantic model to centre the report on it");
  }
  AddSuggestionSteps(input, suggestions, money_tables, sql, p);
  if (input.python_steps && p.steps.size() > 1)
    AddPythonSteps(input, suggestions, money_tables, p, sql.chosen, sql.rejected, out.notes);
  AddFewStepsNotes(input, money_tables, p, out.notes);
  return Finished(std::move(out));
}

namespace {

// The Python step's purpose for a standalone question, by template.
std::string PythonQuestionPurpose(const PythonQuestion& q, bool zh) {
  const std::string& m = q.measure;
  const std::string& e = q.entity;
  const std::string& t = q.template_name;
  if (t == "forecast") {
    return zh ? "预测下个季度的" + m + "（Python 季节性预测）"
              : "Forecast " + m + " for the next quarter (Python, seasonal)";
  }
  if (t == "outliers") {
    return zh ? "找出" + m + "异常的" + e + "（Python 分布与异常值）"
              : e + " with unusual " + m + " (Python, distribution and outliers)";
  }
  if (t == "correlation") {
    return zh ? m + "与" + q.measure2 + "的相关性（Python 皮尔逊相关）"
              : "Correlation of " + m + " and " + q.measure2 + " (Python, Pearson)";
  }
  if (t == "pareto") {
    return zh ? "按" + m + "对" + e + "做帕累托 / ABC 分类（Python）"
              : "Pareto / ABC split of " + e + " by " + m + " (Python)";
  }
  if (t == "period_over_period") {
    return zh ? m + "的环比与同比（Python）" : m + ": month over month and year over year (Python)";
  }
  return zh ? m + "的增长趋势与增长率（Python）"
            : "Growth trend of " + m + " (Python, growth rates)";
}

}  // namespace

PlannedAnalysis PythonQuestionPlan(const PlanningInput& input, const PythonQuestion& question) {
  PlannedAnalysis out = SchemaOnlyPlan(input);
  plan::AnalysisPlan& p = out.plan;
  const bool zh = input.chinese;
  std::map<std::string, int> sql_steps;
  // The detector checked that the engine answers the data question in the template's shape.
  AddPythonTemplateStep(input, question.data_question,
                        zh ? question.data_question + "（Python 分析所用数据）"
                           : question.data_question + " (data for the Python analysis)",
                        PythonQuestionPurpose(question, zh), question.template_name, p, sql_steps,
                        RejectedSql(input.rejected_plans), out.notes);
  if (p.steps.size() == 1) {
    out.notes.push_back(zh ? "没能算出“" + question.data_question + "”。"
                           : "could not compute \"" + question.data_question + "\".");
  }
  return Finished(std::move(out));
}

StatusOr<PlannedAnalysis> PlanAnalysis(const PlanningInput& input) {
  if (!input.model) {
    PlannedAnalysis out = DeterministicAnalysisPlan(input);
    if (std::string note = UnreadCommentNote(input); !note.empty()) {
      out.notes.insert(out.notes.begin(), std::move(note));
    }
    return out;
  }
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
