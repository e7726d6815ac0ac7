#include "askdb/nlq/reading_check.h"

#include <algorithm>
#include <string_view>

#include "askdb/common/text.h"
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

bool IsEnglishWord(const std::string& text) {
  if (text.size() < 3) return false;
  for (char c : text) {
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) return false;
  }
  return true;
}

bool IsPossessive(const std::string& text) {
  static constexpr std::string_view kWords[] = {"their", "its", "the", "his", "her"};
  return std::find(std::begin(kWords), std::end(kWords), text::AsciiLower(text)) !=
         std::end(kWords);
}

// "the titles and their directors": an English word the engine does not know, listed with
// "and" right after a word it placed, is something else the question asks to be shown.
bool ListedBesidePlacedWord(const std::vector<Item>& items, size_t i) {
  if (items[i].used || items[i].kind != ItemKind::kUnknown || !IsEnglishWord(items[i].text)) {
    return false;
  }
  size_t k = i;
  while (k > 0 && IsPossessive(items[k - 1].text)) --k;
  if (k < 2 || text::AsciiLower(items[k - 1].text) != "and") return false;
  const Item& before = items[k - 2];
  return before.used && before.kind == ItemKind::kTerm;
}

}  // namespace

std::optional<UnplacedWord> FindUnplacedWord(const std::vector<Item>& items,
                                             const SchemaIndex& index) {
  for (size_t i = 0; i < items.size(); ++i) {
    const Item& item = items[i];
    if (ListedBesidePlacedWord(items, i)) {
      return UnplacedWord{UnplacedWord::Kind::kListedWord, item.text};
    }
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
    case UnplacedWord::Kind::kListedWord:
      return chinese ? "问题要求同时列出“" + word.text +
                           "”，但数据中没有找到它对应的列，答案会漏掉它，因此不作答；"
                           "请用列名来问，或去掉它。"
                     : "the question also asks for '" + word.text +
                           "', which I could not find in the data, so the answer would leave "
                           "it out; use the column's name or ask without it.";
  }
  return {};
}

}  // namespace askdb::nlq
