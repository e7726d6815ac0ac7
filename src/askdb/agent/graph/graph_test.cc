#include "askdb/agent/graph/graph.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <thread>

#include "askdb/agent/graph/sqlite_checkpoint_store.h"

namespace askdb::agent {
namespace {

using namespace std::chrono_literals;

// The toy run state: classify → (data → answer | ambiguous → clarify → answer) → END.
struct ToyState {
  std::string question;
  std::string kind;
  std::string clarification;
  std::vector<std::string> trace;
};

Json ToyToJson(const ToyState& s) {
  return {{"question", s.question},
          {"kind", s.kind},
          {"clarification", s.clarification},
          {"trace", s.trace}};
}

StatusOr<ToyState> ToyFromJson(const Json& j) {
  if (!j.is_object() || !j.contains("question")) {
    return InvalidArgumentError("toy state JSON needs a question");
  }
  ToyState s;
  s.question = j.at("question").get<std::string>();
  s.kind = j.at("kind").get<std::string>();
  s.clarification = j.at("clarification").get<std::string>();
  s.trace = j.at("trace").get<std::vector<std::string>>();
  return s;
}

StateCodec<ToyState> ToyCodec() { return {ToyToJson, ToyFromJson}; }

StatusOr<NodeOutcome> Classify(ToyState& s, NodeContext& ctx) {
  s.trace.push_back("classify");
  s.kind = s.question.find('?') != std::string::npos ? "ambiguous" : "data";
  ctx.Emit(EventType::kClassification, {{"kind", s.kind}});
  return NodeOutcome::Continue();
}

StatusOr<NodeOutcome> Clarify(ToyState& s, NodeContext& ctx) {
  s.trace.push_back("clarify");
  if (ctx.resume_value() == nullptr) {
    return NodeOutcome::Ask(InterruptKind::kClarification, {{"question", "Which year do you mean?"},
                                                            {"options", {"2023", "2024"}}});
  }
  s.clarification = ctx.resume_value()->get<std::string>();
  return NodeOutcome::Continue();
}

StatusOr<NodeOutcome> Answer(ToyState& s, NodeContext& ctx) {
  s.trace.push_back("answer");
  ctx.Emit(EventType::kSql, {{"sql", "SELECT 1"}});
  ctx.Emit(EventType::kTextDelta, {{"text", "done"}});
  return NodeOutcome::Continue();
}

GraphBuilder<ToyState> ToyBuilder() {
  GraphBuilder<ToyState> b("toy", ToyCodec());
  b.AddNode("classify", Classify)
      .AddNode("clarify", Clarify)
      .AddNode("answer", Answer)
      .AddConditionalEdge("classify",
                          [](const ToyState& s) { return s.kind == "data" ? "answer" : "clarify"; },
                          {"answer", "clarify"})
      .AddEdge("clarify", "answer")
      .AddEdge("answer", std::string(kEndNode))
      .SetEntry("classify");
  return b;
}

Graph<ToyState> ToyGraph() {
  auto graph = ToyBuilder().Build();
  EXPECT_TRUE(graph.ok()) << graph.status().ToString();
  return *graph;
}

ToyState Question(std::string q) {
  ToyState s;
  s.question = std::move(q);
  return s;
}

// Records every saved checkpoint, in order.
class RecordingStore final : public CheckpointStore {
 public:
  Status Save(const Checkpoint& cp) override {
    saved.push_back(cp);
    return inner.Save(cp);
  }
  StatusOr<Checkpoint> Load(std::string_view id) override { return inner.Load(id); }
  StatusOr<std::vector<CheckpointSummary>> List() override { return inner.List(); }
  Status Delete(std::string_view id) override { return inner.Delete(id); }

