#include "askdb/nlq/partial_period_check.h"

#include <algorithm>
#include <string>

#include "askdb/nlq/schema_index.h"
#include "askdb/nlq/time_expr.h"

namespace askdb::nlq {
namespace {

// Months in one bucket; 0 for a bucket that is not a span of months (a weekday, an hour).
int BucketMonths(DatePart bucket) {
  switch (bucket) {
    case DatePart::kYear:
      return 12;
    case DatePart::kQuarter:
      return 3;
    case DatePart::kMonth:
      return 1;
    default:
      return 0;
  }
}

// The date starts a bucket of `months` months (1 January, 1 April, the 1st of a month).
bool StartsABucket(const CivilDate& d, int months) {
  return d.day == 1 && (d.month - 1) % months == 0;
}

// The date is the last day of a bucket: the day after it starts one.
bool EndsABucket(const CivilDate& d, int months) { return StartsABucket(AddDays(d, 1), months); }

bool RanksLowestFirst(const Query& q) {
  if (q.superlative) return !q.superlative_desc;
  return q.limit > 0 && q.order_set && !q.order_desc;
}

bool MeasuresATotal(const Query& q) {
  return !q.measures.empty() &&
         std::all_of(q.measures.begin(), q.measures.end(), [](const Measure& m) {
           return m.agg == Agg::kSum || m.agg == Agg::kCount || m.business >= 0;
         });
}

}  // namespace

std::optional<ShapeProblem> LowestOfPartialPeriods(const Query& q, const SchemaIndex& index,
                                                   int time_column) {
  if (!q.bucket || time_column < 0 || !RanksLowestFirst(q) || !MeasuresATotal(q)) {
    return std::nullopt;
  }
  const int months = BucketMonths(*q.bucket);
  const ColumnStats& stats = index.columns()[time_column].stats;
  if (months == 0 || !stats.min_date || !stats.max_date) return std::nullopt;
  // The dates ranked: the data's, within the question's period when it names one.
  CivilDate from = *stats.min_date, to = *stats.max_date;
  if (q.time) {
    const CivilDate period_last = AddDays(q.time->range.end, -1);
    if (FormatIsoDate(q.time->range.start) > FormatIsoDate(from)) from = q.time->range.start;
    if (FormatIsoDate(period_last) < FormatIsoDate(to)) to = period_last;
  }
  if (StartsABucket(from, months) && EndsABucket(to, months)) return std::nullopt;
  const std::string first = FormatIsoDate(*stats.min_date), last = FormatIsoDate(*stats.max_date);
  return ShapeProblem{
      "the data runs from " + first + " to " + last +
          ", so its first or last period is only partly covered and would rank lowest for that "
          "reason; ask for a range of full periods (e.g. a year) or for the highest.",
      "数据的日期从 " + first + " 到 " + last +
          "，首尾的时段只覆盖了一部分，会因此排在最低，因此不作答；请限定完整的时段范围（如某一年）"
          "，"
          "或问最高的。"};
}

}  // namespace askdb::nlq
