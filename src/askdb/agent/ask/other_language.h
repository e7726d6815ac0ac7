// Whether a question is in a language askdb does not read (it reads Chinese and English):
// by script (kana, hangul, Cyrillic, Arabic, ...) or, for Latin script, by two or more
// common function words of German, French, Spanish, Italian, Portuguese or Dutch. Used when
// the engine abstains, so that the person hears "ask in Chinese or English" instead of a
// list of words it could not place. Pure; thread-safe.
#pragma once

#include <string>
#include <string_view>

namespace askdb::agent {

// The language's name in the answer's language ("Japanese", "日语"), "" when the question
// reads as Chinese or English.
std::string OtherLanguageName(std::string_view question, bool chinese);

}  // namespace askdb::agent
