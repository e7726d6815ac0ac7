// Internal to the cache module: splits a question into the items both the lexical embedder
// and the slot extractor work on, with the nlq engine's own tables — the tokenizer's units,
// the bilingual keyword lexicon (longest phrase first), an optional schema index's terms and
// the number words — so that the cache reads a question the way the engine does.
// Pure function, thread-safe (the lexicon and the index are shared read-only).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "askdb/nlq/lexicon.h"

namespace askdb::nlq {
class SchemaIndex;
}  // namespace askdb::nlq

namespace askdb::cache {

enum class ItemKind {
  kKeyword,  // a lexicon phrase (kw holds its kinds)
  kTerm,     // a schema phrase of the index (terms holds the term ids)
  kNumber,   // digits, a Chinese numeral run or an English number word (number holds it)
  kWord,     // any other Latin word
  kCjk,      // any other CJK character
  kPunct,    // punctuation: breaks n-gram runs
};

struct QuestionItem {
  ItemKind kind = ItemKind::kWord;
  std::string key;  // the unit key(s) joined (tokenizer.h JoinUnitKeys)
  nlq::KwSet kw = 0;
  std::vector<int> terms;
  double number = 0;
};

// Keywords win over schema terms unless their only reading is a stop word (as in the
// engine: "average" means AVG even when a column is called Average). `index` may be null.
std::vector<QuestionItem> SegmentQuestion(std::string_view question, const nlq::SchemaIndex* index);

// True for a keyword whose only kinds are stop word and row unit: it carries no meaning.
bool IsFiller(const QuestionItem& item);

}  // namespace askdb::cache
