// Agent pipeline cost per route, with the scripted LLM (zero latency) on the demo database.
// For each route it runs the same question N times (default 200, after a few warm-up runs
// that are not counted) and reports, as JSON on stdout:
//   - LLM calls per run and prompt tokens per call (the scripted client estimates tokens
//     from the prompt text, as a server that sends no usage would);
//   - database statements per run (the "tool calls" of the consultation bar);
//   - wall time per run and orchestration overhead per run: wall time minus the time spent
//     inside the LLM client and inside db::Connector::Execute, measured by two timing
//     decorators. Checkpoint saves, classification, the engine's translation, validation,
//     charting, answer writing and the answer cache all count as overhead.
//   - whether the bars of the agent issue hold: LLM calls per route (engine abstains = 1,
//     consultation <= 1 call and <= 1 statement, cache hit = 0; quick path, engine and
//     one fix as documented in docs/pipeline.md), and overhead p50 <= 2 ms.
// The multi-step route plans two SQL steps and a report with the model (plan, sufficiency
// check, report: bar <= 4 calls); the database time includes the binder's checks.
//
// Both checkpoint stores are measured: in-memory, and SQLite (the CLI's default, a file in
// the temporary directory), reported separately.
//
// Usage: pipeline_bench [iterations] [--no-sqlite]
// Exit status: 0 when every route ran as expected (even if a bar fails: the JSON says so),
// 1 when setup failed or a route took an unexpected path (the figures would be meaningless).
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/agent/ask/datasource.h"
#include "askdb/agent/graph/checkpoint_store.h"
#include "askdb/agent/graph/sqlite_checkpoint_store.h"
#include "askdb/agent/pipeline/pipeline.h"
#include "askdb/cache/answer_cache.h"
#include "askdb/common/json.h"
#include "askdb/common/status.h"
#include "askdb/db/connector.h"
#include "askdb/db/connector_registry.h"
#include "askdb/demo/demo_database.h"
#include "askdb/llm/llm_client.h"
#include "askdb/llm/scripted/scripted_llm_client.h"

namespace askdb::bench {
namespace {

namespace fs = std::filesystem;
using agent::PreparedDatasource;
using agent::pipeline::Pipeline;
using agent::pipeline::PipelineDeps;
using agent::pipeline::PipelineResult;
using agent::pipeline::PipelineRoute;
using agent::pipeline::PipelineRouteName;
using SteadyClock = std::chrono::steady_clock;

constexpr int kDefaultIterations = 200;
constexpr int kWarmupRuns = 3;
// The issue's bar: orchestration overhead (everything but LLM and database time), p50.
constexpr double kOverheadP50BarMs = 2.0;
constexpr double kP50 = 0.50;
constexpr double kP95 = 0.95;

double MsSince(SteadyClock::time_point start) {
  return std::chrono::duration<double, std::milli>(SteadyClock::now() - start).count();
}

// Accumulates what a run spent in the LLM client or the database. Thread-safe because
// the decorators it backs may be called from any thread.
class Meter {
 public:
  void Add(double ms, int64_t prompt_tokens = 0) {
    std::lock_guard<std::mutex> lock(mu_);
    ms_ += ms;
    ++calls_;
    prompt_tokens_.push_back(prompt_tokens);
  }
  void Reset() {
    std::lock_guard<std::mutex> lock(mu_);
    ms_ = 0;
    calls_ = 0;
    prompt_tokens_.clear();
  }
  double ms() const {
    std::lock_guard<std::mutex> lock(mu_);
    return ms_;
  }
  int calls() const {
    std::lock_guard<std::mutex> lock(mu_);
    return calls_;
  }
  std::vector<int64_t> prompt_tokens() const {
    std::lock_guard<std::mutex> lock(mu_);
    return prompt_tokens_;
  }

 private:
  mutable std::mutex mu_;
  double ms_ = 0;
  int calls_ = 0;
  std::vector<int64_t> prompt_tokens_;
};

// Times every call into the wrapped client (borrowed: it outlives this decorator).
class TimingLlmClient final : public llm::LlmClient {
 public:
  TimingLlmClient(llm::LlmClient* inner, Meter* meter) : inner_(inner), meter_(meter) {}

