// A PostgreSQL schema of one test's own on the test store server (ASKDB_TEST_STORE_URL of
// scripts/db_servers.sh): the URL with schema=NAME for the stores under test, and the schema
// dropped with everything in it when the object goes. Test-only; link libpq.
#pragma once

#include <libpq-fe.h>
#include <unistd.h>

#include <atomic>
#include <string>
#include <string_view>

namespace askdb::db::testing {

class PgScratchSchema {
 public:
  // The schema is named `prefix`_<pid>_<n>, unique within the run.
  PgScratchSchema(std::string base_url, std::string_view prefix) : base_url_(std::move(base_url)) {
    static std::atomic<int> counter{0};
    name_ =
        std::string(prefix) + "_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
    url_ = base_url_ + (base_url_.find('?') == std::string::npos ? "?" : "&") + "schema=" + name_;
  }
  ~PgScratchSchema() {
    // libpq takes postgresql:// URIs; askdb's store URLs may say postgres://.
    const std::string uri = "postgresql://" + base_url_.substr(base_url_.find("://") + 3);
    PGconn* conn = PQconnectdb(uri.c_str());
    PQsetNoticeProcessor(
        conn, [](void*, const char*) {}, nullptr);
    PQclear(PQexec(conn, ("DROP SCHEMA IF EXISTS " + name_ + " CASCADE").c_str()));
    PQfinish(conn);
  }
  PgScratchSchema(const PgScratchSchema&) = delete;
  PgScratchSchema& operator=(const PgScratchSchema&) = delete;

  const std::string& url() const { return url_; }
  const std::string& name() const { return name_; }

 private:
  std::string base_url_, name_, url_;
};

}  // namespace askdb::db::testing
