// kb_retrieval_bench: retrieval quality and latency of the knowledge index
// (askdb/knowledge/search/knowledge_index.h) on BIRD dev's `evidence` strings — issue 15,
// "How we know it works"; figures and method in docs/knowledge.md, "Search and its
// benchmark".
//
//   kb_retrieval_bench [--data DIR] [--sizes 10000,100000] [--queries N] [--dimension D]
//                      [--keyword-top-k N] [--vector-top-k N] [--keyword-min X]
//                      [--vector-min X] [--no-latency] [--misses N] [--misses-at5 N]
//                      [--split develop|report|both]   (quality splits; default both)
//
// Quality: each database's distinct non-empty evidence strings form one knowledge base (a
// scope "bird:<db_id>" of one index); every question with evidence is a query searched
// within its database's scope, and its own evidence is the target. recall@k = share of
// queries whose target is among the first k hits. Keyword only, vector only and hybrid
// (RRF, k = 60, default options). The questions are split once, by FNV-1a of
// "bird-dev:<question_id>": even → develop, odd → report. Tuning looks only at develop.
//
// Latency: one scope of N chunks (N in --sizes), searched one query at a time on one
// thread with the report-split questions; hybrid, keyword-only and vector-only p50/p95.
// The chunks are BIRD evidence strings, BIRD questions and Spider dev questions, and
// beyond those (N exceeds the ~4,000 distinct texts) pairs of two of them joined with a
// space, drawn with a fixed seed, so every chunk is distinct text of real-world length.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "askdb/cache/embedder.h"
#include "askdb/common/file_util.h"
#include "askdb/common/json.h"
#include "askdb/knowledge/search/knowledge_index.h"

namespace askdb::bench {
namespace {

using knowledge::Chunk;
using knowledge::ChunkType;
using knowledge::KnowledgeIndex;
using knowledge::SearchMode;
using knowledge::SearchOptions;

struct Args {
  std::string data = ASKDB_SHARED_DATA_DIR;
  std::vector<size_t> sizes = {10'000, 100'000};
  size_t queries = 500;  // latency queries per size and mode
  size_t dimension = 0;  // 0: the LexicalEmbedder's default
  bool latency = true;
  SearchOptions search;  // --keyword-top-k, --vector-top-k, --vector-min, --keyword-min
  int misses = 0;      // develop-split hybrid misses to print (for tuning: never the report split)
  int misses_at5 = 0;  // develop-split queries whose target is not in the hybrid top 5
  knowledge::KnowledgeIndexOptions index;  // --bm25-k1, --bm25-b (exploring only)
  bool develop = true;  // --split develop|report|both: which splits' quality to measure
  bool report = true;
};

struct Question {
  int64_t id = 0;
  std::string db;
  std::string text;
  std::string evidence;
  bool report = false;
};

uint64_t Fnv1a(std::string_view s) {
  uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  return h;
}

std::string Trim(std::string s) {
  const auto not_space = [](unsigned char c) { return std::isspace(c) == 0; };
  s.erase(s.begin(), std::find_if(s.begin(), s.end(), not_space));
  s.erase(std::find_if(s.rbegin(), s.rend(), not_space).base(), s.end());
  return s;
}

StatusOr<Json> LoadJson(const std::string& path) {
  ASKDB_ASSIGN_OR_RETURN(std::string text, ReadFile(path));
  return ParseJson(text);
}

std::shared_ptr<const cache::Embedder> MakeEmbedder(const Args& args) {
  cache::LexicalEmbedderOptions o;
  if (args.dimension != 0) o.dimension = args.dimension;
  return std::make_shared<cache::LexicalEmbedder>(o);
}

double Percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(p * static_cast<double>(v.size())))];
}

const char* ModeName(SearchMode m) {
  switch (m) {
    case SearchMode::kHybrid:
      return "hybrid";
    case SearchMode::kKeyword:
      return "keyword";
    case SearchMode::kVector:
      return "vector";
  }
  return "";
}

constexpr SearchMode kModes[] = {SearchMode::kKeyword, SearchMode::kVector, SearchMode::kHybrid};

