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

// The most units from unit i that spell a word the lexicon or the schema index knows
// (longest first); 0 when none does.
size_t LongestMatch(const std::vector<Unit>& units, size_t i, size_t max_units,
                    const nlq::Lexicon& lex, const nlq::SchemaIndex* index) {
  for (size_t l = std::min(max_units, units.size() - i); l >= 1; --l) {
    if (Matches(units, i, l, lex, index)) return l;
  }
  return 0;
}

// A known word: a schema term when the index has it and the lexicon gives it no more than a
// stop word's meaning, else a keyword.
QuestionItem KnownItem(std::string key, const nlq::Lexicon& lex, const nlq::SchemaIndex* index) {
  QuestionItem item;
  item.key = std::move(key);
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
  return item;
}

// A unit no word covers: a number (digits, an English number word, a run of Chinese
// numerals — `len` becomes the run's units), else a Chinese character or a word.
QuestionItem UnknownItem(const std::vector<Unit>& units, size_t i, size_t& len) {
  const Unit& u = units[i];
  QuestionItem item;
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
  return item;
}

// "1万", "3k": a magnitude word of one unit right after a number scales it (as the engine
// reads it); true when `item` was folded into the number before it.
bool ScalesTheNumberBefore(std::vector<QuestionItem>& items, const QuestionItem& item, size_t len) {
  if (items.empty() || items.back().kind != ItemKind::kNumber || item.kind == ItemKind::kTerm ||
      item.kind == ItemKind::kPunct || len != 1) {
    return false;
  }
  const std::optional<double> m = nlq::MagnitudeMultiplier(item.key);
  if (!m) return false;
  items.back().number *= *m;
  items.back().key += item.key;
  return true;
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
    if (units[i].kind == UnitKind::kPunct) {
      QuestionItem punct;
      punct.kind = ItemKind::kPunct;
      punct.key = units[i].key;
      items.push_back(std::move(punct));
      ++i;
      continue;
    }
    size_t len = LongestMatch(units, i, max_units, lex, index);
    QuestionItem item = len > 0 ? KnownItem(nlq::JoinUnitKeys(units, i, i + len), lex, index)
                                : UnknownItem(units, i, len);
    i += len;
    if (!ScalesTheNumberBefore(items, item, len)) items.push_back(std::move(item));
  }
  return items;
}

}  // namespace askdb::cache
