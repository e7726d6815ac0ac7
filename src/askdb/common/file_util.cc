#include "askdb/common/file_util.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <system_error>

namespace askdb {

StatusOr<std::string> ReadFile(const std::filesystem::path& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    return NotFoundError("file not found: " + path.string());
  }
  if (std::filesystem::is_directory(path, ec)) {
    return InvalidArgumentError(path.string() + " is a folder, not a file; name a file in it");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return UnavailableError("cannot read " + path.string() + ": " + std::strerror(errno));
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

Status WriteFileAtomic(const std::filesystem::path& path, std::string_view content) {
  std::error_code ec;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
  std::filesystem::path tmp = path;
  tmp += ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) {
      return UnavailableError("cannot write " + path.string() + ": " + std::strerror(errno) +
                              " (check that the directory exists and is writable)");
    }
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    out.flush();
    if (!out) {
      std::filesystem::remove(tmp, ec);
      return UnavailableError("writing " + path.string() + " failed (disk full?)");
    }
  }
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::filesystem::remove(tmp, ec);
    return UnavailableError("cannot move the new file into place at " + path.string());
  }
  return Status::Ok();
}

}  // namespace askdb
