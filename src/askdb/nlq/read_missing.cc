#include "askdb/nlq/read_missing.h"

#include <algorithm>
#include <iterator>
#include <optional>
#include <set>
#include <string_view>

#include "askdb/common/text.h"
#include "askdb/nlq/schema_index.h"

namespace askdb::nlq {
namespace {

bool IsOneOf(const std::string& lower, std::initializer_list<std::string_view> words) {
  return std::find(words.begin(), words.end(), lower) != words.end();
}

// The tables a table word of the question names.
std::set<int> NamedTables(const std::vector<Item>& items, const SchemaIndex& index) {
  std::set<int> tables;
  for (const Item& it : items) {
    if (it.kind != ItemKind::kTerm) continue;
    for (int id : it.terms) {
      if (index.terms()[id].kind == TermKind::kTable) tables.insert(index.terms()[id].table);
    }
  }
  return tables;
}

// Whether the word `it` also names table `table` itself.
bool NamesTableOf(const Item& it, int table, const SchemaIndex& index) {
  return std::any_of(it.terms.begin(), it.terms.end(), [&](int id) {
    const Term& t = index.terms()[id];
    return t.kind == TermKind::kTable && t.table == table;
  });
}

// The one column of a named table that `it` names (a column word, or a date column's verb);
// -1 when none or several.
int MissingColumn(const Item& it, const std::set<int>& tables, const SchemaIndex& index) {
  int found = -1;
  auto take = [&](int c) {
    const IndexedColumn& col = index.columns()[c];
    // "products with no units in stock": an amount may be 0 rather than NULL, so a number
    // column is not read as missing (the words stay unread and the engine abstains).
    // A reference is no amount: NULL is its "none" ("没有上级的员工": ReportsTo IS NULL).
    if (col.primary_key || !tables.count(col.table) ||
        (IsNumeric(col.type_class) && !col.foreign_key)) {
      return true;
    }
    if (found >= 0 && found != c) return false;
    found = c;
    return true;
  };
  if (it.kind == ItemKind::kTerm) {
    for (int id : it.terms) {
      const Term& t = index.terms()[id];
      if (t.kind != TermKind::kColumn) continue;
      // "schools that have no players" (player.Player, the column named like its table): the
      // word names the rows of that table, whose absence is no NULL of one of their columns.
      if (NamesTableOf(it, index.columns()[t.column].table, index)) return -1;
      if (!take(t.column)) return -1;
    }
  } else if (it.kind == ItemKind::kUnknown) {
    const std::string lower = text::AsciiLower(it.text);
    for (int table : tables) {
      for (int c : index.tables()[table].columns) {
        if (index.columns()[c].role != ColumnRole::kTime) continue;
        if (VerbNamesDateColumn(lower, index.columns()[c]) && !take(c)) return -1;
      }
    }
  }
  return found;
}

// Whether the words after the missing column's word go on to say something about it, so that
// "no"/"not" negates that and not the column's presence: "not shipped to France" (the ship-to
// country), "not hired in 1993", "not written by Todd Casey" (a value of the column itself).
// A verb's date column stands only at the end of its clause ("not shipped yet", "not shipped
// and …"); a column word, unless its own value follows.
bool NegationGoesOn(const std::vector<Item>& items, size_t j, int column,
                    const SchemaIndex& index) {
  static constexpr std::string_view kClauseEnds[] = {"and",  "or",  "but",  "yet", "are", "is",
                                                     "were", "was", "have", "has", "do",  "does"};
  for (size_t k = j + 1; k < items.size(); ++k) {
    const Item& next = items[k];
    if (next.kind == ItemKind::kPunct) return false;
    const std::string lower = text::AsciiLower(next.text);
    if (items[j].kind == ItemKind::kUnknown) {
      return std::find(std::begin(kClauseEnds), std::end(kClauseEnds), lower) ==
             std::end(kClauseEnds);
    }
    if (lower == "by" || lower == "named" || lower == "called") continue;
    return next.kind == ItemKind::kTerm &&
           std::any_of(next.terms.begin(), next.terms.end(), [&](int id) {
             const Term& t = index.terms()[id];
             return t.kind == TermKind::kValue && t.column == column;
           });
  }
  return false;
}

// Whether the Chinese words after the missing column's word (past 信息, 的 and other function
// words) are the column's own table or nothing: "没有作曲者信息的曲目", "哪些客户没有公司". Any
// other word ("没有公司的订单", "没有填公司的客户的发票") says the column's absence of other rows.
// With `need_rows`, nothing after the column does not do ("有公司名称的客户": 有 X alone may
// ask whether there is one).
bool EndsOnItsRows(const std::vector<Item>& items, size_t j, int table, const SchemaIndex& index,
                   bool need_rows) {
  for (size_t k = j + 1; k < items.size(); ++k) {
    const Item& next = items[k];
    if (next.kind == ItemKind::kPunct ||
        (next.kind == ItemKind::kKeyword && next.kw == Bit(Kw::kStop))) {
      continue;
    }
    if (next.kind != ItemKind::kTerm || !NamesTableOf(next, table, index)) return false;
    // "没填公司的客户的发票": what follows the rows names other rows.
    return std::none_of(
        items.begin() + static_cast<std::ptrdiff_t>(k + 1), items.end(), [&](const Item& it) {
          return it.kind == ItemKind::kTerm &&
                 std::none_of(it.terms.begin(), it.terms.end(),
                              [&](int id) { return index.terms()[id].table == table; });
        });
  }
  return !need_rows;
}

// A column that stores its own "none" (无, 暂无, an empty text): its absence is that value, or
// that value and NULL; neither IS NULL nor IS NOT NULL would be sure.
bool StoresANoneValue(const IndexedColumn& column) {
  return std::any_of(column.stats.values.begin(), column.stats.values.end(), [](const auto& v) {
    return IsOneOf(text::AsciiLower(v),
                   {"", "无", "没有", "暂无", "空", "-", "n/a", "none", "null"});
  });
}

// column IS NULL; a yes/no column always holds one of its two values ("products that are not
// discontinued"), so there the other value, never NULL.
void AddMissingFilter(int column, Query& q, const SchemaIndex& index) {
  Filter f;
  f.column = column;
  if (const std::optional<std::string> yes = FlagYesValue(index.columns()[column])) {
    f.op = Op::kNe;
    f.values = {*yes};
  } else if (const std::optional<std::string> no =
                 ChineseFlagValue(index.columns()[column], false)) {
    f.op = Op::kEq;  // 没有药用价值的植物: 药用价值 = '无'
    f.values = {*no};
  } else {
    f.is_null = true;
  }
  q.filters.push_back(f);
}

}  // namespace

bool VerbNamesDateColumn(const std::string& word, const IndexedColumn& c) {
  const std::vector<std::string> parts = text::SplitIdentifier(c.name);
  if (parts.size() < 2) return false;
  const std::string first = text::AsciiLower(parts.front());
  if (first.size() < 3 || text::AsciiLower(parts.back()) != "date") return false;
  return word == first || word == first + "d" || word == first + "ed" ||
         word == first + first.back() + "ed";
}

bool VerbNamesColumnPrefix(const std::string& word, const IndexedColumn& c) {
  const std::vector<std::string> parts = text::SplitIdentifier(c.name);
  if (parts.size() < 2) return false;
  std::string stem = text::AsciiLower(parts.front());
  if (stem.size() > 5 && stem.ends_with("ing")) stem.resize(stem.size() - 3);  // Billing
  if (stem.size() < 3) return false;
  return word == stem + "ed" || word == stem + "d" || word == stem + stem.back() + "ed";
}

void ReadMissingValues(std::vector<Item>& items, Query& q, const SchemaIndex& index) {
  const std::set<int> tables = NamedTables(items, index);
  if (tables.empty()) return;
  for (size_t k = 0; k < items.size(); ++k) {
    Item& trigger = items[k];
    const std::string lower = text::AsciiLower(trigger.text);
    const bool no = (trigger.kind == ItemKind::kKeyword && trigger.Has(Kw::kNot) &&
                     IsOneOf(lower, {"no", "not"})) ||
                    (trigger.kind == ItemKind::kUnknown && lower == "without");
    if (trigger.used || !no) continue;
    size_t j = k + 1;
    while (j < items.size() &&
           IsOneOf(text::AsciiLower(items[j].text), {"a", "an", "any", "yet", "been"})) {
      ++j;
    }
    if (j >= items.size() || items[j].used) continue;
    const int column = MissingColumn(items[j], tables, index);
    if (column < 0 || NegationGoesOn(items, j, column, index)) continue;
    AddMissingFilter(column, q, index);
    for (size_t u = k; u <= j; ++u) items[u].used = true;
  }
}

void ReadChineseMissingValues(std::vector<Item>& items, Query& q, const SchemaIndex& index) {
  const std::set<int> tables = NamedTables(items, index);
  if (tables.empty()) return;
  for (size_t k = 0; k < items.size(); ++k) {
    // 有 X 的 A: the rows whose X holds something (a yes/no column's 有 is its value, read with
    // the flags in engine.cc).
    const bool has = items[k].text == "有" && (k == 0 || items[k - 1].text != "没");
    if (items[k].used || (!has && !IsOneOf(items[k].text, {"没", "没有", "无"}))) continue;
    size_t j = k + 1;
    if (items[k].text == "没" && j < items.size() && items[j].text == "有") ++j;
    while (j < items.size() && IsOneOf(items[j].text, {"填", "写", "填写"})) ++j;
    if (j >= items.size() || items[j].used || items[j].kind != ItemKind::kTerm) continue;
    const int column = MissingColumn(items[j], tables, index);
    if (column < 0 || StoresANoneValue(index.columns()[column]) ||
        !EndsOnItsRows(items, j, index.columns()[column].table, index, has)) {
      continue;
    }
    if (has && (FlagYesValue(index.columns()[column]) ||
                ChineseFlagValue(index.columns()[column], true))) {
      continue;
    }
    AddMissingFilter(column, q, index);
    if (has) {
      q.filters.back().op = Op::kNe;  // IS NOT NULL
    }
    for (size_t u = k; u <= j; ++u) items[u].used = true;
  }
}

}  // namespace askdb::nlq
