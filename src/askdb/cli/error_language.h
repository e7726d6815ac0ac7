// A CLI failure said in the language of the question that met it: "askdb ask '2024年的销售额'
// --db missing.sqlite" reads "数据库文件不存在：missing.sqlite；请检查路径", as the answers and
// the server's advice already are. The failures a person meets when asking (a database not
// found or not reachable, a question too long, a thread on another database, Ctrl-C) are
// said again in Chinese with their details (paths, URLs, the server's own words) kept; any
// other message, or an English question, is left as it is. Pure functions, thread-safe.
#pragma once

#include <string>
#include <string_view>

#include "askdb/common/status.h"

namespace askdb::cli {

// `message` in Chinese when `chinese` and it is one of the known failures; else unchanged.
std::string ErrorInLanguage(std::string_view message, bool chinese);

// `status` with its message in the language of `question` (Chinese when it holds CJK text).
Status InQuestionLanguage(const Status& status, std::string_view question);

}  // namespace askdb::cli
