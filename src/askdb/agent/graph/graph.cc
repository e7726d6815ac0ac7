#include "askdb/agent/graph/graph.h"

#include <algorithm>
#include <chrono>
#include <deque>
#include <exception>
#include <set>

namespace askdb::agent {
namespace graph_internal {

struct EdgeDef {
  // Static edge: `to` set, router empty. Conditional: router set, `targets` its choices.
  std::string to;
  ErasedRouter router;
  std::vector<std::string> targets;
};

struct GraphDef {
  std::string name;
  std::string entry;
  std::vector<std::string> order;  // node names in the order they were added
  std::map<std::string, ErasedNodeFn, std::less<>> nodes;
  std::map<std::string, EdgeDef, std::less<>> edges;
  ErasedToJson to_json;
};

// Nodes and edges as they were added, before Build checks them.
using NodeList = std::vector<std::pair<std::string, ErasedNodeFn>>;
using EdgeList = std::vector<std::pair<std::string, EdgeDef>>;

struct GraphBuilderCore::Parts {
  std::string name;
  std::string entry;
  NodeList nodes;
  EdgeList edges;
};

GraphBuilderCore::GraphBuilderCore(std::string name) : parts_(std::make_unique<Parts>()) {
  parts_->name = std::move(name);
}
GraphBuilderCore::~GraphBuilderCore() = default;
GraphBuilderCore::GraphBuilderCore(GraphBuilderCore&&) noexcept = default;
GraphBuilderCore& GraphBuilderCore::operator=(GraphBuilderCore&&) noexcept = default;

void GraphBuilderCore::AddNode(std::string name, ErasedNodeFn fn) {
  parts_->nodes.emplace_back(std::move(name), std::move(fn));
}

void GraphBuilderCore::AddEdge(std::string from, std::string to) {
  parts_->edges.emplace_back(std::move(from), EdgeDef{std::move(to), nullptr, {}});
}

void GraphBuilderCore::AddConditionalEdge(std::string from, ErasedRouter router,
                                          std::vector<std::string> targets) {
  parts_->edges.emplace_back(std::move(from),
                             EdgeDef{std::string(), std::move(router), std::move(targets)});
}

void GraphBuilderCore::SetEntry(std::string node) { parts_->entry = std::move(node); }

namespace {

std::vector<std::string> Targets(const EdgeDef& edge) {
  return edge.router ? edge.targets : std::vector<std::string>{edge.to};
}

std::string JoinNames(const std::set<std::string>& names) {
  std::string out;
  for (const auto& name : names) {
    if (!out.empty()) out += ", ";
    out += "'" + name + "'";
  }
  return out;
}

const std::string& End() {
  static const std::string end(kEndNode);
  return end;
}

// Keeps the nodes with a usable, unique name and a function, in the order they were added.
void AddNodes(const NodeList& nodes, GraphDef& def, std::vector<std::string>& errors) {
  for (const auto& [name, fn] : nodes) {
    if (name.empty()) {
      errors.push_back("a node has an empty name");
    } else if (name == End()) {
      errors.push_back("'" + End() + "' is reserved for the end of the run; rename the node");
    } else if (!fn) {
      errors.push_back("node '" + name + "' has no function");
    } else if (!def.nodes.emplace(name, fn).second) {
      errors.push_back("node '" + name + "' is added twice");
    } else {
      def.order.push_back(name);
    }
  }
}

// What is wrong with the edge from `from` (empty: it can be kept): it leaves the end or an
// unknown node, is the node's second edge, is a conditional edge without its router or
// targets, or goes to unknown nodes.
std::vector<std::string> EdgeErrors(const std::string& from, const EdgeDef& edge,
                                    const GraphDef& def) {
  auto known = [&](const std::string& name) { return def.nodes.count(name) > 0; };
  if (from == End()) return {"an edge leaves '" + End() + "'; nothing runs after the end"};
  if (!known(from)) return {"an edge leaves unknown node '" + from + "'"};
  if (def.edges.count(from) > 0) {
    return {"node '" + from + "' has two outgoing edges; use one conditional edge to branch"};
  }
  if (edge.router == nullptr && !edge.targets.empty()) {
    return {"the conditional edge from '" + from + "' has no router function"};
  }
  if (edge.router != nullptr && edge.targets.empty()) {
    return {"the conditional edge from '" + from + "' lists no possible targets"};
  }
  std::vector<std::string> errors;
  for (const auto& to : Targets(edge)) {
    if (to != End() && !known(to)) {
      errors.push_back("the edge from '" + from + "' goes to unknown node '" + to + "'");
    }
  }
  return errors;
}

void AddEdges(const EdgeList& edges, GraphDef& def, std::vector<std::string>& errors) {
  for (const auto& [from, edge] : edges) {
    std::vector<std::string> wrong = EdgeErrors(from, edge, def);
    if (wrong.empty()) def.edges.emplace(from, edge);
    errors.insert(errors.end(), wrong.begin(), wrong.end());
  }
}

void CheckEntry(const GraphDef& def, std::vector<std::string>& errors) {
  if (def.entry.empty()) {
    errors.push_back("no entry node; call SetEntry");
  } else if (def.nodes.count(def.entry) == 0) {
    errors.push_back("the entry node '" + def.entry + "' is not a node of the graph");
  }
}

// Every node needs an edge out. A node whose only edge was rejected already has an error.
void CheckEveryNodeHasAnEdge(const EdgeList& edges, const GraphDef& def,
                             std::vector<std::string>& errors) {
  for (const auto& name : def.order) {
    const bool has_any_edge = std::any_of(edges.begin(), edges.end(),
                                          [&](const auto& edge) { return edge.first == name; });
    if (!has_any_edge) {
      errors.push_back("node '" + name + "' has no outgoing edge; add one (to '" + End() +
                       "' if the run ends there)");
    }
  }
}

// The nodes no path from the entry reaches.
std::set<std::string> Unreachable(const GraphDef& def) {
  std::set<std::string> reached{def.entry};
  std::deque<std::string> queue{def.entry};
  while (!queue.empty()) {
    std::string node = queue.front();
    queue.pop_front();
    for (const auto& to : Targets(def.edges.at(node))) {
      if (to != End() && reached.insert(to).second) queue.push_back(to);
    }
  }
  std::set<std::string> unreachable;
  for (const auto& name : def.order) {
    if (reached.count(name) == 0) unreachable.insert(name);
  }
  return unreachable;
}

// The nodes with no path to the end, found backwards from it.
std::set<std::string> CannotFinish(const GraphDef& def) {
  std::set<std::string> finishes;
  bool grew = true;
  while (grew) {
    grew = false;
    for (const auto& [from, edge] : def.edges) {
      if (finishes.count(from) > 0) continue;
      for (const auto& to : Targets(edge)) {
        if (to == End() || finishes.count(to) > 0) {
          finishes.insert(from);
          grew = true;
          break;
        }
      }
    }
  }
  std::set<std::string> stuck;
  for (const auto& name : def.order) {
    if (finishes.count(name) == 0) stuck.insert(name);
  }
  return stuck;
}

// Every node reachable from the entry, and able to finish. Only once names resolve.
void CheckShape(const GraphDef& def, std::vector<std::string>& errors) {
  if (std::set<std::string> unreachable = Unreachable(def); !unreachable.empty()) {
    errors.push_back("nodes " + JoinNames(unreachable) + " cannot be reached from entry '" +
                     def.entry + "'; add edges to them or remove them");
  }
  if (std::set<std::string> stuck = CannotFinish(def); !stuck.empty()) {
    errors.push_back("nodes " + JoinNames(stuck) + " have no path to '" + End() +
                     "'; the run would loop until max_steps");
  }
}

Status InvalidGraph(const std::string& name, const std::vector<std::string>& errors) {
  std::string message = "graph '" + name + "' is invalid: ";
  for (size_t i = 0; i < errors.size(); ++i) {
    if (i > 0) message += "; ";
    message += errors[i];
  }
  return InvalidArgumentError(std::move(message));
}

}  // namespace

// Checks the whole shape at once, so that one error message lists every mistake.
StatusOr<std::shared_ptr<const GraphDef>> GraphBuilderCore::Build(ErasedToJson to_json) const {
  auto def = std::make_shared<GraphDef>();
  def->name = parts_->name;
  def->entry = parts_->entry;
  def->to_json = std::move(to_json);
  std::vector<std::string> errors;
  if (def->name.empty()) errors.push_back("the graph has no name");
  AddNodes(parts_->nodes, *def, errors);
  AddEdges(parts_->edges, *def, errors);
  CheckEntry(*def, errors);
  CheckEveryNodeHasAnEdge(parts_->edges, *def, errors);
  if (errors.empty()) CheckShape(*def, errors);
  if (!errors.empty()) return InvalidGraph(def->name, errors);
  return std::shared_ptr<const GraphDef>(std::move(def));
}

const std::string& GraphName(const GraphDef& def) { return def.name; }
std::vector<std::string> GraphNodeNames(const GraphDef& def) { return def.order; }

namespace {

int64_t EpochMs(Clock::TimePoint t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}

CheckpointStatus StatusForFailure(StatusCode code) {
  switch (code) {
    case StatusCode::kCancelled:
      return CheckpointStatus::kCancelled;
    case StatusCode::kDeadlineExceeded:
      return CheckpointStatus::kDeadlineExceeded;
    default:
      return CheckpointStatus::kFailed;
  }
}

// One Run/Resume call: the loop over nodes and its bookkeeping.
class Execution {
 public:
  Execution(const GraphDef& def, CheckpointStore& store, const RunnerOptions& options,
            const RunControls& controls, Checkpoint checkpoint, void* state)
      : def_(def),
        store_(store),
        options_(options),
        clock_(options.clock != nullptr ? *options.clock : Clock::System()),
        cancel_(controls.cancel),
        last_(std::move(checkpoint)),
        state_(state),
        emitter_(controls.sink != nullptr ? *controls.sink : null_sink_, clock_, last_.thread_id,
                 NextRunId(last_), last_.next_seq) {
    auto timeout = controls.timeout ? controls.timeout : options.default_timeout;
    if (timeout) deadline_ = emitter_.start() + *timeout;
  }