  std::vector<Checkpoint> saved;
  InMemoryCheckpointStore inner;
};

// g++ 12 warns on partly designated initialisers, so tests build options with helpers.
RunControls Ctl(EventSink* sink, std::shared_ptr<const CancellationToken> cancel = nullptr,
                std::optional<Clock::Duration> timeout = std::nullopt) {
  RunControls controls;
  controls.sink = sink;
  controls.cancel = std::move(cancel);
  controls.timeout = timeout;
  return controls;
}

RunnerOptions Opts(int max_steps, std::optional<Clock::Duration> timeout = std::nullopt,
                   const Clock* clock = nullptr) {
  RunnerOptions options;
  options.max_steps = max_steps;
  options.default_timeout = timeout;
  options.clock = clock;
  return options;
}

// This process's folder of checkpoint files, removed when the process ends.
struct ProcessTempDir {
  std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("askdb_graph_test_" + std::to_string(::getpid()));
  ~ProcessTempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};

std::filesystem::path TempFile(const std::string& name) {
  static const ProcessTempDir dir;
  std::filesystem::create_directories(dir.path);
  auto path = dir.path / name;
  std::filesystem::remove(path);
  return path;
}

TEST(GraphRunTest, DataQuestionRunsToTheEndWithoutAsking) {
  InMemoryCheckpointStore store;
  Runner<ToyState> runner(ToyGraph(), store);
  CollectingEventSink sink;
  auto result = runner.Run("t1", Question("sales by month"), Ctl(&sink));
  ASSERT_TRUE(result.ok()) << result.status().ToString();
  EXPECT_EQ(result->outcome, RunOutcome::kCompleted);
  EXPECT_EQ(result->state.trace, (std::vector<std::string>{"classify", "answer"}));
  EXPECT_EQ(result->steps, 2);
  EXPECT_EQ(result->run_id, "t1#1");
  EXPECT_FALSE(result->interrupt.has_value());
  auto cp = store.Load("t1");
  ASSERT_TRUE(cp.ok());
  EXPECT_EQ(cp->status, CheckpointStatus::kDone);
  EXPECT_EQ(cp->state, ToyToJson(result->state));
}

TEST(GraphRunTest, EventsComeInOrderWithMonotonicSequenceNumbers) {
  InMemoryCheckpointStore store;
  FakeClock clock;
  Runner<ToyState> runner(ToyGraph(), store, Opts(kDefaultMaxSteps, std::nullopt, &clock));
  CollectingEventSink sink;
  ASSERT_TRUE(runner.Run("t1", Question("sales"), Ctl(&sink)).ok());
  using E = EventType;
  EXPECT_EQ(sink.types(), (std::vector<E>{E::kStageStarted, E::kClassification, E::kStageFinished,
                                          E::kStageStarted, E::kSql, E::kTextDelta,
                                          E::kStageFinished, E::kDone}));
  auto events = sink.events();
  for (size_t i = 0; i < events.size(); ++i) {
    EXPECT_EQ(events[i].seq, static_cast<int64_t>(i));
    EXPECT_EQ(events[i].run_id, "t1#1");
    EXPECT_EQ(events[i].thread_id, "t1");
  }
  EXPECT_EQ(events[1].node, "classify");
  EXPECT_EQ(events[1].payload["kind"], "data");
  EXPECT_EQ(events[2].payload["next"], "answer");
  EXPECT_TRUE(events[2].payload.contains("duration_ms"));
  EXPECT_EQ(events[4].node, "answer");
  EXPECT_EQ(events.back().payload["status"], "completed");
  EXPECT_EQ(events.back().node, "");
}

TEST(GraphRunTest, StageTimingsComeFromTheClock) {
  InMemoryCheckpointStore store;
  FakeClock clock;
  auto graph = GraphBuilder<ToyState>("slow", ToyCodec())
                   .AddNode("slow",
                            [&](ToyState&, NodeContext&) -> StatusOr<NodeOutcome> {
                              clock.Advance(1500ms);
                              return NodeOutcome::Continue();
                            })
                   .AddEdge("slow", std::string(kEndNode))
                   .SetEntry("slow")
                   .Build();
  ASSERT_TRUE(graph.ok());
  Runner<ToyState> runner(*graph, store, Opts(kDefaultMaxSteps, std::nullopt, &clock));
  CollectingEventSink sink;
  ASSERT_TRUE(runner.Run("t", Question("x"), Ctl(&sink)).ok());
  auto finished = sink.OfType(EventType::kStageFinished);
  ASSERT_EQ(finished.size(), 1u);
  EXPECT_EQ(finished[0].payload["duration_ms"], 1500);
  EXPECT_EQ(finished[0].elapsed_ms, 1500);
}

TEST(GraphRunTest, InterruptThenResumeInTheSameProcess) {
  InMemoryCheckpointStore store;
  Runner<ToyState> runner(ToyGraph(), store);
  CollectingEventSink sink;
  auto first = runner.Run("t1", Question("sales last year?"), Ctl(&sink));
  ASSERT_TRUE(first.ok()) << first.status().ToString();
  ASSERT_EQ(first->outcome, RunOutcome::kInterrupted);
  ASSERT_TRUE(first->interrupt.has_value());
  EXPECT_EQ(first->interrupt->kind, InterruptKind::kClarification);
  EXPECT_EQ(first->interrupt->node, "clarify");
  EXPECT_EQ(first->interrupt->payload["question"], "Which year do you mean?");
  EXPECT_EQ(sink.types().back(), EventType::kDone);
  EXPECT_EQ(sink.events().back().payload["status"], "interrupted");
  ASSERT_EQ(sink.OfType(EventType::kInterrupt).size(), 1u);
  EXPECT_EQ(sink.OfType(EventType::kInterrupt)[0].payload["kind"], "clarification");

  auto cp = store.Load("t1");
  ASSERT_TRUE(cp.ok());
  EXPECT_EQ(cp->status, CheckpointStatus::kInterrupted);
  EXPECT_EQ(cp->next_node, "clarify");
  ASSERT_TRUE(cp->pending.has_value());
  EXPECT_EQ(*cp->pending, *first->interrupt);
  EXPECT_EQ(cp->next_seq, sink.events().back().seq + 1);

  auto second = runner.Resume("t1", "2024", Ctl(&sink));
  ASSERT_TRUE(second.ok()) << second.status().ToString();
  EXPECT_EQ(second->outcome, RunOutcome::kCompleted);
  EXPECT_EQ(second->run_id, "t1#2");
  EXPECT_EQ(second->state.clarification, "2024");
  // clarify ran twice: once to ask, once with the answer; classify did not re-run.
  EXPECT_EQ(second->state.trace,
            (std::vector<std::string>{"classify", "clarify", "clarify", "answer"}));
  auto events = sink.events();
  for (size_t i = 1; i < events.size(); ++i) EXPECT_EQ(events[i].seq, events[i - 1].seq + 1);
}

TEST(GraphRunTest, ResumeWorksInAnotherProcessFromTheSqliteFile) {
  const auto path = TempFile("resume.sqlite");
  int64_t last_seq = -1;
  {
    auto store = SqliteCheckpointStore::Open(path);
    ASSERT_TRUE(store.ok()) << store.status().ToString();
    Runner<ToyState> runner(ToyGraph(), **store);
    CollectingEventSink sink;
    auto first = runner.Run("thread-x", Question("top customers?"), Ctl(&sink));
    ASSERT_TRUE(first.ok()) << first.status().ToString();
    ASSERT_EQ(first->outcome, RunOutcome::kInterrupted);
    last_seq = sink.events().back().seq;
  }  // "process" ends: runner and store are gone.
  auto store = SqliteCheckpointStore::Open(path);
  ASSERT_TRUE(store.ok());
  Runner<ToyState> runner(ToyGraph(), **store);
  CollectingEventSink sink;
  auto second = runner.Resume("thread-x", "by revenue", Ctl(&sink));
  ASSERT_TRUE(second.ok()) << second.status().ToString();
  EXPECT_EQ(second->outcome, RunOutcome::kCompleted);
  EXPECT_EQ(second->state.question, "top customers?");
  EXPECT_EQ(second->state.clarification, "by revenue");
  EXPECT_EQ(sink.events().front().seq, last_seq + 1);
  EXPECT_EQ(sink.events().front().run_id, "thread-x#2");
  std::filesystem::remove(path);
}

TEST(GraphRunTest, SavesACheckpointAfterEveryNode) {
  RecordingStore store;
  Runner<ToyState> runner(ToyGraph(), store);
  ASSERT_TRUE(runner.Run("t", Question("q?"), {}).ok());
  ASSERT_TRUE(runner.Resume("t", "a", {}).ok());
  std::vector<std::pair<CheckpointStatus, std::string>> seen;
  for (const auto& cp : store.saved) seen.emplace_back(cp.status, cp.next_node);
  using S = CheckpointStatus;
  EXPECT_EQ(seen, (std::vector<std::pair<S, std::string>>{{S::kRunning, "classify"},
                                                          {S::kRunning, "clarify"},
                                                          {S::kInterrupted, "clarify"},
                                                          {S::kRunning, "answer"},
                                                          {S::kDone, ""}}));
  EXPECT_EQ(store.saved[1].steps, 1);
  EXPECT_EQ(store.saved.back().steps, 4);
  EXPECT_EQ(store.saved[1].state["trace"], Json::array({"classify"}));
}

TEST(GraphRunTest, FailedNodeResumesFromTheLastCheckpoint) {
  InMemoryCheckpointStore store;
  int fetch_calls = 0;
  int prepare_calls = 0;
  auto graph = GraphBuilder<ToyState>("flaky", ToyCodec())
                   .AddNode("prepare",
                            [&](ToyState& s, NodeContext&) -> StatusOr<NodeOutcome> {
                              ++prepare_calls;
                              s.trace.push_back("prepare");
                              return NodeOutcome::Continue();
                            })
                   .AddNode("fetch",
                            [&](ToyState& s, NodeContext&) -> StatusOr<NodeOutcome> {
                              s.trace.push_back("fetch-partial");  // must not survive failure
                              if (++fetch_calls == 1) return UnavailableError("db went away");
                              s.trace.back() = "fetch";
                              return NodeOutcome::Continue();
                            })
                   .AddEdge("prepare", "fetch")
                   .AddEdge("fetch", std::string(kEndNode))
                   .SetEntry("prepare")
                   .Build();
  ASSERT_TRUE(graph.ok()) << graph.status().ToString();
  CollectingEventSink sink;
  {
    Runner<ToyState> runner(*graph, store);
    auto failed = runner.Run("t", Question("q"), Ctl(&sink));
    ASSERT_FALSE(failed.ok());
    EXPECT_EQ(failed.status().code(), StatusCode::kUnavailable);
    EXPECT_EQ(failed.status().message(), "db went away");  // no graph detail for the user
  }
  auto errors = sink.OfType(EventType::kError);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].node, "fetch");
  EXPECT_EQ(errors[0].payload["code"], "unavailable");
  EXPECT_EQ(sink.OfType(EventType::kDone).size(), 0u);
  auto cp = store.Load("t");
  ASSERT_TRUE(cp.ok());
  EXPECT_EQ(cp->status, CheckpointStatus::kFailed);
  EXPECT_EQ(cp->next_node, "fetch");
  EXPECT_EQ(cp->state["trace"], Json::array({"prepare"}));
  EXPECT_NE(cp->error.find("db went away"), std::string::npos);
  EXPECT_NE(cp->error.find("node 'fetch'"), std::string::npos);  // the run history names it

