// Server-Sent Events (https://html.spec.whatwg.org/multipage/server-sent-events.html):
// frame formatting, an incremental client-side parser, the bounded per-run event buffer
// that serves live streams and Last-Event-ID replays, and the standard streaming loop.
//
// Thread-safety: the Format* functions are pure. SseParser is a single-thread value type.
// SseEventBuffer is fully thread-safe (one producer appending, any number of streams
// waiting). RunSseStream runs on the stream's thread and only reads the buffer.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/cancellation.h"
#include "askdb/common/status.h"

namespace askdb::server {

class StreamWriter;

// One frame: "id: 3\nevent: sql\ndata: line1\ndata: line2\n\n". Empty `id`/`event` are
// left out. `data` is split on CRLF, CR and LF into several data lines, so a client gets
// the text back with "\n" line breaks. CR/LF inside `id` or `event` (which would end the
// field early) are replaced by spaces.
std::string FormatSseFrame(std::string_view id, std::string_view event, std::string_view data);
// A comment line (": ping\n\n"); clients ignore it, proxies see traffic.
std::string FormatSseComment(std::string_view text);
// "retry: 3000\n\n": the client's reconnection delay.
std::string FormatSseRetry(std::chrono::milliseconds delay);

// A dispatched event as a client sees it.
struct SseEvent {
  std::string id;     // the last event id in force when it was dispatched ("" if none)
  std::string event;  // "message" when the frame named none
  std::string data;
  bool operator==(const SseEvent&) const = default;
};

struct SseParserOptions {
  // An event (or a single line) growing past this fails the parse instead of eating memory.
  std::size_t max_event_bytes = 16 << 20;
};

// Incremental parser: Feed bytes in any split; complete events come out in order.
class SseParser {
 public:
  explicit SseParser(SseParserOptions options = {}) : options_(options) {}

  // Appends the events completed by `bytes` to `out`. Fails (InvalidArgument) once a line
  // or event exceeds max_event_bytes; the parser is then unusable.
  Status Feed(std::string_view bytes, std::vector<SseEvent>* out);

  // The latest "retry:" value, if any.
  std::optional<std::chrono::milliseconds> retry() const { return retry_; }
  // Comment lines seen (without the leading ':' and one space), oldest first.
  const std::vector<std::string>& comments() const { return comments_; }
  const std::string& last_event_id() const { return last_event_id_; }

 private:
  void ProcessLine(std::string_view line, std::vector<SseEvent>* out);

  SseParserOptions options_;
  std::string line_;
  bool skip_lf_ = false;  // previous chunk ended in CR: a leading LF belongs to it
  bool bom_checked_ = false;
  std::size_t bom_matched_ = 0;
  bool failed_ = false;
  std::string data_;
  std::string event_;
  std::string last_event_id_;
  std::optional<std::chrono::milliseconds> retry_;
  std::vector<std::string> comments_;
};

// Parses a Last-Event-ID header value: a non-negative decimal id, else nullopt.
std::optional<std::int64_t> ParseLastEventId(std::string_view value);

struct SseBufferOptions {
  // The oldest events are dropped once either bound is exceeded (a replay then reports
  // the gap). Bytes count event names and data.
  std::size_t max_events = 1024;
  std::size_t max_bytes = 256 << 10;
  // How often a waiter checks its CancellationToken (a token cannot wake a waiter).
  std::chrono::milliseconds cancel_poll_interval{100};
};

// A buffered event of one run: ids increase by one from 1.
struct SseBufferedEvent {
  std::int64_t id = 0;
  std::string event;
  std::string data;
};

struct SseWaitResult {
  std::vector<SseBufferedEvent> events;  // every buffered event after last_id, in order
  // Events after last_id were dropped before they could be sent: the replay has a hole.
  bool gap = false;
  std::int64_t first_available_id = 0;  // when gap: the oldest id still buffered
  bool end = false;                     // closed and nothing after last_id: stream done
  bool cancelled = false;               // the token was cancelled while waiting
};

class SseEventBuffer {
 public:
  explicit SseEventBuffer(SseBufferOptions options = {}) : options_(options) {}
  SseEventBuffer(const SseEventBuffer&) = delete;
  SseEventBuffer& operator=(const SseEventBuffer&) = delete;

  // Stores an event and wakes waiters; returns its id. After Close() nothing is stored
  // and 0 is returned.
  std::int64_t Append(std::string_view event, std::string_view data);
  // No more events: waiters drain what is left and then see `end`.
  void Close();
  bool closed() const;

  // Returns at once with the events after `last_id` when there are any (or `end` when
  // closed and drained); otherwise waits up to `timeout` for one. An empty result with
  // neither `end` nor `cancelled` means the timeout passed (time for a heartbeat).
  SseWaitResult WaitFrom(std::int64_t last_id, std::chrono::milliseconds timeout,
                         const CancellationToken* cancel = nullptr);

  std::int64_t last_id() const;  // id of the newest event, 0 if none
  std::size_t size() const;      // events buffered now
  std::size_t bytes() const;     // bytes buffered now
  std::int64_t dropped() const;  // events dropped so far

 private:
  bool ReadyLocked(std::int64_t last_id) const;
  SseWaitResult CollectLocked(std::int64_t last_id) const;

  SseBufferOptions options_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<SseBufferedEvent> events_;
  std::int64_t next_id_ = 1;
  std::size_t bytes_ = 0;
  std::int64_t dropped_ = 0;
  bool closed_ = false;
};

struct SseStreamOptions {
  // A ": ping" comment after this much silence keeps proxies and clients from timing out.
  std::chrono::milliseconds heartbeat_interval{15'000};
  // How often the loop checks that the client is still there while no event arrives.
  std::chrono::milliseconds liveness_poll_interval{1'000};
  // Sent (without an id) when a replay starts after dropped events; its data is
  // {"requested_after": N, "first_available_id": M}.
  std::string gap_event = "replay_gap";
};

enum class SseStreamEnd {
  kCompleted,   // the buffer was closed and every event was sent
  kClientGone,  // the client disconnected, a write failed, or the server is stopping
  kCancelled,   // the token was cancelled
};

// The standard streaming loop: sends buffered events after `last_event_id` as frames with
// their ids, a heartbeat comment whenever `heartbeat_interval` passes without a frame,
// and returns when the stream is complete, the client is gone, or `cancel` is set.
SseStreamEnd RunSseStream(StreamWriter& writer, SseEventBuffer& buffer, std::int64_t last_event_id,
                          const SseStreamOptions& options = {},
                          const CancellationToken* cancel = nullptr);

}  // namespace askdb::server
