#include "askdb/nlq/chinese_glossary.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdlib>
#include <utility>

#include "askdb/common/embedded.h"
#include "askdb/common/json.h"
#include "askdb/common/text.h"
#include "askdb/nlq/tokenizer.h"

ASKDB_DECLARE_EMBEDDED(nlq_glossary_zh);

namespace askdb::nlq {
namespace {

// "unit price" and "unit_price" are one key: the words joined by '_', each read singular
// ("order_items" → "order_item").
std::string KeyOf(const std::vector<std::string>& words, size_t from) {
  std::string key;
  for (size_t i = from; i < words.size(); ++i) {
    if (!key.empty()) key += '_';
    key += SingularizeEnglish(words[i]);
  }
  return key;
}

}  // namespace

StatusOr<ChineseGlossary> ChineseGlossary::FromJson(std::string_view json_text) {
  ASKDB_ASSIGN_OR_RETURN(Json doc, ParseJson(json_text));
  const auto words = doc.is_object() ? doc.find("words") : doc.end();
  if (!doc.is_object() || words == doc.end() || !words->is_object()) {
    return InvalidArgumentError("glossary_zh: the document needs a 'words' object");
  }
  ChineseGlossary out;
  for (const auto& [english, chinese] : words->items()) {
    if (english.empty() || !chinese.is_array()) {
      return InvalidArgumentError("glossary_zh: '" + english + "' must map to an array of words");
    }
    // "sale" and "sales" read alike, so their words are one list.
    std::vector<std::string>& list = out.words_[KeyOf(text::SplitIdentifier(english), 0)];
    for (const Json& word : chinese) {
      if (!word.is_string() || word.get<std::string>().empty()) {
        return InvalidArgumentError("glossary_zh: '" + english + "' has a word that is no string");
      }
      if (std::find(list.begin(), list.end(), word.get<std::string>()) == list.end()) {
        list.push_back(word.get<std::string>());
      }
    }
  }
  return out;
}

const ChineseGlossary& ChineseGlossary::Builtin() {
  static const ChineseGlossary* const kBuiltin = [] {
    StatusOr<ChineseGlossary> glossary = FromJson(ASKDB_EMBEDDED(nlq_glossary_zh));
    if (!glossary.ok()) {
      spdlog::critical("built-in nlq glossary is broken: {}", glossary.status().ToString());
      std::abort();
    }
    return new ChineseGlossary(std::move(glossary).value());  // NOLINT: process-lifetime
  }();
  return *kBuiltin;
}

const std::vector<std::string>* ChineseGlossary::Find(const std::string& key) const {
  const auto it = words_.find(key);
  return it == words_.end() ? nullptr : &it->second;
}

const std::vector<std::string>& ChineseGlossary::WordsFor(
    const std::vector<std::string>& identifier_words) const {
  static const std::vector<std::string> kNone;
  const size_t n = identifier_words.size();
  for (size_t from : {size_t{0}, n >= 3 ? n - 2 : n, n >= 2 ? n - 1 : n}) {
    if (from >= n) continue;
    if (const std::vector<std::string>* found = Find(KeyOf(identifier_words, from))) {
      return *found;
    }
  }
  return kNone;
}

}  // namespace askdb::nlq
