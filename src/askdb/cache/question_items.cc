#include "askdb/cache/question_items.h"

#include <algorithm>
#include <cstdlib>
#include <optional>

#include "askdb/nlq/number_words.h"
#include "askdb/nlq/schema_index.h"
#include "askdb/nlq/tokenizer.h"

namespace askdb::cache {
namespace {

using nlq::Bit;
using nlq::Kw;
using nlq::Unit;
using nlq::UnitKind;

constexpr nlq::KwSet kFillerKinds = Bit(Kw::kStop) | Bit(Kw::kRowUnit);

bool Matches(const std::vector<Unit>& units, size_t i, size_t len, const nlq::Lexicon& lex,
             const nlq::SchemaIndex* index) {
  if (i + len > units.size()) return false;
  for (size_t k = i; k < i + len; ++k) {
    if (units[k].kind == UnitKind::kPunct) return false;
  }
  const std::string key = nlq::JoinUnitKeys(units, i, i + len);
  return lex.Lookup(key) != 0 || (index != nullptr && index->FindTerms(key) != nullptr);
}

// A run of Chinese numeral characters starting at unit i: how many units it covers.
size_t ChineseNumeralRun(const std::vector<Unit>& units, size_t i, double* value) {
  std::string run;
  size_t end = i;
  while (end < units.size() && units[end].kind == UnitKind::kCjk) {
    const std::string candidate = run + units[end].key;
    const std::optional<double> parsed = nlq::ParseChineseNumeral(candidate);
    if (!parsed) break;
    run = candidate;
    *value = *parsed;
    ++end;
  }
  return end - i;
}

}  // namespace

bool IsFiller(const QuestionItem& item) {
  return item.kind == ItemKind::kKeyword && (item.kw & ~kFillerKinds) == 0;
}

std::vector<QuestionItem> SegmentQuestion(std::string_view question,
                                          const nlq::SchemaIndex* index) {
  const nlq::Lexicon& lex = nlq::Lexicon::Builtin();
  const std::vector<Unit> units = nlq::TokenizeUnits(question);
  const size_t max_units =
      std::max(lex.max_units(), index != nullptr ? index->max_term_units() : size_t{1});
  std::vector<QuestionItem> items;
  size_t i = 0;
  while (i < units.size()) {
    QuestionItem item;
    size_t len = 0;
    if (units[i].kind == UnitKind::kPunct) {
      item.kind = ItemKind::kPunct;
      item.key = units[i].key;
      items.push_back(std::move(item));
      ++i;
      continue;
    }
    for (size_t l = std::min(max_units, units.size() - i); l >= 1; --l) {
      if (Matches(units, i, l, lex, index)) {
        len = l;
        break;
      }
    }
    if (len > 0) {
      item.key = nlq::JoinUnitKeys(units, i, i + len);
      item.kw = lex.Lookup(item.key);
      const std::vector<int>* terms = index != nullptr ? index->FindTerms(item.key) : nullptr;
      const bool weak_kw = (item.kw & ~Bit(Kw::kStop)) == 0;
      if (terms != nullptr && weak_kw) {
        item.kind = ItemKind::kTerm;
        item.terms = *terms;
        item.kw = 0;
      } else {
        item.kind = ItemKind::kKeyword;
      }
      i += len;
    } else {
      const Unit& u = units[i];
      item.key = u.key;
      len = 1;
      if (u.kind == UnitKind::kNumber) {
        item.kind = ItemKind::kNumber;
        item.number = std::strtod(u.key.c_str(), nullptr);
      } else if (auto w = nlq::ParseEnglishNumberWord(u.key); w && u.kind == UnitKind::kWord) {
        item.kind = ItemKind::kNumber;
        item.number = *w;
      } else if (u.kind == UnitKind::kCjk) {
        double value = 0;
        if (size_t run = ChineseNumeralRun(units, i, &value); run > 0) {
          item.kind = ItemKind::kNumber;
          item.number = value;
          item.key = nlq::JoinUnitKeys(units, i, i + run);
          len = run;
        } else {
          item.kind = ItemKind::kCjk;
        }
      } else {
        item.kind = ItemKind::kWord;
      }
      i += len;
    }
    // "1万", "3k": a magnitude word right after a number scales it (as the engine reads it).
    if (!items.empty() && items.back().kind == ItemKind::kNumber && item.kind != ItemKind::kTerm &&
        item.kind != ItemKind::kPunct && len == 1) {
      if (auto m = nlq::MagnitudeMultiplier(item.key); m) {
        items.back().number *= *m;
        items.back().key += item.key;
        continue;
      }
    }
    items.push_back(std::move(item));
  }
  return items;
}

}  // namespace askdb::cache
