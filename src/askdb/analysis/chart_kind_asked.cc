#include "askdb/analysis/chart_kind_asked.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <vector>

#include "askdb/analysis/chart_recommender.h"
#include "askdb/common/text.h"

namespace askdb::analysis {
namespace {

constexpr std::array<ChartNoun, 14> kChineseNouns = {{
    {"折线图", ChartKind::kLine},
    {"趋势图", ChartKind::kLine},
    {"曲线图", ChartKind::kLine},
    {"走势图", ChartKind::kLine},
    {"柱状图", ChartKind::kBar},
    {"柱形图", ChartKind::kBar},
    {"条形图", ChartKind::kBar},
    {"散点图", ChartKind::kScatter},
    {"饼状图", ChartKind::kPie},
    {"环形图", ChartKind::kPie},
    {"可视化", std::nullopt},
    {"图表", std::nullopt},
    {"饼图", ChartKind::kPie},
    {"环图", ChartKind::kPie},
}};

struct EnglishKindWord {
  std::string_view word;
  ChartKind kind;
};

constexpr std::array<EnglishKindWord, 8> kEnglishKindWords = {{
    {"line", ChartKind::kLine},
    {"trend", ChartKind::kLine},
    {"bar", ChartKind::kBar},
    {"column", ChartKind::kBar},
    {"pie", ChartKind::kPie},
    {"donut", ChartKind::kPie},
    {"doughnut", ChartKind::kPie},
    {"scatter", ChartKind::kScatter},
}};

// Singular only: "how many charts were sold" names data.
constexpr std::array<std::string_view, 6> kEnglishNouns = {
    "chart", "graph", "plot", "diagram", "visualization", "visualisation"};

// A kind said not to be drawn: "不要饼图", "不要画成饼图", "no pie chart", "not as a pie", "a bar
// chart, not a line chart". The negation stands at most kNegationReach characters or words
// before the kind ("不要画成" is four). Two-character words only: 别 alone is in 类别.
constexpr size_t kNegationReach = 4;
constexpr std::array<std::string_view, 8> kChineseNegations = {"不要", "不用", "别用", "别画",
                                                               "不画", "不想", "不是", "不需要"};
constexpr std::array<std::string_view, 6> kEnglishNegations = {"no",  "not",   "without",
                                                               "don", "never", "instead"};

bool NegatedChinese(std::string_view request, size_t noun_at) {
  return ChineseNegationBefore(request, noun_at) != std::string_view::npos;
}

// Lower-case ASCII words; any other byte separates them ("bar-chart" is two words).
std::vector<std::string> AsciiWords(std::string_view text) {
  std::vector<std::string> words(1);
  for (char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      words.back() += text::AsciiLower(c);
    } else if (!words.back().empty()) {
      words.emplace_back();
    }
  }
  if (words.back().empty()) words.pop_back();
  return words;
}

// Kinds named in English: a kind word before a chart noun ("pie chart", "line graph"),
// "scatterplot", or "as a pie" / "in a pie"; not one said not to be drawn.
void EnglishKinds(std::string_view request, std::vector<ChartKind>& kinds) {
  const std::vector<std::string> words = AsciiWords(request);
  for (size_t i = 0; i < words.size(); ++i) {
    if (words[i] == "scatterplot") kinds.push_back(ChartKind::kScatter);
    const std::optional<ChartKind> kind = EnglishChartKindWord(words[i]);
    if (!kind) continue;
    const bool noun_follows = i + 1 < words.size() && IsEnglishChartNoun(words[i + 1]);
    const bool as_a_pie = *kind == ChartKind::kPie && i >= 2 && words[i - 1] == "a" &&
                          (words[i - 2] == "as" || words[i - 2] == "in");
    bool negated = false;
    for (size_t k = i >= kNegationReach ? i - kNegationReach : 0; k < i; ++k) {
      negated = negated || std::find(kEnglishNegations.begin(), kEnglishNegations.end(),
                                     words[k]) != kEnglishNegations.end();
    }
    if ((noun_follows || as_a_pie) && !negated) kinds.push_back(*kind);
  }
}

}  // namespace

size_t ChineseNegationBefore(std::string_view request, size_t noun_at) {
  constexpr size_t kCjkBytes = 3;  // a window cut inside a character cannot match a whole one
  const size_t from =
      noun_at > kNegationReach * kCjkBytes ? noun_at - kNegationReach * kCjkBytes : 0;
  const std::string_view before = request.substr(from, noun_at - from);
  size_t first = std::string_view::npos;
  for (std::string_view w : kChineseNegations) {
    const size_t at = before.find(w);
    if (at != std::string_view::npos) first = std::min(first, from + at);
  }
  return first;
}

std::span<const ChartNoun> ChineseChartNouns() { return kChineseNouns; }

std::optional<ChartKind> EnglishChartKindWord(std::string_view lower_word) {
  for (const EnglishKindWord& k : kEnglishKindWords) {
    if (k.word == lower_word) return k.kind;
  }
  return std::nullopt;
}

bool IsEnglishChartNoun(std::string_view lower_word) {
  for (std::string_view noun : kEnglishNouns) {
    if (noun == lower_word) return true;
  }
  return false;
}

std::optional<ChartKind> ChartKindAsked(std::string_view request) {
  std::vector<ChartKind> kinds;
  for (const ChartNoun& noun : kChineseNouns) {
    const size_t at = request.find(noun.word);
    if (noun.kind && at != std::string_view::npos && !NegatedChinese(request, at)) {
      kinds.push_back(*noun.kind);
    }
  }
  EnglishKinds(request, kinds);
  if (kinds.empty()) return std::nullopt;
  for (ChartKind k : kinds) {
    if (k != kinds.front()) return std::nullopt;
  }
  return kinds.front();
}

}  // namespace askdb::analysis
