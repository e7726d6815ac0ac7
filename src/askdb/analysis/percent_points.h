// Whether a chart series already holds percent points ("占比(%)": 27.11 is 27.11%), so the CLI's
// text chart and the written answer show "27.11%" once and add no share of their own.
#pragma once

#include "askdb/analysis/chart_recommender.h"

namespace askdb::analysis {

// Named so ("占比(%)", "share (%)", "…%") and holding some value beyond ±1. A fraction under
// such a name (AVG(is_returned) AS "return %", 0.12) is no 0.12%: it keeps its plain number.
bool InPercentPoints(const ChartSeries& series);

}  // namespace askdb::analysis
