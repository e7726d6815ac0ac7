#include "askdb/cli/llm_setup.h"

#include "askdb/common/paths.h"

namespace askdb::cli {
namespace {

bool IsLoopbackUrl(std::string_view url) {
  for (std::string_view host : {"://127.", "://localhost", "://[::1]"}) {
    if (url.find(host) != std::string_view::npos) return true;
  }
  return false;
}

}  // namespace

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
  if (!llm_flag.empty() || !cfg.llm.model.empty() || !cfg.llm.base_url.empty()) return true;
  if (cfg.llm.table.contains("model") || cfg.llm.table.contains("provider")) return true;
  const std::optional<std::string> env_model = ProcessEnv("OPENAI_MODEL");
  if (env_model && !env_model->empty()) return true;
  // An endpoint in the environment asks for a model when it can be called: it has a key, or
  // it is a local server (which needs none). Its only model is then used.
  const std::optional<std::string> env_url = ProcessEnv("OPENAI_BASE_URL");
  if (!env_url || env_url->empty()) return false;
  const std::optional<std::string> env_key = ProcessEnv("OPENAI_API_KEY");
  return (env_key && !env_key->empty()) || IsLoopbackUrl(*env_url);
}

StatusOr<std::unique_ptr<llm::LlmClient>> MakeCliLlmClient(const std::string& llm_flag,
                                                           const config::Config& cfg) {
  return llm::MakeLlmClientForFlag(llm_flag, [&cfg] { return ProviderFromConfig(cfg); });
}

}  // namespace askdb::cli
