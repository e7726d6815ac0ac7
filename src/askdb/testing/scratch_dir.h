// Test-only: a private folder under the system temp directory, removed with everything in it
// when the object goes. gtest destroys a fixture (and runs TearDown) after a failed assertion
// too, so a test that holds one leaves nothing behind whether it passes or fails. The name
// comes from mkdtemp, not from the test's name: a parameterized test is called "Name/sqlite",
// and a folder built from that was "<prefix>Name/sqlite", of which only "sqlite" was removed.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <string>
#include <string_view>

namespace askdb::scratch {

class ScratchDir {
 public:
  // `prefix` names the folder's owner, e.g. "askdb_kb_": /tmp/askdb_kb_Ab12Cd.
  explicit ScratchDir(std::string_view prefix) {
    std::string pattern =
        (std::filesystem::temp_directory_path() / (std::string(prefix) + "XXXXXX")).string();
    if (::mkdtemp(pattern.data()) != nullptr) path_ = pattern;
  }
  ~ScratchDir() {
    std::error_code ignored;
    if (!path_.empty()) std::filesystem::remove_all(path_, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  // Empty when the folder could not be made (the test's first write then fails and says so).
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(std::string_view name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

}  // namespace askdb::scratch
