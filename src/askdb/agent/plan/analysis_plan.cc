#include "askdb/agent/plan/analysis_plan.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <utility>

#include "askdb/catalog/schema_level.h"

namespace askdb::agent::plan {
namespace {

struct ToolAlias {
  std::string_view alias;
  std::string_view tool;
};

// Names models and older prompts use for the same tools (Requirement 6.1 lists
// get_schema and sql_executor as the generic names to replace).
constexpr std::array<ToolAlias, 16> kToolAliases = {{
    {"get_schema", kToolGetDataSourceContext},
    {"schema", kToolGetDataSourceContext},
    {"get_data_source_schema", kToolGetDataSourceContext},
    {"datasource_context", kToolGetDataSourceContext},
    {"data_source_context", kToolGetDataSourceContext},
    {"sql_executor", kToolExecuteSql},
    {"sql", kToolExecuteSql},
    {"run_sql", kToolExecuteSql},
    {"query_database", kToolExecuteSql},
    {"python", kToolPythonExecutor},
    {"python_execute", kToolPythonExecutor},
    {"code_interpreter", kToolPythonExecutor},
    {"search", kToolWebSearch},
    {"websearch", kToolWebSearch},
    {"fetch", kToolWebFetch},
    {"webfetch", kToolWebFetch},
}};

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string TypeName(const Json& j) { return std::string(j.type_name()); }

Status FieldError(const std::string& path, std::string_view what, const Json& got) {
  return InvalidArgumentError(path + ": expected " + std::string(what) + ", got " + TypeName(got) +
                              "; fix the plan JSON so the field has that type");
}

StatusOr<int64_t> ReadInt(const Json& j, const std::string& path) {
  if (j.is_number_integer() || j.is_number_unsigned()) {
    if (j.is_number_unsigned() &&
        j.get<uint64_t>() > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
      return InvalidArgumentError(path + ": integer out of range; use a smaller value");
    }
    return j.get<int64_t>();
  }
  // Models sometimes write 2.0; accept a float only when it is integral.
  if (j.is_number_float()) {
    double d = j.get<double>();
    if (std::isfinite(d) && std::floor(d) == d && std::fabs(d) < 9e15) {
      return static_cast<int64_t>(d);
    }
  }
  return FieldError(path, "an integer", j);
}

StatusOr<int> ReadStepNumber(const Json& j, const std::string& path) {
  ASKDB_ASSIGN_OR_RETURN(int64_t v, ReadInt(j, path));
  if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max()) {
    return InvalidArgumentError(path + ": step number out of range; number steps 1, 2, 3, ...");
  }
  return static_cast<int>(v);
}

StatusOr<std::string> ReadString(const Json& j, const std::string& path) {
  if (!j.is_string()) return FieldError(path, "a string", j);
  return j.get<std::string>();
}

StatusOr<bool> ReadBool(const Json& j, const std::string& path) {
  if (!j.is_boolean()) return FieldError(path, "true or false", j);
  return j.get<bool>();
}

StatusOr<std::vector<int>> ReadIntList(const Json& j, const std::string& path) {
  std::vector<int> out;
  if (j.is_null()) return out;
  if (!j.is_array()) return FieldError(path, "an array of step numbers", j);
  for (size_t i = 0; i < j.size(); ++i) {
    ASKDB_ASSIGN_OR_RETURN(int v, ReadStepNumber(j[i], path + "[" + std::to_string(i) + "]"));
    out.push_back(v);
  }
  return out;
}

// Optional string field: absent or null gives "".
StatusOr<std::string> OptString(const Json& obj, const char* key, const std::string& path) {
  auto it = obj.find(key);
  if (it == obj.end() || it->is_null()) return std::string();
  return ReadString(*it, path + "." + key);
}

StatusOr<PlanStep> StepFromJson(const Json& j, size_t index) {
  const std::string path = "steps[" + std::to_string(index) + "]";
  if (!j.is_object()) return FieldError(path, "an object", j);
  PlanStep step;
  if (auto it = j.find("step_num"); it != j.end() && !it->is_null()) {
    ASKDB_ASSIGN_OR_RETURN(step.step_num, ReadStepNumber(*it, path + ".step_num"));
  } else {
    step.step_num = static_cast<int>(index) + 1;
  }
  auto tool = j.find("tool");
  if (tool == j.end() || tool->is_null()) {
    return InvalidArgumentError(path + ".tool: missing; every step must name its tool (one of " +
                                "get_data_source_context, execute_sql, python_executor, " +
                                "web_search, web_fetch)");
  }
  ASKDB_ASSIGN_OR_RETURN(step.tool, ReadString(*tool, path + ".tool"));
  ASKDB_ASSIGN_OR_RETURN(step.purpose, OptString(j, "purpose", path));
  ASKDB_ASSIGN_OR_RETURN(step.schema_level, OptString(j, "schema_level", path));
  ASKDB_ASSIGN_OR_RETURN(step.query_type, OptString(j, "query_type", path));
  ASKDB_ASSIGN_OR_RETURN(step.caveat, OptString(j, "caveat", path));
  if (auto it = j.find("input"); it != j.end() && !it->is_null()) {
    // A model may give structured input (e.g. {"table_names": [...]}); keep it as JSON text.
    step.input = it->is_string() ? it->get<std::string>() : it->dump();
  }
  if (auto it = j.find("depends_on"); it != j.end()) {
    ASKDB_ASSIGN_OR_RETURN(step.depends_on, ReadIntList(*it, path + ".depends_on"));
  }
  if (auto it = j.find("estimated_duration_ms"); it != j.end() && !it->is_null()) {
    ASKDB_ASSIGN_OR_RETURN(step.estimated_duration_ms,
                           ReadInt(*it, path + ".estimated_duration_ms"));
  }
  if (auto it = j.find("is_checkpoint"); it != j.end() && !it->is_null()) {
    ASKDB_ASSIGN_OR_RETURN(step.is_checkpoint, ReadBool(*it, path + ".is_checkpoint"));
  }
  return step;
}

}  // namespace

