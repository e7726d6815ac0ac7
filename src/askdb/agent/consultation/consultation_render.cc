// Rendering of consultation results: Markdown for the web UI and reports, plain text for
// terminals, JSON for the API. Kept apart from the suggestion logic so each stays short.
#include <string>

#include "askdb/agent/consultation/consultation.h"

namespace askdb::agent {
namespace {

struct Labels {
  std::string_view heading, measures, dimensions, time, relationships, suggestions, chart, examples,
      why, dims, note;
};

constexpr Labels kZh = {"数据分析建议",
                        "可分析的指标",
                        "分析维度",
                        "时间维度",
                        "表之间的关联",
                        "推荐的分析",
                        "推荐图表",
                        "示例问题",
                        "说明",
                        "维度",
                        "以上建议只基于表结构和语义模型生成，没有查询数据；可以直接提出示例问题。"};
constexpr Labels kEn = {"Analysis suggestions",
                        "Measures",
                        "Dimensions",
                        "Time axes",
                        "How the tables link",
                        "Suggested analyses",
                        "Chart",
                        "Example questions",
                        "Why",
                        "Dimensions",
                        "These suggestions come from the schema and the semantic model only; "
                        "no data was queried. Ask any example question to run it."};

std::string JoinList(const std::vector<std::string>& items, std::string_view sep) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += sep;
    out += items[i];
  }
  return out;
}

// The chart's kind as the reader's language names it: a Chinese reader gets 柱状图, not "bar"
// (the JSON keeps the stable names of ChartKindName).
std::string_view ChartWord(ChartKind kind, bool chinese) {
  if (!chinese) return ChartKindName(kind);
  switch (kind) {
    case ChartKind::kLine:
      return "折线图";
    case ChartKind::kBar:
      return "柱状图";
    case ChartKind::kPie:
      return "饼图";
    case ChartKind::kScatter:
      return "散点图";
    case ChartKind::kHeatmap:
      return "热力图";
  }
  return "柱状图";
}

}  // namespace

std::string ConsultationResult::RenderMarkdown() const {
  const Labels& l = chinese ? kZh : kEn;
  std::string out = "## " + std::string(l.heading) + "\n\n";
  if (suggestions.empty()) {
    out += empty_reason + "\n";
    return out;
  }
  auto section = [&](std::string_view title, const std::vector<std::string>& items) {
    if (items.empty()) return;
    out += "**" + std::string(title) + "**\n\n";
    for (const std::string& item : items) out += "- " + item + "\n";
    out += "\n";
  };
  section(l.measures, measures_overview);
  section(l.dimensions, dimensions_overview);
  section(l.time, time_overview);
  section(l.relationships, relationships);
  out += "### " + std::string(l.suggestions) + "\n\n";
  for (size_t i = 0; i < suggestions.size(); ++i) {
    const Suggestion& s = suggestions[i];
    out += std::to_string(i + 1) + ". **" + s.title + "** — " + s.rationale + "\n";
    out +=
        "   - " + std::string(l.dims) + ": " + JoinList(s.dimensions, chinese ? "、" : ", ") + "\n";
    out += "   - " + std::string(l.chart) + ": " + std::string(ChartWord(s.chart, chinese)) + " (" +
           s.chart_reason + ")\n";
    out += "   - " + std::string(l.examples) + ":";
    for (const std::string& q : s.example_questions) out += " “" + q + "”";
    out += "\n";
  }
  out += "\n_" + std::string(l.note) + "_\n";
  return out;
}

std::string ConsultationResult::RenderText() const {
  const Labels& l = chinese ? kZh : kEn;
  std::string out = std::string(l.heading) + "\n";
  if (suggestions.empty()) return out + empty_reason + "\n";
  auto section = [&](std::string_view title, const std::vector<std::string>& items) {
    if (items.empty()) return;
    out += "\n" + std::string(title) + ":\n";
    for (const std::string& item : items) out += "  * " + item + "\n";
  };
  section(l.measures, measures_overview);
  section(l.dimensions, dimensions_overview);
  section(l.time, time_overview);
  section(l.relationships, relationships);
  out += "\n" + std::string(l.suggestions) + ":\n";
  for (size_t i = 0; i < suggestions.size(); ++i) {
    const Suggestion& s = suggestions[i];
    out += "  " + std::to_string(i + 1) + ". " + s.title + " [" +
           std::string(ChartWord(s.chart, chinese)) + "]\n";
    out += "     " + s.rationale + "\n";
    for (const std::string& q : s.example_questions) out += "     > " + q + "\n";
  }
  out += "\n" + std::string(l.note) + "\n";
  return out;
}

Json ConsultationResult::ToJson() const {
  Json j;
  j["language"] = chinese ? "zh" : "en";
  Json list = Json::array();
  for (const Suggestion& s : suggestions) {
    list.push_back({{"kind", AnalysisKindName(s.kind)},
                    {"title", s.title},
                    {"dimensions", s.dimensions},
                    {"measures", s.measures},
                    {"time_axis", s.time_axis},
                    {"chart", ChartKindName(s.chart)},
                    {"chart_reason", s.chart_reason},
                    {"example_questions", s.example_questions},
                    {"rationale", s.rationale},
                    {"tables", s.tables},
                    {"engine_answerable", s.engine_answerable},
                    {"score", s.score}});
  }
  j["suggestions"] = std::move(list);
  j["measures"] = measures_overview;
  j["dimensions"] = dimensions_overview;
  j["time_axes"] = time_overview;
  j["relationships"] = relationships;
  if (!empty_reason.empty()) j["empty_reason"] = empty_reason;
  j["tool_calls"] = tool_calls;
  j["tool_trace"] = tool_trace;
  j["sql_executed"] = sql_executed;
  j["examples_verified"] = examples_verified;
  return j;
}

}  // namespace askdb::agent
