// Lookup latency of cache::AnswerCache holding 1,000 entries (the default capacity of both
// levels): an exact L1 hit, an L2 paraphrase hit (embedding + slots + a brute-force scan of
// 1,000 vectors), and a miss (the same work, nothing found). Also Store and Embed alone.
#include <benchmark/benchmark.h>

#include <string>

#include "askdb/cache/answer_cache.h"
#include "askdb/cache/embedder.h"

namespace askdb::cache {
namespace {

constexpr int kEntries = 1000;

std::string Question(int i) {
  // Varied wording so the flat index is not 1,000 copies of one vector.
  static const char* kMeasures[] = {"销售额", "订单数", "客户数量", "平均单价", "利润"};
  static const char* kDims[] = {"地区", "门店", "渠道", "产品类别", "城市", "月份"};
  return std::to_string(2000 + i % 25) + "年各" + kDims[i % 6] + "的" + kMeasures[(i / 6) % 5] +
         "（第" + std::to_string(i) + "批）";
}

struct Filled {
  FakeClock clock;
  AnswerCache cache{CacheOptions{}, clock};
  Filled() {
    for (int i = 0; i < kEntries; ++i) {
      (void)cache.Store("shop", Question(i), "SELECT " + std::to_string(i), db::ResultSet{});
    }
  }
};

Filled& Cache() {
  static Filled filled;
  return filled;
}

void BM_LookupL1Hit(benchmark::State& state) {
  AnswerCache& cache = Cache().cache;
  int i = 0;
  for (auto _ : state) {
    auto hit = cache.Lookup("shop", Question(i++ % kEntries));
    benchmark::DoNotOptimize(hit);
  }
}
BENCHMARK(BM_LookupL1Hit);

void BM_LookupL2Hit(benchmark::State& state) {
  AnswerCache& cache = Cache().cache;
  const std::string q = Question(7) + "是多少";  // a paraphrase: stop words added
  for (auto _ : state) {
    auto hit = cache.Lookup("shop", q);
    if (!hit) state.SkipWithError("expected an L2 hit");
    benchmark::DoNotOptimize(hit);
  }
}
BENCHMARK(BM_LookupL2Hit);

void BM_LookupMiss(benchmark::State& state) {
  AnswerCache& cache = Cache().cache;
  for (auto _ : state) {
    auto hit = cache.Lookup("shop", "how many customers placed more than 3 orders last month");
    benchmark::DoNotOptimize(hit);
  }
}
BENCHMARK(BM_LookupMiss);

void BM_Embed(benchmark::State& state) {
  const LexicalEmbedder embedder;
  for (auto _ : state) benchmark::DoNotOptimize(embedder.Embed(Question(42)));
}
BENCHMARK(BM_Embed);

void BM_Store(benchmark::State& state) {
  AnswerCache& cache = Cache().cache;
  int i = 0;
  for (auto _ : state) {
    (void)cache.Store("shop", Question(i++ % kEntries), "SELECT 1", db::ResultSet{});
  }
}
BENCHMARK(BM_Store);

}  // namespace
}  // namespace askdb::cache

BENCHMARK_MAIN();
