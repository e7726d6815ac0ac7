// SchemaWords: the words a table or column name says, with its abbreviations spelled out
// (data/nlq/abbreviations.json, linked into the binary): "cust_nm" → customer name,
// "hrly_rate" → hourly rate, "SHIP_DT" → ship date, table tblGenre → genre. Realistic schemas
// abbreviate; questions do not. Every reading that splits a schema name into words to
// decide what the name says goes through here, so one table holds every abbreviation.
//
// Immutable after construction; Builtin() is a process-lifetime singleton, safe to read
// from many threads.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "askdb/common/status.h"

namespace askdb::nlq {

class Abbreviations {
 public:
  // Parses {"words": {"qty": "quantity", ...}, "markers": ["tbl", ...]}; keys starting with
  // "_" are comments. Abbreviations are lower-case single words; a malformed document is
  // InvalidArgument.
  static StatusOr<Abbreviations> FromJson(std::string_view json_text);
  // The built-in table. Aborts only if the embedded file is broken, which the unit tests
  // rule out.
  static const Abbreviations& Builtin();

  // The words `lower_word` stands for ("qty" → {"quantity"}, "dob" → {"date", "of",
  // "birth"}); nullptr when it abbreviates nothing.
  const std::vector<std::string>* Expand(std::string_view lower_word) const;
  // Whether the word only says what kind of table it is (tbl, lkp, lookup).
  bool IsMarker(std::string_view lower_word) const;

 private:
  std::unordered_map<std::string, std::vector<std::string>> words_;
  std::unordered_set<std::string> markers_;
};

// The lower-cased words of a column name (text::SplitIdentifier), each abbreviation replaced
// by its words: "WASH_TXN" → {"wash", "transaction"}, "cust_nm" → {"customer", "name"}. Kind
// markers stay: a column's "lkp" or "dim" is part of what it holds.
std::vector<std::string> SchemaWords(std::string_view identifier);
// SchemaWords joined with spaces: "cust_nm" → "customer name".
std::string SchemaPhrase(std::string_view identifier);
// The words of a TABLE name: SchemaWords with the kind markers dropped when other words
// remain: "LKP_CLASS" → {"class"}, "tblGenre" → {"genre"}, "lkp" → {"lkp"}.
std::vector<std::string> SchemaTableWords(std::string_view table_name);
// SchemaTableWords joined with spaces: "status_lkp" → "status".
std::string SchemaTablePhrase(std::string_view table_name);

}  // namespace askdb::nlq
