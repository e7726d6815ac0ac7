// SseParser: incremental parser of a Server-Sent Events stream (the WHATWG event-stream
// format used by OpenAI-compatible streaming and by askdb's own server).
//
// Feed it bytes in chunks of any size — a chunk may end in the middle of a line, of a CRLF
// pair or of a UTF-8 character — and it calls the callback once per complete event. Lines
// may end in LF, CR or CRLF; comment lines (":" ...) are skipped; multiple data lines are
// joined with "\n" as the standard says. The views passed to the callback are valid only
// during the call. One parser per stream; not thread-safe.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "askdb/common/status.h"

namespace askdb::llm {

struct SseEvent {
  std::string_view event;  // "" when the stream sent no event: field ("message" by default)
  std::string_view data;
  std::string_view id;
};

struct SseParserOptions {
  // A single event larger than this is an error: it protects memory from a server that
  // never ends a line.
  size_t max_event_bytes = 16 * 1024 * 1024;
};

class SseParser {
 public:
  // Return false from the callback to stop: Feed then returns Cancelled.
  using Callback = std::function<bool(const SseEvent&)>;

  explicit SseParser(Callback callback, SseParserOptions options = {});

  // Parses `chunk`, calling the callback for each event it completes.
  Status Feed(std::string_view chunk);

  // End of stream: a last event not followed by a blank line is dispatched (servers that
  // close right after the last data line are common in practice). Returns the same errors
  // as Feed.
  Status Finish();

  size_t events_dispatched() const { return events_; }

 private:
  Status ProcessLine(std::string_view line);
  Status Dispatch();

  Callback callback_;
  SseParserOptions options_;
  std::string partial_;  // bytes of a line that has not ended yet
  std::string data_;
  std::string event_;
  std::string id_;
  bool has_data_ = false;
  bool skip_lf_ = false;  // the previous chunk ended in CR: a leading LF belongs to it
  size_t events_ = 0;
};

}  // namespace askdb::llm
