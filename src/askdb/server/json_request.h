// Reading JSON request bodies: parse with a Content-Type check, then typed field readers
// whose errors name the field and what was expected. Every failure is InvalidArgument,
// which HttpResponse::FromStatus maps to 400 with a JSON error body. An endpoint that
// rejects unknown fields says so with RejectUnknownFields (a misspelt "threadId" would
// otherwise be ignored silently). A JSON null counts as absent.
//
// Pure functions over values; thread-safe.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/json.h"
#include "askdb/common/status.h"

namespace askdb::server {

struct HttpRequest;

// Parses `body` as a JSON object. `content_type` must be application/json (parameters such
// as charset are allowed); malformed JSON names the byte position.
StatusOr<Json> ParseJsonObject(std::string_view content_type, std::string_view body);
// The same for a request, reading its Content-Type header.
StatusOr<Json> ParseJsonBody(const HttpRequest& request);
// The same for an endpoint that takes only the `accepted` fields: any other is refused with
// RejectUnknownFields, so a misspelt field is not ignored silently.
StatusOr<Json> ParseJsonBody(const HttpRequest& request,
                             std::span<const std::string_view> accepted);
StatusOr<Json> ParseJsonBody(const HttpRequest& request,
                             std::initializer_list<std::string_view> accepted);

// InvalidArgument naming the first field of `object` not in `accepted`, the closest
// accepted one when it differs only in case, '_' or '-' ("did you mean 'thread_id'?"), and
// the accepted ones.
Status RejectUnknownFields(const Json& object, std::span<const std::string_view> accepted);
Status RejectUnknownFields(const Json& object, std::initializer_list<std::string_view> accepted);

// A required non-empty-able string field.
StatusOr<std::string> RequireString(const Json& object, std::string_view field);

// The readers below leave `*out` unchanged when the field is absent or null, so callers
// initialise it with the default.
Status OptionalString(const Json& object, std::string_view field, std::string* out);
Status OptionalBool(const Json& object, std::string_view field, bool* out);
// An integer within [min, max] (a float with a fraction, or a value outside, is an error).
Status OptionalInt(const Json& object, std::string_view field, std::int64_t* out,
                   std::int64_t min = std::numeric_limits<std::int64_t>::min(),
                   std::int64_t max = std::numeric_limits<std::int64_t>::max());
Status OptionalStringArray(const Json& object, std::string_view field,
                           std::vector<std::string>* out);

}  // namespace askdb::server