  Runner<ToyState> restarted(*graph, store);  // as after a restart
  auto resumed = restarted.Resume("t", nullptr, Ctl(&sink));
  ASSERT_TRUE(resumed.ok()) << resumed.status().ToString();
  EXPECT_EQ(resumed->state.trace, (std::vector<std::string>{"prepare", "fetch"}));
  EXPECT_EQ(prepare_calls, 1);
  EXPECT_EQ(fetch_calls, 2);
  auto events = sink.events();
  for (size_t i = 1; i < events.size(); ++i) EXPECT_GT(events[i].seq, events[i - 1].seq);
}

TEST(GraphRunTest, ThrowingNodeBecomesAnInternalError) {
  InMemoryCheckpointStore store;
  auto graph = GraphBuilder<ToyState>("throws", ToyCodec())
                   .AddNode("boom",
                            [](ToyState&, NodeContext&) -> StatusOr<NodeOutcome> {
                              throw std::runtime_error("kaboom");
                            })
                   .AddEdge("boom", std::string(kEndNode))
                   .SetEntry("boom")
                   .Build();
  ASSERT_TRUE(graph.ok());
  Runner<ToyState> runner(*graph, store);
  auto result = runner.Run("t", Question("q"));
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.status().code(), StatusCode::kInternal);
  EXPECT_NE(result.status().message().find("kaboom"), std::string::npos);
}

