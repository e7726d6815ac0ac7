// The MCP protocol layer: JSON-RPC framing, version negotiation, batching rules, errors,
// progress and cancellation, tool argument checks, and the stdio transport. The Backend
// here records calls and answers from fixed tables (the real one runs in
// tests/mcp/mcp_e2e.mjs against the askdb binary).
#include "askdb/mcp/session.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <map>
#include <sstream>
#include <thread>

#include "askdb/mcp/stdio_transport.h"
#include "askdb/mcp/tools.h"

namespace askdb::mcp {
namespace {

class RecordingBackend : public Backend {
 public:
  StatusOr<Json> Ask(const AskRequest& request, RequestContext& context) override {
    last_ask = request;
    for (int i = 1; i <= 3; ++i) context.progress(i, "step " + std::to_string(i));
    if (block_until_cancelled) {
      started = true;
      while (!context.cancel->IsCancelled()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
      return CancelledError("cancelled");
    }
    if (request.question == "plan") {
      return Json{{"thread_id", "thr_1"},
                  {"route", "analysis"},
                  {"answer", ""},
                  {"interrupt", Json{{"kind", "plan_approval"},
                                     {"payload", Json{{"text", "1. revenue by channel"}}}}}};
    }
    Json rows = Json::array();
    for (int i = 0; i < 5; ++i) rows.push_back(Json::array({i, "r" + std::to_string(i)}));
    return Json{
        {"thread_id", "thr_2"},
        {"route", "engine"},
        {"answer", "five rows"},
        {"sql", "SELECT 1"},
        {"result", Json{{"columns", Json::array({Json{{"name", "n"}, {"type", "INTEGER"}}})},
                        {"rows", rows},
                        {"truncated", false}}},
        {"llm_calls", 0}};
  }
  StatusOr<Json> GenerateSql(const std::string&, const std::string& question,
                             RequestContext&) override {
    return Json{{"answered", true}, {"sql", "SELECT '" + question + "'"}};
  }
  StatusOr<Json> RunSql(const std::string&, const std::string& sql, long long max_rows,
                        RequestContext&) override {
    last_max_rows = max_rows;
    if (sql.rfind("DELETE", 0) == 0) return PermissionDeniedError("not authorized: DELETE");
    return Json{{"columns", Json::array()}, {"rows", Json::array()}, {"truncated", false}};
  }
  StatusOr<Json> ListAgents() override { return Json::array({Json{{"id", "default"}}}); }
  StatusOr<Json> ListDatasources() override { return Json::array({Json{{"id", "default"}}}); }
  StatusOr<Json> DescribeSchema(const std::string&, const std::string& level,
                                const std::vector<std::string>& tables) override {
    return Json{{"datasource", "default"}, {"level", level}, {"tables", tables}, {"text", "t"}};
  }
  long long MaxRows() const override { return 3; }
  StatusOr<Json> ListResources() override { return Json::array(); }
  StatusOr<Json> ReadResource(std::string_view uri) override {
    return NotFoundError("no resource " + std::string(uri));
  }

  AskRequest last_ask;
  long long last_max_rows = 0;
  bool block_until_cancelled = false;
  std::atomic<bool> started{false};
};

class McpSessionTest : public ::testing::Test {
 protected:
  Json Send(const Json& message) {
    std::optional<Json> reply =
        session_.HandleMessage(message, [this](const Json& n) { notifications_.push_back(n); });
    return reply.value_or(Json(nullptr));
  }
  Json Request(const std::string& method, Json params = Json::object()) {
    return Send(Json{{"jsonrpc", "2.0"}, {"id", ++id_}, {"method", method}, {"params", params}});
  }
  Json Init(const std::string& version = "2025-06-18") {
    Json reply = Request("initialize", Json{{"protocolVersion", version},
                                            {"capabilities", Json::object()},
                                            {"clientInfo", Json{{"name", "t"}, {"version", "1"}}}});
    Send(Json{{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}});
    return reply;
  }
  Json Call(const std::string& tool, Json args, Json meta = nullptr) {
    Json params{{"name", tool}, {"arguments", std::move(args)}};
    if (!meta.is_null()) params["_meta"] = meta;
    return Request("tools/call", params);
  }

