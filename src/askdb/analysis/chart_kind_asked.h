// The chart a request names: "用饼图展示各渠道的销售额" asks for a pie, "plot monthly revenue as
// a line chart" for a line, "bar graph of sales by region" for bars. The recommender honours
// it when the result can be drawn that way (chart_recommender.cc) and says why when it cannot.
// The word tables are shared with agent/ask/chart_words, which takes the same words off a
// visualization request before the engine reads it. Pure functions, thread-safe.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>

namespace askdb::analysis {

enum class ChartKind;

// A Chinese chart noun and the kind it names (none for 图表 / 可视化).
struct ChartNoun {
  std::string_view word;
  std::optional<ChartKind> kind;
};

// Longest first, so that a longer noun is found before any shorter one inside it.
std::span<const ChartNoun> ChineseChartNouns();

// English: the kind a word before a chart noun names ("line", "pie", "column" …), lower case.
std::optional<ChartKind> EnglishChartKindWord(std::string_view lower_word);
// "chart", "graph", "plot", "diagram", "visualization" …, lower case.
bool IsEnglishChartNoun(std::string_view lower_word);

// Where a negation of the Chinese chart noun at `noun_at` begins ("不要饼图", "不要画成饼图": the
// noun is not asked for), or npos.
size_t ChineseNegationBefore(std::string_view request, size_t noun_at);

// The one kind the request names; nullopt when it names none, or two different ones ("a bar
// and a line chart": the recommender chooses).
std::optional<ChartKind> ChartKindAsked(std::string_view request);

}  // namespace askdb::analysis
