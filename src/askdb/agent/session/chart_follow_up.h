// A follow-up that only changes the chart ("换成柱状图", "用饼图呢", "as a bar chart", "show it
// as a pie chart instead"): the previous question asked again with that chart named, so the
// run is a visualization of the same data ("各门店的销售额，用柱状图展示", "sales by store as a
// bar chart"). Alone, "换成柱状图" went unanswered ("换成" not understood). Pure function.
#pragma once

#include <optional>
#include <string_view>

#include "askdb/agent/session/follow_up.h"

namespace askdb::agent {

// The rewrite when `follow_up` names one chart kind and nothing else but the words that ask
// for it (换成/改成/用/画成/展示, as/show/make/instead ...); nullopt otherwise. A chart the
// previous question named already gives way to the new one (one it said not to draw is dropped);
// one it named without a kind the new one cannot replace ("图表") is declined (FollowUp::declined).
std::optional<FollowUp> ChartSwitch(std::string_view previous, std::string_view follow_up);

// Whether `request` names one chart kind and nothing else but the words that ask for it
// ("换成柱状图", "as a bar chart"): with no previous question it has nothing to re-chart.
bool IsChartOnlyRequest(std::string_view request);

}  // namespace askdb::agent