// The target's rank in each channel, 50 deep (0: not found), and the hybrid top 5.
void PrintMissAt5(const KnowledgeIndex& index, const Question& q, const std::string& target,
                  SearchOptions o) {
  auto rank_in = [&](SearchMode mode) {
    o.mode = mode;
    o.top_k = 50;
    const knowledge::SearchResult r = index.Search(q.text, o);
    for (size_t i = 0; i < r.hits.size(); ++i) {
      if (r.hits[i].chunk_id == target) return i + 1;
    }
    return size_t{0};
  };
  std::cerr << "miss@5 [" << q.db << "] keyword rank " << rank_in(SearchMode::kKeyword)
            << ", vector rank " << rank_in(SearchMode::kVector) << ": " << q.text
            << "\n  want: " << q.evidence << "\n";
  o.mode = SearchMode::kHybrid;
  o.top_k = 5;
  for (const knowledge::SearchHit& h : index.Search(q.text, o).hits) {
    std::cerr << "  got (k" << h.keyword_rank << " v" << h.vector_rank << "): " << h.text << "\n";
  }
}

int RunQuality(const Args& args, const std::vector<Question>& questions, Json& out) {
  // One chunk per distinct evidence string per database; chunk id = db + index.
  std::map<std::pair<std::string, std::string>, std::string> chunk_of;  // (db, evidence) → id
  std::vector<Chunk> chunks;
  for (const Question& q : questions) {
    auto [it, inserted] = chunk_of.try_emplace({q.db, q.evidence}, "");
    if (!inserted) continue;
    it->second = q.db + "#" + std::to_string(chunks.size());
    chunks.push_back({.id = it->second,
                      .item_id = it->second,
                      .scope = "bird:" + q.db,
                      .type = ChunkType::kDocument,
                      .recall = true,
                      .text = q.evidence});
  }
  KnowledgeIndex index(MakeEmbedder(args), args.index);
  const auto t0 = std::chrono::steady_clock::now();
  if (Status s = index.Add(chunks); !s.ok()) {
    std::cerr << "kb_retrieval_bench: " << s.ToString() << "\n";
    return 1;
  }
  const double add_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  out["embedder"] = index.embedder_id();
  std::set<std::string> databases;
  for (const Question& q : questions) databases.insert(q.db);
  out["knowledge_bases"] = {
      {"databases", databases.size()}, {"chunks", chunks.size()}, {"add_ms", add_ms}};

  for (bool report : {false, true}) {
    if (!(report ? args.report : args.develop)) continue;
    Json split;
    size_t n = 0;
    for (const Question& q : questions) n += q.report == report ? 1 : 0;
    split["queries"] = n;
    for (SearchMode mode : kModes) {
      SearchOptions o = args.search;
      o.mode = mode;
      o.top_k = 5;
      size_t at1 = 0, at5 = 0;
      SearchOptions search;  // --keyword-top-k, --vector-top-k, --vector-min, --keyword-min
      int misses = 0, misses_at5 = 0;
      for (const Question& q : questions) {
        if (q.report != report) continue;
        o.filter.scopes = {"bird:" + q.db};
        const knowledge::SearchResult r = index.Search(q.text, o);
        const std::string& target = chunk_of.at({q.db, q.evidence});
        for (size_t i = 0; i < r.hits.size(); ++i) {
          if (r.hits[i].chunk_id != target) continue;
          at1 += i == 0 ? 1 : 0;
          ++at5;
          break;
        }
        if (!report && mode == SearchMode::kHybrid && misses_at5 < args.misses_at5 &&
            std::none_of(r.hits.begin(), r.hits.end(),
                         [&](const auto& h) { return h.chunk_id == target; })) {
          ++misses_at5;
          PrintMissAt5(index, q, target, o);
        }
        const bool hit = !r.hits.empty() && r.hits[0].chunk_id == target;
        if (!report && !hit && mode == SearchMode::kHybrid && misses < args.misses) {
          ++misses;
          std::cerr << "miss [" << q.db << "] " << q.text << "\n  want: " << q.evidence
                    << "\n  got:  " << (r.hits.empty() ? "(nothing)" : r.hits[0].text) << "\n";
        }
      }
      split[ModeName(mode)] = {{"recall_at_1", static_cast<double>(at1) / n},
                               {"recall_at_5", static_cast<double>(at5) / n}};
    }
    out[report ? "report" : "develop"] = split;
  }
  return 0;
}