TEST(GraphRunTest, NodeCanEndTheRunEarly) {
  InMemoryCheckpointStore store;
  auto graph = GraphBuilder<ToyState>("early", ToyCodec())
                   .AddNode("first",
                            [](ToyState& s, NodeContext&) -> StatusOr<NodeOutcome> {
                              s.trace.push_back("first");
                              return NodeOutcome::End();
                            })
                   .AddNode("second", Answer)
                   .AddEdge("first", "second")
                   .AddEdge("second", std::string(kEndNode))
                   .SetEntry("first")
                   .Build();
  ASSERT_TRUE(graph.ok());
  Runner<ToyState> runner(*graph, store);
  auto result = runner.Run("t", Question("q"));
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(result->state.trace, std::vector<std::string>{"first"});
  EXPECT_EQ(result->outcome, RunOutcome::kCompleted);
}

TEST(GraphRunTest, CancellationFromAnotherThreadStopsTheRun) {
  InMemoryCheckpointStore store;
  std::atomic<bool> started{false};
  auto graph = GraphBuilder<ToyState>("cancel", ToyCodec())
                   .AddNode("wait",
                            [&](ToyState& s, NodeContext& ctx) -> StatusOr<NodeOutcome> {
                              started = true;
                              while (true) {
                                ASKDB_RETURN_IF_ERROR(ctx.CheckAlive());
                                std::this_thread::sleep_for(1ms);
                              }
                              s.trace.push_back("never");
                              return NodeOutcome::Continue();
                            })
                   .AddEdge("wait", std::string(kEndNode))
                   .SetEntry("wait")
                   .Build();
  ASSERT_TRUE(graph.ok());
  Runner<ToyState> runner(*graph, store);
  auto token = std::make_shared<CancellationToken>();
  CollectingEventSink sink;
  std::thread canceller([&] {
    while (!started) std::this_thread::sleep_for(1ms);
    token->Cancel();
  });
  auto result = runner.Run("t", Question("q"), Ctl(&sink, token));
  canceller.join();
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.status().code(), StatusCode::kCancelled);
  ASSERT_EQ(sink.OfType(EventType::kError).size(), 1u);
  EXPECT_EQ(sink.OfType(EventType::kError)[0].payload["code"], "cancelled");
  auto cp = store.Load("t");
  ASSERT_TRUE(cp.ok());
  EXPECT_EQ(cp->status, CheckpointStatus::kCancelled);
  EXPECT_EQ(cp->next_node, "wait");
}

