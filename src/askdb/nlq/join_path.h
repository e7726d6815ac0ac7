// Join paths over the foreign-key graph: the smallest tree connecting a root table to the
// tables a question needs (a greedy Steiner-tree approximation: repeatedly attach the
// nearest needed table by a shortest path). When two paths are equally short, the one
// through smaller tables (fewer rows: dimension-like rather than entity-like) wins, so the
// choice is deterministic and explainable. Pure, thread-safe.
#pragma once

#include <optional>
#include <vector>

namespace askdb::nlq {

class SchemaIndex;

struct JoinStep {
  int table = -1;        // the table this step adds
  int parent = -1;       // the table already in the tree it joins to
  int edge = -1;         // index into SchemaIndex::edges()
  bool fan_out = false;  // true: one parent row matches many rows of `table`
};

struct JoinTree {
  int root = -1;
  std::vector<JoinStep> steps;  // in join order
  bool HasFanOut() const;
  std::vector<int> Tables() const;  // root first
  // The steps from `table` up to the root: the one that adds `table`, then its parent's...;
  // empty for the root or a table the tree does not hold.
  std::vector<JoinStep> StepsToRoot(int table) const;
};

// nullopt when some needed table cannot be reached from `root`.
std::optional<JoinTree> FindJoinTree(const SchemaIndex& index, int root,
                                     const std::vector<int>& needed);

}  // namespace askdb::nlq