  StatusOr<CoreResult> Loop(const Json* resume_value) {
    const int64_t invocation = last_.invocation + 1;
    std::string current = last_.next_node;
    const int64_t steps_before = last_.steps;
    int64_t steps = 0;
    while (true) {
      if (Status stop = StopBefore(current, steps); !stop.ok()) {
        return Fail(stop, current, invocation);
      }
      auto node = def_.nodes.find(current);
      emitter_.Emit(EventType::kStageStarted, current, {{"step", steps_before + steps + 1}});
      const Clock::TimePoint started = clock_.Now();
      NodeContext context(emitter_, current, resume_value, cancel_, deadline_);
      StatusOr<NodeOutcome> outcome = RunNode(node->second, context);
      resume_value = nullptr;  // only the node that asked sees the answer
      if (!outcome.ok()) {
        // The user reads the node's own message; the node is named in the error event and
        // in the checkpoint's record (the run history), not in front of the message.
        return Fail(outcome.status(), current, invocation);
      }
      ++steps;
      const int64_t duration_ms =
          std::chrono::duration_cast<std::chrono::milliseconds>(clock_.Now() - started).count();
      StatusOr<Checkpoint> next = NextCheckpoint(steps_before + steps, invocation);
      if (!next.ok()) return Fail(next.status(), current, invocation);
      if (outcome->kind() == NodeOutcome::Kind::kInterrupt) {
        return Interrupted(*outcome, current, duration_ms, *std::move(next), steps);
      }
      StatusOr<std::string> to = NextNode(*outcome, current);
      if (!to.ok()) return Fail(to.status(), current, invocation);
      emitter_.Emit(EventType::kStageFinished, current,
                    {{"duration_ms", duration_ms},
                     {"outcome", outcome->kind() == NodeOutcome::Kind::kEnd ? "end" : "continue"},
                     {"next", *to}});
      if (*to == kEndNode) return Completed(*std::move(next), current, steps);
      next->status = CheckpointStatus::kRunning;
      next->next_node = *to;
      next->next_seq = emitter_.next_seq();
      ASKDB_RETURN_IF_ERROR(SaveOrFail(*next, current));
      last_ = *std::move(next);
      current = *std::move(to);
    }
  }

