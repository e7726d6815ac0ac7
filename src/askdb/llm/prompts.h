// Prompt templates: mustache files with English (en) and Chinese (zh) variants. A default
// set is compiled into the binary (src/askdb/llm/prompts/<lang>/<name>.mustache); a file
// <override_dir>/<lang>/<name>.mustache replaces the built-in one, so users tune prompts
// without rebuilding. Values are inserted verbatim (no HTML escaping).
//
// FitContext is the one place that cuts schema, knowledge and history context down to a
// token budget: schema first (it is what makes SQL right), then knowledge, then history,
// newest turns first; whole items are kept or dropped, never cut mid-line.
//
// BuildPrompt is the one call that turns a template plus context into chat messages: it
// measures the template with no context, gives FitContext what is left of the token budget,
// renders the system and user messages, and reports what was cut.
//
// PromptLibrary is immutable after Load and thread-safe; the free functions are pure.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "askdb/common/json.h"
#include "askdb/llm/llm_client.h"

namespace askdb::llm {

enum class PromptLanguage { kEnglish, kChinese };
StatusOr<PromptLanguage> ParsePromptLanguage(std::string_view code);  // "en" / "zh"

class PromptLibrary {
 public:
  // Built-in templates, overridden by files under `override_dir` when given.
  static StatusOr<PromptLibrary> Load(const std::optional<std::filesystem::path>& override_dir);
  // The same, shared: without an override directory one library per process (a server's
  // runs each need it); with one, loaded afresh so edited files take effect.
  static StatusOr<std::shared_ptr<const PromptLibrary>> LoadShared(
      const std::optional<std::filesystem::path>& override_dir);

  // Renders template `name` with `values` (a JSON object; nested objects and arrays become
  // mustache sections). NotFound names the template and the override path to create.
  StatusOr<std::string> Render(std::string_view name, PromptLanguage lang,
                               const Json& values) const;

  std::vector<std::string> Names() const;

 private:
  std::map<std::string, std::string> templates_;  // "en/name" → text
};

struct PromptContext {
  std::vector<std::string> schema_items;     // one table each, most relevant first
  std::vector<std::string> knowledge_items;  // most relevant first
  std::vector<Message> history;              // oldest first
  // Used by BuildPrompt only (FitContext ignores them): never cut, always rendered.
  std::string question;
  Json values = Json::object();  // extra template values: dialect, sql, error, result, ...
};

struct FittedContext {
  std::string schema;
  std::string knowledge;
  std::string history;
  int64_t tokens = 0;
  int dropped_items = 0;  // items left out to fit the budget (the sum of the three below)
  int dropped_schema = 0;
  int dropped_knowledge = 0;
  int dropped_history = 0;
};

FittedContext FitContext(const PromptContext& context, int64_t budget_tokens);

// Built-in template names, for callers and tests.
inline constexpr char kSystemTemplate[] = "system";
inline constexpr char kSqlGenerationTemplate[] = "sql_generation";
inline constexpr char kSqlFixTemplate[] = "sql_fix";
inline constexpr char kClassifyTemplate[] = "classify";
inline constexpr char kAnswerSummaryTemplate[] = "answer_summary";
// The agent's request classification when its rules are unsure (the eight request types).
inline constexpr char kRequestTypeTemplate[] = "request_type";
// Multi-step analysis: the plan (with SQL), the sufficiency check, the report narrative.
inline constexpr char kPlanTemplate[] = "plan";
inline constexpr char kSufficiencyTemplate[] = "sufficiency";
inline constexpr char kReportTemplate[] = "report";
// A python_executor step's code (issue 16).
inline constexpr char kPythonGenerateTemplate[] = "python_generate";
// A python_executor step's findings from its output (issue 16: PythonAnalyze).
inline constexpr char kPythonAnalyzeTemplate[] = "python_analyze";

inline constexpr int64_t kDefaultPromptTokenBudget = 6000;

// Which templates make the prompt. classify and answer_summary carry their own
// instructions and need no system message; the SQL templates go with "system".
struct PromptSpec {
  std::string user_template;    // rendered into the user message
  std::string system_template;  // rendered into the system message; "" for none
  PromptLanguage language = PromptLanguage::kEnglish;
};

struct TokenBudget {
  // Estimated tokens (EstimateTokens) of all messages together, per-message overhead
  // included. Leave room for the reply within the model's context window.
  int64_t max_prompt_tokens = kDefaultPromptTokenBudget;
};

struct BuiltPrompt {
  std::vector<Message> messages;  // [system,] user
  int64_t tokens = 0;             // EstimateTokens(messages) <= the budget
  FittedContext context;          // what of the schema/knowledge/history went in; what was cut
};

// Renders `spec` with the context fitted to `budget`. Template values: context.values, then
// schema, knowledge, history (newline-joined fitted text; empty hides the section) and
// question. InvalidArgument when the templates and question alone exceed the budget;
// NotFound when a template is missing.
StatusOr<BuiltPrompt> BuildPrompt(const PromptLibrary& library, const PromptSpec& spec,
                                  const PromptContext& context, const TokenBudget& budget);

}  // namespace askdb::llm
