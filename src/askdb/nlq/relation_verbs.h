// Verbs of agency or possession that name the relation between two tables (handled, placed,
// manage, own): read as the foreign key that links the rows (read_relation_verbs.cc).
#pragma once

#include <string_view>

namespace askdb::nlq {

// `lower` is one lower-cased English word.
bool IsRelationVerb(std::string_view lower);

}  // namespace askdb::nlq
