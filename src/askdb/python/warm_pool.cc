#include "askdb/python/warm_pool.h"

#include <algorithm>

namespace askdb::python {

std::chrono::milliseconds RestartBackoff::Failure() {
  // 2^failures, without overflowing however long the failures go on.
  std::chrono::milliseconds delay = initial_;
  for (int i = 0; i < failures_ && delay < max_; ++i) delay *= 2;
  ++failures_;
  return std::min(delay, max_);
}

}  // namespace askdb::python
