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

// The words around a chart noun that only ask for it. Longest first: "换成" before "成".
constexpr std::array<std::string_view, 22> kChineseAsking = {
    "换成", "改成", "改为", "换为", "变成", "做成", "画成", "显示", "展示", "呈现", "一个",
    "一下", "看看", "用",   "画",   "看",   "吧",   "呢",   "那",   "的",   "请",   "再"};

constexpr std::array<std::string_view, 24> kEnglishAsking = {
    "as",   "a",   "an",     "it",     "show",    "make",   "draw", "use",
    "in",   "to",  "switch", "change", "now",     "please", "that", "this",
    "same", "one", "can",    "you",    "instead", "with",   "and",  "then"};

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
           std::find(kEnglishAsking.begin(), kEnglishAsking.end(), word) != kEnglishAsking.end();
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

// "… as a pie chart" (as ChartSwitch writes it) with another kind; nullopt for any other
// English wording of a chart, whose kind word is not replaced by guess.
std::optional<std::string> ReplaceEnglishKind(std::string_view previous, ChartKind kind) {
  for (ChartKind old : {ChartKind::kLine, ChartKind::kBar, ChartKind::kPie, ChartKind::kScatter}) {
    const std::string written = " as a " + EnglishKind(old) + " chart";
    const size_t at = previous.find(written);
    if (at == std::string_view::npos) continue;
    std::string out(previous);
    out.replace(at, written.size(), " as a " + EnglishKind(kind) + " chart");
    return out;
  }
  return std::nullopt;
}

// The previous question with its chart replaced by `kind`, or with `kind` asked at its end;
// nullopt when it names a chart whose kind cannot be told apart to replace.
std::optional<std::string> WithChart(std::string_view previous, ChartKind kind) {
  const bool chinese = text::ContainsCjk(previous);
  for (const analysis::ChartNoun& noun : analysis::ChineseChartNouns()) {
    const size_t at = previous.find(noun.word);
    if (at == std::string_view::npos) continue;
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

std::optional<FollowUp> ChartSwitch(std::string_view previous, std::string_view follow_up) {
  const std::optional<ChartKind> kind = analysis::ChartKindAsked(follow_up);
  if (!kind || previous.empty()) return std::nullopt;
  const bool only_asks = text::ContainsCjk(follow_up) ? OnlyAsksInChinese(std::string(follow_up))
                                                      : OnlyAsksInEnglish(follow_up);
  if (!only_asks) return std::nullopt;
  std::optional<std::string> resolved = WithChart(previous, *kind);
  if (!resolved) return std::nullopt;
  const bool chinese = text::ContainsCjk(previous);
  return FollowUp{true, std::move(*resolved),
                  chinese ? "换成 " + ChineseNoun(*kind) : "as a " + EnglishKind(*kind) + " chart"};
}

}  // namespace askdb::agent
