#include "askdb/server/http.h"

#include <algorithm>

#include "askdb/common/json.h"

namespace askdb::server {

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i];
    char y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

void HttpHeaders::Set(std::string_view name, std::string_view value) {
  Remove(name);
  Add(name, value);
}

void HttpHeaders::Add(std::string_view name, std::string_view value) {
  entries_.emplace_back(std::string(name), std::string(value));
}

void HttpHeaders::Remove(std::string_view name) {
  std::erase_if(entries_, [&](const auto& entry) { return EqualsIgnoreCase(entry.first, name); });
}

std::optional<std::string> HttpHeaders::Get(std::string_view name) const {
  for (const auto& [key, value] : entries_) {
    if (EqualsIgnoreCase(key, name)) return value;
  }
  return std::nullopt;
}

std::string_view HttpRequest::PathParam(std::string_view name) const {
  auto it = path_params.find(std::string(name));
  return it == path_params.end() ? std::string_view() : std::string_view(it->second);
}

std::optional<std::string> HttpRequest::Query(std::string_view name) const {
  auto it = query.find(std::string(name));
  if (it == query.end()) return std::nullopt;
  return it->second;
}

HttpResponse HttpResponse::JsonBody(const nlohmann::ordered_json& value, int status) {
  HttpResponse response;
  response.status = status;
  response.content_type = std::string(kJsonContentType);
  // `replace`: a message may quote user bytes that are not valid UTF-8; dump must not throw.
  response.body = value.dump(-1, ' ', false, Json::error_handler_t::replace);
  return response;
}

std::string JsonErrorText(std::string_view code, std::string_view message) {
  Json body = {{"error", {{"code", std::string(code)}, {"message", std::string(message)}}}};
  return body.dump(-1, ' ', false, Json::error_handler_t::replace);
}

HttpResponse HttpResponse::Error(int status, std::string_view code, std::string_view message) {
  HttpResponse response;
  response.status = status;
  response.content_type = std::string(kJsonContentType);
  response.body = JsonErrorText(code, message);
  return response;
}

HttpResponse HttpResponse::FromStatus(const Status& status) {
  if (status.ok()) return JsonBody(Json::object(), 200);
  return Error(HttpStatusFor(status.code()), StatusCodeName(status.code()), status.message());
}

int HttpStatusFor(StatusCode code) {
  switch (code) {
    case StatusCode::kOk:
      return 200;
    case StatusCode::kInvalidArgument:
      return 400;
    case StatusCode::kUnauthenticated:
      return 401;
    case StatusCode::kPermissionDenied:
      return 403;
    case StatusCode::kNotFound:
      return 404;
    case StatusCode::kAlreadyExists:
    case StatusCode::kFailedPrecondition:
      return 409;
    case StatusCode::kSqlError:
      return 422;
    case StatusCode::kResourceExhausted:
      return 429;
    case StatusCode::kCancelled:
      return 499;  // nginx's "client closed request": the caller cancelled
    case StatusCode::kUnimplemented:
      return 501;
    case StatusCode::kLlmError:
      return 502;
    case StatusCode::kUnavailable:
      return 503;
    case StatusCode::kDeadlineExceeded:
      return 504;
    case StatusCode::kInternal:
      return 500;
  }
  return 500;
}

StreamResponse StreamResponse::Reject(HttpResponse response) {
  StreamResponse result;
  result.head = std::move(response);
  return result;
}

StreamResponse StreamResponse::Sse(std::function<void(StreamWriter&)> body) {
  StreamResponse result;
  result.head.status = 200;
  result.head.content_type = std::string(kSseContentType);
  result.head.headers.Set("Cache-Control", "no-cache");
  // Tells nginx-style reverse proxies not to buffer the stream.
  result.head.headers.Set("X-Accel-Buffering", "no");
  result.body = std::move(body);
  return result;
}

}  // namespace askdb::server
