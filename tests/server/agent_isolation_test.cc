// Agents are isolated from each other (issue 19 item 5): two agents, "alpha" and "beta",
// on the real routes and HTTP server with a SqliteManagementStore, each with an agent-scoped
// key. With alpha's key, every route that starts, resumes, approves, streams or cancels a
// run is tried on one of beta's threads: each attempt answers exactly like an unknown
// thread (404, the same body) and leaves beta's thread, session and plan untouched (beta
// then approves its own plan). Thread ids are random and client-chosen ones are validated.
#include <gtest/gtest.h>
#include <httplib.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <regex>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "askdb/agent/ask/datasource.h"
#include "askdb/agent/graph/sqlite_checkpoint_store.h"
#include "askdb/common/json.h"
#include "askdb/db/connector_registry.h"
#include "askdb/demo/demo_database.h"
#include "askdb/llm/scripted/scripted_llm_client.h"
#include "askdb/server/api/api_server.h"
#include "askdb/server/api/datasource_cache.h"
#include "askdb/server/api/run_service.h"
#include "askdb/server/httplib_server.h"
#include "askdb/server/security/api_keys.h"
#include "askdb/server/security/secret_box.h"
#include "askdb/server/sse.h"
#include "askdb/server/store/management_store.h"
#include "askdb/server/store/sqlite_management_store.h"
#include "tests/server/server_fixture.h"

namespace askdb::server::api {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

constexpr char kSalesQuestion[] = "2024年各地区的销售额";
// Without a model this is the deterministic multi-step plan, which waits for approval.
constexpr char kAnalysisQuestion[] = "做一份全面的销售分析报告";
// The engine abstains; the scripted model answers after kModelLatency (a run that is live).
constexpr char kModelQuestion[] = "每个门店的复购率是多少";
constexpr auto kModelLatency = 1500ms;

// A reply, with the events of a stream that was accepted.
struct Reply : test::Reply {
  Reply() = default;
  Reply(test::Reply base) : test::Reply(std::move(base)) {}  // NOLINT: a plain reply
  std::vector<SseEvent> events;
};

class AgentIsolationTest : public test::ServerFixture {
 protected:
  // `model`: a scripted model that answers kModelQuestion slowly; without it multi-step
  // questions get the deterministic plan.
  void StartServer(bool model) {
    BuildBase({.prefix = "isolation"});
    if (HasFatalFailure()) return;
    for (const char* id : {"alpha", "beta"}) {
      store::AgentRecord agent;
      agent.id = id;
      agent.name = id;
      agent.datasource_id = "default";
      agent.plan_review = true;
      ASSERT_TRUE(store_->CreateAgent(agent).ok());
    }
    auto alpha =
        security::IssueApiKey(*keys_, security::AgentScope("alpha"), security::HashOptions::Min());
    auto beta =
        security::IssueApiKey(*keys_, security::AgentScope("beta"), security::HashOptions::Min());
    ASSERT_TRUE(alpha.ok() && beta.ok());
    alpha_key_ = alpha->key;
    beta_key_ = beta->key;

    auto llm = llm::ScriptedLlmClient::FromJson(
        Json::array({{{"match", "复购率[\\s\\S]*只回复 JSON"},
                      {"json",
                       {{"sql",
                         "SELECT store_id AS 门店, COUNT(*) AS 订单数 FROM orders GROUP BY "
                         "store_id ORDER BY 订单数 DESC LIMIT 3"}}},
                      {"latency_ms", kModelLatency.count()}}}));
    ASSERT_TRUE(llm.ok());
    llm_ = std::move(llm).value();

    RunServiceDeps deps;
    deps.llm = model ? llm_.get() : nullptr;
    RunServiceOptions run_options;
    run_options.reaper_interval = 50ms;
    ApiServerOptions api_options;
    api_options.stream.liveness_poll_interval = 50ms;
    HttpServerOptions http_options;
    http_options.min_worker_threads = 4;
    // With MCP, so the agents' schema route (the MCP tools' view of an agent's data) is there.
    const McpEndpointOptions mcp;
    test::ServerFixture::StartServer(std::move(deps), ApiServerDeps{.mcp = &mcp}, run_options,
                                     api_options, http_options);
  }

  static httplib::Headers Auth(const std::string& key) { return test::Bearer(key); }

