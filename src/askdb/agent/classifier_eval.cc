#include "askdb/agent/classifier_eval.h"

#include <algorithm>
#include <cstdio>
#include <fstream>

#include "askdb/agent/request_classifier.h"
#include "askdb/common/json_lines.h"

namespace askdb::agent {
namespace {

constexpr std::string_view kOther = "other";
constexpr std::string_view kAllTypes = "*";

std::string StringField(const Json& doc, const char* key) {
  return doc.contains(key) && doc[key].is_string() ? doc[key].get<std::string>() : "";
}

}  // namespace

bool IsRight(const LabelledRequest& request, const Classification& got,
             const RequestClassifier& classifier) {
  if (request.type == kOther) {
    return got.type == RequestType::kDataQuery || got.confidence < classifier.unsure_below();
  }
  return RequestTypeName(got.type) == request.type;
}

StatusOr<std::vector<LabelledRequest>> ReadLabelledRequests(const std::filesystem::path& path) {
  std::vector<LabelledRequest> out;
  Status read = ForEachJsonLine(path, [&](const Json& doc, int, const std::string& where) {
    LabelledRequest r;
    if (doc.is_object()) {
      r.text = StringField(doc, "text");
      r.type = StringField(doc, "type");
      r.lang = StringField(doc, "lang");
      r.split = StringField(doc, "split");
      r.upstream_label = StringField(doc, "upstream_label");
    }
    if (r.text.empty() || r.type.empty()) {
      return InvalidArgumentError(where + ": each line needs string fields \"text\" and \"type\"");
    }
    if (r.type != kOther && !ParseRequestType(r.type)) {
      return InvalidArgumentError(where + ": unknown type \"" + r.type +
                                  "\" (use a request type such as data_query, or other)");
    }
    out.push_back(std::move(r));
    return Status::Ok();
  });
  if (!read.ok()) return read;
  return out;
}

StatusOr<std::vector<LabelledRequest>> ReadNlqQuestionsAsDataRequests(
    const std::filesystem::path& path) {
  std::vector<LabelledRequest> out;
  Status read = ForEachJsonLine(path, [&](const Json& doc, int, const std::string& where) {
    LabelledRequest r;
    if (doc.is_object()) {
      r.text = StringField(doc, "question");
      r.split = StringField(doc, "split");
    }
    if (r.text.empty()) {
      return InvalidArgumentError(where +
                                  ": each line of a question set needs a string field "
                                  "\"question\"");
    }
    r.type = "data_query";
    out.push_back(std::move(r));
    return Status::Ok();
  });
  if (!read.ok()) return read;
  return out;
}

bool LooksLikeLabelledRequests(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos || line[0] == '#') continue;
    StatusOr<Json> doc = ParseJson(line);
    return doc.ok() && doc->is_object() && doc->contains("text") && doc->contains("type") &&
           !doc->contains("question");
  }
  return false;
}

ClassifierEvalReport RunClassifierEval(const std::vector<LabelledRequest>& requests,
                                       const RequestClassifier& classifier) {
  ClassifierEvalReport report;
  for (const LabelledRequest& request : requests) {
    const Classification got = classifier.Classify(request.text);
    const bool right = IsRight(request, got, classifier);
    const std::string lang =
        request.lang.empty() ? std::string(LanguageCode(got.language)) : request.lang;
    auto& by_type = report.tallies[request.split][lang];
    for (const std::string_view key : {std::string_view(request.type), kAllTypes}) {
      ClassifierTally& t = by_type[std::string(key)];
      ++t.total;
      t.correct += right;
    }
    ++report.total;
    report.correct += right;
    if (!right) {
      ++report.confusions[{request.split,
                           request.type + " → " + std::string(RequestTypeName(got.type))}];
    }
  }
  return report;
}

std::string RenderClassifierEvalText(const ClassifierEvalReport& report, int top_confusions) {
  std::string out;
  char buf[256];
  for (const auto& [split, by_lang] : report.tallies) {
    out += "split " + (split.empty() ? std::string("(none)") : split) + "\n";
    for (const auto& [lang, by_type] : by_lang) {
      for (const auto& [type, t] : by_type) {
        const std::string name = type == kAllTypes ? "all types" : type;
        std::snprintf(buf, sizeof buf, "  %-3s %-22s %6d  accuracy %5.1f%%\n", lang.c_str(),
                      name.c_str(), t.total, 100 * t.accuracy());
        out += buf;
      }
    }
    std::vector<std::pair<int, std::string>> mistakes;
    for (const auto& [key, n] : report.confusions) {
      if (key.first == split) mistakes.emplace_back(n, key.second);
    }
    std::sort(mistakes.rbegin(), mistakes.rend());
    if (!mistakes.empty()) out += "  most frequent mistakes (expected → got)\n";
    for (int i = 0; i < std::min<int>(top_confusions, mistakes.size()); ++i) {
      out += "    " + std::to_string(mistakes[i].first) + " × " + mistakes[i].second + "\n";
    }
  }
  std::snprintf(buf, sizeof buf, "overall %d requests, accuracy %.1f%%\n", report.total,
                report.total ? 100.0 * report.correct / report.total : 0.0);
  out += buf;
  out += "(\"other\" counts as right when the classifier falls back to data_query or is unsure)\n";
  return out;
}

Json ClassifierEvalReportToJson(const ClassifierEvalReport& report) {
  Json j;
  j["total"] = report.total;
  j["correct"] = report.correct;
  j["splits"] = Json::object();
  for (const auto& [split, by_lang] : report.tallies) {
    Json& s = j["splits"][split.empty() ? "(none)" : split];
    for (const auto& [lang, by_type] : by_lang) {
      for (const auto& [type, t] : by_type) {
        s[lang][type] = {{"total", t.total}, {"correct", t.correct}, {"accuracy", t.accuracy()}};
      }
    }
  }
  j["confusions"] = Json::array();
  for (const auto& [key, n] : report.confusions) {
    j["confusions"].push_back({{"split", key.first}, {"mistake", key.second}, {"count", n}});
  }
  return j;
}

}  // namespace askdb::agent
