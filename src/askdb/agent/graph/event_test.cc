#include "askdb/agent/graph/event.h"

#include <gtest/gtest.h>

#include <thread>

namespace askdb::agent {
namespace {

using namespace std::chrono_literals;

TEST(EventTest, TypeNamesRoundTrip) {
  const std::vector<std::string> names = {
      "stage_started", "stage_finished", "classification", "plan",  "sql",   "rows",
      "chart",         "text_delta",     "interrupt",      "error", "usage", "done"};
  for (const auto& name : names) {
    auto type = ParseEventType(name);
    ASSERT_TRUE(type.ok()) << name;
    EXPECT_EQ(EventTypeName(*type), name);
  }
  EXPECT_EQ(ParseEventType("bogus").status().code(), StatusCode::kInvalidArgument);
}

TEST(EventTest, JsonRoundTrip) {
  Event event{7, "t", "t#2", EventType::kSql, "generate", 42, {{"sql", "SELECT 1"}}};
  Json json = EventToJson(event);
  EXPECT_EQ(json["type"], "sql");
  EXPECT_EQ(json["seq"], 7);
  auto back = EventFromJson(json);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(*back, event);
  EXPECT_FALSE(EventFromJson(Json{{"type", "sql"}}).ok());
  EXPECT_FALSE(EventFromJson(Json{{"seq", 1}, {"type", "nope"}}).ok());
}

TEST(EventTest, EmitterStampsSequenceRunAndElapsedTime) {
  FakeClock clock;
  CollectingEventSink sink;
  EventEmitter emitter(sink, clock, "thread", "thread#1", 10);
  emitter.Emit(EventType::kStageStarted, "a", Json::object());
  clock.Advance(250ms);
  Event second = emitter.Emit(EventType::kRows, "a", {{"count", 3}});
  EXPECT_EQ(second.seq, 11);
  EXPECT_EQ(second.elapsed_ms, 250);
  EXPECT_EQ(second.thread_id, "thread");
  EXPECT_EQ(second.run_id, "thread#1");
  EXPECT_EQ(emitter.next_seq(), 12);
  ASSERT_EQ(sink.events().size(), 2u);
  EXPECT_EQ(sink.events()[1], second);
}

TEST(EventTest, EmitterIsSafeAcrossThreadsAndKeepsOrder) {
  FakeClock clock;
  CollectingEventSink sink;
  EventEmitter emitter(sink, clock, "t", "t#1", 0);
  constexpr int kThreads = 4;
  constexpr int kEach = 200;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < kEach; ++i) emitter.Emit(EventType::kTextDelta, "n", {{"i", i}});
    });
  }
  for (auto& thread : threads) thread.join();
  auto events = sink.events();
  ASSERT_EQ(events.size(), static_cast<size_t>(kThreads * kEach));
  for (size_t i = 0; i < events.size(); ++i) EXPECT_EQ(events[i].seq, static_cast<int64_t>(i));
}

TEST(EventTest, FanOutReachesEverySink) {
  CollectingEventSink a;
  CollectingEventSink b;
  FanOutEventSink fan({&a});
  fan.Add(b);
  Event event;
  event.type = EventType::kChart;
  fan.Emit(event);
  EXPECT_EQ(a.types(), std::vector<EventType>{EventType::kChart});
  EXPECT_EQ(b.types(), std::vector<EventType>{EventType::kChart});
  EXPECT_EQ(a.OfType(EventType::kSql).size(), 0u);
  a.Clear();
  EXPECT_TRUE(a.events().empty());
}

}  // namespace
}  // namespace askdb::agent
