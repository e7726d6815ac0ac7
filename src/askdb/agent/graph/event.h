// Run events: what a graph run tells the outside world while it works (stage started and
// finished with timings, classification, plan, SQL, rows, chart, text deltas, interrupt,
// error, usage, done). The CLI draws them as progress, the server streams them as SSE and
// tests assert on them.
//
// An Event is a plain value. EventSink is the consumer interface; Emit may be called from
// the thread running the graph and, when a node streams (text deltas), from a worker thread
// of that node, so every sink here is thread-safe. Sinks must not block for long: they sit
// on the run's critical path. EventEmitter stamps events (sequence number, run id, elapsed
// time) and is what nodes use through NodeContext.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/clock.h"
#include "askdb/common/json.h"
#include "askdb/common/status.h"

namespace askdb::agent {

enum class EventType {
  kStageStarted,
  kStageFinished,
  kClassification,
  kPlan,
  kStep,  // one step of a multi-step plan finished (progress)
  kSql,
  kRows,
  kChart,
  kTextDelta,
  kInterrupt,
  kError,
  kUsage,
  kDone,
  kWarning,   // something the person should know that did not stop the run (plan deviation)
  kSchema,    // the schema level a request read from the schema manager (cached or fetched)
  kEvidence,  // what the knowledge base recalled for the question, with its scores
};

// Stable snake_case name ("stage_started"), used as the SSE event name and in JSON.
std::string_view EventTypeName(EventType type);
// Inverse of EventTypeName; InvalidArgument for an unknown name.
StatusOr<EventType> ParseEventType(std::string_view name);

struct Event {
  // Strictly increasing within a thread, across Run and every Resume, so that an SSE client
  // can resume a stream from the last number it saw.
  int64_t seq = 0;
  std::string thread_id;
  // One id per Run/Resume call ("<thread_id>#<invocation>").
  std::string run_id;
  EventType type = EventType::kDone;
  // The node that emitted it; empty for run-level events (done).
  std::string node;
  // Milliseconds since this Run/Resume call started, by the run's Clock.
  int64_t elapsed_ms = 0;
  Json payload = Json::object();

  bool operator==(const Event& other) const = default;
};

Json EventToJson(const Event& event);
StatusOr<Event> EventFromJson(const Json& json);

class EventSink {
 public:
  virtual ~EventSink() = default;
  virtual void Emit(const Event& event) = 0;
};

// Drops everything; the default when a caller wants no events.
class NullEventSink final : public EventSink {
 public:
  void Emit(const Event&) override {}
};

// Keeps every event in memory, for tests and for callers that render at the end.
class CollectingEventSink final : public EventSink {
 public:
  void Emit(const Event& event) override;
  std::vector<Event> events() const;
  std::vector<EventType> types() const;
  // Events of one type, in order.
  std::vector<Event> OfType(EventType type) const;
  void Clear();

 private:
  mutable std::mutex mu_;
  std::vector<Event> events_;
};

// Forwards each event to several sinks (e.g. the SSE stream and the history recorder).
// The sinks are borrowed and must outlive this object; add them before the run starts.
class FanOutEventSink final : public EventSink {
 public:
  FanOutEventSink() = default;
  explicit FanOutEventSink(std::vector<EventSink*> sinks) : sinks_(std::move(sinks)) {}
  void Add(EventSink& sink) { sinks_.push_back(&sink); }
  void Emit(const Event& event) override;

 private:
  std::vector<EventSink*> sinks_;
};

// Stamps and forwards events for one Run/Resume call. Thread-safe: the sequence number is
// taken and the sink called under one lock, so sinks see events in sequence order.
// The sink and clock are borrowed.
class EventEmitter {
 public:
  EventEmitter(EventSink& sink, const Clock& clock, std::string thread_id, std::string run_id,
               int64_t first_seq);

  // Emits and returns the stamped event.
  Event Emit(EventType type, std::string_view node, Json payload);

  // The number the next event will get.
  int64_t next_seq() const;
  int64_t ElapsedMs() const;
  const Clock& clock() const { return clock_; }
  Clock::TimePoint start() const { return start_; }
  const std::string& thread_id() const { return thread_id_; }
  const std::string& run_id() const { return run_id_; }

 private:
  EventSink& sink_;
  const Clock& clock_;
  const std::string thread_id_;
  const std::string run_id_;
  const Clock::TimePoint start_;
  mutable std::mutex mu_;
  int64_t next_seq_;
};

}  // namespace askdb::agent
