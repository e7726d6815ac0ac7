// The form of a follow-up ("那上海呢", "what about Shanghai?") without reading it: when the
// engine does not answer a question that is only that form, no earlier answered question was
// there for it to narrow (agent/session/follow_up.h resolves the ones that have one), and the
// abstention says so instead of "could not read 那".
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace askdb::agent {

// What the follow-up asks about ("上海", "Shanghai"), or nullopt when the question is more
// than a follow-up's form: "(那|那么)X呢" with X of at most 12 characters, or "what/how about
// X", "and (for) X", "same for X" with X of at most 5 words.
std::optional<std::string> FollowUpSubject(std::string_view question);

}  // namespace askdb::agent
