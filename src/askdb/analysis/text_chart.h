// Terminal charts: draws a ChartSpec's data as lines of text for the CLI. Bars (and pie
// slices, with their percentages) become horizontal block bars with aligned labels, lines
// become one sparkline per series with min/max, scatters a small dot grid. CJK labels are
// measured in display columns, so every returned line fits `width` columns.
// Pure functions; thread-safe.
#pragma once

#include <string>
#include <vector>

#include "askdb/analysis/chart_recommender.h"

namespace askdb::analysis {

// Narrowest width drawn; a smaller `width` is raised to it.
inline constexpr int kMinTextChartWidth = 24;

// Lines to print, without trailing newlines. Empty for kKpi and kTable (the CLI shows those
// as a number and a table) and for a spec without data.
std::vector<std::string> RenderTextChart(const ChartSpec& spec, int width);

}  // namespace askdb::analysis