  StatusOr<llm::ChatResponse> Chat(const llm::ChatRequest& request,
                                   const llm::CallOptions& options) override {
    const auto start = SteadyClock::now();
    StatusOr<llm::ChatResponse> r = inner_->Chat(request, options);
    meter_->Add(MsSince(start), r.ok() ? r->usage.prompt_tokens : 0);
    return r;
  }
  StatusOr<llm::ChatResponse> ChatStream(const llm::ChatRequest& request,
                                         const llm::StreamCallback& on_delta,
                                         const llm::CallOptions& options) override {
    // The callback runs pipeline code inside the call; with a scripted client it only
    // appends text, so counting it as LLM time is negligible.
    const auto start = SteadyClock::now();
    StatusOr<llm::ChatResponse> r = inner_->ChatStream(request, on_delta, options);
    meter_->Add(MsSince(start), r.ok() ? r->usage.prompt_tokens : 0);
    return r;
  }
  StatusOr<llm::EmbeddingResponse> Embed(const llm::EmbeddingRequest& request,
                                         const llm::CallOptions& options) override {
    const auto start = SteadyClock::now();
    StatusOr<llm::EmbeddingResponse> r = inner_->Embed(request, options);
    meter_->Add(MsSince(start), r.ok() ? r->usage.prompt_tokens : 0);
    return r;
  }
  std::string Describe() const override { return inner_->Describe(); }

 private:
  llm::LlmClient* inner_;
  Meter* meter_;
};

// Times Execute on the wrapped connector (owned, as PreparedDatasource owns its connector).
class TimingConnector final : public db::Connector {
 public:
  TimingConnector(std::unique_ptr<db::Connector> inner, Meter* meter)
      : inner_(std::move(inner)), meter_(meter) {}

  std::string_view engine() const override { return inner_->engine(); }
  const db::Dialect& dialect() const override { return inner_->dialect(); }
  std::string display_name() const override { return inner_->display_name(); }
  StatusOr<db::ResultSet> Execute(std::string_view sql, const db::QueryOptions& options) override {
    const auto start = SteadyClock::now();
    StatusOr<db::ResultSet> r = inner_->Execute(sql, options);
    meter_->Add(MsSince(start));
    return r;
  }
  Status Check(std::string_view sql, const db::QueryOptions& options) override {
    const auto start = SteadyClock::now();
    Status r = inner_->Check(sql, options);
    meter_->Add(MsSince(start));
    return r;
  }
  StatusOr<db::DatabaseSchema> Introspect(const db::IntrospectOptions& options) override {
    return inner_->Introspect(options);
  }
  void Cancel() override { inner_->Cancel(); }

 private:
  std::unique_ptr<db::Connector> inner_;
  Meter* meter_;
};

// One route: the question, what the pipeline must do with it, and the issue's bar.
struct RouteSpec {
  std::string name;
  std::string question;
  PipelineRoute expected_route;
  int expected_attempts = -1;  // SQL attempts the route must show; -1: not checked
  // Bars. max_* are inclusive; an exact bar sets min == max.
  int min_llm_calls = 0;
  int max_llm_calls = 0;
  int max_db_calls = -1;  // -1: no bar
  std::string bar_source;
  // Ask the question once, unmeasured, before each measured run (the cache hit route).
  bool prime = false;
};

struct Sample {
  double total_ms = 0;
  double llm_ms = 0;
  double db_ms = 0;
  double overhead_ms = 0;
  int llm_calls = 0;
  int db_calls = 0;
  std::vector<int64_t> prompt_tokens;
};

double Percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  // Nearest rank.
  size_t rank = static_cast<size_t>(p * static_cast<double>(values.size()) + 0.5);
  rank = std::clamp<size_t>(rank, 1, values.size());
  return values[rank - 1];
}

double Round3(double v) { return static_cast<double>(std::llround(v * 1000.0)) / 1000.0; }

// Everything shared by the routes of one checkpoint store.
struct Harness {
  Meter* llm_meter;
  Meter* db_meter;
  cache::AnswerCache* cache;
  Pipeline* pipeline;
  std::string store_name;
  int thread_counter = 0;

  std::string NextThread() { return store_name + "-" + std::to_string(thread_counter++); }

  StatusOr<PipelineResult> Ask(const std::string& question) {
    return pipeline->Ask(NextThread(), question);
  }

