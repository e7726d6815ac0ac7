// Integration tests: the libcurl client against the fake OpenAI server over real HTTP on
// 127.0.0.1.
#include "askdb/llm/openai/openai_client.h"

#include <gtest/gtest.h>

#include <thread>

#include "askdb/common/cancellation.h"
#include "askdb/llm/retrying_client.h"
#include "fake_openai_server.h"

namespace askdb::llm {
namespace {

using fake_openai::FakeOpenAiServer;
using fake_openai::FakeServerOptions;
using fake_openai::Fault;
using std::chrono::milliseconds;

class OpenAiClientTest : public ::testing::Test {
 protected:
  void SetUp() override { StartServer({}); }

  void StartServer(FakeServerOptions options) {
    server_ = std::make_unique<FakeOpenAiServer>(options);
    ASSERT_TRUE(server_->Start().ok());
  }

  OpenAiClientOptions Options() {
    OpenAiClientOptions o;
    o.base_url = server_->base_url();
    o.api_key = "good-key";
    o.model = "fake-model";
    o.embedding_model = "fake-embed";
    o.first_byte_timeout = milliseconds(2000);
    return o;
  }

  static ChatRequest Ask(std::string text) {
    ChatRequest r;
    r.messages = {Message::System("You are terse."), Message::User(std::move(text))};
    return r;
  }

