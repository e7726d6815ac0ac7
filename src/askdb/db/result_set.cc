#include "askdb/db/result_set.h"

#include "askdb/db/ascii_util.h"

namespace askdb::db {

int ResultSet::ColumnIndex(std::string_view name) const {
  // An exact match wins over a case-insensitive one: "a" and "A" may both be columns.
  for (size_t i = 0; i < columns.size(); ++i) {
    if (columns[i].name == name) return static_cast<int>(i);
  }
  for (size_t i = 0; i < columns.size(); ++i) {
    if (internal::EqualsIgnoreAsciiCase(columns[i].name, name)) return static_cast<int>(i);
  }
  return -1;
}

Json ResultSet::ToJson() const {
  Json cols = Json::array();
  for (const ResultColumn& c : columns) {
    cols.push_back(Json{{"name", c.name}, {"type", c.declared_type}});
  }
  Json out_rows = Json::array();
  for (const std::vector<Value>& row : rows) {
    Json r = Json::array();
    for (const Value& v : row) r.push_back(v.ToJson());
    out_rows.push_back(std::move(r));
  }
  constexpr double kMicrosPerMilli = 1000.0;
  return Json{{"columns", std::move(cols)},
              {"rows", std::move(out_rows)},
              {"truncated", truncated},
              {"elapsed_ms", static_cast<double>(elapsed.count()) / kMicrosPerMilli}};
}

}  // namespace askdb::db