TEST(GraphRunTest, CancelledBeforeStartRunsNoNode) {
  InMemoryCheckpointStore store;
  Runner<ToyState> runner(ToyGraph(), store);
  auto token = std::make_shared<CancellationToken>();
  token->Cancel();
  CollectingEventSink sink;
  auto result = runner.Run("t", Question("q"), Ctl(&sink, token));
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.status().code(), StatusCode::kCancelled);
  EXPECT_EQ(sink.types(), std::vector<EventType>{EventType::kError});
  // The cancelled run can be resumed from the entry node.
  auto resumed = runner.Resume("t", nullptr);
  ASSERT_TRUE(resumed.ok()) << resumed.status().ToString();
  EXPECT_EQ(resumed->state.trace, (std::vector<std::string>{"classify", "answer"}));
}

TEST(GraphRunTest, DeadlineStopsTheRunBetweenNodes) {
  InMemoryCheckpointStore store;
  FakeClock clock;
  auto graph = GraphBuilder<ToyState>("deadline", ToyCodec())
                   .AddNode("slow",
                            [&](ToyState& s, NodeContext& ctx) -> StatusOr<NodeOutcome> {
                              EXPECT_TRUE(ctx.deadline().has_value());
                              s.trace.push_back("slow");
                              clock.Advance(10s);
                              return NodeOutcome::Continue();
                            })
                   .AddNode("after", Answer)
                   .AddEdge("slow", "after")
                   .AddEdge("after", std::string(kEndNode))
                   .SetEntry("slow")
                   .Build();
  ASSERT_TRUE(graph.ok());
  Runner<ToyState> runner(*graph, store, Opts(kDefaultMaxSteps, 5s, &clock));
  CollectingEventSink sink;
  auto result = runner.Run("t", Question("q"), Ctl(&sink));
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.status().code(), StatusCode::kDeadlineExceeded);
  EXPECT_EQ(sink.OfType(EventType::kError).at(0).node, "after");
  auto cp = store.Load("t");
  ASSERT_TRUE(cp.ok());
  EXPECT_EQ(cp->status, CheckpointStatus::kDeadlineExceeded);
  EXPECT_EQ(cp->next_node, "after");
  EXPECT_EQ(cp->state["trace"], Json::array({"slow"}));
  // A fresh budget finishes the work without re-running "slow".
  auto resumed = runner.Resume("t", nullptr, Ctl(nullptr, nullptr, 60s));
  ASSERT_TRUE(resumed.ok()) << resumed.status().ToString();
  EXPECT_EQ(resumed->state.trace, (std::vector<std::string>{"slow", "answer"}));
}

