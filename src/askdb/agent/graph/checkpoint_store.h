// Checkpoints: everything a graph run needs to continue later, in this process or in
// another one after a restart — thread id, the node to run next, the state as JSON, the
// pending question for a person, the next event sequence number. The engine saves one after
// every node; a store keeps the latest checkpoint per thread (a later Save replaces it).
//
// CheckpointStore is the interface (the management store's SQLite file by default, see
// sqlite_checkpoint_store.h). Implementations must be thread-safe. InMemoryCheckpointStore
// keeps each checkpoint as serialised JSON text, so tests exercise the same round trip
// as a durable store.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/json.h"
#include "askdb/common/status.h"

namespace askdb::agent {

// What a node asks a person.
enum class InterruptKind {
  kClarification,  // the question is ambiguous; the answer is the person's clarification
  kPlanApproval,   // a multi-step plan awaits approval; the answer approves, edits or rejects
};

std::string_view InterruptKindName(InterruptKind kind);  // "clarification", "plan_approval"
StatusOr<InterruptKind> ParseInterruptKind(std::string_view name);

struct Interrupt {
  InterruptKind kind = InterruptKind::kClarification;
  // The node that asked; Resume re-runs it with the answer.
  std::string node;
  // What to show the person (question text, options, the plan...), defined by the node.
  Json payload = Json::object();

  bool operator==(const Interrupt& other) const = default;
};

Json InterruptToJson(const Interrupt& interrupt);
StatusOr<Interrupt> InterruptFromJson(const Json& json);

enum class CheckpointStatus {
  kRunning,           // saved between nodes; a crash leaves this, Resume continues
  kInterrupted,       // waiting for a person's answer
  kDone,              // finished; cannot be resumed
  kFailed,            // a node failed; state is from before that node, Resume retries it
  kCancelled,         // cancelled; Resume continues at next_node
  kDeadlineExceeded,  // out of time; Resume continues at next_node
};

std::string_view CheckpointStatusName(CheckpointStatus status);  // "running", "interrupted"...
StatusOr<CheckpointStatus> ParseCheckpointStatus(std::string_view name);

struct Checkpoint {
  std::string thread_id;
  // Name of the graph that wrote it; Resume refuses a checkpoint of another graph.
  std::string graph;
  CheckpointStatus status = CheckpointStatus::kRunning;
  // The node to run on Resume; empty when done.
  std::string next_node;
  Json state = Json::object();
  std::optional<Interrupt> pending;
  // Sequence number of the next event of this thread.
  int64_t next_seq = 0;
  // Nodes run so far in this thread, over all Run/Resume calls.
  int64_t steps = 0;
  // Number of Run/Resume calls so far; names the run ids ("<thread>#<invocation>").
  int64_t invocation = 0;
  // Why the last call failed (Status::ToString), for kFailed/kCancelled/kDeadlineExceeded.
  std::string error;
  // When it was saved, milliseconds since the Unix epoch by the engine's clock.
  int64_t updated_at_ms = 0;

  bool operator==(const Checkpoint& other) const = default;
};

Json CheckpointToJson(const Checkpoint& checkpoint);
StatusOr<Checkpoint> CheckpointFromJson(const Json& json);

// One line of List: enough to show a thread without loading its state.
struct CheckpointSummary {
  std::string thread_id;
  std::string graph;
  CheckpointStatus status = CheckpointStatus::kRunning;
  std::string next_node;
  int64_t updated_at_ms = 0;
};

// Every store's NotFound for a thread it has no checkpoint of, in words for the person who
// gave the thread id (askdb ask --thread, the resume API, MCP's thread_id).
Status NoCheckpointError(std::string_view thread_id);

class CheckpointStore {
 public:
  virtual ~CheckpointStore() = default;

  // Stores `checkpoint` as the latest one of its thread, atomically (all or nothing).
  virtual Status Save(const Checkpoint& checkpoint) = 0;
  // NotFound when the thread has no checkpoint.
  virtual StatusOr<Checkpoint> Load(std::string_view thread_id) = 0;
  // All threads, most recently updated first.
  virtual StatusOr<std::vector<CheckpointSummary>> List() = 0;
  // Removes the thread's checkpoint; OK when there was none (deleting is idempotent).
  virtual Status Delete(std::string_view thread_id) = 0;
};

class InMemoryCheckpointStore final : public CheckpointStore {
 public:
  Status Save(const Checkpoint& checkpoint) override;
  StatusOr<Checkpoint> Load(std::string_view thread_id) override;
  StatusOr<std::vector<CheckpointSummary>> List() override;
  Status Delete(std::string_view thread_id) override;

  // Number of Save calls so far (tests check "a checkpoint after every node").
  int64_t save_count() const;

 private:
  mutable std::mutex mu_;
  std::map<std::string, std::string, std::less<>> text_by_thread_;
  int64_t save_count_ = 0;
};

}  // namespace askdb::agent
