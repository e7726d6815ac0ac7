// fake_openai_server: the fake OpenAI-compatible server as a standalone program, for manual
// runs and for tests in other languages. Binds 127.0.0.1 on an ephemeral port, prints
// {"port": N, "base_url": "..."} on one stdout line, and serves until stdin closes.
//
//   fake_openai_server [--fault-rate 0.2] [--seed 7] [--slow-first-byte-ms 300]
//                      [--models a,b,c]   (what GET /v1/models lists; "" answers 404)
//                      [--embeddings FILE] (a JSON table {"text": [numbers]} for /v1/embeddings)
#include <cstdlib>
#include <iostream>
#include <string>

#include "askdb/common/json.h"
#include "fake_openai_server.h"

int main(int argc, char** argv) {
  askdb::fake_openai::FakeServerOptions options;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string flag = argv[i];
    std::string value = argv[i + 1];
    if (flag == "--fault-rate") {
      options.fault_rate = std::stod(value);
    } else if (flag == "--seed") {
      options.seed = std::stoull(value);
    } else if (flag == "--slow-first-byte-ms") {
      options.slow_first_byte = std::chrono::milliseconds(std::stol(value));
    } else if (flag == "--models") {
      options.models.clear();
      for (size_t start = 0; start < value.size();) {
        size_t comma = value.find(',', start);
        if (comma == std::string::npos) comma = value.size();
        if (comma > start) options.models.push_back(value.substr(start, comma - start));
        start = comma + 1;
      }
    } else if (flag == "--embeddings") {
      auto table = askdb::fake_openai::LoadEmbeddingTable(value);
      if (!table.ok()) {
        std::cerr << table.status().ToString() << "\n";
        return 2;
      }
      options.embedding_table = std::move(table).value();
    } else {
      std::cerr << "unknown flag " << flag
                << "; use --fault-rate, --seed, --slow-first-byte-ms, --models or --embeddings\n";
      return 2;
    }
  }
  askdb::fake_openai::FakeOpenAiServer server(options);
  auto port = server.Start();
  if (!port.ok()) {
    std::cerr << port.status().ToString() << "\n";
    return 1;
  }
  std::cout << askdb::Json({{"port", *port}, {"base_url", server.base_url()}}).dump() << std::endl;
  std::string line;
  while (std::getline(std::cin, line)) {
  }
  server.Stop();
  return 0;
}
