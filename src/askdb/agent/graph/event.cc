#include "askdb/agent/graph/event.h"

#include <array>
#include <chrono>
#include <utility>

namespace askdb::agent {
namespace {

struct TypeName {
  EventType type;
  std::string_view name;
};

constexpr std::array<TypeName, 16> kTypeNames = {{
    {EventType::kStageStarted, "stage_started"},
    {EventType::kStageFinished, "stage_finished"},
    {EventType::kClassification, "classification"},
    {EventType::kPlan, "plan"},
    {EventType::kStep, "step"},
    {EventType::kSql, "sql"},
    {EventType::kRows, "rows"},
    {EventType::kChart, "chart"},
    {EventType::kTextDelta, "text_delta"},
    {EventType::kInterrupt, "interrupt"},
    {EventType::kError, "error"},
    {EventType::kUsage, "usage"},
    {EventType::kDone, "done"},
    {EventType::kWarning, "warning"},
    {EventType::kSchema, "schema"},
    {EventType::kEvidence, "evidence"},
}};

}  // namespace

std::string_view EventTypeName(EventType type) {
  for (const auto& entry : kTypeNames) {
    if (entry.type == type) return entry.name;
  }
  return "unknown";
}

StatusOr<EventType> ParseEventType(std::string_view name) {
  for (const auto& entry : kTypeNames) {
    if (entry.name == name) return entry.type;
  }
  return InvalidArgumentError(
      "unknown event type '" + std::string(name) +
      "'; expected one of stage_started, stage_finished, "
      "classification, plan, step, sql, rows, chart, text_delta, interrupt, "
      "error, usage, done");
}

Json EventToJson(const Event& event) {
  Json json = Json::object();
  json["seq"] = event.seq;
  json["thread_id"] = event.thread_id;
  json["run_id"] = event.run_id;
  json["type"] = std::string(EventTypeName(event.type));
  json["node"] = event.node;
  json["elapsed_ms"] = event.elapsed_ms;
  json["payload"] = event.payload;
  return json;
}

StatusOr<Event> EventFromJson(const Json& json) {
  if (!json.is_object() || !json.contains("seq") || !json["seq"].is_number_integer() ||
      !json.contains("type") || !json["type"].is_string()) {
    return InvalidArgumentError(
        "event JSON must be an object with an integer 'seq' and a string 'type'");
  }
  Event event;
  event.seq = json["seq"].get<int64_t>();
  ASKDB_ASSIGN_OR_RETURN(event.type, ParseEventType(json["type"].get<std::string>()));
  auto text = [&](const char* key) {
    auto it = json.find(key);
    return it != json.end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  event.thread_id = text("thread_id");
  event.run_id = text("run_id");
  event.node = text("node");
  if (auto it = json.find("elapsed_ms"); it != json.end() && it->is_number_integer()) {
    event.elapsed_ms = it->get<int64_t>();
  }
  if (auto it = json.find("payload"); it != json.end()) event.payload = *it;
  return event;
}

void CollectingEventSink::Emit(const Event& event) {
  std::lock_guard lock(mu_);
  events_.push_back(event);
}

std::vector<Event> CollectingEventSink::events() const {
  std::lock_guard lock(mu_);
  return events_;
}

std::vector<EventType> CollectingEventSink::types() const {
  std::lock_guard lock(mu_);
  std::vector<EventType> types;
  types.reserve(events_.size());
  for (const auto& event : events_) types.push_back(event.type);
  return types;
}

std::vector<Event> CollectingEventSink::OfType(EventType type) const {
  std::lock_guard lock(mu_);
  std::vector<Event> out;
  for (const auto& event : events_) {
    if (event.type == type) out.push_back(event);
  }
  return out;
}

void CollectingEventSink::Clear() {
  std::lock_guard lock(mu_);
  events_.clear();
}

void FanOutEventSink::Emit(const Event& event) {
  for (EventSink* sink : sinks_) sink->Emit(event);
}

EventEmitter::EventEmitter(EventSink& sink, const Clock& clock, std::string thread_id,
                           std::string run_id, int64_t first_seq)
    : sink_(sink),
      clock_(clock),
      thread_id_(std::move(thread_id)),
      run_id_(std::move(run_id)),
      start_(clock.Now()),
      next_seq_(first_seq) {}

Event EventEmitter::Emit(EventType type, std::string_view node, Json payload) {
  Event event;
  event.thread_id = thread_id_;
  event.run_id = run_id_;
  event.type = type;
  event.node = std::string(node);
  event.payload = std::move(payload);
  std::lock_guard lock(mu_);
  event.seq = next_seq_++;
  event.elapsed_ms = ElapsedMs();
  sink_.Emit(event);
  return event;
}

int64_t EventEmitter::next_seq() const {
  std::lock_guard lock(mu_);
  return next_seq_;
}

int64_t EventEmitter::ElapsedMs() const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(clock_.Now() - start_).count();
}

}  // namespace askdb::agent
