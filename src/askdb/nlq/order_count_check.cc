#include "askdb/nlq/order_count_check.h"

#include <string>
#include <string_view>

#include "askdb/nlq/schema_index.h"

namespace askdb::nlq {
namespace {

// The count words whose measure word is 单.
constexpr std::string_view kOrderCountWords[] = {"多少单", "几单", "单数"};

// The UTF-8 character of `s` that ends at `at`, or "" at the start.
std::string_view CharBefore(std::string_view s, size_t at) {
  size_t from = at;
  while (from > 0 && (static_cast<unsigned char>(s[from - 1]) & 0xC0) == 0x80) --from;
  if (from > 0) --from;
  return s.substr(from, at - from);
}

// A Chinese character (3 bytes in UTF-8) starting at `at`.
bool CjkAt(std::string_view s, size_t at) {
  return at < s.size() && (static_cast<unsigned char>(s[at]) & 0xF0) == 0xE0;
}

// The count word of the question, or "". Only the word standing alone: 多少单/几单 not followed by
// more of a word (多少单价), 单数 not after a noun (订单数, 交易单数, 工单数 count the rows of a
// table named so, not orders): only at the start, after 的 or 总, or after no Chinese character.
std::string_view OrderCountWord(const std::vector<Item>& items) {
  std::string all;
  for (const Item& it : items) all += it.text;
  const std::string_view text(all);
  for (std::string_view w : kOrderCountWords) {
    for (size_t at = text.find(w); at != std::string_view::npos; at = text.find(w, at + 1)) {
      if (w == "单数") {
        const std::string_view before = CharBefore(text, at);
        if (before.empty() || before == "的" || before == "总" || !CjkAt(before, 0)) return w;
        continue;
      }
      const size_t after = at + w.size();
      const std::string_view next = text.substr(after, 3);
      if (!CjkAt(text, after) || next == "的" || next == "呢" || next == "吗" || next == "了" ||
          next == "啊") {
        return w;
      }
    }
  }
  return {};
}

// Whether a word naming `table` (its name, the model's words, the glossary's) holds 单.
bool TableIsNamedWithDan(const SchemaIndex& index, int table) {
  if (index.tables()[table].name.find("单") != std::string::npos) return true;
  for (size_t id = 0; id < index.terms().size(); ++id) {
    const Term& t = index.terms()[id];
    if (t.kind == TermKind::kTable && t.table == table &&
        index.term_key(static_cast<int>(id)).find("单") != std::string::npos) {
      return true;
    }
  }
  return false;
}

}  // namespace

std::optional<ShapeProblem> OrdersCountedOnAnotherTable(const std::vector<Item>& items,
                                                        const Query& query,
                                                        const SchemaIndex& index) {
  const std::string_view word = OrderCountWord(items);
  if (word.empty()) return std::nullopt;
  for (const Measure& m : query.measures) {
    if (m.agg != Agg::kCount || m.column >= 0 || m.table < 0) continue;
    if (TableIsNamedWithDan(index, m.table)) continue;
    const std::string& table = index.tables()[m.table].name;
    return ShapeProblem{"'" + std::string(word) +
                            "' counts orders, but the reading counts the rows of " + table +
                            "; name the orders table to count.",
                        "“" + std::string(word) + "”数的是订单，而我读出的计数数的是“" + table +
                            "”的行，答案会是另一个数，因此不作答；请写明要数的订单表。"};
  }
  return std::nullopt;
}

}  // namespace askdb::nlq
