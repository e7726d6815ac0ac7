#include "askdb/server/api/datasource_policy.h"

#include <arpa/inet.h>

#include <algorithm>
#include <system_error>
#include <utility>

#include "askdb/db/database_url.h"
#include "askdb/server/http.h"

namespace askdb::server::api {
namespace {

namespace fs = std::filesystem;

// `path` made absolute with `..` and symlinks of its existing part resolved.
fs::path Resolve(const fs::path& path) {
  std::error_code ec;
  fs::path absolute = fs::absolute(path, ec);
  if (ec) absolute = path;
  fs::path resolved = fs::weakly_canonical(absolute, ec);
  return ec ? absolute.lexically_normal() : resolved;
}

// True when `path` is `dir` or lies inside it (both resolved).
bool Inside(const fs::path& path, const fs::path& dir) {
  auto p = path.begin();
  for (auto d = dir.begin(); d != dir.end(); ++d, ++p) {
    if (d->empty()) continue;  // a trailing separator
    if (p == path.end() || *p != *d) return false;
  }
  return true;
}

// Loopback, link-local or unspecified: the machine itself or its cloud metadata service.
bool IsLocalAddress(std::string host) {
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') {
    host = host.substr(1, host.size() - 2);
  }
  if (EqualsIgnoreCase(host, "localhost") || host.empty()) return true;
  if (host.size() > 10 && EqualsIgnoreCase(host.substr(host.size() - 10), ".localhost")) {
    return true;
  }
  in_addr v4{};
  if (inet_pton(AF_INET, host.c_str(), &v4) == 1) {
    const uint32_t a = ntohl(v4.s_addr);
    return (a >> 24) == 127 || (a >> 16) == 0xA9FE || a == 0;
  }
  in6_addr v6{};
  if (inet_pton(AF_INET6, host.c_str(), &v6) == 1) {
    if (IN6_IS_ADDR_LOOPBACK(&v6) || IN6_IS_ADDR_UNSPECIFIED(&v6) || IN6_IS_ADDR_LINKLOCAL(&v6)) {
      return true;
    }
    if (IN6_IS_ADDR_V4MAPPED(&v6)) {
      const unsigned char* b = v6.s6_addr + 12;
      return b[0] == 127 || (b[0] == 169 && b[1] == 254) || (b[0] | b[1] | b[2] | b[3]) == 0;
    }
    return false;
  }
  // Numeric forms inet_pton refuses but resolvers accept ("127.1", "2130706433", "0x7f.1").
  const bool numeric = std::all_of(host.begin(), host.end(),
                                   [](char c) { return (c >= '0' && c <= '9') || c == '.'; });
  return numeric || host.rfind("0x", 0) == 0 || host.rfind("0X", 0) == 0;
}

}  // namespace

DatasourcePolicy::DatasourcePolicy(DatasourcePolicyOptions options) : options_(std::move(options)) {
  for (auto* list : {&options_.allowed_folders, &options_.protected_dirs, &options_.exempt_dirs}) {
    for (fs::path& dir : *list) dir = Resolve(dir);
  }
}

Status DatasourcePolicy::Check(std::string_view url) const {
  StatusOr<db::DatabaseUrl> parsed = db::ParseDatabaseUrl(url);
  if (!parsed.ok()) return InvalidArgumentError("url: " + parsed.status().message());
  if (parsed->is_sqlite()) return CheckFile(parsed->database);
  return CheckHost(parsed->engine, parsed->host, parsed->database);
}

Status DatasourcePolicy::CheckFile(const std::string& file) const {
  const fs::path path = Resolve(file);
  for (const fs::path& dir : options_.protected_dirs) {
    if (!Inside(path, dir)) continue;
    const bool exempt = std::any_of(options_.exempt_dirs.begin(), options_.exempt_dirs.end(),
                                    [&](const fs::path& e) { return Inside(path, e); });
    if (!exempt) {
      return PermissionDeniedError(
          "url: " + path.string() +
          " is one of askdb's own files (its data, config or cache directory), which can never "
          "be a datasource: copy the database elsewhere");
    }
  }
  if (options_.allowed_folders.empty()) return Status::Ok();
  for (const fs::path& dir : options_.allowed_folders) {
    if (Inside(path, dir)) return Status::Ok();
  }
  return PermissionDeniedError("url: " + path.string() +
                               " is outside the folders datasources may use (askdb serve "
                               "--datasource-folder DIR, repeatable)");
}

Status DatasourcePolicy::CheckHost(std::string_view engine, const std::string& host,
                                   const std::string& database) const {
  if (!options_.store_url.empty()) {
    StatusOr<db::DatabaseUrl> store = db::ParseDatabaseUrl(options_.store_url);
    if (store.ok() && store->engine == engine && EqualsIgnoreCase(store->host, host) &&
        store->database == database) {
      return PermissionDeniedError(
          "url: names askdb's own management store database, which can never be a datasource");
    }
  }
  if (options_.allowed_hosts.empty()) {
    if (!IsLocalAddress(host)) return Status::Ok();
    return PermissionDeniedError(
        "url: host '" + host +
        "' is this machine (loopback) or a link-local address, which datasources may not use "
        "unless allowed: start askdb serve with --datasource-host " +
        (host.empty() ? std::string("HOST") : host));
  }
  for (const std::string& allowed : options_.allowed_hosts) {
    if (allowed == "*" || EqualsIgnoreCase(allowed, host)) return Status::Ok();
  }
  return PermissionDeniedError("url: host '" + host +
                               "' is not one of the hosts datasources may use (askdb serve "
                               "--datasource-host HOST, repeatable)");
}

}  // namespace askdb::server::api