TEST(GraphRunTest, NodeSeesTheDeadlineThroughCheckAlive) {
  InMemoryCheckpointStore store;
  FakeClock clock;
  auto graph = GraphBuilder<ToyState>("alive", ToyCodec())
                   .AddNode("n",
                            [&](ToyState&, NodeContext& ctx) -> StatusOr<NodeOutcome> {
                              clock.Advance(2s);
                              ASKDB_RETURN_IF_ERROR(ctx.CheckAlive());
                              return NodeOutcome::Continue();
                            })
                   .AddEdge("n", std::string(kEndNode))
                   .SetEntry("n")
                   .Build();
  ASSERT_TRUE(graph.ok());
  Runner<ToyState> runner(*graph, store, Opts(kDefaultMaxSteps, std::nullopt, &clock));
  auto result = runner.Run("t", Question("q"), Ctl(nullptr, nullptr, 1s));
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.status().code(), StatusCode::kDeadlineExceeded);
  EXPECT_TRUE(runner.Run("t2", Question("q"), Ctl(nullptr, nullptr, 3s)).ok());
}

TEST(GraphRunTest, MaxStepsStopsACycle) {
  InMemoryCheckpointStore store;
  auto graph = GraphBuilder<ToyState>("loop", ToyCodec())
                   .AddNode("a",
                            [](ToyState& s, NodeContext&) -> StatusOr<NodeOutcome> {
                              s.trace.push_back("a");
                              return NodeOutcome::Continue();
                            })
                   .AddNode("b", Answer)
                   .AddEdge("a", "b")
                   .AddConditionalEdge("b", [](const ToyState&) { return std::string("a"); },
                                       {"a", std::string(kEndNode)})
                   .SetEntry("a")
                   .Build();
  ASSERT_TRUE(graph.ok()) << graph.status().ToString();
  Runner<ToyState> runner(*graph, store, Opts(7));
  auto result = runner.Run("t", Question("q"));
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.status().code(), StatusCode::kResourceExhausted);
  auto cp = store.Load("t");
  ASSERT_TRUE(cp.ok());
  EXPECT_EQ(cp->steps, 7);
  EXPECT_EQ(cp->status, CheckpointStatus::kFailed);
}

TEST(GraphRunTest, RouterReturningAnUndeclaredTargetFailsTheRun) {
  InMemoryCheckpointStore store;
  auto graph = GraphBuilder<ToyState>("bad-router", ToyCodec())
                   .AddNode("a", Answer)
                   .AddConditionalEdge("a", [](const ToyState&) { return std::string("nowhere"); },
                                       {std::string(kEndNode)})
                   .SetEntry("a")
                   .Build();
  ASSERT_TRUE(graph.ok());
  Runner<ToyState> runner(*graph, store);
  auto result = runner.Run("t", Question("q"));
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.status().code(), StatusCode::kInternal);
  EXPECT_NE(result.status().message().find("'nowhere'"), std::string::npos);
}

