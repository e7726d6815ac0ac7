// Times as files and stores keep them: milliseconds since the epoch of Clock's time points.
#pragma once

#include <chrono>
#include <cstdint>

#include "askdb/common/clock.h"

namespace askdb {

inline int64_t ToEpochMillis(Clock::TimePoint t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}

inline Clock::TimePoint FromEpochMillis(int64_t ms) {
  return Clock::TimePoint(
      std::chrono::duration_cast<Clock::Duration>(std::chrono::milliseconds(ms)));
}

}  // namespace askdb
