// The project's JSON type. One alias so that every module spells it the same way and a
// future switch of library touches one line. nlohmann::json throws on misuse: code that
// parses untrusted text calls ParseJson, which turns exceptions into a Status.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

#include "askdb/common/status.h"

namespace askdb {

using Json = nlohmann::ordered_json;

// Parses `text`; a malformed document gives InvalidArgument naming the byte offset.
StatusOr<Json> ParseJson(std::string_view text);

}  // namespace askdb
