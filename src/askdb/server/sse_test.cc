#include "askdb/server/sse.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "askdb/server/http.h"

namespace askdb::server {
namespace {

using ::testing::ElementsAre;
using namespace std::chrono_literals;

}  // namespace

// Readable gtest output for failed comparisons.
void PrintTo(const SseEvent& event, std::ostream* os) {
  *os << "{id=" << event.id << " event=" << event.event << " data=" << event.data << "}";
}

namespace {

std::vector<SseEvent> ParseAll(std::string_view text) {
  SseParser parser;
  std::vector<SseEvent> events;
  EXPECT_TRUE(parser.Feed(text, &events).ok());
  return events;
}

TEST(FormatSseTest, FrameHasIdEventAndOneDataLinePerLine) {
  EXPECT_EQ(FormatSseFrame("3", "sql", "line1\nline2"),
            "id: 3\nevent: sql\ndata: line1\ndata: line2\n\n");
  EXPECT_EQ(FormatSseFrame("", "", "x"), "data: x\n\n");
  EXPECT_EQ(FormatSseFrame("", "", "a\r\nb\rc"), "data: a\ndata: b\ndata: c\n\n");
  EXPECT_EQ(FormatSseFrame("", "", ""), "data: \n\n");
  // A newline in the event name would end the field early.
  EXPECT_EQ(FormatSseFrame("1\n2", "a\rb", "x"), "id: 1 2\nevent: a b\ndata: x\n\n");
  EXPECT_EQ(FormatSseComment("ping"), ": ping\n\n");
  EXPECT_EQ(FormatSseRetry(3000ms), "retry: 3000\n\n");
}

TEST(SseParserTest, ParsesFramesSplitAtEveryByte) {
  std::string text = FormatSseFrame("1", "progress", "{\"step\":1}") + FormatSseComment("ping") +
                     FormatSseFrame("2", "", "multi\nline");
  SseParser parser;
  std::vector<SseEvent> events;
  for (char c : text) ASSERT_TRUE(parser.Feed(std::string_view(&c, 1), &events).ok());
  EXPECT_THAT(events, ElementsAre(SseEvent{"1", "progress", "{\"step\":1}"},
                                  SseEvent{"2", "message", "multi\nline"}));
  EXPECT_THAT(parser.comments(), ElementsAre("ping"));
}

TEST(SseParserTest, HandlesCrlfCrBomAndFieldRules) {
  auto events = ParseAll(
      "\xEF\xBB\xBF"
      "data:a\r\ndata: b\r\n\r\nid: 7\rdata\r\r");
  EXPECT_THAT(events, ElementsAre(SseEvent{"", "message", "a\nb"}, SseEvent{"7", "message", ""}));
  // CR at the end of one chunk and LF at the start of the next is one line break.
  SseParser parser;
  std::vector<SseEvent> split;
  ASSERT_TRUE(parser.Feed("data: x\r", &split).ok());
  ASSERT_TRUE(parser.Feed("\n\r", &split).ok());
  ASSERT_TRUE(parser.Feed("\n", &split).ok());
  EXPECT_THAT(split, ElementsAre(SseEvent{"", "message", "x"}));
}

TEST(SseParserTest, IdPersistsRetryParsedUnknownFieldsIgnored) {
  SseParser parser;
  std::vector<SseEvent> events;
  ASSERT_TRUE(
      parser
          .Feed("id: 5\nretry: 2500\nfoo: bar\nevent: done\ndata\n\nevent: only\n\ndata: y\n\n",
                &events)
          .ok());
  // "event: only" without data is not dispatched; the id carries over.
  EXPECT_THAT(events, ElementsAre(SseEvent{"5", "done", ""}, SseEvent{"5", "message", "y"}));
  ASSERT_TRUE(parser.retry().has_value());
  EXPECT_EQ(*parser.retry(), 2500ms);
  ASSERT_TRUE(parser.Feed("retry: 1x\n\n", &events).ok());
  EXPECT_EQ(*parser.retry(), 2500ms);  // non-digits ignored
}

TEST(SseParserTest, RejectsOversizedEvent) {
  SseParser parser(SseParserOptions{.max_event_bytes = 16});
  std::vector<SseEvent> events;
  Status status = parser.Feed("data: 0123456789abcdefghij\n\n", &events);
  EXPECT_EQ(status.code(), StatusCode::kInvalidArgument);
  EXPECT_FALSE(parser.Feed("data: x\n\n", &events).ok());
}

TEST(ParseLastEventIdTest, AcceptsNonNegativeIntegersOnly) {
  EXPECT_EQ(ParseLastEventId("42"), 42);
  EXPECT_EQ(ParseLastEventId(" 0 "), 0);
  EXPECT_FALSE(ParseLastEventId("").has_value());
  EXPECT_FALSE(ParseLastEventId("-1").has_value());
  EXPECT_FALSE(ParseLastEventId("12a").has_value());
}

RC_GTEST_PROP(SseProperty, FormatThenParseRoundTrips,
              (const std::string& event_raw, const std::string& data_raw, unsigned id)) {
  // Event names without line breaks and leading spaces; data with LF line breaks only.
  std::string event;
  for (char c : event_raw) {
    if (c != '\r' && c != '\n' && c != '\0') event.push_back(c);
  }
  while (!event.empty() && event.front() == ' ') event.erase(event.begin());
  std::string data;
  for (char c : data_raw) data.push_back(c == '\r' ? '\n' : c);
  std::string text = FormatSseFrame(std::to_string(id), event, data);
  SseParser parser;
  std::vector<SseEvent> events;
  RC_ASSERT(parser.Feed(text, &events).ok());
  RC_ASSERT(events.size() == 1u);
  RC_ASSERT(events[0].id == std::to_string(id));
  RC_ASSERT(events[0].event == (event.empty() ? "message" : event));
  RC_ASSERT(events[0].data == data);
}

TEST(SseEventBufferTest, IdsStartAtOneAndWaitReturnsTheRest) {
  SseEventBuffer buffer;
  EXPECT_EQ(buffer.Append("a", "1"), 1);
  EXPECT_EQ(buffer.Append("b", "2"), 2);
  EXPECT_EQ(buffer.Append("c", "3"), 3);
  SseWaitResult result = buffer.WaitFrom(1, 0ms);
  ASSERT_EQ(result.events.size(), 2u);
  EXPECT_EQ(result.events[0].id, 2);
  EXPECT_EQ(result.events[1].event, "c");
  EXPECT_FALSE(result.gap);
  EXPECT_FALSE(result.end);
}

TEST(SseEventBufferTest, TimeoutGivesEmptyResult) {
  SseEventBuffer buffer;
  buffer.Append("a", "1");
  auto start = std::chrono::steady_clock::now();
  SseWaitResult result = buffer.WaitFrom(1, 30ms);
  EXPECT_GE(std::chrono::steady_clock::now() - start, 30ms);
  EXPECT_TRUE(result.events.empty());
  EXPECT_FALSE(result.end);
  EXPECT_FALSE(result.cancelled);
}

TEST(SseEventBufferTest, WakesWaiterOnAppendAndEndsAfterCloseAndDrain) {
  SseEventBuffer buffer;
  std::thread producer([&] {
    std::this_thread::sleep_for(20ms);
    buffer.Append("row", "x");
    buffer.Close();
  });
  SseWaitResult first = buffer.WaitFrom(0, 5s);
  ASSERT_EQ(first.events.size(), 1u);
  producer.join();
  EXPECT_EQ(buffer.Append("late", "ignored"), 0);
  SseWaitResult replay = buffer.WaitFrom(0, 0ms);
  EXPECT_EQ(replay.events.size(), 1u);
  EXPECT_FALSE(replay.end);  // events first, end on the next call
  SseWaitResult done = buffer.WaitFrom(1, 5s);
  EXPECT_TRUE(done.end);
  EXPECT_TRUE(done.events.empty());
}

TEST(SseEventBufferTest, DropsOldestAndReportsGap) {
  SseEventBuffer buffer(SseBufferOptions{.max_events = 3, .max_bytes = 1 << 20});
  for (int i = 1; i <= 5; ++i) buffer.Append("e", std::to_string(i));
  EXPECT_EQ(buffer.size(), 3u);
  EXPECT_EQ(buffer.dropped(), 2);
  SseWaitResult from_start = buffer.WaitFrom(0, 0ms);
  EXPECT_TRUE(from_start.gap);
  EXPECT_EQ(from_start.first_available_id, 3);
  ASSERT_EQ(from_start.events.size(), 3u);
  EXPECT_EQ(from_start.events.front().id, 3);
  SseWaitResult no_gap = buffer.WaitFrom(2, 0ms);
  EXPECT_FALSE(no_gap.gap);
  EXPECT_EQ(no_gap.events.size(), 3u);
}

TEST(SseEventBufferTest, ByteBoundKeepsNewestEvent) {
  SseEventBuffer buffer(SseBufferOptions{.max_events = 100, .max_bytes = 10});
  buffer.Append("", "12345");
  buffer.Append("", "67890");
  buffer.Append("", "abcdefghijklmnop");  // alone over the bound: still kept
  EXPECT_EQ(buffer.size(), 1u);
  EXPECT_EQ(buffer.last_id(), 3);
  EXPECT_EQ(buffer.bytes(), 16u);
}

TEST(SseEventBufferTest, CancelledTokenEndsWait) {
  SseEventBuffer buffer(SseBufferOptions{.cancel_poll_interval = 5ms});
  CancellationToken token;
  std::thread canceller([&] {
    std::this_thread::sleep_for(20ms);
    token.Cancel();
  });
  auto start = std::chrono::steady_clock::now();
  SseWaitResult result = buffer.WaitFrom(0, 5s, &token);
  canceller.join();
  EXPECT_TRUE(result.cancelled);
  EXPECT_LT(std::chrono::steady_clock::now() - start, 2s);
}

// Records writes; can simulate a client that leaves after `fail_after` writes.
class FakeWriter final : public StreamWriter {
 public:
  bool Write(std::string_view data) override {
    std::lock_guard lock(mu_);
    if (!open_) return false;
    text_ += data;
    if (++writes_ >= fail_after_) open_ = false;
    return true;
  }
  bool IsOpen() const override {
    std::lock_guard lock(mu_);
    return open_;
  }
  std::string text() const {
    std::lock_guard lock(mu_);
    return text_;
  }
  void set_fail_after(int n) { fail_after_ = n; }

