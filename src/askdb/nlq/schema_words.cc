#include "askdb/nlq/schema_words.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdlib>
#include <utility>

#include "askdb/common/embedded.h"
#include "askdb/common/json.h"
#include "askdb/common/text.h"

ASKDB_DECLARE_EMBEDDED(nlq_abbreviations);

namespace askdb::nlq {
namespace {

bool IsLowerWord(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

Status ReadWords(const Json& words,
                 std::unordered_map<std::string, std::vector<std::string>>* out) {
  for (const auto& [abbreviation, full] : words.items()) {
    if (!IsLowerWord(abbreviation) || !full.is_string()) {
      return InvalidArgumentError("abbreviations: '" + abbreviation +
                                  "' must be one lower-case word mapped to a string");
    }
    std::vector<std::string> spelled = text::SplitIdentifier(full.get<std::string>());
    if (spelled.empty() || !std::all_of(spelled.begin(), spelled.end(), IsLowerWord)) {
      return InvalidArgumentError("abbreviations: '" + abbreviation +
                                  "' must stand for lower-case words");
    }
    (*out)[abbreviation] = std::move(spelled);
  }
  return Status();
}

}  // namespace

StatusOr<Abbreviations> Abbreviations::FromJson(std::string_view json_text) {
  ASKDB_ASSIGN_OR_RETURN(Json doc, ParseJson(json_text));
  const auto words = doc.is_object() ? doc.find("words") : doc.end();
  if (!doc.is_object() || words == doc.end() || !words->is_object()) {
    return InvalidArgumentError("abbreviations: the document needs a 'words' object");
  }
  Abbreviations out;
  ASKDB_RETURN_IF_ERROR(ReadWords(*words, &out.words_));
  if (const auto markers = doc.find("markers"); markers != doc.end()) {
    if (!markers->is_array()) {
      return InvalidArgumentError("abbreviations: 'markers' must be an array of words");
    }
    for (const Json& m : *markers) {
      if (!m.is_string() || !IsLowerWord(m.get<std::string>())) {
        return InvalidArgumentError("abbreviations: a marker must be one lower-case word");
      }
      out.markers_.insert(m.get<std::string>());
    }
  }
  return out;
}

const Abbreviations& Abbreviations::Builtin() {
  static const Abbreviations* const kBuiltin = [] {
    StatusOr<Abbreviations> table = FromJson(ASKDB_EMBEDDED(nlq_abbreviations));
    if (!table.ok()) {
      spdlog::critical("built-in nlq abbreviations are broken: {}", table.status().ToString());
      std::abort();
    }
    return new Abbreviations(std::move(table).value());  // NOLINT: process-lifetime singleton
  }();
  return *kBuiltin;
}

const std::vector<std::string>* Abbreviations::Expand(std::string_view lower_word) const {
  const auto it = words_.find(std::string(lower_word));
  return it == words_.end() ? nullptr : &it->second;
}

bool Abbreviations::IsMarker(std::string_view lower_word) const {
  return markers_.count(std::string(lower_word)) > 0;
}

namespace {

std::vector<std::string> SpelledWords(std::string_view identifier, bool drop_markers) {
  const Abbreviations& table = Abbreviations::Builtin();
  std::vector<std::string> lower;
  for (const std::string& part : text::SplitIdentifier(identifier)) {
    lower.push_back(text::AsciiLower(part));
  }
  const bool has_content =
      drop_markers && std::any_of(lower.begin(), lower.end(),
                                  [&](const std::string& w) { return !table.IsMarker(w); });
  std::vector<std::string> words;
  for (const std::string& w : lower) {
    if (has_content && table.IsMarker(w)) continue;
    if (const std::vector<std::string>* full = table.Expand(w)) {
      words.insert(words.end(), full->begin(), full->end());
    } else {
      words.push_back(w);
    }
  }
  return words;
}

std::string Joined(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& word : words) {
    if (!out.empty()) out += ' ';
    out += word;
  }
  return out;
}

}  // namespace

std::vector<std::string> SchemaWords(std::string_view identifier) {
  return SpelledWords(identifier, /*drop_markers=*/false);
}

std::string SchemaPhrase(std::string_view identifier) { return Joined(SchemaWords(identifier)); }

std::vector<std::string> SchemaTableWords(std::string_view table_name) {
  return SpelledWords(table_name, /*drop_markers=*/true);
}

std::string SchemaTablePhrase(std::string_view table_name) {
  return Joined(SchemaTableWords(table_name));
}

}  // namespace askdb::nlq
