#include "askdb/llm/sse_parser.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <vector>

namespace askdb::llm {
namespace {

struct Collected {
  std::string event;
  std::string data;
  std::string id;
  bool operator==(const Collected&) const = default;
};

std::vector<Collected> ParseInChunks(const std::string& stream, const std::vector<size_t>& cuts) {
  std::vector<Collected> out;
  SseParser parser([&](const SseEvent& e) {
    out.push_back({std::string(e.event), std::string(e.data), std::string(e.id)});
    return true;
  });
  size_t pos = 0;
  for (size_t cut : cuts) {
    size_t end = std::min(stream.size(), pos + cut);
    EXPECT_TRUE(parser.Feed(std::string_view(stream).substr(pos, end - pos)).ok());
    pos = end;
  }
  EXPECT_TRUE(parser.Feed(std::string_view(stream).substr(pos)).ok());
  EXPECT_TRUE(parser.Finish().ok());
  return out;
}

TEST(SseParserTest, ParsesEventsFieldsAndComments) {
  std::string s =
      ": keep-alive comment\n"
      "event: delta\n"
      "id: 7\n"
      "data: {\"a\":1}\n\n"
      "data: line one\n"
      "data: line two\n\n"
      "data:no-space\n\n"
      "data: [DONE]\n\n";
  auto events = ParseInChunks(s, {});
  ASSERT_EQ(events.size(), 4u);
  EXPECT_EQ(events[0], (Collected{"delta", "{\"a\":1}", "7"}));
  EXPECT_EQ(events[1].data, "line one\nline two");
  EXPECT_EQ(events[1].event, "");
  EXPECT_EQ(events[2].data, "no-space");
  EXPECT_EQ(events[3].data, "[DONE]");
}

TEST(SseParserTest, HandlesCrLfSplitAcrossChunks) {
  std::string s = "data: a\r\n\r\ndata: b\r\r";
  // Cut exactly between CR and LF.
  auto events = ParseInChunks(s, {8, 1, 1, 1});
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].data, "a");
  EXPECT_EQ(events[1].data, "b");
}

TEST(SseParserTest, FinishDispatchesUnterminatedLastEvent) {
  auto events = ParseInChunks("data: tail", {3});
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].data, "tail");
}

TEST(SseParserTest, StopsWhenCallbackSaysSo) {
  int seen = 0;
  SseParser parser([&](const SseEvent&) {
    ++seen;
    return false;
  });
  Status s = parser.Feed("data: 1\n\ndata: 2\n\n");
  EXPECT_EQ(s.code(), StatusCode::kCancelled);
  EXPECT_EQ(seen, 1);
}

TEST(SseParserTest, RejectsOversizedEvent) {
  SseParser parser([](const SseEvent&) { return true; }, SseParserOptions{16});
  EXPECT_EQ(parser.Feed("data: 0123456789abcdefghij").code(), StatusCode::kInvalidArgument);
}

// Property: however the stream is cut into chunks, the events are the same.
RC_GTEST_PROP(SseParserProperty, ChunkingDoesNotChangeEvents, ()) {
  auto payloads = *rc::gen::container<std::vector<std::string>>(
      rc::gen::container<std::string>(rc::gen::elementOf(std::string("ab {}:\"x1 "))));
  const auto* eol = *rc::gen::elementOf(std::vector<const char*>{"\n", "\r\n", "\r"});
  std::string stream;
  for (const auto& p : payloads) stream += "data: " + p + eol + eol;
  auto cuts = *rc::gen::container<std::vector<size_t>>(rc::gen::inRange<size_t>(0, 7));
  auto whole = ParseInChunks(stream, {});
  auto chunked = ParseInChunks(stream, cuts);
  RC_ASSERT(whole == chunked);
  RC_ASSERT(whole.size() == payloads.size());
  for (size_t i = 0; i < payloads.size(); ++i) RC_ASSERT(whole[i].data == payloads[i]);
}

}  // namespace
}  // namespace askdb::llm
