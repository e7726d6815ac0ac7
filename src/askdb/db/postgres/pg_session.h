// One libpq connection, owned by a session pool or by the call using it; shared by the
// read-only connector and the writable stores built on libpq (checkpoints, management,
// permissions).
// Internal: include only from .cc files that link libpq. Not thread-safe: one user at a time.
#pragma once

#include <libpq-fe.h>

namespace askdb::db::postgres_internal {

class Session {
 public:
  explicit Session(PGconn* conn) : conn_(conn) {}
  ~Session() {
    if (conn_ != nullptr) PQfinish(conn_);
  }
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  PGconn* conn() const { return conn_; }
  bool broken() const { return broken_ || PQstatus(conn_) != CONNECTION_OK; }
  void MarkBroken() { broken_ = true; }

 private:
  PGconn* conn_;
  bool broken_ = false;
};

}  // namespace askdb::db::postgres_internal
