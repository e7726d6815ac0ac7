#include "askdb/cli/llm_setup.h"

#include "askdb/common/paths.h"

namespace askdb::cli {

StatusOr<llm::ProviderConfig> ProviderFromConfig(const config::Config& cfg) {
  Json table = cfg.llm.table;
  if (!cfg.llm.base_url.empty()) table["base_url"] = cfg.llm.base_url;
  if (!cfg.llm.model.empty()) table["model"] = cfg.llm.model;
  if (!cfg.llm.api_key_env.empty() && !table.contains("api_key")) {
    table["api_key_env"] = cfg.llm.api_key_env;
  }
  return llm::ProviderConfigFromJson(table);
}

bool LlmRequested(const std::string& llm_flag, const config::Config& cfg) {
  if (!llm_flag.empty() || !cfg.llm.model.empty()) return true;
  if (cfg.llm.table.contains("model") || cfg.llm.table.contains("provider")) return true;
  const std::optional<std::string> env_model = ProcessEnv("OPENAI_MODEL");
  return env_model && !env_model->empty();
}

StatusOr<std::unique_ptr<llm::LlmClient>> MakeCliLlmClient(const std::string& llm_flag,
                                                           const config::Config& cfg) {
  return llm::MakeLlmClientForFlag(llm_flag, [&cfg] { return ProviderFromConfig(cfg); });
}

}  // namespace askdb::cli
