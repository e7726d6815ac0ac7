// "What are the opening year and staff number of the museum?": a noun right before "number"
// makes one compound noun — a staff number, a phone number, a race number, a charter number
// — the value of a column of each row, not the count word "number of". When the reading
// counted rows with that "number" and the noun before it is a word the data does not know,
// the count answers another question (COUNT(*) of the museum), so the engine abstains naming
// the compound. Adjectives before "number" ("the yearly number of", "the corresponding
// number of": -ly, -al, -ing, -ed, -ive, -ous, -ful) and keywords ("total", "average") keep
// the count.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "askdb/nlq/query_shape_check.h"
#include "askdb/nlq/reading.h"

namespace askdb::nlq {

class SchemaIndex;

std::optional<ShapeProblem> CountWordInACompoundNoun(const Query& query,
                                                     const std::vector<Item>& items);

// "apartment numbers of duplex apartments" was COUNT(*) of the apartments: a number word right
// after a word naming the very table counted is a value of each of its rows (apt_number,
// unfound), as "room number" is when the noun is unknown (CountWordInACompoundNoun).
std::optional<ShapeProblem> CountWordAfterItsTable(const Query& query,
                                                   const std::vector<Item>& items,
                                                   const SchemaIndex& index);

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

// "How many were injured per ship?" read as COUNT(DISTINCT injured): "how many" before a
// column of amounts (a numeric measure) asks for their total, or for a number of rows; the
// number of different amounts is meant only when the question says "different"/"distinct".
std::optional<ShapeProblem> CountOfAnAmount(const Query& query, const std::vector<Item>& items,
                                            const SchemaIndex& index);

// "亚运会有几届" listed 届数 of the three 亚运会 rows at 1.00: 多少/几 before a count column's unit
// (白鹿原有多少集 → 集数, segment.cc ReadUnitOfCountColumn) asks one row's value; over rows that
// no name (the label, a column of all-different values) pins to one and that are not listed
// with their names, it may ask for a count of rows or a total as well, so the engine abstains.
// 第几 (第几届) asks each row's ordinal and is not taken.
std::optional<ShapeProblem> CountUnitValueOverSeveralRows(const Query& query,
                                                          const std::vector<Item>& items,
                                                          const SchemaIndex& index);

// The English twin: "number of hosts in all parties" listed party.Number_of_hosts of every
// party at 1.00, "total passengers of all airports" airport.Total_Passengers: a column whose
// name opens with a total or count word, said with that word, listed over rows that no name pins
// to one and that are not listed with their names, may ask for their sum as well; "each"/"per"
// asks each row's value.
std::optional<ShapeProblem> TotalColumnListedOverSeveralRows(const Query& query,
                                                             const std::vector<Item>& items,
                                                             const SchemaIndex& index);

// "the top 5 artists by number of tracks sold" counted every track of the catalogue: a past
// participle right after the counted rows' word (tracks sold, orders shipped, products
// ordered) and ending its clause says which of them to count; left unread (and no part of a
// used column's name, as "shipped" of ShippedDate is when the period is on it), the count
// takes every row. Followed by more ("papers published in each year", "pets owned by
// students"), the participle only introduces what those words say.
std::optional<ShapeProblem> CountWithAnUnreadParticiple(const Query& query,
                                                        const std::vector<Item>& items,
                                                        const SchemaIndex& index);

// "发票有几张和多少钱", "订单一共多少钱", "每首歌多少钱": 多少钱 asks for an amount of money
// (it is a stop word, so nothing reads it); when the reading shows no amount — only counts,
// names or keys — the money was dropped, and the engine abstains naming the word.
std::optional<ShapeProblem> MoneyAskedAndNotAnswered(const Query& query,
                                                     const std::vector<Item>& items,
                                                     const SchemaIndex& index);

// "哪个门店的退货率最高", "return rate by store": a rate (率, rate, ratio) the reading left
// unread would answer with one of its two numbers (the count of returns) under the rate's
// name; the engine abstains naming the word. A rate the data defines (a column 出勤率, a
// business term 退货率) is read as a term and never reaches this check.
std::optional<ShapeProblem> UnreadRateWord(const std::vector<Item>& items);

// A past participle: a regular -ed form, or an irregular one (sold, made, written, …).
bool IsPastParticiple(std::string_view word);

std::optional<ShapeProblem> CountBesideItsOwnAggregate(const Query& query,
                                                       const SchemaIndex& index);

// "How many singers from France with an age above 30 are retired?", "the average earnings of
// poker players from Russia who are professional", "... with a coastline", "... have tattoos":
// an English copula or having word (with, have, has) followed by words the engine does not
// know, ending the clause, states a condition on the rows that any answer — a count, an
// average, a list — would leave out. In a long question the unknown word costs too little
// confidence to abstain by itself.
std::optional<ShapeProblem> UnreadPredicateOfTheRows(const Query& query,
                                                     const std::vector<Item>& items,
                                                     const SchemaIndex& index);

}  // namespace askdb::nlq
