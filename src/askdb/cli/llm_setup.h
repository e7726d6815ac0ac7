// Which language model the CLI uses: the --llm flag (record:/replay:/scripted:FILE), else
// the [llm] configuration (askdb.toml, ASKDB_LLM_*, OPENAI_* variables). Shared by
// `askdb llm ping` and `askdb ask`.
#pragma once

#include <memory>
#include <string>

#include "askdb/common/status.h"
#include "askdb/config/config.h"
#include "askdb/llm/llm_client.h"
#include "askdb/llm/provider_config.h"

namespace askdb::cli {

// The [llm] table as written, with the typed keys (which environment variables and flags
// may have changed) laid over it.
StatusOr<llm::ProviderConfig> ProviderFromConfig(const config::Config& cfg);

// True when a model is asked for: a --llm flag; a model or an endpoint (base_url, provider)
// named in the configuration; OPENAI_MODEL; or OPENAI_BASE_URL with OPENAI_API_KEY (or a
// loopback URL, which needs no key). Without one, askdb answers with its deterministic
// engine only.
bool LlmRequested(const std::string& llm_flag, const config::Config& cfg);

StatusOr<std::unique_ptr<llm::LlmClient>> MakeCliLlmClient(const std::string& llm_flag,
                                                           const config::Config& cfg);

}  // namespace askdb::cli
