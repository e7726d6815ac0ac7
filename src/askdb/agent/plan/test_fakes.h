// Test doubles for the plan module's tests: a ToolRunner that plays back a script of
// outcomes per step and logs every call, an evaluator that counts its calls, and a
// scripted SufficiencyJudge. Test-only; not thread-safe.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "askdb/agent/plan/step_executor.h"

namespace askdb::agent::plan::testing {

// One outcome of a tool call: an OK output or an error.
struct Outcome {
  Status status;  // OK → success with `output`
  ToolOutput output;
};

inline Outcome Ok(std::string text = "ok", std::optional<int64_t> rows = std::nullopt) {
  return Outcome{Status::Ok(), ToolOutput{std::move(text), Json(), rows}};
}
inline Outcome Fail(Status status) { return Outcome{std::move(status), ToolOutput{}}; }

struct CallEvent {
  enum Kind { kBegin, kEnd, kProgress, kEvaluate } kind;
  int step_num = 0;
  std::string tool;
};

// Plays back, per step number, a list of outcomes; the last one repeats. A step with no
// script succeeds.
class ScriptedRunner : public ToolRunner {
 public:
  explicit ScriptedRunner(std::vector<CallEvent>* log = nullptr) : log_(log) {}
  void Script(int step_num, std::vector<Outcome> outcomes) {
    scripts_[step_num] = std::move(outcomes);
  }
  StatusOr<ToolOutput> Run(const PlanStep& step, const std::vector<StepResult>&) override {
    calls.push_back(step);
    if (log_ != nullptr) log_->push_back({CallEvent::kBegin, step.step_num, step.tool});
    Outcome outcome = Ok();
    auto it = scripts_.find(step.step_num);
    if (it != scripts_.end() && !it->second.empty()) {
      size_t& pos = positions_[step.step_num];
      outcome = it->second[std::min(pos, it->second.size() - 1)];
      ++pos;
    }
    if (log_ != nullptr) log_->push_back({CallEvent::kEnd, step.step_num, step.tool});
    if (!outcome.status.ok()) return outcome.status;
    return outcome.output;
  }
  int CallsFor(int step_num) const {
    int n = 0;
    for (const PlanStep& s : calls) n += s.step_num == step_num ? 1 : 0;
    return n;
  }

  std::vector<PlanStep> calls;

 private:
  std::vector<CallEvent>* log_;
  std::map<int, std::vector<Outcome>> scripts_;
  std::map<int, size_t> positions_;
};

// Wraps an evaluator (the default when none) and records every call.
class RecordingEvaluator : public StepEvaluator {
 public:
  explicit RecordingEvaluator(std::vector<CallEvent>* log = nullptr, bool always_retry = false)
      : log_(log), always_retry_(always_retry) {}
  StepDecision Evaluate(const PlanStep& step, const StepResult& result,
                        const EvaluationContext& context) override {
    if (log_ != nullptr) log_->push_back({CallEvent::kEvaluate, step.step_num, step.tool});
    ++evaluations[step.step_num];
    StepDecision d = inner_.Evaluate(step, result, context);
    if (always_retry_ && !result.success) d.retry = true;
    return d;
  }
  std::map<int, int> evaluations;

 private:
  std::vector<CallEvent>* log_;
  bool always_retry_;
  DefaultStepEvaluator inner_;
};

// Returns the scripted assessments in order; the last one repeats.
class ScriptedJudge : public SufficiencyJudge {
 public:
  explicit ScriptedJudge(std::vector<StatusOr<SufficiencyAssessment>> script)
      : script_(std::move(script)) {}
  StatusOr<SufficiencyAssessment> Assess(const AnalysisPlan&, const std::vector<StepResult>&,
                                         int round) override {
    rounds.push_back(round);
    size_t i = std::min(static_cast<size_t>(calls++), script_.size() - 1);
    return script_[i];
  }
  int calls = 0;
  std::vector<int> rounds;

 private:
  std::vector<StatusOr<SufficiencyAssessment>> script_;
};

inline SufficiencyAssessment NeedMore(std::vector<std::string> sqls) {
  SufficiencyAssessment a;
  a.sufficient = false;
  a.reason = "need more";
  a.missing_data = {"sample_data"};
  for (std::string& sql : sqls) {
    PlanStep s;
    s.tool = std::string(kToolExecuteSql);
    s.input = std::move(sql);
    a.extra_queries.push_back(std::move(s));
  }
  return a;
}
inline SufficiencyAssessment Enough() { return SufficiencyAssessment{}; }

inline PlanStep Step(int num, std::string_view tool, std::vector<int> deps = {}) {
  PlanStep s;
  s.step_num = num;
  s.tool = std::string(tool);
  s.depends_on = std::move(deps);
  s.purpose = "p" + std::to_string(num);
  if (tool == kToolGetDataSourceContext) s.schema_level = std::string(kSchemaLevelDetailed);
  if (tool == kToolExecuteSql) {
    s.query_type = std::string(kQueryTypeAggregation);
    s.input = "SELECT COUNT(*) FROM t";
  }
  return s;
}

}  // namespace askdb::agent::plan::testing
