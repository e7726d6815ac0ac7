#include "askdb/agent/graph/checkpoint_store.h"

#include <algorithm>
#include <array>
#include <utility>

namespace askdb::agent {
namespace {

constexpr std::array<std::pair<InterruptKind, std::string_view>, 2> kInterruptKinds = {{
    {InterruptKind::kClarification, "clarification"},
    {InterruptKind::kPlanApproval, "plan_approval"},
}};

constexpr std::array<std::pair<CheckpointStatus, std::string_view>, 6> kStatuses = {{
    {CheckpointStatus::kRunning, "running"},
    {CheckpointStatus::kInterrupted, "interrupted"},
    {CheckpointStatus::kDone, "done"},
    {CheckpointStatus::kFailed, "failed"},
    {CheckpointStatus::kCancelled, "cancelled"},
    {CheckpointStatus::kDeadlineExceeded, "deadline_exceeded"},
}};

// Reads an optional member of an expected JSON type; a missing member keeps the default.
template <typename T, typename Check>
Status ReadMember(const Json& json, const char* key, Check is_type, T* out) {
  auto it = json.find(key);
  if (it == json.end() || it->is_null()) return Status::Ok();
  if (!((*it).*is_type)()) {
    return InvalidArgumentError(std::string("checkpoint JSON member '") + key +
                                "' has the wrong type; the checkpoint is corrupt, delete it "
                                "and start the run again");
  }
  *out = it->template get<T>();
  return Status::Ok();
}

}  // namespace

std::string_view InterruptKindName(InterruptKind kind) {
  for (const auto& [k, name] : kInterruptKinds) {
    if (k == kind) return name;
  }
  return "unknown";
}

StatusOr<InterruptKind> ParseInterruptKind(std::string_view name) {
  for (const auto& [k, n] : kInterruptKinds) {
    if (n == name) return k;
  }
  return InvalidArgumentError("unknown interrupt kind '" + std::string(name) +
                              "'; expected clarification or plan_approval");
}

std::string_view CheckpointStatusName(CheckpointStatus status) {
  for (const auto& [s, name] : kStatuses) {
    if (s == status) return name;
  }
  return "unknown";
}

StatusOr<CheckpointStatus> ParseCheckpointStatus(std::string_view name) {
  for (const auto& [s, n] : kStatuses) {
    if (n == name) return s;
  }
  return InvalidArgumentError("unknown checkpoint status '" + std::string(name) +
                              "'; expected running, interrupted, done, failed, cancelled or "
                              "deadline_exceeded");
}

Json InterruptToJson(const Interrupt& interrupt) {
  Json json = Json::object();
  json["kind"] = std::string(InterruptKindName(interrupt.kind));
  json["node"] = interrupt.node;
  json["payload"] = interrupt.payload;
  return json;
}

StatusOr<Interrupt> InterruptFromJson(const Json& json) {
  if (!json.is_object() || !json.contains("kind") || !json["kind"].is_string()) {
    return InvalidArgumentError("interrupt JSON must be an object with a string 'kind'");
  }
  Interrupt interrupt;
  ASKDB_ASSIGN_OR_RETURN(interrupt.kind, ParseInterruptKind(json["kind"].get<std::string>()));
  ASKDB_RETURN_IF_ERROR(ReadMember(json, "node", &Json::is_string, &interrupt.node));
  if (auto it = json.find("payload"); it != json.end()) interrupt.payload = *it;
  return interrupt;
}

Json CheckpointToJson(const Checkpoint& checkpoint) {
  Json json = Json::object();
  json["thread_id"] = checkpoint.thread_id;
  json["graph"] = checkpoint.graph;
  json["status"] = std::string(CheckpointStatusName(checkpoint.status));
  json["next_node"] = checkpoint.next_node;
  json["state"] = checkpoint.state;
  json["pending"] = checkpoint.pending ? InterruptToJson(*checkpoint.pending) : Json(nullptr);
  json["next_seq"] = checkpoint.next_seq;
  json["steps"] = checkpoint.steps;
  json["invocation"] = checkpoint.invocation;
  json["error"] = checkpoint.error;
  json["updated_at_ms"] = checkpoint.updated_at_ms;
  return json;
}

StatusOr<Checkpoint> CheckpointFromJson(const Json& json) {
  if (!json.is_object() || !json.contains("thread_id") || !json["thread_id"].is_string() ||
      !json.contains("status") || !json["status"].is_string()) {
    return InvalidArgumentError(
        "checkpoint JSON must be an object with string 'thread_id' and 'status'; the "
        "checkpoint is corrupt, delete it and start the run again");
  }
  Checkpoint cp;
  cp.thread_id = json["thread_id"].get<std::string>();
  ASKDB_ASSIGN_OR_RETURN(cp.status, ParseCheckpointStatus(json["status"].get<std::string>()));
  ASKDB_RETURN_IF_ERROR(ReadMember(json, "graph", &Json::is_string, &cp.graph));
  ASKDB_RETURN_IF_ERROR(ReadMember(json, "next_node", &Json::is_string, &cp.next_node));
  ASKDB_RETURN_IF_ERROR(ReadMember(json, "error", &Json::is_string, &cp.error));
  ASKDB_RETURN_IF_ERROR(ReadMember(json, "next_seq", &Json::is_number_integer, &cp.next_seq));
  ASKDB_RETURN_IF_ERROR(ReadMember(json, "steps", &Json::is_number_integer, &cp.steps));
  ASKDB_RETURN_IF_ERROR(ReadMember(json, "invocation", &Json::is_number_integer, &cp.invocation));
  ASKDB_RETURN_IF_ERROR(
      ReadMember(json, "updated_at_ms", &Json::is_number_integer, &cp.updated_at_ms));
  if (auto it = json.find("state"); it != json.end()) cp.state = *it;
  if (auto it = json.find("pending"); it != json.end() && !it->is_null()) {
    ASKDB_ASSIGN_OR_RETURN(cp.pending, InterruptFromJson(*it));
  }
  return cp;
}

Status InMemoryCheckpointStore::Save(const Checkpoint& checkpoint) {
  std::string text = CheckpointToJson(checkpoint).dump();
  std::lock_guard lock(mu_);
  text_by_thread_.insert_or_assign(checkpoint.thread_id, std::move(text));
  ++save_count_;
  return Status::Ok();
}

Status NoCheckpointError(std::string_view thread_id) {
  return NotFoundError("no checkpoint for thread '" + std::string(thread_id) +
                       "', so nothing waits for an answer there; check the thread id, or ask the "
                       "question again");
}

StatusOr<Checkpoint> InMemoryCheckpointStore::Load(std::string_view thread_id) {
  std::string text;
  {
    std::lock_guard lock(mu_);
    auto it = text_by_thread_.find(thread_id);
    if (it == text_by_thread_.end()) {
      return NoCheckpointError(thread_id);
    }
    text = it->second;
  }
  ASKDB_ASSIGN_OR_RETURN(Json json, ParseJson(text));
  return CheckpointFromJson(json);
}

StatusOr<std::vector<CheckpointSummary>> InMemoryCheckpointStore::List() {
  std::vector<std::string> texts;
  {
    std::lock_guard lock(mu_);
    for (const auto& [thread, text] : text_by_thread_) texts.push_back(text);
  }
  std::vector<CheckpointSummary> out;
  for (const auto& text : texts) {
    ASKDB_ASSIGN_OR_RETURN(Json json, ParseJson(text));
    ASKDB_ASSIGN_OR_RETURN(Checkpoint cp, CheckpointFromJson(json));
    out.push_back({cp.thread_id, cp.graph, cp.status, cp.next_node, cp.updated_at_ms});
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const auto& a, const auto& b) { return a.updated_at_ms > b.updated_at_ms; });
  return out;
}

Status InMemoryCheckpointStore::Delete(std::string_view thread_id) {
  std::lock_guard lock(mu_);
  if (auto it = text_by_thread_.find(thread_id); it != text_by_thread_.end()) {
    text_by_thread_.erase(it);
  }
  return Status::Ok();
}

int64_t InMemoryCheckpointStore::save_count() const {
  std::lock_guard lock(mu_);
  return save_count_;
}

}  // namespace askdb::agent
