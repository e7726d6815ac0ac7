#include "askdb/common/clock.h"

namespace askdb {

Clock& Clock::System() {
  static SystemClock clock;
  return clock;
}

}  // namespace askdb
