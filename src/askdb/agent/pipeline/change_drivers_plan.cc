#include "askdb/agent/pipeline/change_drivers_plan.h"

#include <algorithm>
#include <array>
#include <cctype>

#include "askdb/common/text.h"
#include "askdb/nlq/period_comparison.h"

namespace askdb::agent::pipeline {
namespace {

// The words that say which way a measure moved, and those that say it moved without a way;
// a change word is any of them (AsksWhyAChange), the direction only the first two (SaidDirection).
constexpr std::array<std::string_view, 7> kChineseFallWords = {"下降", "下滑", "减少", "降低",
                                                               "下跌", "暴跌", "跌"};
constexpr std::array<std::string_view, 6> kChineseRiseWords = {"增长", "上涨", "上升",
                                                               "提升", "增加", "涨"};
constexpr std::array<std::string_view, 2> kChineseMoveWords = {"变化", "波动"};
constexpr std::array<std::string_view, 9> kEnglishFallWords = {
    "drop", "dropped", "decline", "declined", "fall", "fell", "decrease", "decreased", "dip"};
constexpr std::array<std::string_view, 8> kEnglishRiseWords = {
    "increase", "increased", "rise", "rose", "grow", "grew", "spike", "growth"};
constexpr std::array<std::string_view, 2> kEnglishMoveWords = {"change", "changed"};
constexpr std::array<std::string_view, 8> kChineseCauseWords = {
    "原因", "为什么", "为何", "怎么回事", "归因", "驱动", "导致", "造成"};
constexpr std::array<std::string_view, 6> kEnglishCauseWords = {"why",   "reason", "reasons",
                                                                "cause", "caused", "drove"};

template <size_t N>
bool HasAny(std::string_view text, const std::array<std::string_view, N>& words) {
  return std::any_of(words.begin(), words.end(),
                     [&](std::string_view w) { return text.find(w) != std::string_view::npos; });
}

template <size_t N>
bool HasAnyWord(const std::vector<std::string>& words, const std::array<std::string_view, N>& set) {
  return std::any_of(words.begin(), words.end(), [&](const std::string& w) {
    return std::find(set.begin(), set.end(), w) != set.end();
  });
}

std::vector<std::string> LowerWords(std::string_view text) {
  std::vector<std::string> words;
  std::string word;
  for (char c : text) {
    if (std::isalpha(static_cast<unsigned char>(c))) {
      word += text::AsciiLower(c);
    } else if (!word.empty()) {
      words.push_back(std::move(word));
      word.clear();
    }
  }
  if (!word.empty()) words.push_back(std::move(word));
  return words;
}

// The period as the engine reads it back: 2025年3月 / March 2025, 2025年第1季度 / Q1 2025,
// 2025年 / 2025. Empty for any other span (a week, two months).
std::string PeriodText(const nlq::DateRange& r, bool chinese) {
  static constexpr std::array<std::string_view, 12> kMonths = {
      "January", "February", "March",     "April",   "May",      "June",
      "July",    "August",   "September", "October", "November", "December"};
  const std::string year = std::to_string(r.start.year);
  switch (nlq::WholeMonths(r)) {
    case 12:
      if (r.start.month == 1) return chinese ? year + "年" : year;
      return "";
    case 3:
      if ((r.start.month - 1) % 3 != 0) return "";
      return chinese ? year + "年第" + std::to_string((r.start.month - 1) / 3 + 1) + "季度"
                     : "Q" + std::to_string((r.start.month - 1) / 3 + 1) + " " + year;
    case 1:
      return chinese ? year + "年" + std::to_string(r.start.month) + "月"
                     : std::string(kMonths[r.start.month - 1]) + " " + year;
    default:
      return "";
  }
}

// The comparison with the period just before: a year with the year before (同比), a quarter
// or a month with the one before (环比).
std::string Cue(const nlq::DateRange& r, bool chinese) {
  switch (nlq::WholeMonths(r)) {
    case 12:
      return chinese ? "同比" : "year over year";
    case 3:
      return chinese ? "环比" : "quarter over quarter";
    default:
      return chinese ? "环比" : "month over month";
  }
}

// The user's word for the measure: a phrase the engine read as a column and aggregated
// ("销售额" → orders.total_amount, SUM).
std::string MeasureWord(const nlq::Translation& reading) {
  for (const nlq::Mapping& column : reading.explanation) {
    if (column.kind != "column") continue;
    for (const nlq::Mapping& function : reading.explanation) {
      if (function.kind == "function" && function.phrase == column.phrase) return column.phrase;
    }
  }
  return "";
}

// The dimensions of the breakdowns the consultation suggests (by region, by channel), in its
// order, each once.
std::vector<std::string> Dimensions(const std::vector<Suggestion>& suggestions) {
  std::vector<std::string> dims;
  for (const Suggestion& s : suggestions) {
    const bool breakdown = s.kind == AnalysisKind::kComparison || s.kind == AnalysisKind::kShare;
    if (!breakdown || s.dimensions.size() != 1 || !s.time_axis.empty()) continue;
    if (std::find(dims.begin(), dims.end(), s.dimensions[0]) == dims.end())
      dims.push_back(s.dimensions[0]);
  }
  return dims;
}

}  // namespace

int SaidDirection(std::string_view question) {
  bool fall = false, rise = false;
  if (text::ContainsCjk(question)) {
    fall = HasAny(question, kChineseFallWords);
    // 涨跌 says both ways: neither is taken.
    rise = HasAny(question, kChineseRiseWords);
  } else {
    const std::vector<std::string> words = LowerWords(question);
    fall = HasAnyWord(words, kEnglishFallWords);
    rise = HasAnyWord(words, kEnglishRiseWords);
  }
  if (fall == rise) return 0;
  return fall ? -1 : 1;
}

bool AsksWhyAChange(std::string_view question) {
  if (text::ContainsCjk(question)) {
    const bool change = HasAny(question, kChineseFallWords) ||
                        HasAny(question, kChineseRiseWords) || HasAny(question, kChineseMoveWords);
    return change && HasAny(question, kChineseCauseWords);
  }
  const std::vector<std::string> words = LowerWords(question);
  const bool change = HasAnyWord(words, kEnglishFallWords) ||
                      HasAnyWord(words, kEnglishRiseWords) || HasAnyWord(words, kEnglishMoveWords);
  return change && HasAnyWord(words, kEnglishCauseWords);
}

std::vector<std::string> ChangeDriverQuestions(const nlq::Translation& reading,
                                               const std::vector<Suggestion>& suggestions,
                                               bool chinese) {
  if (reading.periods_read.size() != 1) return {};
  const nlq::DateRange& period = reading.periods_read[0];
  const std::string when = PeriodText(period, chinese);
  const std::string measure = MeasureWord(reading);
  if (when.empty() || measure.empty()) return {};
  const std::string cue = Cue(period, chinese);
  std::vector<std::string> questions;
  questions.push_back(chinese ? when + measure + cue : measure + " in " + when + " " + cue);
  for (const std::string& dim : Dimensions(suggestions)) {
    questions.push_back(chinese ? when + "各" + dim + "的" + measure + cue
                                : measure + " by " + dim + " in " + when + " " + cue);
  }
  return questions;
}

}  // namespace askdb::agent::pipeline
