#include "askdb/agent/pipeline/analysis_steps.h"

#include <spdlog/spdlog.h>

#include <map>
#include <set>
#include <utility>

#include "askdb/agent/ask/datasource.h"
#include "askdb/agent/pipeline/python_step.h"
#include "askdb/agent/pipeline/sql_guard.h"
#include "askdb/agent/pipeline/step_error_text.h"
#include "askdb/agent/plan/plan_validator.h"
#include "askdb/agent/plan/step_executor.h"
#include "askdb/common/text.h"
#include "askdb/llm/prompts.h"

namespace askdb::agent::pipeline {
namespace {

constexpr int kMaxCellWidth = 60;  // a cell shown to the model is cut beyond this width

Status WebNotAvailableError(std::string_view tool) {
  return UnimplementedError(std::string(tool) +
                            " is not available in askdb yet: the step was not run; the "
                            "analysis uses the database only");
}

std::string CellText(const db::Value& v) {
  return text::TruncateToWidth(v.ToDisplayString(), kMaxCellWidth);
}

std::string ResultPreview(const db::ResultSet& rs) {
  std::string out;
  for (size_t c = 0; c < rs.columns.size(); ++c) {
    out += (c ? "\t" : "") + rs.columns[c].name;
  }
  out += "\n";
  const size_t shown = std::min(rs.rows.size(), kPromptRowsPerStep);
  for (size_t r = 0; r < shown; ++r) {
    for (size_t c = 0; c < rs.rows[r].size(); ++c) out += (c ? "\t" : "") + CellText(rs.rows[r][c]);
    out += "\n";
  }
  if (rs.rows.size() > shown) {
    out += "(" + std::to_string(rs.rows.size() - shown) + " more rows)\n";
  }
  return out;
}

// The executor's step results as the run's StepOutcomes (with the runner's SQL and rows).
using OutcomesFn = std::function<std::vector<StepOutcome>(const plan::AnalysisPlan&,
                                                          const std::vector<plan::StepResult>&)>;

// What the runner learnt about each execute_sql step: the statement it ran last and the
// rows it got.
struct SqlStepRecord {
  std::string sql;
  std::optional<db::ResultSet> result;
};

class AnalysisToolRunner final : public plan::ToolRunner {
 public:
  AnalysisToolRunner(const AnalysisRunInput& input, std::map<int, SqlStepRecord>& records,
                     std::map<int, PythonStepRecord>& python_records)
      : input_(input), records_(records), python_records_(python_records) {}

  StatusOr<plan::ToolOutput> Run(const plan::PlanStep& step,
                                 const std::vector<plan::StepResult>&) override {
    if (step.tool == plan::kToolGetDataSourceContext) {
      return plan::ToolOutput{input_.schema_text, Json(), std::nullopt};
    }
    if (step.tool == plan::kToolExecuteSql) return RunSql(step);
    if (step.tool == plan::kToolPythonExecutor) return RunPython(step);
    return WebNotAvailableError(step.tool);
  }

 private:
  StatusOr<plan::ToolOutput> RunPython(const plan::PlanStep& step) {
    std::vector<PythonStepData> data;
    for (int dep : step.depends_on) {
      auto rec = records_.find(dep);
      if (rec != records_.end() && rec->second.result) {
        data.push_back({"step_" + std::to_string(dep), &*rec->second.result});
      }
    }
    PythonStepInput in;
    in.executor = input_.python;
    in.max_tries = input_.python_max_tries;
    in.model = input_.model;
    in.schema_text = input_.schema_text;
    in.chinese = input_.chinese;
    in.cancel = input_.cancel.get();
    ASKDB_ASSIGN_OR_RETURN(std::string text,
                           RunPythonStep(in, step, data, python_records_[step.step_num]));
    return plan::ToolOutput{std::move(text), Json(), std::nullopt};
  }

