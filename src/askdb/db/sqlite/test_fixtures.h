// Test-only helpers for db integration tests: a private temporary directory and a fresh
// copy of the shared chinook database inside it, so tests never touch the shared file.
// Not thread-safe; one per test.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

namespace askdb::db::testing {

inline std::filesystem::path ChinookSource() {
  return std::filesystem::path(ASKDB_SHARED_DATA_DIR) / "chinook" / "chinook.sqlite";
}

class TempDir {
 public:
  TempDir() {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "askdb_db_test_XXXXXX").string();
    char* made = mkdtemp(pattern.data());
    if (made != nullptr) path_ = made;
  }
  ~TempDir() {
    std::error_code ec;
    if (!path_.empty()) std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  bool ok() const { return !path_.empty(); }

  // Names of the entries in the directory, for "no new file appeared" checks.
  std::set<std::string> Listing() const {
    std::set<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(path_)) {
      names.insert(entry.path().filename().string());
    }
    return names;
  }

 private:
  std::filesystem::path path_;
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