  Reply Post(const std::string& path, const Json& body, const std::string& key) {
    return test::ToReply(Client().Post(path.c_str(), Auth(key), body.dump(), "application/json"));
  }
  Reply Get(const std::string& path, const std::string& key) {
    return test::ToReply(Client().Get(path.c_str(), Auth(key)));
  }
  // A stream until the server ends it; a rejected one keeps its body.
  Reply Stream(const std::string& target, const std::string& key,
               const std::string& last_event_id = "") {
    Reply reply;
    SseParser parser;
    httplib::Headers headers = Auth(key);
    if (!last_event_id.empty()) headers.emplace("Last-Event-ID", last_event_id);
    auto result = Client().Get(
        target.c_str(), headers,
        [&](const httplib::Response& response) {
          reply.status = response.status;
          return true;
        },
        [&](const char* data, size_t length) {
          if (reply.status != 200) {
            reply.body.append(data, length);
          } else {
            EXPECT_TRUE(parser.Feed(std::string_view(data, length), &reply.events).ok());
          }
          return true;
        });
    if (result) reply.status = result->status;
    return reply;
  }

  static std::string Encode(const std::string& text) {
    return httplib::detail::encode_query_param(text);
  }
  // `body` with every occurrence of `id` replaced by a placeholder.
  static std::string Without(std::string body, const std::string& id) {
    for (std::size_t at = body.find(id); at != std::string::npos; at = body.find(id, at)) {
      body.replace(at, id.size(), "<thread>");
    }
    return body;
  }
  // The foreign thread's refusal is the unknown thread's, byte for byte (but the id).
  static void ExpectLooksUnknown(const Reply& foreign, const std::string& foreign_id,
                                 const Reply& unknown, const std::string& unknown_id,
                                 const std::string& what) {
    EXPECT_EQ(foreign.status, 404) << what << ": " << foreign.body;
    EXPECT_EQ(unknown.status, 404) << what << ": " << unknown.body;
    EXPECT_EQ(Without(foreign.body, foreign_id), Without(unknown.body, unknown_id)) << what;
    EXPECT_EQ(foreign.body.find("beta"), std::string::npos) << what << ": " << foreign.body;
  }

  template <typename Pred>
  static bool WaitFor(Pred pred, std::chrono::milliseconds timeout = 5000ms) {
    const auto end = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < end) {
      if (pred()) return true;
      std::this_thread::sleep_for(10ms);
    }
    return pred();
  }

  std::size_t MessageCount(const std::string& thread) {
    auto messages = store_->ListMessages(thread);
    return messages.ok() ? messages->size() : 0;
  }

  std::unique_ptr<llm::ScriptedLlmClient> llm_;
  std::string alpha_key_, beta_key_;
};

