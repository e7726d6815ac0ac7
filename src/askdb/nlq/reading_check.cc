#include "askdb/nlq/reading_check.h"

#include "askdb/nlq/schema_index.h"

namespace askdb::nlq {
namespace {

constexpr KwSet kComputationWords = Bit(Kw::kSum) | Bit(Kw::kAvg) | Bit(Kw::kCount) |
                                    Bit(Kw::kMax) | Bit(Kw::kMin) | Bit(Kw::kDistinct);

// A word that names a column or a value: leaving it out drops a measure, a projection or a
// filter. A word that names only a table is the subject said twice ("invoice total of the
// invoices") far more often than a missing join, and the join planner checks tables.
bool NamesDataBeyondTables(const Item& item, const SchemaIndex& index) {
  for (int id : item.terms) {
    const Term& term = index.terms()[id];
    if (term.kind != TermKind::kTable && term.source != "key") return true;
  }
  return false;
}

}  // namespace

std::optional<UnplacedWord> FindUnplacedWord(const std::vector<Item>& items,
                                             const SchemaIndex& index) {
  for (const Item& item : items) {
    if (item.used) continue;
    switch (item.kind) {
      case ItemKind::kNumber:
        return UnplacedWord{UnplacedWord::Kind::kNumber, item.text};
      case ItemKind::kKeyword:
        if ((item.kw & kComputationWords) && !item.Has(Kw::kStop)) {
          return UnplacedWord{UnplacedWord::Kind::kComputation, item.text};
        }
        break;
      case ItemKind::kTerm:
        if (NamesDataBeyondTables(item, index)) {
          return UnplacedWord{UnplacedWord::Kind::kDataWord, item.text};
        }
        break;
      default:
        break;
    }
  }
  return std::nullopt;
}

std::string UnplacedWordMessage(const UnplacedWord& word, bool chinese) {
  switch (word.kind) {
    case UnplacedWord::Kind::kNumber:
      return chinese ? "没能确定数字“" + word.text +
                           "”在问题里的作用（数量、筛选值还是排名数），为避免给出错误答案而不作答；"
                           "请把它写得更明确，例如“前5个”或“价格等于 0.99”。"
                     : "I could not tell what the number '" + word.text +
                           "' is for (a count of rows, a filter value, a rank), so I did not "
                           "answer rather than risk a wrong one; say it more explicitly, e.g. "
                           "'top 5' or 'price equal to 0.99'.";
    case UnplacedWord::Kind::kComputation:
      return chinese ? "没能把“" + word.text +
                           "”对应到要计算的指标上，答案可能会漏掉它，因此不作答；"
                           "请分开问，或写明对哪一列计算。"
                     : "I could not apply '" + word.text +
                           "' to a column, so the answer would leave it out; ask for it "
                           "separately or name the column it applies to.";
    case UnplacedWord::Kind::kDataWord:
      return chinese ? "问题里的“" + word.text +
                           "”对应数据中的内容，但没能用到查询里，答案可能不对，因此不作答；"
                           "请换个说法或把问题拆开。"
                     : "'" + word.text +
                           "' names something in the data that my reading did not use, so "
                           "the answer could be wrong; rephrase or split the question.";
  }
  return {};
}

}  // namespace askdb::nlq
