#include "askdb/common/paths.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "askdb/common/file_util.h"

namespace askdb {
namespace {

namespace fs = std::filesystem;

// A fixed environment for ResolveAppDirs(EnvLookup).
EnvLookup FakeEnv(std::map<std::string, std::string> vars) {
  return [vars = std::move(vars)](std::string_view name) -> std::optional<std::string> {
    auto it = vars.find(std::string(name));
    if (it == vars.end()) return std::nullopt;
    return it->second;
  };
}

TEST(ResolveAppDirsTest, HomeDefaults) {
  StatusOr<AppDirs> dirs = ResolveAppDirs(FakeEnv({{"HOME", "/home/ann"}}));
  ASSERT_TRUE(dirs.ok()) << dirs.status().ToString();
  EXPECT_EQ(dirs->data, fs::path("/home/ann/.local/share/askdb"));
  EXPECT_EQ(dirs->config, fs::path("/home/ann/.config/askdb"));
  EXPECT_EQ(dirs->cache, fs::path("/home/ann/.cache/askdb"));
}

TEST(ResolveAppDirsTest, XdgVariablesWin) {
  StatusOr<AppDirs> dirs = ResolveAppDirs(FakeEnv({{"HOME", "/home/ann"},
                                                   {"XDG_DATA_HOME", "/xdg/data"},
                                                   {"XDG_CONFIG_HOME", "/xdg/config"},
                                                   {"XDG_CACHE_HOME", "/xdg/cache"}}));
  ASSERT_TRUE(dirs.ok());
  EXPECT_EQ(dirs->data, fs::path("/xdg/data/askdb"));
  EXPECT_EQ(dirs->config, fs::path("/xdg/config/askdb"));
  EXPECT_EQ(dirs->cache, fs::path("/xdg/cache/askdb"));
}

TEST(ResolveAppDirsTest, RelativeAndEmptyXdgValuesAreIgnored) {
  StatusOr<AppDirs> dirs = ResolveAppDirs(FakeEnv(
      {{"HOME", "/home/ann"}, {"XDG_DATA_HOME", "relative/data"}, {"XDG_CONFIG_HOME", ""}}));
  ASSERT_TRUE(dirs.ok());
  EXPECT_EQ(dirs->data, fs::path("/home/ann/.local/share/askdb"));
  EXPECT_EQ(dirs->config, fs::path("/home/ann/.config/askdb"));
}

TEST(ResolveAppDirsTest, AskdbHomeOverridesEverything) {
  StatusOr<AppDirs> dirs = ResolveAppDirs(FakeEnv(
      {{"HOME", "/home/ann"}, {"XDG_DATA_HOME", "/xdg/data"}, {"ASKDB_HOME", "/opt/askdb"}}));
  ASSERT_TRUE(dirs.ok());
  EXPECT_EQ(dirs->data, fs::path("/opt/askdb/data"));
  EXPECT_EQ(dirs->config, fs::path("/opt/askdb/config"));
  EXPECT_EQ(dirs->cache, fs::path("/opt/askdb/cache"));
}

TEST(ResolveAppDirsTest, RelativeAskdbHomeIsMadeAbsolute) {
  StatusOr<AppDirs> dirs = ResolveAppDirs(FakeEnv({{"ASKDB_HOME", "state"}}));
  ASSERT_TRUE(dirs.ok());
  EXPECT_EQ(dirs->data, fs::current_path() / "state" / "data");
}

TEST(ResolveAppDirsTest, NothingSetIsAClearError) {
  StatusOr<AppDirs> dirs = ResolveAppDirs(FakeEnv({}));
  ASSERT_FALSE(dirs.ok());
  EXPECT_EQ(dirs.status().code(), StatusCode::kFailedPrecondition);
  EXPECT_NE(dirs.status().message().find("ASKDB_HOME"), std::string::npos);
}

// Tests that change the process environment restore it afterwards.
class ProcessEnvTest : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const char* name : {"ASKDB_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"}) {
      if (const char* value = std::getenv(name)) saved_[name] = value;
      ::unsetenv(name);
    }
    char pattern[] = "/tmp/askdb_paths_test_XXXXXX";
    ASSERT_NE(::mkdtemp(pattern), nullptr);
    temp_ = pattern;
  }
  void TearDown() override {
    for (const char* name : {"ASKDB_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"}) {
      auto it = saved_.find(name);
      if (it != saved_.end()) {
        ::setenv(name, it->second.c_str(), 1);
      } else {
        ::unsetenv(name);
      }
    }
    std::error_code ec;
    fs::permissions(temp_, fs::perms::owner_all, ec);
    fs::remove_all(temp_, ec);
  }

  std::map<std::string, std::string> saved_;
  fs::path temp_;
};

