// libFuzzer target: every input goes through the server's parsers of untrusted text —
// the SSE client parser (fed in input-chosen pieces), JSON request bodies and their field
// readers, route patterns, path matching, request targets and query strings — and checks
// properties that must hold for any bytes (no crash, no sanitizer report, round trips).
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/json.h"
#include "askdb/server/json_request.h"
#include "askdb/server/router.h"
#include "askdb/server/sse.h"

namespace {

using namespace askdb;
using namespace askdb::server;

// A violated property: abort so that libFuzzer records the input as a crash.
void Check(bool condition) {
  if (!condition) __builtin_trap();
}

void FuzzSse(std::string_view input, std::uint8_t piece) {
  SseParser parser(SseParserOptions{.max_event_bytes = 1 << 16});
  std::vector<SseEvent> events;
  std::size_t step = 1 + piece % 17;
  for (std::size_t offset = 0; offset < input.size(); offset += step) {
    if (!parser.Feed(input.substr(offset, step), &events).ok()) break;
  }
  // Round trip: any data text framed by FormatSseFrame parses back with LF line breaks.
  std::string normalized;
  for (std::size_t i = 0; i < input.size(); ++i) {
    if (input[i] == '\r') {
      normalized.push_back('\n');
      if (i + 1 < input.size() && input[i + 1] == '\n') ++i;
    } else {
      normalized.push_back(input[i]);
    }
  }
  SseParser round_trip;
  std::vector<SseEvent> parsed;
  Check(round_trip.Feed(FormatSseFrame("7", "fuzz", input), &parsed).ok());
  Check(parsed.size() == 1);
  Check(parsed[0].id == "7" && parsed[0].event == "fuzz" && parsed[0].data == normalized);
  Check(ParseLastEventId(input).value_or(0) >= 0);
}

void FuzzJson(std::string_view input) {
  auto parsed = ParseJsonObject("application/json", input);
  if (!parsed.ok()) {
    Check(parsed.status().code() == StatusCode::kInvalidArgument);
    return;
  }
  const Json& object = *parsed;
  Check(object.is_object());
  std::string text;
  bool flag = false;
  std::int64_t number = 0;
  std::vector<std::string> items;
  for (const auto& [key, value] : object.items()) {
    (void)value;
    (void)RequireString(object, key);
    (void)OptionalString(object, key, &text);
    (void)OptionalBool(object, key, &flag);
    (void)OptionalInt(object, key, &number, -1000, 1000);
    (void)OptionalStringArray(object, key, &items);
    Check(number >= -1000 && number <= 1000);
  }
}

void FuzzRouting(std::string_view input) {
  // First line: a pattern; second line: a request target.
  std::size_t newline = input.find('\n');
  std::string_view pattern_text = input.substr(0, newline);
  std::string_view target = newline == std::string_view::npos ? input : input.substr(newline + 1);
  auto [path, query] = SplitTarget(target);
  Check(path.size() + query.size() <= target.size());
  auto params = ParseQueryString(query);
  for (const auto& [key, value] : params) Check(!key.empty() && key.size() <= query.size());
  Check(PercentDecode(target).size() <= target.size());

  auto pattern = PathPattern::Parse(pattern_text);
  if (pattern.ok()) {
    std::map<std::string, std::string> captured;
    if (pattern->Match(path, &captured)) {
      for (const auto& [name, value] : captured) Check(value.size() <= path.size());
    }
    Router<int> router;
    Check(router.Add("GET", pattern_text, 1).ok());
    auto match = router.Lookup("GET", path);
    Check((match.outcome == Router<int>::Outcome::kFound) == pattern->Match(path, nullptr));
  }
  // The input itself as a path against fixed API patterns.
  static const Router<int> api = [] {
    Router<int> router;
    (void)router.Add("POST", "/api/v1/runs/{id}/resume", 1);
    (void)router.Add("GET", "/api/v1/runs/{id}", 2);
    (void)router.Add("GET", "/static/{file*}", 3);
    return router;
  }();
  auto match = api.Lookup("GET", path);
  if (match.outcome == Router<int>::Outcome::kFound)
    Check(*match.target == 2 || *match.target == 3);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  std::uint8_t piece = size > 0 ? data[0] : 0;
  FuzzSse(input, piece);
  FuzzJson(input);
  FuzzRouting(input);
  return 0;
}
