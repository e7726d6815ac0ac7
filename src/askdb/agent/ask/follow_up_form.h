// The form of a follow-up ("那上海呢", "what about Shanghai?") without reading it: when the
// engine does not answer a question that is only that form, it was not resolved against an
// earlier answered question (agent/session/follow_up.h resolves the ones it can), and the
// abstention says so before the engine's own reason (WriteAbstention).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "askdb/agent/session/follow_up.h"

namespace askdb::agent {

// What the follow-up asks about ("上海", "Shanghai"), or nullopt when the question is more
// than a follow-up's form. Chinese: "(那|那么)X呢" with X of at most 12 characters and no
// question word of its own (多少, 哪, 什么, 为什么, 吗, 几); 那些/那个/那里/那边/那儿 are not the
// lead, and a bare "X呢" is not the form. English: "what/how about X", "and for X", or
// "and X?" (a bare "and" only with a question mark), X of at most 5 words with no question
// word (what, which, how, ...) and no grouping after a measure ("salary per employee").
std::optional<std::string> FollowUpSubject(std::string_view question);

// The answer to a follow-up made only of a follow-up's words ("按月呢", "只看前5个") that could
// not be applied to the last answered question `previous`: it says so and asks for the whole
// question, in the question's language, with the reason `why` in a few words.
std::string DeclinedFollowUpAnswer(std::string_view question, std::string_view previous,
                                   DeclineWhy why, bool chinese);

// The answer to a request that only changes the chart ("换成柱状图", "as a bar chart") with no
// answered question before it to draw again: it asks for the whole question, with an example.
std::string NothingToRechartAnswer(bool chinese);

}  // namespace askdb::agent
