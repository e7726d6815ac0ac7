#include "askdb/llm/prompts.h"

#include <algorithm>
#include <array>
#include <kainjow/mustache.hpp>

#include "askdb/common/embedded.h"
#include "askdb/common/file_util.h"

ASKDB_DECLARE_EMBEDDED(llm_prompt_en_system);
ASKDB_DECLARE_EMBEDDED(llm_prompt_zh_system);
ASKDB_DECLARE_EMBEDDED(llm_prompt_en_sql_generation);
ASKDB_DECLARE_EMBEDDED(llm_prompt_zh_sql_generation);
ASKDB_DECLARE_EMBEDDED(llm_prompt_en_sql_fix);
ASKDB_DECLARE_EMBEDDED(llm_prompt_zh_sql_fix);
ASKDB_DECLARE_EMBEDDED(llm_prompt_en_classify);
ASKDB_DECLARE_EMBEDDED(llm_prompt_zh_classify);
ASKDB_DECLARE_EMBEDDED(llm_prompt_en_answer_summary);
ASKDB_DECLARE_EMBEDDED(llm_prompt_zh_answer_summary);
ASKDB_DECLARE_EMBEDDED(llm_prompt_en_request_type);
ASKDB_DECLARE_EMBEDDED(llm_prompt_zh_request_type);
ASKDB_DECLARE_EMBEDDED(llm_prompt_en_plan);
ASKDB_DECLARE_EMBEDDED(llm_prompt_zh_plan);
ASKDB_DECLARE_EMBEDDED(llm_prompt_en_sufficiency);
ASKDB_DECLARE_EMBEDDED(llm_prompt_zh_sufficiency);
ASKDB_DECLARE_EMBEDDED(llm_prompt_en_report);
ASKDB_DECLARE_EMBEDDED(llm_prompt_zh_report);
ASKDB_DECLARE_EMBEDDED(llm_prompt_en_python_generate);
ASKDB_DECLARE_EMBEDDED(llm_prompt_zh_python_generate);
ASKDB_DECLARE_EMBEDDED(llm_prompt_en_python_analyze);
ASKDB_DECLARE_EMBEDDED(llm_prompt_zh_python_analyze);