  // Why the run stops before `current`: cancelled, out of time, or too many nodes (a loop).
  Status StopBefore(const std::string& current, int64_t steps) const {
    if (cancel_ != nullptr && cancel_->IsCancelled()) {
      return CancelledError("run " + emitter_.run_id() + " was cancelled before node '" + current +
                            "'; Resume the thread to continue there");
    }
    if (deadline_ && clock_.Now() >= *deadline_) {
      return DeadlineExceededError("run " + emitter_.run_id() + " ran out of time before node '" +
                                   current + "'; Resume the thread or allow a longer timeout");
    }
    if (steps >= options_.max_steps) {
      return ResourceExhaustedError(
          "run " + emitter_.run_id() + " ran " + std::to_string(steps) +
          " nodes without finishing (max_steps); the graph probably loops — "
          "check its conditional edges or raise RunnerOptions::max_steps");
    }
    return Status::Ok();
  }

  // The checkpoint after a node ran: the state now, its counts; status and next node to set.
  StatusOr<Checkpoint> NextCheckpoint(int64_t steps_total, int64_t invocation) {
    ASKDB_ASSIGN_OR_RETURN(Json state, StateJson());
    Checkpoint next = last_;
    next.state = std::move(state);
    next.steps = steps_total;
    next.invocation = invocation;
    next.pending.reset();
    next.error.clear();
    return next;
  }

