// Whether a question names the data at all, for the router that decides whether a request the
// classifier did not call a data question goes down the data path anyway (agent/pipeline):
// a question the engine abstains on can still name a stored value ("生死疲劳获过几次奖？"
// holds a title) with no mapping in the abstention to show it. Pure; thread-safe.
#pragma once

#include <string_view>

namespace askdb::nlq {

class SchemaIndex;

// Whether `question` holds a table name, a stored value or (in Chinese) a column name, each
// of two or more units: one CJK character or one English word is too common to name the data
// on its own, and an English column word ("name", "date") is an everyday word.
bool HoldsADataName(std::string_view question, const SchemaIndex& index);

}  // namespace askdb::nlq