  std::unique_ptr<FakeOpenAiServer> server_;
};

TEST_F(OpenAiClientTest, PlainCompletion) {
  OpenAiClient client(Options());
  ChatRequest r = Ask("hello there");
  r.temperature = 0;
  r.seed = 3;
  r.stop = {"\n\n"};
  r.max_tokens = 20;
  auto resp = client.Chat(r, {});
  ASSERT_TRUE(resp.ok()) << resp.status().ToString();
  EXPECT_EQ(resp->content, "echo: hello there");
  EXPECT_EQ(resp->model, "fake-model");
  EXPECT_EQ(resp->finish_reason, "stop");
  EXPECT_GT(resp->usage.prompt_tokens, 0);
  EXPECT_FALSE(resp->usage.estimated);
  EXPECT_GT(resp->usage.latency_ms, 0);
  Json sent = ParseJson(server_->last_request_body()).value();
  EXPECT_EQ(sent["seed"], 3);
  EXPECT_EQ(sent["max_tokens"], 20);
}

TEST_F(OpenAiClientTest, EstimatesUsageWhenServerSendsNone) {
  OpenAiClient client(Options());
  auto resp = client.Chat(Ask("count me [no-usage]"), {});
  ASSERT_TRUE(resp.ok());
  EXPECT_TRUE(resp->usage.estimated);
  EXPECT_GT(resp->usage.completion_tokens, 0);
}

TEST_F(OpenAiClientTest, StreamingDeliversDeltasAndUsage) {
  OpenAiClient client(Options());
  std::string streamed;
  int deltas = 0;
  auto resp = client.ChatStream(Ask("stream this please [think]"),
                                [&](const StreamDelta& d) {
                                  streamed += d.content;
                                  ++deltas;
                                  return true;
                                },
                                {});
  ASSERT_TRUE(resp.ok()) << resp.status().ToString();
  EXPECT_EQ(resp->content, "echo: stream this please [think]");
  EXPECT_EQ(resp->reasoning, "pondering the question");
  EXPECT_GT(deltas, 5);
  EXPECT_NE(streamed.find("echo: stream"), std::string::npos);
  EXPECT_EQ(streamed.find("pondering"), std::string::npos);
  EXPECT_FALSE(resp->usage.estimated);
  EXPECT_GT(resp->usage.time_to_first_token_ms, 0);
}

TEST_F(OpenAiClientTest, StreamingReasoningContent) {
  OpenAiClient client(Options());
  auto resp = client.ChatStream(Ask("why [reasoning]"), nullptr, {});
  ASSERT_TRUE(resp.ok());
  EXPECT_EQ(resp->reasoning, "step by step reasoning");
  EXPECT_EQ(resp->content, "echo: why [reasoning]");
}

TEST_F(OpenAiClientTest, ToolCallsPlainAndStreamed) {
  OpenAiClient client(Options());
  ChatRequest r = Ask("revenue by month [tool]");
  r.tools.push_back({"run_sql", "Run a read-only SQL query",
                     Json{{"type", "object"}, {"properties", {{"query", {{"type", "string"}}}}}}});
  r.tool_choice = "auto";
  for (bool stream : {false, true}) {
    auto resp = stream ? client.ChatStream(r, nullptr, {}) : client.Chat(r, {});
    ASSERT_TRUE(resp.ok()) << resp.status().ToString();
    ASSERT_EQ(resp->tool_calls.size(), 1u);
    EXPECT_EQ(resp->tool_calls[0].name, "run_sql");
    EXPECT_EQ(resp->tool_calls[0].id, "call_1");
    EXPECT_EQ(ParseJson(resp->tool_calls[0].arguments).value()["query"], "revenue by month [tool]");
    EXPECT_EQ(resp->finish_reason, "tool_calls");
  }
}

TEST_F(OpenAiClientTest, JsonModeRequestsResponseFormat) {
  OpenAiClient client(Options());
  ChatRequest r = Ask("give json");
  r.response_format = ResponseFormat::kJsonObject;
  auto resp = client.Chat(r, {});
  ASSERT_TRUE(resp.ok());
  EXPECT_EQ(ParseJson(resp->content).value()["ok"], true);
  EXPECT_EQ(ParseJson(server_->last_request_body()).value()["response_format"]["type"],
            "json_object");
}

TEST_F(OpenAiClientTest, Embeddings) {
  OpenAiClient client(Options());
  auto resp = client.Embed({"", {"a", "b", "a"}}, {});
  ASSERT_TRUE(resp.ok()) << resp.status().ToString();
  ASSERT_EQ(resp->vectors.size(), 3u);
  EXPECT_EQ(resp->vectors[0], resp->vectors[2]);
  EXPECT_EQ(resp->vectors[0].size(), 8u);
}

TEST_F(OpenAiClientTest, ClearErrors) {
  auto o = Options();
  o.api_key = "bad-key";
  auto bad_key = OpenAiClient(o).Chat(Ask("hi"), {});
  EXPECT_EQ(bad_key.status().code(), StatusCode::kPermissionDenied);
  EXPECT_NE(bad_key.status().message().find("api_key_env"), std::string::npos);

  OpenAiClient client(Options());
  ChatRequest unknown = Ask("hi");
  unknown.model = "unknown-gpt";
  auto model = client.Chat(unknown, {});
  EXPECT_EQ(model.status().code(), StatusCode::kNotFound);
  EXPECT_NE(model.status().message().find("unknown-gpt"), std::string::npos);

  auto too_long = client.Chat(Ask("a long history [too-long]"), {});
  EXPECT_EQ(too_long.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(too_long.status().message().find("12000 tokens requested"), std::string::npos);
  EXPECT_NE(too_long.status().message().find("8192"), std::string::npos);

  auto filtered = client.Chat(Ask("something rude [filtered]"), {});
  EXPECT_EQ(filtered.status().code(), StatusCode::kLlmError);
  EXPECT_NE(filtered.status().message().find("content filter"), std::string::npos);
}

TEST_F(OpenAiClientTest, ConnectionRefusedIsRetryableUnavailable) {
  auto o = Options();
  int port = server_->port();
  server_->Stop();
  o.base_url = "http://127.0.0.1:" + std::to_string(port) + "/v1";
  auto r = OpenAiClient(o).Chat(Ask("hi"), {});
  EXPECT_EQ(r.status().code(), StatusCode::kUnavailable);
  EXPECT_NE(r.status().message().find("base_url"), std::string::npos);
}

TEST_F(OpenAiClientTest, ProxyFailureIsNamed) {
  auto o = Options();
  o.proxy = "http://127.0.0.1:1";  // nothing listens on port 1
  auto r = OpenAiClient(o).Chat(Ask("hi"), {});
  EXPECT_EQ(r.status().code(), StatusCode::kUnavailable);
  EXPECT_NE(r.status().message().find("proxy"), std::string::npos) << r.status().message();
}

TEST_F(OpenAiClientTest, InjectedFaultsGiveRetryableErrors) {
  OpenAiClient client(Options());
  struct Case {
    Fault fault;
    bool stream;
    StatusCode code;
  };
  for (const Case& c : {Case{Fault::kRateLimit, false, StatusCode::kResourceExhausted},
                        Case{Fault::kServerError, false, StatusCode::kUnavailable},
                        Case{Fault::kInvalidJson, false, StatusCode::kUnavailable},
                        Case{Fault::kInvalidJson, true, StatusCode::kUnavailable},
                        Case{Fault::kTruncatedStream, false, StatusCode::kUnavailable},
                        Case{Fault::kTruncatedStream, true, StatusCode::kUnavailable},
                        Case{Fault::kResetConnection, false, StatusCode::kUnavailable},
                        Case{Fault::kResetConnection, true, StatusCode::kUnavailable}}) {
    server_->EnqueueFaults({c.fault});
    auto r = c.stream ? client.ChatStream(Ask("hi"), nullptr, {}) : client.Chat(Ask("hi"), {});
    EXPECT_EQ(r.status().code(), c.code) << fake_openai::FaultName(c.fault)
                                         << " stream=" << c.stream << ": " << r.status().ToString();
    EXPECT_TRUE(IsRetryable(r.status()));
    // The next call on the same client works: no poisoned connection.
    EXPECT_TRUE(client.Chat(Ask("after"), {}).ok()) << fake_openai::FaultName(c.fault);
  }
}

TEST_F(OpenAiClientTest, RealTcpResetIsUnavailableAndRetried) {
  OpenAiClient client(Options());
  // A warm-up call first, so the reset hits a reused keep-alive connection: the case in
  // which curl would silently re-send a request whose connection died before any reply byte.
  ASSERT_TRUE(client.Chat(Ask("warm"), {}).ok());
  for (bool stream : {false, true}) {
    int64_t resets_before = server_->resets();
    server_->EnqueueFaults({Fault::kResetConnection});
    auto r = stream ? client.ChatStream(Ask("hi"), nullptr, {}) : client.Chat(Ask("hi"), {});
    EXPECT_EQ(server_->resets(), resets_before + 1) << "the server must send a real RST";
    EXPECT_EQ(r.status().code(), StatusCode::kUnavailable) << r.status().ToString();
    EXPECT_NE(r.status().message().find("Connection reset by peer"), std::string::npos)
        << r.status().message();
    EXPECT_NE(r.status().message().find("was reset or closed"), std::string::npos)
        << r.status().message();
    EXPECT_TRUE(IsRetryable(r.status()));
  }
  RetryOptions ro;
  ro.initial_backoff = milliseconds(1);
  ro.max_attempts = 4;
  RetryingClient retrying(std::make_unique<OpenAiClient>(Options()), ro);
  int64_t resets_before = server_->resets();
  server_->EnqueueFaults({Fault::kResetConnection, Fault::kResetConnection});
  auto r = retrying.Chat(Ask("after resets"), {});
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->content, "echo: after resets");
  EXPECT_EQ(r->usage.retries, 2);
  EXPECT_EQ(server_->resets(), resets_before + 2);
}

TEST_F(OpenAiClientTest, RateLimitCarriesRetryAfter) {
  OpenAiClient client(Options());
  server_->EnqueueFaults({Fault::kRateLimit});
  auto r = client.Chat(Ask("hi"), {});
  EXPECT_EQ(RetryAfterFromStatus(r.status()), milliseconds(1000));
}

TEST_F(OpenAiClientTest, SlowFirstByteHitsFirstByteTimeout) {
  auto o = Options();
  o.first_byte_timeout = milliseconds(100);
  OpenAiClient client(o);
  server_->EnqueueFaults({Fault::kSlowFirstByte});
  auto start = std::chrono::steady_clock::now();
  auto r = client.Chat(Ask("hi"), {});
  EXPECT_EQ(r.status().code(), StatusCode::kDeadlineExceeded);
  EXPECT_LT(std::chrono::steady_clock::now() - start, milliseconds(280));
}

TEST_F(OpenAiClientTest, CallerDeadlineAndCancellation) {
  OpenAiClient client(Options());
  server_->EnqueueFaults({Fault::kSlowFirstByte});
  CallOptions deadline;
  deadline.deadline = Clock::System().Now() + milliseconds(80);
  EXPECT_EQ(client.Chat(Ask("hi"), deadline).status().code(), StatusCode::kDeadlineExceeded);

  server_->EnqueueFaults({Fault::kSlowFirstByte});
  auto token = std::make_shared<CancellationToken>();
  CallOptions cancel;
  cancel.cancel = token;
  std::thread canceller([&] {
    std::this_thread::sleep_for(milliseconds(50));
    token->Cancel();
  });
  auto start = std::chrono::steady_clock::now();
  auto r = client.Chat(Ask("hi"), cancel);
  canceller.join();
  EXPECT_EQ(r.status().code(), StatusCode::kCancelled);
  EXPECT_LT(std::chrono::steady_clock::now() - start, milliseconds(250));
}

TEST_F(OpenAiClientTest, CallerStopsStream) {
  OpenAiClient client(Options());
  int deltas = 0;
  auto r = client.ChatStream(Ask("a fairly long question to stream"),
                             [&](const StreamDelta&) { return ++deltas < 2; }, {});
  EXPECT_EQ(r.status().code(), StatusCode::kCancelled);
  EXPECT_EQ(deltas, 2);
}

TEST_F(OpenAiClientTest, RetryingClientRecoversFromFaultsOverHttp) {
  RetryOptions ro;
  ro.initial_backoff = milliseconds(1);
  ro.max_attempts = 5;
  ro.max_retry_after = milliseconds(5000);
  RetryingClient client(std::make_unique<OpenAiClient>(Options()), ro);
  server_->EnqueueFaults({Fault::kServerError, Fault::kResetConnection, Fault::kInvalidJson});
  auto r = client.Chat(Ask("persist"), {});
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->usage.retries, 3);
  EXPECT_EQ(r->content, "echo: persist");
}

TEST_F(OpenAiClientTest, ParallelCallsShareThePool) {
  OpenAiClient client(Options());
  std::vector<std::thread> threads;
  std::atomic<int> ok{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 25; ++i) {
        auto r = client.Chat(Ask("t" + std::to_string(t) + " i" + std::to_string(i)), {});
        if (r.ok() && r->content == "echo: t" + std::to_string(t) + " i" + std::to_string(i)) {
          ++ok;
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(ok.load(), 100);
}

TEST_F(OpenAiClientTest, NoModelConfiguredUsesTheEndpointsOnlyModel) {
  FakeServerOptions one;
  one.models = {"qwen2.5-7b-instruct"};
  StartServer(one);
  OpenAiClientOptions o = Options();
  o.model.clear();
  OpenAiClient client(o);
  auto resp = client.Chat(Ask("hello"), {});
  ASSERT_TRUE(resp.ok()) << resp.status().ToString();
  EXPECT_EQ(ParseJson(server_->last_request_body()).value()["model"], "qwen2.5-7b-instruct");
  EXPECT_NE(client.Describe().find("qwen2.5-7b-instruct"), std::string::npos);
  // Listed once: later calls, streamed ones too, reuse it.
  const int64_t after_first = server_->requests();
  auto streamed = client.ChatStream(Ask("again"), nullptr, {});
  ASSERT_TRUE(streamed.ok()) << streamed.status().ToString();
  EXPECT_EQ(server_->requests(), after_first + 1);
  EXPECT_EQ(ParseJson(server_->last_request_body()).value()["model"], "qwen2.5-7b-instruct");
}

TEST_F(OpenAiClientTest, NoModelConfiguredAndSeveralServedListsThem) {
  FakeServerOptions several;
  several.models = {"llama3", "qwen2.5:7b", "mistral"};
  StartServer(several);
  OpenAiClientOptions o = Options();
  o.model.clear();
  OpenAiClient client(o);
  auto resp = client.Chat(Ask("hello"), {});
  ASSERT_FALSE(resp.ok());
  EXPECT_EQ(resp.status().code(), StatusCode::kFailedPrecondition);
  EXPECT_NE(resp.status().message().find("set [llm] model (or OPENAI_MODEL) to one of: llama3, "
                                         "qwen2.5:7b, mistral"),
            std::string::npos)
      << resp.status().message();
  auto listed = client.ListModels({});
  ASSERT_TRUE(listed.ok());
  EXPECT_EQ(listed->size(), 3u);
}

TEST_F(OpenAiClientTest, NoModelConfiguredAndNoModelListKeepsTheOldError) {
  FakeServerOptions unlisted;
  unlisted.models.clear();  // GET /v1/models answers 404
  StartServer(unlisted);
  OpenAiClientOptions o = Options();
  o.model.clear();
  OpenAiClient client(o);
  auto resp = client.ChatStream(Ask("hello"), nullptr, {});
  ASSERT_FALSE(resp.ok());
  EXPECT_EQ(resp.status().code(), StatusCode::kFailedPrecondition);
  EXPECT_NE(resp.status().message().find("no model is configured: set [llm] model"),
            std::string::npos)
      << resp.status().message();
  EXPECT_NE(resp.status().message().find("HTTP 404"), std::string::npos) << resp.status().message();
}

}  // namespace
}  // namespace askdb::llm
