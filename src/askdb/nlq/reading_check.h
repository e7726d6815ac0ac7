// Verify before answering: after the engine has read a question, find a word it left
// unexplained that could change the answer. A number ("the 5 longest", "price 0.99"), a
// computation word ("count" next to a sum, "total" beside "average") or a word that names
// something in the data, or an unknown word listed with "and" beside words it placed: if the
// reading did not use it, the SQL answers a different question, so the engine abstains and
// names the word instead of answering.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "askdb/nlq/reading.h"

namespace askdb::nlq {

class SchemaIndex;

struct UnplacedWord {
  enum class Kind {
    kNumber,       // a number the query does not contain
    kComputation,  // an aggregate word (sum, count, average, most, ...) not applied
    kDataWord,     // a table, column or value name not in the query
    kListedWord,   // an unknown word listed beside placed ones ("titles and their directors")
    kRankingWord,  // a superlative or comparison not applied ("the tallest", "first", "than")
    kModifier,     // an unknown word that narrows a placed one ("official languages",
                   // "the highest altitude"): the rows or the measure would be others
    kName,         // a capitalised unknown word inside the question ("element Tin"): a
                   // value the data does not hold as written
    kWhy,          // "why", 为什么: a cause is not one query's result
  };
  Kind kind;
  std::string text;
};

// The first answer-changing word of `items` that the reading left unused, or nullopt.
std::optional<UnplacedWord> FindUnplacedWord(const std::vector<Item>& items,
                                             const SchemaIndex& index);

// Verbs that only say rows were made, kept or took place ("placed", "held", "released"): they
// narrow nothing.
bool IsNeutralVerb(const std::string& text);

// The message that says which word was not placed and what to do, in English or Chinese.
std::string UnplacedWordMessage(const UnplacedWord& word, bool chinese);

}  // namespace askdb::nlq
