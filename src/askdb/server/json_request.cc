#include "askdb/server/json_request.h"

#include <algorithm>
#include <cctype>

#include "askdb/server/http.h"

namespace askdb::server {
namespace {

std::string Quoted(std::string_view field) { return "'" + std::string(field) + "'"; }

std::string_view TypeName(const Json& value) {
  switch (value.type()) {
    case Json::value_t::null:
      return "null";
    case Json::value_t::boolean:
      return "a boolean";
    case Json::value_t::string:
      return "a string";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
      return "an integer";
    case Json::value_t::number_float:
      return "a number";
    case Json::value_t::array:
      return "an array";
    case Json::value_t::object:
      return "an object";
    default:
      return "an unsupported value";
  }
}

Status WrongType(std::string_view field, std::string_view expected, const Json& value) {
  return InvalidArgumentError("field " + Quoted(field) + " must be " + std::string(expected) +
                              ", got " + std::string(TypeName(value)));
}

// The field's value, or null when `object` lacks it. `object` is always an object here:
// ParseJsonObject guarantees it, and a non-object is treated as having no fields.
const Json* Find(const Json& object, std::string_view field) {
  if (!object.is_object()) return nullptr;
  auto it = object.find(field);
  if (it == object.end() || it->is_null()) return nullptr;
  return &*it;
}

bool IsJsonContentType(std::string_view content_type) {
  std::string_view media = content_type.substr(0, content_type.find(';'));
  while (!media.empty() && (media.back() == ' ' || media.back() == '\t')) media.remove_suffix(1);
  while (!media.empty() && (media.front() == ' ' || media.front() == '\t')) media.remove_prefix(1);
  return EqualsIgnoreCase(media, "application/json");
}

// A field name without case, '_' or '-': "threadId", "thread-id" and "thread_id" match.
std::string Loose(std::string_view field) {
  std::string out;
  for (char c : field) {
    if (c != '_' && c != '-') out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

}  // namespace

Status RejectUnknownFields(const Json& object, std::initializer_list<std::string_view> accepted) {
  return RejectUnknownFields(object, std::span(accepted.begin(), accepted.size()));
}

Status RejectUnknownFields(const Json& object, std::span<const std::string_view> accepted) {
  if (!object.is_object()) return Status::Ok();
  for (const auto& [field, value] : object.items()) {
    if (std::find(accepted.begin(), accepted.end(), field) != accepted.end()) continue;
    std::string message = "unknown field " + Quoted(field);
    for (std::string_view known : accepted) {
      if (Loose(known) == Loose(field)) message += "; did you mean " + Quoted(known) + "?";
    }
    std::string names;
    for (std::string_view known : accepted) names += (names.empty() ? "" : ", ") + Quoted(known);
    return InvalidArgumentError(message + " (accepted fields: " + names + ")");
  }
  return Status::Ok();
}

StatusOr<Json> ParseJsonObject(std::string_view content_type, std::string_view body) {
  if (!IsJsonContentType(content_type)) {
    return InvalidArgumentError("Content-Type must be application/json" +
                                (content_type.empty()
                                     ? std::string(" (none was sent)")
                                     : " (got '" + std::string(content_type) + "')") +
                                ": send the request body as JSON with that header");
  }
  if (body.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    return InvalidArgumentError("the request body is empty: send a JSON object");
  }
  Json value;
  try {
    value = Json::parse(body);
  } catch (const Json::parse_error& e) {
    // e.byte is 1-based and points just past the offending character; report the 0-based
    // offset of that character so it can be found with a substring.
    std::size_t position = e.byte == 0 ? 0 : e.byte - 1;
    std::string what = e.what();
    std::size_t detail = what.find("]: ");
    std::size_t colon = what.find(": ", what.find("column"));
    std::string reason = colon != std::string::npos    ? what.substr(colon + 2)
                         : detail != std::string::npos ? what.substr(detail + 3)
                                                       : what;
    return InvalidArgumentError("malformed JSON in the request body at byte " +
                                std::to_string(position) + ": " + reason +
                                "; send a valid JSON object");
  } catch (const Json::exception& e) {
    // Not only parse_error: a number too large for a double ("1e999") is out_of_range.
    return InvalidArgumentError(std::string("unusable JSON in the request body: ") + e.what() +
                                "; send numbers within the range of a double");
  }
  if (!value.is_object()) {
    return InvalidArgumentError("the request body must be a JSON object, got " +
                                std::string(TypeName(value)));
  }
  return value;
}

StatusOr<Json> ParseJsonBody(const HttpRequest& request) {
  return ParseJsonObject(request.Header("Content-Type").value_or(""), request.body);
}

StatusOr<Json> ParseJsonBody(const HttpRequest& request,
                             std::span<const std::string_view> accepted) {
  ASKDB_ASSIGN_OR_RETURN(Json body, ParseJsonBody(request));
  ASKDB_RETURN_IF_ERROR(RejectUnknownFields(body, accepted));
  return body;
}

StatusOr<Json> ParseJsonBody(const HttpRequest& request,
                             std::initializer_list<std::string_view> accepted) {
  return ParseJsonBody(request, std::span(accepted.begin(), accepted.size()));
}

StatusOr<std::string> RequireString(const Json& object, std::string_view field) {
  const Json* value = Find(object, field);
  if (value == nullptr) {
    return InvalidArgumentError("field " + Quoted(field) +
                                " is required: add it as a string to the JSON body");
  }
  if (!value->is_string()) return WrongType(field, "a string", *value);
  return value->get<std::string>();
}

Status OptionalString(const Json& object, std::string_view field, std::string* out) {
  const Json* value = Find(object, field);
  if (value == nullptr) return Status::Ok();
  if (!value->is_string()) return WrongType(field, "a string", *value);
  *out = value->get<std::string>();
  return Status::Ok();
}

Status OptionalBool(const Json& object, std::string_view field, bool* out) {
  const Json* value = Find(object, field);
  if (value == nullptr) return Status::Ok();
  if (!value->is_boolean()) return WrongType(field, "true or false", *value);
  *out = value->get<bool>();
  return Status::Ok();
}

Status OptionalInt(const Json& object, std::string_view field, std::int64_t* out, std::int64_t min,
                   std::int64_t max) {
  const Json* value = Find(object, field);
  if (value == nullptr) return Status::Ok();
  std::string range = "an integer from " + std::to_string(min) + " to " + std::to_string(max);
  std::int64_t number = 0;
  if (value->is_number_integer() && !value->is_number_unsigned()) {
    number = value->get<std::int64_t>();
  } else if (value->is_number_unsigned()) {
    auto unsigned_value = value->get<std::uint64_t>();
    if (unsigned_value > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
      return InvalidArgumentError("field " + Quoted(field) + " must be " + range + ", got " +
                                  std::to_string(unsigned_value));
    }
    number = static_cast<std::int64_t>(unsigned_value);
  } else {
    return WrongType(field, range, *value);
  }
  if (number < min || number > max) {
    return InvalidArgumentError("field " + Quoted(field) + " must be " + range + ", got " +
                                std::to_string(number));
  }
  *out = number;
  return Status::Ok();
}

Status OptionalStringArray(const Json& object, std::string_view field,
                           std::vector<std::string>* out) {
  const Json* value = Find(object, field);
  if (value == nullptr) return Status::Ok();
  if (!value->is_array()) return WrongType(field, "an array of strings", *value);
  std::vector<std::string> items;
  items.reserve(value->size());
  for (std::size_t i = 0; i < value->size(); ++i) {
    const Json& item = (*value)[i];
    if (!item.is_string()) {
      return WrongType(std::string(field) + "[" + std::to_string(i) + "]", "a string", item);
    }
    items.push_back(item.get<std::string>());
  }
  *out = std::move(items);
  return Status::Ok();
}

}  // namespace askdb::server
