// Runs every scenario file under tests/scenarios/<area>/<case>.test through the agent
// pipeline. A scenario is JSON:
//
//   {"description": "...",
//    "database": "demo" | "chinook",      // fixture, prepared once per test binary
//    "llm": [ScriptedLlmClient rules],     // absent: no model (engine only)
//    "cache": true,                        // an AnswerCache shared by the steps (default true)
//    "options": {"plan_review": true},     // PipelineOptions: plan_review, max_fixes,
//                                          // analysis_sql_steps, max_sufficiency_rounds, sql_only,
//                                          // profile (an agent profile, agent_profile.h)
//    "evidence": [{"kind", "source", "text"}], // recalled for every question (knowledge
//                                          // channel stand-in: the evidence stage runs)
//    "steps": [
//      {"ask": "question", "expect": {...}},
//      {"resume": "answer", "restart": true, "expect": {...}},  // restart: new Pipeline and
//                                                               // store over the same file
//      {"check_sql": "SELECT COUNT(*) FROM orders", "rows": [[60000]]},
//      {"cache_store": "question", "sql": "SELECT ..."},  // seeds the cache (empty result)
//      {"cache_stats": {"l2_entries": 0, "dropped": 2}}]}   // checks the cache's counters
//
// expect keys (all optional): route, events (event type names that must appear in this
// order, others may sit between), sql_contains (string or list), rows (exact), min_rows,
// executed (false: no result, the SQL was only written),
// llm_calls, answer_contains, error_contains, interrupt ("clarification" / "plan_approval"),
// attempts, cache_hit, status ("ok" default, or a StatusCode name when the call must fail),
// question_contains (the question as resolved, e.g. a follow-up), follow_up (true/false),
// read_as (the question a follow-up's "read as" line shows),
// analysis: {"succeeded", "failed", "skipped", "sql_steps", "rounds"} (counts over the
// executed plan's steps; rounds = sufficiency rounds), step_errors_contain (list, any step),
// step_texts_contain (list, any step's text: a Python step's findings or fallback note),
// plan_steps (steps in the plan shown), plan_feedback (the comments recorded), request_type,
// deviation (keys of the run's deviation metrics that must have these values).
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "askdb/agent/ask/datasource.h"
#include "askdb/agent/graph/sqlite_checkpoint_store.h"
#include "askdb/agent/pipeline/pipeline.h"
#include "askdb/cache/answer_cache.h"
#include "askdb/common/file_util.h"
#include "askdb/db/connector_registry.h"
#include "askdb/demo/demo_database.h"
#include "askdb/knowledge/evidence.h"
#include "askdb/llm/scripted/scripted_llm_client.h"

