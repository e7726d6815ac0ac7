// Grounding strength: how firmly each word the reading used is tied to the schema. Counting
// the words placed is not enough — a reading of a schema the engine has never met can place
// every word and still be wrong when the words were placed loosely. Each match has a
// strength fixed in advance by how it was found:
//   1.0  the table's or column's own name, a model business name, a stored value, a term;
//   0.95 a semantic-model synonym or a value label;
//   0.9  a derived value spelling (北京 for 北京市, "american" for 'USA');
//   0.85 a derived name alias (without the table's name or language suffix, "founded year"
//        for Year_of_Founded; "type" for PetType, taken only when the question names the
//        pets), a bare "id", a yes/no flag's words;
//   0.8  a money word inferred with no semantic model ("revenue" → the one amount column).
// (The leftover word of a column name was first set at 0.6: on the develop splits it was
// right every time it was used, since it is taken only beside its table's name.)
// A word whose best matches are two or more columns of tables the query reads, equally
// strong, is close between candidates (the engine chose one by context): × kCloseFactor.
// The weakest answer-changing word (a table, column or value word) bounds the reading.
#pragma once

#include <string>
#include <vector>

#include "askdb/nlq/reading.h"

namespace askdb::nlq {

class SchemaIndex;
struct Term;

inline constexpr double kCloseFactor = 0.8;
// Below this a word is too loosely grounded to answer on, whatever else the reading says.
inline constexpr double kWeakGrounding = 0.7;

double TermStrength(const Term& term);

struct Grounding {
  double weakest = 1.0;  // the strength of the weakest used data word (1 when none)
  std::string word;      // that word, as written; empty when none is below 1
  bool close = false;    // the weakest word was close between candidates
};

// Over the items the reading used; `query_tables` are the tables the SQL reads (for
// closeness: candidates in tables the query does not read were not in competition).
Grounding GroundReading(const std::vector<Item>& items, const SchemaIndex& index,
                        const std::vector<int>& query_tables);

// "'type' is only loosely tied to the data (part of a column name) ..." in the question's
// language.
std::string WeakGroundingMessage(const Grounding& g, bool chinese);

}  // namespace askdb::nlq
