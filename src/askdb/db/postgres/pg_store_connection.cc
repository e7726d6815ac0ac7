#include "askdb/db/postgres/pg_store_connection.h"

namespace askdb::db::postgres_internal {

Status PgStoreConnectFailure(const std::string& detail, const std::string& where,
                             std::chrono::milliseconds connect_timeout) {
  const ConnectFailureWording wording{
      .subject = where,
      .target = where,
      .missing_database = where + " names a database that does not exist",
      .missing_database_fix = "create it (CREATE DATABASE ... OWNER ...) or fix the URL",
      .password_sources = std::string(kPgStorePasswordEnv),
      .server = "PostgreSQL server"};
  return ConnectFailureStatus(detail, wording, connect_timeout);
}

StatusOr<std::unique_ptr<Session>> OpenPgStoreSession(const ConnParams& params,
                                                      const std::string& where,
                                                      std::chrono::milliseconds connect_timeout) {
  return OpenSession(params, ServerNotices::kDrop, where, [&](const std::string& detail) {
    return PgStoreConnectFailure(detail, where, connect_timeout);
  });
}

}  // namespace askdb::db::postgres_internal
