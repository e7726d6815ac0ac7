#include "askdb/llm/sse_parser.h"

#include <cstring>
#include <utility>

namespace askdb::llm {
namespace {

// Position of the first CR or LF in [p, p+n), or n.
size_t FindLineEnd(const char* p, size_t n) {
  const void* lf = std::memchr(p, '\n', n);
  size_t lf_pos = lf ? static_cast<size_t>(static_cast<const char*>(lf) - p) : n;
  const void* cr = std::memchr(p, '\r', lf_pos);
  return cr ? static_cast<size_t>(static_cast<const char*>(cr) - p) : lf_pos;
}

}  // namespace

SseParser::SseParser(Callback callback, SseParserOptions options)
    : callback_(std::move(callback)), options_(options) {}

Status SseParser::Feed(std::string_view chunk) {
  const char* p = chunk.data();
  size_t n = chunk.size();
  if (skip_lf_ && n > 0) {
    skip_lf_ = false;
    if (p[0] == '\n') {
      ++p;
      --n;
    }
  }
  while (n > 0) {
    size_t end = FindLineEnd(p, n);
    if (end == n) {
      if (partial_.size() + n > options_.max_event_bytes) {
        return InvalidArgumentError("SSE line longer than " +
                                    std::to_string(options_.max_event_bytes) +
                                    " bytes; the server is not sending an event stream");
      }
      partial_.append(p, n);
      return Status::Ok();
    }
    Status s;
    if (partial_.empty()) {
      s = ProcessLine(std::string_view(p, end));
    } else {
      partial_.append(p, end);
      s = ProcessLine(partial_);
      partial_.clear();
    }
    if (!s.ok()) return s;
    size_t consumed = end + 1;
    if (p[end] == '\r') {
      if (end + 1 < n) {
        if (p[end + 1] == '\n') ++consumed;
      } else {
        skip_lf_ = true;
      }
    }
    p += consumed;
    n -= consumed;
  }
  return Status::Ok();
}

Status SseParser::Finish() {
  if (!partial_.empty()) {
    std::string line = std::move(partial_);
    partial_.clear();
    ASKDB_RETURN_IF_ERROR(ProcessLine(line));
  }
  if (has_data_) return Dispatch();
  return Status::Ok();
}

Status SseParser::ProcessLine(std::string_view line) {
  if (line.empty()) return Dispatch();
  if (line[0] == ':') return Status::Ok();
  std::string_view field = line;
  std::string_view value;
  if (size_t colon = line.find(':'); colon != std::string_view::npos) {
    field = line.substr(0, colon);
    value = line.substr(colon + 1);
    if (!value.empty() && value[0] == ' ') value.remove_prefix(1);
  }
  if (field == "data") {
    if (data_.size() + value.size() > options_.max_event_bytes) {
      return InvalidArgumentError("SSE event larger than " +
                                  std::to_string(options_.max_event_bytes) +
                                  " bytes; raise max_event_bytes or check the server");
    }
    if (has_data_) data_.push_back('\n');
    data_.append(value);
    has_data_ = true;
  } else if (field == "event") {
    event_.assign(value);
  } else if (field == "id") {
    id_.assign(value);
  }
  // "retry" and unknown fields are ignored, as the standard says.
  return Status::Ok();
}

Status SseParser::Dispatch() {
  if (!has_data_) {
    event_.clear();
    return Status::Ok();
  }
  SseEvent ev{event_, data_, id_};
  ++events_;
  bool go_on = callback_(ev);
  data_.clear();
  event_.clear();
  has_data_ = false;
  if (!go_on) return CancelledError("SSE stream stopped by its consumer");
  return Status::Ok();
}

}  // namespace askdb::llm
