// Is the join tree the one meaningful way to connect the tables (issue 13)? The shortest
// tree (join_path.h) is chosen without reading the question's words; when two different
// relationships connect the same tables equally closely, picking one is a guess that gives
// a confident wrong answer on a schema the engine has not met:
// - two references between the same two tables (flights.SourceAirport and
//   flights.DestAirport → airports; matches.winner_id and loser_id → players): the step
//   stands only when the question names the reference it uses ("source airport"), and by
//   that name alone;
// - two link tables between the same two tables (students ← enrolments → courses and
//   students ← waiting_list → courses): the step through one of them stands only when the
//   question names that table or one of its columns;
// - a long detour: a path that goes down into rows referring to the root and up again
//   through three or more tables the question does not name ("courses per department"
//   through the students' enrolments and degree programmes) relates the two by the engine's
//   choice, not the question's.
// Otherwise the engine abstains naming the tables. `named_by_verb`: tables a verb of the
// question names ("bought": the order lines and their document), which count as named for the
// detour.
#pragma once

#include <optional>
#include <vector>

#include "askdb/nlq/join_path.h"
#include "askdb/nlq/query_shape_check.h"
#include "askdb/nlq/reading.h"

namespace askdb::nlq {

class SchemaIndex;

std::optional<ShapeProblem> FindUnclearJoin(const JoinTree& tree, const std::vector<Item>& items,
                                            const SchemaIndex& index,
                                            const std::vector<int>& named_by_verb = {});

}  // namespace askdb::nlq
