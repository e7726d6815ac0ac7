#include "askdb/agent/ask/data_stamp.h"

#include <filesystem>
#include <system_error>

#include "askdb/db/database_url.h"

namespace askdb::agent {
namespace {

// "<size>-<mtime in ns>", or "none" when the file is not there (no WAL yet).
std::string FileStamp(const std::filesystem::path& path) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) return "none";
  const auto mtime = std::filesystem::last_write_time(path, ec);
  if (ec) return "none";
  return std::to_string(size) + "-" + std::to_string(mtime.time_since_epoch().count());
}

}  // namespace

std::string DataStamp(std::string_view url) {
  StatusOr<db::DatabaseUrl> parsed = db::ParseDatabaseUrl(url);
  if (!parsed.ok() || !parsed->is_sqlite()) return "";
  const std::filesystem::path file(parsed->database);
  return "#data-" + FileStamp(file) + "-" + FileStamp(file.string() + "-wal");
}

}  // namespace askdb::agent