namespace askdb::agent::pipeline {
namespace {

namespace fs = std::filesystem;

fs::path ScenarioRoot() { return fs::path(ASKDB_SOURCE_DIR) / "tests" / "scenarios"; }

std::vector<fs::path> FindScenarios() {
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& entry : fs::recursive_directory_iterator(ScenarioRoot(), ec)) {
    if (entry.is_regular_file() && entry.path().extension() == ".test") {
      files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Removed when the test process ends: ctest runs each scenario in a process of its own, and
// each one used to leave its copy of the demo database behind (1,600 of them, 18 GB in /tmp).
struct ProcessTempDir {
  fs::path path;
  ~ProcessTempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

fs::path TempDir() {
  static const ProcessTempDir dir = [] {
    fs::path d = fs::temp_directory_path() / ("askdb_scenarios_" + std::to_string(::getpid()));
    // A directory left by a crashed earlier process with the same pid is stale.
    fs::remove_all(d);
    fs::create_directories(d);
    return ProcessTempDir{d};
  }();
  return dir.path;
}

// Fixture databases, prepared once per binary and shared (they are opened read-only).
StatusOr<PreparedDatasource*> Fixture(const std::string& name) {
  static std::map<std::string, std::unique_ptr<PreparedDatasource>> prepared;
  if (auto it = prepared.find(name); it != prepared.end()) return it->second.get();
  fs::path file;
  if (name == "demo") {
    file = TempDir() / "demo.sqlite";
    ASKDB_RETURN_IF_ERROR(demo::CreateDemoDatabase(file));
    ASKDB_RETURN_IF_ERROR(demo::WriteDemoSemanticModel(TempDir() / "demo.semantic.json"));
  } else if (name == "chinook") {
    file = TempDir() / "chinook.sqlite";
    std::error_code ec;
    fs::copy_file(fs::path(ASKDB_SHARED_DATA_DIR) / "chinook" / "chinook.sqlite", file,
                  fs::copy_options::overwrite_existing, ec);
    if (ec) return UnavailableError("copying the chinook fixture failed: " + ec.message());
  } else {
    return InvalidArgumentError("unknown database fixture '" + name + "'; use demo or chinook");
  }
  const std::string url = "sqlite:" + file.string();
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<db::Connector> connector, db::OpenConnector(url));
  ASKDB_ASSIGN_OR_RETURN(PreparedDatasource ds, PrepareDatasource(std::move(connector), url));
  auto owned = std::make_unique<PreparedDatasource>(std::move(ds));
  PreparedDatasource* raw = owned.get();
  prepared[name] = std::move(owned);
  return raw;
}

std::vector<std::string> AsStrings(const Json& j) {
  if (j.is_string()) return {j.get<std::string>()};
  return j.get<std::vector<std::string>>();
}

// A pipeline and the checkpoint store it runs over; rebuilt on "restart".
struct Session {
  std::unique_ptr<SqliteCheckpointStore> store;
  std::optional<Pipeline> pipeline;
};

// The scenario's "evidence" items, recalled for any question: what a knowledge base would
// find, so the stage and the prompts that carry it run without one.
class ScenarioEvidence : public knowledge::EvidenceSource {
 public:
  explicit ScenarioEvidence(const Json& items) {
    for (const Json& item : items) {
      knowledge::EvidenceHit hit{.item_id = item.value("source", ""), .chunk_id = ""};
      hit.kind = item.value("kind", "document");
      hit.source = item.value("source", "");
      hit.text = item.at("text").get<std::string>();
      hit.keyword_score = 1;
      hit.fused_score = 1.0 / 61;
      hits_.push_back(std::move(hit));
    }
  }
  std::string_view name() const override { return "scenario"; }
  Status Recall(const knowledge::EvidenceQuery&, knowledge::Evidence& out) const override {
    out.hits.insert(out.hits.end(), hits_.begin(), hits_.end());
    return Status::Ok();
  }

 private:
  std::vector<knowledge::EvidenceHit> hits_;
};

class ScenarioTest : public ::testing::TestWithParam<fs::path> {};

void CheckExpectations(const Json& expect, const StatusOr<PipelineResult>& r,
                       const CollectingEventSink& sink, const std::string& where) {
  const std::string status = expect.value("status", "ok");
  if (status != "ok") {
    ASSERT_FALSE(r.ok()) << where << ": expected " << status;
    EXPECT_EQ(StatusCodeName(r.status().code()), status) << where << ": " << r.status().ToString();
    return;
  }
  ASSERT_TRUE(r.ok()) << where << ": " << r.status().ToString();
  const PipelineResult& res = *r;
  // Enough of the result to see what went wrong without flooding the log.
  constexpr size_t kDumpBytes = 1500;
  const std::string dump = " " + res.ToJson().dump().substr(0, kDumpBytes);
  if (expect.contains("route")) {
    EXPECT_EQ(PipelineRouteName(res.route), expect["route"].get<std::string>()) << where << dump;
  }
  if (expect.contains("request_type")) {
    EXPECT_EQ(res.request_type, expect["request_type"].get<std::string>()) << where << dump;
  }
  if (expect.contains("llm_calls")) {
    EXPECT_EQ(res.llm_calls, expect["llm_calls"].get<int>()) << where << dump;
  }
  if (expect.contains("attempts")) {
    EXPECT_EQ(static_cast<int>(res.attempts.size()), expect["attempts"].get<int>())
        << where << dump;
  }
  if (expect.contains("cache_hit")) {
    EXPECT_EQ(res.cache_hit, expect["cache_hit"].get<bool>()) << where << dump;
  }
  if (expect.contains("interrupt")) {
    ASSERT_TRUE(res.interrupt.has_value()) << where << dump;
    EXPECT_EQ(InterruptKindName(res.interrupt->kind), expect["interrupt"].get<std::string>());
  } else {
    EXPECT_FALSE(res.interrupt.has_value()) << where << dump;
  }
  if (expect.contains("sql_contains")) {
    for (const std::string& part : AsStrings(expect["sql_contains"])) {
      EXPECT_NE(res.sql.find(part), std::string::npos) << where << ": '" << part << "' in " << dump;
    }
  }
  if (expect.contains("answer_contains")) {
    for (const std::string& part : AsStrings(expect["answer_contains"])) {
      EXPECT_NE(res.answer.find(part), std::string::npos)
          << where << ": '" << part << "' in " << res.answer;
    }
  }
  if (expect.contains("error_contains")) {
    for (const std::string& part : AsStrings(expect["error_contains"])) {
      EXPECT_NE(res.error.find(part), std::string::npos)
          << where << ": '" << part << "' in " << res.error;
    }
  }
  if (expect.contains("rows")) {
    ASSERT_TRUE(res.result.has_value()) << where << dump;
    EXPECT_EQ(res.result->ToJson()["rows"], expect["rows"]) << where << dump;
  }
  if (expect.contains("executed")) {  // false: the SQL was written but nothing ran
    EXPECT_EQ(res.result.has_value(), expect["executed"].get<bool>()) << where << dump;
  }
  if (expect.contains("min_rows")) {
    ASSERT_TRUE(res.result.has_value()) << where << dump;
    EXPECT_GE(static_cast<int>(res.result->row_count()), expect["min_rows"].get<int>()) << where;
  }
  if (expect.contains("question_contains")) {
    for (const std::string& part : AsStrings(expect["question_contains"])) {
      EXPECT_NE(res.state.question.find(part), std::string::npos)
          << where << ": '" << part << "' in " << res.state.question;
    }
  }
  if (expect.contains("follow_up")) {
    EXPECT_EQ(!res.state.follow_up.empty(), expect["follow_up"].get<bool>())
        << where << ": " << res.state.follow_up;
  }
  if (expect.contains("read_as")) {  // the question a follow-up's "read as" line shows
    EXPECT_EQ(FollowUpReadAs(res.state), expect["read_as"].get<std::string>()) << where;
  }
  if (expect.contains("analysis")) {
    Json counts = {{"succeeded", 0}, {"failed", 0}, {"skipped", 0}, {"sql_steps", 0}};
    for (const StepOutcome& step : res.state.steps) {
      const char* key = step.success ? "succeeded" : step.skipped ? "skipped" : "failed";
      counts[key] = counts[key].get<int>() + 1;
      if (step.tool == "execute_sql") counts["sql_steps"] = counts["sql_steps"].get<int>() + 1;
    }
    counts["rounds"] = res.state.query_history.size();
    for (const auto& [key, value] : expect["analysis"].items()) {
      EXPECT_EQ(counts.at(key), value)
          << where << ": analysis " << key << " in " << counts.dump() << dump;
    }
  }
  if (expect.contains("step_errors_contain")) {
    for (const std::string& part : AsStrings(expect["step_errors_contain"])) {
      const bool found = std::any_of(
          res.state.steps.begin(), res.state.steps.end(),
          [&](const StepOutcome& st) { return st.error.find(part) != std::string::npos; });
      EXPECT_TRUE(found) << where << ": no step error contains '" << part << "'" << dump;
    }
  }
  if (expect.contains("step_texts_contain")) {
    for (const std::string& part : AsStrings(expect["step_texts_contain"])) {
      const bool found = std::any_of(
          res.state.steps.begin(), res.state.steps.end(),
          [&](const StepOutcome& st) { return st.text.find(part) != std::string::npos; });
      EXPECT_TRUE(found) << where << ": no step text contains '" << part << "'" << dump;
    }
  }
  if (expect.contains("plan_steps")) {
    ASSERT_TRUE(res.state.plan.is_object()) << where << dump;
    EXPECT_EQ(res.state.plan["steps"].size(), expect["plan_steps"].get<size_t>()) << where << dump;
  }
  if (expect.contains("deviation")) {
    for (const auto& [key, value] : expect["deviation"].items()) {
      ASSERT_TRUE(res.state.deviation.is_object()) << where << dump;
      EXPECT_EQ(res.state.deviation.value(key, Json()), value)
          << where << ": deviation " << key << " in " << res.state.deviation.dump();
    }
  }
  if (expect.contains("plan_feedback")) {
    EXPECT_EQ(Json(res.state.plan_feedback), expect["plan_feedback"]) << where << dump;
  }
  if (expect.contains("events")) {
    std::vector<std::string> seen;
    for (EventType t : sink.types()) seen.emplace_back(EventTypeName(t));
    size_t at = 0;
    for (const std::string& want : AsStrings(expect["events"])) {
      while (at < seen.size() && seen[at] != want) ++at;
      EXPECT_LT(at, seen.size()) << where << ": event '" << want << "' missing or out of order in "
                                 << Json(seen).dump();
      if (at < seen.size()) ++at;
    }
  }
}

TEST_P(ScenarioTest, Runs) {
  const fs::path file = GetParam();
  StatusOr<std::string> text = ReadFile(file);
  ASSERT_TRUE(text.ok()) << text.status().ToString();
  Json scenario;
  try {
    scenario = Json::parse(*text);
  } catch (const std::exception& e) {
    FAIL() << file << " is not JSON: " << e.what();
  }
  SCOPED_TRACE(file.string() + ": " + scenario.value("description", ""));

  StatusOr<PreparedDatasource*> ds = Fixture(scenario.value("database", "demo"));
  ASSERT_TRUE(ds.ok()) << ds.status().ToString();

  std::unique_ptr<llm::ScriptedLlmClient> llm;
  if (scenario.contains("llm")) {
    auto made = llm::ScriptedLlmClient::FromJson(scenario["llm"]);
    ASSERT_TRUE(made.ok()) << made.status().ToString();
    llm = std::move(made).value();
  }
  std::unique_ptr<ScenarioEvidence> evidence;
  if (scenario.contains("evidence")) {
    evidence = std::make_unique<ScenarioEvidence>(scenario["evidence"]);
  }
  std::unique_ptr<cache::AnswerCache> cache;
  if (scenario.value("cache", true)) cache = std::make_unique<cache::AnswerCache>();

  const fs::path store_file = TempDir() / (file.parent_path().filename().string() + "_" +
                                           file.stem().string() + ".checkpoints.sqlite");
  fs::remove(store_file);
  PreparedDatasource* datasource = *ds;
  const std::string deps_datasource_id = scenario.value("database", "demo");
  Session session;
  const auto open = [&]() {
    session.pipeline.reset();
    session.store.reset();
    auto store = SqliteCheckpointStore::Open(store_file);
    ASSERT_TRUE(store.ok()) << store.status().ToString();
    session.store = std::move(store).value();
    PipelineDeps deps;
    deps.datasource = [datasource]() -> StatusOr<PreparedDatasource*> { return datasource; };
    deps.llm = llm.get();
    deps.cache = cache.get();
    deps.checkpoints = session.store.get();
    if (evidence) deps.evidence.push_back(evidence.get());
    deps.options.datasource_id = deps_datasource_id;
    const Json options = scenario.value("options", Json::object());
    deps.options.plan_review = options.value("plan_review", false);
    deps.options.max_fixes = options.value("max_fixes", kDefaultMaxFixes);
    deps.options.analysis_sql_steps =
        options.value("analysis_sql_steps", deps.options.analysis_sql_steps);
    deps.options.max_sufficiency_rounds =
        options.value("max_sufficiency_rounds", deps.options.max_sufficiency_rounds);
    deps.options.sql_only = options.value("sql_only", false);
    if (options.contains("profile")) {
      auto profile = AgentProfileFromJson(options["profile"]);
      ASSERT_TRUE(profile.ok()) << profile.status().ToString();
      deps.options.profile = std::move(profile).value();
    }
    auto pipeline = Pipeline::Create(std::move(deps));
    ASSERT_TRUE(pipeline.ok()) << pipeline.status().ToString();
    session.pipeline.emplace(std::move(pipeline).value());
  };
  open();
  ASSERT_TRUE(session.pipeline.has_value());

  const std::string thread = "scenario";
  int index = 0;
  for (const Json& step : scenario.at("steps")) {
    const std::string where = "step " + std::to_string(index++);
    if (step.contains("check_sql")) {
      auto rows = datasource->connector->Execute(step["check_sql"].get<std::string>(), {});
      ASSERT_TRUE(rows.ok()) << where << ": " << rows.status().ToString();
      EXPECT_EQ(rows->ToJson()["rows"], step.at("rows")) << where;
      continue;
    }
    if (step.contains("cache_store")) {
      ASSERT_NE(cache, nullptr) << where << ": the scenario has \"cache\": false";
      Status stored =
          cache->Store(deps_datasource_id, step["cache_store"].get<std::string>(),
                       step.at("sql").get<std::string>(), db::ResultSet{}, datasource->index.get());
      ASSERT_TRUE(stored.ok()) << where << ": " << stored.ToString();
      continue;
    }
    if (step.contains("cache_stats")) {
      ASSERT_NE(cache, nullptr) << where;
      const cache::CacheStats stats = cache->stats();
      const Json actual = {{"l1_entries", stats.l1_entries},
                           {"l2_entries", stats.l2_entries},
                           {"l1_hits", stats.l1_hits},
                           {"l2_hits", stats.l2_hits},
                           {"dropped", stats.dropped}};
      for (const auto& [key, value] : step["cache_stats"].items()) {
        EXPECT_EQ(actual.at(key), value)
            << where << ": cache stat " << key << " in " << actual.dump();
      }
      continue;
    }
    if (step.value("restart", false)) {
      open();
      ASSERT_TRUE(session.pipeline.has_value());
    }
    CollectingEventSink sink;
    StatusOr<PipelineResult> result =
        step.contains("ask")
            ? session.pipeline->Ask(thread, step["ask"].get<std::string>(), &sink)
            : session.pipeline->Resume(thread, step.at("resume").get<std::string>(), &sink);
    CheckExpectations(step.value("expect", Json::object()), result, sink, where);
  }
}

std::string ScenarioName(const ::testing::TestParamInfo<fs::path>& info) {
  std::string name =
      info.param.parent_path().filename().string() + "_" + info.param.stem().string();
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(All, ScenarioTest, ::testing::ValuesIn(FindScenarios()), ScenarioName);

TEST(ScenarioFilesTest, AreFound) { EXPECT_FALSE(FindScenarios().empty()) << ScenarioRoot(); }

}  // namespace
}  // namespace askdb::agent::pipeline