namespace askdb::llm {
namespace {

namespace mus = kainjow::mustache;

std::string_view LangCode(PromptLanguage lang) {
  return lang == PromptLanguage::kChinese ? "zh" : "en";
}

mus::data ToMustache(const Json& j) {
  if (j.is_object()) {
    mus::data d{mus::data::type::object};
    for (const auto& [k, v] : j.items()) d.set(k, ToMustache(v));
    return d;
  }
  if (j.is_array()) {
    mus::data list{mus::data::type::list};
    for (const auto& v : j) list.push_back(ToMustache(v));
    return list;
  }
  if (j.is_boolean())
    return mus::data{j.get<bool>() ? mus::data::type::bool_true : mus::data::type::bool_false};
  if (j.is_string()) {
    const auto& s = j.get_ref<const std::string&>();
    // An empty string is falsy so that {{#knowledge}} sections vanish when there is none.
    if (s.empty()) return mus::data{mus::data::type::bool_false};
    return mus::data{s};
  }
  if (j.is_null()) return mus::data{mus::data::type::bool_false};
  return mus::data{j.dump()};
}

std::string HistoryLine(const Message& m) {
  return std::string(RoleName(m.role)) + ": " + m.content;
}

// Section headings and separators appear only when a section has content, so the first fit
// can overshoot a little; each further pass shrinks the context budget by the overshoot.
// After kMaxFitPasses the context is left out entirely (the bare prompt is known to fit).
constexpr int kMaxFitPasses = 4;

StatusOr<std::vector<Message>> RenderMessages(const PromptLibrary& library, const PromptSpec& spec,
                                              const Json& values) {
  std::vector<Message> messages;
  if (!spec.system_template.empty()) {
    ASKDB_ASSIGN_OR_RETURN(std::string system,
                           library.Render(spec.system_template, spec.language, values));
    messages.push_back(Message::System(std::move(system)));
  }
  ASKDB_ASSIGN_OR_RETURN(std::string user,
                         library.Render(spec.user_template, spec.language, values));
  messages.push_back(Message::User(std::move(user)));
  return messages;
}

Json PromptValues(const PromptContext& context, const FittedContext& fitted) {
  Json values = context.values.is_object() ? context.values : Json::object();
  values["schema"] = fitted.schema;
  values["knowledge"] = fitted.knowledge;
  values["history"] = fitted.history;
  values["question"] = context.question;
  return values;
}

}  // namespace

StatusOr<PromptLanguage> ParsePromptLanguage(std::string_view code) {
  if (code == "en" || code == "english") return PromptLanguage::kEnglish;
  if (code == "zh" || code == "chinese" || code == "zh-CN") return PromptLanguage::kChinese;
  return InvalidArgumentError("unknown prompt language '" + std::string(code) + "'; use en or zh");
}

StatusOr<std::shared_ptr<const PromptLibrary>> PromptLibrary::LoadShared(
    const std::optional<std::filesystem::path>& override_dir) {
  if (override_dir) {
    ASKDB_ASSIGN_OR_RETURN(PromptLibrary lib, Load(override_dir));
    return std::make_shared<const PromptLibrary>(std::move(lib));
  }
  // Built-in templates cannot fail to load; the static is initialised once, thread-safely.
  static const StatusOr<std::shared_ptr<const PromptLibrary>> builtin =
      []() -> StatusOr<std::shared_ptr<const PromptLibrary>> {
    ASKDB_ASSIGN_OR_RETURN(PromptLibrary lib, Load(std::nullopt));
    return std::make_shared<const PromptLibrary>(std::move(lib));
  }();
  return builtin;
}

namespace {

using Templates = std::map<std::string, std::string>;  // "en/name" → text

// The templates built into the binary, in both languages.
Templates BuiltinTemplates() {
  return {
      {"en/system", std::string(ASKDB_EMBEDDED(llm_prompt_en_system))},
      {"zh/system", std::string(ASKDB_EMBEDDED(llm_prompt_zh_system))},
      {"en/sql_generation", std::string(ASKDB_EMBEDDED(llm_prompt_en_sql_generation))},
      {"zh/sql_generation", std::string(ASKDB_EMBEDDED(llm_prompt_zh_sql_generation))},
      {"en/sql_fix", std::string(ASKDB_EMBEDDED(llm_prompt_en_sql_fix))},
      {"zh/sql_fix", std::string(ASKDB_EMBEDDED(llm_prompt_zh_sql_fix))},
      {"en/classify", std::string(ASKDB_EMBEDDED(llm_prompt_en_classify))},
      {"zh/classify", std::string(ASKDB_EMBEDDED(llm_prompt_zh_classify))},
      {"en/answer_summary", std::string(ASKDB_EMBEDDED(llm_prompt_en_answer_summary))},
      {"zh/answer_summary", std::string(ASKDB_EMBEDDED(llm_prompt_zh_answer_summary))},
      {"en/request_type", std::string(ASKDB_EMBEDDED(llm_prompt_en_request_type))},
      {"zh/request_type", std::string(ASKDB_EMBEDDED(llm_prompt_zh_request_type))},
      {"en/plan", std::string(ASKDB_EMBEDDED(llm_prompt_en_plan))},
      {"zh/plan", std::string(ASKDB_EMBEDDED(llm_prompt_zh_plan))},
      {"en/sufficiency", std::string(ASKDB_EMBEDDED(llm_prompt_en_sufficiency))},
      {"zh/sufficiency", std::string(ASKDB_EMBEDDED(llm_prompt_zh_sufficiency))},
      {"en/report", std::string(ASKDB_EMBEDDED(llm_prompt_en_report))},
      {"zh/report", std::string(ASKDB_EMBEDDED(llm_prompt_zh_report))},
      {"en/python_generate", std::string(ASKDB_EMBEDDED(llm_prompt_en_python_generate))},
      {"zh/python_generate", std::string(ASKDB_EMBEDDED(llm_prompt_zh_python_generate))},
      {"en/python_analyze", std::string(ASKDB_EMBEDDED(llm_prompt_en_python_analyze))},
      {"zh/python_analyze", std::string(ASKDB_EMBEDDED(llm_prompt_zh_python_analyze))},
  };
}

// Replaces built-in templates by the override directory's en/*.mustache and zh/*.mustache.
Status ReadOverrides(const std::filesystem::path& override_dir, Templates& templates) {
  std::error_code ec;
  if (!std::filesystem::is_directory(override_dir, ec)) {
    return NotFoundError("prompt override directory " + override_dir.string() +
                         " does not exist; create it or unset the prompts directory");
  }
  for (const char* lang : {"en", "zh"}) {
    auto dir = override_dir / lang;
    if (!std::filesystem::is_directory(dir, ec)) continue;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
      if (entry.path().extension() != ".mustache") continue;
      ASKDB_ASSIGN_OR_RETURN(std::string text, ReadFile(entry.path()));
      templates[std::string(lang) + "/" + entry.path().stem().string()] = std::move(text);
    }
  }
  return Status::Ok();
}

Status CheckMustache(const Templates& templates) {
  for (const auto& [name, text] : templates) {
    mus::mustache t{text};
    if (!t.is_valid()) {
      return InvalidArgumentError("prompt template " + name +
                                  " is not valid mustache: " + t.error_message());
    }
  }
  return Status::Ok();
}

}  // namespace

