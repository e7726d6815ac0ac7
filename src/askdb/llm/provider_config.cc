#include "askdb/llm/provider_config.h"

#include <cstdlib>
#include <fstream>

#include "askdb/common/file_util.h"
#include "askdb/llm/circuit_breaker_client.h"
#include "askdb/llm/concurrency_limited_client.h"
#include "askdb/llm/openai/openai_client.h"
#include "askdb/llm/provider_config_toml.h"
#include "askdb/llm/record_replay.h"
#include "askdb/llm/retrying_client.h"
#include "askdb/llm/scripted/scripted_llm_client.h"

namespace askdb::llm {
namespace {

constexpr std::string_view kDefaultKeyEnv = "OPENAI_API_KEY";

bool IsLocal(std::string_view url) {
  for (std::string_view host : {"://127.", "://localhost", "://[::1]", "://0.0.0.0"}) {
    if (url.find(host) != std::string_view::npos) return true;
  }
  return false;
}

Status ReadInt(const Json& j, const char* key, int& out) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return Status::Ok();
  if (!it->is_number_integer() || it->get<int64_t>() < 0) {
    return InvalidArgumentError(std::string("[llm] ") + key +
                                " must be a non-negative integer, got " + it->dump());
  }
  out = it->get<int>();
  return Status::Ok();
}

Status ReadString(const Json& j, const char* key, std::string& out) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return Status::Ok();
  if (!it->is_string()) {
    return InvalidArgumentError(std::string("[llm] ") + key + " must be a string, got " +
                                it->dump());
  }
  out = it->get<std::string>();
  return Status::Ok();
}

// A named provider's table overrides the top-level keys; `name` becomes its name.
StatusOr<Json> WithNamedProvider(const Json& llm_in, std::string& name) {
  Json llm = llm_in.is_object() ? llm_in : Json::object();
  auto p = llm.find("provider");
  if (p == llm.end() || !p->is_string()) return llm;
  name = p->get<std::string>();
  const Json providers = llm.value("providers", Json::object());
  if (!providers.contains(name)) {
    return FailedPreconditionError("[llm] provider = \"" + name +
                                   "\" but there is no [llm.providers." + name +
                                   "] table; add it or remove the provider key");
  }
  for (const auto& [k, v] : providers[name].items()) llm[k] = v;
  return llm;
}

// [llm.headers]: extra HTTP headers, every value a string.
Status ReadHeaders(const Json& llm, ProviderConfig& c) {
  auto h = llm.find("headers");
  if (h == llm.end() || !h->is_object()) return Status::Ok();
  for (const auto& [k, v] : h->items()) {
    if (!v.is_string()) {
      return InvalidArgumentError("[llm.headers] " + k + " must be a string");
    }
    c.headers[k] = v.get<std::string>();
  }
  return Status::Ok();
}

// The keys as written, each checked for its type in the table's order, so the first
// wrong one is the one named; the literal api_key into `api_key`.
Status ReadKeys(const Json& llm, ProviderConfig& c, std::string& api_key) {
  ASKDB_RETURN_IF_ERROR(ReadString(llm, "base_url", c.base_url));
  ASKDB_RETURN_IF_ERROR(ReadString(llm, "api_key", api_key));
  ASKDB_RETURN_IF_ERROR(ReadString(llm, "api_key_env", c.api_key_env));
  ASKDB_RETURN_IF_ERROR(ReadString(llm, "model", c.model));
  ASKDB_RETURN_IF_ERROR(ReadString(llm, "embedding_model", c.embedding_model));
  ASKDB_RETURN_IF_ERROR(ReadString(llm, "proxy", c.proxy));
  ASKDB_RETURN_IF_ERROR(ReadInt(llm, "max_concurrency", c.max_concurrency));
  ASKDB_RETURN_IF_ERROR(ReadInt(llm, "max_retries", c.max_retries));
  ASKDB_RETURN_IF_ERROR(ReadInt(llm, "connect_timeout_ms", c.connect_timeout_ms));
  ASKDB_RETURN_IF_ERROR(ReadInt(llm, "first_byte_timeout_ms", c.first_byte_timeout_ms));
  ASKDB_RETURN_IF_ERROR(ReadInt(llm, "idle_timeout_ms", c.idle_timeout_ms));
  ASKDB_RETURN_IF_ERROR(ReadInt(llm, "request_timeout_ms", c.request_timeout_ms));
  ASKDB_RETURN_IF_ERROR(ReadInt(llm, "circuit_failure_threshold", c.circuit_failure_threshold));
  ASKDB_RETURN_IF_ERROR(ReadInt(llm, "circuit_open_ms", c.circuit_open_ms));
  if (auto s = llm.find("stream_usage"); s != llm.end() && s->is_boolean()) c.stream_usage = *s;
  std::string json_mode;
  ASKDB_RETURN_IF_ERROR(ReadString(llm, "json_mode", json_mode));
  if (!json_mode.empty()) {
    ASKDB_ASSIGN_OR_RETURN(c.json_mode, ParseJsonMode(json_mode));
  }
  return ReadHeaders(llm, c);
}

