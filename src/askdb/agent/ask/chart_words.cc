#include "askdb/agent/ask/chart_words.h"

#include <algorithm>
#include <array>
#include <initializer_list>
#include <sstream>
#include <utility>
#include <vector>

#include "askdb/analysis/chart_kind_asked.h"
#include "askdb/analysis/chart_recommender.h"
#include "askdb/common/text.h"

namespace askdb::agent {
namespace {

// Drawing verbs with what may follow them, longest first.
constexpr std::array<std::string_view, 9> kChineseVerbs = {
    "画一个", "画一张", "画一下", "画个", "画张", "画出", "绘制", "做一个", "画"};

// After 用…图: the verb that shows it.
constexpr std::array<std::string_view, 4> kShowVerbs = {"展示", "显示", "表示", "呈现"};

// Words ending in 画 that name data (动画, 漫画): their 画 is no drawing verb.
constexpr std::array<std::string_view, 12> kWordsEndingInDraw = {
    "动画", "漫画", "油画", "国画", "壁画", "版画", "书画", "字画", "绘画", "刻画", "图画", "计画"};

// Where a drawing verb that ends at `noun_at` begins ("…，画个饼图", "每月销售额画一个折线图");
// `noun_at` when none does. Only there: a final 画 elsewhere may end a data word (动画).
size_t DrawingVerbBefore(std::string_view q, size_t noun_at) {
  const std::string_view before = q.substr(0, noun_at);
  for (std::string_view verb : kChineseVerbs) {
    if (!before.ends_with(verb)) continue;
    const bool ends_a_word = std::any_of(kWordsEndingInDraw.begin(), kWordsEndingInDraw.end(),
                                         [&](std::string_view w) { return before.ends_with(w); });
    return verb == "画" && ends_a_word ? noun_at : noun_at - verb.size();
  }
  return noun_at;
}

// Before a chart's verb: the 并/再 joining it to the data's words ("…并画个折线图"), or a
// polite word opening the request ("请用饼图展示…").
size_t LeadBefore(std::string_view q, size_t verb_at) {
  const std::string_view before = q.substr(0, verb_at);
  for (std::string_view join : {"并", "再"}) {
    if (before.ends_with(join)) return verb_at - join.size();
  }
  for (std::string_view polite : {"请帮我", "帮我", "给我", "请"}) {
    if (before == polite) return 0;
  }
  return verb_at;
}

// 用饼图展示 / 用柱状图显示: the whole phrase goes with its noun, as does a drawing verb just
// before it (画个饼图).
void TakeChineseNouns(std::string& q, ChartWordsTaken& out) {
  for (const analysis::ChartNoun& chart_noun : analysis::ChineseChartNouns()) {
    const std::string_view noun = chart_noun.word;
    const size_t at = q.find(noun);
    if (at == std::string::npos) continue;
    size_t begin = at, end = at + noun.size();
    constexpr std::string_view kUse = "用";
    if (begin >= kUse.size() && q.compare(begin - kUse.size(), kUse.size(), kUse) == 0) {
      for (std::string_view verb : kShowVerbs) {
        if (q.compare(end, verb.size(), verb) == 0) {
          begin -= kUse.size();
          end += verb.size();
          break;
        }
      }
    }
    const size_t verb_at = DrawingVerbBefore(q, begin);
    if (verb_at != at) begin = LeadBefore(q, verb_at);
    // "不要饼图，…": the negation goes with the noun it negates.
    begin = std::min(begin, analysis::ChineseNegationBefore(q, at));
    // "做一个…图表" leaves its verb: "做一个" is taken with the drawing verbs below.
    q.erase(begin, end - begin);
    out.found = true;
  }
}

// A map as the answer's form (在地图上显示…, 用地图展示…; the classifier calls these a chart, round
// 16): the phrase and its showing verb go. 地图 alone stays ("地图应用的用户数" names data).
void TakeChineseMapPhrases(std::string& q, ChartWordsTaken& out) {
  for (std::string_view lead : {"在地图上", "用地图", "以地图形式", "以地图"}) {
    const size_t at = q.find(lead);
    if (at == std::string::npos) continue;
    size_t end = at + lead.size();
    for (std::string_view verb : {"显示", "展示", "标出", "标注", "呈现", "表示", "标"}) {
      if (q.compare(end, verb.size(), verb) == 0) {
        end += verb.size();
        break;
      }
    }
    q.erase(at, end - at);
    out.found = true;
    return;
  }
}

// A drawing verb opens the request, after a polite word ("请画一个…", "帮我画…"): inside a
// sentence 画 is as likely part of a word (画家, 动画). "做一个" only beside a chart noun taken.
void TakeChineseVerbs(std::string& q, ChartWordsTaken& out) {
  size_t at = 0;
  for (std::string_view polite : {"请帮我", "帮我", "给我", "请"}) {
    if (q.compare(0, polite.size(), polite) == 0) {
      at = polite.size();
      break;
    }
  }
  for (std::string_view verb : kChineseVerbs) {
    if (verb == "做一个" && !out.found) continue;
    if (q.compare(at, verb.size(), verb) == 0) {
      q.erase(0, at + verb.size());
      out.found = true;
      return;
    }
  }
}

// What separates the data's words from the chart's at the end of a request ("各品类的销量，
// 画个饼图"); a 并/再 before the chart's verb went with it (DrawingVerbBefore).
void TrimTrailingJoins(std::string& q) {
  for (bool cut = true; cut;) {
    cut = false;
    for (std::string_view join : {"，", ",", "；", ";", " "}) {
      if (q.ends_with(join)) {
        q.resize(q.size() - join.size());
        cut = true;
      }
    }
  }
}

bool In(const std::string& w, std::initializer_list<std::string_view> words) {
  for (std::string_view x : words) {
    if (w == x) return true;
  }
  return false;
}

// "plot monthly revenue as a line chart", "show me a bar chart of revenue by region": a chart
// noun takes its kind word, article, "as/in/with" before it and "of/for" after it; drawing
// verbs opening the request go.
void TakeEnglishWords(std::vector<std::string>& words, ChartWordsTaken& out) {
  std::vector<bool> drop(words.size(), false);
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string w = text::AsciiLower(words[i]);
    if (In(w, {"plot", "draw", "visualize", "visualise", "graph", "chart"}) && i == 0) {
      drop[i] = out.found = true;  // a verb opening the request
      continue;
    }
    // "as a donut", "in a pie": the pie kind said as the answer's form with no chart noun, as
    // analysis::ChartKindAsked reads it ("donut sales" names data: no "as a" before it).
    if (analysis::EnglishChartKindWord(w) == analysis::ChartKind::kPie && i >= 2 &&
        text::AsciiLower(words[i - 1]) == "a" && In(text::AsciiLower(words[i - 2]), {"as", "in"}) &&
        (i + 1 == words.size() || !analysis::IsEnglishChartNoun(text::AsciiLower(words[i + 1])))) {
      drop[i] = drop[i - 1] = drop[i - 2] = out.found = true;
      continue;
    }
    // "on a map", "on a world map", "as a map": a map as the answer's form.
    if (w == "map" && i >= 2) {
      size_t begin = i - 1;
      if (text::AsciiLower(words[begin]) == "world" && begin >= 2) --begin;
      if (In(text::AsciiLower(words[begin]), {"a", "the"}) &&
          In(text::AsciiLower(words[begin - 1]), {"on", "onto", "as", "in"})) {
        for (size_t k = begin - 1; k <= i; ++k) drop[k] = true;
        out.found = true;
        continue;
      }
    }
    if (!analysis::IsEnglishChartNoun(w)) continue;
    size_t begin = i;
    if (begin > 0 && analysis::EnglishChartKindWord(text::AsciiLower(words[begin - 1]))) --begin;
    if (begin > 0 && In(text::AsciiLower(words[begin - 1]), {"a", "an", "the"})) --begin;
    if (begin > 0 && In(text::AsciiLower(words[begin - 1]), {"as", "in", "with", "using", "into"}))
      --begin;
    size_t end = i + 1;
    if (end < words.size() && In(text::AsciiLower(words[end]), {"of", "for", "showing"})) ++end;
    for (size_t k = begin; k < end; ++k) drop[k] = true;
    out.found = true;
  }
  std::vector<std::string> kept;
  for (size_t i = 0; i < words.size(); ++i) {
    if (!drop[i]) kept.push_back(std::move(words[i]));
  }
  words = std::move(kept);
}

}  // namespace

ChartWordsTaken TakeChartWords(std::string_view request) {
  ChartWordsTaken out;
  std::string q(request);
  TakeChineseNouns(q, out);
  TakeChineseMapPhrases(q, out);
  TakeChineseVerbs(q, out);
  if (out.found) TrimTrailingJoins(q);
  // "各大区销售额的柱状图" without its noun ends in 的.
  constexpr std::string_view kOf = "的";
  while (out.found && q.size() >= kOf.size() && q.ends_with(kOf)) q.resize(q.size() - kOf.size());
  std::vector<std::string> words;
  std::istringstream in(q);
  for (std::string w; in >> w;) words.push_back(w);
  TakeEnglishWords(words, out);
  for (size_t i = 0; i < words.size(); ++i) out.question += (i ? " " : "") + words[i];
  if (!out.found || out.question.empty()) out.question = std::string(request);
  return out;
}

}  // namespace askdb::agent
