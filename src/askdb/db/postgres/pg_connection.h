// Opening a libpq connection and reading libpq's errors: the one way for the read-only
// connector and the writable stores built on libpq (checkpoints, management, permissions).
// Internal: include only from .cc files that link libpq.
#pragma once

#include <libpq-fe.h>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "askdb/common/status.h"
#include "askdb/db/database_url.h"
#include "askdb/db/postgres/pg_session.h"

namespace askdb::db::postgres_internal {

struct ResultDeleter {
  void operator()(PGresult* r) const { PQclear(r); }
};
// A statement's result, cleared when it goes out of scope.
using ResultPtr = std::unique_ptr<PGresult, ResultDeleter>;

// libpq keyword/value pairs, in order; of a keyword given twice libpq takes the last.
using ConnParams = std::vector<std::pair<std::string, std::string>>;

// The keywords for the URL's host, port, database and user, `password` when there is one,
// the connect timeout in whole seconds (at least libpq's 2), `application_name` and UTF-8.
ConnParams UrlConnParams(const DatabaseUrl& url, const std::optional<std::string>& password,
                         std::chrono::milliseconds connect_timeout,
                         std::string_view application_name);

// What becomes of the server's NOTICEs and WARNINGs: libpq prints them on stderr, or they
// are dropped (the stores, which connect with client_min_messages=warning).
enum class ServerNotices { kPrint, kDrop };

// Names why a connection failed from libpq's message (libpq reports failures as text only).
using ConnectFailureFn = std::function<Status(const std::string& detail)>;

// What libpq's message for a failed connection attempt says went wrong (libpq reports these
// failures as text only): the server wants TLS, the password is wrong or missing, the
// database does not exist, access rules refuse the client, the attempt timed out, or
// anything else (no server there, wrong host or port).
enum class ConnectProblem {
  kNeedsTls,
  kTlsCertificate,
  kAuthentication,
  kNoPassword,
  kNoDatabase,
  kRefused,
  kTimeout,
  kOther
};
ConnectProblem ClassifyConnectFailure(std::string_view detail);

// How a caller words a failed connection: the read-only connector names the server, a
// store names itself.
struct ConnectFailureWording {
  std::string subject;  // who refuses or asks: "the server URL", "the checkpoint store URL"
  std::string target;   // what "connecting to ..." names
  std::string missing_database;      // the sentence for a database that does not exist
  std::string missing_database_fix;  // what to do about it
  std::string password_sources;      // where a password can come from besides the URL
  std::string server;                // "server", "PostgreSQL server": what must be running
};
// The Status for libpq's message `detail` (ClassifyConnectFailure): PermissionDenied (TLS
// wanted, the server's certificate not verified, authentication, no password, access rules),
// NotFound (database), Unavailable (timeout, anything else), each saying what to do.
Status ConnectFailureStatus(const std::string& detail, const ConnectFailureWording& wording,
                            std::chrono::milliseconds connect_timeout);

// A SQLSTATE saying the connection is gone or unusable: class 08 (connection exception),
// 57P01-57P03 (the server shutting down or not yet accepting connections).
bool ConnectionLostState(std::string_view sqlstate);

// One open connection to `params`. ResourceExhausted when libpq cannot allocate one (`where`
// names the server in that message); any other failure is `failure`'s Status.
StatusOr<std::unique_ptr<Session>> OpenSession(const ConnParams& params, ServerNotices notices,
                                               std::string_view where,
                                               const ConnectFailureFn& failure);

// libpq's text without its trailing newline and blanks ("" for null).
std::string TrimmedText(const char* text);

// One field of an error result (PG_DIAG_SQLSTATE, PG_DIAG_MESSAGE_PRIMARY, ...), "" when
// the server did not send it.
std::string ErrorField(const PGresult* r, int field);

}  // namespace askdb::db::postgres_internal
