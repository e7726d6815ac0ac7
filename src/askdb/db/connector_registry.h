// ConnectorRegistry: opens a Connector for a database URL by looking up a factory keyed by
// the URL scheme ("sqlite", "postgres", "postgresql", "mysql", "mariadb"), so adding an
// engine means registering one factory, not editing a chain of if/else.
//
// The built-in connectors are registered by RegisterBuiltinConnectors, called explicitly
// (static libraries drop self-registering globals). ConnectorRegistry::Default() holds the
// built-ins; tests and embedders may build their own registry.
//
// Thread-safety: Register and Open may be called concurrently (a mutex guards the table).
// Factories must be thread-safe. Open returns a connector the caller owns.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "askdb/common/status.h"
#include "askdb/db/connector.h"

namespace askdb::db {

struct DatabaseUrl;

struct ConnectOptions {
  // How long a network connector may take to connect before Unavailable.
  std::chrono::milliseconds connect_timeout{10'000};
  // How long to wait for a lock held by another process (SQLite's busy timeout) before the
  // statement fails with Unavailable.
  std::chrono::milliseconds busy_timeout{2'000};
  // Server connectors refuse a role with privileges beyond reading data (superuser, server
  // file access, FILE, SUPER, ...) unless this is set (or the URL parameter
  // allow_privileged_role=true). The statement guard applies either way.
  bool allow_privileged_role = false;
};

using ConnectorFactory = std::function<StatusOr<std::unique_ptr<Connector>>(
    const DatabaseUrl& url, const ConnectOptions& options)>;

class ConnectorRegistry {
 public:
  ConnectorRegistry() = default;
  ConnectorRegistry(const ConnectorRegistry&) = delete;
  ConnectorRegistry& operator=(const ConnectorRegistry&) = delete;

  // The process-wide registry with the built-in connectors already registered.
  static ConnectorRegistry& Default();

  // AlreadyExists when `scheme` (case-insensitive) already has a factory.
  Status Register(std::string_view scheme, ConnectorFactory factory);
  bool Has(std::string_view scheme) const;

  // Parses `url` and opens it. InvalidArgument for a malformed URL; Unimplemented when the
  // URL names an engine this build has no connector for; otherwise the factory's result.
  StatusOr<std::unique_ptr<Connector>> Open(std::string_view url,
                                            const ConnectOptions& options) const;
  StatusOr<std::unique_ptr<Connector>> Open(const DatabaseUrl& url,
                                            const ConnectOptions& options) const;

 private:
  mutable std::mutex mu_;
  std::map<std::string, ConnectorFactory, std::less<>> factories_;
};

// Registers the connectors compiled into the db module (SQLite, PostgreSQL, MySQL/MariaDB).
Status RegisterBuiltinConnectors(ConnectorRegistry& registry);

// ConnectorRegistry::Default().Open(url, options).
StatusOr<std::unique_ptr<Connector>> OpenConnector(std::string_view url,
                                                   const ConnectOptions& options = {});

}  // namespace askdb::db
