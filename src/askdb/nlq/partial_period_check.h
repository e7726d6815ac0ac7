// "our worst month for revenue" on Northwind answered 1998-05 at 1.00: a month the data covers
// for six days. A lowest-first ranking of time buckets of a total (worst, lowest, fewest month,
// 销售额最低的月份) meets the data's first or last bucket, which the data holds only in part, so
// its total is low for a reason the question does not ask about. Highest-first rankings, and
// data whose dates begin and end on a bucket's bounds, are not concerned.
#pragma once

#include <optional>

#include "askdb/nlq/query_shape_check.h"
#include "askdb/nlq/reading.h"

namespace askdb::nlq {

class SchemaIndex;

// The refusal when `q` ranks time buckets lowest first by a sum or count and the dates of
// `time_column` (its statistics) begin or end inside a bucket; nullopt otherwise.
std::optional<ShapeProblem> LowestOfPartialPeriods(const Query& q, const SchemaIndex& index,
                                                   int time_column);

}  // namespace askdb::nlq
