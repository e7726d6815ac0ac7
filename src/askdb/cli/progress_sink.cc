#include "askdb/cli/progress_sink.h"

#include <iostream>
#include <string>

#include "askdb/cli/spinner.h"

namespace askdb::cli {

void RunProgressSink::Emit(const agent::Event& e) {
  switch (e.type) {
    case agent::EventType::kPlan:
      ShowPlan(e.payload);
      break;
    case agent::EventType::kStep:
      ShowStep(e.payload);
      break;
    case agent::EventType::kSchema:
      ShowSchema(e.payload);
      break;
    case agent::EventType::kStageStarted:
      if (e.node == "run_steps") ShowStepsStarting();
      break;
    default:
      break;
  }
}

void RunProgressSink::Line(const std::string& line) {
  if (plain_) {
    std::cerr << line << std::endl;  // flushed: a log shows each step as it happens
  } else {
    spinner_.Print(style_.Dim(line));
  }
}

// The plan is only noted: it may wait for approval (--review-plan) or hold no query and end
// unanswered, so "step 1 running" waits for the steps to start.
void RunProgressSink::ShowPlan(const Json& d) {
  if (!d.contains("plan") || !d["plan"].is_object()) return;
  planned_steps_ = d["plan"].value("steps", Json::array()).size();
}

void RunProgressSink::ShowStepsStarting() {
  const size_t steps = planned_steps_;
  if (steps == 0) return;  // a resumed approval: the plan event came in the earlier run
  if (plain_) {
    Line("askdb: plan of " + std::to_string(steps) + " steps; step 1/" + std::to_string(steps) +
         " running");
    return;
  }
  spinner_.SetStage("Running the plan: " + std::to_string(steps) + " steps");
}

void RunProgressSink::ShowStep(const Json& d) {
  const bool ok = d.value("success", false);
  const bool skipped = d.value("skipped", false);
  const int completed = d.value("completed", 0);
  const int total = d.value("total", 0);
  const std::string count = std::to_string(completed) + "/" + std::to_string(total);
  if (plain_) {
    const int attempts = d.value("attempts", 1);
    const std::string time = std::to_string(d.value("duration_ms", int64_t{0})) + " ms";
    std::string state = skipped ? "skipped"
                        : ok ? (attempts > 1 ? "retried, done after " + std::to_string(attempts) +
                                                   " attempts in " + time
                                             : "done in " + time)
                             : "failed after " + time;
    std::string line = "askdb: step " + count + " " + state + ": " + d.value("purpose", "");
    if (d.contains("row_count")) line += " (" + d["row_count"].dump() + " rows)";
    if (!ok && d.contains("error") && d["error"].is_string()) {
      line += " — " + d["error"].get<std::string>();
    }
    Line(line);
    if (completed < total) {
      Line("askdb: step " + std::to_string(completed + 1) + "/" + std::to_string(total) +
           " running");
    }
    return;
  }
  std::string line = "  " +
                     std::string(ok        ? "✓"
                                 : skipped ? "–"
                                           : "✗") +
                     " " + count + " " + d.value("purpose", "");
  if (d.contains("row_count")) line += " (" + d["row_count"].dump() + " rows)";
  if (d.contains("tries")) {
    line += " (Python: " + d["tries"].dump() + " run(s), " +
            std::to_string(d.value("duration_ms", int64_t{0})) + " ms)";
  }
  Line(line);
  spinner_.SetStage(completed < total
                        ? "Step " + std::to_string(completed + 1) + "/" + std::to_string(total)
                        : "Writing the report");
}

// Only a schema served from the cache is worth a line: a fresh read is what people expect.
// In plain mode only an expired copy is: a log needs no line per question.
void RunProgressSink::ShowSchema(const Json& d) {
  if (!d.contains("note") || !d["note"].is_string()) return;
  if (plain_ && !d.value("stale", false)) return;
  std::string line = (plain_ ? "askdb: " : "  ") + d["note"].get<std::string>() + " " +
                     d.value("level", "") + " schema, " + std::to_string(d.value("tables", 0)) +
                     " tables";
  if (d.value("stale", false)) line += " (an expired copy: reading it again timed out)";
  Line(line);
}

}  // namespace askdb::cli
