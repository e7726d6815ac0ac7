#include "askdb/nlq/join_path_check.h"

#include <algorithm>
#include <string>

#include "askdb/nlq/schema_index.h"

namespace askdb::nlq {
namespace {

bool Links(const JoinEdge& e, int a, int b) {
  return (e.from_table == a && e.to_table == b) || (e.from_table == b && e.to_table == a);
}

// Whether a word of the question names column `column` and none of `others`.
bool NamedAlone(const std::vector<Item>& items, const SchemaIndex& index, int column,
                const std::vector<int>& others) {
  for (const Item& it : items) {
    if (it.kind != ItemKind::kTerm) continue;
    bool names = false, names_other = false;
    for (int id : it.terms) {
      const Term& t = index.terms()[id];
      if (t.kind != TermKind::kColumn) continue;
      names |= t.column == column;
      names_other |= std::find(others.begin(), others.end(), t.column) != others.end();
    }
    if (names && !names_other) return true;
  }
  return false;
}

// Whether a word of the question names `table` only (the table, a column or a value of it).
bool NamedTable(const std::vector<Item>& items, const SchemaIndex& index, int table) {
  for (const Item& it : items) {
    if (it.kind != ItemKind::kTerm || it.terms.empty()) continue;
    const bool only = std::all_of(it.terms.begin(), it.terms.end(), [&](int id) {
      const Term& t = index.terms()[id];
      return t.kind != TermKind::kBusiness && t.table == table;
    });
    if (only) return true;
  }
  return false;
}

std::string ColName(const SchemaIndex& index, int column) {
  const IndexedColumn& c = index.columns()[column];
  return index.tables()[c.table].name + "." + c.name;
}

// A step along one of two references between the same two tables, the question naming
// neither the one taken by its own words.
std::optional<ShapeProblem> TwoReferences(const JoinStep& s, const std::vector<Item>& items,
                                          const SchemaIndex& index) {
  const JoinEdge& e = index.edges()[s.edge];
  std::vector<int> others;
  for (int k = 0; k < static_cast<int>(index.edges().size()); ++k) {
    const JoinEdge& o = index.edges()[k];
    // The same reference declared twice (a foreign key and a semantic model's relation)
    // is one way, not two.
    const bool same = o.from_column == e.from_column && o.to_column == e.to_column;
    if (k != s.edge && !same && o.from_table != o.to_table && Links(o, e.from_table, e.to_table)) {
      others.push_back(o.from_column);
    }
  }
  if (others.empty() || NamedAlone(items, index, e.from_column, others)) return std::nullopt;
  const std::string a = index.tables()[e.from_table].name, b = index.tables()[e.to_table].name;
  const std::string ways = ColName(index, e.from_column) + ", " + ColName(index, others.front());
  return ShapeProblem{
      a + " and " + b + " are linked in more than one way (" + ways +
          "); I could not tell which one the question means: name it.",
      a + "和" + b + "之间有不止一种关联（" + ways + "），无法判断问题指的是哪一种；请说明。"};
}

// A step through a link table `via` (parent ← via → table) when another table links the
// same two tables and the question names neither.
std::optional<ShapeProblem> TwoLinkTables(int parent, int via, int table,
                                          const std::vector<Item>& items,
                                          const SchemaIndex& index) {
  if (NamedTable(items, index, via)) return std::nullopt;
  for (int other = 0; other < static_cast<int>(index.tables().size()); ++other) {
    if (other == via || other == parent || other == table) continue;
    bool to_parent = false, to_table = false;
    for (const JoinEdge& e : index.edges()) {
      if (e.from_table != other) continue;
      to_parent |= e.to_table == parent;
      to_table |= e.to_table == table;
    }
    if (!to_parent || !to_table) continue;
    const std::string p = index.tables()[parent].name, t = index.tables()[table].name;
    const std::string ways = index.tables()[via].name + ", " + index.tables()[other].name;
    return ShapeProblem{p + " and " + t + " are related through more than one table (" + ways +
                            "); I could not tell which relation the question means: name it.",
                        p + "和" + t + "通过不止一张表关联（" + ways +
                            "），无法判断问题指的是哪一种关系；请说明。"};
  }
  return std::nullopt;
}

// The tables between the root and `leaf` on the tree's path, and whether a step of that path
// fans out (goes from one row to many).
std::vector<int> PathBetween(const JoinTree& tree, int leaf, bool* fans_out) {
  std::vector<int> between;
  *fans_out = false;
  for (const JoinStep& step : tree.StepsToRoot(leaf)) {
    *fans_out |= step.fan_out;
    if (step.parent != tree.root) between.push_back(step.parent);
  }
  return between;
}

// A table the question reaches through a long detour: down into rows that refer to the root
// and up again through three or more tables the question does not name ("courses per
// department" through the students' enrolments and degree programmes). What relates the two
// is then the engine's invention, not the question's.
std::optional<ShapeProblem> LongDetour(const JoinTree& tree, const std::vector<Item>& items,
                                       const SchemaIndex& index,
                                       const std::vector<int>& named_by_verb) {
  constexpr size_t kMaxUnnamedBetween = 2;
  for (const JoinStep& leaf : tree.steps) {
    const bool is_leaf = std::none_of(tree.steps.begin(), tree.steps.end(),
                                      [&](const JoinStep& s) { return s.parent == leaf.table; });
    if (!is_leaf) continue;
    bool fans_out = false;
    std::vector<int> unnamed = PathBetween(tree, leaf.table, &fans_out);
    std::erase_if(unnamed, [&](int t) {
      return NamedTable(items, index, t) ||
             std::find(named_by_verb.begin(), named_by_verb.end(), t) != named_by_verb.end();
    });
    if (!fans_out || unnamed.size() <= kMaxUnnamedBetween) continue;
    std::string via;
    for (auto it = unnamed.rbegin(); it != unnamed.rend(); ++it) {
      via += (via.empty() ? "" : ", ") + index.tables()[*it].name;
    }
    const std::string a = index.tables()[tree.root].name, b = index.tables()[leaf.table].name;
    return ShapeProblem{a + " reaches " + b + " only through " + via +
                            ", which the question does not mention; I could not tell whether "
                            "that is the relation meant: name it.",
                        a + "与" + b + "之间只能经由问题没有提到的" + via +
                            "关联，无法判断这是否就是所指的关系；请说明。"};
  }
  return std::nullopt;
}

// "the title for the episode 'A Love of a Lifetime'" read Cartoon.Title through TV_Channel to
// TV_series at 1.00: two tables that both refer to a parent the question does not name are
// related only by sharing it (the cartoons of the episode's channel), which is the engine's
// invention. `up` adds the parent (a lookup), `down` the sibling (rows referring to it).
std::optional<ShapeProblem> OnlyASharedParent(const JoinStep& up, const JoinStep& down,
                                              const std::vector<Item>& items,
                                              const SchemaIndex& index,
                                              const std::vector<int>& named_by_verb) {
  const int parent = up.table;
  if (NamedTable(items, index, parent) ||
      std::find(named_by_verb.begin(), named_by_verb.end(), parent) != named_by_verb.end()) {
    return std::nullopt;
  }
  const std::string a = index.tables()[up.parent].name, b = index.tables()[down.table].name,
                    via = index.tables()[parent].name;
  return ShapeProblem{a + " and " + b + " are related only by sharing a " + via +
                          ", which the question does not mention; I could not tell whether "
                          "that is the relation meant: name it.",
                      a + "与" + b + "只因同属问题没有提到的" + via +
                          "而关联，无法判断这是否就是所指的关系；请说明。"};
}

}  // namespace

std::optional<ShapeProblem> FindUnclearJoin(const JoinTree& tree, const std::vector<Item>& items,
                                            const SchemaIndex& index,
                                            const std::vector<int>& named_by_verb) {
  for (const JoinStep& s : tree.steps) {
    if (auto p = TwoReferences(s, items, index)) return p;
  }
  // parent ← via → table: a fan-out into `via`, then a lookup from it.
  for (const JoinStep& up : tree.steps) {
    if (up.fan_out) continue;
    for (const JoinStep& down : tree.steps) {
      if (down.table != up.parent || !down.fan_out) continue;
      if (auto p = TwoLinkTables(down.parent, up.parent, up.table, items, index)) return p;
    }
  }
  // table → parent ← sibling: rows related only by sharing a parent the question does not name.
  for (const JoinStep& up : tree.steps) {
    if (up.fan_out) continue;
    for (const JoinStep& down : tree.steps) {
      if (down.parent != up.table || !down.fan_out) continue;
      if (auto p = OnlyASharedParent(up, down, items, index, named_by_verb)) return p;
    }
  }
  return LongDetour(tree, items, index, named_by_verb);
}

}  // namespace askdb::nlq
