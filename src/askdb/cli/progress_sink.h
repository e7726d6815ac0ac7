// What a run is doing while it runs, for people (stderr, beside the spinner): each finished
// plan step as a line, the spinner naming the step that runs next, and the schema read from
// the 30-minute cache ("[Using cached schema]", seed 001). `askdb ask` and `askdb chat` use
// it only on a terminal; --json output carries the same events in its "events" list.
#pragma once

#include "askdb/agent/graph/event.h"
#include "askdb/cli/terminal.h"

namespace askdb::cli {

class Spinner;

class RunProgressSink final : public agent::EventSink {
 public:
  // `spinner` must outlive the sink.
  RunProgressSink(Spinner& spinner, Style style) : spinner_(spinner), style_(style) {}

  void Emit(const agent::Event& e) override;

 private:
  void ShowPlan(const Json& payload);
  void ShowStep(const Json& payload);
  void ShowSchema(const Json& payload);

  Spinner& spinner_;
  Style style_;
};

}  // namespace askdb::cli
