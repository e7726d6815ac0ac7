// The cases of management_store_contract_test.h, written once for every ManagementStore.
#include "askdb/server/store/management_store_contract_test.h"

#include <atomic>
#include <thread>
#include <vector>

#include "askdb/server/security/api_keys.h"

namespace askdb::server::store::testing {

void ManagementStoreContractTest::SetUp() {
  backend_ = GetParam().make();
  backend_->SetUp();
  if (IsSkipped() || HasFatalFailure()) return;
  Reopen();
}

void ManagementStoreContractTest::TearDown() {
  store_.reset();
  if (backend_ != nullptr) backend_->TearDown();
}

void ManagementStoreContractTest::Reopen() {
  store_.reset();
  auto store = backend_->Open();
  ASSERT_TRUE(store.ok()) << store.status().ToString();
  store_ = std::move(store).value();
}

DatasourceRecord ManagementStoreContractTest::MakeDatasource(const std::string& id) {
  DatasourceRecord ds;
  ds.id = id;
  ds.name = "Shop " + id;
  ds.url = "sqlite:/tmp/" + id + ".sqlite";
  auto created = store_->CreateDatasource(ds);
  EXPECT_TRUE(created.ok()) << created.status().ToString();
  return created.ok() ? *created : ds;
}

AgentRecord ManagementStoreContractTest::MakeAgent(const std::string& id, const std::string& ds) {
  AgentRecord a;
  a.id = id;
  a.name = "Agent " + id;
  a.datasource_id = ds;
  auto created = store_->CreateAgent(a);
  EXPECT_TRUE(created.ok()) << created.status().ToString();
  return created.ok() ? *created : a;
}

namespace {

TEST_P(ManagementStoreContractTest, AgentsRoundTripEveryField) {
  MakeDatasource("shop");
  AgentRecord a;
  a.name = "Sales";
  a.instructions = "Amounts are in CNY.";
  a.datasource_id = "shop";
  a.selected_tables = {"orders", "stores"};
  a.language = "zh";
  a.plan_review = true;
  a.fast_mode = true;
  a.preset_questions = {"2024年各地区的销售额"};
  auto created = store_->CreateAgent(a);
  ASSERT_TRUE(created.ok()) << created.status().ToString();
  EXPECT_EQ(created->id.rfind("ag_", 0), 0u) << "a generated id: " << created->id;
  auto got = store_->GetAgent(created->id);
  ASSERT_TRUE(got.ok());
  EXPECT_EQ(got->instructions, a.instructions);
  EXPECT_EQ(got->selected_tables, a.selected_tables);
  EXPECT_EQ(got->language, "zh");
  ASSERT_TRUE(got->plan_review.has_value());
  EXPECT_TRUE(*got->plan_review);
  EXPECT_TRUE(got->fast_mode);
  EXPECT_EQ(got->preset_questions, a.preset_questions);

  AgentRecord changed = *got;
  changed.plan_review.reset();
  changed.name = "Sales 2";
  auto updated = store_->UpdateAgent(changed);
  ASSERT_TRUE(updated.ok()) << updated.status().ToString();
  got = store_->GetAgent(created->id);
  EXPECT_EQ(got->name, "Sales 2");
  EXPECT_FALSE(got->plan_review.has_value());
  EXPECT_EQ(got->created_at, created->created_at);

  Json json = AgentToJson(*got);
  EXPECT_EQ(json["name"], "Sales 2");
  EXPECT_TRUE(json["plan_review"].is_null());
  ASSERT_EQ(store_->ListAgents()->size(), 1u);
  ASSERT_TRUE(store_->DeleteAgent(created->id).ok());
  EXPECT_EQ(store_->GetAgent(created->id).status().code(), StatusCode::kNotFound);
  EXPECT_EQ(store_->DeleteAgent(created->id).code(), StatusCode::kNotFound);
  // The message names what to check, not an HTTP verb without a route.
  EXPECT_EQ(store_->GetAgent("nosuch").status().message(),
            "no agent 'nosuch'; check the id against the list of agents");
}

TEST_P(ManagementStoreContractTest, ConstraintsNameTheField) {
  MakeDatasource("shop");
  AgentRecord a;
  a.name = "x";
  a.datasource_id = "missing";
  Status s = store_->CreateAgent(a).status();
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("datasource_id"), std::string::npos) << s.message();
  a.datasource_id = "shop";
  a.name = "";
  s = store_->CreateAgent(a).status();
  EXPECT_NE(s.message().find("name"), std::string::npos) << s.message();
  a.name = "x";
  a.language = "fr";
  s = store_->CreateAgent(a).status();
  EXPECT_NE(s.message().find("language"), std::string::npos) << s.message();
  a.language = "auto";
  a.id = "bad id!";
  s = store_->CreateAgent(a).status();
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("id"), std::string::npos);

