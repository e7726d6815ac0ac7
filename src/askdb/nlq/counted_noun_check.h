// "What is the total number of deaths?" on a table death(killed, injured) was COUNT(*) of the
// death rows at 1.00, where the deaths are the sum of killed: a row of such a table records
// an event, and a numeric column of that very table counts the noun the question counts.
// When a count of rows was read from the table's word, a plural, and one of its non-key
// numeric columns counts that noun — its name is that one noun once count words are taken off
// (deaths, num_of_deaths, death_count), or a word of the same meaning (killed/fatalities,
// injured/injuries, attendance/attendees) — the question may ask for the rows or for the
// column's total, so the engine abstains naming both. pet_age, train_number: attributes.
#pragma once

#include <optional>

#include "askdb/nlq/query_shape_check.h"
#include "askdb/nlq/reading.h"

namespace askdb::nlq {

class SchemaIndex;

std::optional<ShapeProblem> CountedNounIsAColumnsAmount(const Query& query,
                                                        const SchemaIndex& index);

// "How many dorms can hold more than 200 students?" was the dorms with more than 200 Lives_in
// rows (0.77) on Dorm(student_capacity): rows compared by a count of related rows while their
// own table holds a number column named with the counted noun (student_capacity,
// num_students, student_count) may mean that column. The engine abstains naming both. A
// comparison with none ("dorms with no students") counts the rows.
std::optional<ShapeProblem> RelatedCountBesideAColumnOfTheRows(const Query& query,
                                                               const SchemaIndex& index);

}  // namespace askdb::nlq
