// Where askdb keeps its files: the data directory (management store, vector indexes,
// reports), the config directory (askdb.toml) and the cache directory (answer and schema
// caches), following the XDG Base Directory specification.
//
// Resolution, per directory:
//   1. ASKDB_HOME set and non-empty → $ASKDB_HOME/data, $ASKDB_HOME/config,
//      $ASKDB_HOME/cache (one self-contained tree, handy for tests, containers and
//      portable installs; a relative ASKDB_HOME is taken relative to the working directory).
//   2. $XDG_DATA_HOME/askdb, $XDG_CONFIG_HOME/askdb, $XDG_CACHE_HOME/askdb when the variable
//      holds an absolute path (the specification says relative values are invalid and
//      must be ignored).
//   3. $HOME/.local/share/askdb, $HOME/.config/askdb, $HOME/.cache/askdb (HOME falls back
//      to the password database when unset).
// Nothing here creates a directory; call EnsureDir before writing.
// All functions are thread-safe as long as no other thread changes the environment.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "askdb/common/status.h"

namespace askdb {

// Looks up an environment variable; nullopt when unset. Lets tests and the config loader
// substitute a fixed environment for the process one.
using EnvLookup = std::function<std::optional<std::string>(std::string_view name)>;

// The process environment (std::getenv).
std::optional<std::string> ProcessEnv(std::string_view name);

struct AppDirs {
  std::filesystem::path data;
  std::filesystem::path config;
  std::filesystem::path cache;
};

// Resolves all three directories from `env` (see the header comment). FailedPrecondition
// when no rule applies (no ASKDB_HOME, no absolute XDG value and no home directory).
StatusOr<AppDirs> ResolveAppDirs(const EnvLookup& env);
StatusOr<AppDirs> ResolveAppDirs();  // from the process environment

StatusOr<std::filesystem::path> DataDir();
StatusOr<std::filesystem::path> ConfigDir();
StatusOr<std::filesystem::path> CacheDir();

// Creates `dir` and any missing parents with mode 0700 (askdb's files may hold
// credentials and query results, so other users get no access). Existing directories
// are left as they are. Returns `dir`. FailedPrecondition when a path component exists
// but is not a directory; PermissionDenied / Unavailable when creation fails.
StatusOr<std::filesystem::path> EnsureDir(const std::filesystem::path& dir);

}  // namespace askdb