bool IsPlanTool(std::string_view tool) {
  return std::find(kPlanTools.begin(), kPlanTools.end(), tool) != kPlanTools.end();
}

std::optional<std::string_view> CanonicalToolName(std::string_view tool) {
  const std::string lower = Lower(tool);
  for (std::string_view t : kPlanTools) {
    if (lower == t) return t;
  }
  for (const ToolAlias& a : kToolAliases) {
    if (lower == a.alias) return a.tool;
  }
  return std::nullopt;
}

bool IsSchemaLevel(std::string_view level) {
  return level == kSchemaLevelBasic || level == kSchemaLevelDetailed;
}

std::string_view SchemaLevelFor(RequestType type) {
  // One mapping for the whole project: the schema manager's (seed Requirement 2).
  return catalog::SchemaLevelName(catalog::GetSchemaLevel(RequestTypeName(type)));
}

const PlanStep* AnalysisPlan::FindStep(int step_num) const {
  for (const PlanStep& s : steps) {
    if (s.step_num == step_num) return &s;
  }
  return nullptr;
}

bool AnalysisPlan::HasTool(std::string_view tool) const {
  return std::any_of(steps.begin(), steps.end(), [&](const PlanStep& s) { return s.tool == tool; });
}

Json PlanStepToJson(const PlanStep& step) {
  Json j = Json::object();
  j["step_num"] = step.step_num;
  j["tool"] = step.tool;
  j["purpose"] = step.purpose;
  j["input"] = step.input;
  j["depends_on"] = step.depends_on;
  j["estimated_duration_ms"] = step.estimated_duration_ms;
  if (!step.schema_level.empty()) j["schema_level"] = step.schema_level;
  if (!step.query_type.empty()) j["query_type"] = step.query_type;
  if (step.is_checkpoint) j["is_checkpoint"] = true;
  if (!step.caveat.empty()) j["caveat"] = step.caveat;
  return j;
}

Json AnalysisPlanToJson(const AnalysisPlan& plan) {
  Json j = Json::object();
  j["request_type"] = std::string(RequestTypeName(plan.request_type));
  j["schema_level"] = plan.schema_level;
  j["is_multi_step"] = plan.is_multi_step;
  j["checkpoints"] = plan.checkpoints;
  j["estimated_calls"] = plan.steps.size();
  j["needs_schema"] = plan.HasTool(kToolGetDataSourceContext);
  j["needs_sql"] = plan.HasTool(kToolExecuteSql);
  j["needs_python"] = plan.HasTool(kToolPythonExecutor);
  j["needs_web_search"] = plan.HasTool(kToolWebSearch) || plan.HasTool(kToolWebFetch);
  Json steps = Json::array();
  for (const PlanStep& s : plan.steps) steps.push_back(PlanStepToJson(s));
  j["steps"] = std::move(steps);
  return j;
}

StatusOr<AnalysisPlan> AnalysisPlanFromJson(const Json& json, RequestType request_type) {
  if (!json.is_object()) return FieldError("plan", "a JSON object", json);
  AnalysisPlan plan;
  plan.request_type = request_type;
  if (auto it = json.find("request_type"); it != json.end() && !it->is_null()) {
    ASKDB_ASSIGN_OR_RETURN(std::string name, ReadString(*it, "request_type"));
    std::optional<RequestType> type = ParseRequestType(name);
    if (!type) {
      return InvalidArgumentError("request_type: unknown value \"" + name +
                                  "\"; use one of trivial, simple, data_query, visualization, "
                                  "calculation, web_search, consultation, multi_step_analysis");
    }
    plan.request_type = *type;
  }
  ASKDB_ASSIGN_OR_RETURN(plan.schema_level, OptString(json, "schema_level", "plan"));
  if (auto it = json.find("is_multi_step"); it != json.end() && !it->is_null()) {
    ASKDB_ASSIGN_OR_RETURN(plan.is_multi_step, ReadBool(*it, "is_multi_step"));
  }
  if (auto it = json.find("checkpoints"); it != json.end()) {
    ASKDB_ASSIGN_OR_RETURN(plan.checkpoints, ReadIntList(*it, "checkpoints"));
  }
  auto steps = json.find("steps");
  if (steps == json.end() || steps->is_null()) {
    return InvalidArgumentError("steps: missing; a plan lists its steps as \"steps\": [...]");
  }
  if (!steps->is_array()) return FieldError("steps", "an array of step objects", *steps);
  for (size_t i = 0; i < steps->size(); ++i) {
    ASKDB_ASSIGN_OR_RETURN(PlanStep step, StepFromJson((*steps)[i], i));
    plan.steps.push_back(std::move(step));
  }
  return plan;
}

StatusOr<AnalysisPlan> ParseAnalysisPlanReply(std::string_view reply, RequestType request_type) {
  const size_t open = reply.find('{');
  const size_t close = reply.rfind('}');
  if (open == std::string_view::npos || close == std::string_view::npos || close < open) {
    return InvalidArgumentError(
        "plan reply: no JSON object found; the model must answer with one {...} plan object");
  }
  auto json = ParseJson(reply.substr(open, close - open + 1));
  if (!json.ok()) return json.status().WithContext("plan reply");
  return AnalysisPlanFromJson(*json, request_type);
}

}  // namespace askdb::agent::plan
