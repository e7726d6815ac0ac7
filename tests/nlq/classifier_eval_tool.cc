// classifier_eval_tool: the request classifier on the public labelled requests of
// ../shared/data/intents (CLINC150 en, SMP2017 zh, Spider dev questions), by split.
//   classifier_eval_tool [--json OUT] [--mistakes LANG] [--probabilities LANG [--model FILE]]
//                        [--split SPLIT]
//                        [--rules RULES.toml] [INTENTS.jsonl]
//   classifier_eval_tool --nlq [--split SPLIT] [--mistakes LANG] [--rules RULES.toml]
//                        QUESTIONS.jsonl...
// --nlq reads engine question sets (tests/nlq/*.jsonl, {question, split}) instead: every line
// asks about the data (expect_abstain ones too), so each file's "accuracy" is the share
// classified data_query, per split and detected language. --mistakes then lists the develop
// lines that were not, never the report lines.
// --split keeps one split (develop, report, …): develop work never prints report figures.
// --rules uses another rules file (e.g. one whose intent_model names a freshly trained
// weights file) instead of the embedded one.
// --probabilities LANG prints, for the develop rows of LANG, the rules' decision beside the
// built-in model's probabilities (JSON lines; for trying ways of combining them); --model FILE
// prints a weights file's probabilities instead (a retrained model before it is embedded).
// --mistakes lists the develop split's misclassified requests of one language (never the
// report split's: we do not look at what we only report on).
// Splits as the data set fixes them: its "train" part is what we develop against (reported
// as "develop"), its "dev" part is report-only (reported as "report"). Two documented
// remappings: date/time/timezone requests, which the data labels "simple", are "trivial" in
// askdb's taxonomy (docs/classifier.md: the quick path's datetime intent); and "other" counts
// as right when the classifier hands the request on (see agent/classifier_eval.h).
// The SMP2017 part has no licence: it is read here for evaluation only, never copied.
#include <iostream>
#include <set>
#include <string>
#include <vector>

#include "askdb/agent/classifier_eval.h"
#include "askdb/agent/intent/intent_model.h"
#include "askdb/agent/request_classifier.h"
#include "askdb/common/file_util.h"

