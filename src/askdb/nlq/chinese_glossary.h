#pragma once
// Chinese words of common English schema words (data/nlq/glossary_zh.json): 订单 for an
// `orders` table, 单价 for a `unit_price` column. With no semantic model a Chinese question
// over English names grounds nothing; the glossary gives those names the Chinese words a
// Chinese team uses for them. A property of names, read once per schema index.

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "askdb/common/status.h"

namespace askdb::nlq {

class ChineseGlossary {
 public:
  static StatusOr<ChineseGlossary> FromJson(std::string_view json_text);
  static const ChineseGlossary& Builtin();

  // The Chinese words of an identifier given as its lower-cased words (SchemaWords): the
  // whole identifier's entry ("unit_price"), else its last two words' ("first_order_date" →
  // "order_date"), else its last word's ("store"); plural words are read singular. Empty
  // when none has an entry.
  const std::vector<std::string>& WordsFor(const std::vector<std::string>& identifier_words) const;

 private:
  const std::vector<std::string>* Find(const std::string& key) const;

  std::unordered_map<std::string, std::vector<std::string>> words_;
};

}  // namespace askdb::nlq
