#include "askdb/agent/pipeline/run_state.h"

#include <array>
#include <chrono>
#include <exception>
#include <utility>

#include "askdb/analysis/number_kind.h"

namespace askdb::agent::pipeline {
namespace {

constexpr std::array<std::pair<PipelineRoute, std::string_view>, 10> kRouteNames = {{
    {PipelineRoute::kNone, "none"},
    {PipelineRoute::kQuickPath, "quick_path"},
    {PipelineRoute::kConsultation, "consultation"},
    {PipelineRoute::kCache, "cache"},
    {PipelineRoute::kEngine, "engine"},
    {PipelineRoute::kLlm, "llm"},
    {PipelineRoute::kAnalysis, "analysis"},
    {PipelineRoute::kNotAnswered, "not_answered"},
    {PipelineRoute::kKnowledge, "knowledge"},
    {PipelineRoute::kSchema, "schema"},
}};

constexpr std::array<std::pair<SqlSource, std::string_view>, 5> kSourceNames = {{
    {SqlSource::kNone, "none"},
    {SqlSource::kCache, "cache"},
    {SqlSource::kEngine, "engine"},
    {SqlSource::kLlm, "llm"},
    {SqlSource::kFix, "fix"},
}};

constexpr double kMicrosPerMilli = 1000.0;

}  // namespace

std::string_view PipelineRouteName(PipelineRoute route) {
  for (const auto& [value, name] : kRouteNames) {
    if (value == route) return name;
  }
  return "none";
}

StatusOr<PipelineRoute> ParsePipelineRoute(std::string_view name) {
  for (const auto& [value, n] : kRouteNames) {
    if (n == name) return value;
  }
  return InvalidArgumentError("unknown pipeline route '" + std::string(name) +
                              "'; expected quick_path, consultation, cache, engine, llm, "
                              "analysis, not_answered, knowledge, schema or none");
}

std::string_view SqlSourceName(SqlSource source) {
  for (const auto& [value, name] : kSourceNames) {
    if (value == source) return name;
  }
  return "none";
}

StatusOr<SqlSource> ParseSqlSource(std::string_view name) {
  for (const auto& [value, n] : kSourceNames) {
    if (n == name) return value;
  }
  return InvalidArgumentError("unknown SQL source '" + std::string(name) +
                              "'; expected cache, engine, llm, fix or none");
}

namespace {

// The state is written and read in groups, in this order: the request and its route, the
// cache hit, the SQL and its answer, the model's usage, the plan and its steps, the
// conversation. Readers may throw (Json::at, get); RunStateFromJson catches.

void WriteRequest(const RunState& s, Json& j) {
  j["question"] = s.question;
  j["original_question"] = s.original_question;
  j["datasource"] = s.datasource;
  j["cache_partition"] = s.cache_partition;
  if (!s.database.empty()) j["database"] = s.database;
  j["language"] = s.language;
  j["request_type"] = s.request_type;
  j["confidence"] = s.confidence;
  j["route"] = PipelineRouteName(s.route);
}

Status ReadRequest(const Json& j, RunState& s) {
  s.question = j.at("question").get<std::string>();
  s.original_question = j.value("original_question", s.question);
  s.datasource = j.value("datasource", "");
  // Checkpoints written before the field existed kept the cache key in "datasource".
  s.cache_partition = j.value("cache_partition", s.datasource);
  s.database = j.value("database", "");
  s.language = j.value("language", "");
  s.request_type = j.value("request_type", "");
  s.confidence = j.value("confidence", 0.0);
  ASKDB_ASSIGN_OR_RETURN(s.route, ParsePipelineRoute(j.value("route", "none")));
  return Status::Ok();
}

void WriteCacheHit(const RunState& s, Json& j) {
  j["cache_hit"] = s.cache_hit;
  j["cache_level"] = s.cache_level;
  j["cache_stored_question"] = s.cache_stored_question;
  j["cache_l2_id"] = s.cache_l2_id;
}

void ReadCacheHit(const Json& j, RunState& s) {
  s.cache_hit = j.value("cache_hit", false);
  s.cache_level = j.value("cache_level", "");
  s.cache_stored_question = j.value("cache_stored_question", "");
  s.cache_l2_id = j.value("cache_l2_id", uint64_t{0});
}

void WriteSqlAndAnswer(const RunState& s, Json& j) {
  Json attempts = Json::array();
  for (const SqlAttempt& a : s.attempts) attempts.push_back({{"sql", a.sql}, {"error", a.error}});
  j["schema_text"] = s.schema_text;
  j["evidence"] = s.evidence;
  j["translation"] = s.translation;
  j["attempts"] = std::move(attempts);
  j["fixes"] = s.fixes;
  j["sql"] = s.sql;
  j["sql_source"] = SqlSourceName(s.sql_source);
  j["final_sql"] = s.final_sql;
  j["result"] = s.result ? s.result->ToJson() : Json(nullptr);
  j["chart"] = s.chart;
  j["answer"] = s.answer;
  j["error"] = s.error;
}

Status ReadSqlAndAnswer(const Json& j, RunState& s) {
  s.schema_text = j.value("schema_text", "");
  s.evidence = j.value("evidence", Json());
  s.translation = j.value("translation", Json());
  if (auto it = j.find("attempts"); it != j.end()) {
    for (const Json& a : *it) {
      s.attempts.push_back({a.at("sql").get<std::string>(), a.value("error", "")});
    }
  }
  s.fixes = j.value("fixes", 0);
  s.sql = j.value("sql", "");
  ASKDB_ASSIGN_OR_RETURN(s.sql_source, ParseSqlSource(j.value("sql_source", "none")));
  s.final_sql = j.value("final_sql", "");
  if (auto it = j.find("result"); it != j.end() && !it->is_null()) {
    ASKDB_ASSIGN_OR_RETURN(s.result, ResultSetFromJson(*it));
  }
  s.chart = j.value("chart", Json());
  s.answer = j.value("answer", "");
  s.error = j.value("error", "");
  return Status::Ok();
}

void WriteUsage(const RunState& s, Json& j) {
  j["llm_calls"] = s.llm_calls;
  j["prompt_tokens"] = s.prompt_tokens;
  j["completion_tokens"] = s.completion_tokens;
}

void ReadUsage(const Json& j, RunState& s) {
  s.llm_calls = j.value("llm_calls", 0);
  s.prompt_tokens = j.value("prompt_tokens", int64_t{0});
  s.completion_tokens = j.value("completion_tokens", int64_t{0});
}

void WritePlanAndSteps(const RunState& s, Json& j) {
  j["clarification_question"] = s.clarification_question;
  j["clarification_answers"] = s.clarification_answers;
  j["plan_review"] = s.plan_review;
  j["plan"] = s.plan;
  j["plan_title"] = s.plan_title;
  j["plan_notes"] = s.plan_notes;
  j["plan_warnings"] = s.plan_warnings;
  j["plan_feedback"] = s.plan_feedback;
  Json steps = Json::array();
  for (const StepOutcome& step : s.steps) steps.push_back(StepOutcomeToJson(step));
  j["steps"] = std::move(steps);
  j["query_history"] = s.query_history;
  j["deviation_score"] = s.deviation_score;
  j["deviation"] = s.deviation;
  j["report"] = s.report;
}

Status ReadPlanAndSteps(const Json& j, RunState& s) {
  s.clarification_question = j.value("clarification_question", "");
  s.clarification_answers = j.value("clarification_answers", std::vector<std::string>{});
  s.plan_review = j.value("plan_review", false);
  s.plan = j.value("plan", Json());
  s.plan_title = j.value("plan_title", "");
  s.plan_notes = j.value("plan_notes", std::vector<std::string>{});
  s.plan_warnings = j.value("plan_warnings", std::vector<std::string>{});
  s.plan_feedback = j.value("plan_feedback", std::vector<std::string>{});
  if (auto it = j.find("steps"); it != j.end()) {
    for (const Json& step : *it) {
      ASKDB_ASSIGN_OR_RETURN(StepOutcome outcome, StepOutcomeFromJson(step));
      s.steps.push_back(std::move(outcome));
    }
  }
  s.query_history = j.value("query_history", Json::array());
  s.deviation_score = j.value("deviation_score", 0.0);
  s.deviation = j.value("deviation", Json());
  s.report = j.value("report", Json());
  return Status::Ok();
}

void WriteConversation(const RunState& s, Json& j) {
  j["session"] = s.session;
  j["history"] = s.history;
  j["follow_up"] = s.follow_up;
  j["follow_up_question"] = s.follow_up_question;
  j["declined_follow_up"] = s.declined_follow_up;
  j["declined_follow_up_why"] = s.declined_follow_up_why;
  j["next"] = s.next;
}

void ReadConversation(const Json& j, RunState& s) {
  s.session = j.value("session", Json());
  s.history = j.value("history", std::vector<std::string>{});
  s.follow_up = j.value("follow_up", "");
  s.follow_up_question = j.value("follow_up_question", "");
  s.declined_follow_up = j.value("declined_follow_up", "");
  s.declined_follow_up_why = j.value("declined_follow_up_why", "");
  s.next = j.value("next", "");
}

}  // namespace

Json RunStateToJson(const RunState& s) {
  Json j = Json::object();
  WriteRequest(s, j);
  WriteCacheHit(s, j);
  WriteSqlAndAnswer(s, j);
  WriteUsage(s, j);
  WritePlanAndSteps(s, j);
  WriteConversation(s, j);
  return j;
}

Json StepOutcomeToJson(const StepOutcome& step, const std::vector<std::string>& money_columns) {
  Json j = {{"step_num", step.step_num},
            {"tool", step.tool},
            {"purpose", step.purpose},
            {"sql", step.sql},
            {"success", step.success},
            {"skipped", step.skipped},
            {"error", step.error},
            {"note", step.note},
            {"text", step.text},
            {"attempts", step.attempts},
            {"duration_ms", step.duration_ms}};
  j["result"] = step.result ? step.result->ToJson() : Json(nullptr);
  // How its numbers read (a ratio in percent...), from its SQL, names and the known money
  // columns: the web UI's step table.
  if (step.result) analysis::AddColumnKinds(j["result"], *step.result, step.sql, money_columns);
  if (!step.python.is_null()) {
    j["code"] = step.code;
    j["python"] = step.python;
  }
  return j;
}

StatusOr<StepOutcome> StepOutcomeFromJson(const Json& j) {
  StepOutcome step;
  try {
    step.step_num = j.at("step_num").get<int>();
    step.tool = j.at("tool").get<std::string>();
    step.purpose = j.value("purpose", "");
    step.sql = j.value("sql", "");
    step.success = j.value("success", false);
    step.skipped = j.value("skipped", false);
    step.error = j.value("error", "");
    step.note = j.value("note", "");
    step.text = j.value("text", "");
    step.attempts = j.value("attempts", 0);
    step.duration_ms = j.value("duration_ms", int64_t{0});
    step.code = j.value("code", "");
    if (auto it = j.find("python"); it != j.end()) step.python = *it;
    if (auto it = j.find("result"); it != j.end() && !it->is_null()) {
      ASKDB_ASSIGN_OR_RETURN(step.result, ResultSetFromJson(*it));
    }
  } catch (const std::exception& e) {
    return InvalidArgumentError(std::string("a stored analysis step is malformed: ") + e.what() +
                                "; delete the checkpoint and ask again");
  }
  return step;
}

StatusOr<RunState> RunStateFromJson(const Json& j) {
  if (!j.is_object()) {
    return InvalidArgumentError("pipeline state must be a JSON object; delete the checkpoint");
  }
  RunState s;
  try {
    ASKDB_RETURN_IF_ERROR(ReadRequest(j, s));
    ReadCacheHit(j, s);
    ASKDB_RETURN_IF_ERROR(ReadSqlAndAnswer(j, s));
    ReadUsage(j, s);
    ASKDB_RETURN_IF_ERROR(ReadPlanAndSteps(j, s));
    ReadConversation(j, s);
  } catch (const std::exception& e) {
    return InvalidArgumentError(std::string("pipeline state JSON is malformed: ") + e.what() +
                                "; delete the checkpoint and ask again");
  }
  return s;
}

StatusOr<db::ResultSet> ResultSetFromJson(const Json& json) {
  db::ResultSet out;
  try {
    for (const Json& c : json.at("columns")) {
      out.columns.push_back({c.at("name").get<std::string>(), c.value("type", "")});
    }
    for (const Json& r : json.at("rows")) {
      std::vector<db::Value> row;
      for (const Json& v : r) {
        if (v.is_null()) {
          row.push_back(db::Value::Null());
        } else if (v.is_boolean()) {
          row.push_back(db::Value::Bool(v.get<bool>()));
        } else if (v.is_number_integer()) {
          row.push_back(db::Value::Int(v.get<int64_t>()));
        } else if (v.is_number()) {
          row.push_back(db::Value::Double(v.get<double>()));
        } else if (v.is_string()) {
          row.push_back(db::Value::Text(v.get<std::string>()));
        } else {
          row.push_back(db::Value::Text(v.dump()));
        }
      }
      if (row.size() != out.columns.size()) {
        return InvalidArgumentError("a stored result row has " + std::to_string(row.size()) +
                                    " cells for " + std::to_string(out.columns.size()) +
                                    " columns; delete the checkpoint and ask again");
      }
      out.rows.push_back(std::move(row));
    }
    out.truncated = json.value("truncated", false);
    out.elapsed = std::chrono::microseconds(
        static_cast<int64_t>(json.value("elapsed_ms", 0.0) * kMicrosPerMilli));
  } catch (const std::exception& e) {
    return InvalidArgumentError(std::string("stored result JSON is malformed: ") + e.what() +
                                "; delete the checkpoint and ask again");
  }
  return out;
}

const std::string& FollowUpReadAs(const RunState& s) {
  static const std::string kNone;
  if (s.follow_up.empty()) return kNone;
  return s.follow_up_question.empty() ? s.question : s.follow_up_question;
}

}  // namespace askdb::agent::pipeline
