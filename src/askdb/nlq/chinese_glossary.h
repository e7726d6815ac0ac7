#pragma once
// Chinese words of common English schema words (data/nlq/glossary_zh.json): 订单 for an
// `orders` table, 单价 for a `unit_price` column; and of pinyin ones (data/nlq/pinyin_zh.json):
// 门店 for `mendian`, 金额 for `dingdanjine` read as dingdan + jine. With no semantic model a
// Chinese question over English names grounds nothing; the glossary gives those names the Chinese
// words a Chinese team uses for them. A property of names, read once per schema index.

#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "askdb/common/status.h"

namespace askdb::nlq {

class ChineseGlossary {
 public:
  static StatusOr<ChineseGlossary> FromJson(std::string_view json_text);
  // Adds the words of a pinyin table (same format); its single-word keys are also the parts a
  // run-together pinyin name is split into.
  Status AddPinyinJson(std::string_view json_text);
  static const ChineseGlossary& Builtin();

  // The Chinese words of an identifier given as its lower-cased words (SchemaWords): the
  // whole identifier's entry ("unit_price"), else its last two words' ("first_order_date" →
  // "order_date"), else its last word's ("store"); plural words are read singular. A word
  // with no entry that is pinyin words run together ("dingdanjine") is read as them first.
  // When the tail is read and the word before it has an entry of its own that is not the
  // table's (`table_words`, the table's name as words), the column is that kind of the tail:
  // tuikuan_jine → 退款金额, not 金额; dingdan_jine of dingdan stays 金额. Empty when none has an
  // entry.
  std::vector<std::string> WordsFor(const std::vector<std::string>& identifier_words,
                                    const std::vector<std::string>& table_words = {}) const;

 private:
  // `source` names the file in errors; "pinyin_zh" also marks its one-word keys as pinyin.
  Status AddJson(std::string_view json_text, std::string_view source);
  const std::vector<std::string>* Find(const std::string& key) const;
  // `word` as two or more words of the pinyin table or the glossary, at least one of them
  // pinyin ("dingdanjine" → dingdan, jine; "dianpuname" → dianpu, name); empty when it is not.
  std::vector<std::string> PinyinParts(const std::string& word) const;
  // `word` (whose Chinese words are `chinese`) is the table's own: one of its words or of their
  // Chinese words.
  bool NamesTable(const std::string& word, const std::vector<std::string>& chinese,
                  const std::vector<std::string>& table_words) const;

  std::unordered_map<std::string, std::vector<std::string>> words_;
  std::unordered_set<std::string> pinyin_;
};

}  // namespace askdb::nlq
