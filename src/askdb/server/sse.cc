#include "askdb/server/sse.h"

#include <algorithm>
#include <charconv>

#include "askdb/server/http.h"

namespace askdb::server {
namespace {

constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

void AppendField(std::string& out, std::string_view name, std::string_view value) {
  out.append(name);
  out.append(": ");
  for (char c : value) out.push_back(c == '\r' || c == '\n' ? ' ' : c);
  out.push_back('\n');
}

// Calls `line_fn` for each line of `text`, lines split on CRLF, CR or LF.
template <typename Fn>
void ForEachLine(std::string_view text, Fn line_fn) {
  std::size_t start = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\r' && text[i] != '\n') continue;
    line_fn(text.substr(start, i - start));
    if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
    start = i + 1;
  }
  line_fn(text.substr(start));
}

std::string GapData(std::int64_t requested_after, std::int64_t first_available) {
  return "{\"requested_after\":" + std::to_string(requested_after) +
         ",\"first_available_id\":" + std::to_string(first_available) + "}";
}

}  // namespace

std::string FormatSseFrame(std::string_view id, std::string_view event, std::string_view data) {
  std::string out;
  out.reserve(data.size() + event.size() + id.size() + 32);
  if (!id.empty()) AppendField(out, "id", id);
  if (!event.empty()) AppendField(out, "event", event);
  ForEachLine(data, [&](std::string_view line) {
    out.append("data: ");
    out.append(line);
    out.push_back('\n');
  });
  out.push_back('\n');
  return out;
}

std::string FormatSseComment(std::string_view text) {
  std::string out;
  ForEachLine(text, [&](std::string_view line) {
    out.append(": ");
    out.append(line);
    out.push_back('\n');
  });
  out.push_back('\n');
  return out;
}

std::string FormatSseRetry(std::chrono::milliseconds delay) {
  return "retry: " + std::to_string(std::max<std::int64_t>(0, delay.count())) + "\n\n";
}

Status SseParser::Feed(std::string_view bytes, std::vector<SseEvent>* out) {
  if (failed_) {
    return FailedPreconditionError("SSE parser already failed: start a new connection");
  }
  for (char c : bytes) {
    if (!bom_checked_) {
      // A UTF-8 BOM at the very start is skipped; it may arrive split over chunks.
      if (bom_matched_ < kUtf8Bom.size() && c == kUtf8Bom[bom_matched_]) {
        bom_checked_ = ++bom_matched_ == kUtf8Bom.size();
        continue;
      }
      bom_checked_ = true;
      line_.append(kUtf8Bom.substr(0, bom_matched_));  // a partial match was ordinary text
    }
    if (skip_lf_) {
      skip_lf_ = false;
      if (c == '\n') continue;
    }
    if (c == '\r' || c == '\n') {
      skip_lf_ = c == '\r';
      ProcessLine(line_, out);
      line_.clear();
      continue;
    }
    line_.push_back(c);
    if (line_.size() + data_.size() > options_.max_event_bytes) {
      failed_ = true;
      return InvalidArgumentError("SSE event exceeds " + std::to_string(options_.max_event_bytes) +
                                  " bytes: the stream is malformed or the limit is too low");
    }
  }
  return Status::Ok();
}

void SseParser::ProcessLine(std::string_view line, std::vector<SseEvent>* out) {
  if (line.empty()) {
    if (!data_.empty()) {
      data_.pop_back();  // the LF added after the last data line
      out->push_back(SseEvent{last_event_id_, event_.empty() ? "message" : event_, data_});
    } else if (!event_.empty()) {
      // A frame with an event name but no data line is not dispatched (spec).
    }
    data_.clear();
    event_.clear();
    return;
  }
  if (line.front() == ':') {
    line.remove_prefix(1);
    if (!line.empty() && line.front() == ' ') line.remove_prefix(1);
    comments_.emplace_back(line);
    return;
  }
  std::string_view field = line;
  std::string_view value;
  std::size_t colon = line.find(':');
  if (colon != std::string_view::npos) {
    field = line.substr(0, colon);
    value = line.substr(colon + 1);
    if (!value.empty() && value.front() == ' ') value.remove_prefix(1);
  }
  if (field == "data") {
    data_.append(value);
    data_.push_back('\n');
  } else if (field == "event") {
    event_ = std::string(value);
  } else if (field == "id") {
    if (value.find('\0') == std::string_view::npos) last_event_id_ = std::string(value);
  } else if (field == "retry") {
    bool digits = !value.empty() && std::all_of(value.begin(), value.end(),
                                                [](char c) { return c >= '0' && c <= '9'; });
    std::int64_t ms = 0;
    if (digits) {
      auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), ms);
      if (ec == std::errc() && ptr == value.data() + value.size()) {
        retry_ = std::chrono::milliseconds(ms);
      }
    }
  }
  // Any other field is ignored, as the spec says.
}

std::optional<std::int64_t> ParseLastEventId(std::string_view value) {
  while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
  while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
  if (value.empty()) return std::nullopt;
  std::int64_t id = 0;
  auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), id);
  if (ec != std::errc() || ptr != value.data() + value.size() || id < 0) return std::nullopt;
  return id;
}

