// What voice and chat input adds around a computation, taken away before the quick path's
// readers see it: fillers ("um", "like", "嗯", "那个") and a self-correction of one number
// ("3 no 4 people" → "4 people", "3个 不对 4个人" → "4个人"). A correction whose scope is unclear
// ("3乘以5 不对 是4乘以5": the 5 or the whole product?) is left as typed, so no reader takes it
// and the request falls through: a wrong number is worse than none.
//
// Thread-safety: pure functions.
#pragma once

#include <string>
#include <string_view>

namespace askdb::agent {

// `normalized`: lower case, as NormalizeRequest leaves it. Returns the text without fillers and
// with a resolvable self-correction applied; the text unchanged when it holds neither.
std::string WithoutSpokenNoise(std::string_view normalized);

}  // namespace askdb::agent
