// kb_passage_bench: how much of a question a knowledge-base document passage must cover
// before a no-model run that the engine cannot answer shows that passage
// (KnowledgeEvidenceOptions::passage_min_coverage); figures and method in docs/knowledge.md,
// "Documents with no model".
//
//   kb_passage_bench [--data DIR] [--split develop|report|both] [--precision P] [--list]
//
// Data: data/kb_passage/ (written for this bench, not drawn from the engine's sets): eight
// company documents (four Chinese, four English: finance, HR, metric definitions, store rules,
// customer service, data security, pricing, suppliers) and questions.jsonl — questions one
// document answers ("doc", and "has": words of the answer the shown passage must hold) and
// questions none answers (same-domain policy questions the documents are silent on, data
// questions). Split by FNV-1a of "askdb-kb-passage|" + question: odd → report, even → develop. Each
// document is chunked as `askdb kb add` does (recursive, 600/80) into one index; a question's
// candidate is, among the evidence stage's hits (hybrid top 5, documents, the same noise guard),
// the passage covering the largest share of the question's terms (KeywordIndex::QueryTermCoverage);
// it is shown when that share >= the threshold. Right: the passage holds "has". precision = right /
// shown; coverage = right / answerable. Chosen on develop: the lowest threshold at which precision,
// there and above, is >= --precision (0.95).
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "askdb/cache/embedder.h"
#include "askdb/common/file_util.h"
#include "askdb/common/json.h"
#include "askdb/knowledge/chunker.h"
#include "askdb/knowledge/search/keyword_index.h"
#include "askdb/knowledge/search/knowledge_index.h"
#include "threshold_figures.h"

namespace askdb::bench {
namespace {

using knowledge::ChunkType;
using knowledge::KeywordIndex;
using knowledge::KnowledgeIndex;

struct Question {
  std::string text{}, doc{}, has{};
  bool report = false;
};

struct Outcome {
  double coverage = 0;  // the candidate's; 0: no candidate
  bool right = false, answerable = false;
  std::string question{}, passage{};
};

// FNV-1a of "askdb-kb-passage|" + question: odd → report, even → develop.
bool IsReport(const std::string& question) {
  uint64_t h = 1469598103934665603ull;
  for (const char c : "askdb-kb-passage|" + question) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  return h % 2 == 1;
}

std::vector<Outcome> Run(const std::string& dir, const std::vector<Question>& questions,
                         bool report) {
  KnowledgeIndex index(std::make_shared<cache::LexicalEmbedder>());
  std::vector<knowledge::Chunk> chunks;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".md") continue;
    StatusOr<std::string> text = ReadFile(entry.path().string());
    if (!text.ok()) continue;
    const std::string doc = entry.path().filename().string();
    std::vector<std::string> pieces = knowledge::ChunkText(*text, knowledge::ChunkerOptions{});
    for (size_t i = 0; i < pieces.size(); ++i) {
      chunks.push_back({.id = doc + "#" + std::to_string(i),
                        .item_id = doc,
                        .scope = "kb",
                        .type = ChunkType::kDocument,
                        .text = pieces[i]});
    }
  }
  if (Status added = index.Add(std::move(chunks)); !added.ok()) {
    std::cerr << added.ToString() << "\n";
    std::exit(1);
  }
  std::vector<Outcome> outcomes;
  for (const Question& q : questions) {
    if (q.report != report) continue;
    knowledge::SearchOptions search;  // as the evidence stage searches
    search.top_k = 5;
    search.filter.scopes = {"kb"};
    search.filter.types = {ChunkType::kDocument};
    Outcome o{.answerable = !q.doc.empty(), .question = q.text};
    for (const knowledge::SearchHit& hit : index.Search(q.text, search).hits) {
      if (hit.keyword_rank == 0 && hit.vector_score < 0.1) continue;  // the noise guard
      const double c = KeywordIndex::QueryTermCoverage(q.text, hit.text);
      if (c > o.coverage) {
        o.coverage = c;
        o.right = o.answerable && hit.item_id == q.doc && hit.text.find(q.has) != std::string::npos;
        o.passage = hit.chunk_id;
      }
    }
    outcomes.push_back(o);
  }
  return outcomes;
}

ThresholdFigures At(const std::vector<Outcome>& outcomes, double threshold) {
  return FiguresAt(outcomes, &Outcome::coverage, threshold, 1e-9);
}

void Print(const char* split, double threshold, const ThresholdFigures& f) {
  std::printf(
      "%-8s coverage >= %.2f: %zu questions (%zu answerable), %zu passages shown, %zu right — "
      "precision %.3f, coverage %.3f\n",
      split, threshold, f.questions, f.answerable, f.shown, f.right, f.precision(), f.coverage());
}

int Main(int argc, char** argv) {
  std::string dir = ASKDB_KB_PASSAGE_DIR;
  std::string split = "develop";
  double wanted = 0.95;
  bool list = false;  // each develop question's candidate and coverage
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--data" && i + 1 < argc) {
      dir = argv[++i];
    } else if (a == "--split" && i + 1 < argc) {
      split = argv[++i];
    } else if (a == "--precision" && i + 1 < argc) {
      wanted = std::stod(argv[++i]);
    } else if (a == "--list") {
      list = true;
    } else {
      std::cerr << "usage: kb_passage_bench [--data DIR] [--split develop|report|both] "
                   "[--precision P] [--list]\n";
      return 2;
    }
  }
  StatusOr<std::string> lines = ReadFile(dir + "/questions.jsonl");
  if (!lines.ok()) {
    std::cerr << lines.status().ToString() << "\n";
    return 1;
  }
  std::vector<Question> questions;
  size_t start = 0;
  while (start < lines->size()) {
    size_t end = lines->find('\n', start);
    if (end == std::string::npos) end = lines->size();
    const std::string line = lines->substr(start, end - start);
    start = end + 1;
    if (line.empty()) continue;
    StatusOr<Json> j = ParseJson(line);
    if (!j.ok()) {
      std::cerr << "bad line: " << line << "\n";
      return 1;
    }
    Question q{.text = j->at("question").get<std::string>()};
    if (j->at("doc").is_string()) {
      q.doc = j->at("doc").get<std::string>();
      q.has = j->at("has").get<std::string>();
    }
    q.report = IsReport(q.text);
    questions.push_back(std::move(q));
  }
  const std::vector<Outcome> develop = Run(dir, questions, false);
  if (list) {
    for (const Outcome& o : develop) {
      std::printf("%.2f %-5s %-28s %s\n", o.coverage,
                  o.right ? "right" : (o.answerable ? "WRONG" : "none"), o.passage.c_str(),
                  o.question.c_str());
    }
  }
  double chosen = 1.0;
  for (int t = 100; t >= 5; t -= 5) {
    if (At(develop, t / 100.0).precision() < wanted) break;
    chosen = t / 100.0;
  }
  if (split == "develop" || split == "both") {
    for (int t = 30; t <= 100; t += 10) Print("develop", t / 100.0, At(develop, t / 100.0));
    std::printf("chosen on develop (precision >= %.2f there and above): %.2f\n", wanted, chosen);
    Print("develop", chosen, At(develop, chosen));
  }
  if (split == "report" || split == "both") {
    Print("report", chosen, At(Run(dir, questions, true), chosen));
  }
  return 0;
}

}  // namespace
}  // namespace askdb::bench

int main(int argc, char** argv) { return askdb::bench::Main(argc, argv); }
