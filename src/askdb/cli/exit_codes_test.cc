#include "askdb/cli/exit_codes.h"

#include <gtest/gtest.h>

namespace askdb::cli {
namespace {

TEST(ExitCodesTest, EachFailureKindHasItsOwnCode) {
  EXPECT_EQ(ExitCodeFor(Status::Ok()), kExitOk);
  EXPECT_EQ(ExitCodeFor(NotFoundError("x")), kExitInput);
  EXPECT_EQ(ExitCodeFor(InvalidArgumentError("x")), kExitInput);
  EXPECT_EQ(ExitCodeFor(SqlError("x")), kExitSql);
  EXPECT_EQ(ExitCodeFor(PermissionDeniedError("x")), kExitRefused);
  EXPECT_EQ(ExitCodeFor(DeadlineExceededError("x")), kExitTimeout);
  EXPECT_EQ(ExitCodeFor(UnavailableError("x")), kExitUnavailable);
  EXPECT_EQ(ExitCodeFor(CancelledError("x")), kExitInterrupted);
  EXPECT_EQ(ExitCodeFor(InternalError("x")), kExitInternal);
}

}  // namespace
}  // namespace askdb::cli
