#include "askdb/cli/exit_codes.h"

namespace askdb::cli {

int ExitCodeFor(const Status& status) {
  switch (status.code()) {
    case StatusCode::kOk:
      return kExitOk;
    case StatusCode::kInvalidArgument:
    case StatusCode::kNotFound:
    case StatusCode::kAlreadyExists:
    case StatusCode::kFailedPrecondition:
      return kExitInput;
    case StatusCode::kSqlError:
      return kExitSql;
    case StatusCode::kPermissionDenied:
    case StatusCode::kUnauthenticated:
      return kExitRefused;
    case StatusCode::kDeadlineExceeded:
      return kExitTimeout;
    case StatusCode::kUnavailable:
    case StatusCode::kLlmError:
    case StatusCode::kResourceExhausted:
      return kExitUnavailable;
    case StatusCode::kCancelled:
      return kExitInterrupted;
    case StatusCode::kUnimplemented:
      return kExitNotAnswered;
    case StatusCode::kInternal:
      return kExitInternal;
  }
  return kExitInternal;
}

}  // namespace askdb::cli
