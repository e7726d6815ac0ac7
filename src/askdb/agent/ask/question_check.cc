#include "askdb/agent/ask/question_check.h"

#include <algorithm>
#include <cctype>
#include <string>

#include "askdb/common/code_points.h"
#include "askdb/common/text.h"

namespace askdb::agent {

size_t QuestionChars(std::string_view question) { return CountCodePoints(question); }

Status CheckQuestion(std::string_view question) {
  const bool blank = std::all_of(question.begin(), question.end(), [](char c) {
    return std::isspace(static_cast<unsigned char>(c));
  });
  if (blank) {
    return InvalidArgumentError(
        "the question is empty: ask about your data, e.g. \"revenue by country\" or "
        "\"2024年各地区的销售额\"");
  }
  if (const size_t chars = QuestionChars(question); chars > kMaxQuestionChars) {
    return InvalidArgumentError("the question is too long (" + std::to_string(chars) +
                                " characters; at most " + std::to_string(kMaxQuestionChars) +
                                "): ask one question at a time, with only the context it needs");
  }
  if (!text::IsValidUtf8(question)) {
    return InvalidArgumentError(
        "the question is not valid UTF-8 text: send it as UTF-8 (check the terminal's or "
        "client's encoding)");
  }
  return Status::Ok();
}

}  // namespace askdb::agent
