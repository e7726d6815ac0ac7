// Small file helpers that report failures as Status instead of throwing.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "askdb/common/status.h"

namespace askdb {

// Reads the whole file. NotFound when it does not exist; InvalidArgument for a folder (read
// as a file it gave "" and the caller's complaint was about empty or unknown content).
StatusOr<std::string> ReadFile(const std::filesystem::path& path);

// Writes `content` to a temporary file beside `path` and renames it into place, so a
// reader never sees a half-written file and a failure leaves the old file intact.
Status WriteFileAtomic(const std::filesystem::path& path, std::string_view content);

}  // namespace askdb
