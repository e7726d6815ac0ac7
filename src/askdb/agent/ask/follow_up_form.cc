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

bool EndsWithQuestionMark(std::string_view s) {
  s = Trimmed(s);
  return s.ends_with("?") || s.ends_with("？");
}

bool ContainsAny(std::string_view s, std::initializer_list<std::string_view> words) {
  return std::any_of(words.begin(), words.end(),
                     [&](std::string_view w) { return s.find(w) != std::string_view::npos; });
}

// 那 as the follow-up's lead ("那上海呢"), not the start of 那些/那个/那里/那边 ("那些员工的工资
// 呢" asks about those employees). The subject after it; nullopt without the lead.
std::optional<std::string_view> AfterChineseLead(std::string_view q) {
  if (q.starts_with("那么")) return q.substr(std::string_view("那么").size());
  if (!q.starts_with("那")) return std::nullopt;
  const std::string_view rest = q.substr(std::string_view("那").size());
  for (std::string_view word : {"些", "个", "里", "边", "儿"}) {
    if (rest.starts_with(word)) return std::nullopt;
  }
  return rest;
}

// "(那|那么)X呢" with X a short subject that is not a question itself ("那利润率是多少呢" asks
// its own question, which the engine's reason is about).
std::optional<std::string> ChineseSubject(std::string_view q) {
  if (!q.ends_with("呢")) return std::nullopt;
  q.remove_suffix(std::string_view("呢").size());
  const std::optional<std::string_view> after = AfterChineseLead(q);
  if (!after) return std::nullopt;
  const std::string_view subject = Trimmed(*after);
  if (subject.empty() || !text::ContainsCjk(subject) ||
      QuestionChars(subject) > kMaxChineseSubjectChars ||
      ContainsAny(subject, {"多少", "哪", "什么", "为什么", "吗", "几"})) {
    return std::nullopt;
  }
  return std::string(subject);
}

// A subject with a question word, or a measure and its own grouping ("salary per employee"),
// is a whole question after the lead; "by category" alone changes the last one's grouping.
bool EnglishSubjectIsAQuestion(std::string_view lower_subject) {
  const std::string padded = " " + std::string(lower_subject) + " ";
  if (ContainsAny(padded, {" what ", " which ", " how ", " why ", " who ", " where ", " when "}))
    return true;
  for (std::string_view group : {" per ", " by ", " for each "}) {
    const size_t at = padded.find(group);
    if (at != std::string::npos && at > 0) return true;
  }
  return false;
}

// "what/how about X", "and for X", or "and X?" (a bare "and" only as a question), X of at
// most 5 words that is not a question of its own.
std::optional<std::string> EnglishSubject(std::string_view q, bool asked) {
  const std::string lower = text::AsciiLower(q);
  for (std::string_view lead : {"what about ", "how about ", "and for ", "and "}) {
    if (!lower.starts_with(lead)) continue;
    if (lead == "and " && !asked) return std::nullopt;
    const std::string_view subject = Trimmed(q.substr(lead.size()));
    const auto words = 1 + std::count(subject.begin(), subject.end(), ' ');
    if (subject.empty() || static_cast<size_t>(words) > kMaxEnglishSubjectWords ||
        EnglishSubjectIsAQuestion(Trimmed(std::string_view(lower).substr(lead.size())))) {
      return std::nullopt;
    }
    return std::string(subject);
  }
  return std::nullopt;
}

std::string_view ChineseReason(DeclineWhy why) {
  switch (why) {
    case DeclineWhy::kNothingToRank:
      return "上一个问题没有可以排名的分组";
    case DeclineWhy::kTopNAndTimeGrouping:
      return "前几名再按时间分，是每期的前几名还是前几名的每期，只能靠猜";
    case DeclineWhy::kPercentage:
      return "前百分之几是比例，不是行数";
    case DeclineWhy::kOwnOrder:
      return "上一个问题有自己的排序，前几个不等于最大的几个";
    case DeclineWhy::kChartNotReplaceable:
      return "上一个问题的图表没有写明类型，换哪一个只能靠猜";
    case DeclineWhy::kGuess:
      break;
  }
  return "改的是哪一部分只能靠猜";
}

std::string_view EnglishReason(DeclineWhy why) {
  switch (why) {
    case DeclineWhy::kNothingToRank:
      return "the previous question has no breakdown to rank";
    case DeclineWhy::kTopNAndTimeGrouping:
      return "the top of each period or the periods of the top would be a guess";
    case DeclineWhy::kPercentage:
      return "a top percentage is a share, not a number of rows";
    case DeclineWhy::kOwnOrder:
      return "the previous question has an order of its own: its first rows are not the largest";
    case DeclineWhy::kChartNotReplaceable:
      return "the previous question names a chart without a kind to replace";
    case DeclineWhy::kGuess:
      break;
  }
  return "which part it changes would be a guess";
}

}  // namespace

std::optional<std::string> FollowUpSubject(std::string_view question) {
  const std::string_view q = WithoutEnd(question);
  if (auto zh = ChineseSubject(q)) return zh;
  return EnglishSubject(q, EndsWithQuestionMark(question));
}

std::string DeclinedFollowUpAnswer(std::string_view question, std::string_view previous,
                                   DeclineWhy why, bool chinese) {
  const std::string q(question);
  const std::string p(previous);
  if (chinese) {
    return "“" + q + "”像是接着上一个问题“" + p + "”的追问，但没能套用上去（" +
           std::string(ChineseReason(why)) + "）：请把问题问完整，写明要看的数据、分组和范围。";
  }
  return "\"" + q + "\" reads as a follow-up of \"" + p +
         "\", but it could not be applied to it (" + std::string(EnglishReason(why)) +
         "): ask the whole question, naming the data, the grouping and the period.";
}

std::string NothingToRechartAnswer(bool chinese) {
  if (chinese)
    return "没有可以改图的上一个问题：请写出完整问题，例如“每月的销售额，用柱状图展示”。";
  return "There is no previous question to draw another chart for: ask the whole question, for "
         "example \"monthly sales as a bar chart\".";
}

}  // namespace askdb::agent
