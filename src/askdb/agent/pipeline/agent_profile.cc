#include "askdb/agent/pipeline/agent_profile.h"

#include "askdb/common/file_util.h"

namespace askdb::agent::pipeline {
namespace {

Status FieldError(const std::string& field, const std::string& expected) {
  return InvalidArgumentError("agent profile: " + field + ": expected " + expected);
}

StatusOr<std::string> OptionalString(const Json& j, const char* key, std::string fallback) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return fallback;
  if (!it->is_string()) return FieldError(key, "a string");
  return it->get<std::string>();
}

}  // namespace

StatusOr<AgentProfile> AgentProfileFromJson(const Json& j) {
  if (!j.is_object()) return FieldError("(top level)", "a JSON object");
  AgentProfile p;
  ASKDB_ASSIGN_OR_RETURN(p.name, OptionalString(j, "name", p.name));
  ASKDB_ASSIGN_OR_RETURN(p.instructions, OptionalString(j, "instructions", ""));
  ASKDB_ASSIGN_OR_RETURN(p.language, OptionalString(j, "language", p.language));
  if (p.language != "auto" && p.language != "zh" && p.language != "en") {
    return FieldError("language", "\"auto\", \"zh\" or \"en\", got \"" + p.language + "\"");
  }
  if (auto it = j.find("selected_tables"); it != j.end() && !it->is_null()) {
    if (!it->is_array()) return FieldError("selected_tables", "an array of table names");
    for (size_t i = 0; i < it->size(); ++i) {
      if (!(*it)[i].is_string()) {
        return FieldError("selected_tables[" + std::to_string(i) + "]", "a string");
      }
      p.selected_tables.push_back((*it)[i].get<std::string>());
    }
  }
  for (const char* key : {"plan_review", "fast_mode"}) {
    auto it = j.find(key);
    if (it == j.end() || it->is_null()) continue;
    if (!it->is_boolean()) return FieldError(key, "true or false");
    if (std::string(key) == "plan_review") {
      p.plan_review = it->get<bool>();
    } else {
      p.fast_mode = it->get<bool>();
    }
  }
  if (auto it = j.find("examples"); it != j.end() && !it->is_null()) {
    if (!it->is_array()) return FieldError("examples", "an array of {\"question\", \"sql\"}");
    for (size_t i = 0; i < it->size(); ++i) {
      const Json& e = (*it)[i];
      const std::string at = "examples[" + std::to_string(i) + "]";
      if (!e.is_object()) return FieldError(at, "an object with question and sql");
      for (const char* key : {"question", "sql"}) {
        if (!e.contains(key) || !e[key].is_string() || e[key].get<std::string>().empty()) {
          return FieldError(at + "." + key, "a non-empty string");
        }
      }
      p.examples.push_back({e["question"].get<std::string>(), e["sql"].get<std::string>()});
    }
  }
  return p;
}

Json AgentProfileToJson(const AgentProfile& p) {
  Json examples = Json::array();
  for (const QuestionSqlExample& e : p.examples) {
    examples.push_back({{"question", e.question}, {"sql", e.sql}});
  }
  Json j = {{"name", p.name},
            {"instructions", p.instructions},
            {"selected_tables", p.selected_tables},
            {"language", p.language},
            {"fast_mode", p.fast_mode},
            {"examples", std::move(examples)}};
  j["plan_review"] = p.plan_review ? Json(*p.plan_review) : Json(nullptr);
  return j;
}

StatusOr<AgentProfile> LoadAgentProfile(const std::filesystem::path& path) {
  ASKDB_ASSIGN_OR_RETURN(std::string text, ReadFile(path));
  StatusOr<Json> json = ParseJson(text);
  if (!json.ok()) return json.status().WithContext("reading the agent profile " + path.string());
  StatusOr<AgentProfile> profile = AgentProfileFromJson(*json);
  if (!profile.ok()) return profile.status().WithContext(path.string());
  return profile;
}

}  // namespace askdb::agent::pipeline