StatusOr<PromptLibrary> PromptLibrary::Load(
    const std::optional<std::filesystem::path>& override_dir) {
  PromptLibrary lib;
  lib.templates_ = BuiltinTemplates();
  if (override_dir) ASKDB_RETURN_IF_ERROR(ReadOverrides(*override_dir, lib.templates_));
  ASKDB_RETURN_IF_ERROR(CheckMustache(lib.templates_));
  return lib;
}

StatusOr<std::string> PromptLibrary::Render(std::string_view name, PromptLanguage lang,
                                            const Json& values) const {
  std::string key = std::string(LangCode(lang)) + "/" + std::string(name);
  auto it = templates_.find(key);
  if (it == templates_.end()) {
    return NotFoundError("no prompt template '" + key + "'; add " + key +
                         ".mustache to the prompts override directory");
  }
  try {
    mus::mustache t{it->second};
    t.set_custom_escape([](const std::string& s) { return s; });
    std::string out = t.render(ToMustache(values.is_object() ? values : Json::object()));
    if (!t.is_valid()) {
      return InvalidArgumentError("rendering prompt " + key + " failed: " + t.error_message());
    }
    return out;
  } catch (const std::exception& e) {
    return InternalError("rendering prompt " + key + " failed: " + e.what());
  }
}

std::vector<std::string> PromptLibrary::Names() const {
  std::vector<std::string> names;
  for (const auto& [k, v] : templates_) names.push_back(k);
  return names;
}

FittedContext FitContext(const PromptContext& context, int64_t budget_tokens) {
  FittedContext out;
  int64_t left = budget_tokens;
  auto take = [&](const std::string& item, std::string& sink, int& dropped) {
    int64_t cost = EstimateTokens(item) + 1;
    if (cost > left) {
      ++out.dropped_items;
      ++dropped;
      return;
    }
    left -= cost;
    if (!sink.empty()) sink += "\n";
    sink += item;
  };
  for (const auto& s : context.schema_items) take(s, out.schema, out.dropped_schema);
  for (const auto& k : context.knowledge_items) take(k, out.knowledge, out.dropped_knowledge);
  // History: newest first, then restored to chronological order.
  std::vector<std::string> kept;
  for (auto it = context.history.rbegin(); it != context.history.rend(); ++it) {
    std::string line = HistoryLine(*it);
    int64_t cost = EstimateTokens(line) + 1;
    if (cost > left) {
      ++out.dropped_items;
      ++out.dropped_history;
      continue;
    }
    left -= cost;
    kept.push_back(std::move(line));
  }
  std::reverse(kept.begin(), kept.end());
  for (const auto& line : kept) {
    if (!out.history.empty()) out.history += "\n";
    out.history += line;
  }
  out.tokens = budget_tokens - left;
  return out;
}

StatusOr<BuiltPrompt> BuildPrompt(const PromptLibrary& library, const PromptSpec& spec,
                                  const PromptContext& context, const TokenBudget& budget) {
  // The bare prompt: templates, question and extra values with no context at all.
  FittedContext empty = FitContext(context, 0);
  ASKDB_ASSIGN_OR_RETURN(std::vector<Message> bare,
                         RenderMessages(library, spec, PromptValues(context, empty)));
  int64_t bare_tokens = EstimateTokens(bare);
  if (bare_tokens > budget.max_prompt_tokens) {
    return InvalidArgumentError(
        "the prompt '" + spec.user_template + "' needs " + std::to_string(bare_tokens) +
        " tokens before any schema, knowledge or history, over the budget of " +
        std::to_string(budget.max_prompt_tokens) +
        "; shorten the question or raise the prompt token budget");
  }
  int64_t context_budget = budget.max_prompt_tokens - bare_tokens;
  for (int pass = 0; pass < kMaxFitPasses && context_budget > 0; ++pass) {
    FittedContext fitted = FitContext(context, context_budget);
    ASKDB_ASSIGN_OR_RETURN(std::vector<Message> messages,
                           RenderMessages(library, spec, PromptValues(context, fitted)));
    int64_t tokens = EstimateTokens(messages);
    if (tokens <= budget.max_prompt_tokens) {
      return BuiltPrompt{std::move(messages), tokens, std::move(fitted)};
    }
    context_budget -= tokens - budget.max_prompt_tokens;
  }
  return BuiltPrompt{std::move(bare), bare_tokens, std::move(empty)};
}

}  // namespace askdb::llm
