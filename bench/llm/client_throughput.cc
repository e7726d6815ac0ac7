// Completions per second through OpenAiClient against the fake server on 127.0.0.1 (bar:
// >= 5,000 small non-streamed completions/s). Prints one JSON object.
//
//   llm_client_throughput [calls=20000] [threads=2] [stream=0]
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <thread>
#include <vector>

#include "askdb/common/json.h"
#include "askdb/llm/openai/openai_client.h"
#include "fake_openai_server.h"

int main(int argc, char** argv) {
  const int calls = argc > 1 ? std::atoi(argv[1]) : 20'000;
  const int threads = argc > 2 ? std::atoi(argv[2]) : 2;
  const bool stream = argc > 3 && std::atoi(argv[3]) != 0;
  askdb::fake_openai::FakeOpenAiServer server;
  if (!server.Start().ok()) {
    std::cerr << "cannot start the fake server\n";
    return 1;
  }
  askdb::llm::OpenAiClientOptions options;
  options.base_url = server.base_url();
  options.model = "fake-model";
  askdb::llm::OpenAiClient client(options);
  askdb::llm::ChatRequest request;
  request.messages = {askdb::llm::Message::User("ping")};

  std::atomic<int> next{0};
  std::atomic<int> failures{0};
  auto start = std::chrono::steady_clock::now();
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t) {
    workers.emplace_back([&] {
      while (next.fetch_add(1) < calls) {
        auto r = stream ? client.ChatStream(request, nullptr, {}) : client.Chat(request, {});
        if (!r.ok()) ++failures;
      }
    });
  }
  for (auto& w : workers) w.join();
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  server.Stop();
  std::cout << askdb::Json({{"benchmark", "llm_client_throughput"},
                            {"calls", calls},
                            {"threads", threads},
                            {"stream", stream},
                            {"failures", failures.load()},
                            {"seconds", seconds},
                            {"completions_per_s", calls / seconds}})
                   .dump()
            << std::endl;
  return failures.load() == 0 ? 0 : 1;
}
