// ModelCall: one JSON-replying call to the language model, as the pipeline's nodes and the
// multi-step analysis describe it. The pipeline turns it into a prompt (templates from the
// PromptLibrary, context fitted to the token budget), calls the model with ChatJson, counts
// the call and its tokens in the run's state and emits a usage event. Parts that only need
// "ask the model this" (planner, SQL fixer, sufficiency judge, report writer) receive a
// ModelFn and stay independent of the graph and the run state.
#pragma once

#include <functional>
#include <string>
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
};

// Returns the reply's JSON value. An empty ModelFn means no model is configured.
using ModelFn = std::function<StatusOr<Json>(const ModelCall& call)>;

// The SQL templates ask for a ```sql block; the agent needs to tell SQL, a question back and
// a refusal apart, so these calls ask for JSON instead.
//
// Writing SQL for `question`: the reply is {"sql"}, {"needs_clarification"} or
// {"not_answerable"}.
ModelCall SqlGenerationCall(std::string schema_text, std::vector<std::string> history,
                            std::string question, bool chinese);
// Fixing `sql`, which failed with `error`: the reply is {"sql"}.
ModelCall SqlFixCall(std::string schema_text, std::string question, std::string sql,
                     std::string error, bool chinese);

}  // namespace askdb::agent::pipeline
