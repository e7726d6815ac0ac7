#include "askdb/common/paths.h"

#include <pwd.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <system_error>
#include <vector>

namespace askdb {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kAppName = "askdb";
constexpr mode_t kPrivateDirMode = 0700;
// getpwuid_r needs a caller-supplied buffer; sysconf may not know a size.
constexpr size_t kDefaultPasswdBufferSize = 16384;

std::optional<std::string> NonEmpty(const EnvLookup& env, std::string_view name) {
  std::optional<std::string> value = env(name);
  if (!value || value->empty()) return std::nullopt;
  return value;
}

// $<xdg_var>/askdb when the variable holds an absolute path, else $HOME/<home_suffix>/askdb.
StatusOr<fs::path> XdgDir(const EnvLookup& env, std::string_view xdg_var,
                          std::string_view home_suffix) {
  if (std::optional<std::string> xdg = NonEmpty(env, xdg_var)) {
    fs::path base(*xdg);
    if (base.is_absolute()) return base / kAppName;
  }
  if (std::optional<std::string> home = NonEmpty(env, "HOME")) {
    return fs::path(*home) / home_suffix / kAppName;
  }
  return FailedPreconditionError("cannot find a directory for askdb's files: neither " +
                                 std::string(xdg_var) +
                                 " nor HOME is set; set ASKDB_HOME to a directory askdb may use");
}

std::optional<std::string> PasswdHome() {
  long suggested = ::sysconf(_SC_GETPW_R_SIZE_MAX);
  std::vector<char> buffer(suggested > 0 ? static_cast<size_t>(suggested)
                                         : kDefaultPasswdBufferSize);
  struct passwd entry;
  struct passwd* result = nullptr;
  if (::getpwuid_r(::getuid(), &entry, buffer.data(), buffer.size(), &result) != 0 ||
      result == nullptr || result->pw_dir == nullptr || result->pw_dir[0] == '\0') {
    return std::nullopt;
  }
  return std::string(result->pw_dir);
}

Status MakeOneDir(const fs::path& dir) {
  if (::mkdir(dir.c_str(), kPrivateDirMode) == 0) return Status::Ok();
  int err = errno;
  std::error_code ec;
  if (err == EEXIST && fs::is_directory(dir, ec)) return Status::Ok();  // created meanwhile
  std::string what = "cannot create directory " + dir.string() + ": " + std::strerror(err);
  if (err == EACCES || err == EPERM || err == EROFS) {
    return PermissionDeniedError(what +
                                 " (choose a writable location, e.g. by setting ASKDB_HOME)");
  }
  return UnavailableError(what + " (check the path and free disk space)");
}

}  // namespace

std::optional<std::string> ProcessEnv(std::string_view name) {
  const char* value = std::getenv(std::string(name).c_str());
  if (value == nullptr) return std::nullopt;
  return std::string(value);
}

StatusOr<AppDirs> ResolveAppDirs(const EnvLookup& env) {
  if (std::optional<std::string> home = NonEmpty(env, "ASKDB_HOME")) {
    std::error_code ec;
    fs::path root = fs::absolute(fs::path(*home), ec);
    if (ec) root = fs::path(*home);
    return AppDirs{root / "data", root / "config", root / "cache"};
  }
  AppDirs dirs;
  ASKDB_ASSIGN_OR_RETURN(dirs.data, XdgDir(env, "XDG_DATA_HOME", ".local/share"));
  ASKDB_ASSIGN_OR_RETURN(dirs.config, XdgDir(env, "XDG_CONFIG_HOME", ".config"));
  ASKDB_ASSIGN_OR_RETURN(dirs.cache, XdgDir(env, "XDG_CACHE_HOME", ".cache"));
  return dirs;
}

StatusOr<AppDirs> ResolveAppDirs() {
  return ResolveAppDirs([](std::string_view name) -> std::optional<std::string> {
    std::optional<std::string> value = ProcessEnv(name);
    if (name == "HOME" && (!value || value->empty())) return PasswdHome();
    return value;
  });
}

StatusOr<fs::path> DataDir() {
  ASKDB_ASSIGN_OR_RETURN(AppDirs dirs, ResolveAppDirs());
  return dirs.data;
}

StatusOr<fs::path> ConfigDir() {
  ASKDB_ASSIGN_OR_RETURN(AppDirs dirs, ResolveAppDirs());
  return dirs.config;
}

StatusOr<fs::path> CacheDir() {
  ASKDB_ASSIGN_OR_RETURN(AppDirs dirs, ResolveAppDirs());
  return dirs.cache;
}

StatusOr<fs::path> EnsureDir(const fs::path& dir) {
  if (dir.empty()) return InvalidArgumentError("cannot create a directory with an empty path");
  fs::path prefix;
  for (const fs::path& part : dir) {
    prefix /= part;
    if (part == prefix.root_path() || part == prefix.root_name() || part == "." || part == "..") {
      continue;
    }
    if (part.empty()) continue;  // trailing separator
    std::error_code ec;
    fs::file_status status = fs::status(prefix, ec);
    if (fs::is_directory(status)) continue;
    if (fs::exists(status)) {
      return FailedPreconditionError(prefix.string() +
                                     " exists but is not a directory; move it away or choose "
                                     "another location for " +
                                     dir.string());
    }
    ASKDB_RETURN_IF_ERROR(MakeOneDir(prefix));
  }
  return dir;
}

}  // namespace askdb
