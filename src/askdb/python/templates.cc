#include "askdb/python/templates.h"

#include <array>
#include <utility>

#include "askdb/common/embedded.h"

ASKDB_DECLARE_EMBEDDED(python_template_trend);
ASKDB_DECLARE_EMBEDDED(python_template_period_over_period);
ASKDB_DECLARE_EMBEDDED(python_template_correlation);
ASKDB_DECLARE_EMBEDDED(python_template_outliers);
ASKDB_DECLARE_EMBEDDED(python_template_pareto);
ASKDB_DECLARE_EMBEDDED(python_template_forecast);

namespace askdb::python {
namespace {

using Entry = std::pair<std::string_view, std::string_view>;

std::array<Entry, 6> Templates() {
  return {{{"trend", ASKDB_EMBEDDED(python_template_trend)},
           {"period_over_period", ASKDB_EMBEDDED(python_template_period_over_period)},
           {"correlation", ASKDB_EMBEDDED(python_template_correlation)},
           {"outliers", ASKDB_EMBEDDED(python_template_outliers)},
           {"pareto", ASKDB_EMBEDDED(python_template_pareto)},
           {"forecast", ASKDB_EMBEDDED(python_template_forecast)}}};
}

}  // namespace

std::optional<std::string_view> TemplateCode(std::string_view name) {
  for (const Entry& e : Templates()) {
    if (e.first == name) return e.second;
  }
  return std::nullopt;
}

std::vector<std::string_view> TemplateNames() {
  std::vector<std::string_view> out;
  for (const Entry& e : Templates()) out.push_back(e.first);
  return out;
}

}  // namespace askdb::python