  StatusOr<std::string> SqlFor(const plan::PlanStep& step) {
    if (LooksLikeSql(step.input)) return step.input;
    const std::string question = step.input.empty() ? step.purpose : step.input;
    PreparedDatasource& ds = *input_.datasource;
    const nlq::Translation t =
        nlq::Engine::Translate(question, *ds.index, ds.connector->dialect(), input_.translate);
    if (t.answered) return t.sql;
    if (!input_.model) {
      return InvalidArgumentError("the engine cannot write SQL for \"" + question +
                                  "\": " + t.abstain_reason);
    }
    ASKDB_ASSIGN_OR_RETURN(Json reply, input_.model(SqlGenerationCall(input_.schema_text, {},
                                                                      question, input_.chinese)));
    if (auto sql = reply.find("sql"); sql != reply.end() && sql->is_string()) {
      return sql->get<std::string>();
    }
    return InvalidArgumentError("the model wrote no SQL for \"" + question + "\": " + reply.dump());
  }

  StatusOr<plan::ToolOutput> RunSql(const plan::PlanStep& step) {
    ASKDB_ASSIGN_OR_RETURN(std::string sql, SqlFor(step));
    SqlStepRecord& record = records_[step.step_num];
    record.sql = sql;
    record.result.reset();
    ASKDB_RETURN_IF_ERROR(CheckSingleReadStatement(sql));
    db::Connector& connector = *input_.datasource->connector;
    db::QueryOptions query = input_.query;
    if (input_.cancel != nullptr) query.cancel = input_.cancel;
    // The engine's own binder checks every table and column before anything runs.
    const Status bound = connector.Check(sql, query);
    if (!bound.ok() && bound.code() != StatusCode::kUnimplemented) return bound;
    ASKDB_ASSIGN_OR_RETURN(db::ResultSet rs, connector.Execute(sql, query));
    plan::ToolOutput out;
    out.row_count = static_cast<int64_t>(rs.row_count());
    out.text = std::to_string(rs.row_count()) + " rows";
    record.result = std::move(rs);
    return out;
  }

  const AnalysisRunInput& input_;
  std::map<int, SqlStepRecord>& records_;
  std::map<int, PythonStepRecord>& python_records_;
};

// The default evaluation, plus the model's fix for a failed SQL step.
class SqlFixingEvaluator final : public plan::StepEvaluator {
 public:
  SqlFixingEvaluator(const AnalysisRunInput& input, const std::map<int, SqlStepRecord>& records)
      : input_(input), records_(records) {}

  plan::StepDecision Evaluate(const plan::PlanStep& step, const plan::StepResult& result,
                              const plan::EvaluationContext& context) override {
    plan::StepDecision decision = default_.Evaluate(step, result, context);
    // A Python step has run its own tries (python.max_tries); running it again repeats them.
    if (step.tool == plan::kToolPythonExecutor) decision.retry = false;
    const bool sql_error = !result.success && step.tool == plan::kToolExecuteSql &&
                           (result.error.code() == StatusCode::kSqlError ||
                            result.error.code() == StatusCode::kInvalidArgument);
    if (!sql_error) return decision;
    // The same statement cannot succeed on a second run: only a fix is worth a retry.
    decision.retry = false;
    if (decision.action == plan::StepAction::kProceed) decision.action = plan::StepAction::kSkip;
    if (!input_.model || context.attempt > context.max_retries) return decision;
    auto record = records_.find(step.step_num);
    if (record == records_.end() || record->second.sql.empty()) return decision;
    std::set<std::string>& tried = tried_[step.step_num];
    tried.insert(NormalizeSqlForComparison(record->second.sql));
    StatusOr<Json> reply =
        input_.model(SqlFixCall(input_.schema_text, step.purpose, record->second.sql,
                                result.error.message(), input_.chinese));
    if (!reply.ok() || !reply->contains("sql") || !(*reply)["sql"].is_string()) return decision;
    const std::string fixed = (*reply)["sql"].get<std::string>();
    if (tried.contains(NormalizeSqlForComparison(fixed))) {
      decision.reason = "the model's fix repeated a statement that already failed";
      return decision;
    }
    plan::PlanStep retry = step;
    retry.input = fixed;
    decision.action = plan::StepAction::kProceed;
    decision.retry = true;
    decision.retry_with = std::move(retry);
    decision.reason = "retrying with the model's fix";
    return decision;
  }

