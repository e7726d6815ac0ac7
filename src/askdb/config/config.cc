#include "askdb/config/config.h"

#include <toml++/toml.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <limits>
#include <sstream>
#include <system_error>
#include <utility>
#include <vector>

#include "askdb/common/file_util.h"
#include "askdb/common/text.h"

namespace askdb::config {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kConfigFileName = "askdb.toml";
constexpr std::string_view kEnvPrefix = "ASKDB_";
// A name at most this many edits away from a known one gets a "did you mean"; shorter
// names get fewer edits (one per kCharsPerSuggestionEdit characters, at least one), so
// that "foo" is not "corrected" to "log".
constexpr int kMaxSuggestionDistance = 2;
constexpr int kCharsPerSuggestionEdit = 3;

// A value as a source supplied it, before conversion to the field's type. TOML gives typed
// values; environment variables and flags give text that each key parses itself.
struct RawValue {
  enum class Kind { kString, kInteger, kFloat, kBool, kOther };
  Kind kind = Kind::kString;
  std::string text;  // the string, or a description of a non-string value for messages
  int64_t integer = 0;
  double number = 0;
  bool boolean = false;
  bool from_text = false;  // environment variable or flag: parse `text`

  // How the value reads in an error message: strings quoted, numbers as they are.
  std::string Display() const {
    if (kind == Kind::kString)
      return Json(text).dump(-1, ' ', false, Json::error_handler_t::replace);
    return text;
  }
};

RawValue TextValue(std::string_view text) {
  RawValue raw;
  raw.kind = RawValue::Kind::kString;
  raw.text = std::string(text);
  raw.from_text = true;
  return raw;
}

RawValue FromNode(const toml::node& node) {
  RawValue raw;
  if (const auto* s = node.as_string()) {
    raw.kind = RawValue::Kind::kString;
    raw.text = s->get();
  } else if (const auto* i = node.as_integer()) {
    raw.kind = RawValue::Kind::kInteger;
    raw.integer = i->get();
    raw.text = std::to_string(raw.integer);
  } else if (const auto* f = node.as_floating_point()) {
    raw.kind = RawValue::Kind::kFloat;
    raw.number = f->get();
    raw.text = Json(raw.number).dump();
  } else if (const auto* b = node.as_boolean()) {
    raw.kind = RawValue::Kind::kBool;
    raw.boolean = b->get();
    raw.text = raw.boolean ? "true" : "false";
  } else {
    raw.kind = RawValue::Kind::kOther;
    if (node.is_table()) {
      raw.text = "a table";
    } else if (node.is_array()) {
      raw.text = "an array";
    } else {
      raw.text = "a date or time";
    }
  }
  return raw;
}

// ---- conversions: each returns false when the value does not fit the field ----

bool SetIntAtLeast(const RawValue& raw, int64_t min, int64_t& out) {
  int64_t value = 0;
  if (raw.from_text) {
    const char* begin = raw.text.data();
    const char* end = begin + raw.text.size();
    auto [ptr, ec] = std::from_chars(begin, end, value);
    if (ec != std::errc() || ptr != end) return false;
  } else if (raw.kind == RawValue::Kind::kInteger) {
    value = raw.integer;
  } else {
    return false;
  }
  if (value < min) return false;
  out = value;
  return true;
}

bool SetPositiveInt(const RawValue& raw, int64_t& out) { return SetIntAtLeast(raw, 1, out); }

bool SetFraction(const RawValue& raw, double& out) {
  double value = 0;
  if (raw.from_text) {
    const char* begin = raw.text.data();
    const char* end = begin + raw.text.size();
    auto [ptr, ec] = std::from_chars(begin, end, value);
    if (ec != std::errc() || ptr != end) return false;
  } else if (raw.kind == RawValue::Kind::kFloat) {
    value = raw.number;
  } else if (raw.kind == RawValue::Kind::kInteger) {
    value = static_cast<double>(raw.integer);
  } else {
    return false;
  }
  if (!(value >= 0.0 && value <= 1.0)) return false;  // also rejects NaN
  out = value;
  return true;
}

bool SetBool(const RawValue& raw, bool& out) {
  if (raw.from_text) {
    if (raw.text == "true" || raw.text == "1" || raw.text == "yes") {
      out = true;
    } else if (raw.text == "false" || raw.text == "0" || raw.text == "no") {
      out = false;
    } else {
      return false;
    }
    return true;
  }
  if (raw.kind != RawValue::Kind::kBool) return false;
  out = raw.boolean;
  return true;
}

bool SetString(const RawValue& raw, std::string& out) {
  if (raw.kind != RawValue::Kind::kString) return false;
  out = raw.text;
  return true;
}

template <typename E>
using Choices = std::initializer_list<std::pair<std::string_view, E>>;

template <typename E>
bool SetChoice(const RawValue& raw, Choices<E> choices, E& out) {
  if (raw.kind != RawValue::Kind::kString) return false;
  std::string lowered = text::AsciiLower(raw.text);
  for (const auto& [name, value] : choices) {
    if (lowered == name) {
      out = value;
      return true;
    }
  }
  return false;
}

template <typename E>
Json ChoiceName(Choices<E> choices, E value) {
  for (const auto& [name, v] : choices) {
    if (v == value) return Json(std::string(name));
  }
  return Json();
}

const Choices<OutputFormat> kOutputFormats = {{"table", OutputFormat::kTable},
                                              {"json", OutputFormat::kJson}};
const Choices<ColorMode> kColorModes = {
    {"auto", ColorMode::kAuto}, {"always", ColorMode::kAlways}, {"never", ColorMode::kNever}};
const Choices<TimeAnchor> kTimeAnchors = {
    {"auto", TimeAnchor::kAuto}, {"data", TimeAnchor::kData}, {"today", TimeAnchor::kToday}};
const Choices<std::string_view> kLogLevels = {{"trace", "trace"}, {"debug", "debug"},
                                              {"info", "info"},   {"warn", "warn"},
                                              {"error", "error"}, {"off", "off"}};
const Choices<std::string_view> kLogFormats = {{"text", "text"}, {"json", "json"}};
const Choices<std::string_view> kKnowledgeChunkers = {{"token", "token"},
                                                      {"recursive", "recursive"},
                                                      {"sentence", "sentence"},
                                                      {"paragraph", "paragraph"}};
const Choices<std::string_view> kPythonExecutors = {
    {"sandbox", "sandbox"}, {"local", "local"}, {"off", "off"}};

bool SetStringChoice(const RawValue& raw, Choices<std::string_view> choices, std::string& out) {
  std::string_view chosen;
  if (!SetChoice(raw, choices, chosen)) return false;
  out = std::string(chosen);
  return true;
}

// `url` with the password of its user part ("scheme://user:PASSWORD@host") and any
// password= parameter replaced by "***", for display: config show must not echo secrets.
std::string MaskUrlPassword(std::string url) {
  const size_t scheme_end = url.find("://");
  if (scheme_end != std::string::npos) {
    const size_t authority = scheme_end + 3;
    const size_t authority_end = url.find_first_of("/?#", authority);
    const size_t at =
        url.rfind('@', authority_end == std::string::npos ? url.npos : authority_end - 1);
    if (at != std::string::npos && at >= authority) {
      const size_t colon = url.find(':', authority);
      if (colon != std::string::npos && colon < at) url.replace(colon + 1, at - colon - 1, "***");
    }
  }
  constexpr std::string_view kPasswordParam = "password=";
  for (size_t pos = url.find(kPasswordParam); pos != std::string::npos;
       pos = url.find(kPasswordParam, pos + 1)) {
    if (pos == 0 || (url[pos - 1] != '?' && url[pos - 1] != '&')) continue;
    const size_t value = pos + kPasswordParam.size();
    const size_t end = url.find('&', value);
    url.replace(value, (end == std::string::npos ? url.size() : end) - value, "***");
  }
  return url;
}

// One configuration key: where it lives, what it accepts, how to store and show it. The
// tables below, one per group of sections, are the single list of keys (loader,
// environment, ToJson and suggestions all read it through Specs); askdb.example.toml and
// docs/configuration.md document the same list.
struct KeySpec {
  std::string_view section;
  std::string_view key;
  std::string_view expected;  // completes "<key> must be ..."
  bool (*set)(Config&, const RawValue&);
  Json (*get)(const Config&);

