#include "askdb/nlq/demonyms.h"

#include <spdlog/spdlog.h>

#include <cstdlib>
#include <utility>

#include "askdb/common/embedded.h"
#include "askdb/common/json.h"
#include "askdb/common/text.h"

ASKDB_DECLARE_EMBEDDED(nlq_demonyms);

namespace askdb::nlq {
namespace {

StatusOr<std::vector<std::string>> Strings(const Json& entry, const char* key, size_t index) {
  const auto it = entry.find(key);
  if (it == entry.end() || !it->is_array()) {
    return InvalidArgumentError("country words: entry " + std::to_string(index) + " needs a '" +
                                key + "' array of strings");
  }
  std::vector<std::string> out;
  for (const Json& s : *it) {
    if (!s.is_string() || s.get<std::string>().empty()) {
      return InvalidArgumentError("country words: entry " + std::to_string(index) + " has a '" +
                                  key + "' entry that is not a non-empty string");
    }
    out.push_back(s.get<std::string>());
  }
  return out;
}

}  // namespace

StatusOr<CountryWords> CountryWords::FromJson(std::string_view json_text) {
  ASKDB_ASSIGN_OR_RETURN(Json doc, ParseJson(json_text));
  if (!doc.is_object()) {
    return InvalidArgumentError("country words: the document must be a JSON object");
  }
  const auto countries = doc.find("countries");
  if (countries == doc.end() || !countries->is_array()) {
    return InvalidArgumentError("country words: the document needs a 'countries' array");
  }
  CountryWords out;
  for (size_t i = 0; i < countries->size(); ++i) {
    const Json& entry = (*countries)[i];
    if (!entry.is_object()) {
      return InvalidArgumentError("country words: entry " + std::to_string(i) +
                                  " must be an object with 'names' and 'words'");
    }
    ASKDB_ASSIGN_OR_RETURN(std::vector<std::string> names, Strings(entry, "names", i));
    ASKDB_ASSIGN_OR_RETURN(std::vector<std::string> words, Strings(entry, "words", i));
    for (const std::string& name : names) {
      const std::string key = text::AsciiLower(name);
      if (out.by_name_.count(key)) {
        return InvalidArgumentError("country words: '" + name +
                                    "' names two countries; keep it in one entry");
      }
      std::vector<std::string>& all = out.by_name_[key];
      all = words;
      for (const std::string& other : names) {
        if (text::AsciiLower(other) != key) all.push_back(other);
      }
    }
  }
  return out;
}

const CountryWords& CountryWords::Builtin() {
  static const CountryWords* const kBuiltin = [] {
    StatusOr<CountryWords> words = FromJson(ASKDB_EMBEDDED(nlq_demonyms));
    if (!words.ok()) {
      spdlog::critical("built-in nlq country words are broken: {}", words.status().ToString());
      std::abort();
    }
    return new CountryWords(std::move(words).value());  // NOLINT: process-lifetime singleton
  }();
  return *kBuiltin;
}

const std::vector<std::string>* CountryWords::WordsFor(std::string_view stored_value) const {
  const auto it = by_name_.find(text::AsciiLower(stored_value));
  return it == by_name_.end() ? nullptr : &it->second;
}

}  // namespace askdb::nlq