  a.id = "sales";
  ASSERT_TRUE(store_->CreateAgent(a).ok());
  EXPECT_EQ(store_->CreateAgent(a).status().code(), StatusCode::kAlreadyExists);
  EXPECT_EQ(
      store_->CreateDatasource(DatasourceRecord{"shop", "n", "u", "", {}, {}}).status().code(),
      StatusCode::kAlreadyExists);
  // A bound datasource cannot be deleted.
  s = store_->DeleteDatasource("shop");
  EXPECT_EQ(s.code(), StatusCode::kFailedPrecondition);
  EXPECT_NE(s.message().find("sales"), std::string::npos);
  // Examples and sessions need an existing agent.
  ExampleRecord ex{"", "nobody", "q", "SELECT 1", {}};
  s = store_->CreateExample(ex).status();
  EXPECT_NE(s.message().find("agent_id"), std::string::npos) << s.message();
  ex.agent_id = "sales";
  ex.sql = "";
  EXPECT_NE(store_->CreateExample(ex).status().message().find("sql"), std::string::npos);
  RelationRecord rel;
  rel.datasource_id = "shop";
  rel.from_table = "orders";
  rel.from_column = "store_id";
  rel.to_table = "stores";
  rel.to_column = "store_id";
  rel.kind = "M:N";
  EXPECT_NE(store_->CreateRelation(rel).status().message().find("kind"), std::string::npos);
}

TEST_P(ManagementStoreContractTest, DatasourcesKeepTheSealedPasswordAndCascade) {
  DatasourceRecord ds;
  ds.id = "pg";
  ds.name = "Warehouse";
  ds.url = "postgres://reader@db.internal/sales";
  ds.sealed_password = "v1:c2VhbGVk";
  ASSERT_TRUE(store_->CreateDatasource(ds).ok());
  auto got = store_->GetDatasource("pg");
  ASSERT_TRUE(got.ok());
  EXPECT_EQ(got->sealed_password, "v1:c2VhbGVk");
  Json json = DatasourceToJson(*got);
  EXPECT_TRUE(json["has_password"].get<bool>());
  EXPECT_EQ(json.dump().find("v1:"), std::string::npos) << "never the sealed form over the API";

  ASSERT_TRUE(store_->PutSemanticModel("pg", Json{{"version", 1}, {"tables", Json::array()}}).ok());
  EXPECT_EQ((*store_->GetSemanticModel("pg"))["version"], 1);
  EXPECT_EQ(store_->PutSemanticModel("nope", Json::object()).code(), StatusCode::kNotFound);
  RelationRecord rel;
  rel.datasource_id = "pg";
  rel.from_table = "orders";
  rel.from_column = "customer_id";
  rel.to_table = "customers";
  rel.to_column = "id";
  auto created = store_->CreateRelation(rel);
  ASSERT_TRUE(created.ok()) << created.status().ToString();
  rel = *created;
  rel.description = "who ordered";
  ASSERT_TRUE(store_->UpdateRelation(rel).ok());
  EXPECT_EQ(store_->GetRelation(rel.id)->description, "who ordered");
  EXPECT_EQ(store_->ListRelations("pg")->size(), 1u);

  ASSERT_TRUE(store_->DeleteDatasource("pg").ok());
  EXPECT_EQ(store_->GetSemanticModel("pg").status().code(), StatusCode::kNotFound);
  EXPECT_TRUE(store_->ListRelations("pg")->empty());
}

