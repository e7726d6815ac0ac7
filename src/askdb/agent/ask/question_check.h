// The question as it arrives, before anything reads it: not blank, not longer than the one
// question limit, and text. One check for every entry (CLI, chat, serve, MCP), done in
// Pipeline::Ask and, before a session exists, in RunService::Start.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "askdb/common/status.h"

namespace askdb::agent {

// The one limit on a question's length, in characters (Unicode code points, what a person
// counts and what JSON Schema's maxLength counts): the web UI (from GET /api/v1/me), the
// HTTP API, MCP's inputSchema and the CLI all take it from here. Room for a question with
// some pasted context for a model; far below what costs time to classify.
inline constexpr size_t kMaxQuestionChars = 4000;

// Longer than this, a question with a paste signal (a line break, several sentences) reads
// as a question with pasted context, and with no model its abstention says to send the
// question alone (WriteAbstention); one without keeps the engine's reason with a note. A
// question over the engine's limit (nlq::TranslateOptions::max_question_bytes, 1,000 bytes:
// beyond it the question goes to the model when there is one) gets the send-it-alone
// message whatever it looks like, never the engine's byte count.
inline constexpr size_t kLongQuestionChars = 250;

// The question's length in characters (code points; an invalid byte counts as one).
size_t QuestionChars(std::string_view question);

// InvalidArgument naming what is wrong, the limit and what to do; OK otherwise.
Status CheckQuestion(std::string_view question);

}  // namespace askdb::agent
