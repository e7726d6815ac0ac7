// Ctrl-C during `askdb ask` (and a turn of `askdb chat`): the first SIGINT cancels the run through
// its cancellation token — it stops at its next check (a statement, a model call, a node), its
// checkpoint stays whole and no report is half-written — and says so on stderr; a second one ends
// the process at once. The previous handler comes back when the scope ends. One scope at a time.
#pragma once

#include <memory>

#include "askdb/common/cancellation.h"

namespace askdb::cli {

class InterruptScope {
 public:
  InterruptScope();
  ~InterruptScope();
  InterruptScope(const InterruptScope&) = delete;
  InterruptScope& operator=(const InterruptScope&) = delete;

  // Pass to Pipeline::Ask/Resume.
  std::shared_ptr<const CancellationToken> token() const { return token_; }

 private:
  std::shared_ptr<CancellationToken> token_;
};

}  // namespace askdb::cli
