// ModelCall: one JSON-replying call to the language model, as the pipeline's nodes and the
// multi-step analysis describe it. The pipeline turns it into a prompt (templates from the
// PromptLibrary, context fitted to the token budget), calls the model with ChatJson, counts
// the call and its tokens in the run's state and emits a usage event. Parts that only need
// "ask the model this" (planner, SQL fixer, sufficiency judge, report writer) receive a
// ModelFn and stay independent of the graph and the run state.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/json.h"
#include "askdb/common/status.h"

namespace askdb::agent::pipeline {

struct ModelCall {
  std::string user_template;         // llm::k…Template
  std::string system_template;       // "" when the user template carries its own instructions
  std::string schema_text;           // recalled schema; "" hides the section
  std::vector<std::string> history;  // earlier turns, oldest first
  std::string question;
  Json values = Json::object();   // extra template values (dialect is always added)
  std::string reply_instruction;  // appended to the user message
  Json reply_schema;              // JSON schema the reply must satisfy
  // Reads a reply that is not JSON but a natural shape a model writes when it ignores the
  // JSON instruction — a bare ```sql block for SQL ({"sql": ...}), a ```python block for code
  // ({"code": ...}); empty: only JSON is accepted (llm::JsonCallOptions::natural_reply).
  std::function<std::optional<Json>(std::string_view)> natural_reply;
};

// Returns the reply's JSON value. An empty ModelFn means no model is configured.
using ModelFn = std::function<StatusOr<Json>(const ModelCall& call)>;

// One output contract per request: every call asks for JSON (the reply_instruction, the
// schema in a system message and, where the server has it, response_format); the templates
// themselves name no reply format. A reply that fits no schema gets one repair request, then
// the node fails with an LlmError — never an exception.
//
// The SQL calls need to tell SQL, a question back and a refusal apart, hence JSON; they also
// accept a fenced SQL block, the shape models fall back to.
//
// Writing SQL for `question`: the reply is {"sql"}, {"needs_clarification"} or
// {"not_answerable"}.
ModelCall SqlGenerationCall(std::string schema_text, std::vector<std::string> history,
                            std::string question, bool chinese);
// Fixing `sql`, which failed with `error`: the reply is {"sql"}.
ModelCall SqlFixCall(std::string schema_text, std::string question, std::string sql,
                     std::string error, bool chinese);

// The body (trimmed) of the first closed ``` block whose tag (lower case, trimmed; "" for a
// bare fence) and body `accept` takes; nullopt when none. An unclosed block is never taken:
// a reply cut short must not pass for a whole one.
std::optional<std::string_view> FencedBlock(
    std::string_view text,
    const std::function<bool(std::string_view tag, std::string_view body)>& accept);

// {"sql": ...} from a reply that is SQL rather than JSON: the first ```sql (or bare ```)
// block holding a SELECT / WITH statement, or a whole reply that is one. nullopt otherwise.
std::optional<Json> SqlReplyFromText(std::string_view text);

// A JSON schema type that also allows null: models send null for fields they leave empty.
Json NullableType(const std::string& type);

// Fields of a reply that passed its schema. Missing, null or (defensively) mistyped values
// give `fallback`; these never throw.
std::string ReplyString(const Json& reply, std::string_view key, std::string fallback = "");
double ReplyNumber(const Json& reply, std::string_view key, double fallback);
std::vector<std::string> ReplyStrings(const Json& reply, std::string_view key);

}  // namespace askdb::agent::pipeline
