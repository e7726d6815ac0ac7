// JSON output from a model: ask for JSON the way the server supports (response_format
// json_schema, json_object, or only an instruction), pull the JSON out of whatever text
// comes back (prose, code fences, <think> blocks), validate it against a JSON Schema, and,
// when it does not fit, ask once for a repair. Stateless functions; thread-safe.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/json.h"
#include "askdb/llm/llm_client.h"

namespace askdb::llm {

// What the server understands in response_format.
enum class JsonMode { kNone, kJsonObject, kJsonSchema };
StatusOr<JsonMode> ParseJsonMode(std::string_view name);  // "none", "json_object", "json_schema"

// Finds the JSON value in a model's reply: the whole text, a ```json fence, or the first
// balanced {...} / [...] (strings and escapes respected). Reasoning blocks are ignored.
StatusOr<Json> ExtractJson(std::string_view text);

// Checks `value` against a JSON Schema subset: type (or list of types), enum, const,
// properties, required, additionalProperties: false, items, minItems, maxItems,
// minLength, maxLength, minimum, maximum. Returns one line per violation ("$.rows[2]: ...");
// empty means valid.
std::vector<std::string> ValidateJsonSchema(const Json& value, const Json& schema);

// Reads a reply that holds no JSON value fitting the schema in the shape a model naturally
// gives instead (for SQL, a ```sql block) and returns the JSON asked for, or nullopt.
// `visible` is the reply without reasoning blocks.
using NaturalReplyFn = std::function<std::optional<Json>(std::string_view visible)>;

struct JsonCallOptions {
  JsonMode server_support = JsonMode::kJsonObject;
  bool allow_repair = true;      // at most one repair request
  NaturalReplyFn natural_reply;  // empty: only JSON is accepted
};

struct JsonResult {
  Json value;
  ChatResponse response;  // the last reply; usage summed over the calls made
  bool repaired = false;
};

// Asks for JSON matching `schema` (response_format as the server supports it), extracts and
// validates it; a reply that does not fit (no JSON, truncated, a field missing, null or of
// the wrong type where the schema forbids it) and that `natural_reply` cannot read gets one
// repair request. Still not fitting: LlmError naming the problem. Transport errors are
// returned as they are.
StatusOr<JsonResult> ChatJson(LlmClient& client, ChatRequest request, const Json& schema,
                              const JsonCallOptions& json_options, const CallOptions& options);

}  // namespace askdb::llm
