// Engine latency per question on the demo database (translation only, no SQL execution),
// over the demo questions of tests/nlq/dev_set.jsonl. Run:
//   build/bin/nlq_bench --benchmark_format=json
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "askdb/nlq/engine.h"
#include "askdb/nlq/eval.h"
#include "dev_sources.h"

namespace {

struct Fixture {
  askdb::nlq::EvalDatasource ds;
  std::vector<std::string> questions;
};

Fixture& Get() {
  static Fixture* f = [] {
    auto* fx = new Fixture();  // NOLINT: benchmark-lifetime fixture
    auto ds = askdb::nlq::devset::OpenDevSource("demo", "/tmp/askdb_nlq_work");
    if (!ds.ok()) std::abort();
    fx->ds = std::move(ds).value();
    auto qs =
        askdb::nlq::ReadEvalQuestions(std::string(ASKDB_SOURCE_DIR) + "/tests/nlq/dev_set.jsonl");
    if (!qs.ok()) std::abort();
    for (const auto& q : *qs) {
      if (q.db == "demo") fx->questions.push_back(q.question);
    }
    return fx;
  }();
  return *f;
}

void BM_TranslateDemoQuestion(benchmark::State& state) {
  Fixture& f = Get();
  size_t i = 0;
  for (auto _ : state) {
    auto t = askdb::nlq::Engine::Translate(f.questions[i++ % f.questions.size()], *f.ds.index,
                                           f.ds.connector->dialect());
    benchmark::DoNotOptimize(t);
  }
}
BENCHMARK(BM_TranslateDemoQuestion);

}  // namespace

BENCHMARK_MAIN();
