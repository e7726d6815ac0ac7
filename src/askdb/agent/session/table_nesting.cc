#include "askdb/agent/session/table_nesting.h"

#include <algorithm>
#include <deque>

#include "askdb/nlq/schema_index.h"

namespace askdb::agent {
namespace {

// Whether `from` reaches `to` by following references from the referencing table to the
// referenced one (many rows to one), or is it.
bool ReachesByKeys(const nlq::SchemaIndex& index, int from, int to) {
  std::set<int> seen = {from};
  std::deque<int> queue = {from};
  while (!queue.empty()) {
    const int table = queue.front();
    queue.pop_front();
    if (table == to) return true;
    for (const nlq::JoinEdge& e : index.edges()) {
      if (e.from_table == table && seen.insert(e.to_table).second) queue.push_back(e.to_table);
    }
  }
  return false;
}

bool AllReach(const nlq::SchemaIndex& index, const std::set<int>& from, const std::set<int>& to) {
  return std::all_of(from.begin(), from.end(), [&](int f) {
    return std::all_of(to.begin(), to.end(), [&](int t) { return ReachesByKeys(index, f, t); });
  });
}

}  // namespace

TableNesting NestingOf(const nlq::SchemaIndex& index, const std::set<int>& inner,
                       const std::set<int>& outer) {
  if (inner.empty() || outer.empty()) return TableNesting::kNone;
  const bool inside = AllReach(index, inner, outer);
  const bool contains = AllReach(index, outer, inner);
  if (inside == contains) return TableNesting::kNone;  // unrelated, or one table both ways
  return inside ? TableNesting::kInside : TableNesting::kContains;
}

}  // namespace askdb::agent
