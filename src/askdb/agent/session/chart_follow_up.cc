#include "askdb/agent/session/chart_follow_up.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <vector>

#include "askdb/analysis/chart_kind_asked.h"
#include "askdb/analysis/chart_recommender.h"
#include "askdb/common/text.h"

namespace askdb::agent {
namespace {

using analysis::ChartKind;

// The words around a chart noun that only ask for it. Longest first: "换成" before "成",
// "能不能" before "能".
constexpr std::string_view kChineseAsking[] = {
    "能不能", "换成", "改成", "改为", "换为", "变成", "做成", "画成", "弄成", "显示", "展示",
    "呈现",   "一个", "一下", "看看", "看下", "来个", "换个", "还是", "可以", "用",   "画",
    "看",     "吧",   "呢",   "那",   "的",   "请",   "再",   "能",   "吗"};

constexpr std::string_view kEnglishAsking[] = {
    "as",  "a",      "an",      "it",   "show",   "make", "draw", "use",   "in",
    "to",  "switch", "change",  "now",  "please", "that", "this", "same",  "one",
    "can", "you",    "instead", "with", "and",    "then", "me",   "could", "would"};

std::string ChineseNoun(ChartKind kind) {
  switch (kind) {
    case ChartKind::kLine:
      return "折线图";
    case ChartKind::kPie:
      return "饼图";
    case ChartKind::kScatter:
      return "散点图";
    default:
      return "柱状图";
  }
}

std::string EnglishKind(ChartKind kind) { return std::string(analysis::ChartKindName(kind)); }

// Whether a Chinese request holds nothing but chart nouns, asking words and punctuation.
bool OnlyAsksInChinese(std::string rest) {
  for (const analysis::ChartNoun& noun : analysis::ChineseChartNouns()) {
    for (size_t at; (at = rest.find(noun.word)) != std::string::npos;)
      rest.erase(at, noun.word.size());
  }
  for (std::string_view word : kChineseAsking) {
    for (size_t at; (at = rest.find(word)) != std::string::npos;) rest.erase(at, word.size());
  }
  for (std::string_view mark : {"？", "。", "，", "！"}) {
    for (size_t at; (at = rest.find(mark)) != std::string::npos;) rest.erase(at, mark.size());
  }
  return std::all_of(rest.begin(), rest.end(), [](char c) {
    return std::isspace(static_cast<unsigned char>(c)) ||
           std::ispunct(static_cast<unsigned char>(c));
  });
}

// Whether an English request holds nothing but a chart kind, chart nouns and asking words.
bool OnlyAsksInEnglish(std::string_view request) {
  std::string word;
  auto known = [&] {
    return word.empty() || analysis::EnglishChartKindWord(word) ||
           analysis::IsEnglishChartNoun(word) ||
           std::find(std::begin(kEnglishAsking), std::end(kEnglishAsking), word) !=
               std::end(kEnglishAsking);
  };
  for (char c : request) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      word += text::AsciiLower(c);
      continue;
    }
    if (static_cast<unsigned char>(c) >= 0x80 || !known()) return false;
    word.clear();
  }
  return known();
}

// `text` without its final question mark or full stop, which the rewrite puts back after.
std::string_view WithoutEnd(std::string_view text, std::string_view* end) {
  for (std::string_view mark : {"？", "?", "。", "."}) {
    if (text.ends_with(mark)) {
      *end = mark;
      return text.substr(0, text.size() - mark.size());
    }
  }
  *end = "";
  return text;
}

// The previous English question with the kind word before its chart noun ("line chart",
// "as a pie chart") replaced by `kind`; nullopt when no kind word stands before a chart noun.
std::optional<std::string> ReplaceEnglishKind(std::string_view previous, ChartKind kind) {
  size_t begin = 0;
  std::string last_word;
  size_t last_begin = 0;
  for (size_t at = 0; at <= previous.size(); ++at) {
    const bool word_char =
        at < previous.size() && std::isalnum(static_cast<unsigned char>(previous[at]));
    if (word_char) continue;
    if (at > begin) {
      const std::string word = text::AsciiLower(previous.substr(begin, at - begin));
      if (analysis::IsEnglishChartNoun(word) && analysis::EnglishChartKindWord(last_word)) {
        std::string out(previous);
        out.replace(last_begin, last_word.size(), EnglishKind(kind));
        return out;
      }
      last_word = word;
      last_begin = begin;
    }
    begin = at + 1;
  }
  return std::nullopt;
}

// `text` without the negated chart phrase [from, to) ("，不要柱状图"), nor the comma before it.
std::string WithoutNegatedChart(std::string text, size_t from, size_t to) {
  text.erase(from, to - from);
  for (std::string_view comma : {"，", ",", "、"}) {
    if (std::string_view(text).substr(0, from).ends_with(comma)) {
      text.erase(from - comma.size(), comma.size());
      break;
    }
  }
  return text;
}

// The previous question with its chart replaced by `kind`, or with `kind` asked at its end;
// nullopt when it names a chart whose kind cannot be told apart to replace. A chart said not
// to be drawn ("，不要柱状图") is dropped and the new one asked at the end.
std::optional<std::string> WithChart(std::string_view previous, ChartKind kind) {
  const bool chinese = text::ContainsCjk(previous);
  for (const analysis::ChartNoun& noun : analysis::ChineseChartNouns()) {
    const size_t at = previous.find(noun.word);
    if (at == std::string_view::npos) continue;
    const size_t negation = analysis::ChineseNegationBefore(previous, at);
    if (negation != std::string_view::npos) {
      return WithChart(WithoutNegatedChart(std::string(previous), negation, at + noun.word.size()),
                       kind);
    }
    if (!noun.kind) return std::nullopt;
    std::string out(previous);
    out.replace(at, noun.word.size(), ChineseNoun(kind));
    return out;
  }
  if (!chinese && analysis::ChartKindAsked(previous)) return ReplaceEnglishKind(previous, kind);
  std::string_view end;
  const std::string_view body = WithoutEnd(previous, &end);
  if (chinese) return std::string(body) + "，用" + ChineseNoun(kind) + "展示" + std::string(end);
  return std::string(body) + " as a " + EnglishKind(kind) + " chart" + std::string(end);
}

}  // namespace

bool IsChartOnlyRequest(std::string_view request) {
  if (!analysis::ChartKindAsked(request)) return false;
  return text::ContainsCjk(request) ? OnlyAsksInChinese(std::string(request))
                                    : OnlyAsksInEnglish(request);
}

std::optional<FollowUp> ChartSwitch(std::string_view previous, std::string_view follow_up) {
  if (previous.empty() || !IsChartOnlyRequest(follow_up)) return std::nullopt;
  const ChartKind kind = *analysis::ChartKindAsked(follow_up);
  std::optional<std::string> resolved = WithChart(previous, kind);
  if (!resolved) {
    return FollowUp{
        .resolved_question = std::string(follow_up),
        .explanation = "the previous question names a chart whose kind it cannot replace",
        .declined = true,
        .why = DeclineWhy::kChartNotReplaceable};
  }
  const bool chinese = text::ContainsCjk(previous);
  return FollowUp{true, std::move(*resolved),
                  chinese ? "换成 " + ChineseNoun(kind) : "as a " + EnglishKind(kind) + " chart"};
}

}  // namespace askdb::agent
