// What a run is doing while it runs, for people (stderr, beside the spinner): each finished
// plan step as a line, the spinner naming the step that runs next, and the schema read from
// the 30-minute cache ("[Using cached schema]", seed 001). On a terminal it draws beside the
// spinner; in plain mode (stderr is a pipe or a log file) it prints one line per step state
// change — running, done, retried, failed, skipped, with the step's time — so logs see the
// progress too. --json output carries the same events in its "events" list.
#pragma once

#include <string>

#include "askdb/agent/graph/event.h"
#include "askdb/cli/terminal.h"

namespace askdb::cli {

class Spinner;

class RunProgressSink final : public agent::EventSink {
 public:
  // `spinner` must outlive the sink. `plain`: lines on stderr, no spinner.
  RunProgressSink(Spinner& spinner, Style style, bool plain = false)
      : spinner_(spinner), style_(style), plain_(plain) {}

  void Emit(const agent::Event& e) override;

 private:
  void ShowPlan(const Json& payload);
  void ShowStepsStarting();
  void ShowStep(const Json& payload);
  void ShowSchema(const Json& payload);

  // A line for people: above the spinner, or on its own in plain mode.
  void Line(const std::string& line);

  Spinner& spinner_;
  Style style_;
  bool plain_;
  size_t planned_steps_ = 0;  // of the plan event, said when the steps start
};

}  // namespace askdb::cli