TEST(GraphRunTest, PlanApprovalCanAskAgain) {
  InMemoryCheckpointStore store;
  auto graph = GraphBuilder<ToyState>("plan", ToyCodec())
                   .AddNode("approve",
                            [](ToyState& s, NodeContext& ctx) -> StatusOr<NodeOutcome> {
                              const Json* answer = ctx.resume_value();
                              if (answer == nullptr || *answer != "approve") {
                                if (answer != nullptr) s.trace.push_back("rejected");
                                return NodeOutcome::Ask(InterruptKind::kPlanApproval,
                                                        {{"plan", {"step 1", "step 2"}}});
                              }
                              s.trace.push_back("approved");
                              return NodeOutcome::Continue();
                            })
                   .AddEdge("approve", std::string(kEndNode))
                   .SetEntry("approve")
                   .Build();
  ASSERT_TRUE(graph.ok());
  Runner<ToyState> runner(*graph, store);
  auto r1 = runner.Run("t", Question("q"));
  ASSERT_TRUE(r1.ok());
  ASSERT_EQ(r1->outcome, RunOutcome::kInterrupted);
  EXPECT_EQ(r1->interrupt->kind, InterruptKind::kPlanApproval);
  auto r2 = runner.Resume("t", "change step 2");
  ASSERT_TRUE(r2.ok());
  EXPECT_EQ(r2->outcome, RunOutcome::kInterrupted);
  auto r3 = runner.Resume("t", "approve");
  ASSERT_TRUE(r3.ok());
  EXPECT_EQ(r3->outcome, RunOutcome::kCompleted);
  EXPECT_EQ(r3->state.trace, (std::vector<std::string>{"rejected", "approved"}));
  EXPECT_EQ(r3->run_id, "t#3");
}

TEST(GraphRunTest, ResumeRefusesFinishedUnknownAndForeignThreads) {
  InMemoryCheckpointStore store;
  Runner<ToyState> runner(ToyGraph(), store);
  EXPECT_EQ(runner.Resume("nobody", "x").status().code(), StatusCode::kNotFound);
  EXPECT_NE(runner.Resume("nobody", "x").status().message().find("check the thread id"),
            std::string::npos);
  ASSERT_TRUE(runner.Run("done", Question("plain")).ok());
  auto again = runner.Resume("done", "x");
  EXPECT_EQ(again.status().code(), StatusCode::kFailedPrecondition);
  // What to do, in the person's words (it said "start a new run with Run", the API's name).
  EXPECT_NE(again.status().message().find("ask a new question"), std::string::npos);

  ASSERT_TRUE(runner.Run("asked", Question("which?")).ok());
  auto other = GraphBuilder<ToyState>("other", ToyCodec())
                   .AddNode("clarify", Clarify)
                   .AddEdge("clarify", std::string(kEndNode))
                   .SetEntry("clarify")
                   .Build();
  ASSERT_TRUE(other.ok());
  Runner<ToyState> foreign(*other, store);
  EXPECT_EQ(foreign.Resume("asked", "x").status().code(), StatusCode::kFailedPrecondition);
  EXPECT_EQ(runner.Run("", Question("q")).status().code(), StatusCode::kInvalidArgument);
}

TEST(GraphRunTest, NewRunOnAThreadContinuesEventNumbering) {
  InMemoryCheckpointStore store;
  Runner<ToyState> runner(ToyGraph(), store);
  CollectingEventSink sink;
  ASSERT_TRUE(runner.Run("t", Question("ambiguous?"), Ctl(&sink)).ok());
  const int64_t last = sink.events().back().seq;
  sink.Clear();
  auto second = runner.Run("t", Question("plain"), Ctl(&sink));
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(second->outcome, RunOutcome::kCompleted);
  EXPECT_EQ(sink.events().front().seq, last + 1);
  EXPECT_EQ(second->run_id, "t#2");
}

// --- Build() validation ---

Status BuildError(const GraphBuilder<ToyState>& b) {
  auto graph = b.Build();
  return graph.ok() ? Status::Ok() : graph.status();
}

void ExpectInvalid(const GraphBuilder<ToyState>& b, const std::string& needle) {
  Status status = BuildError(b);
  EXPECT_EQ(status.code(), StatusCode::kInvalidArgument) << needle;
  EXPECT_NE(status.message().find(needle), std::string::npos) << status.message();
}

