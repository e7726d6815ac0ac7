// Reads a request that asks about the data's structure itself — the list of tables ("有哪些表",
// "what's in this database") or one named table's columns ("orders表有哪些字段", "describe
// the customers table") — so it is answered from the schema listing, not by a query. Counting
// tables ("how many tables"), comparing them ("which table has the most rows") and listing rows
// ("list the customers") are not schema questions.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "askdb/common/json.h"

namespace askdb::agent {

struct SchemaQuestion {
  enum class Kind { kTables, kColumns };
  Kind kind = Kind::kTables;
  // kColumns: the listed table's real name; empty when no table of the listing is named so.
  std::string table;
  // kColumns: the table as the request named it ("订单", "the customers").
  std::string named;
};

// `listing` is SchemaListing's JSON as the asker may see it: only its tables (real names and
// business names, any case, a plural or spaces for underscores) are matched, so a hidden table
// reads as unknown. nullopt: not a schema question.
std::optional<SchemaQuestion> ReadSchemaQuestion(std::string_view request, const Json& listing);

// The wording alone may be a schema question (ReadSchemaQuestion then decides with the
// listing): a cheap test, so other requests never need the schema.
bool MayBeSchemaQuestion(std::string_view request);

}  // namespace askdb::agent
