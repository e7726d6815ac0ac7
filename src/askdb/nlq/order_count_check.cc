#include "askdb/nlq/order_count_check.h"

#include <string>
#include <string_view>

#include "askdb/nlq/schema_index.h"

namespace askdb::nlq {
namespace {

// The count words whose measure word is 单.
constexpr std::string_view kOrderCountWords[] = {"多少单", "几单", "单数"};

// The count word of the question, or "".
std::string_view OrderCountWord(const std::vector<Item>& items) {
  std::string all;
  for (const Item& it : items) all += it.text;
  for (std::string_view w : kOrderCountWords) {
    if (all.find(w) != std::string::npos) return w;
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
