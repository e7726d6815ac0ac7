// Introspection speed on a big catalog: creates kTables tables (with a primary key, a
// foreign key, an index, text columns and a few rows each) in the scratch database of the
// PostgreSQL and MariaDB test servers (scripts/db_servers.sh; ASKDB_TEST_PG_SCRATCH_URL,
// ASKDB_TEST_MYSQL_SCRATCH_URL), times Connector::Introspect and prints one JSON line per
// engine: {"bench":"introspect","engine":"postgres","tables":1000,"ms":...,"target_ms":2000}.
// An engine whose URL is unset is reported as skipped.
#include <libpq-fe.h>
#include <mysql.h>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>

#include "askdb/common/json.h"
#include "askdb/db/connector_registry.h"
#include "askdb/db/database_url.h"

namespace {

constexpr int kTables = 1000;
constexpr int kTargetMs = 2000;
constexpr int kTablesPerBatch = 50;

std::string TableDdl(int i, bool pg) {
  std::string t = "bench_t" + std::to_string(i);
  std::string text = pg ? "text" : "VARCHAR(40)";
  std::string ddl = "CREATE TABLE " + t + " (id INT PRIMARY KEY, name " + text +
                    " NOT NULL, city " + text + ", amount DECIMAL(10,2) DEFAULT 0, created DATE" +
                    (i > 0 ? ", parent_id INT REFERENCES bench_t0 (id)" : "") + ")";
  ddl += pg ? ";" : " ENGINE=InnoDB;";
  ddl += "CREATE INDEX ix_" + t + "_name ON " + t + " (name);";
  ddl += "INSERT INTO " + t +
         " (id, name, city) VALUES (1, 'a', 'Beijing'), (2, 'b', "
         "'Shanghai'), (3, 'c', NULL);";
  return ddl;
}

bool SetUpPostgres(const askdb::db::DatabaseUrl& u) {
  std::string conninfo = "host=" + u.host + " port=" + std::to_string(*u.port) +
                         " dbname=" + u.database + " user=" + u.user + " password=" + u.password;
  PGconn* conn = PQconnectdb(conninfo.c_str());
  bool ok = PQstatus(conn) == CONNECTION_OK;
  std::string sql =
      "SET client_min_messages = warning; DROP SCHEMA public CASCADE; CREATE SCHEMA public;";
  for (int i = 0; ok && i < kTables; ++i) {
    sql += TableDdl(i, true);
    if ((i + 1) % kTablesPerBatch == 0 || i + 1 == kTables) {
      PGresult* r = PQexec(conn, sql.c_str());
      ok = PQresultStatus(r) == PGRES_COMMAND_OK;
      if (!ok) std::cerr << PQresultErrorMessage(r);
      PQclear(r);
      sql.clear();
    }
  }
  if (ok) PQclear(PQexec(conn, "ANALYZE"));
  PQfinish(conn);
  return ok;
}

bool SetUpMysql(const askdb::db::DatabaseUrl& u) {
  MYSQL* conn = mysql_init(nullptr);
  bool ok = mysql_real_connect(conn, u.host.c_str(), u.user.c_str(), u.password.c_str(),
                               u.database.c_str(), static_cast<unsigned>(*u.port), nullptr,
                               CLIENT_MULTI_STATEMENTS) != nullptr;
  auto run = [&](const std::string& sql) {
    if (!ok) return;
    ok = mysql_query(conn, sql.c_str()) == 0;
    if (!ok) std::cerr << mysql_error(conn) << "\n";
    // Drain every result of the multi-statement batch.
    do {
      if (MYSQL_RES* r = mysql_store_result(conn)) mysql_free_result(r);
    } while (ok && mysql_next_result(conn) == 0);
  };
  run("DROP DATABASE IF EXISTS " + u.database + "; CREATE DATABASE " + u.database + "; USE " +
      u.database);
  std::string sql;
  for (int i = 0; ok && i < kTables; ++i) {
    sql += TableDdl(i, false);
    if ((i + 1) % kTablesPerBatch == 0 || i + 1 == kTables) {
      run(sql);
      sql.clear();
    }
  }
  mysql_close(conn);
  return ok;
}

void Bench(const char* engine, const char* env, bool (*set_up)(const askdb::db::DatabaseUrl&)) {
  askdb::Json out = {{"bench", "introspect"}, {"engine", engine}, {"tables", kTables}};
  const char* url = std::getenv(env);
  if (url == nullptr) {
    out["skipped"] = std::string(env) + " unset (start servers: scripts/db_servers.sh start)";
    std::cout << out.dump() << std::endl;
    return;
  }
  auto parsed = askdb::db::ParseDatabaseUrl(url);
  if (!parsed.ok() || !set_up(*parsed)) {
    out["error"] = "could not create the tables";
    std::cout << out.dump() << std::endl;
    return;
  }
  auto db = askdb::db::OpenConnector(url);
  if (!db.ok()) {
    out["error"] = db.status().ToString();
    std::cout << out.dump() << std::endl;
    return;
  }
  auto start = std::chrono::steady_clock::now();
  auto schema = (*db)->Introspect({});
  double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (!schema.ok()) {
    out["error"] = schema.status().ToString();
  } else {
    out["introspected_tables"] = schema->tables.size();
    out["ms"] = ms;
    out["target_ms"] = kTargetMs;
    out["within_target"] = ms <= kTargetMs;
  }
  std::cout << out.dump() << std::endl;
}

}  // namespace

int main() {
  Bench("postgres", "ASKDB_TEST_PG_SCRATCH_URL", SetUpPostgres);
  Bench("mysql", "ASKDB_TEST_MYSQL_SCRATCH_URL", SetUpMysql);
  return 0;
}