  std::string Dotted() const { return std::string(section) + "." + std::string(key); }
};

// [database]: the connection, its limits and the schema cache.
std::vector<KeySpec> DatabaseKeys() {
  return {
      {"database", "default_url", "a string",
       [](Config& c, const RawValue& v) { return SetString(v, c.database.default_url); },
       [](const Config& c) { return Json(c.database.default_url); }},
      {"database", "query_timeout_ms", "a positive integer",
       [](Config& c, const RawValue& v) { return SetPositiveInt(v, c.database.query_timeout_ms); },
       [](const Config& c) { return Json(c.database.query_timeout_ms); }},
      {"database", "max_rows", "a positive integer",
       [](Config& c, const RawValue& v) { return SetPositiveInt(v, c.database.max_rows); },
       [](const Config& c) { return Json(c.database.max_rows); }},
      {"database", "schema_cache_ttl_seconds", "a positive integer",
       [](Config& c, const RawValue& v) {
         return SetPositiveInt(v, c.database.schema_cache_ttl_seconds);
       },
       [](const Config& c) { return Json(c.database.schema_cache_ttl_seconds); }},
      {"database", "schema_fetch_timeout_ms", "a positive integer",
       [](Config& c, const RawValue& v) {
         return SetPositiveInt(v, c.database.schema_fetch_timeout_ms);
       },
       [](const Config& c) { return Json(c.database.schema_fetch_timeout_ms); }},
      {"database", "schema_refetch_backoff_seconds", "a non-negative integer",
       [](Config& c, const RawValue& v) {
         return SetIntAtLeast(v, 0, c.database.schema_refetch_backoff_seconds);
       },
       [](const Config& c) { return Json(c.database.schema_refetch_backoff_seconds); }},
  };
}

// [output], [report], [log]: what askdb prints, writes and logs.
std::vector<KeySpec> OutputKeys() {
  return {
      {"output", "format", "one of \"table\", \"json\"",
       [](Config& c, const RawValue& v) { return SetChoice(v, kOutputFormats, c.output.format); },
       [](const Config& c) { return ChoiceName(kOutputFormats, c.output.format); }},
      {"output", "color", "one of \"auto\", \"always\", \"never\"",
       [](Config& c, const RawValue& v) { return SetChoice(v, kColorModes, c.output.color); },
       [](const Config& c) { return ChoiceName(kColorModes, c.output.color); }},
      {"output", "max_table_rows", "a positive integer",
       [](Config& c, const RawValue& v) { return SetPositiveInt(v, c.output.max_table_rows); },
       [](const Config& c) { return Json(c.output.max_table_rows); }},
      {"report", "default_dir", "a string",
       [](Config& c, const RawValue& v) { return SetString(v, c.report.default_dir); },
       [](const Config& c) { return Json(c.report.default_dir); }},
      {"log", "level", "one of \"trace\", \"debug\", \"info\", \"warn\", \"error\", \"off\"",
       [](Config& c, const RawValue& v) { return SetStringChoice(v, kLogLevels, c.log.level); },
       [](const Config& c) { return Json(c.log.level); }},
      {"log", "format", "one of \"text\", \"json\"",
       [](Config& c, const RawValue& v) { return SetStringChoice(v, kLogFormats, c.log.format); },
       [](const Config& c) { return Json(c.log.format); }},
  };
}

// [nlq], [agent]: how questions are read and analyses planned.
std::vector<KeySpec> AnsweringKeys() {
  return {
      {"nlq", "confidence_threshold", "a number between 0 and 1",
       [](Config& c, const RawValue& v) { return SetFraction(v, c.nlq.confidence_threshold); },
       [](const Config& c) { return Json(c.nlq.confidence_threshold); }},
      {"nlq", "time_anchor", "one of \"auto\", \"data\", \"today\"",
       [](Config& c, const RawValue& v) { return SetChoice(v, kTimeAnchors, c.nlq.time_anchor); },
       [](const Config& c) { return ChoiceName(kTimeAnchors, c.nlq.time_anchor); }},
      {"nlq", "current_data_days", "a whole number of days, 0 or more",
       [](Config& c, const RawValue& v) { return SetIntAtLeast(v, 0, c.nlq.current_data_days); },
       [](const Config& c) { return Json(c.nlq.current_data_days); }},
      {"agent", "plan_review", "true or false",
       [](Config& c, const RawValue& v) { return SetBool(v, c.agent.plan_review); },
       [](const Config& c) { return Json(c.agent.plan_review); }},
      {"agent", "max_fixes", "a positive integer",
       [](Config& c, const RawValue& v) { return SetPositiveInt(v, c.agent.max_fixes); },
       [](const Config& c) { return Json(c.agent.max_fixes); }},
      {"agent", "max_plan_rejections", "a positive integer",
       [](Config& c, const RawValue& v) { return SetPositiveInt(v, c.agent.max_plan_rejections); },
       [](const Config& c) { return Json(c.agent.max_plan_rejections); }},
      {"agent", "analysis_steps", "a positive integer",
       [](Config& c, const RawValue& v) { return SetPositiveInt(v, c.agent.analysis_steps); },
       [](const Config& c) { return Json(c.agent.analysis_steps); }},
      {"agent", "session_turns", "a positive integer",
       [](Config& c, const RawValue& v) { return SetPositiveInt(v, c.agent.session_turns); },
       [](const Config& c) { return Json(c.agent.session_turns); }},
      {"agent", "profile", "a string",
       [](Config& c, const RawValue& v) { return SetString(v, c.agent.profile); },
       [](const Config& c) { return Json(c.agent.profile); }},
  };
}

// [python]: the executor of analysis code and its limits.
std::vector<KeySpec> PythonKeys() {
  return {
      {"python", "executor", "one of \"sandbox\", \"local\", \"off\"",
       [](Config& c, const RawValue& v) {
         return SetStringChoice(v, kPythonExecutors, c.python.executor);
       },
       [](const Config& c) { return Json(c.python.executor); }},
      {"python", "max_tries", "a positive integer",
       [](Config& c, const RawValue& v) { return SetPositiveInt(v, c.python.max_tries); },
       [](const Config& c) { return Json(c.python.max_tries); }},
      {"python", "timeout_ms", "a positive integer",
       [](Config& c, const RawValue& v) { return SetPositiveInt(v, c.python.timeout_ms); },
       [](const Config& c) { return Json(c.python.timeout_ms); }},
      {"python", "cpu_seconds", "a positive integer",
       [](Config& c, const RawValue& v) { return SetPositiveInt(v, c.python.cpu_seconds); },
       [](const Config& c) { return Json(c.python.cpu_seconds); }},
      {"python", "memory_mb", "a positive integer",
       [](Config& c, const RawValue& v) { return SetPositiveInt(v, c.python.memory_mb); },
       [](const Config& c) { return Json(c.python.memory_mb); }},
      {"python", "max_processes", "a positive integer",
       [](Config& c, const RawValue& v) { return SetPositiveInt(v, c.python.max_processes); },
       [](const Config& c) { return Json(c.python.max_processes); }},
      {"python", "max_output_bytes", "a positive integer",
       [](Config& c, const RawValue& v) { return SetPositiveInt(v, c.python.max_output_bytes); },
       [](const Config& c) { return Json(c.python.max_output_bytes); }},
      {"python", "warm_pool", "an integer 0 or more",
       [](Config& c, const RawValue& v) { return SetIntAtLeast(v, 0, c.python.warm_pool); },
       [](const Config& c) { return Json(c.python.warm_pool); }},
  };
}

// [server], [auth]: the shared store, who may frame the web UI, and sign-in.
std::vector<KeySpec> ServerKeys() {
  return {
      {"server", "store_url", "a string",
       [](Config& c, const RawValue& v) { return SetString(v, c.server.store_url); },
       [](const Config& c) { return Json(MaskUrlPassword(c.server.store_url)); }},
      {"server", "frame_ancestors", "a string",
       [](Config& c, const RawValue& v) { return SetString(v, c.server.frame_ancestors); },
       [](const Config& c) { return Json(c.server.frame_ancestors); }},
      {"auth", "proxy_header", "a string",
       [](Config& c, const RawValue& v) { return SetString(v, c.auth.proxy_header); },
       [](const Config& c) { return Json(c.auth.proxy_header); }},
      {"auth", "trusted_proxies", "a string",
       [](Config& c, const RawValue& v) { return SetString(v, c.auth.trusted_proxies); },
       [](const Config& c) { return Json(c.auth.trusted_proxies); }},
      {"auth", "session_hours", "a positive integer",
       [](Config& c, const RawValue& v) { return SetPositiveInt(v, c.auth.session_hours); },
       [](const Config& c) { return Json(c.auth.session_hours); }},
      {"auth", "cookie_secure", "true or false",
       [](Config& c, const RawValue& v) { return SetBool(v, c.auth.cookie_secure); },
       [](const Config& c) { return Json(c.auth.cookie_secure); }},
      {"auth", "max_sign_in_failures", "a positive integer",
       [](Config& c, const RawValue& v) { return SetPositiveInt(v, c.auth.max_sign_in_failures); },
       [](const Config& c) { return Json(c.auth.max_sign_in_failures); }},
  };
}

// [knowledge]: documents, their chunks and the evidence taken from them.
std::vector<KeySpec> KnowledgeKeys() {
  return {
      {"knowledge", "max_file_mb", "a positive integer",
       [](Config& c, const RawValue& v) { return SetPositiveInt(v, c.knowledge.max_file_mb); },
       [](const Config& c) { return Json(c.knowledge.max_file_mb); }},
      {"knowledge", "chunker", "one of \"token\", \"recursive\", \"sentence\", \"paragraph\"",
       [](Config& c, const RawValue& v) {
         return SetStringChoice(v, kKnowledgeChunkers, c.knowledge.chunker);
       },
       [](const Config& c) { return Json(c.knowledge.chunker); }},
      {"knowledge", "chunk_size", "an integer 16 or more",
       [](Config& c, const RawValue& v) { return SetIntAtLeast(v, 16, c.knowledge.chunk_size); },
       [](const Config& c) { return Json(c.knowledge.chunk_size); }},
      {"knowledge", "chunk_overlap", "an integer 0 or more",
       [](Config& c, const RawValue& v) { return SetIntAtLeast(v, 0, c.knowledge.chunk_overlap); },
       [](const Config& c) { return Json(c.knowledge.chunk_overlap); }},
      {"knowledge", "evidence_top_k", "a positive integer",
       [](Config& c, const RawValue& v) { return SetPositiveInt(v, c.knowledge.evidence_top_k); },
       [](const Config& c) { return Json(c.knowledge.evidence_top_k); }},
      {"knowledge", "evidence_token_budget", "a positive integer",
       [](Config& c, const RawValue& v) {
         return SetPositiveInt(v, c.knowledge.evidence_token_budget);
       },
       [](const Config& c) { return Json(c.knowledge.evidence_token_budget); }},
      {"knowledge", "qa_answer_similarity", "a number from 0 to 1",
       [](Config& c, const RawValue& v) {
         return SetFraction(v, c.knowledge.qa_answer_similarity);
       },
       [](const Config& c) { return Json(c.knowledge.qa_answer_similarity); }},
  };
}

// [llm]: the model provider.
std::vector<KeySpec> LlmKeys() {
  return {
      {"llm", "base_url", "a string",
       [](Config& c, const RawValue& v) { return SetString(v, c.llm.base_url); },
       [](const Config& c) { return Json(c.llm.base_url); }},
      {"llm", "api_key_env", "a string",
       [](Config& c, const RawValue& v) { return SetString(v, c.llm.api_key_env); },
       [](const Config& c) { return Json(c.llm.api_key_env); }},
      {"llm", "model", "a string",
       [](Config& c, const RawValue& v) { return SetString(v, c.llm.model); },
       [](const Config& c) { return Json(c.llm.model); }},
  };
}

// The keys in the order of the former single table: ToJson and the suggestions list them so.
const std::vector<KeySpec>& Specs() {
  static const std::vector<KeySpec> specs = [] {
    std::vector<KeySpec> all;
    for (auto keys : {DatabaseKeys, OutputKeys, AnsweringKeys, PythonKeys, ServerKeys,
                      KnowledgeKeys, LlmKeys}) {
      std::vector<KeySpec> part = keys();
      all.insert(all.end(), part.begin(), part.end());
    }
    return all;
  }();
  return specs;
}

const KeySpec* FindSpec(std::string_view section, std::string_view key) {
  for (const KeySpec& spec : Specs()) {
    if (spec.section == section && spec.key == key) return &spec;
  }
  return nullptr;
}

bool IsSection(std::string_view section) {
  return std::any_of(Specs().begin(), Specs().end(),
                     [&](const KeySpec& s) { return s.section == section; });
}

std::vector<std::string> SectionNames() {
  std::vector<std::string> names;
  for (const KeySpec& spec : Specs()) {
    if (std::find(names.begin(), names.end(), spec.section) == names.end()) {
      names.emplace_back(spec.section);
    }
  }
  return names;
}

// The closest candidate within kMaxSuggestionDistance edits, if any.
std::optional<std::string> ClosestName(std::string_view word,
                                       const std::vector<std::string>& candidates) {
  std::optional<std::string> best;
  int best_distance = kMaxSuggestionDistance + 1;
  for (const std::string& candidate : candidates) {
    int d = text::EditDistance(word, candidate);
    int allowed = std::min(kMaxSuggestionDistance, std::max(1, static_cast<int>(candidate.size()) /
                                                                   kCharsPerSuggestionEdit));
    if (d <= allowed && d < best_distance) {
      best_distance = d;
      best = candidate;
    }
  }
  return best;
}

std::string UnknownKeyMessage(std::string_view section, std::string_view key) {
  std::string message = "unknown key " + std::string(section) + "." + std::string(key);
  std::vector<std::string> same_section;
  for (const KeySpec& spec : Specs()) {
    if (spec.section == section) same_section.emplace_back(spec.key);
  }
  if (std::optional<std::string> close = ClosestName(key, same_section)) {
    return message + " (did you mean " + std::string(section) + "." + *close + "?)";
  }
  for (const KeySpec& spec : Specs()) {
    if (spec.key == key) return message + " (did you mean " + spec.Dotted() + "?)";
  }
  return message + "; see askdb.example.toml for the keys of [" + std::string(section) + "]";
}

std::string UnknownSectionMessage(std::string_view section) {
  std::string message = "unknown section [" + std::string(section) + "]";
  if (std::optional<std::string> close = ClosestName(section, SectionNames())) {
    return message + " (did you mean [" + *close + "]?)";
  }
  std::string known;
  for (const std::string& name : SectionNames()) known += (known.empty() ? "" : ", ") + name;
  return message + "; known sections: " + known;
}

std::string Location(std::string_view source_name, const toml::source_region& region) {
  std::string out(source_name);
  if (region.begin.line > 0) out += ":" + std::to_string(region.begin.line);
  return out;
}

Status BadValue(std::string_view location, const KeySpec& spec, const RawValue& raw) {
  return InvalidArgumentError(std::string(location) + ": " + spec.Dotted() + " must be " +
                              std::string(spec.expected) + ", got " + raw.Display());
}

StatusOr<toml::table> ParseToml(std::string_view toml_text, std::string_view source_name) {
  auto parse_error = [&](const toml::parse_error& e) {
    return InvalidArgumentError(Location(source_name, e.source()) +
                                ": malformed TOML: " + std::string(e.description()) + " (column " +
                                std::to_string(e.source().begin.column) +
                                "); fix the syntax or see askdb.example.toml");
  };
#if TOML_EXCEPTIONS
  try {
    return toml::parse(toml_text, source_name);
  } catch (const toml::parse_error& e) {
    return parse_error(e);
  }
#else
  toml::parse_result result = toml::parse(toml_text, source_name);
  if (!result) return parse_error(result.error());
  return std::move(result).table();
#endif
}

// The section whose keys beyond the typed ones belong to another module (llm/).
constexpr std::string_view kDelegatedSection = "llm";

StatusOr<Json> TableToJson(const toml::table& table, std::string_view location) {
  std::ostringstream out;
  out << toml::json_formatter{table};
  StatusOr<Json> json = ParseJson(out.str());
  if (!json.ok()) return json.status().WithContext(std::string(location) + ": [llm]");
  return json;
}

std::optional<std::string> LookUp(const LoadOptions& options, std::string_view name) {
  return options.env ? options.env(name) : ProcessEnv(name);
}

Status ApplyEnv(const LoadOptions& options, Config& config) {
  for (const KeySpec& spec : Specs()) {
    std::string name = EnvVarName(spec.Dotted());
    std::optional<std::string> value = LookUp(options, name);
    // An empty variable counts as unset, so `ASKDB_LOG_LEVEL= askdb ...` keeps the file's value.
    if (!value || value->empty()) continue;
    RawValue raw = TextValue(*value);
    if (!spec.set(config, raw)) return BadValue("environment variable " + name, spec, raw);
  }
  return Status::Ok();
}

Status ApplyFile(const fs::path& path, std::string_view source_name, Config& config) {
  ASKDB_ASSIGN_OR_RETURN(std::string content, ReadFile(path));
  ASKDB_RETURN_IF_ERROR(ApplyToml(content, source_name, config));
  config.source_file = path;
  return Status::Ok();
}

bool IsRegularFile(const fs::path& path) {
  std::error_code ec;
  return fs::is_regular_file(path, ec);
}

}  // namespace