  // Where a node that ran sends the run: its conditional edge, or the end.
  StatusOr<std::string> NextNode(const NodeOutcome& outcome, const std::string& current) {
    if (outcome.kind() != NodeOutcome::Kind::kContinue) return std::string(kEndNode);
    return Route(current);
  }

  // A node asked the caller something: the thread waits at it, saved.
  StatusOr<CoreResult> Interrupted(const NodeOutcome& outcome, const std::string& current,
                                   int64_t duration_ms, Checkpoint next, int64_t steps) {
    Interrupt interrupt{outcome.interrupt_kind(), current, outcome.payload()};
    emitter_.Emit(EventType::kStageFinished, current,
                  {{"duration_ms", duration_ms}, {"outcome", "interrupt"}});
    emitter_.Emit(EventType::kInterrupt, current, InterruptToJson(interrupt));
    next.status = CheckpointStatus::kInterrupted;
    next.next_node = current;
    next.pending = interrupt;
    // +1: the done event below is numbered before the next call starts.
    next.next_seq = emitter_.next_seq() + 1;
    ASKDB_RETURN_IF_ERROR(SaveOrFail(next, current));
    emitter_.Emit(EventType::kDone, "", {{"status", "interrupted"}, {"steps", steps}});
    return CoreResult{RunOutcome::kInterrupted, std::move(interrupt), emitter_.run_id(), steps};
  }

  // The graph reached its end: the thread is done, saved.
  StatusOr<CoreResult> Completed(Checkpoint next, const std::string& current, int64_t steps) {
    next.status = CheckpointStatus::kDone;
    next.next_node.clear();
    next.next_seq = emitter_.next_seq() + 1;  // the done event
    ASKDB_RETURN_IF_ERROR(SaveOrFail(next, current));
    emitter_.Emit(EventType::kDone, "", {{"status", "completed"}, {"steps", steps}});
    return CoreResult{RunOutcome::kCompleted, std::nullopt, emitter_.run_id(), steps};
  }

  // Saves the checkpoint a Run starts from, so that a crash in the first node can resume.
  Status SaveInitial() {
    StatusOr<Json> state_json = StateJson();
    if (!state_json.ok()) return state_json.status();
    last_.state = std::move(state_json).value();
    last_.updated_at_ms = EpochMs(clock_.Now());
    return store_.Save(last_);
  }

 private:
  static std::string NextRunId(const Checkpoint& checkpoint) {
    return checkpoint.thread_id + "#" + std::to_string(checkpoint.invocation + 1);
  }

  StatusOr<NodeOutcome> RunNode(const ErasedNodeFn& fn, NodeContext& context) const {
    try {
      return fn(state_, context);
    } catch (const std::exception& e) {
      return InternalError(std::string("threw an exception: ") + e.what() +
                           "; nodes must return a Status instead of throwing");
    }
  }

  StatusOr<Json> StateJson() const {
    try {
      return def_.to_json(state_);
    } catch (const std::exception& e) {
      return InternalError(std::string("serialising the run state failed: ") + e.what());
    }
  }

  StatusOr<std::string> Route(const std::string& from) const {
    const EdgeDef& edge = def_.edges.at(from);
    if (!edge.router) return edge.to;
    std::string to;
    try {
      to = edge.router(state_);
    } catch (const std::exception& e) {
      return InternalError("the router after node '" + from + "' threw: " + e.what());
    }
    if (std::find(edge.targets.begin(), edge.targets.end(), to) == edge.targets.end()) {
      return InternalError("the router after node '" + from + "' chose '" + to +
                           "', which is not among the targets declared in "
                           "AddConditionalEdge; declare it or fix the router");
    }
    return to;
  }

  Status SaveOrFail(Checkpoint& checkpoint, const std::string& node) {
    checkpoint.updated_at_ms = EpochMs(clock_.Now());
    Status saved = store_.Save(checkpoint);
    if (saved.ok()) return saved;
    Status status = saved.WithContext("saving the checkpoint after node '" + node + "'");
    emitter_.Emit(
        EventType::kError, node,
        {{"code", std::string(StatusCodeName(status.code()))}, {"message", status.message()}});
    return status;
  }

