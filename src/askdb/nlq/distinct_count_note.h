// What a count of distinct values counted, said in the explanation (session 23).
#pragma once

#include <vector>

#include "askdb/nlq/engine.h"
#include "askdb/nlq/reading.h"
#include "askdb/nlq/schema_index.h"

namespace askdb::nlq {

// "How many states are there?" on a table with one row per (area code, state) is answered
// with COUNT(DISTINCT state); COUNT(*) would count the rows. Both are readings a person may
// mean, so the answer says which it gave: each COUNT(DISTINCT column) whose table held more
// rows than the column had distinct values (when the schema was indexed) gets, on its
// "function" mapping, the note that each value was counted once. No note when the question
// itself asked for different values ("how many different states", 几种).
void NoteDistinctCounts(const std::vector<Measure>& measures, const SchemaIndex& index,
                        bool chinese, bool asked_for_distinct, std::vector<Mapping>* explanation);

}  // namespace askdb::nlq
