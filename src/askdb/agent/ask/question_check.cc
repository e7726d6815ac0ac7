#include "askdb/agent/ask/question_check.h"

#include <algorithm>
#include <cctype>
#include <string>

#include "askdb/common/text.h"

namespace askdb::agent {

Status CheckQuestion(std::string_view question) {
  const bool blank = std::all_of(question.begin(), question.end(), [](char c) {
    return std::isspace(static_cast<unsigned char>(c));
  });
  if (blank) {
    return InvalidArgumentError(
        "the question is empty: ask about your data, e.g. \"revenue by country\" or "
        "\"2024年各地区的销售额\"");
  }
  if (question.size() > kMaxQuestionBytes) {
    return InvalidArgumentError("the question is too long (" + std::to_string(question.size()) +
                                " bytes; at most " + std::to_string(kMaxQuestionBytes) +
                                "): ask one short question at a time");
  }
  if (!text::IsValidUtf8(question)) {
    return InvalidArgumentError(
        "the question is not valid UTF-8 text: send it as UTF-8 (check the terminal's or "
        "client's encoding)");
  }
  return Status::Ok();
}

}  // namespace askdb::agent
