// DatasourcePolicy: what a datasource registered over the management API may point at
// (issue 19 item 6).
//
// - SQLite files: never askdb's own files — the data directory (the management store with
//   its API-key table, checkpoints, secret.key), the config and cache directories — except
//   the demo database folder `<data dir>/demo`. With `allowed_folders` set, the file must
//   also lie inside one of them. Paths are compared after resolving `..` and symlinks.
// - Servers (postgres://, mysql://): with `allowed_hosts` empty, any host but loopback
//   (127.0.0.0/8, ::1, localhost), link-local (169.254.0.0/16 — cloud metadata — and
//   fe80::/10) and unspecified (0.0.0.0, ::) addresses, so that the test route cannot probe
//   the server's own ports; with it set, only the hosts listed (exact names or addresses,
//   case-insensitive; "*" allows any host, loopback included). The management store's own
//   PostgreSQL database (server.store_url) is never a datasource.
//
// Names are checked as written: a DNS name that resolves to a refused address is the
// operator's to keep out of `allowed_hosts`.
//
// Thread-safe (immutable after construction).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/status.h"

namespace askdb::server::api {

struct DatasourcePolicyOptions {
  std::vector<std::filesystem::path> allowed_folders;  // empty: any folder but askdb's own
  std::vector<std::string> allowed_hosts;  // empty: any but loopback/link-local; "*": any
  // askdb's own directories (data, config, cache): never a datasource.
  std::vector<std::filesystem::path> protected_dirs;
  // Folders inside a protected one that may still be used (`<data dir>/demo`).
  std::vector<std::filesystem::path> exempt_dirs;
  // The management store's URL (postgres://...): that database is never a datasource.
  std::string store_url;
};

class DatasourcePolicy {
 public:
  DatasourcePolicy() = default;  // protects nothing, allows any folder and non-loopback host
  explicit DatasourcePolicy(DatasourcePolicyOptions options);

  // OK when `url` (a datasource URL) may be registered, tested or introspected;
  // PermissionDenied (HTTP 403) naming the rule otherwise; InvalidArgument for a URL that
  // does not parse.
  Status Check(std::string_view url) const;

 private:
  Status CheckFile(const std::string& path) const;
  Status CheckHost(std::string_view engine, const std::string& host,
                   const std::string& database) const;

  DatasourcePolicyOptions options_;
};

}  // namespace askdb::server::api