 private:
  mutable std::mutex mu_;
  std::string text_;
  bool open_ = true;
  int writes_ = 0;
  int fail_after_ = 1 << 30;
};

TEST(RunSseStreamTest, SendsEventsInOrderThenCompletes) {
  SseEventBuffer buffer;
  buffer.Append("step", "one");
  std::thread producer([&] {
    std::this_thread::sleep_for(10ms);
    buffer.Append("step", "two");
    buffer.Append("done", "{}");
    buffer.Close();
  });
  FakeWriter writer;
  SseStreamEnd end = RunSseStream(writer, buffer, 0, SseStreamOptions{});
  producer.join();
  EXPECT_EQ(end, SseStreamEnd::kCompleted);
  auto events = ParseAll(writer.text());
  ASSERT_EQ(events.size(), 3u);
  EXPECT_EQ(events[0].id, "1");
  EXPECT_EQ(events[1].id, "2");
  EXPECT_EQ(events[2].event, "done");
}

TEST(RunSseStreamTest, HeartbeatsWhileIdleAndStopsWhenClientLeaves) {
  SseEventBuffer buffer;
  FakeWriter writer;
  writer.set_fail_after(3);
  SseStreamOptions options;
  options.heartbeat_interval = 10ms;
  options.liveness_poll_interval = 5ms;
  auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(RunSseStream(writer, buffer, 0, options), SseStreamEnd::kClientGone);
  EXPECT_LT(std::chrono::steady_clock::now() - start, 2s);
  SseParser parser;
  std::vector<SseEvent> events;
  ASSERT_TRUE(parser.Feed(writer.text(), &events).ok());
  EXPECT_TRUE(events.empty());
  EXPECT_THAT(parser.comments(), ElementsAre("ping", "ping", "ping"));
}

TEST(RunSseStreamTest, ReplayAfterDroppedEventsAnnouncesGap) {
  SseEventBuffer buffer(SseBufferOptions{.max_events = 2});
  for (int i = 0; i < 4; ++i) buffer.Append("e", std::to_string(i));
  buffer.Close();
  FakeWriter writer;
  EXPECT_EQ(RunSseStream(writer, buffer, 1), SseStreamEnd::kCompleted);
  auto events = ParseAll(writer.text());
  ASSERT_EQ(events.size(), 3u);
  EXPECT_EQ(events[0].event, "replay_gap");
  EXPECT_EQ(events[0].data, R"({"requested_after":1,"first_available_id":3})");
  EXPECT_EQ(events[1].id, "3");
  EXPECT_EQ(events[2].id, "4");
}

TEST(RunSseStreamTest, CancellationEndsTheLoop) {
  SseEventBuffer buffer(SseBufferOptions{.cancel_poll_interval = 5ms});
  CancellationToken token;
  token.Cancel();
  FakeWriter writer;
  EXPECT_EQ(RunSseStream(writer, buffer, 0, SseStreamOptions{}, &token), SseStreamEnd::kCancelled);
}

}  // namespace
}  // namespace askdb::server
