// What the PostgreSQL stores (checkpoints, management, permissions) share that needs libpq:
// the result handle and opening a connection from a PgStoreConnection's parameters.
// Internal: include only from .cc files that link libpq.
#pragma once

#include <libpq-fe.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace askdb::agent {

struct PgResultDeleter {
  void operator()(PGresult* r) const { PQclear(r); }
};
using PgResultPtr = std::unique_ptr<PGresult, PgResultDeleter>;

// A libpq connection from keyword/value pairs (PgStoreConnection::params). The server's
// messages are dropped instead of printed to stderr: the stores connect with
// client_min_messages=warning, so only WARNINGs would reach libpq's default printer. Null
// only when libpq could not allocate one; the caller checks PQstatus.
PGconn* PgStoreConnect(const std::vector<std::pair<std::string, std::string>>& params);

}  // namespace askdb::agent
