#include "askdb/catalog/relations.h"

#include <algorithm>
#include <set>

#include "askdb/common/text.h"
#include "askdb/db/schema.h"

namespace askdb::catalog {
namespace {

std::string Key(std::string_view s) { return text::AsciiLower(s); }

bool TableEnabled(const SemanticModel* model, std::string_view table) {
  if (model == nullptr) return true;
  const TableSemantics* t = model->FindTable(table);
  return t == nullptr || t->enabled;
}

bool ColumnEnabled(const SemanticModel* model, std::string_view table, std::string_view column) {
  if (model == nullptr) return true;
  const ColumnSemantics* c = model->FindColumn(table, column);
  return c == nullptr || c->enabled;
}

bool SameEnds(const Relation& a, const Relation& b) {
  auto eq = [](std::string_view x, std::string_view y) { return Key(x) == Key(y); };
  bool forward = eq(a.from_table, b.from_table) && eq(a.from_column, b.from_column) &&
                 eq(a.to_table, b.to_table) && eq(a.to_column, b.to_column);
  bool backward = eq(a.from_table, b.to_table) && eq(a.from_column, b.to_column) &&
                  eq(a.to_table, b.from_table) && eq(a.to_column, b.from_column);
  return forward || backward;
}

// The "parent" side of a relation: the table a row of the other side refers to.
// Returns {child, parent}; for 1:1 both directions count, handled by the caller.
std::pair<const std::string*, const std::string*> ChildParent(const Relation& r) {
  if (r.kind == RelationKind::kOneToMany) return {&r.to_table, &r.from_table};
  return {&r.from_table, &r.to_table};
}

}  // namespace

std::string Relation::ToString() const {
  return from_table + "." + from_column + "=" + to_table + "." + to_column;
}

std::vector<Relation> MergeRelations(const db::DatabaseSchema& schema, const SemanticModel* model) {
  std::vector<Relation> out;
  for (const db::TableInfo& table : schema.tables) {
    if (!TableEnabled(model, table.name)) continue;
    for (const db::ForeignKey& fk : table.foreign_keys) {
      const db::TableInfo* target = schema.FindTable(fk.ref_table);
      if (target == nullptr || !TableEnabled(model, target->name)) continue;
      for (size_t i = 0; i < fk.columns.size(); ++i) {
        Relation r;
        r.from_table = table.name;
        r.from_column = fk.columns[i];
        r.to_table = target->name;
        // A foreign key without referenced columns points at the parent's primary key.
        if (i < fk.ref_columns.size()) {
          r.to_column = fk.ref_columns[i];
        } else if (i < target->primary_key.size()) {
          r.to_column = target->primary_key[i];
        } else {
          continue;
        }
        out.push_back(std::move(r));
      }
    }
  }
  if (model == nullptr) return out;
  const size_t physical = out.size();
  for (const LogicalRelation& logical : model->relations) {
    const db::TableInfo* from = schema.FindTable(logical.from_table);
    const db::TableInfo* to = schema.FindTable(logical.to_table);
    if (from == nullptr || to == nullptr) continue;
    const db::ColumnInfo* from_col = from->FindColumn(logical.from_column);
    const db::ColumnInfo* to_col = to->FindColumn(logical.to_column);
    if (from_col == nullptr || to_col == nullptr) continue;
    if (!TableEnabled(model, from->name) || !TableEnabled(model, to->name)) continue;
    if (!ColumnEnabled(model, from->name, from_col->name) ||
        !ColumnEnabled(model, to->name, to_col->name)) {
      continue;
    }
    Relation r{from->name,   from_col->name,      to->name, to_col->name,
               logical.kind, logical.description, true};
    bool duplicate = std::any_of(out.begin(), out.begin() + static_cast<long>(physical),
                                 [&](const Relation& p) { return SameEnds(p, r); });
    if (!duplicate) out.push_back(std::move(r));
  }
  return out;
}

std::vector<Relation> RelationsTouching(const std::vector<Relation>& relations,
                                        const std::vector<std::string>& tables) {
  std::set<std::string> keys;
  for (const std::string& t : tables) keys.insert(Key(t));
  std::vector<Relation> out;
  for (const Relation& r : relations) {
    if (keys.count(Key(r.from_table)) || keys.count(Key(r.to_table))) out.push_back(r);
  }
  return out;
}

std::vector<CompletedTable> CompleteWithForeignKeys(const std::vector<std::string>& recalled,
                                                    const std::vector<Relation>& relations,
                                                    const CompletionOptions& options) {
  std::set<std::string> present;
  for (const std::string& t : recalled) present.insert(Key(t));
  std::vector<CompletedTable> out;
  auto add = [&](const std::string& table, const std::string& via, bool link) {
    if (!present.insert(Key(table)).second) return;
    out.push_back({table, via, link});
  };
  if (options.add_referenced) {
    for (const std::string& source : recalled) {
      const std::string key = Key(source);
      for (const Relation& r : relations) {
        auto [child, parent] = ChildParent(r);
        if (Key(*child) == key) add(*parent, source, false);
        if (r.kind == RelationKind::kOneToOne && Key(*parent) == key) add(*child, source, false);
      }
    }
  }
  if (options.add_link_tables) {
    // A candidate links two recalled tables when its relations reach two different ones.
    std::set<std::string> recalled_keys;
    for (const std::string& t : recalled) recalled_keys.insert(Key(t));
    for (const std::string& source : recalled) {
      const std::string key = Key(source);
      for (const Relation& r : relations) {
        for (bool forward : {true, false}) {
          const std::string& here = forward ? r.to_table : r.from_table;
          const std::string& other = forward ? r.from_table : r.to_table;
          if (Key(here) != key || recalled_keys.count(Key(other))) continue;
          // `other` touches `source`; does it also touch another recalled table?
          std::set<std::string> reached;
          for (const Relation& s : relations) {
            if (Key(s.from_table) == Key(other) && recalled_keys.count(Key(s.to_table))) {
              reached.insert(Key(s.to_table));
            }
            if (Key(s.to_table) == Key(other) && recalled_keys.count(Key(s.from_table))) {
              reached.insert(Key(s.from_table));
            }
          }
          if (reached.size() >= 2) add(other, source, true);
        }
      }
    }
  }
  return out;
}

}  // namespace askdb::catalog
