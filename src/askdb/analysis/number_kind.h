// What a result column's numbers are, so every front end shows them alike: a ratio in
// percent ("3.84%"), money with two decimals ("2,328.60"), a COUNT with separators ("4,527"),
// another fractional number rounded as the prose rounds it ("54.01"). Decided once from
// DescribeResult's facts (measure_additivity.h); the HTML/Markdown report formats its cells
// here, and the server sends the kind's name per column so the web UI applies the same kind
// (web/src/lib/table.ts) without rules of its own.
//
// Pure functions; thread-safe.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/json.h"

namespace askdb::db {
struct ResultSet;
class Value;
}  // namespace askdb::db

namespace askdb::analysis {

enum class NumberKind { kText, kNumber, kCount, kMoney, kRatio };

// "text", "number", "count", "money", "ratio" (the server's column "kind").
std::string_view NumberKindName(NumberKind kind);

// One per result column. `sql` and `money_columns` as DescribeResult takes them; without the
// SQL only the names and values decide (no COUNT is known then).
std::vector<NumberKind> ColumnNumberKinds(const db::ResultSet& result, std::string_view sql = "",
                                          const std::vector<std::string>& money_columns = {});

// Sets "kind" (NumberKindName) on each of `result_json`'s "columns" (db::ResultSet::ToJson of
// `result`), for a front end to apply: the answer's result and an analysis step's.
void AddColumnKinds(Json& result_json, const db::ResultSet& result, std::string_view sql = "",
                    const std::vector<std::string>& money_columns = {});

// A non-NULL cell as the column's kind shows it (FormatFraction / FormatNumber); an integer
// that is no COUNT (an id, a year) and a decimal with more digits than a double holds stay
// as the database gave them.
std::string FormatCell(const db::Value& value, NumberKind kind);

}  // namespace askdb::analysis
