// nlq_eval_tool: runs the nlq engine over question files and prints the evaluation.
//   nlq_eval_tool [--db URL] [--json REPORT.json] [--verbose] [--split NAME] [--curve]
//                 [--work DIR] FILE.jsonl...
//   --split NAME   only the questions of that split (develop: look at these while tuning;
//                  never read the report split's items)
//   --curve        the confidence curve: coverage and precision at each threshold
//   --extra-columns-ok  an answer with every gold column plus context columns counts as right
//   --threshold X  answer at confidence threshold X instead of the default (with -v: look at
//                  the develop answers a lower threshold would give)
//   nlq_eval_tool --ask DB QUESTION   (one question: its SQL and explanation, for debugging)
//   --dump         no evaluation: one line per question with everything the engine returned
//                  (SQL or abstention, confidence, explanation...), to diff two builds of the
//                  engine; it runs no SQL and says nothing about right or wrong (--threshold
//                  and --anchor-data apply: dump the readings a lower threshold would give)
// Each line: {"id","db","question","gold_sql","categories"}; db is "demo", "chinook",
// "dusql/<name>", "spider-dk/<name>" or a connector URL (--db gives the default).
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "askdb/common/file_util.h"
#include "askdb/nlq/eval.h"
#include "dev_sources.h"

namespace {

// One line per question: every field of the Translation, so that a refactoring of the engine
// can be checked to change nothing (diff the dumps of two builds).
int DumpTranslations(const std::vector<askdb::nlq::EvalQuestion>& questions,
                     const std::string& default_db, const std::string& work_dir,
                     const askdb::nlq::TranslateOptions& options) {
  using namespace askdb::nlq;
  std::map<std::string, EvalDatasource> sources;
  for (const EvalQuestion& q : questions) {
    const std::string db = q.db.empty() ? default_db : q.db;
    auto it = sources.find(db);
    if (it == sources.end()) {
      auto source = devset::OpenDevSource(db, work_dir);
      if (!source.ok()) {
        std::cerr << source.status().ToString() << "\n";
        return 1;
      }
      it = sources.emplace(db, std::move(source).value()).first;
    }
    const Translation t =
        Engine::Translate(q.question, *it->second.index, it->second.connector->dialect(), options);
    std::string line = q.id + "\t" + (t.answered ? t.sql : "(abstained) " + t.abstain_reason);
    line += "\tconfidence " + std::to_string(t.confidence) + "\tchart " +
            std::string(ChartHintName(t.chart)) + "\t" + t.anchor_note + "\t";
    for (const std::string& u : t.understood) line += u + "|";
    line += "\t";
    for (const std::string& c : t.non_additive_columns) line += c + "|";
    line += "\t" + RenderExplanation(t, t.chinese);
    for (char& c : line) {
      if (c == '\n') c = '~';
    }
    std::cout << line << "\n";
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace askdb::nlq;
  std::string default_db, json_path, work_dir = "/tmp/askdb_nlq_work";
  bool verbose = false, curve = false, extra_columns_ok = false, dump = false;
  bool anchor_data = false;  // relative periods from the data's latest date, however old
  std::string only_split;
  double threshold = -1;  // < 0: the engine's default
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--ask" && i + 2 < argc) {
      auto source = devset::OpenDevSource(argv[i + 1], work_dir);
      if (!source.ok()) {
        std::cerr << source.status().ToString() << "\n";
        return 1;
      }
      const Translation t =
          Engine::Translate(argv[i + 2], *source->index, source->connector->dialect());
      std::cout << (t.answered ? t.sql : "(abstained) " + t.abstain_reason) << "\n"
                << "confidence " << t.confidence << "\n"
                << RenderExplanation(t, t.chinese) << "\n";
      return 0;
    }
    if (a == "--db" && i + 1 < argc)
      default_db = argv[++i];
    else if (a == "--json" && i + 1 < argc)
      json_path = argv[++i];
    else if (a == "--work" && i + 1 < argc)
      work_dir = argv[++i];
    else if (a == "--verbose" || a == "-v")
      verbose = true;
    else if (a == "--curve")
      curve = true;
    else if (a == "--dump")
      dump = true;
    else if (a == "--extra-columns-ok")
      extra_columns_ok = true;
    else if (a == "--anchor-data")
      anchor_data = true;
    else if (a == "--split" && i + 1 < argc)
      only_split = argv[++i];
    else if (a == "--threshold" && i + 1 < argc)
      threshold = std::atof(argv[++i]);
    else
      files.push_back(a);
  }
  if (files.empty()) {
    std::cerr << "usage: nlq_eval_tool [--db URL] [--json OUT] [--verbose] [--split NAME] "
                 "[--curve] [--extra-columns-ok] [--anchor-data] FILE.jsonl...\n";
    return 2;
  }
  std::vector<EvalQuestion> questions;
  for (const std::string& f : files) {
    auto qs = ReadEvalQuestions(f);
    if (!qs.ok()) {
      std::cerr << qs.status().ToString() << "\n";
      return 1;
    }
    for (EvalQuestion& q : *qs) {
      if (only_split.empty() || q.split == only_split) questions.push_back(std::move(q));
    }
  }
  EvalOptions options;
  // The curve needs every reading's confidence: answer at threshold 0, then cut.
  if (curve) options.translate.confidence_threshold = 0;
  if (threshold >= 0) options.translate.confidence_threshold = threshold;
  options.default_db = default_db;
  options.compare.allow_extra_columns = extra_columns_ok;
  if (anchor_data) options.translate.anchor = TimeAnchor::kData;
  if (dump) return DumpTranslations(questions, default_db, work_dir, options.translate);
  options.open = [&](const std::string& db) { return devset::OpenDevSource(db, work_dir); };
  auto report = RunEval(questions, options);
  if (!report.ok()) {
    std::cerr << report.status().ToString() << "\n";
    return 1;
  }
  if (verbose) {
    for (const EvalItemResult& r : report->items) {
      const char* mark = !r.answered ? "ABST" : r.correct ? "OK  " : "BAD ";
      std::printf("%s %-14s %.2f %s\n", mark, r.id.c_str(), r.confidence, r.question.c_str());
      if (r.answered && !r.correct) {
        std::printf("      got : %s\n      gold: %s\n", r.sql.c_str(), r.gold_sql.c_str());
        if (!r.error.empty()) std::printf("      err : %s\n", r.error.c_str());
      }
      if (!r.answered) std::printf("      why : %s\n", r.abstain_reason.c_str());
    }
  }
  if (curve) {
    std::cout << RenderConfidenceCurve(
        ConfidenceCurve(report->items, {0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95}));
    return 0;
  }
  std::cout << RenderEvalText(*report);
  if (!json_path.empty()) {
    auto st = askdb::WriteFileAtomic(json_path, EvalReportToJson(*report).dump(2));
    if (!st.ok()) {
      std::cerr << st.ToString() << "\n";
      return 1;
    }
  }
  return 0;
}
