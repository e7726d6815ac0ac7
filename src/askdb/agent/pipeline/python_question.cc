#include "askdb/agent/pipeline/python_question.h"

#include <spdlog/spdlog.h>

#include <regex>
#include <vector>

#include "askdb/common/embedded.h"
#include "askdb/common/json.h"
#include "askdb/common/text.h"

ASKDB_DECLARE_EMBEDDED(python_questions);

namespace askdb::agent::pipeline {
namespace {

struct Pattern {
  std::regex regex;
  int measure = 0;  // capture group numbers; 0: none
  int entity = 0;
};

struct Kind {
  std::string template_name;
  std::string data_zh;
  std::string data_en;
  std::vector<Pattern> patterns;
};

std::string Fill(std::string text, std::string_view key, const std::string& value) {
  const std::string marker = "{" + std::string(key) + "}";
  for (size_t at = text.find(marker); at != std::string::npos; at = text.find(marker)) {
    text.replace(at, marker.size(), value);
  }
  return text;
}

// The built-in file is part of the binary: a mistake in it is a build defect, logged once
// and leaving the detector empty rather than stopping every question.
std::vector<Kind> LoadKinds() {
  std::vector<Kind> kinds;
  try {
    const Json file = Json::parse(ASKDB_EMBEDDED(python_questions));
    for (const char* name : {"forecast", "outliers"}) {
      const Json& k = file.at(name);
      Kind kind{k.at("template").get<std::string>(),
                k.at("data_zh").get<std::string>(),
                k.at("data_en").get<std::string>(),
                {}};
      for (const Json& p : k.at("patterns")) {
        kind.patterns.push_back(Pattern{std::regex(p.at("regex").get<std::string>()),
                                        p.value("measure", 0), p.value("entity", 0)});
      }
      kinds.push_back(std::move(kind));
    }
  } catch (const std::exception& e) {
    spdlog::error("data/python/questions.json is not usable ({}); no Python questions", e.what());
    kinds.clear();
  }
  return kinds;
}

const std::vector<Kind>& Kinds() {
  static const std::vector<Kind> kinds = LoadKinds();
  return kinds;
}

// Lower-case ASCII, a typographic apostrophe as ', surrounding space trimmed.
std::string Normalize(std::string_view question) {
  std::string out = text::AsciiLower(question);
  for (size_t at = out.find("\u2019"); at != std::string::npos; at = out.find("\u2019")) {
    out.replace(at, std::string_view("\u2019").size(), "'");
  }
  const size_t begin = out.find_first_not_of(" \t\n");
  const size_t end = out.find_last_not_of(" \t\n");
  return begin == std::string::npos ? std::string() : out.substr(begin, end - begin + 1);
}

}  // namespace

std::optional<PythonQuestion> DetectPythonQuestion(std::string_view question, bool chinese) {
  const std::string q = Normalize(question);
  for (const Kind& kind : Kinds()) {
    for (const Pattern& p : kind.patterns) {
      std::smatch m;
      if (!std::regex_match(q, m, p.regex)) continue;
      PythonQuestion out;
      out.template_name = kind.template_name;
      if (p.measure > 0) out.measure = m[p.measure].str();
      if (p.entity > 0) out.entity = m[p.entity].str();
      out.data_question = Fill(Fill(chinese ? kind.data_zh : kind.data_en, "measure", out.measure),
                               "entity", out.entity);
      return out;
    }
  }
  return std::nullopt;
}

}  // namespace askdb::agent::pipeline
