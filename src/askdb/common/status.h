// Status and StatusOr<T>: how every module boundary reports failure.
//
// A Status carries a code and a message that says what failed and what to do about it.
// StatusOr<T> holds either a value or a non-OK Status. Both are cheap value types and
// are not synchronised: share them between threads only by copy.
#pragma once

#include <cassert>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace askdb {

enum class StatusCode {
  kOk = 0,
  kInvalidArgument,
  kNotFound,
  kAlreadyExists,
  kPermissionDenied,
  kFailedPrecondition,
  kUnavailable,
  kDeadlineExceeded,
  kCancelled,
  kResourceExhausted,
  kSqlError,
  kLlmError,
  kUnimplemented,
  kInternal,
  kUnauthenticated,  // no valid credentials (HTTP 401); kPermissionDenied is 403
};

// Stable lower-case name of a code ("invalid_argument"), used in JSON output and logs.
std::string_view StatusCodeName(StatusCode code);

class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(StatusCode code, std::string message) : code_(code), message_(std::move(message)) {}

  static Status Ok() { return Status(); }

  bool ok() const { return code_ == StatusCode::kOk; }
  StatusCode code() const { return code_; }
  const std::string& message() const { return message_; }

  // "sql_error: no such table: foo" — for logs and one-line CLI errors.
  std::string ToString() const;

  // Returns a copy whose message is prefixed with `context` ("opening demo.sqlite: ...").
  Status WithContext(std::string_view context) const;

  bool operator==(const Status& other) const = default;

 private:
  StatusCode code_ = StatusCode::kOk;
  std::string message_;
};

inline Status InvalidArgumentError(std::string m) {
  return {StatusCode::kInvalidArgument, std::move(m)};
}
inline Status NotFoundError(std::string m) { return {StatusCode::kNotFound, std::move(m)}; }
inline Status AlreadyExistsError(std::string m) {
  return {StatusCode::kAlreadyExists, std::move(m)};
}
inline Status UnauthenticatedError(std::string m) {
  return {StatusCode::kUnauthenticated, std::move(m)};
}
inline Status PermissionDeniedError(std::string m) {
  return {StatusCode::kPermissionDenied, std::move(m)};
}
inline Status FailedPreconditionError(std::string m) {
  return {StatusCode::kFailedPrecondition, std::move(m)};
}
inline Status UnavailableError(std::string m) { return {StatusCode::kUnavailable, std::move(m)}; }
inline Status DeadlineExceededError(std::string m) {
  return {StatusCode::kDeadlineExceeded, std::move(m)};
}
inline Status CancelledError(std::string m) { return {StatusCode::kCancelled, std::move(m)}; }
inline Status ResourceExhaustedError(std::string m) {
  return {StatusCode::kResourceExhausted, std::move(m)};
}
inline Status SqlError(std::string m) { return {StatusCode::kSqlError, std::move(m)}; }
inline Status LlmError(std::string m) { return {StatusCode::kLlmError, std::move(m)}; }
inline Status UnimplementedError(std::string m) {
  return {StatusCode::kUnimplemented, std::move(m)};
}
inline Status InternalError(std::string m) { return {StatusCode::kInternal, std::move(m)}; }

template <typename T>
class [[nodiscard]] StatusOr {
 public:
  // Implicit on purpose: `return value;` and `return SomeError(...);` both read naturally.
  StatusOr(const T& value) : value_(value) {}             // NOLINT
  StatusOr(T&& value) : value_(std::move(value)) {}       // NOLINT
  StatusOr(Status status) : status_(std::move(status)) {  // NOLINT
    assert(!status_.ok() && "StatusOr built from an OK Status has no value");
    if (status_.ok()) status_ = InternalError("StatusOr constructed from OK status");
  }

  bool ok() const { return value_.has_value(); }
  const Status& status() const { return status_; }

  const T& value() const& {
    assert(ok());
    return *value_;
  }
  T& value() & {
    assert(ok());
    return *value_;
  }
  T&& value() && {
    assert(ok());
    return std::move(*value_);
  }
  const T& operator*() const& { return value(); }
  T& operator*() & { return value(); }
  T&& operator*() && { return std::move(*this).value(); }
  const T* operator->() const { return &value(); }
  T* operator->() { return &value(); }

 private:
  Status status_;
  std::optional<T> value_;
};

}  // namespace askdb

#define ASKDB_CONCAT_INNER_(a, b) a##b
#define ASKDB_CONCAT_(a, b) ASKDB_CONCAT_INNER_(a, b)

// Returns the Status from the enclosing function when `expr` is not OK.
#define ASKDB_RETURN_IF_ERROR(expr)                \
  do {                                             \
    ::askdb::Status askdb_status_ = (expr);        \
    if (!askdb_status_.ok()) return askdb_status_; \
  } while (false)

// ASKDB_ASSIGN_OR_RETURN(auto x, Foo()); — unwraps a StatusOr or returns its Status.
#define ASKDB_ASSIGN_OR_RETURN(lhs, expr) \
  ASKDB_ASSIGN_OR_RETURN_IMPL_(ASKDB_CONCAT_(askdb_statusor_, __LINE__), lhs, expr)
#define ASKDB_ASSIGN_OR_RETURN_IMPL_(tmp, lhs, expr) \
  auto tmp = (expr);                                 \
  if (!tmp.ok()) return tmp.status();                \
  lhs = std::move(tmp).value()
