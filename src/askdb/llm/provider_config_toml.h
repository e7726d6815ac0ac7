// Reads the [llm] table from an already-parsed toml++ document (for the config module,
// which owns askdb.toml). Header-only so that only its includers pay for toml++.
#pragma once

#include <toml++/toml.h>

#include "askdb/llm/provider_config.h"

namespace askdb::llm {

inline Json TomlNodeToJson(const toml::node& node) {
  if (auto t = node.as_table()) {
    Json out = Json::object();
    for (const auto& [k, v] : *t) out[std::string(k.str())] = TomlNodeToJson(v);
    return out;
  }
  if (auto a = node.as_array()) {
    Json out = Json::array();
    for (const auto& v : *a) out.push_back(TomlNodeToJson(v));
    return out;
  }
  if (auto s = node.value<std::string>(); s && node.is_string()) return *s;
  if (node.is_integer()) return node.value<int64_t>().value_or(0);
  if (node.is_floating_point()) return node.value<double>().value_or(0);
  if (node.is_boolean()) return node.value<bool>().value_or(false);
  return nullptr;
}

// `llm_table` is the [llm] table itself.
inline StatusOr<ProviderConfig> ProviderConfigFromToml(const toml::table& llm_table,
                                                       const EnvLookup& env = SystemEnv()) {
  return ProviderConfigFromJson(TomlNodeToJson(llm_table), env);
}

}  // namespace askdb::llm