TEST_P(ManagementStoreContractTest, SessionsMessagesAndExamplesFollowTheirAgent) {
  MakeDatasource("shop");
  MakeAgent("sales", "shop");
  SessionRecord session{"t-1", "sales", "销售额", {}, {}};
  ASSERT_TRUE(store_->CreateSession(session).ok());
  EXPECT_EQ(store_->CreateSession(session).status().code(), StatusCode::kAlreadyExists);
  auto m1 = store_->AppendMessage({"t-1", 0, "user", "2024年各地区的销售额", "t-1", nullptr, {}});
  ASSERT_TRUE(m1.ok()) << m1.status().ToString();
  auto m2 = store_->AppendMessage(
      {"t-1", 0, "assistant", "华东最高", "t-1", Json{{"route", "engine"}}, {}});
  ASSERT_TRUE(m2.ok());
  EXPECT_EQ(m1->seq, 1);
  EXPECT_EQ(m2->seq, 2);
  EXPECT_EQ(store_->AppendMessage({"t-1", 0, "system", "x", "", nullptr, {}}).status().code(),
            StatusCode::kInvalidArgument);
  EXPECT_EQ(store_->AppendMessage({"none", 0, "user", "x", "", nullptr, {}}).status().code(),
            StatusCode::kNotFound);
  auto messages = store_->ListMessages("t-1");
  ASSERT_EQ(messages->size(), 2u);
  EXPECT_EQ((*messages)[1].run["route"], "engine");
  EXPECT_EQ(store_->ListSessions("sales", 10)->size(), 1u);
  EXPECT_TRUE(store_->ListSessions("other", 10)->empty());

  // Renaming changes the title only; a blank or too long title, or an unknown id, nothing.
  auto before = store_->GetSession("t-1");
  auto renamed = store_->RenameSession("t-1", "华东销售额");
  ASSERT_TRUE(renamed.ok()) << renamed.status().ToString();
  EXPECT_EQ(renamed->title, "华东销售额");
  EXPECT_EQ(store_->GetSession("t-1")->title, "华东销售额");
  EXPECT_EQ(store_->GetSession("t-1")->updated_at, before->updated_at);
  EXPECT_EQ(store_->RenameSession("t-1", " ").status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(
      store_->RenameSession("t-1", std::string(kMaxSessionTitleBytes + 1, 'x')).status().code(),
      StatusCode::kInvalidArgument);
  EXPECT_EQ(store_->RenameSession("none", "x").status().code(), StatusCode::kNotFound);
  EXPECT_EQ(store_->GetSession("t-1")->title, "华东销售额");

  auto ex = store_->CreateExample({"", "sales", "门店数", "SELECT COUNT(*) FROM stores", {}});
  ASSERT_TRUE(ex.ok());
  ExampleRecord changed = *ex;
  changed.sql = "SELECT COUNT(DISTINCT store_id) FROM stores";
  ASSERT_TRUE(store_->UpdateExample(changed).ok());
  EXPECT_EQ(store_->GetExample(ex->id)->sql, changed.sql);

  // Deleting the agent takes its examples, sessions and messages along.
  ASSERT_TRUE(store_->DeleteAgent("sales").ok());
  EXPECT_EQ(store_->GetSession("t-1").status().code(), StatusCode::kNotFound);
  EXPECT_TRUE(store_->ListMessages("t-1")->empty());
  EXPECT_EQ(store_->GetExample(ex->id).status().code(), StatusCode::kNotFound);
}

TEST_P(ManagementStoreContractTest, RunHistoryFiltersNewestFirst) {
  for (int i = 1; i <= 5; ++i) {
    RunRecord run;
    run.run_id = "t#" + std::to_string(i);
    run.thread_id = i % 2 == 0 ? "even" : "odd";
    run.agent_id = "default";
    run.question = "q" + std::to_string(i);
    run.outcome = i == 5 ? "error" : "ok";
    run.started_at = Clock::TimePoint(std::chrono::seconds(1'700'000'000 + i));
    run.duration_ms = 10 * i;
    run.nodes = Json::array({{{"node", "classify"}, {"duration_ms", 1}}});
    run.llm_calls = i;
    run.prompt_tokens = 100 * i;
    ASSERT_TRUE(store_->RecordRun(run).ok());
  }
  auto all = store_->ListRuns({});
  ASSERT_TRUE(all.ok());
  ASSERT_EQ(all->size(), 5u);
  EXPECT_EQ(all->front().run_id, "t#5");
  EXPECT_EQ(all->front().nodes[0]["node"], "classify");
  RunFilter odd;
  odd.thread_id = "odd";
  EXPECT_EQ(store_->ListRuns(odd)->size(), 3u);
  RunFilter errors;
  errors.outcome = "error";
  EXPECT_EQ(store_->ListRuns(errors)->size(), 1u);
  RunFilter page;
  page.limit = 2;
  page.offset = 2;
  auto paged = store_->ListRuns(page);
  ASSERT_EQ(paged->size(), 2u);
  EXPECT_EQ(paged->front().run_id, "t#3");
  RunFilter since;
  since.since = Clock::TimePoint(std::chrono::seconds(1'700'000'004));
  EXPECT_EQ(store_->ListRuns(since)->size(), 2u);
}

TEST_P(ManagementStoreContractTest, OneModelIsActive) {
  ModelConfigRecord a;
  a.id = "a";
  a.name = "A";
  a.model = "gpt-a";
  a.active = true;
  ASSERT_TRUE(store_->CreateModel(a).ok());
  ModelConfigRecord b = a;
  b.id = "b";
  b.name = "B";
  ASSERT_TRUE(store_->CreateModel(b).ok());
  EXPECT_EQ(store_->GetActiveModel()->id, "b") << "creating an active one deactivates others";
  ASSERT_TRUE(store_->ActivateModel("a").ok());
  EXPECT_EQ(store_->GetActiveModel()->id, "a");
  int active = 0;
  auto models = store_->ListModels();
  ASSERT_TRUE(models.ok());
  for (const auto& m : *models) active += m.active ? 1 : 0;
  EXPECT_EQ(active, 1);
  EXPECT_EQ(store_->ActivateModel("zzz").code(), StatusCode::kNotFound);
  a.model = "";
  EXPECT_NE(store_->UpdateModel(a).status().message().find("model"), std::string::npos);
  ASSERT_TRUE(store_->DeleteModel("a").ok());
  EXPECT_EQ(store_->GetActiveModel().status().code(), StatusCode::kNotFound);
}

TEST_P(ManagementStoreContractTest, ApiKeysAuthenticateThroughTheAdapterAndPersist) {
  std::unique_ptr<security::ApiKeyStore> keys = NewStoreApiKeyStore(*store_);
  auto issued = security::IssueApiKey(*keys, "agent:sales", security::HashOptions::Min());
  ASSERT_TRUE(issued.ok()) << issued.status().ToString();
  Reopen();
  keys = NewStoreApiKeyStore(*store_);
  auto found = keys->FindById(issued->record.id);
  ASSERT_TRUE(found.ok());
  EXPECT_EQ(*found, issued->record);
  security::AuthenticatorOptions options;
  options.dummy_hash_options = security::HashOptions::Min();
  auto auth = security::ApiKeyAuthenticator::Create(*keys, options);
  ASSERT_TRUE(auth.ok());
  auto principal = (*auth)->AuthenticateKey(issued->key);
  ASSERT_TRUE(principal.ok()) << principal.status().ToString();
  EXPECT_EQ(principal->scope, "agent:sales");
  ASSERT_TRUE(keys->Revoke(issued->record.id).ok());
  EXPECT_FALSE((*auth)->AuthenticateKey(issued->key).ok());
  EXPECT_EQ(keys->Revoke("0000000000000000").code(), StatusCode::kNotFound);
}

TEST_P(ManagementStoreContractTest, ConcurrentWritersFromThreadsAllLand) {
  MakeDatasource("shop");
  MakeAgent("sales", "shop");
  ASSERT_TRUE(store_->CreateSession({"t", "sales", "", {}, {}}).ok());
  // A second connection to the same store, as a second server process would have.
  auto other = backend_->Open();
  ASSERT_TRUE(other.ok());
  constexpr int kThreads = 4;
  constexpr int kPerThread = 25;
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      ManagementStore& target = t % 2 == 0 ? static_cast<ManagementStore&>(*store_) : **other;
      for (int i = 0; i < kPerThread; ++i) {
        if (!target.AppendMessage({"t", 0, "user", "m", "t", nullptr, {}}).ok()) ++failures;
        RunRecord run;
        run.run_id = "r" + std::to_string(t) + "-" + std::to_string(i);
        run.thread_id = "t";
        if (!target.RecordRun(run).ok()) ++failures;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
  auto messages = store_->ListMessages("t");
  ASSERT_EQ(messages->size(), static_cast<std::size_t>(kThreads * kPerThread));
  for (std::size_t i = 0; i < messages->size(); ++i) {
    EXPECT_EQ((*messages)[i].seq, static_cast<int64_t>(i + 1)) << "no seq given twice";
  }
  RunFilter all;
  all.limit = 1000;
  EXPECT_EQ(store_->ListRuns(all)->size(), static_cast<std::size_t>(kThreads * kPerThread));
}

TEST_P(ManagementStoreContractTest, ReopenPersistsAndANewerSchemaIsRefused) {
  MakeDatasource("shop");
  MakeAgent("sales", "shop");
  Reopen();
  EXPECT_EQ(store_->GetAgent("sales")->datasource_id, "shop");
  store_.reset();
  backend_->SetSchemaVersion(99);
  if (HasFatalFailure()) return;
  auto refused = backend_->Open();
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().code(), StatusCode::kFailedPrecondition);
  EXPECT_NE(refused.status().message().find("99"), std::string::npos);
}

}  // namespace
}  // namespace askdb::server::store::testing
