// `askdb llm ping`: one tiny chat call that proves the configured model answers, and how
// fast. Thread-safe (stateless).
#pragma once

#include <chrono>
#include <string>

#include "askdb/llm/llm_client.h"

namespace askdb::llm {

struct PingResult {
  std::string model;  // as the server reports it; "unknown" when it reports none
  double latency_ms = 0;
  std::string reply;
  Usage usage;
};

inline constexpr std::chrono::milliseconds kDefaultPingTimeout{30'000};

StatusOr<PingResult> Ping(LlmClient& client,
                          std::chrono::milliseconds timeout = kDefaultPingTimeout);

}  // namespace askdb::llm