// The endpoint (configured, OPENAI_BASE_URL, else OpenAI's) and the model (configured, else
// OPENAI_MODEL). A named endpoint may serve one model only, found on the first call
// (OpenAiClient); OpenAI's own serves dozens, so there a model must be named.
Status ResolveEndpointAndModel(ProviderConfig& c, const EnvLookup& env) {
  if (c.base_url.empty()) c.base_url = env("OPENAI_BASE_URL").value_or("");
  const bool endpoint_named = !c.base_url.empty();
  if (c.base_url.empty()) c.base_url = std::string(kDefaultBaseUrl);
  if (c.base_url.rfind("http://", 0) != 0 && c.base_url.rfind("https://", 0) != 0) {
    return InvalidArgumentError("[llm] base_url '" + c.base_url +
                                "' must start with http:// or https:// (for example "
                                "https://api.deepseek.com/v1)");
  }
  if (c.model.empty()) c.model = env("OPENAI_MODEL").value_or("");
  if (c.model.empty() && !endpoint_named) {
    return FailedPreconditionError(
        "no model is configured: set [llm] model in askdb.toml (for example model = "
        "\"gpt-4o-mini\") or the OPENAI_MODEL environment variable");
  }
  return Status::Ok();
}

// The key: written in the file, else from the variable api_key_env names, else
// OPENAI_API_KEY; a local endpoint may need none.
Status ResolveApiKey(const std::string& api_key, ProviderConfig& c, const EnvLookup& env) {
  if (!api_key.empty()) {
    c.api_key = api_key;
  } else if (!c.api_key_env.empty()) {
    auto v = env(c.api_key_env);
    if (!v) {
      return FailedPreconditionError("[llm] api_key_env names " + c.api_key_env +
                                     " but that environment variable is not set: export " +
                                     c.api_key_env + "=<your key>");
    }
    c.api_key = *v;
  } else if (auto v = env(kDefaultKeyEnv)) {
    c.api_key = *v;
    c.api_key_env = kDefaultKeyEnv;
  } else if (!IsLocal(c.base_url)) {
    return FailedPreconditionError(
        "no API key for " + c.base_url +
        ": export OPENAI_API_KEY=<key>, or set [llm] api_key_env to the variable holding it");
  }
  return Status::Ok();
}

}  // namespace

EnvLookup SystemEnv() {
  return [](std::string_view name) -> std::optional<std::string> {
    const char* v = std::getenv(std::string(name).c_str());
    if (v == nullptr || *v == '\0') return std::nullopt;
    return std::string(v);
  };
}

StatusOr<ProviderConfig> ProviderConfigFromJson(const Json& llm_in, const EnvLookup& env) {
  ProviderConfig c;
  ASKDB_ASSIGN_OR_RETURN(const Json llm, WithNamedProvider(llm_in, c.name));
  std::string api_key;
  ASKDB_RETURN_IF_ERROR(ReadKeys(llm, c, api_key));
  ASKDB_RETURN_IF_ERROR(ResolveEndpointAndModel(c, env));
  ASKDB_RETURN_IF_ERROR(ResolveApiKey(api_key, c, env));
  if (c.max_concurrency < 1) {
    return InvalidArgumentError("[llm] max_concurrency must be at least 1");
  }
  return c;
}

