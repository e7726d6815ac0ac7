#include "askdb/cli/progress_sink.h"

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
    default:
      break;
  }
}

void RunProgressSink::ShowPlan(const Json& d) {
  if (!d.contains("plan") || !d["plan"].is_object()) return;
  const size_t steps = d["plan"].value("steps", Json::array()).size();
  spinner_.SetStage("Running the plan: " + std::to_string(steps) + " steps");
}

void RunProgressSink::ShowStep(const Json& d) {
  const bool ok = d.value("success", false);
  const bool skipped = d.value("skipped", false);
  const int completed = d.value("completed", 0);
  const int total = d.value("total", 0);
  std::string line = "  " +
                     std::string(ok        ? "✓"
                                 : skipped ? "–"
                                           : "✗") +
                     " " + std::to_string(completed) + "/" + std::to_string(total) + " " +
                     d.value("purpose", "");
  if (d.contains("row_count")) line += " (" + d["row_count"].dump() + " rows)";
  if (d.contains("tries")) {
    line += " (Python: " + d["tries"].dump() + " run(s), " +
            std::to_string(d.value("duration_ms", int64_t{0})) + " ms)";
  }
  spinner_.Print(style_.Dim(line));
  spinner_.SetStage(completed < total
                        ? "Step " + std::to_string(completed + 1) + "/" + std::to_string(total)
                        : "Writing the report");
}

// Only a schema served from the cache is worth a line: a fresh read is what people expect.
void RunProgressSink::ShowSchema(const Json& d) {
  if (!d.contains("note") || !d["note"].is_string()) return;
  std::string line = "  " + d["note"].get<std::string>() + " " + d.value("level", "") +
                     " schema, " + std::to_string(d.value("tables", 0)) + " tables";
  if (d.value("stale", false)) line += " (an expired copy: reading it again timed out)";
  spinner_.Print(style_.Dim(line));
}

}  // namespace askdb::cli
