// Python run folders: removed with their run, held under a lock while their process lives,
// and swept once that process is gone — also when it was killed and ran no destructor.
#include "askdb/python/run_folder.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include "askdb/testing/scratch_dir.h"

namespace askdb::python {
namespace {

namespace fs = std::filesystem;
using std::chrono::hours;
using std::chrono::seconds;

void MakeFolder(const fs::path& dir, hours age) {
  fs::create_directories(dir / "work");
  std::ofstream(dir / "work" / "main.py") << "print(1)\n";
  fs::last_write_time(dir, fs::file_time_type::clock::now() - age);
}

// Sets TMPDIR for one test and puts the old value back.
class ScopedTmpdir {
 public:
  explicit ScopedTmpdir(const fs::path& dir) {
    if (const char* old = getenv("TMPDIR")) old_ = old;
    setenv("TMPDIR", dir.c_str(), 1);
  }
  ~ScopedTmpdir() {
    if (old_.empty()) {
      unsetenv("TMPDIR");
    } else {
      setenv("TMPDIR", old_.c_str(), 1);
    }
  }

 private:
  std::string old_;
};

TEST(RunFolderTest, AFolderIsRemovedWithItsRun) {
  // In a folder of its own: a sweep of the shared /tmp that ignores age would take the folders
  // other test processes are making at that instant (unlocked between mkdtemp and flock).
  scratch::ScratchDir base("askdb_run_folder_test_");
  const ScopedTmpdir tmpdir(base.path());
  fs::path path;
  {
    StatusOr<RunFolder> folder = RunFolder::Create();
    ASSERT_TRUE(folder.ok()) << folder.status().ToString();
    path = folder->path();
    EXPECT_EQ(path.filename().string().rfind(kRunFolderPrefix, 0), 0u);
    EXPECT_TRUE(fs::is_directory(path));
    // Held while it lives: a sweep that ignores age leaves it alone.
    EXPECT_EQ(SweepAbandonedRunFolders(path.parent_path(), seconds(0)), 0);
    EXPECT_TRUE(fs::is_directory(path));
  }
  EXPECT_FALSE(fs::exists(path));
}

TEST(RunFolderTest, SweepRemovesOnlyOldUnheldRunFolders) {
  scratch::ScratchDir base("askdb_run_folder_test_");
  MakeFolder(base / "askdb-py-abandoned", hours(1));
  MakeFolder(base / "askdb-py-young", hours(0));
  MakeFolder(base / "other-py-folder", hours(1));
  std::ofstream(base / "askdb-py-file") << "not a folder";
  EXPECT_EQ(SweepAbandonedRunFolders(base.path(), seconds(600)), 1);
  EXPECT_FALSE(fs::exists(base / "askdb-py-abandoned"));
  EXPECT_TRUE(fs::exists(base / "askdb-py-young"));
  EXPECT_TRUE(fs::exists(base / "other-py-folder"));
  EXPECT_TRUE(fs::exists(base / "askdb-py-file"));
}

// The case the lock is for: a process killed with SIGKILL leaves its folder; the sweep keeps
// it while the process lives and removes it once the process is gone.
TEST(RunFolderTest, AKilledProcessFolderIsSweptOnlyAfterItDied) {
  scratch::ScratchDir base("askdb_run_folder_test_");
  int pipe_fds[2];
  ASSERT_EQ(pipe(pipe_fds), 0);
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    close(pipe_fds[0]);
    setenv("TMPDIR", base.path().c_str(), 1);
    StatusOr<RunFolder> folder = RunFolder::Create();
    const char ok = folder.ok() ? 'y' : 'n';
    (void)!write(pipe_fds[1], &ok, 1);
    for (;;) pause();
  }
  close(pipe_fds[1]);
  char ok = 0;
  ASSERT_EQ(read(pipe_fds[0], &ok, 1), 1);
  close(pipe_fds[0]);
  ASSERT_EQ(ok, 'y');
  fs::path folder;
  for (const auto& entry : fs::directory_iterator(base.path())) folder = entry.path();
  ASSERT_FALSE(folder.empty());
  EXPECT_EQ(SweepAbandonedRunFolders(base.path(), seconds(0)), 0) << "a living run's folder";
  EXPECT_TRUE(fs::exists(folder));

  kill(pid, SIGKILL);
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(fs::exists(folder)) << "a killed process runs no destructor";
  EXPECT_EQ(SweepAbandonedRunFolders(base.path(), seconds(0)), 1);
  EXPECT_FALSE(fs::exists(folder));
}

}  // namespace
}  // namespace askdb::python
