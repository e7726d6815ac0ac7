// Two users with different regions ask the same question through the pipeline (the engine,
// no model) over the demo database, under a row rule on regions (name_zh = {user.region}):
// each gets only their region's numbers, computed here by a plain query over the raw
// database, and the answer cache (keyed as RunService keys it, by the permission
// fingerprint) never serves one user's answer to the other. Also: a user's view keeps its
// statistics between runs, and consultation reads only the user's rows.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "askdb/agent/ask/datasource.h"
#include "askdb/agent/ask/user_datasource.h"
#include "askdb/agent/consultation/counting_connector.h"
#include "askdb/agent/pipeline/pipeline.h"
#include "askdb/cache/answer_cache.h"
#include "askdb/db/connector_registry.h"
#include "askdb/demo/demo_database.h"
#include "askdb/llm/scripted/scripted_llm_client.h"

namespace askdb::agent {
namespace {

namespace fs = std::filesystem;

permissions::UserContext Analyst(std::string id, std::string region) {
  permissions::UserContext u;
  u.user_id = std::move(id);
  u.roles = {"analyst"};
  u.attributes["region"] = std::move(region);
  return u;
}

// Region -> 2024 sales, straight from the raw database (no rewrite involved).
std::map<std::string, double> SalesByRegion(db::Connector& raw) {
  auto r = raw.Execute(
      "SELECT g.name_zh, SUM(o.total_amount) FROM orders o JOIN stores s ON s.store_id = "
      "o.store_id JOIN cities c ON c.city_id = s.city_id JOIN regions g ON g.region_id = "
      "c.region_id WHERE o.order_date >= '2024-01-01' AND o.order_date < '2025-01-01' GROUP BY "
      "g.name_zh",
      {});
  EXPECT_TRUE(r.ok()) << r.status().ToString();
  std::map<std::string, double> out;
  if (!r.ok()) return out;
  for (const auto& row : r->rows) out[row[0].ToDisplayString()] = row[1].double_value();
  return out;
}

// The rule every test here applies: an analyst sees the rows of their own region.
permissions::PermissionRule OwnRegionRule() {
  permissions::PermissionRule rule;
  rule.id = "r1";
  rule.datasource_id = "demo";
  rule.grantee = "analyst";
  rule.table = "regions";
  rule.predicate = "name_zh = {user.region}";
  return rule;
}

// Each test gets a directory of its own with the demo database and its semantic model.
class TwoUsersTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("askdb_two_users_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    ASSERT_TRUE(demo::CreateDemoDatabase(dir_ / "retail.sqlite").ok());
    ASSERT_TRUE(demo::WriteDemoSemanticModel(dir_ / "retail.semantic.json").ok());
    url_ = "sqlite:" + (dir_ / "retail.sqlite").string();
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The demo database prepared as a datasource on `connector` (default: a new one).
  std::shared_ptr<PreparedDatasource> Prepare(std::unique_ptr<db::Connector> connector = nullptr) {
    if (connector == nullptr) {
      auto opened = db::OpenConnector(url_);
      EXPECT_TRUE(opened.ok()) << opened.status().ToString();
      if (!opened.ok()) return nullptr;
      connector = std::move(opened).value();
    }
    auto prepared = PrepareDatasource(std::move(connector), url_);
    EXPECT_TRUE(prepared.ok()) << prepared.status().ToString();
    return prepared.ok() ? std::make_shared<PreparedDatasource>(std::move(prepared).value())
                         : nullptr;
  }

  fs::path dir_;
  std::string url_;
};

TEST_F(TwoUsersTest, EachSeesTheirRegionAndTheCacheNeverCrossesThem) {
  auto base = Prepare();
  ASSERT_NE(base, nullptr);
  const std::map<std::string, double> truth = SalesByRegion(*base->connector);
  ASSERT_GE(truth.size(), 3u);

  const permissions::PermissionRule rule = OwnRegionRule();
  ASSERT_TRUE(permissions::ValidateRule(rule, base->schema).ok());

  cache::AnswerCache cache;
  InMemoryCheckpointStore checkpoints;
  auto ask = [&](const permissions::UserContext& user, const std::string& thread) {
    const permissions::EffectivePolicy policy = permissions::ResolvePolicy(user, {rule});
    auto mine = PrepareForUser(base, policy);
    EXPECT_TRUE(mine.ok()) << mine.status().ToString();
    pipeline::PipelineDeps deps;
    deps.checkpoints = &checkpoints;
    deps.cache = &cache;
    deps.datasource = [ds = *mine]() -> StatusOr<PreparedDatasource*> { return ds.get(); };
    deps.options.datasource_id = "demo";
    pipeline::AddCachePartition(deps.options, "perm", policy.Fingerprint());  // as RunService
    auto p = pipeline::Pipeline::Create(std::move(deps));
    EXPECT_TRUE(p.ok());
    CollectingEventSink sink;
    auto r = p->Ask(thread, "2024年各地区的销售额", &sink);
    EXPECT_TRUE(r.ok()) << r.status().ToString();
    return std::move(r).value();
  };

  for (int round = 0; round < 2; ++round) {  // the second round is answered from the cache
    for (const char* region : {"华东", "华南"}) {
      pipeline::PipelineResult r =
          ask(Analyst(std::string("u-") + region, region), "t" + std::to_string(round) + region);
      ASSERT_TRUE(r.result.has_value()) << r.answer;
      EXPECT_EQ(r.cache_hit, round == 1) << region;
      ASSERT_EQ(r.result->row_count(), 1u) << region << ": " << r.sql;
      const auto& row = r.result->rows[0];
      std::string name;
      double value = -1;
      for (const db::Value& v : row) {
        if (v.is_numeric())
          value = v.double_value();
        else
          name = v.ToDisplayString();
      }
      EXPECT_EQ(name, region);
      EXPECT_NEAR(value, truth.at(region), 0.01) << region;
    }
  }
}

// A user's view is rebuilt per run from statistics kept between runs: the second view
// under the same rules runs no statement; another user's rules, or a changed rule, gather
// their own (the key is the policy's fingerprint, which the rules listed per run decide).
TEST_F(TwoUsersTest, UserViewStatisticsAreCachedPerRulesAndSchema) {
  auto raw = db::OpenConnector(url_);
  ASSERT_TRUE(raw.ok());
  auto counting = std::make_unique<CountingConnector>(**raw);
  CountingConnector* counter = counting.get();
  auto base = Prepare(std::move(counting));
  ASSERT_NE(base, nullptr);

  const permissions::PermissionRule rule = OwnRegionRule();
  auto view = [&](const std::string& region, const permissions::PermissionRule& r) {
    auto mine = PrepareForUser(base, permissions::ResolvePolicy(Analyst("u", region), {r}));
    EXPECT_TRUE(mine.ok()) << mine.status().ToString();
    return mine.ok() ? *mine : nullptr;
  };
  const int64_t gathered = UserViewStatisticsGathered();
  long long executes = counter->executes();
  ASSERT_NE(view("华东", rule), nullptr);
  EXPECT_EQ(UserViewStatisticsGathered(), gathered + 1);
  EXPECT_GT(counter->executes(), executes);  // statistics through the user's connector

  executes = counter->executes();
  auto again = view("华东", rule);
  ASSERT_NE(again, nullptr);
  EXPECT_EQ(counter->executes(), executes);  // from the cache: no statement
  EXPECT_EQ(UserViewStatisticsGathered(), gathered + 1);
  // The cached statistics hold only the user's rows: the region's values are 华东's.
  auto answer = again->connector->Execute("SELECT name_zh FROM regions", {});
  ASSERT_TRUE(answer.ok());
  EXPECT_EQ(answer->row_count(), 1u);

  ASSERT_NE(view("华南", rule), nullptr);  // another user's rows: gathered anew
  EXPECT_EQ(UserViewStatisticsGathered(), gathered + 2);
  permissions::PermissionRule changed = rule;
  changed.predicate = "name_zh <> {user.region}";  // a rule edited (here or elsewhere)
  ASSERT_NE(view("华东", changed), nullptr);
  EXPECT_EQ(UserViewStatisticsGathered(), gathered + 3);
}

// Consultation ("对本数据源提出一些分析建议") reads the user's view: its example questions
// are worded from the statistics of the rows the user may read. Under a row rule keeping
// the rows before 2024, the latest year it proposes is 2023; without rules it is the demo's
// last year.
TEST_F(TwoUsersTest, ConsultationSeesOnlyTheUsersRows) {
  auto base = Prepare();
  ASSERT_NE(base, nullptr);
  auto latest = base->connector->Execute("SELECT max(substr(order_date, 1, 4)) FROM orders", {});
  ASSERT_TRUE(latest.ok());
  const std::string last_year = latest->rows[0][0].ToDisplayString();
  ASSERT_GT(last_year, "2023");

  // Every table with a date column keeps its rows before 2024 (the index proposes the
  // latest year of any time column).
  std::vector<permissions::PermissionRule> rules;
  for (const auto& [table, column] :
       std::vector<std::pair<std::string, std::string>>{{"orders", "order_date"},
                                                        {"returns", "return_date"},
                                                        {"customers", "signup_date"},
                                                        {"products", "launched_on"},
                                                        {"stores", "opened_on"}}) {
    permissions::PermissionRule rule;
    rule.id = "r-" + table;
    rule.datasource_id = "demo";
    rule.grantee = "analyst";
    rule.table = table;
    rule.predicate = column + " < '2024-01-01'";
    ASSERT_TRUE(permissions::ValidateRule(rule, base->schema).ok()) << table;
    rules.push_back(rule);
  }
  InMemoryCheckpointStore checkpoints;
  auto consult = [&](std::shared_ptr<PreparedDatasource> ds) {
    pipeline::PipelineDeps deps;
    deps.checkpoints = &checkpoints;
    deps.datasource = [ds]() -> StatusOr<PreparedDatasource*> { return ds.get(); };
    auto p = pipeline::Pipeline::Create(std::move(deps));
    EXPECT_TRUE(p.ok());
    CollectingEventSink sink;
    auto r = p->Ask("consult-" + std::to_string(reinterpret_cast<uintptr_t>(ds.get())),
                    "对本数据源提出一些分析建议", &sink);
    EXPECT_TRUE(r.ok()) << r.status().ToString();
    EXPECT_EQ(r->route, pipeline::PipelineRoute::kConsultation);
    return r.ok() ? r->answer : std::string();
  };
  const std::string everyone = consult(base);
  EXPECT_NE(everyone.find(last_year + "年"), std::string::npos) << everyone;
  auto mine = PrepareForUser(base, permissions::ResolvePolicy(Analyst("u", "华东"), rules));
  ASSERT_TRUE(mine.ok()) << mine.status().ToString();
  const std::string users = consult(*mine);
  EXPECT_EQ(users.find(last_year + "年"), std::string::npos) << users;
  EXPECT_NE(users.find("2023年"), std::string::npos) << users;
}

// The same two users when the scripted model writes the SQL (a question the engine leaves
// to the model): the model's statement reads every region, and each user still gets only
// their own, equal to the raw database's figure.
TEST_F(TwoUsersTest, TheModelsSqlIsFilteredForEachUser) {
  auto base = Prepare();
  ASSERT_NE(base, nullptr);
  const std::map<std::string, double> truth = SalesByRegion(*base->connector);

  auto model = llm::ScriptedLlmClient::FromJson(Json::array(
      {{{"match", "复购率[\\s\\S]*只回复 JSON"},
        {"json",
         {{"sql",
           "SELECT g.name_zh AS 大区, SUM(o.total_amount) AS 销售额 FROM orders o JOIN stores s "
           "ON s.store_id = o.store_id JOIN cities c ON c.city_id = s.city_id JOIN regions g ON "
           "g.region_id = c.region_id WHERE o.order_date >= '2024-01-01' AND o.order_date < "
           "'2025-01-01' GROUP BY g.name_zh"}}}}}));
  ASSERT_TRUE(model.ok()) << model.status().ToString();
  const permissions::PermissionRule rule = OwnRegionRule();
  InMemoryCheckpointStore checkpoints;
  for (const char* region : {"华东", "华南"}) {
    const permissions::EffectivePolicy policy =
        permissions::ResolvePolicy(Analyst(std::string("u-") + region, region), {rule});
    auto mine = PrepareForUser(base, policy);
    ASSERT_TRUE(mine.ok()) << mine.status().ToString();
    pipeline::PipelineDeps deps;
    deps.checkpoints = &checkpoints;
    deps.llm = model->get();
    deps.datasource = [ds = *mine]() -> StatusOr<PreparedDatasource*> { return ds.get(); };
    auto p = pipeline::Pipeline::Create(std::move(deps));
    ASSERT_TRUE(p.ok());
    CollectingEventSink sink;
    auto r = p->Ask(std::string("llm-") + region, "每个门店的复购率是多少", &sink);
    ASSERT_TRUE(r.ok()) << r.status().ToString();
    ASSERT_TRUE(r->result.has_value()) << r->answer;
    EXPECT_GE(r->llm_calls, 1) << "the engine answered; the model's SQL was not tried";
    ASSERT_EQ(r->result->row_count(), 1u) << region << ": " << r->sql;
    EXPECT_EQ(r->result->rows[0][0].ToDisplayString(), region);
    EXPECT_NEAR(r->result->rows[0][1].double_value(), truth.at(region), 0.01) << region;
  }
}

}  // namespace
}  // namespace askdb::agent
