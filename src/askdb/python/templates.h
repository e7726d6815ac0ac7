// The vetted analysis templates (data/python/*.py, linked into the binary): Python code the
// deterministic planner runs with no model, in the same executor as a model's code. Each
// reads its input with load(params["input"]), finds its columns with roles(), and shows a
// table, an ECharts option, values and one finding.
//
//   trend               growth per period and compound growth
//   period_over_period  last month against the month before and a year earlier
//   correlation         Pearson's r and p for each pair of numeric columns
//   outliers            Tukey's fences and robust z-scores
//   pareto              cumulative share and ABC classes
//   forecast            seasonal naive with drift (a line when under two years of months)
//
// Thread-safe: read-only data.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace askdb::python {

// A plan step's input names a template as "template:NAME".
inline constexpr std::string_view kTemplatePrefix = "template:";

std::optional<std::string_view> TemplateCode(std::string_view name);
std::vector<std::string_view> TemplateNames();

}  // namespace askdb::python
