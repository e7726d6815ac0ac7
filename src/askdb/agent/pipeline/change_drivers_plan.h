// The deterministic plan of a question about why a measure changed in one period
// ("分析一下2025年3月销售额下降的原因", "why did sales drop in March 2025?"): the period against
// the one before it, then the same comparison per dimension of the data (region, channel,
// store ...), whose largest changes are where the change came from. Without it such a
// question got the general report (trend, shares, top customers, a forecast), which does not
// look at the period asked about.
//
// Every step is a question the no-model engine answers (a period comparison: nlq
// period_comparison.h) composed from the user's period and measure words and the dimensions
// the consultation finds; a step the engine does not answer is left out.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/agent/consultation/consultation.h"
#include "askdb/agent/plan/analysis_plan.h"
#include "askdb/nlq/engine.h"

namespace askdb::agent {
struct PreparedDatasource;
}  // namespace askdb::agent

namespace askdb::agent::pipeline {

// True when the request asks why a measure went up or down (a change word and a cause word).
bool AsksWhyAChange(std::string_view question);

// Which way the request says the measure moved: -1 down (下降, drop), +1 up (增长, rise), 0 not
// said (变化, change). The per-dimension comparisons list the largest move that way first.
int SaidDirection(std::string_view question);

// The questions of the plan, in order: the period compared with the one before, then per
// dimension. Empty when the question names no single period or no measure the engine reads.
// `reading`: the engine's reading of the request (its period and measure words).
std::vector<std::string> ChangeDriverQuestions(const nlq::Translation& reading,
                                               const std::vector<Suggestion>& suggestions,
                                               bool chinese);

}  // namespace askdb::agent::pipeline