  // One measured run. The cache is cleared first (outside the measurement) so that every
  // run takes the route under test rather than hitting the answer stored by the last one.
  StatusOr<Sample> RunOnce(const RouteSpec& spec) {
    cache->Clear();
    if (spec.prime) {
      ASKDB_ASSIGN_OR_RETURN(PipelineResult primed, Ask(spec.question));
      if (primed.cache_hit) {
        return InternalError("route " + spec.name +
                             ": the priming ask hit the cache after Clear; check AnswerCache");
      }
    }
    llm_meter->Reset();
    db_meter->Reset();
    const auto start = SteadyClock::now();
    StatusOr<PipelineResult> result = Ask(spec.question);
    Sample s;
    s.total_ms = MsSince(start);
    ASKDB_RETURN_IF_ERROR(result.status());
    s.llm_ms = llm_meter->ms();
    s.db_ms = db_meter->ms();
    s.overhead_ms = s.total_ms - s.llm_ms - s.db_ms;
    s.llm_calls = llm_meter->calls();
    s.db_calls = db_meter->calls();
    s.prompt_tokens = llm_meter->prompt_tokens();
    if (result->route != spec.expected_route) {
      return InternalError("route " + spec.name + ": expected " +
                           std::string(PipelineRouteName(spec.expected_route)) + ", got " +
                           std::string(PipelineRouteName(result->route)) + " (" +
                           result->ToJson().dump().substr(0, 600) +
                           "); fix the question or the scripted rules");
    }
    if (spec.expected_attempts >= 0 &&
        static_cast<int>(result->attempts.size()) != spec.expected_attempts) {
      return InternalError("route " + spec.name + ": expected " +
                           std::to_string(spec.expected_attempts) + " SQL attempts, got " +
                           std::to_string(result->attempts.size()));
    }
    if (result->llm_calls != s.llm_calls) {
      return InternalError("route " + spec.name + ": the pipeline reports " +
                           std::to_string(result->llm_calls) + " LLM calls but the client saw " +
                           std::to_string(s.llm_calls));
    }
    return s;
  }

  StatusOr<Json> RunRoute(const RouteSpec& spec, int iterations) {
    for (int i = 0; i < kWarmupRuns; ++i) ASKDB_RETURN_IF_ERROR(RunOnce(spec).status());
    std::vector<Sample> samples;
    samples.reserve(iterations);
    for (int i = 0; i < iterations; ++i) {
      ASKDB_ASSIGN_OR_RETURN(Sample s, RunOnce(spec));
      samples.push_back(std::move(s));
    }
    return Summarise(spec, samples);
  }