  RecordingBackend backend_;
  AskdbTools tools_{backend_};
  McpSession session_{tools_, ServerInfo{"askdb", "1.0", "Ask your data."}};
  std::vector<Json> notifications_;
  int id_ = 0;
};

// MCP clients see the version the CLI hands over (askdb mcp / serve: BuildRevision(), as
// `askdb --version`; tests/mcp/mcp_e2e.mjs compares the two on the real binary).
TEST(AskdbServerInfoTest, NamesTheBuildItIsGiven) {
  const ServerInfo info = AskdbServerInfo("0.1.0+0123456789ab");
  EXPECT_EQ(info.name, "askdb");
  EXPECT_EQ(info.version, "0.1.0+0123456789ab");
  EXPECT_FALSE(info.instructions.empty());
}

TEST_F(McpSessionTest, NegotiatesTheClientsVersionOrTheLatest) {
  Json reply = Init("2025-03-26");
  EXPECT_EQ(reply["result"]["protocolVersion"], "2025-03-26");
  EXPECT_TRUE(reply["result"]["capabilities"].contains("tools"));
  EXPECT_TRUE(reply["result"]["capabilities"].contains("resources"));
  EXPECT_EQ(reply["result"]["serverInfo"]["name"], "askdb");
  EXPECT_EQ(reply["result"]["instructions"], "Ask your data.");
  EXPECT_TRUE(session_.initialized());

  McpSession other(tools_, ServerInfo{});
  Json r = *other.HandleMessage(Json{{"jsonrpc", "2.0"},
                                     {"id", 1},
                                     {"method", "initialize"},
                                     {"params", Json{{"protocolVersion", "1999-01-01"}}}},
                                nullptr);
  EXPECT_EQ(r["result"]["protocolVersion"], std::string(kLatestProtocolVersion));
}

TEST_F(McpSessionTest, InitializeNeedsAVersionAndHappensOnce) {
  EXPECT_EQ(Request("initialize")["error"]["code"], kInvalidParams);
  Init();
  EXPECT_EQ(Init()["error"]["code"], kInvalidRequest);
}

TEST_F(McpSessionTest, RequestsBeforeInitializeAreRefusedButPingIsNot) {
  EXPECT_EQ(Request("tools/list")["error"]["code"], kInvalidRequest);
  EXPECT_EQ(Request("ping")["result"], Json::object());
}

TEST_F(McpSessionTest, MalformedMessagesGetJsonRpcErrors) {
  Init();
  std::optional<Json> parse = session_.HandleText("{\"jsonrpc\": \"2.0\", ", nullptr);
  ASSERT_TRUE(parse);
  EXPECT_EQ((*parse)["error"]["code"], kParseError);
  EXPECT_TRUE((*parse)["id"].is_null());
  EXPECT_EQ(Send(Json{{"id", 1}, {"method", "ping"}})["error"]["code"], kInvalidRequest);
  EXPECT_EQ(Send(Json{{"jsonrpc", "2.0"}, {"id", 1}, {"method", 5}})["error"]["code"],
            kInvalidRequest);
  EXPECT_EQ(
      Send(Json{{"jsonrpc", "2.0"}, {"id", Json::array()}, {"method", "ping"}})["error"]["code"],
      kInvalidRequest);
  EXPECT_EQ(
      Send(Json{{"jsonrpc", "2.0"}, {"id", 9}, {"method", "ping"}, {"params", 3}})["error"]["code"],
      kInvalidParams);
  EXPECT_EQ(Request("sampling/createMessage")["error"]["code"], kMethodNotFound);
  // Notifications never get a reply, known or not; responses are ignored.
  EXPECT_TRUE(Send(Json{{"jsonrpc", "2.0"}, {"method", "notifications/whatever"}}).is_null());
  EXPECT_TRUE(Send(Json{{"jsonrpc", "2.0"}, {"id", 4}, {"result", Json::object()}}).is_null());
  EXPECT_EQ(Request("ping")["result"], Json::object());  // still serving
}

TEST_F(McpSessionTest, BatchesOnlyIn20250326) {
  Init("2025-06-18");
  Json batch = Json::array({Json{{"jsonrpc", "2.0"}, {"id", 1}, {"method", "ping"}}});
  EXPECT_EQ(Send(batch)["error"]["code"], kInvalidRequest);

  McpSession old(tools_, ServerInfo{});
  old.HandleMessage(Json{{"jsonrpc", "2.0"},
                         {"id", 1},
                         {"method", "initialize"},
                         {"params", Json{{"protocolVersion", "2025-03-26"}}}},
                    nullptr);
  Json two = Json::array({Json{{"jsonrpc", "2.0"}, {"id", 1}, {"method", "ping"}},
                          Json{{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}},
                          Json{{"jsonrpc", "2.0"}, {"id", "b"}, {"method", "tools/list"}}});
  Json replies = *old.HandleMessage(two, nullptr);
  ASSERT_EQ(replies.size(), 2u);
  EXPECT_EQ(replies[0]["id"], 1);
  EXPECT_EQ(replies[1]["id"], "b");
  EXPECT_EQ(replies[1]["result"]["tools"][0].count("outputSchema"), 0u);
  EXPECT_EQ((*old.HandleMessage(Json::array(), nullptr))["error"]["code"], kInvalidRequest);
  EXPECT_FALSE(old.HandleMessage(
      Json::array({Json{{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}}}), nullptr));
}

TEST_F(McpSessionTest, ToolsHaveInputAndOutputSchemas) {
  Init();
  Json tools = Request("tools/list")["result"]["tools"];
  std::vector<std::string> names;
  for (const Json& t : tools) {
    names.push_back(t["name"]);
    EXPECT_EQ(t["inputSchema"]["type"], "object") << t["name"];
    EXPECT_EQ(t["outputSchema"]["type"], "object") << t["name"];
    EXPECT_EQ(t["annotations"]["readOnlyHint"], true) << t["name"];
  }
  EXPECT_EQ(names, (std::vector<std::string>{"ask", "generate_sql", "run_sql", "list_agents",
                                             "list_datasources", "describe_schema"}));
}

TEST_F(McpSessionTest, AskCapsRowsAndReportsProgress) {
  Init();
  Json reply = Call("ask", Json{{"question", "rows please"}, {"max_rows", 50}},
                    Json{{"progressToken", "p1"}});
  Json out = reply["result"]["structuredContent"];
  EXPECT_EQ(reply["result"]["isError"], false);
  EXPECT_EQ(out["status"], "answered");
  EXPECT_EQ(out["row_count"], 3);  // the backend's cap (3) wins over max_rows
  EXPECT_EQ(out["truncated"], true);
  EXPECT_EQ(out["rows"].size(), 3u);
  EXPECT_EQ(ParseJson(reply["result"]["content"][0]["text"].get<std::string>()).value(), out);
  ASSERT_EQ(notifications_.size(), 3u);
  EXPECT_EQ(notifications_[0]["method"], "notifications/progress");
  EXPECT_EQ(notifications_[0]["params"]["progressToken"], "p1");
  EXPECT_EQ(notifications_[2]["params"]["progress"], 3.0);
  notifications_.clear();
  Call("ask", Json{{"question", "again"}});
  EXPECT_TRUE(notifications_.empty());  // no token, no progress
}

TEST_F(McpSessionTest, AnInterruptReturnsItsQuestionAndAnAnswerResumes) {
  Init();
  Json out = Call("ask", Json{{"question", "plan"}})["result"]["structuredContent"];
  EXPECT_EQ(out["status"], "needs_input");
  EXPECT_EQ(out["thread_id"], "thr_1");
  EXPECT_EQ(out["question"], "1. revenue by channel");
  Call("ask", Json{{"thread_id", "thr_1"}, {"answer", "approve"}});
  EXPECT_EQ(backend_.last_ask.thread_id, "thr_1");
  EXPECT_EQ(backend_.last_ask.answer, "approve");
  Json bad = Call("ask", Json{{"answer", "approve"}})["result"];
  EXPECT_EQ(bad["isError"], true);
  EXPECT_NE(bad["content"][0]["text"].get<std::string>().find("thread_id"), std::string::npos);
}

TEST_F(McpSessionTest, ArgumentMistakesAreToolErrorsNamingTheField) {
  Init();
  auto error_text = [&](const std::string& tool, Json args) {
    Json r = Call(tool, std::move(args))["result"];
    EXPECT_EQ(r["isError"], true) << r.dump();
    return r["content"][0]["text"].get<std::string>();
  };
  EXPECT_NE(error_text("ask", Json{{"question", 42}}).find("'question' must be a string"),
            std::string::npos);
  EXPECT_NE(error_text("run_sql", Json::object()).find("'sql' is required"), std::string::npos);
  EXPECT_NE(error_text("run_sql", Json{{"sql", "SELECT 1"}, {"max_rows", "10"}})
                .find("'max_rows' must be an integer"),
            std::string::npos);
  EXPECT_NE(error_text("run_sql", Json{{"sql", "SELECT 1"}, {"max_rows", 0}}).find("at least 1"),
            std::string::npos);
  EXPECT_NE(error_text("describe_schema", Json{{"level", "full"}}).find("one of"),
            std::string::npos);
  EXPECT_NE(error_text("describe_schema", Json{{"tables", Json::array({1})}}).find("tables[0]"),
            std::string::npos);
  EXPECT_NE(error_text("list_agents", Json{{"x", 1}}).find("unknown argument 'x'"),
            std::string::npos);
  EXPECT_NE(error_text("run_sql", Json{{"sql", std::string(10 << 20, 'x')}}).find("at most"),
            std::string::npos);
  EXPECT_NE(error_text("run_sql", Json{{"sql", "DELETE FROM t"}}).find("permission_denied"),
            std::string::npos);
  // A Chinese question over the limit is counted as the limit is: characters, not bytes.
  std::string long_question;
  for (int i = 0; i < 4001; ++i) long_question += "问";
  EXPECT_NE(error_text("ask", Json{{"question", long_question}})
                .find("'question' is 4001 characters long; at most 4000 characters"),
            std::string::npos);
  // An unknown tool is a protocol error; wrong params shapes too.
  EXPECT_EQ(Call("drop_table", Json::object())["error"]["code"], kInvalidParams);
  EXPECT_EQ(Request("tools/call", Json{{"name", "ask"}, {"arguments", "x"}})["error"]["code"],
            kInvalidParams);
  EXPECT_EQ(Request("tools/call", Json::object())["error"]["code"], kInvalidParams);
  EXPECT_EQ(Request("tools/call", Json{{"name", 7}})["error"]["code"], kInvalidParams);
  EXPECT_EQ(Request("resources/read", Json{{"uri", "askdb://nope"}})["error"]["code"],
            kResourceNotFound);
}

TEST_F(McpSessionTest, OldVersionsGetNoStructuredContent) {
  Init("2024-11-05");
  Json r = Call("list_agents", Json::object())["result"];
  EXPECT_FALSE(r.contains("structuredContent"));
  EXPECT_EQ(ParseJson(r["content"][0]["text"].get<std::string>()).value()["agents"][0]["id"],
            "default");
}

TEST_F(McpSessionTest, CancellationStopsTheRunningCallWithoutAReply) {
  Init();
  backend_.block_until_cancelled = true;
  std::optional<Json> reply = Json(1);
  std::thread call([&] {
    reply = session_.HandleMessage(
        Json{{"jsonrpc", "2.0"},
             {"id", "slow"},
             {"method", "tools/call"},
             {"params", Json{{"name", "ask"}, {"arguments", Json{{"question", "q"}}}}}},
        nullptr);
  });
  while (!backend_.started) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  Send(Json{{"jsonrpc", "2.0"},
            {"method", "notifications/cancelled"},
            {"params", Json{{"requestId", "slow"}, {"reason", "user"}}}});
  call.join();
  EXPECT_FALSE(reply.has_value());
}

TEST_F(McpSessionTest, StdioServesLinesInOrderAndSkipsOversizedOnes) {
  std::stringstream in;
  // Sent without waiting for initialize's answer: still handled after it.
  in << R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18"}})"
     << "\n";
  in << R"({"jsonrpc":"2.0","id":2,"method":"tools/list"})"
     << "\n";
  in << std::string(200, 'x') << "\n";
  in << "not json\n\n";
  in << R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"list_agents"}})"
     << "\n";
  in << R"({"jsonrpc":"2.0","id":4,"method":"ping"})"
     << "\n";
  std::stringstream out;
  StdioOptions options;
  options.max_message_bytes = 150;
  ServeStdio(session_, in, out, options);
  std::vector<Json> lines;
  for (std::string line; std::getline(out, line);) lines.push_back(ParseJson(line).value());
  ASSERT_EQ(lines.size(), 6u);
  std::map<std::string, Json> by;
  for (const Json& l : lines) {
    by[l["id"].is_null() ? l["error"]["code"].dump() : l["id"].dump()] = l;
  }
  EXPECT_EQ(by["1"]["result"]["protocolVersion"], "2025-06-18");
  EXPECT_EQ(by["2"]["result"]["tools"].size(), 6u);
  EXPECT_TRUE(by.contains(std::to_string(kInvalidRequest)));
  EXPECT_TRUE(by.contains(std::to_string(kParseError)));
  EXPECT_EQ(by["3"]["result"]["structuredContent"]["agents"][0]["id"], "default");
  EXPECT_EQ(by["4"]["result"], Json::object());
  // Quick messages are answered in the order they came.
  EXPECT_EQ(lines[0]["id"], 1);
  EXPECT_EQ(lines[1]["id"], 2);
}

