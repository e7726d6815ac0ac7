// Measures the request classifier on labelled requests (JSONL: {text, type, lang?, split?,
// upstream_label?}), the way nlq/eval.h measures the engine: accuracy per split, language and
// expected type, and the most frequent confusions. The classifier is told nothing about the
// labels; this is how a team checks it on its own users' requests.
//
// A label "other" marks a request askdb should not answer locally or on the web (an action
// for another app, a personal account question): it counts as right when the classifier
// falls back to data_query or says it is unsure (confidence below unsure_below), since both
// hand it on rather than answer it.
//
// RunClassifierEval is synchronous; it owns nothing after it returns.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "askdb/common/json.h"
#include "askdb/common/status.h"

namespace askdb::agent {

class RequestClassifier;
struct Classification;

struct LabelledRequest {
  std::string text;
  std::string type;  // a RequestTypeName, or "other"
  std::string lang;  // "en" / "zh"; empty: detected by the classifier
  std::string split;
  std::string upstream_label;
};

// Reads JSONL; blank and '#' lines are skipped. InvalidArgument names the line of a malformed
// entry or an unknown type.
StatusOr<std::vector<LabelledRequest>> ReadLabelledRequests(const std::filesystem::path& path);

// Reads an engine question set (tests/nlq/*.jsonl: {question, split?, ...}) as requests
// labelled data_query: every line there asks about the data (expect_abstain ones too), so
// the accuracy is the share the classifier sends down the data path. InvalidArgument names a
// line with no "question".
StatusOr<std::vector<LabelledRequest>> ReadNlqQuestionsAsDataRequests(
    const std::filesystem::path& path);

// True when the file's first entry looks like a labelled request (has "text" and "type").
bool LooksLikeLabelledRequests(const std::filesystem::path& path);

struct ClassifierTally {
  int total = 0, correct = 0;
  double accuracy() const { return total ? double(correct) / total : 0; }
};

struct ClassifierEvalReport {
  // split ("" when none) → language → expected type → tally; type "*" is the language's total.
  std::map<std::string, std::map<std::string, std::map<std::string, ClassifierTally>>> tallies;
  // (split, "expected → predicted") → count, for the wrong ones.
  std::map<std::pair<std::string, std::string>, int> confusions;
  int total = 0, correct = 0;
};

// Whether `got` counts as right for `request` (the "other" rule above).
bool IsRight(const LabelledRequest& request, const Classification& got,
             const RequestClassifier& classifier);

ClassifierEvalReport RunClassifierEval(const std::vector<LabelledRequest>& requests,
                                       const RequestClassifier& classifier);

std::string RenderClassifierEvalText(const ClassifierEvalReport& report, int top_confusions = 8);
Json ClassifierEvalReportToJson(const ClassifierEvalReport& report);

}  // namespace askdb::agent