namespace {

// --nlq: each engine question set's share classified data_query, per split and language.
int RunOnQuestionSets(const std::vector<std::string>& paths, const std::string& only_split,
                      const std::string& mistakes_lang,
                      const askdb::agent::ClassifierOptions& options) {
  using namespace askdb::agent;
  if (paths.empty()) {
    std::cerr << "classifier_eval_tool --nlq: name one or more question sets (tests/nlq/*.jsonl)\n";
    return 2;
  }
  auto created = RequestClassifier::Create(options);
  if (!created.ok()) {
    std::cerr << created.status().ToString() << "\n";
    return 1;
  }
  const RequestClassifier& classifier = **created;
  std::vector<LabelledRequest> pooled;
  for (const std::string& path : paths) {
    auto requests = ReadNlqQuestionsAsDataRequests(path);
    if (!requests.ok()) {
      std::cerr << requests.status().ToString() << "\n";
      return 1;
    }
    if (!only_split.empty()) {
      std::erase_if(*requests, [&](const LabelledRequest& r) { return r.split != only_split; });
    }
    if (!mistakes_lang.empty()) {
      for (const LabelledRequest& r : *requests) {
        if (r.split == "report") continue;  // never read the report lines' mistakes
        const Classification got = classifier.Classify(r.text);
        if (LanguageCode(got.language) != mistakes_lang || IsRight(r, got, classifier)) continue;
        std::string rules;
        for (const std::string& id : got.rules) rules += (rules.empty() ? "" : ",") + id;
        std::cout << path << "\t" << RequestTypeName(got.type) << "\t" << r.text << "\t" << rules
                  << "\n";
      }
      continue;
    }
    std::cout << "data questions of " << path << " (share classified data_query)\n"
              << RenderClassifierEvalText(RunClassifierEval(*requests, classifier));
    pooled.insert(pooled.end(), requests->begin(), requests->end());
  }
  if (mistakes_lang.empty() && paths.size() > 1) {
    std::cout << "all " << paths.size() << " sets\n"
              << RenderClassifierEvalText(RunClassifierEval(pooled, classifier));
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace askdb::agent;
  std::string path = std::string(ASKDB_SHARED_DATA_DIR) + "/intents/intents.jsonl";
  std::string json_path;
  std::string mistakes_lang;
  std::string probabilities_lang;
  std::string only_split;
  std::string model_path;
  bool nlq = false;
  std::vector<std::string> nlq_paths;
  ClassifierOptions options;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--json" && i + 1 < argc) {
      json_path = argv[++i];
    } else if (a == "--rules" && i + 1 < argc) {
      options.rules_path = argv[++i];
    } else if (a == "--probabilities" && i + 1 < argc) {
      probabilities_lang = argv[++i];
    } else if (a == "--model" && i + 1 < argc) {
      model_path = argv[++i];
    } else if (a == "--mistakes" && i + 1 < argc) {
      mistakes_lang = argv[++i];
    } else if (a == "--split" && i + 1 < argc) {
      only_split = argv[++i];
    } else if (a == "--nlq") {
      nlq = true;
    } else if (!a.empty() && a[0] == '-') {
      std::cerr << "classifier_eval_tool: unknown option " << a
                << " (see the comment at the top of tests/nlq/classifier_eval_tool.cc)\n";
      return 2;
    } else {
      path = a;
      nlq_paths.push_back(a);
    }
  }
  if (nlq) return RunOnQuestionSets(nlq_paths, only_split, mistakes_lang, options);
  auto requests = ReadLabelledRequests(path);
  if (!requests.ok()) {
    std::cerr << requests.status().ToString() << "\n";
    return 1;
  }
  const std::set<std::string> datetime_labels = {"date", "time", "timezone", "datetime"};
  for (LabelledRequest& r : *requests) {
    if (r.type == "simple" && datetime_labels.count(r.upstream_label)) r.type = "trivial";
    r.split = r.split == "train" ? "develop" : r.split == "dev" ? "report" : r.split;
  }
  if (!only_split.empty()) {
    std::erase_if(*requests, [&](const LabelledRequest& r) { return r.split != only_split; });
  }
  auto created = RequestClassifier::Create(options);
  if (!created.ok()) {
    std::cerr << created.status().ToString() << "\n";
    return 1;
  }
  const RequestClassifier& classifier = **created;
  if (!probabilities_lang.empty()) {
    // Develop rows of one language: the rules' decision (run with --rules naming a copy with
    // intent_model = "none") beside the built-in model's probabilities, one JSON line each,
    // to try ways of combining them offline.
    std::unique_ptr<IntentModel> from_file;
    if (!model_path.empty()) {
      auto bytes = askdb::ReadFile(model_path);
      auto parsed = bytes.ok() ? IntentModel::Parse(*bytes)
                               : askdb::StatusOr<std::unique_ptr<IntentModel>>(bytes.status());
      if (!parsed.ok()) {
        std::cerr << parsed.status().ToString() << "\n";
        return 1;
      }
      from_file = *std::move(parsed);
    }
    const IntentModel* model = from_file ? from_file.get() : IntentModel::Default();
    if (model == nullptr) return 1;
    for (const LabelledRequest& r : *requests) {
      if (r.split != "develop" || r.lang != probabilities_lang) continue;
      const Classification got = classifier.Classify(r.text);
      askdb::Json row = {{"text", r.text},
                         {"type", r.type},
                         {"rules_type", RequestTypeName(got.type)},
                         {"rules", got.rules}};
      const std::vector<double> p = model->Probabilities(r.text);
      for (size_t l = 0; l < p.size(); ++l) row["p"][model->labels()[l]] = p[l];
      std::cout << row.dump() << "\n";
    }
    return 0;
  }
  if (!mistakes_lang.empty()) {
    for (const LabelledRequest& r : *requests) {
      if (r.split != "develop" || r.lang != mistakes_lang) continue;
      const Classification got = classifier.Classify(r.text);
      if (IsRight(r, got, classifier)) continue;
      std::string rules;
      for (const std::string& id : got.rules) rules += (rules.empty() ? "" : ",") + id;
      std::cout << r.type << " -> " << RequestTypeName(got.type) << "\t" << r.upstream_label << "\t"
                << r.text << "\t" << rules << "\n";
    }
    return 0;
  }
  const ClassifierEvalReport report = RunClassifierEval(*requests, classifier);
  std::cout << "classifier on " << path << "\n" << RenderClassifierEvalText(report);
  if (!json_path.empty()) {
    auto st = askdb::WriteFileAtomic(json_path, ClassifierEvalReportToJson(report).dump(2));
    if (!st.ok()) {
      std::cerr << st.ToString() << "\n";
      return 1;
    }
  }
  return 0;
}
