// Opening a connection to one of askdb's own PostgreSQL stores (checkpoints, management,
// permissions): the stores' wording of a failed connection and what becomes of the
// server's messages. Internal: include only from .cc files that link libpq.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <string_view>

#include "askdb/common/status.h"
#include "askdb/db/postgres/pg_connection.h"
#include "askdb/db/postgres/pg_session.h"

namespace askdb::db::postgres_internal {

// Where a store's password can come from besides the URL and password_file=.
inline constexpr std::string_view kPgStorePasswordEnv = "ASKDB_STORE_PASSWORD";

// The Status for a failed connection attempt to a store, from libpq's message `detail`
// (ConnectFailureStatus in a store's words). `where` names the store and its display URL.
Status PgStoreConnectFailure(const std::string& detail, const std::string& where,
                             std::chrono::milliseconds connect_timeout);

// One connection to a PostgreSQL store through OpenSession. The server's messages are
// dropped instead of printed on stderr: the stores connect with client_min_messages=warning,
// so only WARNINGs would reach libpq's printer. ResourceExhausted when libpq cannot allocate
// a connection; any other failure is PgStoreConnectFailure's Status.
StatusOr<std::unique_ptr<Session>> OpenPgStoreSession(const ConnParams& params,
                                                      const std::string& where,
                                                      std::chrono::milliseconds connect_timeout);

}  // namespace askdb::db::postgres_internal
