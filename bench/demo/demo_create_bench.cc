// Times the creation of the demo database (target: under 5 s) and prints JSON:
//   {"orders": 60000, "runs": 3, "best_s": 0.9, "median_s": 1.0, "bytes": 11894784}
// Usage: demo_create_bench [RUNS]
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "askdb/demo/demo_database.h"

int main(int argc, char** argv) {
  const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 3;
  namespace fs = std::filesystem;
  const fs::path dir =
      fs::temp_directory_path() / ("askdb_demo_bench_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::vector<double> seconds;
  uintmax_t bytes = 0;
  askdb::demo::DemoOptions options;
  for (int i = 0; i < runs; ++i) {
    const fs::path path = dir / ("retail_" + std::to_string(i) + ".sqlite");
    const auto start = std::chrono::steady_clock::now();
    askdb::Status status = askdb::demo::CreateDemoDatabase(path, options);
    seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    if (!status.ok()) {
      std::fprintf(stderr, "%s\n", status.ToString().c_str());
      fs::remove_all(dir);
      return 1;
    }
    bytes = fs::file_size(path);
  }
  fs::remove_all(dir);
  std::sort(seconds.begin(), seconds.end());
  std::printf(
      "{\"orders\": %d, \"runs\": %d, \"best_s\": %.3f, \"median_s\": %.3f, \"bytes\": %ju}\n",
      options.orders, runs, seconds.front(), seconds[seconds.size() / 2], bytes);
  return 0;
}
