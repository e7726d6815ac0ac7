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
ASKDB_DECLARE_EMBEDDED(nlq_pinyin_zh);

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
  ChineseGlossary out;
  ASKDB_RETURN_IF_ERROR(out.AddJson(json_text, "glossary_zh"));
  return out;
}

Status ChineseGlossary::AddPinyinJson(std::string_view json_text) {
  return AddJson(json_text, "pinyin_zh");
}

Status ChineseGlossary::AddJson(std::string_view json_text, std::string_view source) {
  const std::string name(source);
  ASKDB_ASSIGN_OR_RETURN(Json doc, ParseJson(json_text));
  const auto words = doc.is_object() ? doc.find("words") : doc.end();
  if (!doc.is_object() || words == doc.end() || !words->is_object()) {
    return InvalidArgumentError(name + ": the document needs a 'words' object");
  }
  for (const auto& [english, chinese] : words->items()) {
    if (english.empty() || !chinese.is_array()) {
      return InvalidArgumentError(name + ": '" + english + "' must map to an array of words");
    }
    // "sale" and "sales" read alike, so their words are one list.
    const std::string key = KeyOf(text::SplitIdentifier(english), 0);
    if (source == "pinyin_zh" && key.find('_') == std::string::npos) pinyin_.insert(key);
    std::vector<std::string>& list = words_[key];
    for (const Json& word : chinese) {
      if (!word.is_string() || word.get<std::string>().empty()) {
        return InvalidArgumentError(name + ": '" + english + "' has a word that is no string");
      }
      if (std::find(list.begin(), list.end(), word.get<std::string>()) == list.end()) {
        list.push_back(word.get<std::string>());
      }
    }
  }
  return Status::Ok();
}

const ChineseGlossary& ChineseGlossary::Builtin() {
  static const ChineseGlossary* const kBuiltin = [] {
    StatusOr<ChineseGlossary> glossary = FromJson(ASKDB_EMBEDDED(nlq_glossary_zh));
    Status pinyin =
        glossary.ok() ? glossary->AddPinyinJson(ASKDB_EMBEDDED(nlq_pinyin_zh)) : glossary.status();
    if (!pinyin.ok()) {
      spdlog::critical("built-in nlq glossary is broken: {}", pinyin.ToString());
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

std::vector<std::string> ChineseGlossary::PinyinParts(const std::string& word) const {
  // Pieces of four letters at least: a shorter one ("an", "id") splits English words too.
  constexpr size_t kShortest = 4;
  const size_t n = word.size();
  if (pinyin_.empty() || n < 2 * kShortest || n > 48) return {};
  // fewest[i]: the fewest pieces that spell word[0, i) and whether one is pinyin; from[i]
  // where the last of them starts.
  std::vector<int> fewest(n + 1, -1), from(n + 1, -1);
  std::vector<bool> has_pinyin(n + 1, false);
  fewest[0] = 0;
  for (size_t end = kShortest; end <= n; ++end) {
    for (size_t start = 0; start + kShortest <= end; ++start) {
      if (fewest[start] < 0) continue;
      const std::string piece = word.substr(start, end - start);
      if (!Find(piece)) continue;
      const bool pinyin = has_pinyin[start] || pinyin_.count(piece) > 0;
      if (fewest[end] < 0 || fewest[start] + 1 < fewest[end] ||
          (fewest[start] + 1 == fewest[end] && pinyin && !has_pinyin[end])) {
        fewest[end] = fewest[start] + 1;
        from[end] = static_cast<int>(start);
        has_pinyin[end] = pinyin;
      }
    }
  }
  if (fewest[n] < 2 || !has_pinyin[n]) return {};
  std::vector<std::string> parts;
  for (size_t end = n; end > 0; end = static_cast<size_t>(from[end])) {
    parts.insert(parts.begin(), word.substr(from[end], end - from[end]));
  }
  return parts;
}

std::vector<std::string> ChineseGlossary::WordsFor(
    const std::vector<std::string>& identifier_words,
    const std::vector<std::string>& table_words) const {
  std::vector<std::string> words;
  for (const std::string& w : identifier_words) {
    std::vector<std::string> parts =
        Find(SingularizeEnglish(w)) ? std::vector<std::string>{} : PinyinParts(w);
    if (parts.empty()) parts.push_back(w);
    words.insert(words.end(), parts.begin(), parts.end());
  }
  const size_t n = words.size();
  for (size_t from : {size_t{0}, n >= 3 ? n - 2 : n, n >= 2 ? n - 1 : n}) {
    if (from >= n) continue;
    const std::vector<std::string>* found = Find(KeyOf(words, from));
    if (!found) continue;
    // The tail names what the column is; a dropped word with its own entry says which one
    // (tuikuan_jine is the refund 退款金额, not any 金额), unless it is the table's own word
    // (dingdan_jine of dingdan, order_amount of orders: the amount of the row itself).
    const std::vector<std::string>* head =
        from > 0 ? Find(SingularizeEnglish(words[from - 1])) : nullptr;
    if (!head || head->empty() || NamesTable(words[from - 1], *head, table_words)) return *found;
    std::vector<std::string> compounds;
    for (const std::string& tail : *found) {
      compounds.push_back(tail.starts_with(head->front()) ? tail : head->front() + tail);
    }
    return compounds;
  }
  return {};
}

bool ChineseGlossary::NamesTable(const std::string& word, const std::vector<std::string>& chinese,
                                 const std::vector<std::string>& table_words) const {
  if (table_words.empty()) return false;
  const std::string singular = SingularizeEnglish(word);
  for (const std::string& t : table_words) {
    if (SingularizeEnglish(t) == singular) return true;
  }
  for (const std::string& t : WordsFor(table_words)) {
    if (std::find(chinese.begin(), chinese.end(), t) != chinese.end()) return true;
  }
  return false;
}

}  // namespace askdb::nlq