TEST_F(AgentIsolationTest, AnotherAgentsWaitingPlanLooksUnknownOnEveryRoute) {
  StartServer(/*model=*/false);
  // Beta's plan waits for approval on a thread with a server-made id.
  Reply planned =
      Post("/api/v1/ask", {{"query", kAnalysisQuestion}, {"agent_id", "beta"}}, beta_key_);
  ASSERT_EQ(planned.status, 200) << planned.body;
  ASSERT_EQ(planned.json["interrupt"]["kind"], "plan_approval") << planned.body;
  const std::string b = planned.json["thread_id"];
  const std::size_t beta_messages = MessageCount(b);
  ASSERT_EQ(beta_messages, 2u);
  // An id of the same shape nobody used.
  const std::string u = NewThreadId();

  // Start on beta's thread: naming alpha, or naming no agent.
  Reply ask_named =
      Post("/api/v1/ask", {{"query", kSalesQuestion}, {"thread_id", b}, {"agent_id", "alpha"}},
           alpha_key_);
  Reply ask_unnamed =
      Post("/api/v1/ask", {{"query", kSalesQuestion}, {"thread_id", b}}, alpha_key_);
  EXPECT_EQ(ask_named.status, 404) << ask_named.body;
  EXPECT_EQ(ask_unnamed.status, 404) << ask_unnamed.body;
  EXPECT_EQ(Without(ask_named.body, b), Without(ask_unnamed.body, b));
  EXPECT_EQ(ask_named.body.find("beta"), std::string::npos) << ask_named.body;
  // Even an admin key cannot move beta's thread to alpha.
  EXPECT_EQ(Post("/api/v1/ask",
                 {{"query", kSalesQuestion}, {"thread_id", b}, {"agent_id", "alpha"}}, admin_key_)
                .status,
            404);
  EXPECT_EQ(
      Stream("/api/v1/stream/search?agent=alpha&threadId=" + b + "&query=" + Encode(kSalesQuestion),
             alpha_key_)
          .status,
      404);

  // Resume and approve (stream humanFeedback), with and without naming alpha.
  ExpectLooksUnknown(Post("/api/v1/runs/" + b + "/resume", {{"answer", "approve"}}, alpha_key_), b,
                     Post("/api/v1/runs/" + u + "/resume", {{"answer", "approve"}}, alpha_key_), u,
                     "resume");
  for (const std::string agent : {"&agent=alpha", ""}) {
    const std::string approve = "/api/v1/stream/search?humanFeedback=true&feedbackContent=approve";
    ExpectLooksUnknown(Stream(approve + agent + "&threadId=" + b, alpha_key_), b,
                       Stream(approve + agent + "&threadId=" + u, alpha_key_), u,
                       "approve" + agent);
    ExpectLooksUnknown(Stream(approve + agent + "&rejectedPlan=true&threadId=" + b, alpha_key_), b,
                       Stream(approve + agent + "&rejectedPlan=true&threadId=" + u, alpha_key_), u,
                       "reject" + agent);
  }
  // Resuming beta's stream (Last-Event-ID) and cancelling.
  ExpectLooksUnknown(Stream("/api/v1/stream/search?threadId=" + b, alpha_key_, "1"), b,
                     Stream("/api/v1/stream/search?threadId=" + u, alpha_key_, "1"), u,
                     "stream replay");
  ExpectLooksUnknown(Post("/api/v1/runs/" + b + "/cancel", Json::object(), alpha_key_), b,
                     Post("/api/v1/runs/" + u + "/cancel", Json::object(), alpha_key_), u,
                     "cancel");
  // The thread's content is on admin routes only.
  EXPECT_EQ(Get("/api/v1/sessions/" + b + "/messages", alpha_key_).status, 403);
  EXPECT_EQ(Get("/api/v1/sessions/" + b, alpha_key_).status, 403);
  EXPECT_EQ(Get("/api/v1/runs/" + b + "/history", alpha_key_).status, 403);
  EXPECT_EQ(Get("/api/v1/runs/history?thread=" + b, alpha_key_).status, 403);
  EXPECT_EQ(Get("/api/v1/runs", alpha_key_).status, 403);

  // Beta's thread, session and plan are untouched: still beta's, the same messages, and
  // beta approves its own plan.
  auto session = store_->GetSession(b);
  ASSERT_TRUE(session.ok());
  EXPECT_EQ(session->agent_id, "beta");
  EXPECT_EQ(MessageCount(b), beta_messages);
  Reply approved = Stream(
      "/api/v1/stream/search?humanFeedback=true&feedbackContent=approve&threadId=" + b, beta_key_);
  ASSERT_EQ(approved.status, 200) << approved.body;
  ASSERT_FALSE(approved.events.empty());
  ASSERT_EQ(approved.events.back().event, "result");
  Json done = Json::parse(approved.events.back().data);
  EXPECT_EQ(done["route"], "analysis") << done.dump();
  EXPECT_FALSE(done.contains("interrupt"));
  EXPECT_EQ(MessageCount(b), beta_messages + 2);
  // Nothing was started for alpha.
  auto alpha_sessions = store_->ListSessions("alpha", 100);
  ASSERT_TRUE(alpha_sessions.ok());
  EXPECT_TRUE(alpha_sessions->empty());
}