Status ApplyToml(std::string_view toml_text, std::string_view source_name, Config& config) {
  ASKDB_ASSIGN_OR_RETURN(toml::table root, ParseToml(toml_text, source_name));
  for (const auto& [section_key, section_node] : root) {
    std::string_view section = section_key.str();
    std::string location = Location(source_name, section_key.source());
    if (!IsSection(section)) {
      // A bare `max_rows = 5` above every [section] header lands here too.
      for (const KeySpec& spec : Specs()) {
        if (spec.key == section) {
          return InvalidArgumentError(location + ": key " + std::string(section) +
                                      " must be inside a section (did you mean " + spec.Dotted() +
                                      " under [" + std::string(spec.section) + "]?)");
        }
      }
      return InvalidArgumentError(location + ": " + UnknownSectionMessage(section));
    }
    const toml::table* table = section_node.as_table();
    if (table == nullptr) {
      return InvalidArgumentError(location + ": " + std::string(section) +
                                  " must be a section written [" + std::string(section) +
                                  "], not a value or an array");
    }
    const bool delegated = section == kDelegatedSection;
    if (delegated) {
      ASKDB_ASSIGN_OR_RETURN(config.llm.table, TableToJson(*table, location));
    }
    for (const auto& [key, value] : *table) {
      std::string key_location = Location(source_name, key.source());
      const KeySpec* spec = FindSpec(section, key.str());
      if (spec == nullptr && delegated) continue;  // the LLM layer validates it
      if (spec == nullptr) {
        return InvalidArgumentError(key_location + ": " + UnknownKeyMessage(section, key.str()));
      }
      RawValue raw = FromNode(value);
      if (!spec->set(config, raw)) {
        return BadValue(Location(source_name, value.source()), *spec, raw);
      }
    }
  }
  return Status::Ok();
}