StatusOr<ProviderConfig> ProviderConfigFromTomlText(std::string_view document,
                                                    const EnvLookup& env) {
  try {
    toml::table doc = toml::parse(document);
    const toml::table* llm = doc["llm"].as_table();
    return ProviderConfigFromJson(llm ? TomlNodeToJson(*llm) : Json::object(), env);
  } catch (const toml::parse_error& e) {
    return InvalidArgumentError(std::string("askdb.toml is not valid TOML: ") +
                                std::string(e.description()));
  }
}

std::unique_ptr<LlmClient> MakeLlmClient(const ProviderConfig& config,
                                         std::shared_ptr<RunUsage> usage) {
  OpenAiClientOptions o;
  o.base_url = config.base_url;
  o.api_key = config.api_key;
  o.model = config.model;
  o.embedding_model = config.embedding_model;
  o.extra_headers = config.headers;
  o.proxy = config.proxy;
  o.connect_timeout = std::chrono::milliseconds(config.connect_timeout_ms);
  o.first_byte_timeout = std::chrono::milliseconds(config.first_byte_timeout_ms);
  o.idle_timeout = std::chrono::milliseconds(config.idle_timeout_ms);
  o.request_timeout = std::chrono::milliseconds(config.request_timeout_ms);
  o.stream_usage = config.stream_usage;
  std::unique_ptr<LlmClient> client = std::make_unique<OpenAiClient>(std::move(o));
  client = std::make_unique<ConcurrencyLimitedClient>(std::move(client), config.max_concurrency);
  client = std::make_unique<CircuitBreakerClient>(
      std::move(client), CircuitBreakerOptions{config.circuit_failure_threshold,
                                               std::chrono::milliseconds(config.circuit_open_ms)});
  RetryOptions retry;
  retry.max_attempts = config.max_retries + 1;
  client = std::make_unique<RetryingClient>(std::move(client), retry);
  return std::make_unique<UsageAccountingClient>(std::move(client), std::move(usage));
}

StatusOr<std::unique_ptr<LlmClient>> MakeLlmClientForFlag(
    std::string_view flag, const std::function<StatusOr<ProviderConfig>()>& provider,
    std::shared_ptr<RunUsage> usage) {
  auto real = [&]() -> StatusOr<std::unique_ptr<LlmClient>> {
    ASKDB_ASSIGN_OR_RETURN(ProviderConfig config, provider());
    return MakeLlmClient(config, usage);
  };
  if (flag.empty() || flag == "provider") return real();
  size_t colon = flag.find(':');
  std::string mode(flag.substr(0, colon));
  std::string file = colon == std::string_view::npos ? "" : std::string(flag.substr(colon + 1));
  if (file.empty() && (mode == "record" || mode == "replay" || mode == "scripted")) {
    return InvalidArgumentError("--llm " + mode + ": needs a file, e.g. --llm " + mode +
                                ":run.jsonl");
  }
  if (mode == "record") {
    ASKDB_ASSIGN_OR_RETURN(auto inner, real());
    ASKDB_ASSIGN_OR_RETURN(auto rec, RecordingLlmClient::Open(std::move(inner), file));
    return std::unique_ptr<LlmClient>(std::move(rec));
  }
  std::unique_ptr<LlmClient> client;
  if (mode == "replay") {
    ASKDB_ASSIGN_OR_RETURN(auto rep, ReplayingLlmClient::Open(file));
    client = std::move(rep);
  } else if (mode == "scripted") {
    ASKDB_ASSIGN_OR_RETURN(std::string text, ReadFile(file));
    ASKDB_ASSIGN_OR_RETURN(Json rules, ParseJson(text));
    ASKDB_ASSIGN_OR_RETURN(auto scripted, ScriptedLlmClient::FromJson(rules));
    client = std::move(scripted);
  } else {
    return InvalidArgumentError("unknown --llm value '" + std::string(flag) +
                                "'; use record:FILE, replay:FILE or scripted:FILE");
  }
  return std::unique_ptr<LlmClient>(
      std::make_unique<UsageAccountingClient>(std::move(client), std::move(usage)));
}

}  // namespace askdb::llm
