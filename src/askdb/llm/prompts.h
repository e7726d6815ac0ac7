// Prompt templates: mustache files with English (en) and Chinese (zh) variants. A default
// set is compiled into the binary (src/askdb/llm/prompts/<lang>/<name>.mustache); a file
// <override_dir>/<lang>/<name>.mustache replaces the built-in one, so users tune prompts
// without rebuilding. Values are inserted verbatim (no HTML escaping).
//
// FitContext is the one place that cuts schema, knowledge and history context down to a
// token budget: schema first (it is what makes SQL right), then knowledge, then history,
// newest turns first; whole items are kept or dropped, never cut mid-line.
//
// PromptLibrary is immutable after Load and thread-safe.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
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
};

struct FittedContext {
  std::string schema;
  std::string knowledge;
  std::string history;
  int64_t tokens = 0;
  int dropped_items = 0;  // items left out to fit the budget
};

FittedContext FitContext(const PromptContext& context, int64_t budget_tokens);

}  // namespace askdb::llm
