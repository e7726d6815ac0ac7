// Age in whole years on a stated date, for the quick path: "born 1990-05-20, how old on
// 2026-11-28" (36), 2000年3月1日出生，到2026年2月28日多大 (25: the birthday not yet reached).
// Read as the expression the arithmetic parser evaluates ("2026-2000-1"), so the classifier's
// reading and the answer agree. Both dates must be stated and real (2026-02-30 is none), the
// second not before the first; "how old am i" (today) is not read here.
//
// Thread-safety: pure function; safe from any thread.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace askdb::agent {

// `normalized`: lower case, NFKC (the classifier's text). nullopt when the request is not an age
// on a stated date, read whole.
std::optional<std::string> AgeOnDateExpression(std::string_view normalized);

}  // namespace askdb::agent
