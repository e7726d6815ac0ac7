// AgentProfile: what an agent is configured to be (seed 004's agent: name, instructions,
// datasource binding, selected tables, language, plan review, question-SQL examples). The
// pipeline applies it to every run:
//   - instructions go into the system prompt of the SQL calls;
//   - examples (question → SQL pairs) go into the prompts as business knowledge, most
//     relevant to the question first, within the token budget;
//   - selected_tables limits the schema the model sees (recall) to those tables;
//   - language "zh" / "en" fixes the answer language ("auto": the question's);
//   - plan_review, when set, overrides the pipeline's option;
//   - fast_mode answers every data request as one question (no multi-step planning).
// JSON file: {"name", "instructions", "selected_tables": [...], "language", "plan_review",
// "fast_mode", "examples": [{"question", "sql"}]}; every field optional.
// Plain value; thread-safe to share read-only.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "askdb/common/json.h"
#include "askdb/common/status.h"

namespace askdb::agent::pipeline {

struct QuestionSqlExample {
  std::string question;
  std::string sql;
  bool operator==(const QuestionSqlExample&) const = default;
};

struct AgentProfile {
  std::string name = "default";
  std::string instructions;
  std::vector<std::string> selected_tables;  // empty: all tables
  std::string language = "auto";             // "auto", "zh", "en"
  std::optional<bool> plan_review;
  bool fast_mode = false;
  std::vector<QuestionSqlExample> examples;

  bool operator==(const AgentProfile&) const = default;
};

// InvalidArgument naming the field ("examples[2].sql: expected a string").
StatusOr<AgentProfile> AgentProfileFromJson(const Json& json);
Json AgentProfileToJson(const AgentProfile& profile);
// Reads and parses a profile file; NotFound / InvalidArgument name the path.
StatusOr<AgentProfile> LoadAgentProfile(const std::filesystem::path& path);

}  // namespace askdb::agent::pipeline
