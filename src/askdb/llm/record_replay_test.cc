#include "askdb/llm/record_replay.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "askdb/llm/scripted/scripted_llm_client.h"

namespace askdb::llm {
namespace {

ChatRequest Ask(std::string text) {
  ChatRequest r;
  r.messages = {Message::User(std::move(text))};
  return r;
}

TEST(RecordReplayTest, ReplaysWhatWasRecordedAndFailsLoudlyOnMiss) {
  auto path = std::filesystem::path(::testing::TempDir()) / "llm_cassette_test.jsonl";
  std::filesystem::remove(path);
  {
    auto scripted = std::make_unique<ScriptedLlmClient>();
    scripted->Reply("revenue", "<think>sum it</think>SELECT SUM(total) FROM invoices");
    scripted->ReplyToolCall("chart", "make_chart", Json{{"type", "bar"}});
    scripted->Fail("down", UnavailableError("server down"), 1);
    auto rec = RecordingLlmClient::Open(std::move(scripted), path);
    ASSERT_TRUE(rec.ok());
    ASSERT_TRUE((*rec)->Chat(Ask("revenue"), {}).ok());
    ASSERT_TRUE((*rec)->ChatStream(Ask("chart"), nullptr, {}).ok());
    EXPECT_FALSE((*rec)->Chat(Ask("down"), {}).ok());
    ASSERT_TRUE((*rec)->Embed({"", {"hello"}}, {}).ok());
  }
  auto replay = ReplayingLlmClient::Open(path);
  ASSERT_TRUE(replay.ok()) << replay.status().ToString();
  EXPECT_EQ((*replay)->entries(), 4u);
  auto r = (*replay)->Chat(Ask("revenue"), {});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->content, "SELECT SUM(total) FROM invoices");
  EXPECT_EQ(r->reasoning, "sum it");
  std::string streamed;
  auto chart = (*replay)->ChatStream(Ask("chart"),
                                     [&](const StreamDelta& d) {
                                       streamed += d.content;
                                       return true;
                                     },
                                     {});
  ASSERT_TRUE(chart.ok());
  EXPECT_EQ(chart->tool_calls.at(0).name, "make_chart");
  EXPECT_EQ((*replay)->Chat(Ask("down"), {}).status().code(), StatusCode::kUnavailable);
  EXPECT_EQ((*replay)->Embed({"", {"hello"}}, {})->vectors.size(), 1u);
  auto miss = (*replay)->Chat(Ask("something new"), {});
  EXPECT_EQ(miss.status().code(), StatusCode::kFailedPrecondition);
  EXPECT_NE(miss.status().message().find("replay miss"), std::string::npos);
  EXPECT_NE(miss.status().message().find("something new"), std::string::npos);
}

TEST(RecordReplayTest, HashCoversWhatShapesTheAnswer) {
  ChatRequest a = Ask("q");
  ChatRequest b = Ask("q");
  EXPECT_EQ(RequestHash(a), RequestHash(b));
  b.temperature = 0.5;
  EXPECT_NE(RequestHash(a), RequestHash(b));
  ChatRequest c = Ask("q2");
  EXPECT_NE(RequestHash(a), RequestHash(c));
  EXPECT_EQ(RequestHash(a).size(), 16u);
}

}  // namespace
}  // namespace askdb::llm
