#include "askdb/agent/ask/follow_up_form.h"

#include <algorithm>
#include <cctype>

#include "askdb/agent/ask/question_check.h"
#include "askdb/common/text.h"

namespace askdb::agent {
namespace {

constexpr size_t kMaxChineseSubjectChars = 12;
constexpr size_t kMaxEnglishSubjectWords = 5;

std::string_view Trimmed(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// The question without its closing punctuation and surrounding spaces.
std::string_view WithoutEnd(std::string_view s) {
  s = Trimmed(s);
  for (std::string_view end : {"？", "?", "。", ".", "！", "!"}) {
    if (s.ends_with(end)) return Trimmed(s.substr(0, s.size() - end.size()));
  }
  return s;
}

std::optional<std::string> ChineseSubject(std::string_view q) {
  if (!q.ends_with("呢")) return std::nullopt;
  q.remove_suffix(std::string_view("呢").size());
  for (std::string_view start : {"那么", "那"}) {
    if (q.starts_with(start)) {
      q.remove_prefix(start.size());
      break;
    }
  }
  q = Trimmed(q);
  if (q.empty() || !text::ContainsCjk(q) || QuestionChars(q) > kMaxChineseSubjectChars) {
    return std::nullopt;
  }
  return std::string(q);
}

std::optional<std::string> EnglishSubject(std::string_view q) {
  const std::string lower = text::AsciiLower(q);
  for (std::string_view lead : {"what about ", "how about ", "and for ", "and ", "same for "}) {
    if (!lower.starts_with(lead)) continue;
    const std::string_view subject = Trimmed(q.substr(lead.size()));
    const auto words = 1 + std::count(subject.begin(), subject.end(), ' ');
    if (subject.empty() || static_cast<size_t>(words) > kMaxEnglishSubjectWords) {
      return std::nullopt;
    }
    return std::string(subject);
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> FollowUpSubject(std::string_view question) {
  const std::string_view q = WithoutEnd(question);
  if (auto zh = ChineseSubject(q)) return zh;
  return EnglishSubject(q);
}

}  // namespace askdb::agent
