// The graph engine: nodes joined by static and conditional edges, run over a typed state S
// with a checkpoint after every node, events to an EventSink, interrupts that ask a person
// and end the run (Resume continues at that node, in this process or another), cancellation,
// a per-run deadline and a max-steps guard against cycles.
//
//   GraphBuilder<S> b("toy", codec);           // codec: S <-> Json for checkpoints
//   b.AddNode("classify", fn).AddNode(...);    // fn: StatusOr<NodeOutcome>(S&, NodeContext&)
//   b.AddEdge("classify", "answer");           // static edge
//   b.AddConditionalEdge("answer", router, {"chart", kEndNode});  // router: string(const S&)
//   b.SetEntry("classify");
//   ASKDB_ASSIGN_OR_RETURN(Graph<S> graph, b.Build());   // validates the whole shape
//   Runner<S> runner(graph, store);
//   runner.Run(thread_id, initial, controls);  // → completed or interrupted
//   runner.Resume(thread_id, answer, controls);
//
// A node that returns NodeOutcome::Ask(...) ends the call with RunOutcome::kInterrupted; the
// checkpoint holds the question. Resume re-runs that node with NodeContext::resume_value()
// set to the answer. A node error, cancellation, deadline or max-steps ends the call with
// that Status after an error event; the checkpoint keeps the state from before the failing
// node, so Resume retries it.
//
// Ownership: Graph is an immutable, cheaply copyable handle (shared). Runner borrows the
// CheckpointStore, the clock and the sinks. Runner is thread-safe for calls on different
// thread ids; two concurrent calls on one thread id race on its checkpoint (last save wins),
// so callers serialise per thread id. The type-erased engine lives in graph.cc; this header
// holds only the thin typed layer.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "askdb/agent/graph/checkpoint_store.h"
#include "askdb/agent/graph/event.h"
#include "askdb/common/cancellation.h"
#include "askdb/common/clock.h"
#include "askdb/common/json.h"
#include "askdb/common/status.h"

namespace askdb::agent {

// The pseudo-node that ends a run; use it as an edge target.
inline constexpr std::string_view kEndNode = "__end__";
// Default bound on nodes run in one Run/Resume call (guards against cycles).
inline constexpr int kDefaultMaxSteps = 100;

// What a node tells the engine to do next.
class NodeOutcome {
 public:
  enum class Kind { kContinue, kInterrupt, kEnd };

  // Follow the node's outgoing edge.
  static NodeOutcome Continue() { return NodeOutcome(Kind::kContinue); }
  // Finish the run now, whatever the edges say.
  static NodeOutcome End() { return NodeOutcome(Kind::kEnd); }
  // Ask a person; the run saves a checkpoint and ends until Resume.
  static NodeOutcome Ask(InterruptKind kind, Json payload) {
    NodeOutcome outcome(Kind::kInterrupt);
    outcome.interrupt_kind_ = kind;
    outcome.payload_ = std::move(payload);
    return outcome;
  }

  Kind kind() const { return kind_; }
  InterruptKind interrupt_kind() const { return interrupt_kind_; }
  const Json& payload() const { return payload_; }

 private:
  explicit NodeOutcome(Kind kind) : kind_(kind) {}
  Kind kind_;
  InterruptKind interrupt_kind_ = InterruptKind::kClarification;
  Json payload_;
};

// What a node sees of its run. Built by the engine for each node; tests of a single node
// may build one over their own EventEmitter. Borrows everything; valid during Run only.
class NodeContext {
 public:
  NodeContext(EventEmitter& emitter, std::string node, const Json* resume_value = nullptr,
              std::shared_ptr<const CancellationToken> cancel = nullptr,
              std::optional<Clock::TimePoint> deadline = std::nullopt)
      : emitter_(emitter),
        node_(std::move(node)),
        resume_value_(resume_value),
        cancel_(std::move(cancel)),
        deadline_(deadline) {}

  const std::string& thread_id() const { return emitter_.thread_id(); }
  const std::string& run_id() const { return emitter_.run_id(); }
  const std::string& node() const { return node_; }

  // The person's answer when this node asked and the run was resumed; null otherwise.
  const Json* resume_value() const { return resume_value_; }

  const Clock& clock() const { return emitter_.clock(); }
  std::optional<Clock::TimePoint> deadline() const { return deadline_; }
  // Pass to long operations (SQL, LLM calls) so that they stop when the run is cancelled.
  const std::shared_ptr<const CancellationToken>& cancellation() const { return cancel_; }
  bool IsCancelled() const { return cancel_ != nullptr && cancel_->IsCancelled(); }
  // Cancelled or DeadlineExceeded when the node should stop now; OK otherwise.
  Status CheckAlive() const;

  // Emits a domain event (classification, plan, sql, rows, chart, text_delta, usage...)
  // stamped with this node's name.
  void Emit(EventType type, Json payload) { emitter_.Emit(type, node_, std::move(payload)); }

