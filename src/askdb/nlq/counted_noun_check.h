// "What is the total number of deaths?" on a table death(killed, injured) was COUNT(*) of the
// death rows at 1.00, where the deaths are the sum of killed: a row of such a table records
// an event, and a numeric column of that very table counts the noun the question counts.
// When a count of rows was read from the table's word and one of its amount columns names
// that noun — by its own words (num_of_deaths, deaths) or by a word of the same meaning
// (killed/fatalities, injured/injuries, attendance/attendees) — the question may ask for the
// rows or for the column's total, so the engine abstains naming both.
#pragma once

#include <optional>

#include "askdb/nlq/query_shape_check.h"
#include "askdb/nlq/reading.h"

namespace askdb::nlq {

class SchemaIndex;

std::optional<ShapeProblem> CountedNounIsAColumnsAmount(const Query& query,
                                                        const SchemaIndex& index);

}  // namespace askdb::nlq