 private:
  const AnalysisRunInput& input_;
  const std::map<int, SqlStepRecord>& records_;
  plan::DefaultStepEvaluator default_;
  std::map<int, std::set<std::string>> tried_;
};

// The judge's reply: a mistyped field (confidence "0.8", sufficient "yes") gets a repair
// request; fields left null count as absent.
Json SufficiencyReplySchema() {
  const Json query = {
      {"type", "object"},
      {"properties", {{"purpose", NullableType("string")}, {"sql", {{"type", "string"}}}}},
      {"required", {"sql"}}};
  Json extra = NullableType("array");
  extra["items"] = query;
  Json missing = NullableType("array");
  missing["items"] = {{"type", "string"}};
  return {{"type", "object"},
          {"properties",
           {{"sufficient", {{"type", "boolean"}}},
            {"reason", NullableType("string")},
            {"confidence", NullableType("number")},
            {"missing_data", std::move(missing)},
            {"extra_queries", std::move(extra)}}},
          {"required", {"sufficient"}}};
}

// Seed 003's sufficiency check, asked of the model.
class ModelSufficiencyJudge final : public plan::SufficiencyJudge {
 public:
  ModelSufficiencyJudge(const AnalysisRunInput& input, const OutcomesFn& outcomes)
      : input_(input), outcomes_(outcomes) {}

  StatusOr<plan::SufficiencyAssessment> Assess(const plan::AnalysisPlan& plan,
                                               const std::vector<plan::StepResult>& results,
                                               int round) override {
    ModelCall call;
    call.user_template = llm::kSufficiencyTemplate;
    call.schema_text = input_.schema_text;
    call.question = input_.question;
    call.values = {{"results", StepsForPrompt(outcomes_(plan, results))},
                   {"max_queries", plan::StepExecutorOptions{}.max_queries_per_round}};
    call.reply_schema = SufficiencyReplySchema();
    ASKDB_ASSIGN_OR_RETURN(Json reply, input_.model(call));
    plan::SufficiencyAssessment a;
    a.sufficient = reply.value("sufficient", true);
    a.reason = ReplyString(reply, "reason");
    a.confidence = ReplyNumber(reply, "confidence", 0.0);
    a.missing_data = ReplyStrings(reply, "missing_data");
    // What already ran (each step's first and last statement) and what this reply proposed
    // before: a query asked for again would only return the same rows.
    std::set<std::string> seen;
    for (const plan::PlanStep& step : plan.steps) {
      if (step.tool == plan::kToolExecuteSql) seen.insert(NormalizeSqlForComparison(step.input));
    }
    for (const StepOutcome& o : outcomes_(plan, results)) {
      if (!o.sql.empty()) seen.insert(NormalizeSqlForComparison(o.sql));
    }
    if (auto extra = reply.find("extra_queries"); extra != reply.end() && extra->is_array()) {
      for (const Json& q : *extra) {
        const std::string sql = ReplyString(q, "sql");
        if (sql.empty()) continue;
        if (!seen.insert(NormalizeSqlForComparison(sql)).second) {
          spdlog::info(
              "analysis: sufficiency round {}: dropped an extra query that already ran: {}",
              round + 1, sql);
          ++a.duplicates_dropped;
          continue;
        }
        plan::PlanStep step;
        step.tool = std::string(plan::kToolExecuteSql);
        step.purpose = ReplyString(q, "purpose");
        step.input = sql;
        step.query_type = std::string(plan::InferQueryType(step.input));
        a.extra_queries.push_back(std::move(step));
      }
    }
    return a;
  }

