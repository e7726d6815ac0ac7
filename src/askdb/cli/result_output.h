// How a query's outcome is shown: for people, the SQL, an aligned table and a terminal
// chart; for programs, one JSON object. Shared by every command that runs SQL.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "askdb/analysis/chart_recommender.h"
#include "askdb/cli/cli_context.h"
#include "askdb/common/json.h"
#include "askdb/db/result_set.h"

namespace askdb::cli {

// Prints SQL (when non-empty), the table, and the chart or KPI to stdout.
// `money_columns`: source columns known to hold money (agent/ask/money_columns.h).
// `null_text`: how a NULL cell reads (TableFormat::null_text); `chinese`: the footer's language.
void PrintQueryResult(const CliContext& ctx, std::string_view sql, const db::ResultSet& result,
                      const analysis::ChartSpec& chart,
                      const std::vector<std::string>& money_columns = {},
                      std::string_view null_text = "NULL", bool chinese = false);

// {"sql":..., "columns":[...], "rows":[[...]], "truncated":..., "elapsed_ms":...,
//  "chart":{...}}
Json QueryResultJson(std::string_view sql, const db::ResultSet& result,
                     const analysis::ChartSpec& chart);

// Prints one JSON document on stdout (pretty when stdout is a terminal).
void PrintJson(const CliContext& ctx, const Json& json);

}  // namespace askdb::cli