StatusOr<Config> LoadConfig(const LoadOptions& options) {
  Config config;
  if (options.config_file) {
    const fs::path& path = *options.config_file;
    if (!IsRegularFile(path)) {
      return NotFoundError("config file " + path.string() +
                           " not found; check the path, or leave it out to use ./" +
                           std::string(kConfigFileName) + " or the user config directory");
    }
    ASKDB_RETURN_IF_ERROR(ApplyFile(path, path.string(), config));
  } else {
    fs::path local = options.working_dir.empty() ? fs::path(kConfigFileName)
                                                 : options.working_dir / kConfigFileName;
    fs::path config_dir = options.config_dir;
    if (config_dir.empty()) {
      StatusOr<AppDirs> dirs = options.env ? ResolveAppDirs(options.env) : ResolveAppDirs();
      // No home directory at all: there is simply no user config file to read.
      if (dirs.ok()) config_dir = dirs->config;
    }
    if (IsRegularFile(local)) {
      ASKDB_RETURN_IF_ERROR(ApplyFile(local, local.string(), config));
    } else if (!config_dir.empty() && IsRegularFile(config_dir / kConfigFileName)) {
      fs::path user = config_dir / kConfigFileName;
      ASKDB_RETURN_IF_ERROR(ApplyFile(user, user.string(), config));
    }
  }
  if (options.use_env) ASKDB_RETURN_IF_ERROR(ApplyEnv(options, config));
  return config;
}