 private:
  EventEmitter& emitter_;
  std::string node_;
  const Json* resume_value_;
  std::shared_ptr<const CancellationToken> cancel_;
  std::optional<Clock::TimePoint> deadline_;
};

// Serialises the state for checkpoints. from_json must accept whatever to_json produced.
template <typename S>
struct StateCodec {
  std::function<Json(const S&)> to_json;
  std::function<StatusOr<S>(const Json&)> from_json;
};

// A node as a class, for nodes with dependencies (an LLM client, a connector).
template <typename S>
class Node {
 public:
  virtual ~Node() = default;
  virtual std::string name() const = 0;
  virtual StatusOr<NodeOutcome> Run(S& state, NodeContext& context) = 0;
};

struct RunnerOptions {
  int max_steps = kDefaultMaxSteps;
  // Time limit of each Run/Resume call unless RunControls::timeout says otherwise.
  std::optional<Clock::Duration> default_timeout;
  // Borrowed; null means Clock::System().
  const Clock* clock = nullptr;
};

// Per-call controls.
struct RunControls {
  EventSink* sink = nullptr;  // borrowed; null drops events
  std::shared_ptr<const CancellationToken> cancel;
  std::optional<Clock::Duration> timeout;
};

enum class RunOutcome { kCompleted, kInterrupted };

template <typename S>
struct RunResult {
  RunOutcome outcome = RunOutcome::kCompleted;
  S state;
  std::optional<Interrupt> interrupt;  // set when interrupted
  std::string run_id;
  int64_t steps = 0;  // nodes run by this call
};

namespace graph_internal {

using ErasedNodeFn = std::function<StatusOr<NodeOutcome>(void* state, NodeContext& context)>;
using ErasedRouter = std::function<std::string(const void* state)>;
using ErasedToJson = std::function<Json(const void* state)>;

struct GraphDef;  // defined in graph.cc

// Collects the shape; Build validates it all at once.
class GraphBuilderCore {
 public:
  explicit GraphBuilderCore(std::string name);
  ~GraphBuilderCore();
  GraphBuilderCore(GraphBuilderCore&&) noexcept;
  GraphBuilderCore& operator=(GraphBuilderCore&&) noexcept;

  void AddNode(std::string name, ErasedNodeFn fn);
  void AddEdge(std::string from, std::string to);
  void AddConditionalEdge(std::string from, ErasedRouter router, std::vector<std::string> targets);
  void SetEntry(std::string node);
  StatusOr<std::shared_ptr<const GraphDef>> Build(ErasedToJson to_json) const;

 private:
  struct Parts;
  std::unique_ptr<Parts> parts_;
};

const std::string& GraphName(const GraphDef& def);
std::vector<std::string> GraphNodeNames(const GraphDef& def);

struct CoreResult {
  RunOutcome outcome = RunOutcome::kCompleted;
  std::optional<Interrupt> interrupt;
  std::string run_id;
  int64_t steps = 0;
};

// Starts a fresh run of `thread_id` at the entry node over `state`.
StatusOr<CoreResult> Start(const GraphDef& def, CheckpointStore& store,
                           const RunnerOptions& options, std::string_view thread_id, void* state,
                           const RunControls& controls);
// Loads the checkpoint to resume and checks it belongs to `def` and is resumable.
StatusOr<Checkpoint> LoadForResume(const GraphDef& def, CheckpointStore& store,
                                   std::string_view thread_id);
// Continues `checkpoint` over `state` (restored from checkpoint.state by the caller).
StatusOr<CoreResult> Continue(const GraphDef& def, CheckpointStore& store,
                              const RunnerOptions& options, Checkpoint checkpoint, void* state,
                              Json answer, const RunControls& controls);

}  // namespace graph_internal

// A validated graph; an immutable handle, cheap to copy and safe to share between threads.
template <typename S>
class Graph {
 public:
  const std::string& name() const { return graph_internal::GraphName(*def_); }
  std::vector<std::string> node_names() const { return graph_internal::GraphNodeNames(*def_); }

 private:
  template <typename>
  friend class GraphBuilder;
  template <typename>
  friend class Runner;
  Graph(std::shared_ptr<const graph_internal::GraphDef> def, StateCodec<S> codec)
      : def_(std::move(def)), codec_(std::move(codec)) {}

  std::shared_ptr<const graph_internal::GraphDef> def_;
  StateCodec<S> codec_;
};

template <typename S>
class GraphBuilder {
 public:
  using NodeFn = std::function<StatusOr<NodeOutcome>(S&, NodeContext&)>;
  using Router = std::function<std::string(const S&)>;

  GraphBuilder(std::string name, StateCodec<S> codec)
      : core_(std::move(name)), codec_(std::move(codec)) {}

