// Logging set-up over spdlog. Call InitLogging once at start-up; afterwards use spdlog's
// free functions (spdlog::info, ...) anywhere. Log lines go to stderr so that stdout stays
// clean for answers and --json output. Thread-safe after InitLogging returns.
#pragma once

#include <string_view>

#include "askdb/common/status.h"

namespace askdb {

enum class LogFormat { kText, kJson };

struct LogOptions {
  LogFormat format = LogFormat::kText;
  std::string_view level = "warn";  // trace, debug, info, warn, error, off
};

// Parses "text" / "json".
StatusOr<LogFormat> ParseLogFormat(std::string_view text);

// Installs the default logger. kJson writes one JSON object per line:
// {"ts":"...","level":"info","msg":"..."}.
Status InitLogging(const LogOptions& options);

}  // namespace askdb