std::int64_t SseEventBuffer::Append(std::string_view event, std::string_view data) {
  std::int64_t id = 0;
  {
    std::lock_guard lock(mu_);
    if (closed_) return 0;
    id = next_id_++;
    events_.push_back(SseBufferedEvent{id, std::string(event), std::string(data)});
    bytes_ += event.size() + data.size();
    // Keep at least the newest event even when it alone exceeds max_bytes: a live stream
    // must still be able to send it.
    while (events_.size() > 1 &&
           (events_.size() > options_.max_events || bytes_ > options_.max_bytes)) {
      bytes_ -= events_.front().event.size() + events_.front().data.size();
      events_.pop_front();
      ++dropped_;
    }
  }
  cv_.notify_all();
  return id;
}

void SseEventBuffer::Close() {
  {
    std::lock_guard lock(mu_);
    closed_ = true;
  }
  cv_.notify_all();
}

bool SseEventBuffer::closed() const {
  std::lock_guard lock(mu_);
  return closed_;
}

std::int64_t SseEventBuffer::last_id() const {
  std::lock_guard lock(mu_);
  return next_id_ - 1;
}

std::size_t SseEventBuffer::size() const {
  std::lock_guard lock(mu_);
  return events_.size();
}

std::size_t SseEventBuffer::bytes() const {
  std::lock_guard lock(mu_);
  return bytes_;
}

std::int64_t SseEventBuffer::dropped() const {
  std::lock_guard lock(mu_);
  return dropped_;
}

bool SseEventBuffer::ReadyLocked(std::int64_t last_id) const {
  return next_id_ - 1 > last_id || closed_;
}

SseWaitResult SseEventBuffer::CollectLocked(std::int64_t last_id) const {
  SseWaitResult result;
  if (!events_.empty()) {
    std::int64_t first = events_.front().id;
    if (last_id + 1 < first && last_id < next_id_ - 1) {
      result.gap = true;
      result.first_available_id = first;
    }
    std::size_t start = last_id + 1 <= first ? 0 : static_cast<std::size_t>(last_id + 1 - first);
    for (std::size_t i = start; i < events_.size(); ++i) result.events.push_back(events_[i]);
  }
  result.end = closed_ && result.events.empty();
  return result;
}

SseWaitResult SseEventBuffer::WaitFrom(std::int64_t last_id, std::chrono::milliseconds timeout,
                                       const CancellationToken* cancel) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  std::unique_lock lock(mu_);
  while (!ReadyLocked(last_id)) {
    if (cancel != nullptr && cancel->IsCancelled()) {
      SseWaitResult result;
      result.cancelled = true;
      return result;
    }
    auto now = std::chrono::steady_clock::now();
    if (now >= deadline) return SseWaitResult{};
    auto until = deadline;
    if (cancel != nullptr) until = std::min(until, now + options_.cancel_poll_interval);
    cv_.wait_until(lock, until);
  }
  return CollectLocked(last_id);
}

SseStreamEnd RunSseStream(StreamWriter& writer, SseEventBuffer& buffer, std::int64_t last_event_id,
                          const SseStreamOptions& options, const CancellationToken* cancel) {
  using Steady = std::chrono::steady_clock;
  auto next_heartbeat = Steady::now() + options.heartbeat_interval;
  std::int64_t last = last_event_id;
  while (true) {
    if (!writer.IsOpen()) return SseStreamEnd::kClientGone;
    if (cancel != nullptr && cancel->IsCancelled()) return SseStreamEnd::kCancelled;
    auto now = Steady::now();
    auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(next_heartbeat - now);
    wait = std::clamp(wait, std::chrono::milliseconds(0), options.liveness_poll_interval);
    SseWaitResult result = buffer.WaitFrom(last, wait, cancel);
    if (result.cancelled) return SseStreamEnd::kCancelled;
    if (result.gap && !options.gap_event.empty()) {
      if (!writer.Write(
              FormatSseFrame("", options.gap_event, GapData(last, result.first_available_id)))) {
        return SseStreamEnd::kClientGone;
      }
    }
    if (!result.events.empty()) {
      // One write for the whole batch: fewer syscalls and chunks when a run is chatty.
      std::string batch;
      for (const SseBufferedEvent& event : result.events) {
        batch += FormatSseFrame(std::to_string(event.id), event.event, event.data);
      }
      if (!writer.Write(batch)) return SseStreamEnd::kClientGone;
      last = result.events.back().id;
      next_heartbeat = Steady::now() + options.heartbeat_interval;
      continue;  // the buffer may have been closed meanwhile: ask again before ending
    }
    if (result.end) return SseStreamEnd::kCompleted;
    if (Steady::now() >= next_heartbeat) {
      if (!writer.Write(FormatSseComment("ping"))) return SseStreamEnd::kClientGone;
      next_heartbeat = Steady::now() + options.heartbeat_interval;
    }
  }
}

}  // namespace askdb::server