// Every distinct text of the pool: BIRD evidence and questions, Spider dev questions.
std::vector<std::string> TextPool(const std::vector<Question>& bird, const Json& spider) {
  std::set<std::string> seen;
  std::vector<std::string> pool;
  auto add = [&](std::string t) {
    t = Trim(std::move(t));
    if (!t.empty() && seen.insert(t).second) pool.push_back(std::move(t));
  };
  for (const Question& q : bird) {
    add(q.evidence);
    add(q.text);
  }
  for (const Json& q : spider) add(q.value("question", ""));
  return pool;
}

int RunLatency(const Args& args, const std::vector<Question>& questions,
               const std::vector<std::string>& pool, Json& out) {
  std::vector<const Question*> queries;
  for (const Question& q : questions) {
    if (q.report) queries.push_back(&q);
  }
  if (queries.size() > args.queries) queries.resize(args.queries);
  for (size_t size : args.sizes) {
    std::vector<Chunk> chunks;
    chunks.reserve(size);
    std::mt19937_64 rng(42);
    std::uniform_int_distribution<size_t> pick(0, pool.size() - 1);
    std::set<std::string> seen;
    for (size_t i = 0; chunks.size() < size; ++i) {
      std::string text = i < pool.size() ? pool[i] : pool[pick(rng)] + " " + pool[pick(rng)];
      if (!seen.insert(text).second) continue;
      const std::string id = "c" + std::to_string(chunks.size());
      chunks.push_back({.id = id,
                        .item_id = id,
                        .scope = "bench",
                        .type = ChunkType::kDocument,
                        .recall = true,
                        .text = std::move(text)});
    }
    KnowledgeIndex index(MakeEmbedder(args));
    const auto t0 = std::chrono::steady_clock::now();
    // Added in batches, as a knowledge base grows.
    for (size_t begin = 0; begin < chunks.size(); begin += 1000) {
      std::vector<Chunk> batch(
          chunks.begin() + static_cast<std::ptrdiff_t>(begin),
          chunks.begin() + static_cast<std::ptrdiff_t>(std::min(chunks.size(), begin + 1000)));
      if (Status s = index.Add(std::move(batch)); !s.ok()) {
        std::cerr << "kb_retrieval_bench: " << s.ToString() << "\n";
        return 1;
      }
    }
    const double build_s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    Json figures = {{"chunks", size}, {"build_s", build_s}, {"queries", queries.size()}};
    for (SearchMode mode : {SearchMode::kHybrid, SearchMode::kKeyword, SearchMode::kVector}) {
      SearchOptions o = args.search;
      o.mode = mode;
      o.filter.scopes = {"bench"};
      std::vector<double> ms;
      size_t hits = 0;
      for (const Question* q : queries) {
        const auto s0 = std::chrono::steady_clock::now();
        hits += index.Search(q->text, o).hits.size();
        ms.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - s0)
                .count());
      }
      figures[ModeName(mode)] = {{"p50_ms", Percentile(ms, 0.5)},
                                 {"p95_ms", Percentile(ms, 0.95)},
                                 {"mean_hits", static_cast<double>(hits) / ms.size()}};
    }
    out.push_back(figures);
    std::cerr << "latency at " << size << " chunks done (built in " << build_s << " s)\n";
  }
  return 0;
}

