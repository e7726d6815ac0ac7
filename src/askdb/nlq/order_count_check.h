// "每个行业的客户各下了多少单" was COUNT(*) of the customers at 1.00: 单 after 多少/几 (and
// 单数) is the measure word of orders — one 单 is one order, bill or ticket — so the rows
// counted must be a table of them. A count said in 单 over a table whose Chinese words (its
// own name, the model's, the glossary's) hold no 单 counts other rows, and the engine
// abstains naming the word.
#pragma once

#include <optional>
#include <vector>

#include "askdb/nlq/query_shape_check.h"
#include "askdb/nlq/reading.h"

namespace askdb::nlq {

class SchemaIndex;

std::optional<ShapeProblem> OrdersCountedOnAnotherTable(const std::vector<Item>& items,
                                                        const Query& query,
                                                        const SchemaIndex& index);

}  // namespace askdb::nlq
