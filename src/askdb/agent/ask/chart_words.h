// The words that ask for a chart ("plot … as a line chart", "画一个每月销售额趋势图",
// "用饼图展示各渠道的销售额"), taken off a visualization request so that the no-model engine reads
// the data question inside it ("monthly revenue", "每月销售额", "各渠道的销售额"): the engine knows
// no chart words and abstained on "plot" / "画". Only phrases that cannot name data are taken:
// chart nouns (chart, graph, diagram, 折线图, 饼图, 图表 …, with a kind word, article and "of"),
// drawing verbs (plot, draw, visualize, 画…, 可视化), 用…图展示 and a map as the answer's form
// (在地图上显示…, "on a world map"); "line", "bar" or a bare 图
// ("地图") stay unless a chart noun follows. The pipeline applies it only to requests the
// classifier labelled visualization. The kind named (line, pie …) stays in the request, where the
// chart recommender reads it (analysis/chart_kind_asked.h, whose word tables this shares).
// Pure function, thread-safe.
#pragma once

#include <string>
#include <string_view>

namespace askdb::agent {

struct ChartWordsTaken {
  std::string question;  // the request without its chart words
  bool found = false;    // whether any chart words were taken
};

ChartWordsTaken TakeChartWords(std::string_view request);

}  // namespace askdb::agent