TEST_F(McpSessionTest, SearchKnowledgeIsNotListedWithoutAKnowledgeBase) {
  Init();
  for (const Json& tool : Request("tools/list")["result"]["tools"]) {
    EXPECT_NE(tool["name"], "search_knowledge");
  }
  Json reply = Call("search_knowledge", Json{{"query", "fiscal year"}});
  EXPECT_EQ(reply["error"]["code"], kInvalidParams);
  EXPECT_NE(reply["error"]["message"].get<std::string>().find("no knowledge base"),
            std::string::npos)
      << reply.dump();
}

// A backend with a knowledge base: search_knowledge is listed and gets the checked arguments.
class KnowledgeBackend : public RecordingBackend {
 public:
  bool HasKnowledge() const override { return true; }
  StatusOr<Json> SearchKnowledge(const KnowledgeQuery& query) override {
    last = query;
    return Json{{"query", query.query}, {"mode", query.mode}, {"hits", Json::array()}};
  }
  KnowledgeQuery last;
};

TEST(McpKnowledgeToolTest, ListedWithSchemasAndArgumentsChecked) {
  KnowledgeBackend backend;
  AskdbTools tools(backend);
  const Json* tool = nullptr;
  const Json listed = tools.ListTools();
  for (const Json& t : listed) {
    if (t["name"] == "search_knowledge") tool = &t;
  }
  ASSERT_NE(tool, nullptr);
  EXPECT_EQ((*tool)["outputSchema"]["type"], "object");
  EXPECT_EQ((*tool)["annotations"]["readOnlyHint"], true);

  RequestContext context;
  StatusOr<Json> ok = tools.CallTool("search_knowledge",
                                     Json{{"query", "fiscal year"},
                                          {"agent", "sales"},
                                          {"top_k", 7},
                                          {"types", {"qa", "faq"}},
                                          {"mode", "keyword"}},
                                     context);
  ASSERT_TRUE(ok.ok()) << ok.status().ToString();
  EXPECT_EQ((*ok)["isError"], false);
  EXPECT_EQ((*ok)["structuredContent"]["mode"], "keyword");
  EXPECT_EQ(backend.last.agent, "sales");
  EXPECT_EQ(backend.last.top_k, 7);
  EXPECT_EQ(backend.last.types, (std::vector<std::string>{"qa", "faq"}));

  const auto error_of = [&](const Json& args) {
    StatusOr<Json> r = tools.CallTool("search_knowledge", args, context);
    EXPECT_TRUE(r.ok() && (*r)["isError"] == true) << args.dump();
    return r.ok() ? (*r)["content"][0]["text"].get<std::string>() : std::string();
  };
  EXPECT_NE(error_of(Json{{"query", "  "}}).find("must not be empty"), std::string::npos);
  EXPECT_NE(error_of(Json{{"query", "x"}, {"top_k", 51}}).find("at most 50"), std::string::npos);
  EXPECT_NE(error_of(Json{{"query", "x"}, {"types", {"term"}}}).find("must be one of"),
            std::string::npos);
  EXPECT_NE(error_of(Json{{"query", "x"}, {"agent", "a"}, {"datasource", "d"}}).find("not both"),
            std::string::npos);
}

}  // namespace
}  // namespace askdb::mcp
