// ProviderConfig: where and how to reach a model, read from the [llm] table of askdb.toml
// (as Json or toml++) and the environment, plus the factory that turns it into a client
// with the standard decorators, and the --llm flag (record:/replay:/scripted:).
//
// Keys of [llm] (all optional; model is required unless base_url names an endpoint, whose
// only model is then used, see OpenAiClient; see docs/llm.md):
//   provider, base_url, api_key, api_key_env, model, embedding_model, proxy, json_mode,
//   max_concurrency, max_retries, connect_timeout_ms, first_byte_timeout_ms,
//   idle_timeout_ms, request_timeout_ms, circuit_failure_threshold, circuit_open_ms,
//   stream_usage, [llm.headers], [llm.providers.<name>] (same keys, selected by provider).
// Environment: OPENAI_API_KEY (when neither api_key nor api_key_env is set),
// OPENAI_BASE_URL (when base_url is not set), OPENAI_MODEL (when model is not set).
// Pure functions; thread-safe.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "askdb/common/json.h"
#include "askdb/llm/json_output.h"
#include "askdb/llm/llm_client.h"
#include "askdb/llm/usage.h"

namespace askdb::llm {

struct ProviderConfig {
  std::string name = "default";
  std::string base_url;
  std::string api_key;          // resolved (from api_key or the api_key_env variable)
  std::string api_key_env;      // the variable it came from, for messages
  std::string model;            // empty only with a named base_url: its only model is used
  std::string embedding_model;  // the answer cache's L2 embeds with it (docs/cache.md)
  std::map<std::string, std::string> headers;
  std::string proxy;
  JsonMode json_mode = JsonMode::kJsonObject;
  int max_concurrency = 4;
  int max_retries = 3;
  int connect_timeout_ms = 10'000;
  int first_byte_timeout_ms = 120'000;
  int idle_timeout_ms = 60'000;
  int request_timeout_ms = 600'000;
  int circuit_failure_threshold = 5;
  int circuit_open_ms = 30'000;
  bool stream_usage = true;
};

inline constexpr std::string_view kDefaultBaseUrl = "https://api.openai.com/v1";

using EnvLookup = std::function<std::optional<std::string>(std::string_view)>;
EnvLookup SystemEnv();

// `llm` is the [llm] table as Json (null or missing keys fall back to the environment).
// Errors are FailedPrecondition/InvalidArgument and name the key to set.
StatusOr<ProviderConfig> ProviderConfigFromJson(const Json& llm,
                                                const EnvLookup& env = SystemEnv());

// Parses a whole askdb.toml document and reads its [llm] table.
StatusOr<ProviderConfig> ProviderConfigFromTomlText(std::string_view document,
                                                    const EnvLookup& env = SystemEnv());

// OpenAiClient wrapped in concurrency limit, circuit breaker, retries and usage accounting.
std::unique_ptr<LlmClient> MakeLlmClient(const ProviderConfig& config,
                                         std::shared_ptr<RunUsage> usage = nullptr);

// The --llm flag: "" (the configured provider), "record:FILE", "replay:FILE",
// "scripted:FILE" (JSON rules, see ScriptedLlmClient::FromJson). `provider` is called only
// when a real provider is needed, so replay works without any configuration.
StatusOr<std::unique_ptr<LlmClient>> MakeLlmClientForFlag(
    std::string_view flag, const std::function<StatusOr<ProviderConfig>()>& provider,
    std::shared_ptr<RunUsage> usage = nullptr);

}  // namespace askdb::llm
