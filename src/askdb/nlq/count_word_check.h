// "What are the opening year and staff number of the museum?": a noun right before "number"
// makes one compound noun — a staff number, a phone number, a race number, a charter number
// — the value of a column of each row, not the count word "number of". When the reading
// counted rows with that "number" and the noun before it is a word the data does not know,
// the count answers another question (COUNT(*) of the museum), so the engine abstains naming
// the compound. Adjectives before "number" ("the yearly number of", "the corresponding
// number of": -ly, -al, -ing, -ed, -ive) and keywords ("total", "average") keep the count.
#pragma once

#include <optional>
#include <vector>

#include "askdb/nlq/query_shape_check.h"
#include "askdb/nlq/reading.h"

namespace askdb::nlq {

class SchemaIndex;

std::optional<ShapeProblem> CountWordInACompoundNoun(const Query& query,
                                                     const std::vector<Item>& items);

// "the maximum number of final tables made" on a column Final_Table_Made: "number of" names
// the column (it holds a number), it is not a second measure; a count of a numeric column's
// values beside its own highest, lowest, average or total is that reading, and abstains.
// "How many tracks are video files?", "How many departments offer degrees?": the words after
// the rows' word (past are/is/were/was; else a verb and its object, two words at least) say
// which rows to count; when a count of rows leaves them unread, it counts every row, and
// abstains naming them. A word that is part of the name of a column the query uses is read
// (主办 of 主办单位: "…公司主办了几本期刊" filters that column), and a Chinese count noun
// after the rows' word (歌手人数) is the count itself; neither is such a condition.
std::optional<ShapeProblem> CountWithAnUnreadPredicate(const Query& query,
                                                       const std::vector<Item>& items,
                                                       const SchemaIndex& index);

std::optional<ShapeProblem> CountBesideItsOwnAggregate(const Query& query,
                                                       const SchemaIndex& index);

}  // namespace askdb::nlq
