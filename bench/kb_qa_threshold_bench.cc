// kb_qa_threshold_bench: how similar a stored Q&A's question must be to the user's question
// before the evidence stage offers its answer (knowledge.qa_answer_similarity) — issue 15
// item 2; figures and method in docs/knowledge.md, "Q&A and FAQ".
//
//   kb_qa_threshold_bench [--data DIR] [--split develop|report|both] [--precision P]
//                        [--wrong]
//
// Data: Spider dev (../shared/data/spider/dev.json, written by the Spider authors). Its
// questions come in groups with one gold SQL (mostly two paraphrases per SQL, e.g. "How many
// singers do we have?" / "What is the total number of singers?"). A group is keyed by
// "spider-dev:<db_id>:<SQL, lower case, spaces folded>"; FNV-1a of the key: even → develop,
// odd → report; bit 1 of the hash: 0 → the group's first question is stored as a Q&A
// ("known"), 1 → nothing of it is stored ("unknown"). Each database is one scope.
// Queries: the other questions of known groups (the right answer exists: its group's Q&A)
// and every question of unknown groups (no right answer: any answer offered is wrong).
// Like the evidence stage (knowledge_evidence.cc), a query's candidate is the Q&A hit of
// the hybrid top 5 with the highest cosine (vector) similarity; it is offered when that
// similarity ≥ the threshold. precision = right answers / answers offered; coverage =
// right answers / queries that have a right answer. The threshold is chosen on develop:
// the lowest one at which precision, there and at every higher threshold, is ≥ --precision
// (default 0.98).
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "askdb/cache/embedder.h"
#include "askdb/common/file_util.h"
#include "askdb/common/json.h"
#include "askdb/knowledge/search/knowledge_index.h"
#include "threshold_figures.h"

namespace askdb::bench {
namespace {

using knowledge::ChunkType;
using knowledge::KnowledgeIndex;

uint64_t Fnv1a(std::string_view s) {
  uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  return h;
}

std::string Fold(std::string_view sql) {
  std::string out;
  bool space = false;
  for (unsigned char c : sql) {
    if (std::isspace(c) != 0) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += static_cast<char>(std::tolower(c));
  }
  return out;
}

struct Group {
  std::string db;
  std::vector<std::string> questions;
  bool report = false;
  bool known = false;
};

// A query's outcome: the best candidate's similarity (0: none) and whether it is right.
struct Outcome {
  double similarity = 0;
  bool right = false;
  bool answerable = false;
  std::string query, offered;  // for --wrong
};

std::vector<Outcome> Run(const std::map<std::string, Group>& groups, bool report) {
  KnowledgeIndex index(std::make_shared<cache::LexicalEmbedder>());
  std::vector<knowledge::Chunk> chunks;
  for (const auto& [key, g] : groups) {
    if (g.report != report || !g.known) continue;
    chunks.push_back({.id = key,
                      .item_id = key,
                      .scope = "spider:" + g.db,
                      .type = ChunkType::kQa,
                      .text = g.questions.front()});
  }
  if (Status added = index.Add(std::move(chunks)); !added.ok()) {
    std::cerr << added.ToString() << "\n";
    std::exit(1);
  }
  std::vector<Outcome> outcomes;
  for (const auto& [key, g] : groups) {
    if (g.report != report) continue;
    for (size_t i = g.known ? 1 : 0; i < g.questions.size(); ++i) {
      knowledge::SearchOptions search;  // as the evidence stage searches
      search.top_k = 5;
      search.filter.scopes = {"spider:" + g.db};
      search.filter.types = {ChunkType::kQa};
      Outcome o;
      o.answerable = g.known;
      for (const knowledge::SearchHit& hit : index.Search(g.questions[i], search).hits) {
        if (hit.vector_score > o.similarity) {
          o.similarity = hit.vector_score;
          o.right = hit.item_id == key;
          o.query = g.questions[i];
          o.offered = hit.text;
        }
      }
      outcomes.push_back(o);
    }
  }
  return outcomes;
}

// The evidence stage's tolerance (knowledge_evidence.cc): 1.0 holds against rounding.
ThresholdFigures At(const std::vector<Outcome>& outcomes, double threshold) {
  return FiguresAt(outcomes, &Outcome::similarity, threshold, 1e-6);
}

void Print(const char* split, double threshold, const ThresholdFigures& f) {
  std::printf(
      "%-8s threshold %.2f: %zu queries (%zu answerable), %zu answers offered, %zu right "
      "— precision %.3f, coverage %.3f\n",
      split, threshold, f.questions, f.answerable, f.shown, f.right, f.precision(), f.coverage());
}

int Main(int argc, char** argv) {
  std::string data = ASKDB_SHARED_DATA_DIR;
  std::string split = "develop";
  double wanted = 0.98;
  bool wrong = false;  // print develop-split wrong answers at similarity >= 0.85
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--data" && i + 1 < argc) {
      data = argv[++i];
    } else if (a == "--split" && i + 1 < argc) {
      split = argv[++i];
    } else if (a == "--wrong") {
      wrong = true;
    } else if (a == "--precision" && i + 1 < argc) {
      wanted = std::stod(argv[++i]);
    } else {
      std::cerr << "usage: kb_qa_threshold_bench [--data DIR] [--split develop|report|both] "
                   "[--precision P]\n";
      return 2;
    }
  }
  StatusOr<std::string> text = ReadFile(data + "/spider/dev.json");
  StatusOr<Json> json = text.ok() ? ParseJson(*text) : StatusOr<Json>(text.status());
  if (!json.ok()) {
    std::cerr << "cannot read Spider dev: " << json.status().ToString() << "\n";
    return 1;
  }
  std::map<std::string, Group> groups;
  for (const Json& q : *json) {
    const std::string db = q.at("db_id").get<std::string>();
    const std::string key = "spider-dev:" + db + ":" + Fold(q.at("query").get<std::string>());
    Group& g = groups[key];
    g.db = db;
    g.questions.push_back(q.at("question").get<std::string>());
    const uint64_t h = Fnv1a(key);
    g.report = h % 2 == 1;
    g.known = ((h >> 1) & 1) == 0;
  }
  const std::vector<Outcome> develop = Run(groups, false);
  for (const Outcome& o : develop) {
    if (wrong && !o.right && o.similarity >= 0.85) {
      std::printf("%.3f  %s  <-  %s\n", o.similarity, o.query.c_str(), o.offered.c_str());
    }
  }
  // The lowest threshold whose precision, there and above, is at least `wanted`.
  double chosen = 1.0;
  for (int t = 100; t >= 50; --t) {
    if (At(develop, t / 100.0).precision() < wanted) break;
    chosen = t / 100.0;
  }
  if (split == "develop" || split == "both") {
    for (double t : {0.80, 0.85, 0.90, 0.95}) Print("develop", t, At(develop, t));
    Print("develop", chosen, At(develop, chosen));
    std::printf("chosen on develop (precision >= %.2f at and above it): %.2f\n", wanted, chosen);
  }
  if (split == "report" || split == "both") {
    const std::vector<Outcome> report = Run(groups, true);
    Print("report", chosen, At(report, chosen));
    Print("report", 0.90, At(report, 0.90));
  }
  return 0;
}

}  // namespace
}  // namespace askdb::bench

int main(int argc, char** argv) { return askdb::bench::Main(argc, argv); }
