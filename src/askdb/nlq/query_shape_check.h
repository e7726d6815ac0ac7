// Verify the shape before answering: after the engine has assembled its typed query, find a
// shape that cannot be what the question meant, although every word was placed — a count or
// sum of the very column a filter fixes to one value (it would only repeat that value), a
// list whose only columns are such filtered columns, an identifier compared as a quantity
// ("at most 2 sections" read as id <= 2), two values of related rows joined by "and" (both or
// either?), a measure summed over every row when the question asks for a list of rows, or a
// column named for a superlative ("the fastest lap time") listed without ranking, or a foreign
// key listed beside a condition on the table it refers to ("the publisher id of Star Trek"). Each
// is a confident wrong answer, so the engine abstains.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "askdb/nlq/reading.h"

namespace askdb::nlq {

class SchemaIndex;

struct ShapeProblem {
  std::string en, zh;  // what is wrong and what to do, for the user
};

std::optional<ShapeProblem> FindShapeProblem(const Query& query, const std::vector<Item>& items,
                                             const SchemaIndex& index);

// Applied once the values are bound to columns: rows selected by several values of one of
// their own columns show that column, so that each row says which value it is ("the labels
// for TR000, TR001 and TR002").
void AdjustListShape(Query& query, const SchemaIndex& index);

// "Which countries are the customers from? Give the country.": a column named twice is listed
// once, before the checks read the list (one column asked is a list of its values, DISTINCT).
void ListEachColumnOnce(Query& query);

// "which cities in Brazil have customers": a list of only a category or place of rows asked as
// "which/what X" (low-cardinality text that is no key, name, title or date) — each value once,
// not once per row. A list that names rows (people, products) keeps namesakes.
bool ListsOnlyAttributes(const Query& query, const std::vector<Item>& items,
                         const SchemaIndex& index);

}  // namespace askdb::nlq
