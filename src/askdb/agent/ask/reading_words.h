// How the engine's reading of a question is shown to the person who asked it, in the
// question's language: the engine (nlq::RenderExplanation) names its mappings in English
// ("\"流派\" → group Genre.Name", "SUM (default for a measure)"); a Chinese run reads them
// in Chinese ("\"流派\" → 分组 Genre.Name", "SUM（度量默认求和）"). Schema names, SQL and
// values stay as they are. Pure; thread-safe.
#pragma once

#include <string>

#include "askdb/nlq/engine.h"

namespace askdb::agent {

std::string RenderReading(const nlq::Translation& t, bool chinese);

}  // namespace askdb::agent
