#include "askdb/agent/ask/fast_mode.h"

#include <regex>

#include "askdb/common/text.h"

namespace askdb::agent {
namespace {

// Matched on the question folded by text::NormalizeForMatch (half-width, lower case).
// Grouping words (各, 每, 按, per, by, each) too: a grouped result is what a chart is for.
constexpr std::string_view kDisableWords[] = {
    "图表",  "趋势", "分布",   "对比",         "可视化",  "走势",       "占比",
    "各",    "每",   "按",     "chart",        "graph",   "plot",       "trend",
    " per ", " by ", " each ", "distribution", "compare", "comparison", "visuali"};

// std::regex works on bytes: Chinese text is matched as UTF-8 sequences, so the counted
// wildcards are written as "any run of bytes" bounded by the length rule instead.
const std::regex& SimpleZh() {
  static const std::regex re(
      "^(查询|获取|显示|列出|统计|计算).*(数量|总数|有多少)[?？]?$|"
      "^(查询|获取|显示|列出).*(信息|数据|记录)$|"
      "^.*(是什么|是哪个|有哪些)[?？]?$");
  return re;
}
const std::regex& SimpleEn() {
  static const std::regex re(
      "^(how many|count( of)?|number of)\\b.*$|"
      "^(list|show( me)?|get|display)\\b.*\\b(info|information|data|records|details)[?]?$|"
      "^(what is|what are)\\b.*$");
  return re;
}
const std::regex& Complex() {
  static const std::regex re(
      "\\b(join|group by|having|union|window|over|partition)\\b|最近.*[0-9一二三四五六七八九十]+.*"
      "(天|周|月|年)|\\b(last|past) [0-9]+ (days?|weeks?|months?|years?)\\b");
  return re;
}

}  // namespace

FastModeDecision DetectFastMode(std::string_view question, const FastModeOptions& options) {
  FastModeDecision d;
  const std::string q = text::NormalizeForMatch(question);
  for (std::string_view word : kDisableWords) {
    if (q.find(word) != std::string::npos) {
      d.reason = "asks for \"" + std::string(word) + "\": full path";
      return d;
    }
  }
  if (std::regex_search(q, Complex())) {
    d.reason = "complex question (joins, grouping, windows or a recent period): full path";
    return d;
  }
  if (text::DecodeUtf8(q).size() > options.max_length) {
    d.reason = "longer than " + std::to_string(options.max_length) + " characters: full path";
    return d;
  }
  if (!std::regex_match(q, SimpleZh()) && !std::regex_match(q, SimpleEn())) {
    d.reason = "not a simple lookup: full path";
    return d;
  }
  d.fast = true;
  d.skip_examples = true;
  d.skip_chart = true;
  d.reason = "simple lookup: no example retrieval, no chart";
  return d;
}

}  // namespace askdb::agent