  static Json Summarise(const RouteSpec& spec, const std::vector<Sample>& samples) {
    std::vector<double> total, overhead, llm, db;
    int min_llm = std::numeric_limits<int>::max(), max_llm = 0, max_db = 0;
    int64_t token_sum = 0, token_calls = 0, token_max = 0;
    for (const Sample& s : samples) {
      total.push_back(s.total_ms);
      overhead.push_back(s.overhead_ms);
      llm.push_back(s.llm_ms);
      db.push_back(s.db_ms);
      min_llm = std::min(min_llm, s.llm_calls);
      max_llm = std::max(max_llm, s.llm_calls);
      max_db = std::max(max_db, s.db_calls);
      for (int64_t t : s.prompt_tokens) {
        token_sum += t;
        ++token_calls;
        token_max = std::max(token_max, t);
      }
    }
    if (samples.empty()) min_llm = 0;
    const double overhead_p50 = Percentile(overhead, kP50);
    const bool llm_ok = min_llm >= spec.min_llm_calls && max_llm <= spec.max_llm_calls;
    const bool db_ok = spec.max_db_calls < 0 || max_db <= spec.max_db_calls;
    const bool overhead_ok = overhead_p50 <= kOverheadP50BarMs;

    Json out = Json::object();
    out["question"] = spec.question;
    out["route"] = PipelineRouteName(spec.expected_route);
    out["runs"] = samples.size();
    out["llm_calls_per_run"] = max_llm;  // every run is checked to take the same path
    out["db_statements_per_run"] = max_db;
    if (token_calls > 0) {
      out["prompt_tokens_per_call"] = {
          {"mean", token_sum / token_calls}, {"max", token_max}, {"estimated", true}};
    } else {
      out["prompt_tokens_per_call"] = nullptr;
    }
    out["total_ms"] = {{"p50", Round3(Percentile(total, kP50))},
                       {"p95", Round3(Percentile(total, kP95))}};
    out["llm_ms"] = {{"p50", Round3(Percentile(llm, kP50))}};
    out["db_ms"] = {{"p50", Round3(Percentile(db, kP50))}};
    out["overhead_ms"] = {{"p50", Round3(overhead_p50)},
                          {"p95", Round3(Percentile(overhead, kP95))}};
    Json bar = Json::object();
    bar["llm_calls"] = spec.min_llm_calls == spec.max_llm_calls
                           ? "== " + std::to_string(spec.max_llm_calls)
                           : "<= " + std::to_string(spec.max_llm_calls);
    if (spec.max_db_calls >= 0) bar["db_statements"] = "<= " + std::to_string(spec.max_db_calls);
    char overhead_bar[32];
    std::snprintf(overhead_bar, sizeof(overhead_bar), "<= %g", kOverheadP50BarMs);
    bar["overhead_p50_ms"] = overhead_bar;
    bar["source"] = spec.bar_source;
    out["bar"] = bar;
    out["llm_calls_ok"] = llm_ok;
    if (spec.max_db_calls >= 0) out["db_statements_ok"] = db_ok;
    out["overhead_ok"] = overhead_ok;
    out["bars_hold"] = llm_ok && db_ok && overhead_ok;
    return out;
  }
};

std::vector<RouteSpec> Routes() {
  const std::string issue = "agent issue";
  const std::string doc = "docs/pipeline.md (the issue sets no call bar)";
  return {
      {"quick_path", "3+4*2", PipelineRoute::kQuickPath, -1, 0, 0, 0, doc},
      {"consultation", "What can I analyze with this data?", PipelineRoute::kConsultation, -1, 0, 1,
       1, issue},
      {"engine", "2024年各地区的销售额", PipelineRoute::kEngine, -1, 0, 0, -1, doc},
      {"llm_sql", "Show the median order value per store", PipelineRoute::kLlm, 1, 1, 1, -1, issue},
      {"llm_sql_one_fix", "Which customers placed the most orders?", PipelineRoute::kLlm, 2, 2, 2,
       -1, doc + "; 1 + 1 per fix"},
      {"cache_l1_hit", "Show the median order value per store", PipelineRoute::kCache, -1, 0, 0, 0,
       issue, /*prime=*/true},
      {"multi_step_plan", "Write a comprehensive sales analysis report", PipelineRoute::kAnalysis,
       -1, 1, 4, -1, issue + " (two SQL steps and a report)"},
  };
}

// The scripted model: replies keyed on the question (or, for the fix, on the fix prompt
// carrying the database's error). Rules are tried in order, so the fix rule comes first.
void Script(llm::ScriptedLlmClient& client) {
  client.ReplyJson(
      "You are askdb's planner",
      Json{{"title", "Sales overview"},
           {"steps",
            {{{"step_num", 1},
              {"tool", "execute_sql"},
              {"purpose", "Revenue by channel"},
              {"input",
               "SELECT channel, SUM(total_amount) AS revenue FROM orders GROUP BY channel"}},
             {{"step_num", 2},
              {"tool", "execute_sql"},
              {"purpose", "Orders per year"},
              {"input",
               "SELECT substr(order_date, 1, 4) AS year, COUNT(*) AS orders FROM orders "
               "GROUP BY year ORDER BY year"}}}}});
  client.ReplyJson("whether the data gathered so far is enough",
                   Json{{"sufficient", true}, {"reason", "both parts answered"}});
  client.ReplyJson("Write the analysis report", Json{{"title", "Sales overview"},
                                                     {"summary", "Online leads revenue."},
                                                     {"findings", Json::array()},
                                                     {"recommendations", Json::array()}});
  client.ReplyJson(R"(SQL below failed[\s\S]*no such column)",
                   Json{{"sql",
                         "SELECT customer_id, COUNT(*) AS orders FROM orders GROUP BY customer_id "
                         "ORDER BY orders DESC LIMIT 5"}});
  client.ReplyJson("placed the most orders",
                   Json{{"sql", "SELECT customer, COUNT(*) FROM orders GROUP BY customer"}});
  client.ReplyJson("median order value",
                   Json{{"sql",
                         "SELECT store_id, AVG(total_amount) AS median_order_value FROM orders "
                         "GROUP BY store_id ORDER BY store_id"}});
}

StatusOr<Json> RunStore(const std::string& store_name, agent::CheckpointStore* store,
                        PreparedDatasource* datasource, llm::LlmClient* llm, Meter* llm_meter,
                        Meter* db_meter, int iterations) {
  cache::AnswerCache cache;
  PipelineDeps deps;
  deps.datasource = [datasource]() -> StatusOr<PreparedDatasource*> { return datasource; };
  deps.llm = llm;
  deps.cache = &cache;
  deps.checkpoints = store;
  deps.options.datasource_id = "demo";
  ASKDB_ASSIGN_OR_RETURN(Pipeline pipeline, Pipeline::Create(std::move(deps)));
  Harness h{llm_meter, db_meter, &cache, &pipeline, store_name};

  Json routes = Json::object();
  bool all_hold = true;
  for (const RouteSpec& spec : Routes()) {
    ASKDB_ASSIGN_OR_RETURN(Json r, h.RunRoute(spec, iterations));
    all_hold = all_hold && r["bars_hold"].get<bool>();
    routes[spec.name] = std::move(r);
  }
  Json out = Json::object();
  out["routes"] = std::move(routes);
  out["measured_bars_hold"] = all_hold;
  return out;
}

StatusOr<Json> Run(int iterations, bool with_sqlite) {
  const fs::path dir = fs::temp_directory_path() /
                       ("askdb_pipeline_bench_" + std::to_string(static_cast<long>(::getpid())));
  fs::create_directories(dir);
  struct Cleanup {
    fs::path dir;
    ~Cleanup() {
      std::error_code ec;
      fs::remove_all(dir, ec);
    }
  } cleanup{dir};

  const auto setup_start = SteadyClock::now();
  const fs::path db_file = dir / "demo.sqlite";
  ASKDB_RETURN_IF_ERROR(demo::CreateDemoDatabase(db_file));
  ASKDB_RETURN_IF_ERROR(demo::WriteDemoSemanticModel(agent::SemanticModelPathFor(db_file)));
  const std::string url = "sqlite:" + db_file.string();
  Meter db_meter;
  Meter llm_meter;
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<db::Connector> raw, db::OpenConnector(url));
  auto timed = std::make_unique<TimingConnector>(std::move(raw), &db_meter);
  ASKDB_ASSIGN_OR_RETURN(PreparedDatasource prepared,
                         agent::PrepareDatasource(std::move(timed), url));
  const double setup_ms = MsSince(setup_start);

