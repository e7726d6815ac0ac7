// Reading JSONL files (one JSON value a line): the evaluation sets, labelled requests and
// training data. Blank lines and lines starting with '#' are skipped.
#pragma once

#include <filesystem>
#include <functional>
#include <string>

#include "askdb/common/json.h"
#include "askdb/common/status.h"

namespace askdb {

// Calls `visit` with each line's value, its line number and "PATH:LINE" (for messages). A line that
// is not JSON, or an error `visit` returns, stops the walk with that line named.
Status ForEachJsonLine(
    const std::filesystem::path& path,
    const std::function<Status(const Json& value, int line, const std::string& where)>& visit);

}  // namespace askdb
