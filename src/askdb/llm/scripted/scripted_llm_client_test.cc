#include "askdb/llm/scripted/scripted_llm_client.h"

#include <gtest/gtest.h>

#include "askdb/common/cancellation.h"

namespace askdb::llm {
namespace {

ChatRequest Ask(std::string text) {
  ChatRequest r;
  r.messages.push_back(Message::User(std::move(text)));
  return r;
}

TEST(ScriptedLlmClientTest, MatchesRulesInOrderAndHonoursTimes) {
  ScriptedLlmClient c;
  c.Reply("revenue", "SELECT SUM(total) FROM invoices").Fail("flaky", UnavailableError("x"), 1);
  c.Reply("flaky", "second time lucky");
  EXPECT_EQ(c.Chat(Ask("total revenue?"), {})->content, "SELECT SUM(total) FROM invoices");
  EXPECT_EQ(c.Chat(Ask("flaky"), {}).status().code(), StatusCode::kUnavailable);
  EXPECT_EQ(c.Chat(Ask("flaky"), {})->content, "second time lucky");
  EXPECT_EQ(c.requests().size(), 3u);
}

TEST(ScriptedLlmClientTest, MissFailsLoudly) {
  ScriptedLlmClient c;
  c.Reply("^only this$", "x");
  auto r = c.Chat(Ask("something else"), {});
  EXPECT_EQ(r.status().code(), StatusCode::kNotFound);
  EXPECT_NE(r.status().message().find("something else"), std::string::npos);
}

TEST(ScriptedLlmClientTest, SplitsThinkingAndStreams) {
  ScriptedLlmClient c;
  c.Reply("", "<think>plan</think>final answer here");
  std::string streamed;
  auto r = c.ChatStream(
      Ask("q"),
      [&](const StreamDelta& d) {
        streamed += d.content;
        return true;
      },
      CallOptions{});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->content, "final answer here");
  EXPECT_EQ(r->reasoning, "plan");
  EXPECT_EQ(streamed, "final answer here");
  EXPECT_TRUE(r->usage.estimated);
}

TEST(ScriptedLlmClientTest, LoadsRulesFromJson) {
  auto c = ScriptedLlmClient::FromJson(Json::parse(R"([
    {"match": "chart", "tool_call": {"name": "make_chart", "arguments": {"type": "bar"}}},
    {"match": "down", "error": {"code": "unavailable", "message": "server down"}},
    {"json": {"sql": "SELECT 1"}}
  ])"));
  ASSERT_TRUE(c.ok()) << c.status().ToString();
  auto chart = (*c)->Chat(Ask("draw a chart"), {});
  ASSERT_EQ(chart->tool_calls.size(), 1u);
  EXPECT_EQ(chart->tool_calls[0].name, "make_chart");
  EXPECT_EQ(chart->finish_reason, "tool_calls");
  EXPECT_EQ((*c)->Chat(Ask("down"), {}).status().code(), StatusCode::kUnavailable);
  EXPECT_EQ(ParseJson((*c)->Chat(Ask("x"), {})->content).value()["sql"], "SELECT 1");
  EXPECT_FALSE(ScriptedLlmClient::FromJson(Json::parse(R"([{"match": "("}])")).ok());
}

TEST(ScriptedLlmClientTest, LatencyRespectsCancellation) {
  ScriptedLlmClient c;
  ScriptedRule rule;
  rule.reply.content = "slow";
  rule.latency = std::chrono::milliseconds(5000);
  c.AddRule(rule);
  auto token = std::make_shared<CancellationToken>();
  token->Cancel();
  CallOptions call;
  call.cancel = token;
  EXPECT_EQ(c.Chat(Ask("q"), call).status().code(), StatusCode::kCancelled);
}

TEST(ScriptedLlmClientTest, EmbeddingsAreDeterministic) {
  ScriptedLlmClient c;
  auto a = c.Embed({"", {"hello", "world"}}, {});
  auto b = c.Embed({"", {"hello"}}, {});
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(a->vectors[0], b->vectors[0]);
  EXPECT_NE(a->vectors[0], a->vectors[1]);
  EXPECT_EQ(a->vectors[0].size(), static_cast<size_t>(ScriptedLlmClient::kEmbeddingDims));
}

}  // namespace
}  // namespace askdb::llm
