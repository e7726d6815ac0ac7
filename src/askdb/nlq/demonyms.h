// CountryWords: the bilingual country table of the question-to-SQL engine
// (data/nlq/demonyms.json, linked into the binary). When a text column stores a country
// name ("USA", "France"), SchemaIndex also indexes that value under the country's
// adjectives and other names ("american", "美国", "United States"), so "american
// conductors" finds nationality = 'USA'. Only values the data holds get words, so the table
// never invents a filter value.
//
// Immutable after construction; Builtin() is a process-lifetime singleton, safe to read
// from many threads.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "askdb/common/status.h"

namespace askdb::nlq {

class CountryWords {
 public:
  // Parses {"countries": [{"names": [...], "words": [...]}, ...]}; keys starting with "_"
  // are comments. A malformed document is InvalidArgument.
  static StatusOr<CountryWords> FromJson(std::string_view json_text);
  // The built-in table. Aborts only if the embedded file is broken, which the unit tests
  // rule out.
  static const CountryWords& Builtin();

  // The words that also name `stored_value` when it is a country name (compared
  // ASCII-case-insensitively): the country's words and its other names. nullptr when the
  // value names no country of the table.
  const std::vector<std::string>* WordsFor(std::string_view stored_value) const;

 private:
  std::unordered_map<std::string, std::vector<std::string>> by_name_;  // lower-cased name
};

}  // namespace askdb::nlq
