#include "askdb/llm/json_output.h"

#include <spdlog/spdlog.h>

#include "askdb/llm/openai/openai_protocol.h"

namespace askdb::llm {
namespace {

constexpr std::string_view kFence = "```";

// End (exclusive) of the balanced JSON value starting at text[start], or npos.
size_t BalancedEnd(std::string_view text, size_t start) {
  int depth = 0;
  bool in_string = false;
  bool escaped = false;
  for (size_t i = start; i < text.size(); ++i) {
    char c = text[i];
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      if (--depth == 0) return i + 1;
    }
  }
  return std::string_view::npos;
}

std::string_view Trim(std::string_view s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return {};
  size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

bool TypeMatches(const Json& v, const std::string& type) {
  if (type == "object") return v.is_object();
  if (type == "array") return v.is_array();
  if (type == "string") return v.is_string();
  if (type == "integer") return v.is_number_integer();
  if (type == "number") return v.is_number();
  if (type == "boolean") return v.is_boolean();
  if (type == "null") return v.is_null();
  return true;  // unknown type names are not enforced
}

void Validate(const Json& v, const Json& schema, const std::string& path,
              std::vector<std::string>& errors);

// "type" (a name or a list of names): false when the value has none of them, and then
// nothing else about it is checked.
bool CheckType(const Json& v, const Json& schema, const std::string& path,
               std::vector<std::string>& errors) {
  auto t = schema.find("type");
  if (t == schema.end()) return true;
  bool ok = false;
  std::string names;
  if (t->is_string()) {
    ok = TypeMatches(v, *t);
    names = t->get<std::string>();
  } else if (t->is_array()) {
    for (const auto& n : *t) {
      if (n.is_string() && TypeMatches(v, n)) ok = true;
      names += (names.empty() ? "" : "|") + n.get<std::string>();
    }
  } else {
    ok = true;
  }
  if (!ok) errors.push_back(path + ": expected " + names + ", got " + v.type_name());
  return ok;
}

// "enum" and "const": the values the field may take.
void CheckAllowedValues(const Json& v, const Json& schema, const std::string& path,
                        std::vector<std::string>& errors) {
  if (auto e = schema.find("enum"); e != schema.end() && e->is_array()) {
    if (std::find(e->begin(), e->end(), v) == e->end()) {
      errors.push_back(path + ": " + v.dump() + " is not one of " + e->dump());
    }
  }
  if (auto c = schema.find("const"); c != schema.end() && *c != v) {
    errors.push_back(path + ": must be " + c->dump());
  }
}

// An object's required properties, then each property against its schema (or refused
// when additionalProperties is false).
void ValidateObject(const Json& v, const Json& schema, const std::string& path,
                    std::vector<std::string>& errors) {
  const Json props = schema.value("properties", Json::object());
  for (const auto& r : schema.value("required", Json::array())) {
    if (r.is_string() && !v.contains(r.get<std::string>())) {
      errors.push_back(path + ": missing required property '" + r.get<std::string>() + "'");
    }
  }
  for (const auto& [key, child] : v.items()) {
    if (props.contains(key)) {
      Validate(child, props[key], path + "." + key, errors);
    } else if (auto ap = schema.find("additionalProperties");
               ap != schema.end() && ap->is_boolean() && !ap->get<bool>()) {
      errors.push_back(path + ": unexpected property '" + key + "'");
    }
  }
}

// An array's length (minItems, maxItems), then each item against "items".
void ValidateArray(const Json& v, const Json& schema, const std::string& path,
                   std::vector<std::string>& errors) {
  if (auto mn = schema.find("minItems"); mn != schema.end() && v.size() < mn->get<size_t>()) {
    errors.push_back(path + ": needs at least " + mn->dump() + " items");
  }
  if (auto mx = schema.find("maxItems"); mx != schema.end() && v.size() > mx->get<size_t>()) {
    errors.push_back(path + ": allows at most " + mx->dump() + " items");
  }
  if (auto items = schema.find("items"); items != schema.end()) {
    for (size_t i = 0; i < v.size(); ++i) {
      Validate(v[i], *items, path + "[" + std::to_string(i) + "]", errors);
    }
  }
}

// A string's length in bytes (minLength, maxLength).
void CheckStringLength(const Json& v, const Json& schema, const std::string& path,
                       std::vector<std::string>& errors) {
  size_t len = v.get_ref<const std::string&>().size();
  if (auto mn = schema.find("minLength"); mn != schema.end() && len < mn->get<size_t>()) {
    errors.push_back(path + ": shorter than " + mn->dump());
  }
  if (auto mx = schema.find("maxLength"); mx != schema.end() && len > mx->get<size_t>()) {
    errors.push_back(path + ": longer than " + mx->dump());
  }
}

// A number's range (minimum, maximum).
void CheckNumberRange(const Json& v, const Json& schema, const std::string& path,
                      std::vector<std::string>& errors) {
  double d = v.get<double>();
  if (auto mn = schema.find("minimum"); mn != schema.end() && d < mn->get<double>()) {
    errors.push_back(path + ": below minimum " + mn->dump());
  }
  if (auto mx = schema.find("maximum"); mx != schema.end() && d > mx->get<double>()) {
    errors.push_back(path + ": above maximum " + mx->dump());
  }
}

// The subset of JSON Schema the model's answers are held to, every error with its path.
void Validate(const Json& v, const Json& schema, const std::string& path,
              std::vector<std::string>& errors) {
  if (!schema.is_object()) return;
  if (!CheckType(v, schema, path, errors)) return;
  CheckAllowedValues(v, schema, path, errors);
  if (v.is_object()) ValidateObject(v, schema, path, errors);
  if (v.is_array()) ValidateArray(v, schema, path, errors);
  if (v.is_string()) CheckStringLength(v, schema, path, errors);
  if (v.is_number()) CheckNumberRange(v, schema, path, errors);
}

std::string Join(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += (out.empty() ? "" : "; ") + l;
  return out;
}

// Extracts and validates; returns the problems (empty when `out` is good). A reply that
// fails as JSON is read by `natural_reply`, when given, before it counts as a problem.
std::string Check(const ChatResponse& r, const Json& schema, const NaturalReplyFn& natural_reply,
                  Json& out) {
  std::string problem;
  auto parsed = ExtractJson(r.content);
  if (!parsed.ok()) {
    problem = parsed.status().message();
  } else if (auto errors = ValidateJsonSchema(*parsed, schema); !errors.empty()) {
    problem = "the JSON does not match the schema: " + Join(errors);
  } else {
    out = std::move(*parsed);
    return "";
  }
  if (natural_reply) {
    const std::string visible = openai::SplitThinking(r.content).first;
    if (std::optional<Json> read = natural_reply(Trim(visible));
        read.has_value() && ValidateJsonSchema(*read, schema).empty()) {
      out = std::move(*read);
      return "";
    }
  }
  return problem;
}

void AddUsage(Usage& total, const Usage& u) {
  total.prompt_tokens += u.prompt_tokens;
  total.completion_tokens += u.completion_tokens;
  total.estimated = total.estimated || u.estimated;
  total.latency_ms += u.latency_ms;
  total.retries += u.retries;
}

}  // namespace

StatusOr<JsonMode> ParseJsonMode(std::string_view name) {
  if (name == "none" || name == "text") return JsonMode::kNone;
  if (name == "json_object") return JsonMode::kJsonObject;
  if (name == "json_schema") return JsonMode::kJsonSchema;
  return InvalidArgumentError("unknown json_mode '" + std::string(name) +
                              "'; use json_schema, json_object or none");
}

StatusOr<Json> ExtractJson(std::string_view text) {
  auto [visible, thinking] = openai::SplitThinking(text);
  std::string_view s = Trim(visible);
  if (s.empty()) return InvalidArgumentError("the model's reply is empty; expected JSON");
  if (auto whole = ParseJson(s); whole.ok()) return whole;
  if (size_t fence = s.find(kFence); fence != std::string_view::npos) {
    size_t body = s.find('\n', fence);
    size_t close = body == std::string_view::npos ? body : s.find(kFence, body);
    if (close != std::string_view::npos) {
      if (auto fenced = ParseJson(Trim(s.substr(body + 1, close - body - 1))); fenced.ok()) {
        return fenced;
      }
    }
  }
  for (size_t i = s.find_first_of("{["); i != std::string_view::npos;
       i = s.find_first_of("{[", i + 1)) {
    size_t end = BalancedEnd(s, i);
    if (end == std::string_view::npos) continue;
    if (auto candidate = ParseJson(s.substr(i, end - i)); candidate.ok()) return candidate;
  }
  std::string excerpt(s.substr(0, 120));
  return InvalidArgumentError("no JSON value found in the model's reply: \"" + excerpt + "\"");
}

std::vector<std::string> ValidateJsonSchema(const Json& value, const Json& schema) {
  std::vector<std::string> errors;
  try {
    Validate(value, schema, "$", errors);
  } catch (const std::exception& e) {
    errors.push_back(std::string("$: the schema could not be applied: ") + e.what());
  }
  return errors;
}

namespace {

// Shows the model the schema (servers in json_object mode require the word "JSON" in the
// prompt; every mode benefits) and asks for the response format the server supports.
void AskForJson(ChatRequest& request, const Json& schema, JsonMode server_support) {
  request.messages.insert(request.messages.begin(),
                          Message::System("Reply with only a JSON value that matches this JSON "
                                          "Schema, no prose:\n" +
                                          schema.dump()));
  switch (server_support) {
    case JsonMode::kNone:
      request.response_format = ResponseFormat::kText;
      break;
    case JsonMode::kJsonObject:
      request.response_format = ResponseFormat::kJsonObject;
      break;
    case JsonMode::kJsonSchema:
      request.response_format = ResponseFormat::kJsonSchema;
      request.json_schema = schema;
      break;
  }
}

// The first call; a server that refuses response_format is asked again for JSON in text.
StatusOr<ChatResponse> FirstCall(LlmClient& client, ChatRequest& request,
                                 const CallOptions& options) {
  auto first = client.Chat(request, options);
  if (!first.ok() && first.status().code() == StatusCode::kInvalidArgument &&
      first.status().message().find("response_format") != std::string::npos &&
      request.response_format != ResponseFormat::kText) {
    spdlog::info("llm: server refused response_format; falling back to JSON in text");
    request.response_format = ResponseFormat::kText;
    first = client.Chat(request, options);
  }
  return first;
}

// One repair request after a reply that was not the JSON asked for; the usage of both calls
// is counted in the result.
StatusOr<JsonResult> Repair(LlmClient& client, ChatRequest& request, const Json& schema,
                            const JsonCallOptions& json_options, const CallOptions& options,
                            const ChatResponse& first, const std::string& problem) {
  request.messages.push_back(Message::Assistant(first.content));
  request.messages.push_back(
      Message::User("Your previous reply was not valid: " + problem +
                    ". Reply again with only the corrected JSON value that matches the schema."));
  auto second = client.Chat(request, options);
  if (!second.ok()) return second.status();
  JsonResult result;
  Usage total = first.usage;
  AddUsage(total, second->usage);
  result.response = *second;
  result.response.usage = total;
  result.repaired = true;
  std::string still = Check(*second, schema, json_options.natural_reply, result.value);
  if (!still.empty()) {
    return LlmError(
        "the model's reply is not the JSON asked for, even after one repair "
        "request: " +
        still + ". Try a stronger model or simplify the request");
  }
  return result;
}

}  // namespace

StatusOr<JsonResult> ChatJson(LlmClient& client, ChatRequest request, const Json& schema,
                              const JsonCallOptions& json_options, const CallOptions& options) {
  AskForJson(request, schema, json_options.server_support);
  ASKDB_ASSIGN_OR_RETURN(ChatResponse first, FirstCall(client, request, options));
  JsonResult result;
  result.response = first;
  std::string problem = Check(first, schema, json_options.natural_reply, result.value);
  if (problem.empty()) return result;
  if (!json_options.allow_repair) {
    return LlmError("the model's reply is not the JSON asked for: " + problem);
  }
  return Repair(client, request, schema, json_options, options, first, problem);
}

}  // namespace askdb::llm
