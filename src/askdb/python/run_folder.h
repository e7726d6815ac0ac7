// The folder of one Python run: <temp>/askdb-py-XXXXXX with the runner in lib/ and the step's
// files in work/. It is removed when the run ends, whatever happens — but a process killed
// outright (SIGKILL, the OOM killer, a power cut) runs no destructor, so its folders stayed in
// /tmp for good: a test suite that kills `askdb serve` left one per warm sandbox per run.
// Each folder is therefore held under an flock(2) for as long as its process lives (the
// kernel drops the lock when the process dies, in any way), and the first folder a process
// makes sweeps the askdb-py-* folders no living process holds.
#pragma once

#include <chrono>
#include <filesystem>

#include "askdb/common/status.h"

namespace askdb::python {

inline constexpr char kRunFolderPrefix[] = "askdb-py-";

class RunFolder {
 public:
  // A new folder under the system temp directory, locked; the first call of a process sweeps.
  static StatusOr<RunFolder> Create();
  RunFolder(RunFolder&& other) noexcept;
  RunFolder& operator=(RunFolder&&) = delete;
  RunFolder(const RunFolder&) = delete;
  ~RunFolder();

  const std::filesystem::path& path() const { return path_; }

 private:
  RunFolder(std::filesystem::path path, int lock_fd) : path_(std::move(path)), lock_fd_(lock_fd) {}
  std::filesystem::path path_;
  int lock_fd_ = -1;
};

// Removes the askdb-py-* folders under `base` that belong to this user, that no process holds
// and that were last changed at least `min_age` ago (the age covers the instant between a
// folder's mkdtemp and its lock, and askdb versions before the lock). Returns how many.
int SweepAbandonedRunFolders(const std::filesystem::path& base, std::chrono::seconds min_age);

}  // namespace askdb::python