Status SetConfigValue(Config& config, std::string_view dotted_key, std::string_view value,
                      std::string_view source_name) {
  size_t dot = dotted_key.find('.');
  std::string_view section = dotted_key.substr(0, dot);
  std::string_view key = dot == std::string_view::npos ? "" : dotted_key.substr(dot + 1);
  if (!IsSection(section)) {
    return InvalidArgumentError(std::string(source_name) + ": " + UnknownSectionMessage(section));
  }
  const KeySpec* spec = FindSpec(section, key);
  if (spec == nullptr) {
    return InvalidArgumentError(std::string(source_name) + ": " + UnknownKeyMessage(section, key));
  }
  RawValue raw = TextValue(value);
  if (!spec->set(config, raw)) return BadValue(source_name, *spec, raw);
  return Status::Ok();
}

std::vector<std::string> ConfigKeys() {
  std::vector<std::string> keys;
  for (const KeySpec& spec : Specs()) keys.push_back(spec.Dotted());
  return keys;
}

std::string EnvVarName(std::string_view dotted_key) {
  std::string name(kEnvPrefix);
  for (char c : dotted_key) {
    if (c == '.') {
      name.push_back('_');
    } else if (c >= 'a' && c <= 'z') {
      name.push_back(static_cast<char>(c - 'a' + 'A'));
    } else {
      name.push_back(c);
    }
  }
  return name;
}