TEST_F(AgentIsolationTest, AnotherAgentsLiveRunCannotBeJoinedOrCancelled) {
  StartServer(/*model=*/true);
  const std::string b = "b-live-1";
  Reply accepted;
  std::thread streamer([&] {
    accepted = Stream("/api/v1/stream/search?detached=true&agent=beta&threadId=" + b +
                          "&query=" + Encode(kModelQuestion),
                      beta_key_);
  });
  ASSERT_TRUE(WaitFor([&] { return runs_->Find(b) != nullptr; }));
  std::shared_ptr<api::Run> run = runs_->Find(b);
  const std::string u = "nobody-live";
  // Joining beta's live stream (as a new stream or with Last-Event-ID) and cancelling it.
  ExpectLooksUnknown(Stream("/api/v1/stream/search?agent=alpha&query=x&threadId=" + b, alpha_key_),
                     b, Stream("/api/v1/stream/search?threadId=" + u, alpha_key_, "1"), u, "join");
  ExpectLooksUnknown(Stream("/api/v1/stream/search?threadId=" + b, alpha_key_, "1"), b,
                     Stream("/api/v1/stream/search?threadId=" + u, alpha_key_, "1"), u,
                     "join with Last-Event-ID");
  ExpectLooksUnknown(Post("/api/v1/runs/" + b + "/cancel", Json::object(), alpha_key_), b,
                     Post("/api/v1/runs/" + u + "/cancel", Json::object(), alpha_key_), u,
                     "cancel");
  EXPECT_FALSE(run->finished()) << "alpha's attempts did not end beta's run";
  streamer.join();
  ASSERT_EQ(accepted.status, 200) << accepted.body;
  ASSERT_FALSE(accepted.events.empty());
  EXPECT_EQ(accepted.events.back().event, "result");
  EXPECT_EQ(run->StateName(), "ok");
  EXPECT_EQ(MessageCount(b), 2u);
}

TEST_F(AgentIsolationTest, AClientChosenThreadBelongsToItsFirstAgent) {
  StartServer(/*model=*/false);
  Reply first = Post("/api/v1/ask",
                     {{"query", kSalesQuestion}, {"thread_id", "shared-1"}, {"agent_id", "alpha"}},
                     alpha_key_);
  ASSERT_EQ(first.status, 200) << first.body;
  Reply taken =
      Post("/api/v1/ask",
           {{"query", kSalesQuestion}, {"thread_id", "shared-1"}, {"agent_id", "beta"}}, beta_key_);
  EXPECT_EQ(taken.status, 404) << taken.body;
  EXPECT_EQ(taken.body.find("alpha"), std::string::npos) << taken.body;
  // Alpha's follow-up, naming no agent, stays alpha's.
  Reply follow_up =
      Post("/api/v1/ask", {{"query", kSalesQuestion}, {"thread_id", "shared-1"}}, alpha_key_);
  EXPECT_EQ(follow_up.status, 200) << follow_up.body;
  EXPECT_EQ(MessageCount("shared-1"), 4u);
  EXPECT_EQ(store_->GetSession("shared-1")->agent_id, "alpha");
}

TEST_F(AgentIsolationTest, ThreadIdsAreRandomAndValidated) {
  StartServer(/*model=*/false);
  const std::regex shape("thr_[0-9a-f]{32}");
  std::set<std::string> seen;
  for (int i = 0; i < 3; ++i) {
    Reply r = Post("/api/v1/ask", {{"query", kSalesQuestion}, {"agent_id", "alpha"}}, alpha_key_);
    ASSERT_EQ(r.status, 200) << r.body;
    const std::string id = r.json["thread_id"];
    EXPECT_TRUE(std::regex_match(id, shape)) << id;
    seen.insert(id);
  }
  EXPECT_EQ(seen.size(), 3u);
  for (const std::string& bad : {std::string("a\r\nthread_id=forged"), std::string(65, 'x'),
                                 std::string("a b"), std::string("../x")}) {
    Reply r =
        Post("/api/v1/ask", {{"query", kSalesQuestion}, {"thread_id", bad}, {"agent_id", "alpha"}},
             alpha_key_);
    EXPECT_EQ(r.status, 400) << r.body;
    EXPECT_NE(r.body.find("thread_id"), std::string::npos) << r.body;
  }
  EXPECT_EQ(
      Stream("/api/v1/stream/search?agent=alpha&query=x&threadId=" + Encode("a\nb"), alpha_key_)
          .status,
      400);
  EXPECT_EQ(Post("/api/v1/runs/" + Encode("a b") + "/resume", {{"answer", "x"}}, alpha_key_).status,
            400);
}

