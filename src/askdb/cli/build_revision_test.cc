// The build revision the CLI hands to the answer cache: "<version>+<commit>", so that answers
// an older askdb stored are not served by this one (cache/answer_cache.h CacheOptions::build).
#include "askdb/common/build_revision.h"

#include <gtest/gtest.h>

#include <string>

#include "askdb/cli/agent_setup.h"
#include "askdb/cli/cli_context.h"

namespace askdb::cli {
namespace {

TEST(BuildRevisionTest, NamesTheVersionAndTheCommit) {
  const std::string revision(BuildRevision());
  const size_t plus = revision.find('+');
  ASSERT_NE(plus, std::string::npos) << revision;
  EXPECT_GT(plus, 0u) << revision;
  EXPECT_GT(revision.size(), plus + 1) << revision;
}

TEST(BuildRevisionTest, TheCliCacheRecordsTheRunningBuild) {
  CliContext ctx;
  StatusOr<SharedAnswerCache> shared = OpenAnswerCache(ctx, nullptr);
  ASSERT_TRUE(shared.ok()) << shared.status().ToString();
  EXPECT_EQ(shared->cache->options().build, std::string(BuildRevision()));
}

}  // namespace
}  // namespace askdb::cli
