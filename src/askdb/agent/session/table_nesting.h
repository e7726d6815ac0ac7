// How two sets of tables stand to each other through the schema's many-to-one keys: a city
// lies in one region (cities.region_id → regions), so a city's rows fall in one region's
// group. Follow-ups use it to narrow a breakdown by a value of a nested table ("各地区的销售额"
// + "那上海呢"). Pure function over the index's join edges.
#pragma once

#include <set>

namespace askdb::nlq {
class SchemaIndex;
}  // namespace askdb::nlq

namespace askdb::agent {

enum class TableNesting {
  // Neither reaches the other by keys, both reach each other (one table: which of its
  // columns holds which is not told by keys), or only some do.
  kNone,
  kInside,    // every table of `inner` reaches every table of `outer`
  kContains,  // every table of `outer` reaches every table of `inner`
};

// Where the tables of `inner` (a value's) stand to those of `outer` (a breakdown's).
TableNesting NestingOf(const nlq::SchemaIndex& index, const std::set<int>& inner,
                       const std::set<int>& outer);

}  // namespace askdb::agent