  // Emits the error event and records the failure on the last good checkpoint (its state is
  // from before `node`, so Resume retries the node).
  Status Fail(Status status, const std::string& node, int64_t invocation) {
    emitter_.Emit(
        EventType::kError, node,
        {{"code", std::string(StatusCodeName(status.code()))}, {"message", status.message()}});
    Checkpoint failed = last_;
    failed.status = StatusForFailure(status.code());
    failed.error = "node '" + node + "': " + status.ToString();
    failed.next_seq = emitter_.next_seq();
    failed.invocation = invocation;
    failed.updated_at_ms = EpochMs(clock_.Now());
    Status saved = store_.Save(failed);
    if (!saved.ok()) {
      return Status(status.code(), status.message() + " (and recording the failure failed: " +
                                       saved.message() + ")");
    }
    return status;
  }

  const GraphDef& def_;
  CheckpointStore& store_;
  const RunnerOptions& options_;
  const Clock& clock_;
  std::shared_ptr<const CancellationToken> cancel_;
  NullEventSink null_sink_;
  Checkpoint last_;
  void* state_;
  EventEmitter emitter_;
  std::optional<Clock::TimePoint> deadline_;
};

}  // namespace

StatusOr<CoreResult> Start(const GraphDef& def, CheckpointStore& store,
                           const RunnerOptions& options, std::string_view thread_id, void* state,
                           const RunControls& controls) {
  if (thread_id.empty()) return InvalidArgumentError("Run needs a non-empty thread id");
  Checkpoint checkpoint;
  // A new run on a known thread keeps numbering events and runs where the last one stopped.
  StatusOr<Checkpoint> previous = store.Load(thread_id);
  if (previous.ok()) {
    checkpoint.next_seq = previous->next_seq;
    checkpoint.invocation = previous->invocation;
  } else if (previous.status().code() != StatusCode::kNotFound &&
             previous.status().code() != StatusCode::kInvalidArgument) {
    return previous.status().WithContext("loading the previous checkpoint of thread " +
                                         std::string(thread_id));
  }
  checkpoint.thread_id = std::string(thread_id);
  checkpoint.graph = def.name;
  checkpoint.status = CheckpointStatus::kRunning;
  checkpoint.next_node = def.entry;
  Execution execution(def, store, options, controls, std::move(checkpoint), state);
  ASKDB_RETURN_IF_ERROR(execution.SaveInitial());
  return execution.Loop(nullptr);
}

StatusOr<Checkpoint> LoadForResume(const GraphDef& def, CheckpointStore& store,
                                   std::string_view thread_id) {
  ASKDB_ASSIGN_OR_RETURN(Checkpoint checkpoint, store.Load(thread_id));
  if (checkpoint.graph != def.name) {
    return FailedPreconditionError("thread " + std::string(thread_id) + " belongs to graph '" +
                                   checkpoint.graph + "', not '" + def.name +
                                   "'; resume it with the graph that started it");
  }
  if (checkpoint.status == CheckpointStatus::kDone) {
    return FailedPreconditionError("thread " + std::string(thread_id) +
                                   " has already finished, so nothing waits for an answer; ask "
                                   "a new question (in the same thread to follow up)");
  }
  if (def.nodes.count(checkpoint.next_node) == 0) {
    return FailedPreconditionError("thread " + std::string(thread_id) + " stopped at node '" +
                                   checkpoint.next_node + "', which graph '" + def.name +
                                   "' no longer has; delete the checkpoint and run again");
  }
  return checkpoint;
}

StatusOr<CoreResult> Continue(const GraphDef& def, CheckpointStore& store,
                              const RunnerOptions& options, Checkpoint checkpoint, void* state,
                              Json answer, const RunControls& controls) {
  const bool asked = checkpoint.pending.has_value();
  Execution execution(def, store, options, controls, std::move(checkpoint), state);
  return execution.Loop(asked ? &answer : nullptr);
}

}  // namespace graph_internal

Status NodeContext::CheckAlive() const {
  if (IsCancelled()) {
    return CancelledError("run " + run_id() + " was cancelled during node '" + node_ + "'");
  }
  if (deadline_ && clock().Now() >= *deadline_) {
    return DeadlineExceededError("run " + run_id() + " ran out of time during node '" + node_ +
                                 "'; allow a longer timeout or simplify the question");
  }
  return Status::Ok();
}

}  // namespace askdb::agent
