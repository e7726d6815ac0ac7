#include "askdb/nlq/join_path.h"

#include <algorithm>
#include <deque>
#include <limits>

#include "askdb/nlq/schema_index.h"

namespace askdb::nlq {

bool JoinTree::HasFanOut() const {
  return std::any_of(steps.begin(), steps.end(), [](const JoinStep& s) { return s.fan_out; });
}

std::vector<int> JoinTree::Tables() const {
  std::vector<int> out{root};
  for (const JoinStep& s : steps) out.push_back(s.table);
  return out;
}

std::vector<JoinStep> JoinTree::StepsToRoot(int table) const {
  std::vector<JoinStep> up;
  // At most one step per table of the tree: a malformed tree with a cycle still ends.
  for (int t = table; t != root && up.size() < steps.size();) {
    const auto step =
        std::find_if(steps.begin(), steps.end(), [&](const JoinStep& s) { return s.table == t; });
    if (step == steps.end()) break;  // not in the tree: nothing above it
    up.push_back(*step);
    t = step->parent;
  }
  return up;
}

namespace {

// A table next to another by one foreign key; fan_out when the step goes from the referenced
// table to the referencing one (one row becomes many).
struct Neighbour {
  int table, edge;
  bool fan_out;
};
using Adjacency = std::vector<std::vector<Neighbour>>;

// Each table's neighbours, lookups before fan-outs and then by row count, so that the search
// below discovers small tables first and joins that multiply rows last.
Adjacency JoinAdjacency(const SchemaIndex& index) {
  const int n = static_cast<int>(index.tables().size());
  Adjacency adj(n);
  const auto& edges = index.edges();
  for (int e = 0; e < static_cast<int>(edges.size()); ++e) {
    const JoinEdge& je = edges[e];
    if (je.from_table == je.to_table) continue;  // self references never help connect tables
    adj[je.from_table].push_back({je.to_table, e, false});
    adj[je.to_table].push_back({je.from_table, e, true});
  }
  auto rows = [&](int t) {
    return index.tables()[t].row_count.value_or(std::numeric_limits<int64_t>::max() / 2);
  };
  for (auto& list : adj) {
    std::stable_sort(list.begin(), list.end(), [&](const Neighbour& a, const Neighbour& b) {
      if (a.fan_out != b.fan_out) return !a.fan_out;  // lookups before fan-outs
      return rows(a.table) < rows(b.table);
    });
  }
  return adj;
}

// The needed tables not yet in the tree, each once, in the order asked (invalid ids dropped).
std::vector<int> TablesToReach(const std::vector<int>& needed, const std::vector<bool>& in_tree) {
  const int n = static_cast<int>(in_tree.size());
  std::vector<int> remaining;
  for (int t : needed) {
    if (t >= 0 && t < n && !in_tree[t] &&
        std::find(remaining.begin(), remaining.end(), t) == remaining.end()) {
      remaining.push_back(t);
    }
  }
  return remaining;
}

// The shortest path from the tree to the nearest remaining table (a breadth-first search
// from every table of the tree at once), as steps outward from the tree; empty when no
// remaining table is connected.
std::vector<JoinStep> PathToNearest(const Adjacency& adj, const std::vector<bool>& in_tree,
                                    const std::vector<int>& remaining) {
  const int n = static_cast<int>(adj.size());
  std::vector<int> dist(n, -1), parent(n, -1), via(n, -1);
  std::vector<bool> fan(n, false);
  std::deque<int> queue;
  for (int t = 0; t < n; ++t) {
    if (in_tree[t]) {
      dist[t] = 0;
      queue.push_back(t);
    }
  }
  int found = -1;
  while (!queue.empty() && found < 0) {
    const int u = queue.front();
    queue.pop_front();
    for (const Neighbour& a : adj[u]) {
      if (dist[a.table] >= 0) continue;
      dist[a.table] = dist[u] + 1;
      parent[a.table] = u;
      via[a.table] = a.edge;
      fan[a.table] = a.fan_out;
      if (std::find(remaining.begin(), remaining.end(), a.table) != remaining.end()) {
        found = a.table;
        break;
      }
      queue.push_back(a.table);
    }
  }
  std::vector<JoinStep> path;
  if (found < 0) return path;
  for (int t = found; !in_tree[t]; t = parent[t]) path.push_back({t, parent[t], via[t], fan[t]});
  std::reverse(path.begin(), path.end());
  return path;
}

}  // namespace

std::optional<JoinTree> FindJoinTree(const SchemaIndex& index, int root,
                                     const std::vector<int>& needed) {
  const int n = static_cast<int>(index.tables().size());
  if (root < 0 || root >= n) return std::nullopt;
  const Adjacency adj = JoinAdjacency(index);
  JoinTree tree;
  tree.root = root;
  std::vector<bool> in_tree(n, false);
  in_tree[root] = true;
  std::vector<int> remaining = TablesToReach(needed, in_tree);
  // Grow the tree one nearest table at a time, so that tables reached on the way are shared.
  while (!remaining.empty()) {
    const std::vector<JoinStep> path = PathToNearest(adj, in_tree, remaining);
    if (path.empty()) return std::nullopt;
    for (const JoinStep& s : path) {
      in_tree[s.table] = true;
      tree.steps.push_back(s);
      remaining.erase(std::remove(remaining.begin(), remaining.end(), s.table), remaining.end());
    }
  }
  return tree;
}

}  // namespace askdb::nlq