  GraphBuilder& AddNode(std::string name, NodeFn fn) {
    graph_internal::ErasedNodeFn erased;
    if (fn) {
      erased = [fn = std::move(fn)](void* state, NodeContext& context) {
        return fn(*static_cast<S*>(state), context);
      };
    }
    core_.AddNode(std::move(name), std::move(erased));
    return *this;
  }
  GraphBuilder& AddNode(std::unique_ptr<Node<S>> node) {
    std::string name = node != nullptr ? node->name() : std::string();
    std::shared_ptr<Node<S>> shared = std::move(node);
    NodeFn fn;
    if (shared != nullptr) {
      fn = [shared](S& state, NodeContext& context) { return shared->Run(state, context); };
    }
    return AddNode(std::move(name), std::move(fn));
  }
  GraphBuilder& AddEdge(std::string from, std::string to) {
    core_.AddEdge(std::move(from), std::move(to));
    return *this;
  }
  // `targets` lists every name the router may return (kEndNode included); Build checks the
  // shape against it and the engine fails the run if the router returns anything else.
  GraphBuilder& AddConditionalEdge(std::string from, Router router,
                                   std::vector<std::string> targets) {
    graph_internal::ErasedRouter erased;
    if (router) {
      erased = [router = std::move(router)](const void* state) {
        return router(*static_cast<const S*>(state));
      };
    }
    core_.AddConditionalEdge(std::move(from), std::move(erased), std::move(targets));
    return *this;
  }
  GraphBuilder& SetEntry(std::string node) {
    core_.SetEntry(std::move(node));
    return *this;
  }

  // InvalidArgument listing every problem: duplicate or unknown node names, a missing
  // entry, a node without an outgoing edge, unreachable nodes, nodes with no path to END,
  // a missing codec.
  StatusOr<Graph<S>> Build() const {
    if (!codec_.to_json || !codec_.from_json) {
      return InvalidArgumentError("graph needs a StateCodec with both to_json and from_json");
    }
    auto to_json = codec_.to_json;
    ASKDB_ASSIGN_OR_RETURN(auto def, core_.Build([to_json](const void* state) {
      return to_json(*static_cast<const S*>(state));
    }));
    return Graph<S>(std::move(def), codec_);
  }

 private:
  graph_internal::GraphBuilderCore core_;
  StateCodec<S> codec_;
};

template <typename S>
class Runner {
 public:
  // `store` is borrowed and must outlive the runner.
  Runner(Graph<S> graph, CheckpointStore& store, RunnerOptions options = {})
      : graph_(std::move(graph)), store_(store), options_(options) {}

  // Runs `thread_id` from the entry node. A previous checkpoint of the thread is replaced
  // (its event numbering continues), so a new question in a conversation simply runs.
  StatusOr<RunResult<S>> Run(std::string_view thread_id, S initial,
                             const RunControls& controls = {}) {
    RunResult<S> result{RunOutcome::kCompleted, std::move(initial), std::nullopt, {}, 0};
    ASKDB_ASSIGN_OR_RETURN(auto core, graph_internal::Start(*graph_.def_, store_, options_,
                                                            thread_id, &result.state, controls));
    return Finish(std::move(result), std::move(core));
  }

  // Continues `thread_id` from its checkpoint: at the node that asked (which sees `answer`
  // as resume_value()), or after a failure, cancellation, deadline or crash at the node that
  // did not finish (`answer` is then ignored). FailedPrecondition when the thread finished
  // or belongs to another graph; NotFound when it has no checkpoint.
  StatusOr<RunResult<S>> Resume(std::string_view thread_id, Json answer,
                                const RunControls& controls = {}) {
    ASKDB_ASSIGN_OR_RETURN(Checkpoint checkpoint,
                           graph_internal::LoadForResume(*graph_.def_, store_, thread_id));
    StatusOr<S> state = DecodeState(checkpoint.state);
    if (!state.ok()) {
      return state.status().WithContext("restoring the state of thread " + std::string(thread_id));
    }
    RunResult<S> result{RunOutcome::kCompleted, std::move(state).value(), std::nullopt, {}, 0};
    ASKDB_ASSIGN_OR_RETURN(
        auto core, graph_internal::Continue(*graph_.def_, store_, options_, std::move(checkpoint),
                                            &result.state, std::move(answer), controls));
    return Finish(std::move(result), std::move(core));
  }

  const Graph<S>& graph() const { return graph_; }

 private:
  StatusOr<S> DecodeState(const Json& json) const {
    try {
      return graph_.codec_.from_json(json);
    } catch (const std::exception& e) {
      return InvalidArgumentError(std::string("state JSON does not match the state type: ") +
                                  e.what() + "; delete the checkpoint and start again");
    }
  }
  static RunResult<S> Finish(RunResult<S> result, graph_internal::CoreResult core) {
    result.outcome = core.outcome;
    result.interrupt = std::move(core.interrupt);
    result.run_id = std::move(core.run_id);
    result.steps = core.steps;
    return result;
  }

  Graph<S> graph_;
  CheckpointStore& store_;
  RunnerOptions options_;
};

}  // namespace askdb::agent