// The web chat's Tables button: an agent's key lists the tables its agent may use (the
// agent's selection, with business names and columns), and another agent's list reads as
// an unknown agent's.
TEST_F(AgentIsolationTest, AnAgentKeyListsItsOwnAgentsTablesOnly) {
  StartServer(/*model=*/false);
  if (HasFatalFailure()) return;
  auto alpha = store_->GetAgent("alpha");
  ASSERT_TRUE(alpha.ok());
  alpha->selected_tables = {"orders", "stores"};
  ASSERT_TRUE(store_->UpdateAgent(*alpha).ok());

  const Reply own = Get("/api/v1/agents/alpha/schema", alpha_key_);
  ASSERT_EQ(own.status, 200) << own.body;
  EXPECT_EQ(own.json["agent"], "alpha");
  EXPECT_EQ(own.json["datasource"], "default");
  ASSERT_EQ(own.json["tables"].size(), 2u) << own.body;
  const Json& orders = own.json["tables"][0];
  EXPECT_EQ(orders["name"], "orders");
  EXPECT_EQ(orders["business_name"]["zh"], "订单") << orders.dump();
  bool amount_in_cny = false;
  for (const Json& column : orders["columns"]) {
    amount_in_cny |= column["name"] == "total_amount" && column.value("unit", "") == "CNY";
  }
  EXPECT_TRUE(amount_in_cny) << orders.dump();
  EXPECT_EQ(Get("/api/v1/agents/beta/schema", beta_key_).json["tables"].size(), 9u);

  const Reply foreign = Get("/api/v1/agents/beta/schema", alpha_key_);
  const Reply unknown = Get("/api/v1/agents/gamma/schema", alpha_key_);
  EXPECT_EQ(foreign.status, 404) << foreign.body;
  EXPECT_EQ(Without(foreign.body, "beta"), Without(unknown.body, "gamma"));
  EXPECT_EQ(Get("/api/v1/agents/alpha/schema", "askdb_nokey").status, 401);
}

// A run enforces the agent's table selection as MCP's run_sql does: a question about a table
// the agent does not select is not answered from it (it was: the sales agent's key answered
// "how many customers are there" from customers), and the answer names the agent that ran.
TEST_F(AgentIsolationTest, ARunReadsOnlyTheAgentsSelectedTables) {
  StartServer(/*model=*/false);
  if (HasFatalFailure()) return;
  auto alpha = store_->GetAgent("alpha");
  ASSERT_TRUE(alpha.ok());
  alpha->selected_tables = {"orders", "stores"};
  ASSERT_TRUE(store_->UpdateAgent(*alpha).ok());

  const Reply open =
      Post("/api/v1/ask", Json{{"query", "how many customers are there"}}, beta_key_);
  ASSERT_EQ(open.status, 200) << open.body;
  ASSERT_NE(open.json.value("sql", "").find("customers"), std::string::npos)
      << "beta, selecting every table, does not read customers: this test checks nothing\n"
      << open.body;
  EXPECT_EQ(open.json["agent_id"], "beta");

  const Reply limited =
      Post("/api/v1/ask", Json{{"query", "how many customers are there"}}, alpha_key_);
  ASSERT_EQ(limited.status, 200) << limited.body;
  EXPECT_EQ(limited.json["agent_id"], "alpha");
  EXPECT_EQ(limited.json.value("sql", "").find("customers"), std::string::npos) << limited.body;
  // Session 27: and it says which tables the agent may use, so the person knows what to ask.
  EXPECT_NE(limited.json.value("answer", "").find("This agent may use only these tables: orders"),
            std::string::npos)
      << limited.body;
}

// An abstention on the server names the run's own agent in its pointer to the tables.
TEST_F(AgentIsolationTest, AnAbstentionPointsToTheTablesButtonAndItsAgentsRoute) {
  StartServer(/*model=*/false);
  if (HasFatalFailure()) return;
  const Reply reply =
      Post("/api/v1/ask", Json{{"query", "how many zorblats supports"}}, alpha_key_);
  ASSERT_EQ(reply.status, 200) << reply.body;
  const std::string answer = reply.json.value("answer", "");
  EXPECT_NE(answer.find("the chat's Tables button or GET /api/v1/agents/alpha/schema lists"),
            std::string::npos)
      << answer;
}

}  // namespace
}  // namespace askdb::server::api
