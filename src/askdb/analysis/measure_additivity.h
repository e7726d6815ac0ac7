// Measure additivity: whether a result column's values add up across its rows, so that a
// total and a share of that total mean something. Revenue per country adds up; a unit
// price, an average, a rate, a MIN/MAX, an age or a per-row attribute listed row by row do
// not — "33.7% of the total unit price" is a number with no meaning.
//
// Decided from the SQL that made the result (the select item behind each column: SUM/COUNT
// add up; AVG/MIN/MAX, ratios, window functions and bare columns do not; SUM over a price
// or rate column does not) and from the column's name (common/measure_names.h: price, rate,
// ratio, average, age, score, 单价, 价格, 比率, 占比, 平均, 年龄, 评分, …), never from the
// question's wording. When
// neither says for sure, the answer is "unknown", which callers treat as not additive:
// precision first. Also says whether the rows are only some of the query's (LIMIT/OFFSET
// reached, or the row cap), where a total of the rows shown is not the whole.
//
// Pure functions; thread-safe.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/measure_names.h"

namespace askdb::db {
struct ResultSet;
}

namespace askdb::analysis {

using measures::Additivity;

struct ResultFacts {
  std::vector<Additivity> columns;  // one per result column
  // The rows are the query's first N (LIMIT n reached, an OFFSET, or the row cap): a total
  // or share computed over them is not the whole's.
  bool rows_limited = false;
  // Of those, the row cap cut the result (not the query's own LIMIT or OFFSET).
  bool row_cap_reached = false;
  // The query groups (GROUP BY or an aggregate): each row is a group, not a source row.
  bool grouped = false;
  // One per result column: an amount of money, shown with two decimals ("2,328.60"). Money
  // is a DECIMAL/NUMERIC of scale 2 (the declared type, or every value's digits: how
  // PostgreSQL and MariaDB return a SUM of one), or a name that speaks of money
  // (measures::NamesMoney: SQLite returns a SUM as a plain REAL), or a source column known to
  // hold money (DescribeResult's money_columns); never a COUNT.
  std::vector<bool> money;
  // One per result column: a fraction shown in percent ("3.84%", not "0.04"): every value in
  // [0, 1] and the name says ratio (ends in 率, rate, ratio) or the item divides aggregates
  // (SUM(a) / SUM(b)); never money.
  std::vector<bool> ratio;
  // One per result column: a COUNT, an integer shown with separators ("4,527").
  std::vector<bool> count;
  // One per result column: the source column it shows, bare or under SUM/AVG/MIN/MAX and
  // wrappers, lower-case as the SQL names it ("genre.name", "total"); "" for a COUNT or a
  // computation (the value is then not the column's, nor in its unit).
  std::vector<std::string> sources;
};

// `sql` may be empty (then only the column names decide). `money_columns`: lower-case names
// of source columns known to hold money (a currency unit in the semantic model, the engine's
// inferred money column), each unambiguous in the schema; a result column is money when its
// item is one of them, bare or aggregated (SUM(Total) AS Total) — never a computed one.
ResultFacts DescribeResult(const db::ResultSet& result, std::string_view sql,
                           const std::vector<std::string>& money_columns = {});

}  // namespace askdb::analysis