int Main(int argc, char** argv) {
  Args args;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::cerr << "kb_retrieval_bench: " << a << " needs a value\n";
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--data") {
      args.data = next();
    } else if (a == "--sizes") {
      args.sizes.clear();
      const std::string v = next();
      for (size_t pos = 0; pos < v.size();) {
        const size_t comma = std::min(v.find(',', pos), v.size());
        args.sizes.push_back(std::stoul(v.substr(pos, comma - pos)));
        pos = comma + 1;
      }
    } else if (a == "--queries") {
      args.queries = std::stoul(next());
    } else if (a == "--dimension") {
      args.dimension = std::stoul(next());
    } else if (a == "--keyword-top-k") {
      args.search.keyword_top_k = std::stoul(next());
    } else if (a == "--vector-top-k") {
      args.search.vector_top_k = std::stoul(next());
    } else if (a == "--keyword-min") {
      args.search.keyword_min_score = std::stod(next());
    } else if (a == "--vector-min") {
      args.search.vector_min_score = std::stod(next());
    } else if (a == "--no-latency") {
      args.latency = false;
    } else if (a == "--misses") {
      args.misses = std::stoi(next());
    } else if (a == "--misses-at5") {
      args.misses_at5 = std::stoi(next());
    } else if (a == "--bm25-k1") {
      args.index.bm25_k1 = std::stod(next());
    } else if (a == "--bm25-b") {
      args.index.bm25_b = std::stod(next());
    } else if (a == "--rrf-k") {
      args.search.rrf_k = std::stod(next());
    } else if (a == "--keyword-weight") {
      args.search.keyword_weight = std::stod(next());
    } else if (a == "--vector-weight") {
      args.search.vector_weight = std::stod(next());
    } else if (a == "--split") {
      const std::string v = next();
      if (v != "develop" && v != "report" && v != "both") {
        std::cerr << "kb_retrieval_bench: --split takes develop, report or both, not '" << v
                  << "'\n";
        return 2;
      }
      args.develop = v != "report";
      args.report = v != "develop";
    } else {
      std::cerr << "usage: kb_retrieval_bench [--data DIR] [--sizes N,N] [--queries N] "
                   "[--dimension D] [--keyword-top-k N] [--vector-top-k N] [--keyword-min X] "
                   "[--vector-min X] [--bm25-k1 X] [--bm25-b X] [--rrf-k X] [--keyword-weight W] "
                   "[--vector-weight W] [--no-latency] [--misses N] [--misses-at5 N] [--split "
                   "develop|report|both]\n";
      return 2;
    }
  }
  StatusOr<Json> bird = LoadJson(args.data + "/bird/dev.json");
  if (!bird.ok()) {
    std::cerr << "kb_retrieval_bench: " << bird.status().ToString()
              << " (BIRD dev is expected in ../shared/data/bird; pass --data DIR)\n";
    return 1;
  }
  std::vector<Question> questions;
  for (const Json& q : *bird) {
    Question question{.id = q.value("question_id", int64_t{-1}),
                      .db = q.value("db_id", ""),
                      .text = Trim(q.value("question", "")),
                      .evidence = Trim(q.value("evidence", ""))};
    if (question.evidence.empty() || question.text.empty()) continue;
    question.report = Fnv1a("bird-dev:" + std::to_string(question.id)) % 2 == 1;
    questions.push_back(std::move(question));
  }
  Json out;
  out["data"] = "BIRD dev (CC BY-SA 4.0): questions with evidence";
  out["split"] = "FNV-1a(\"bird-dev:<question_id>\") even: develop, odd: report";
  if (int rc = RunQuality(args, questions, out); rc != 0) return rc;
  if (args.latency) {
    StatusOr<Json> spider = LoadJson(args.data + "/spider/dev.json");
    if (!spider.ok()) {
      std::cerr << "kb_retrieval_bench: " << spider.status().ToString() << "\n";
      return 1;
    }
    const std::vector<std::string> pool = TextPool(questions, *spider);
    out["latency_text_pool"] = pool.size();
    Json latency = Json::array();
    if (int rc = RunLatency(args, questions, pool, latency); rc != 0) return rc;
    out["latency"] = latency;
  }
  std::cout << out.dump(2) << "\n";
  return 0;
}

}  // namespace
}  // namespace askdb::bench

int main(int argc, char** argv) { return askdb::bench::Main(argc, argv); }
