#include "askdb/agent/ask/reading_words.h"

#include <cstdio>
#include <map>
#include <string_view>
#include <utility>

#include "askdb/agent/ask/answer_view.h"

namespace askdb::agent {
namespace {

// nlq::Mapping::kind in Chinese; an unknown kind stays as the engine wrote it.
std::string KindWords(const std::string& kind) {
  static const std::map<std::string, std::string, std::less<>> kKinds = {
      {"table", "表"},     {"column", "列"},   {"value", "值"},        {"function", "函数"},
      {"group", "分组"},   {"time", "时间"},   {"order", "排序"},      {"limit", "条数"},
      {"filter", "筛选"},  {"share", "占比"},  {"anchor", "时间基准"}, {"join", "连接"},
      {"measure", "度量"}, {"compare", "对比"}};
  auto it = kKinds.find(kind);
  return it == kKinds.end() ? kind : it->second;
}

// The engine's English words inside a target (nlq/*.cc), in Chinese. Longest first where one
// holds another.
std::string TargetWords(std::string target) {
  static const std::pair<std::string_view, std::string_view> kWords[] = {
      {" (default for a measure)", "（度量默认求和）"},
      {" (a yes/no column)", "（是/否列）"},
      {" (names the rows listed)", "（列出的行的名称）"},
      {" (a value of each row: listed, not added up)", "（每行的值：逐行列出，不相加）"},
      {" (key beside the name)", "（名称旁的键）"},
      {" (condition)", "（条件）"},
      {" (line level, instead of ", "（明细级，代替 "},
      {", which the join would count more than once)", "：连接会重复计算它）"},
      {"time column ", "时间列 "},
      {"time bucket", "时间分组"},
      {"previous period", "上一期"},
      {"time series", "时间序列"},
      {"percent of total", "占总数的百分比"},
      {"birth date", "出生日期"},
      {" LIMIT 1", " 取第 1 条"},
      {" DESC", " 降序"},
      {" ASC", " 升序"},
      {" per ", " 每个 "},
  };
  for (const auto& [en, zh] : kWords) {
    for (size_t at = target.find(en); at != std::string::npos;
         at = target.find(en, at + zh.size())) {
      target.replace(at, en.size(), zh);
    }
  }
  if (target == "DESC") return "降序";
  if (target == "ASC") return "升序";
  // ReadMonthOfEveryYear's "month 12 of every year" (ground_time.cc).
  constexpr std::string_view kEveryYear = " of every year";
  if (target.starts_with("month ") && target.ends_with(kEveryYear)) {
    return "每年" + target.substr(6, target.size() - 6 - kEveryYear.size()) + "月";
  }
  if (target.starts_with("by ")) return "按 " + target.substr(3);
  return target;
}

}  // namespace

std::string RenderReading(const nlq::Translation& t, bool chinese) {
  if (!chinese) return nlq::RenderExplanation(t, false);
  std::string out;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f", t.confidence);
  if (t.answered) {
    out += "置信度 " + std::string(buf) + "\n";
  } else {
    out += "未回答：" + t.abstain_reason + "\n";
    if (!t.understood.empty()) {
      out += "已理解：";
      for (size_t k = 0; k < t.understood.size(); ++k) {
        out += (k ? "；" : "") + TargetWords(t.understood[k]);
      }
      out += "\n";
    }
  }
  for (const nlq::Mapping& m : t.explanation) {
    // A period reads as the dates it covers ("2023年"), not as the engine's half-open range.
    const std::string target =
        TargetWords(m.kind == "time" ? PeriodWords(m.target, true) : m.target);
    if (m.phrase.empty()) {
      out += "  " + KindWords(m.kind) + "：" + target + "\n";
    } else {
      out += "  “" + m.phrase + "” → " + KindWords(m.kind) + " " + target + "\n";
    }
  }
  return out;
}

}  // namespace askdb::agent
