// What the engine's read of the whole detailed level costs on a large schema (docs/schema.md
// "Why the engine reads the whole detailed level"): a SQLite database of N tables (default
// 200) of 8 columns each, prepared once; then, per simulated run, what `askdb serve` does
// before the engine answers — PrepareAgainIfChanged (the fingerprint query and the cached
// whole level) and the run's own whole-level read — against reading just two tables from the
// manager. Prints JSON (microseconds, p50/p95 over the runs).
//
// Usage: schema_read_bench [tables] [runs]
#include <spdlog/spdlog.h>
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "askdb/agent/ask/datasource.h"
#include "askdb/db/connector_registry.h"

namespace {

using askdb::agent::kSchemaManagerId;
using Micros = std::chrono::duration<double, std::micro>;

double Percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[static_cast<size_t>(p * static_cast<double>(v.size() - 1))];
}

}  // namespace

int main(int argc, char** argv) {
  spdlog::set_level(spdlog::level::warn);  // every cache hit is logged at info
  const int tables = argc > 1 ? std::max(1, std::atoi(argv[1])) : 200;
  const int runs = argc > 2 ? std::max(1, std::atoi(argv[2])) : 200;
  namespace fs = std::filesystem;
  const fs::path dir =
      fs::temp_directory_path() / ("askdb_schema_read_" + std::to_string(getpid()));
  fs::create_directories(dir);
  const fs::path file = dir / "wide.sqlite";
  sqlite3* db = nullptr;
  if (sqlite3_open(file.c_str(), &db) != SQLITE_OK) return 1;
  std::string ddl = "BEGIN;";
  for (int t = 0; t < tables; ++t) {
    const std::string n = "table_" + std::to_string(t);
    ddl += "CREATE TABLE " + n +
           " (id INTEGER PRIMARY KEY, name TEXT, status TEXT, created_at DATE, amount REAL, "
           "quantity INTEGER, region TEXT, note TEXT);";
    ddl += "INSERT INTO " + n +
           " VALUES (1, 'a', 'open', '2026-01-01', 1.5, 2, 'north', 'x'),"
           " (2, 'b', 'closed', '2026-02-01', 2.5, 3, 'south', 'y');";
  }
  ddl += "COMMIT;";
  if (sqlite3_exec(db, ddl.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) return 1;
  sqlite3_close(db);

  const std::string url = "sqlite:" + file.string();
  auto connector = askdb::db::OpenConnector(url);
  if (!connector.ok()) return 1;
  askdb::agent::PrepareOptions options;
  options.schema_cache.dir.clear();  // in memory: the read measured is the manager's copy
  const auto prepare_start = std::chrono::steady_clock::now();
  auto prepared = askdb::agent::PrepareDatasource(std::move(connector).value(), url, options);
  if (!prepared.ok()) {
    std::fprintf(stderr, "%s\n", prepared.status().ToString().c_str());
    return 1;
  }
  const double prepare_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - prepare_start)
          .count();
  std::vector<double> check, whole, two;
  for (int i = 0; i < runs; ++i) {
    auto t0 = std::chrono::steady_clock::now();
    auto again = askdb::agent::PrepareAgainIfChanged(*prepared);
    auto t1 = std::chrono::steady_clock::now();
    auto all = prepared->schemas->GetSchema({.datasource = std::string(kSchemaManagerId),
                                             .level = askdb::catalog::SchemaLevel::kDetailed,
                                             .tables = {},
                                             .want_text = false,
                                             .include_disabled = false,
                                             .fingerprint_max_age = std::chrono::seconds(10)});
    auto t2 = std::chrono::steady_clock::now();
    auto some = prepared->schemas->GetSchema({.datasource = std::string(kSchemaManagerId),
                                              .level = askdb::catalog::SchemaLevel::kDetailed,
                                              .tables = {"table_3", "table_7"},
                                              .want_text = false,
                                              .include_disabled = false,
                                              .fingerprint_max_age = std::chrono::seconds(10)});
    auto t3 = std::chrono::steady_clock::now();
    if (!again.ok() || again->has_value() || !all.ok() || !some.ok()) return 1;
    check.push_back(Micros(t1 - t0).count());
    whole.push_back(Micros(t2 - t1).count());
    two.push_back(Micros(t3 - t2).count());
  }
  std::printf(
      "{\"tables\": %d, \"runs\": %d, \"prepare_ms\": %.1f,\n"
      " \"check_before_run_us\": {\"p50\": %.1f, \"p95\": %.1f},\n"
      " \"whole_level_read_us\": {\"p50\": %.1f, \"p95\": %.1f},\n"
      " \"two_table_read_us\": {\"p50\": %.1f, \"p95\": %.1f}}\n",
      tables, runs, prepare_ms, Percentile(check, 0.5), Percentile(check, 0.95),
      Percentile(whole, 0.5), Percentile(whole, 0.95), Percentile(two, 0.5), Percentile(two, 0.95));
  fs::remove_all(dir);
  return 0;
}
