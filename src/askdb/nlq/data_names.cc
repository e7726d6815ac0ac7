#include "askdb/nlq/data_names.h"

#include <vector>

#include "askdb/nlq/schema_index.h"
#include "askdb/nlq/tokenizer.h"

namespace askdb::nlq {
namespace {

// Whether `terms` hold a table or a value, or a column when the phrase is Chinese.
bool NamesData(const std::vector<int>& terms, const SchemaIndex& index, bool chinese) {
  for (int id : terms) {
    const Term& t = index.terms()[id];
    if (t.kind == TermKind::kTable || t.kind == TermKind::kValue ||
        (t.kind == TermKind::kColumn && chinese)) {
      return true;
    }
  }
  return false;
}

}  // namespace

bool HoldsADataName(std::string_view question, const SchemaIndex& index) {
  const std::vector<Unit> units = TokenizeUnits(question);
  for (size_t i = 0; i < units.size(); ++i) {
    bool chinese = true;  // every unit of the phrase so far is a CJK character
    for (size_t n = 1; n <= index.max_term_units() && i + n <= units.size(); ++n) {
      chinese = chinese && units[i + n - 1].kind == UnitKind::kCjk;
      if (n < 2) continue;
      const std::vector<int>* ids = index.FindTerms(JoinUnitKeys(units, i, i + n));
      if (ids != nullptr && NamesData(*ids, index, chinese)) return true;
    }
  }
  return false;
}

}  // namespace askdb::nlq