TEST_F(ProcessEnvTest, ReadsTheProcessEnvironment) {
  ::setenv("XDG_CACHE_HOME", (temp_ / "cache").c_str(), 1);
  StatusOr<fs::path> cache = CacheDir();
  ASSERT_TRUE(cache.ok());
  EXPECT_EQ(*cache, temp_ / "cache" / "askdb");

  ::setenv("ASKDB_HOME", temp_.c_str(), 1);
  StatusOr<fs::path> data = DataDir();
  StatusOr<fs::path> config = ConfigDir();
  ASSERT_TRUE(data.ok());
  ASSERT_TRUE(config.ok());
  EXPECT_EQ(*data, temp_ / "data");
  EXPECT_EQ(*config, temp_ / "config");
}

TEST_F(ProcessEnvTest, EnsureDirCreatesPrivateDirectories) {
  fs::path dir = temp_ / "a" / "b" / "c";
  StatusOr<fs::path> made = EnsureDir(dir);
  ASSERT_TRUE(made.ok()) << made.status().ToString();
  EXPECT_EQ(*made, dir);
  for (const fs::path& p : {temp_ / "a", temp_ / "a" / "b", dir}) {
    struct stat st;
    ASSERT_EQ(::stat(p.c_str(), &st), 0);
    EXPECT_TRUE(S_ISDIR(st.st_mode));
    EXPECT_EQ(st.st_mode & 0777, 0700u) << p;
  }
  // A second call is fine and leaves an existing directory alone.
  fs::permissions(temp_ / "a",
                  fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec);
  EXPECT_TRUE(EnsureDir(dir).ok());
  EXPECT_TRUE((fs::status(temp_ / "a").permissions() & fs::perms::group_read) != fs::perms::none);
}

TEST_F(ProcessEnvTest, EnsureDirReportsAFileInTheWay) {
  ASSERT_TRUE(WriteFileAtomic(temp_ / "file", "x").ok());
  StatusOr<fs::path> made = EnsureDir(temp_ / "file" / "sub");
  ASSERT_FALSE(made.ok());
  EXPECT_EQ(made.status().code(), StatusCode::kFailedPrecondition);
  EXPECT_NE(made.status().message().find("not a directory"), std::string::npos);
}

TEST_F(ProcessEnvTest, EnsureDirReportsPermissionProblems) {
  if (::geteuid() == 0) GTEST_SKIP() << "root ignores directory permissions";
  fs::path locked = temp_ / "locked";
  ASSERT_TRUE(EnsureDir(locked).ok());
  fs::permissions(locked, fs::perms::owner_read | fs::perms::owner_exec);
  StatusOr<fs::path> made = EnsureDir(locked / "sub");
  ASSERT_FALSE(made.ok());
  EXPECT_EQ(made.status().code(), StatusCode::kPermissionDenied);
  EXPECT_NE(made.status().message().find("cannot create directory"), std::string::npos);
}

TEST(EnsureDirTest, EmptyPathIsInvalid) {
  EXPECT_EQ(EnsureDir("").status().code(), StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace askdb
