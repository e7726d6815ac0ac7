#include "askdb/python/run_folder.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <mutex>
#include <string>
#include <system_error>

namespace askdb::python {
namespace fs = std::filesystem;
namespace {

// Well past a cold run's start; a folder younger than this is never swept.
constexpr std::chrono::seconds kSweepMinAge{600};

// An fd on `dir` holding an exclusive lock on it, or -1 when another process holds one (or
// the folder cannot be opened).
int LockFolder(const fs::path& dir) {
  const int fd = open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return -1;
  if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

}  // namespace

StatusOr<RunFolder> RunFolder::Create() {
  std::error_code ec;
  fs::path base = fs::temp_directory_path(ec);
  if (ec) base = "/tmp";
  static std::once_flag swept;
  std::call_once(swept, [&base] { SweepAbandonedRunFolders(base, kSweepMinAge); });
  std::string pattern = (base / (std::string(kRunFolderPrefix) + "XXXXXX")).string();
  if (mkdtemp(pattern.data()) == nullptr) {
    return InternalError("cannot create a working folder for Python under " + base.string() + ": " +
                         std::strerror(errno));
  }
  const int lock_fd = LockFolder(pattern);
  if (lock_fd < 0) {
    const std::string why = std::strerror(errno);
    fs::remove_all(pattern, ec);
    return InternalError("cannot lock the Python working folder " + pattern + ": " + why);
  }
  return RunFolder(pattern, lock_fd);
}

RunFolder::RunFolder(RunFolder&& other) noexcept
    : path_(std::move(other.path_)), lock_fd_(other.lock_fd_) {
  other.path_.clear();
  other.lock_fd_ = -1;
}

RunFolder::~RunFolder() {
  std::error_code ec;
  if (!path_.empty()) fs::remove_all(path_, ec);
  if (lock_fd_ >= 0) close(lock_fd_);
}

int SweepAbandonedRunFolders(const fs::path& base, std::chrono::seconds min_age) {
  int removed = 0;
  std::error_code ec;
  const auto cutoff = fs::file_time_type::clock::now() - min_age;
  for (fs::directory_iterator it(base, ec), end; !ec && it != end; it.increment(ec)) {
    const fs::path& dir = it->path();
    if (dir.filename().string().rfind(kRunFolderPrefix, 0) != 0) continue;
    struct stat st {};
    if (lstat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != geteuid()) continue;
    std::error_code time_ec;
    if (fs::last_write_time(dir, time_ec) > cutoff || time_ec) continue;
    const int fd = LockFolder(dir);
    if (fd < 0) continue;  // a living askdb's run or warm sandbox
    std::error_code remove_ec;
    fs::remove_all(dir, remove_ec);
    close(fd);
    if (!remove_ec) ++removed;
  }
  return removed;
}

}  // namespace askdb::python
