#include "askdb/common/file_util.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "askdb/testing/scratch_dir.h"

namespace askdb {
namespace {

TEST(FileUtilTest, ReadFileReadsAFileAndNamesWhatIsWrongOtherwise) {
  scratch::ScratchDir dir("askdb_file_util_test_");
  ASSERT_TRUE(WriteFileAtomic(dir / "a.txt", "hello").ok());
  StatusOr<std::string> read = ReadFile(dir / "a.txt");
  ASSERT_TRUE(read.ok());
  EXPECT_EQ(*read, "hello");
  EXPECT_EQ(ReadFile(dir / "missing.txt").status().code(), StatusCode::kNotFound);
  const Status folder = ReadFile(dir.path()).status();
  EXPECT_EQ(folder.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(folder.message().find("is a folder"), std::string::npos) << folder.message();
}

}  // namespace
}  // namespace askdb
