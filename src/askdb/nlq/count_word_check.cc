#include "askdb/nlq/count_word_check.h"

#include <algorithm>
#include <string>
#include <string_view>

#include "askdb/common/text.h"

namespace askdb::nlq {
namespace {

bool EndsWith(std::string_view s, std::string_view tail) {
  return s.size() > tail.size() && s.substr(s.size() - tail.size()) == tail;
}

// An English word that reads as a noun before "number": letters only, not an adjective form.
bool NounBeforeNumber(const Item& it) {
  if (it.kind != ItemKind::kUnknown || it.text.empty()) return false;
  const std::string w = text::AsciiLower(it.text);
  if (!std::all_of(w.begin(), w.end(), [](char c) { return c >= 'a' && c <= 'z'; })) return false;
  for (std::string_view adjective : {"ly", "al", "ing", "ed", "ive", "ous", "ful"}) {
    if (EndsWith(w, adjective)) return false;
  }
  return true;
}

bool IsNumberWord(const Item& it) {
  const std::string w = text::AsciiLower(it.text);
  return w.rfind("number", 0) == 0 && it.Has(Kw::kCount);
}

}  // namespace

std::optional<ShapeProblem> CountWordInACompoundNoun(const Query& query,
                                                     const std::vector<Item>& items) {
  const bool counts = std::any_of(query.measures.begin(), query.measures.end(),
                                  [](const Measure& m) { return m.agg == Agg::kCount; });
  if (!counts) return std::nullopt;
  for (size_t k = 1; k < items.size(); ++k) {
    if (!IsNumberWord(items[k]) || !NounBeforeNumber(items[k - 1])) continue;
    const std::string phrase = items[k - 1].text + " number";
    return ShapeProblem{
        "'" + phrase +
            "' reads as a value of each row (like a phone number), not as a count, and I found "
            "no column for it; use the column's name.",
        "“" + phrase + "”像是每行的一个编号或数值，而不是计数，我没有找到对应的列；请使用列名。"};
  }
  return std::nullopt;
}

}  // namespace askdb::nlq
