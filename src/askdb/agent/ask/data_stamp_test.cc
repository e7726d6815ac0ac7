#include "askdb/agent/ask/data_stamp.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace askdb::agent {
namespace {

namespace fs = std::filesystem;

TEST(DataStampTest, AWriteToTheFileOrItsLogChangesTheStamp) {
  const fs::path dir = fs::temp_directory_path() / ("askdb_data_stamp_" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path db = dir / "shop.sqlite";
  std::ofstream(db) << "rows";
  const std::string url = "sqlite:" + db.string();
  const std::string first = DataStamp(url);
  EXPECT_TRUE(first.starts_with("#data-")) << first;
  EXPECT_EQ(DataStamp(url), first);          // nothing written: the same stamp
  EXPECT_EQ(DataStamp(db.string()), first);  // a bare path is the same file

  std::ofstream(db, std::ios::app) << " and more rows";
  const std::string grown = DataStamp(url);
  EXPECT_NE(grown, first);
  std::ofstream(dir / "shop.sqlite-wal") << "a write in the log";
  EXPECT_NE(DataStamp(url), grown);

  EXPECT_EQ(DataStamp("postgres://reader@db.example.com/shop"), "");
  EXPECT_EQ(DataStamp("mysql://reader@db.example.com/shop"), "");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace askdb::agent
