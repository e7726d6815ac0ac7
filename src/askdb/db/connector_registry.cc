#include "askdb/db/connector_registry.h"

#include <utility>

#include "askdb/db/ascii_util.h"
#include "askdb/db/database_url.h"
#include "askdb/db/mysql/mysql_connector.h"
#include "askdb/db/postgres/postgres_connector.h"
#include "askdb/db/sqlite/sqlite_connector.h"

namespace askdb::db {

ConnectorRegistry& ConnectorRegistry::Default() {
  // Function-local statics: built once on first use, thread-safe by the language.
  static ConnectorRegistry registry;
  // Registration into a fresh registry only fails on a duplicate scheme, which cannot happen.
  static const bool registered = RegisterBuiltinConnectors(registry).ok();
  (void)registered;
  return registry;
}

Status ConnectorRegistry::Register(std::string_view scheme, ConnectorFactory factory) {
  std::string key = internal::AsciiLowerCopy(scheme);
  std::lock_guard lock(mu_);
  if (factories_.contains(key)) {
    return AlreadyExistsError("a connector for scheme '" + key +
                              "' is already registered; register each scheme once");
  }
  factories_.emplace(std::move(key), std::move(factory));
  return Status::Ok();
}

bool ConnectorRegistry::Has(std::string_view scheme) const {
  std::lock_guard lock(mu_);
  return factories_.contains(internal::AsciiLowerCopy(scheme));
}

StatusOr<std::unique_ptr<Connector>> ConnectorRegistry::Open(std::string_view url,
                                                             const ConnectOptions& options) const {
  ASKDB_ASSIGN_OR_RETURN(DatabaseUrl parsed, ParseDatabaseUrl(url));
  return Open(parsed, options);
}

StatusOr<std::unique_ptr<Connector>> ConnectorRegistry::Open(const DatabaseUrl& url,
                                                             const ConnectOptions& options) const {
  ConnectorFactory factory;
  {
    std::lock_guard lock(mu_);
    auto it = factories_.find(url.scheme);
    if (it != factories_.end()) factory = it->second;
  }
  if (!factory) {
    return UnimplementedError("cannot open " + url.Redacted() + ": the " + url.engine +
                              " engine is not built into this askdb yet; use a SQLite file "
                              "(sqlite:PATH) or a build that includes the " +
                              url.engine + " connector");
  }
  // The factory runs outside the lock: opening a network connection may take seconds.
  return factory(url, options);
}

Status RegisterBuiltinConnectors(ConnectorRegistry& registry) {
  ASKDB_RETURN_IF_ERROR(registry.Register(
      "sqlite",
      [](const DatabaseUrl& url,
         const ConnectOptions& options) -> StatusOr<std::unique_ptr<Connector>> {
        SqliteOpenOptions sqlite_options;
        sqlite_options.busy_timeout = options.busy_timeout;
        ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<SqliteConnector> connector,
                               SqliteConnector::Open(url.database, sqlite_options));
        return std::unique_ptr<Connector>(std::move(connector));
      }));
  ConnectorFactory postgres =
      [](const DatabaseUrl& url,
         const ConnectOptions& options) -> StatusOr<std::unique_ptr<Connector>> {
    PostgresOptions pg_options;
    pg_options.connect_timeout = options.connect_timeout;
    pg_options.allow_privileged_role = options.allow_privileged_role;
    ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<PostgresConnector> connector,
                           PostgresConnector::Open(url, pg_options));
    return std::unique_ptr<Connector>(std::move(connector));
  };
  ASKDB_RETURN_IF_ERROR(registry.Register("postgres", postgres));
  ASKDB_RETURN_IF_ERROR(registry.Register("postgresql", postgres));
  ConnectorFactory mysql =
      [](const DatabaseUrl& url,
         const ConnectOptions& options) -> StatusOr<std::unique_ptr<Connector>> {
    MysqlOptions mysql_options;
    mysql_options.connect_timeout = options.connect_timeout;
    mysql_options.allow_privileged_role = options.allow_privileged_role;
    ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<MysqlConnector> connector,
                           MysqlConnector::Open(url, mysql_options));
    return std::unique_ptr<Connector>(std::move(connector));
  };
  ASKDB_RETURN_IF_ERROR(registry.Register("mysql", mysql));
  ASKDB_RETURN_IF_ERROR(registry.Register("mariadb", mysql));
  return Status::Ok();
}

StatusOr<std::unique_ptr<Connector>> OpenConnector(std::string_view url,
                                                   const ConnectOptions& options) {
  return ConnectorRegistry::Default().Open(url, options);
}

}  // namespace askdb::db
