// SSE parsing throughput (bar: >= 200 MB/s). Feeds a realistic chat-completion stream in
// network-sized chunks.
#include <benchmark/benchmark.h>

#include <string>

#include "askdb/llm/sse_parser.h"

namespace {

constexpr int kEvents = 20'000;

std::string MakeStream() {
  std::string s;
  for (int i = 0; i < kEvents; ++i) {
    s += "data: "
         "{\"id\":\"chatcmpl-123\",\"object\":\"chat.completion.chunk\",\"created\":1700000000,"
         "\"model\":\"deepseek-chat\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"token " +
         std::to_string(i) + "\"},\"finish_reason\":null}]}\n\n";
    if (i % 100 == 0) s += ": keep-alive\n\n";
  }
  s += "data: [DONE]\n\n";
  return s;
}

void BM_SseParse(benchmark::State& state) {
  const std::string stream = MakeStream();
  const size_t chunk = static_cast<size_t>(state.range(0));
  size_t events = 0;
  for (auto _ : state) {
    askdb::llm::SseParser parser([&](const askdb::llm::SseEvent& e) {
      events += e.data.size() > 0;
      return true;
    });
    for (size_t pos = 0; pos < stream.size(); pos += chunk) {
      auto s = parser.Feed(std::string_view(stream).substr(pos, chunk));
      benchmark::DoNotOptimize(s);
    }
    auto s = parser.Finish();
    benchmark::DoNotOptimize(s);
  }
  benchmark::DoNotOptimize(events);
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) *
                          static_cast<int64_t>(stream.size()));
}
BENCHMARK(BM_SseParse)->Arg(64)->Arg(1024)->Arg(16 * 1024);

}  // namespace

BENCHMARK_MAIN();