  llm::ScriptedLlmClient scripted;  // no latency: every rule replies at once
  Script(scripted);
  TimingLlmClient llm(&scripted, &llm_meter);

  Json out = Json::object();
  out["benchmark"] = "pipeline_bench";
  out["database"] = "demo (60,000 orders, SQLite)";
  out["llm"] = "scripted, zero latency; prompt tokens are estimates";
  out["iterations"] = iterations;
  out["warmup_runs_per_route"] = kWarmupRuns;
  out["setup_ms"] = Round3(setup_ms);
  out["overhead_definition"] =
      "wall time of Pipeline::Ask minus time inside LlmClient calls and Connector::Execute";

  Json stores = Json::object();
  agent::InMemoryCheckpointStore memory;
  ASKDB_ASSIGN_OR_RETURN(stores["in_memory"], RunStore("memory", &memory, &prepared, &llm,
                                                       &llm_meter, &db_meter, iterations));
  if (with_sqlite) {
    ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<agent::SqliteCheckpointStore> sqlite,
                           agent::SqliteCheckpointStore::Open(dir / "checkpoints.sqlite"));
    ASKDB_ASSIGN_OR_RETURN(stores["sqlite"], RunStore("sqlite", sqlite.get(), &prepared, &llm,
                                                      &llm_meter, &db_meter, iterations));
  }
  out["checkpoint_stores"] = std::move(stores);
  return out;
}

}  // namespace
}  // namespace askdb::bench

int main(int argc, char** argv) {
  int iterations = askdb::bench::kDefaultIterations;
  bool with_sqlite = true;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--no-sqlite") {
      with_sqlite = false;
    } else if (arg == "-h" || arg == "--help") {
      std::cout << "usage: pipeline_bench [iterations] [--no-sqlite]\n";
      return 0;
    } else {
      const int n = std::atoi(argv[i]);
      if (n <= 0) {
        std::cerr << "pipeline_bench: '" << arg
                  << "' is not a positive iteration count; usage: pipeline_bench [iterations] "
                     "[--no-sqlite]\n";
        return 2;
      }
      iterations = n;
    }
  }
  askdb::StatusOr<askdb::Json> result = askdb::bench::Run(iterations, with_sqlite);
  if (!result.ok()) {
    std::cerr << "pipeline_bench failed: " << result.status().ToString() << "\n";
    return 1;
  }
  std::cout << result->dump(2) << "\n";
  return 0;
}