TEST(GraphBuildTest, ReportsUnknownNodesInEdges) {
  auto b = ToyBuilder();
  b.AddNode("extra", Answer).AddEdge("extra", "ghost");
  ExpectInvalid(b, "unknown node 'ghost'");
  auto b2 = ToyBuilder();
  b2.AddEdge("phantom", "answer");
  ExpectInvalid(b2, "unknown node 'phantom'");
}

TEST(GraphBuildTest, ReportsMissingOrUnknownEntry) {
  GraphBuilder<ToyState> b("g", ToyCodec());
  b.AddNode("a", Answer).AddEdge("a", std::string(kEndNode));
  ExpectInvalid(b, "no entry node");
  b.SetEntry("zzz");
  ExpectInvalid(b, "entry node 'zzz'");
}

TEST(GraphBuildTest, ReportsUnreachableNodes) {
  auto b = ToyBuilder();
  b.AddNode("orphan", Answer).AddEdge("orphan", std::string(kEndNode));
  ExpectInvalid(b, "'orphan' cannot be reached");
}

TEST(GraphBuildTest, ReportsNodesWithNoPathToEnd) {
  GraphBuilder<ToyState> b("g", ToyCodec());
  b.AddNode("a", Answer)
      .AddNode("b", Answer)
      .AddNode("c", Answer)
      .AddConditionalEdge("a", [](const ToyState&) { return std::string("b"); }, {"b", "c"})
      .AddEdge("b", "b")
      .AddEdge("c", std::string(kEndNode))
      .SetEntry("a");
  ExpectInvalid(b, "nodes 'b' have no path");
}

TEST(GraphBuildTest, ReportsDuplicatesMissingEdgesAndReservedNames) {
  auto dup = ToyBuilder();
  dup.AddNode("answer", Answer);
  ExpectInvalid(dup, "node 'answer' is added twice");

  auto two_edges = ToyBuilder();
  two_edges.AddEdge("answer", "clarify");
  ExpectInvalid(two_edges, "two outgoing edges");

  GraphBuilder<ToyState> no_edge("g", ToyCodec());
  no_edge.AddNode("a", Answer).SetEntry("a");
  ExpectInvalid(no_edge, "node 'a' has no outgoing edge");

  GraphBuilder<ToyState> reserved("g", ToyCodec());
  reserved.AddNode(std::string(kEndNode), Answer).AddNode("a", Answer).SetEntry("a");
  ExpectInvalid(reserved, "reserved");

  GraphBuilder<ToyState> no_codec("g", {});
  no_codec.AddNode("a", Answer).AddEdge("a", std::string(kEndNode)).SetEntry("a");
  ExpectInvalid(no_codec, "StateCodec");
}

TEST(GraphBuildTest, ListsEveryProblemAtOnce) {
  GraphBuilder<ToyState> b("many", ToyCodec());
  b.AddNode("a", Answer).AddEdge("a", "missing");
  Status status = BuildError(b);
  EXPECT_NE(status.message().find("graph 'many' is invalid"), std::string::npos);
  EXPECT_NE(status.message().find("unknown node 'missing'"), std::string::npos);
  EXPECT_NE(status.message().find("no entry node"), std::string::npos);
}

TEST(GraphBuildTest, AcceptsNodeClasses) {
  class Upper final : public Node<ToyState> {
   public:
    std::string name() const override { return "upper"; }
    StatusOr<NodeOutcome> Run(ToyState& s, NodeContext&) override {
      for (auto& c : s.question) c = static_cast<char>(std::toupper(c));
      return NodeOutcome::Continue();
    }
  };
  auto graph = GraphBuilder<ToyState>("classes", ToyCodec())
                   .AddNode(std::make_unique<Upper>())
                   .AddEdge("upper", std::string(kEndNode))
                   .SetEntry("upper")
                   .Build();
  ASSERT_TRUE(graph.ok()) << graph.status().ToString();
  EXPECT_EQ(graph->node_names(), std::vector<std::string>{"upper"});
  InMemoryCheckpointStore store;
  Runner<ToyState> runner(*graph, store);
  auto result = runner.Run("t", Question("abc"));
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(result->state.question, "ABC");
}

}  // namespace
}  // namespace askdb::agent
