// The time column of the engine's reading, as the planner's and the answer's period notes
// read it: the engine names it in a "column" mapping whose target is "time column
// <table>.<column>" (nlq/resolve_joins.cc).
#pragma once

#include <string_view>

#include "askdb/nlq/schema_index.h"

namespace askdb::agent::pipeline {

inline constexpr std::string_view kTimeColumnTarget = "time column ";

// The column "<table>.<column>" names in `index`; -1 when it names none.
inline int FindQualifiedColumn(const nlq::SchemaIndex& index, std::string_view name) {
  const size_t dot = name.rfind('.');
  if (dot == std::string_view::npos) return -1;
  return index.FindColumn(index.FindTable(name.substr(0, dot)), name.substr(dot + 1));
}

}  // namespace askdb::agent::pipeline