 private:
  const AnalysisRunInput& input_;
  const OutcomesFn& outcomes_;
};

Json QueryRoundToJson(const plan::QueryRound& r) {
  return {
      {"round", r.round},         {"missing_data", r.missing_data},         {"reason", r.reason},
      {"step_nums", r.step_nums}, {"queries_executed", r.queries_executed}, {"success", r.success}};
}

// A Python step's record as its outcome shows it: the code, its tries, and what the
// sandbox, the template and the findings said.
void AddPythonRecord(const PythonStepRecord& p, StepOutcome& o) {
  o.code = p.code;
  o.attempts = std::max(o.attempts, p.tries);
  o.python = {{"output", p.output},           {"printed", p.printed},
              {"template", p.template_name},  {"tries", p.tries},
              {"fallback", p.fallback},       {"errors", p.errors},
              {"sandbox_ms", p.sandbox_ms},   {"findings", p.findings},
              {"findings_by", p.findings_by}, {"analysis_note", p.analysis_note}};
  if (p.fallback) o.note = o.text;
}

// One executor step result as the run's StepOutcome, with the runner's SQL and rows (rows
// only of a step that succeeded) and its Python record.
StepOutcome OutcomeOf(const plan::AnalysisPlan& executed, const plan::StepResult& r,
                      const std::map<int, SqlStepRecord>& records,
                      const std::map<int, PythonStepRecord>& python_records, bool chinese) {
  StepOutcome o;
  o.step_num = r.step_num;
  o.tool = r.tool;
  if (const plan::PlanStep* step = executed.FindStep(r.step_num)) o.purpose = step->purpose;
  o.success = r.success;
  o.skipped = r.skipped;
  if (!r.success && !r.error.ok()) o.error = StepErrorInLanguage(r.error.message(), chinese);
  o.note = r.note;
  o.text = r.output.text;
  o.attempts = r.attempts;
  o.duration_ms = r.duration.count();
  if (auto rec = records.find(r.step_num); rec != records.end()) {
    o.sql = rec->second.sql;
    if (r.success) o.result = rec->second.result;
  }
  if (auto py = python_records.find(r.step_num); py != python_records.end()) {
    AddPythonRecord(py->second, o);
  }
  return o;
}

// Each finished step for the caller as it happens (input.on_step), none without one.
plan::ProgressCallback StepProgress(const AnalysisRunInput& input, const plan::AnalysisPlan& plan,
                                    const OutcomesFn& outcomes) {
  if (!input.on_step) return {};
  return [&input, &plan, &outcomes](const plan::StepProgress& p) {
    if (p.result == nullptr) return;
    // The executed plan grows with sufficiency rounds: an inserted step's purpose is
    // not in `plan`, so its progress event has none (the final outcomes have it).
    std::vector<StepOutcome> one = outcomes(plan, {*p.result});
    input.on_step(one.front(), p.completed, p.total);
  };
}

// How far the run strayed from its plan, as the run's JSON keeps it.
Json DeviationJson(const plan::ExecutionMetrics& metrics,
                   const std::vector<std::string>& deviation_warnings) {
  return {{"planned_calls", metrics.planned_calls},
          {"actual_calls", metrics.actual_calls},
          {"planned_steps", metrics.planned_steps},
          {"actual_steps", metrics.actual_steps},
          {"order_changes", metrics.order_changes},
          {"planned_additions", metrics.planned_additions},
          {"deviation_score", metrics.deviation_score},
          {"warnings", deviation_warnings}};
}

// The caveats of the executed plan's steps that did not succeed (failed, skipped, never
// reached), less those a step that did succeed carries too.
std::vector<std::string> VoidCaveats(const plan::ExecutionReport& report) {
  std::set<int> succeeded;
  for (const plan::StepResult& r : report.results) {
    if (r.success) succeeded.insert(r.step_num);
  }
  std::set<std::string> held, lost;
  for (const plan::PlanStep& step : report.plan.steps) {
    if (!step.caveat.empty()) (succeeded.contains(step.step_num) ? held : lost).insert(step.caveat);
  }
  std::vector<std::string> out;
  for (const std::string& c : lost) {
    if (!held.contains(c)) out.push_back(c);
  }
  return out;
}

// The run as the pipeline keeps it: the steps' outcomes, the sufficiency rounds, the
// executor's warnings and then the validator's deviation warnings.
AnalysisRun FinishedRun(const plan::ExecutionReport& report, plan::ExecutionValidator& validator,
                        const OutcomesFn& outcomes) {
  AnalysisRun run;
  run.steps = outcomes(report.plan, report.results);
  for (const plan::QueryRound& r : report.query_history) {
    run.query_history.push_back(QueryRoundToJson(r));
  }
  const plan::ExecutionMetrics metrics = validator.GetMetrics();
  run.deviation_score = metrics.deviation_score;
  run.warnings = report.warnings;
  const std::vector<std::string> deviation_warnings = validator.LogDeviations();
  for (const std::string& w : deviation_warnings) run.warnings.push_back(w);
  run.deviation = DeviationJson(metrics, deviation_warnings);
  run.void_caveats = VoidCaveats(report);
  return run;
}

}  // namespace

bool LooksLikeSql(std::string_view input) {
  const size_t start = input.find_first_not_of(" \t\r\n(");
  if (start == std::string_view::npos) return false;
  const std::string head = text::AsciiLower(input.substr(start, 7));
  return head.starts_with("select") || head.starts_with("with ") || head.starts_with("with\n");
}

std::string StepsForPrompt(const std::vector<StepOutcome>& steps) {
  std::string out;
  for (const StepOutcome& s : steps) {
    out += "### Step " + std::to_string(s.step_num) + " (" + s.tool + "): " + s.purpose + "\n";
    if (!s.sql.empty()) out += "SQL: " + s.sql + "\n";
    if (s.success && s.result) {
      out += "Result (" + std::to_string(s.result->row_count()) + " rows):\n" +
             ResultPreview(*s.result);
    } else if (s.success) {
      // A Python step's text is its findings (or the fallback note); others' is not data.
      out += s.tool == plan::kToolPythonExecutor && !s.text.empty() ? s.text + "\n" : "Done.\n";
    } else {
      out += (s.skipped ? "Skipped: " : "Failed: ") + (s.error.empty() ? s.note : s.error) + "\n";
    }
    out += "\n";
  }
  return out;
}

StatusOr<AnalysisRun> RunAnalysis(const AnalysisRunInput& input, const plan::AnalysisPlan& plan) {
  if (input.datasource == nullptr) {
    return InvalidArgumentError("RunAnalysis needs a prepared datasource");
  }
  std::map<int, SqlStepRecord> records;
  std::map<int, PythonStepRecord> python_records;
  // A std::function (not a bare lambda): the judge keeps a reference to it.
  const OutcomesFn outcomes = [&records, &python_records, chinese = input.chinese](
                                  const plan::AnalysisPlan& executed,
                                  const std::vector<plan::StepResult>& results) {
    std::vector<StepOutcome> out;
    for (const plan::StepResult& r : results) {
      out.push_back(OutcomeOf(executed, r, records, python_records, chinese));
    }
    return out;
  };

  AnalysisToolRunner runner(input, records, python_records);
  SqlFixingEvaluator evaluator(input, records);
  ModelSufficiencyJudge judge(input, outcomes);
  // Deviation warnings go to the log (spdlog) as well as into the run, in the run's language.
  plan::ValidatorOptions validator_options;
  validator_options.chinese = input.chinese;
  plan::ExecutionValidator validator(validator_options, nullptr);
  plan::StepExecutorOptions options;
  options.max_sufficiency_rounds = input.max_sufficiency_rounds;
  plan::StepExecutor executor({.runner = &runner,
                               .evaluator = &evaluator,
                               .judge = input.model ? &judge : nullptr,
                               .validator = &validator,
                               .history = input.history,
                               .cancel = input.cancel.get(),
                               .clock = nullptr},
                              options);
  ASKDB_ASSIGN_OR_RETURN(plan::ExecutionReport report,
                         executor.Execute(plan, StepProgress(input, plan, outcomes)));
  return FinishedRun(report, validator, outcomes);
}

}  // namespace askdb::agent::pipeline
