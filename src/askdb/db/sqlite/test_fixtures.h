// Test-only helpers for db integration tests: a private temporary directory and a fresh
// copy of the shared chinook database inside it, so tests never touch the shared file.
// Not thread-safe; one per test.
#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

#include "askdb/testing/scratch_dir.h"

namespace askdb::db::testing {

inline std::filesystem::path ChinookSource() {
  return std::filesystem::path(ASKDB_SHARED_DATA_DIR) / "chinook" / "chinook.sqlite";
}

// The folder itself is a scratch::ScratchDir (mkdtemp, removed with its contents).
class TempDir {
 public:
  TempDir() : dir_("askdb_db_test_") {}

  const std::filesystem::path& path() const { return dir_.path(); }
  bool ok() const { return !dir_.path().empty(); }

  // Names of the entries in the directory, for "no new file appeared" checks.
  std::set<std::string> Listing() const {
    std::set<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(dir_.path())) {
      names.insert(entry.path().filename().string());
    }
    return names;
  }

 private:
  scratch::ScratchDir dir_;
};

inline std::string ReadBytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Copies chinook into `dir` as chinook.sqlite (writable copy) and returns its path.
inline std::filesystem::path CopyChinook(const TempDir& dir) {
  std::filesystem::path target = dir.path() / "chinook.sqlite";
  std::filesystem::copy_file(ChinookSource(), target,
                             std::filesystem::copy_options::overwrite_existing);
  std::filesystem::permissions(
      target, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  return target;
}

}  // namespace askdb::db::testing
