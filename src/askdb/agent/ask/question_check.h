// The question as it arrives, before anything reads it: not blank, not longer than any
// question a person types (a pasted file would cost seconds of classification per request
// before the engine's own limit refused it), and text. One check for every entry (CLI, chat,
// serve, MCP), done in Pipeline::Ask.
#pragma once

#include <cstddef>
#include <string_view>

#include "askdb/common/status.h"

namespace askdb::agent {

// Longer than a question with pasted context; far below what costs time to classify.
inline constexpr size_t kMaxQuestionBytes = 16 * 1024;

// InvalidArgument naming what is wrong and what to do; OK otherwise.
Status CheckQuestion(std::string_view question);

}  // namespace askdb::agent
