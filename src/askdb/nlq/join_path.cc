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

std::optional<JoinTree> FindJoinTree(const SchemaIndex& index, int root,
                                     const std::vector<int>& needed) {
  const int n = static_cast<int>(index.tables().size());
  if (root < 0 || root >= n) return std::nullopt;
  // Adjacency, neighbours ordered by row count so that BFS discovers small tables first.
  struct Adj {
    int table, edge;
    bool fan_out;
  };
  std::vector<std::vector<Adj>> adj(n);
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
    std::stable_sort(list.begin(), list.end(), [&](const Adj& a, const Adj& b) {
      if (a.fan_out != b.fan_out) return !a.fan_out;  // lookups before fan-outs
      return rows(a.table) < rows(b.table);
    });
  }
  JoinTree tree;
  tree.root = root;
  std::vector<bool> in_tree(n, false);
  in_tree[root] = true;
  std::vector<int> remaining;
  for (int t : needed) {
    if (t >= 0 && t < n && !in_tree[t] &&
        std::find(remaining.begin(), remaining.end(), t) == remaining.end()) {
      remaining.push_back(t);
    }
  }
  while (!remaining.empty()) {
    // Multi-source BFS from the whole tree.
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
      for (const Adj& a : adj[u]) {
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
    if (found < 0) return std::nullopt;
    std::vector<JoinStep> path;
    for (int t = found; !in_tree[t]; t = parent[t]) path.push_back({t, parent[t], via[t], fan[t]});
    std::reverse(path.begin(), path.end());
    for (const JoinStep& s : path) {
      in_tree[s.table] = true;
      tree.steps.push_back(s);
      remaining.erase(std::remove(remaining.begin(), remaining.end(), s.table), remaining.end());
    }
  }
  return tree;
}

}  // namespace askdb::nlq
