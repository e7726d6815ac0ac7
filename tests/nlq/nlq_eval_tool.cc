// nlq_eval_tool: runs the nlq engine over question files and prints the evaluation.
//   nlq_eval_tool [--db URL] [--json REPORT.json] [--verbose] [--split NAME] [--curve]
//                 [--work DIR] FILE.jsonl...
//   --split NAME   only the questions of that split (develop: look at these while tuning;
//                  never read the report split's items)
//   --curve        the confidence curve: coverage and precision at each threshold
//   --extra-columns-ok  an answer with every gold column plus context columns counts as right
//   nlq_eval_tool --ask DB QUESTION   (one question: its SQL and explanation, for debugging)
// Each line: {"id","db","question","gold_sql","categories"}; db is "demo", "chinook",
// "dusql/<name>", "spider-dk/<name>" or a connector URL (--db gives the default).
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "askdb/common/file_util.h"
#include "askdb/nlq/eval.h"
#include "dev_sources.h"

int main(int argc, char** argv) {
  using namespace askdb::nlq;
  std::string default_db, json_path, work_dir = "/tmp/askdb_nlq_work";
  bool verbose = false, curve = false, extra_columns_ok = false;
  std::string only_split;
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
    else if (a == "--extra-columns-ok")
      extra_columns_ok = true;
    else if (a == "--split" && i + 1 < argc)
      only_split = argv[++i];
    else
      files.push_back(a);
  }
  if (files.empty()) {
    std::cerr << "usage: nlq_eval_tool [--db URL] [--json OUT] [--verbose] [--split NAME] "
                 "[--curve] [--extra-columns-ok] FILE.jsonl...\n";
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
  options.default_db = default_db;
  options.compare.allow_extra_columns = extra_columns_ok;
  options.open = [&](const std::string& db) { return devset::OpenDevSource(db, work_dir); };
  auto report = RunEval(questions, options);
  if (!report.ok()) {
    std::cerr << report.status().ToString() << "\n";
    return 1;
  }
  if (verbose) {
    for (const EvalItemResult& r : report->items) {
      const char* mark = !r.answered ? "ABST" : r.correct ? "OK  " : "BAD ";
      std::printf("%s %-14s %s\n", mark, r.id.c_str(), r.question.c_str());
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
