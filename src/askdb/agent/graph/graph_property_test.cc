// Property: for random linear/branching graphs and random interrupt points, Run followed by
// Resume calls (each in a fresh Runner, as after a restart) reaches the same final state as
// a run of the same graph in which nobody is ever asked.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <set>

#include "askdb/agent/graph/graph.h"

namespace askdb::agent {
namespace {

struct PropState {
  int64_t value = 1;
  std::vector<std::string> trace;
};

StateCodec<PropState> PropCodec() {
  return {[](const PropState& s) {
            return Json{{"value", s.value}, {"trace", s.trace}};
          },
          [](const Json& j) -> StatusOr<PropState> {
            PropState s;
            s.value = j.at("value").get<int64_t>();
            s.trace = j.at("trace").get<std::vector<std::string>>();
            return s;
          }};
}

std::string NodeName(int i) { return "n" + std::to_string(i); }

// The answer a person gives to node i; the uninterrupted graph uses it directly.
std::string AnswerFor(int i) { return "answer-" + std::to_string(i); }

// Node i mixes its index into the value; node i either goes to i+1 or, when `branch[i]`,
// chooses between i+1 and i+2 by the value's parity (past the last node is END).
Graph<PropState> MakeGraph(int n, const std::vector<bool>& branch, const std::set<int>& asks) {
  GraphBuilder<PropState> b("prop", PropCodec());
  auto target = [n](int j) { return j >= n ? std::string(kEndNode) : NodeName(j); };
  for (int i = 0; i < n; ++i) {
    const bool ask = asks.count(i) > 0;
    b.AddNode(NodeName(i), [i, ask](PropState& s, NodeContext& ctx) -> StatusOr<NodeOutcome> {
      std::string answer = AnswerFor(i);
      if (ask) {
        if (ctx.resume_value() == nullptr) {
          return NodeOutcome::Ask(InterruptKind::kClarification, {{"node", i}});
        }
        answer = ctx.resume_value()->get<std::string>();
      }
      s.value = (s.value * 31 + i + static_cast<int64_t>(answer.size())) % 1000003;
      s.trace.push_back(NodeName(i) + ":" + answer);
      return NodeOutcome::Continue();
    });
    if (branch[i]) {
      b.AddConditionalEdge(
          NodeName(i),
          [i, target](const PropState& s) { return target(s.value % 2 == 0 ? i + 1 : i + 2); },
          {target(i + 1), target(i + 2)});
    } else {
      b.AddEdge(NodeName(i), target(i + 1));
    }
  }
  b.SetEntry(NodeName(0));
  auto graph = b.Build();
  RC_ASSERT(graph.ok());
  return *graph;
}

RC_GTEST_PROP(GraphPropertyTest, ResumedRunsMatchUninterruptedRuns, ()) {
  const int n = *rc::gen::inRange(1, 10);
  const auto branch = *rc::gen::container<std::vector<bool>>(n, rc::gen::arbitrary<bool>());
  const auto ask_flags = *rc::gen::container<std::vector<bool>>(n, rc::gen::arbitrary<bool>());
  std::set<int> asks;
  for (int i = 0; i < n; ++i) {
    if (ask_flags[i]) asks.insert(i);
  }
  const auto start = *rc::gen::inRange<int64_t>(0, 1000);

  InMemoryCheckpointStore plain_store;
  Runner<PropState> plain(MakeGraph(n, branch, {}), plain_store);
  auto expected = plain.Run("plain", PropState{start, {}});
  RC_ASSERT(expected.ok());
  RC_ASSERT(expected->outcome == RunOutcome::kCompleted);

  InMemoryCheckpointStore store;
  CollectingEventSink sink;
  RunControls controls;
  controls.sink = &sink;
  auto result = Runner<PropState>(MakeGraph(n, branch, asks), store)
                    .Run("asked", PropState{start, {}}, controls);
  int resumes = 0;
  while (result.ok() && result->outcome == RunOutcome::kInterrupted) {
    RC_ASSERT(resumes <= n);
    const std::string node = result->interrupt->node;
    const int index = std::stoi(node.substr(1));
    RC_ASSERT(asks.count(index) == 1u);
    // A fresh runner each time: nothing survives but the checkpoint.
    result = Runner<PropState>(MakeGraph(n, branch, asks), store)
                 .Resume("asked", AnswerFor(index), controls);
    ++resumes;
  }
  RC_ASSERT(result.ok());
  RC_ASSERT(result->state.value == expected->state.value);
  RC_ASSERT(result->state.trace == expected->state.trace);
  // Event numbers never repeat or go back across all the calls.
  auto events = sink.events();
  for (size_t i = 1; i < events.size(); ++i) RC_ASSERT(events[i].seq == events[i - 1].seq + 1);
  RC_ASSERT(static_cast<int>(sink.OfType(EventType::kInterrupt).size()) == resumes);
}

}  // namespace
}  // namespace askdb::agent
