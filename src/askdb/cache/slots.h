// Question slots: the parts of a question that change its answer even when the wording
// barely changes — numbers, dates and periods, filter values, top-N, order direction (and
// oldest/newest), aggregation and comparison words, and/or, negation, and (with a schema index) the
// tables and columns named. The semantic (L2) answer cache reuses a stored SQL statement
// only when the slots of both questions are equal, so "2012" vs "2013", "top 5" vs "top 10",
// "average" vs "total", "最高" vs "最低" and "北京" vs "上海" are misses however similar the
// rest is.
//
// Extraction reads the question with the nlq engine's tables (tokenizer, keyword lexicon,
// number words, time expressions; question_items.h). Sequences keep question order, so a
// reordering ("大于100小于200" vs "大于200小于100") is a difference too: a cache miss is
// never wrong, a wrong hit is. Pure functions, thread-safe.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/json.h"
#include "askdb/common/status.h"
#include "askdb/nlq/time_expr.h"

namespace askdb::nlq {
class SchemaIndex;
}  // namespace askdb::nlq

namespace askdb::cache {

struct QuestionSlots {
  std::vector<double> numbers;            // every number, magnitudes applied (1万 → 10000)
  std::vector<std::string> periods;       // "year 2024", "last_month 2026-10-01..2026-11-01",
                                          // "q1", "month 3", "bucket month", "unit day", ...
  std::vector<std::string> values;        // with an index: "regions.name=北京"
  std::vector<std::string> fields;        // with an index: "table orders", "column orders.amount"
  std::optional<double> top_n;            // the N of top/bottom N
  std::vector<std::string> order;         // "desc" / "asc", from top/bottom/升序/descending...
  std::vector<std::string> aggregations;  // "sum", "avg", "count", "max", "min", "distinct"
  std::vector<std::string> comparisons;   // "gt", "ge", "lt", "le", "eq", "between"
  std::vector<std::string> connectives;   // "and" / "or" in order, kept only when an "or"
                                          // is there: "A or B" is not "both A and B"
  bool negated = false;                   // 不是/except/not/without/没有...

  bool operator==(const QuestionSlots&) const = default;
  // One line for explanations: "numbers [2024]; periods [year 2024]; aggregations [sum]".
  // Empty slots are left out; "no slots" when all are empty.
  std::string Describe() const;
};

// Relative periods (上个月, last year) resolve against `anchor` (the cache passes today), so
// "上个月" asked in November does not match "上个月" stored in October. `index` may be null;
// then values and fields stay empty.
// Slots as stored by the persistent cache (answer_cache_store.h): they are extracted when a
// question is stored (relative periods resolved then), so they are kept, not re-extracted.
Json SlotsToJson(const QuestionSlots& slots);
// InvalidArgument when `json` is not what SlotsToJson writes.
StatusOr<QuestionSlots> SlotsFromJson(const Json& json);

QuestionSlots ExtractSlots(std::string_view question, const nlq::CivilDate& anchor,
                           const nlq::SchemaIndex* index = nullptr);

}  // namespace askdb::cache
