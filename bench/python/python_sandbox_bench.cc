// python_sandbox_bench [runs] — the cost of one Python step in the bubblewrap sandbox
// (issue 16), printed as JSON:
//   overhead: start to result of code that does nothing ("pass"): folder, inputs, fork,
//             bwrap's namespaces, the interpreter and the runner; per mode (sandbox, local)
//   pandas:   the same with "import pandas" (what every template pays on top)
//   parallel: steps per second and latency with 1, 2, 4 and 8 steps at once (the outliers
//             template on 60 rows), to see what 2 cores sustain
//   *_warm:   the same through a warm pool of 2 (python.warm_pool): sandboxes started ahead
//             with pandas imported; the bench pauses 3 s between runs so the pool has refilled,
//             which is the figure a step sees when steps are not back to back
// Every run is a fresh sandbox; a pooled one is started ahead, never reused.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

#include "askdb/python/executor.h"
#include "askdb/python/templates.h"

namespace {

using askdb::python::ExecutorMode;
using askdb::python::ExecutorOptions;
using askdb::python::Request;
using Ms = std::chrono::duration<double, std::milli>;

double Percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[std::min(v.size() - 1, static_cast<size_t>(p * (v.size() - 1) + 0.5))];
}

struct Figures {
  double p50 = 0, p95 = 0, max = 0;
  int failed = 0;
};

Figures Time(const Request& request, const ExecutorOptions& options, int runs, int pause_ms = 0) {
  std::vector<double> ms;
  Figures f;
  for (int i = 0; i < runs; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(pause_ms));
    const auto t0 = std::chrono::steady_clock::now();
    const auto out = askdb::python::Run(request, options);
    ms.push_back(Ms(std::chrono::steady_clock::now() - t0).count());
    if (!out.ok()) {
      ++f.failed;
      std::fprintf(stderr, "run failed: %s\n", out.status().ToString().c_str());
    }
  }
  f.p50 = Percentile(ms, 0.5);
  f.p95 = Percentile(ms, 0.95);
  f.max = Percentile(ms, 1.0);
  return f;
}

void Print(const char* name, const Figures& f, bool comma = true) {
  std::printf(
      "  \"%s\": {\"p50_ms\": %.1f, \"p95_ms\": %.1f, \"max_ms\": %.1f, \"failed\": %d}%s\n", name,
      f.p50, f.p95, f.max, f.failed, comma ? "," : "");
}

}  // namespace

int main(int argc, char** argv) {
  const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 30;
  ExecutorOptions sandbox;
  ExecutorOptions local;
  local.mode = ExecutorMode::kLocal;
  Request nothing;
  nothing.code = "pass";
  Request pandas;
  pandas.code = "import pandas";

  std::printf("{\n  \"runs\": %d,\n", runs);
  Print("overhead_sandbox", Time(nothing, sandbox, runs));
  Print("overhead_local", Time(nothing, local, runs));
  Print("import_pandas_sandbox", Time(pandas, sandbox, std::max(1, runs / 3)));
  ExecutorOptions warm = sandbox;
  warm.warm_pool = 2;
  askdb::python::StartWarmPool(warm);
  Print("overhead_sandbox_warm", Time(nothing, warm, runs, 3000));
  Print("import_pandas_sandbox_warm", Time(pandas, warm, std::max(1, runs / 3), 3000));

  askdb::db::ResultSet stores;
  stores.columns = {{"store", "TEXT"}, {"sales", "REAL"}};
  for (int i = 0; i < 60; ++i) {
    stores.rows.push_back({askdb::db::Value::Text("S" + std::to_string(i)),
                           askdb::db::Value::Double(1000.0 + (i * 37 % 101) + (i == 7 ? 900 : 0))});
  }
  Request outliers;
  outliers.code = std::string(*askdb::python::TemplateCode("outliers"));
  outliers.inputs = {{"stores", &stores}};
  outliers.params = {{"input", "stores"}};
  // Back to back, so the pool (when on) is mostly empty: what 2 cores sustain.
  for (const bool pooled : {false, true}) {
    const ExecutorOptions& parallel = pooled ? warm : sandbox;
    std::printf("  \"parallel_outliers_template%s\": [\n", pooled ? "_warm_pool" : "");
    const int per_thread = std::max(2, runs / 6);
    const std::vector<int> widths = {1, 2, 4, 8};
    for (size_t w = 0; w < widths.size(); ++w) {
      std::vector<Figures> figures(widths[w]);
      const auto t0 = std::chrono::steady_clock::now();
      std::vector<std::thread> threads;
      for (int t = 0; t < widths[w]; ++t) {
        threads.emplace_back([&, t] { figures[t] = Time(outliers, parallel, per_thread); });
      }
      for (auto& th : threads) th.join();
      const double seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      double p50 = 0;
      int failed = 0;
      for (const Figures& f : figures) {
        p50 = std::max(p50, f.p50);
        failed += f.failed;
      }
      std::printf(
          "    {\"at_once\": %d, \"steps\": %d, \"steps_per_s\": %.2f, \"worst_thread_p50_ms\": "
          "%.0f, \"failed\": %d}%s\n",
          widths[w], widths[w] * per_thread, widths[w] * per_thread / seconds, p50, failed,
          w + 1 < widths.size() ? "," : "");
    }
    std::printf("  ],\n");
  }
  askdb::python::ShutdownWarmPools();
  std::printf("  \"cores\": %u\n}\n", std::thread::hardware_concurrency());
  return 0;
}
