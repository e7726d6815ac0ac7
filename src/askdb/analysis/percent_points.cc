#include "askdb/analysis/percent_points.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <string_view>

namespace askdb::analysis {

bool InPercentPoints(const ChartSeries& series) {
  constexpr std::string_view kMarks[] = {"(%)", "（%）", "%"};
  const std::string_view name = series.name;
  const bool named = std::any_of(std::begin(kMarks), std::end(kMarks),
                                 [&](std::string_view mark) { return name.ends_with(mark); });
  return named &&
         std::any_of(series.values.begin(), series.values.end(),
                     [](const std::optional<double>& v) { return v && std::fabs(*v) > 1; });
}

}  // namespace askdb::analysis