namespace {

// True for a header whose value is a credential: Authorization, Api-Key, X-Auth-Token, Cookie…
bool SecretHeaderName(std::string_view name) {
  std::string lower(name);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (std::string_view word : {"auth", "key", "token", "secret", "cookie", "password"}) {
    if (lower.find(word) != std::string::npos) return true;
  }
  return false;
}

// An [llm] value as config show prints it: every api_key (a provider's too), a credential
// header's value and a proxy's password masked. Only the top-level api_key was, so a key in
// [llm.providers.NAME] or an Authorization header was echoed in full.
Json MaskedLlmValue(std::string_view key, const Json& value, bool in_headers = false) {
  if (key == "api_key" || (in_headers && SecretHeaderName(key))) return Json("***");
  if (key == "proxy" && value.is_string()) return MaskUrlPassword(value.get<std::string>());
  if (!value.is_object()) return value;
  Json out = Json::object();
  for (const auto& [k, v] : value.items()) out[k] = MaskedLlmValue(k, v, key == "headers");
  return out;
}

}  // namespace

Json ToJson(const Config& config) {
  Json out = Json::object();
  for (const KeySpec& spec : Specs()) {
    out[std::string(spec.section)][std::string(spec.key)] = spec.get(config);
  }
  for (const auto& [key, value] : config.llm.table.items()) {
    if (out["llm"].contains(key)) continue;
    // A secret written into the file is shown masked, never echoed.
    out["llm"][key] = MaskedLlmValue(key, value);
  }
  return out;
}

}  // namespace askdb::config
