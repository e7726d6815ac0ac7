// askdb_load_fixture: copies a SQLite database — tables with their types mapped, rows,
// primary keys, foreign keys and indexes — into an empty PostgreSQL or MySQL/MariaDB
// database through a writable admin connection. scripts/db_servers.sh uses it to put the
// demo database and Chinook on the throwaway test servers.
//
//   askdb_load_fixture --target URL (--sqlite FILE | --demo)
//
// PostgreSQL names are lower-cased (Artist → artist), so that unquoted SQL written for the
// SQLite copy works there too; MySQL keeps the names as they are. TEXT columns whose values
// are all ISO dates (or date-times) become DATE (TIMESTAMP/DATETIME) columns. Single-column
// INTEGER primary keys become identity (AUTO_INCREMENT) columns.
//
// A test tool: single-threaded, exits non-zero with a message on the first failure.
#include <libpq-fe.h>
#include <mysql.h>
#include <sqlite3.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "askdb/db/database_url.h"
#include "askdb/demo/demo_database.h"

namespace {

constexpr size_t kRowsPerInsert = 500;
constexpr int kTextKeyLength = 191;  // utf8mb4 index prefix limit for MySQL key columns

struct Column {
  std::string name;
  std::string declared;
  bool not_null = false;
  int pk_position = 0;
  std::string mapped;  // target type
};

struct ForeignKey {
  std::vector<std::string> columns;
  std::string ref_table;
  std::vector<std::string> ref_columns;
};

struct Index {
  std::string name;
  bool unique = false;
  std::vector<std::string> columns;
};

struct Table {
  std::string name;
  std::vector<Column> columns;
  std::vector<ForeignKey> fks;
  std::vector<Index> indexes;
};

[[noreturn]] void Die(const std::string& message) {
  std::cerr << "askdb_load_fixture: " << message << "\n";
  std::exit(1);
}

std::string Upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}
std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The target database: PostgreSQL or MySQL, behind the few calls the loader needs.
class Target {
 public:
  virtual ~Target() = default;
  virtual bool postgres() const = 0;
  virtual void Exec(const std::string& sql) = 0;
  virtual std::string Literal(const std::string& text) = 0;
  std::string Ident(const std::string& name) const {
    std::string n = postgres() ? Lower(name) : name;
    char q = postgres() ? '"' : '`';
    std::string out(1, q);
    for (char c : n) {
      out += c;
      if (c == q) out += q;
    }
    return out + q;
  }
};

class PgTarget final : public Target {
 public:
  explicit PgTarget(const askdb::db::DatabaseUrl& url) {
    std::vector<std::pair<std::string, std::string>> p = {{"host", url.host},
                                                          {"dbname", url.database},
                                                          {"user", url.user},
                                                          {"password", url.password}};
    if (url.port) p.emplace_back("port", std::to_string(*url.port));
    std::vector<const char*> keys, values;
    for (auto& [k, v] : p) {
      keys.push_back(k.c_str());
      values.push_back(v.c_str());
    }
    keys.push_back(nullptr);
    values.push_back(nullptr);
    conn_ = PQconnectdbParams(keys.data(), values.data(), 0);
    if (PQstatus(conn_) != CONNECTION_OK)
      Die("cannot connect: " + std::string(PQerrorMessage(conn_)));
    Exec("SET client_min_messages = warning");
  }
  ~PgTarget() override { PQfinish(conn_); }
  bool postgres() const override { return true; }
  void Exec(const std::string& sql) override {
    PGresult* r = PQexec(conn_, sql.c_str());
    ExecStatusType st = PQresultStatus(r);
    if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK) {
      std::string e = PQresultErrorMessage(r);
      PQclear(r);
      Die("PostgreSQL: " + e + " in: " + sql.substr(0, 300));
    }
    PQclear(r);
  }
  std::string Literal(const std::string& text) override {
    char* q = PQescapeLiteral(conn_, text.data(), text.size());
    if (q == nullptr) Die("cannot escape a literal: " + std::string(PQerrorMessage(conn_)));
    std::string out = q;
    PQfreemem(q);
    return out;
  }

 private:
  PGconn* conn_ = nullptr;
};

class MysqlTarget final : public Target {
 public:
  explicit MysqlTarget(const askdb::db::DatabaseUrl& url) {
    conn_ = mysql_init(nullptr);
    unsigned port = url.port ? static_cast<unsigned>(*url.port) : 3306;
    if (mysql_real_connect(conn_, url.host.c_str(), url.user.c_str(), url.password.c_str(),
                           url.database.c_str(), port, nullptr, 0) == nullptr) {
      Die("cannot connect: " + std::string(mysql_error(conn_)));
    }
    mysql_set_character_set(conn_, "utf8mb4");
    Exec("SET SESSION sql_mode = 'STRICT_ALL_TABLES'");
    Exec("SET SESSION foreign_key_checks = 0");
  }
  ~MysqlTarget() override { mysql_close(conn_); }
  bool postgres() const override { return false; }
  void Exec(const std::string& sql) override {
    if (mysql_real_query(conn_, sql.data(), sql.size()) != 0) {
      Die("MySQL: " + std::string(mysql_error(conn_)) + " in: " + sql.substr(0, 300));
    }
    if (MYSQL_RES* r = mysql_store_result(conn_)) mysql_free_result(r);
  }
  std::string Literal(const std::string& text) override {
    std::string out(text.size() * 2 + 1, '\0');
    unsigned long n = mysql_real_escape_string(conn_, out.data(), text.data(), text.size());
    out.resize(n);
    return "'" + out + "'";
  }

 private:
  MYSQL* conn_ = nullptr;
};

sqlite3_stmt* Prepare(sqlite3* db, const std::string& sql) {
  sqlite3_stmt* s = nullptr;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &s, nullptr) != SQLITE_OK) {
    Die("SQLite: " + std::string(sqlite3_errmsg(db)) + " in: " + sql);
  }
  return s;
}

std::string Text(sqlite3_stmt* s, int col) {
  const unsigned char* t = sqlite3_column_text(s, col);
  return t != nullptr ? reinterpret_cast<const char*>(t) : "";
}

std::string SqliteIdent(const std::string& name) {
  std::string out = "\"";
  for (char c : name) {
    out += c;
    if (c == '"') out += '"';
  }
  return out + "\"";
}

std::vector<Table> ReadSchema(sqlite3* db) {
  std::vector<Table> tables;
  sqlite3_stmt* s = Prepare(db,
                            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT "
                            "LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name");
  while (sqlite3_step(s) == SQLITE_ROW) tables.push_back(Table{Text(s, 0), {}, {}, {}});
  sqlite3_finalize(s);
  for (Table& t : tables) {
    s = Prepare(db, "PRAGMA table_info(" + SqliteIdent(t.name) + ")");
    while (sqlite3_step(s) == SQLITE_ROW) {
      t.columns.push_back(Column{Text(s, 1), Text(s, 2), sqlite3_column_int(s, 3) != 0,
                                 sqlite3_column_int(s, 5), ""});
    }
    sqlite3_finalize(s);
    s = Prepare(db, "PRAGMA foreign_key_list(" + SqliteIdent(t.name) + ")");
    std::map<int, ForeignKey> fks;
    while (sqlite3_step(s) == SQLITE_ROW) {
      ForeignKey& fk = fks[sqlite3_column_int(s, 0)];
      fk.ref_table = Text(s, 2);
      fk.columns.push_back(Text(s, 3));
      if (sqlite3_column_type(s, 4) != SQLITE_NULL) fk.ref_columns.push_back(Text(s, 4));
    }
    sqlite3_finalize(s);
    for (auto& [id, fk] : fks) t.fks.push_back(fk);
    s = Prepare(db, "PRAGMA index_list(" + SqliteIdent(t.name) + ")");
    while (sqlite3_step(s) == SQLITE_ROW) {
      if (Text(s, 3) != "c") continue;  // only CREATE INDEX ones, not pk/unique constraints
      t.indexes.push_back(Index{Text(s, 1), sqlite3_column_int(s, 2) != 0, {}});
    }
    sqlite3_finalize(s);
    for (Index& index : t.indexes) {
      s = Prepare(db, "PRAGMA index_info(" + SqliteIdent(index.name) + ")");
      while (sqlite3_step(s) == SQLITE_ROW) index.columns.push_back(Text(s, 2));
      sqlite3_finalize(s);
    }
  }
  // Foreign keys written as REFERENCES parent (no columns) mean the parent's primary key.
  for (Table& t : tables) {
    for (ForeignKey& fk : t.fks) {
      if (!fk.ref_columns.empty()) continue;
      for (const Table& p : tables) {
        if (Lower(p.name) != Lower(fk.ref_table)) continue;
        for (const Column& c : p.columns) {
          if (c.pk_position > 0) fk.ref_columns.push_back(c.name);
        }
      }
    }
  }
  return tables;
}

// Whether every non-null value of a TEXT column is an ISO date ('D') or date-time ('T').
char TemporalKind(sqlite3* db, const Table& t, const Column& c) {
  static const std::regex kDate(R"(\d{4}-\d{2}-\d{2})");
  static const std::regex kDateTime(R"(\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d+)?)");
  sqlite3_stmt* s =
      Prepare(db, "SELECT DISTINCT " + SqliteIdent(c.name) + " FROM " + SqliteIdent(t.name) +
                      " WHERE " + SqliteIdent(c.name) + " IS NOT NULL");
  bool all_dates = true, all_times = true, any = false;
  while (sqlite3_step(s) == SQLITE_ROW && (all_dates || all_times)) {
    any = true;
    if (sqlite3_column_type(s, 0) != SQLITE_TEXT) {
      all_dates = all_times = false;
      break;
    }
    std::string v = Text(s, 0);
    all_dates = all_dates && std::regex_match(v, kDate);
    all_times = all_times && std::regex_match(v, kDateTime);
  }
  sqlite3_finalize(s);
  if (!any) return 0;
  return all_dates ? 'D' : (all_times ? 'T' : 0);
}

bool IsKeyColumn(const Table& t, const std::string& column) {
  for (const Column& c : t.columns) {
    if (c.name == column && c.pk_position > 0) return true;
  }
  for (const ForeignKey& fk : t.fks) {
    for (const std::string& c : fk.columns) {
      if (c == column) return true;
    }
  }
  for (const Index& index : t.indexes) {
    for (const std::string& c : index.columns) {
      if (c == column) return true;
    }
  }
  return false;
}

std::string MapType(sqlite3* db, const Table& t, const Column& c, bool pg,
                    const std::vector<Table>& all) {
  std::string d = Upper(c.declared);
  std::smatch m;
  if (d.find("INT") != std::string::npos) return pg ? "integer" : "INT";
  if (std::regex_search(d, m, std::regex(R"((NUMERIC|DECIMAL)\s*\((\d+)\s*,\s*(\d+)\))"))) {
    return (pg ? "numeric(" : "DECIMAL(") + m[2].str() + "," + m[3].str() + ")";
  }
  if (d.find("NUMERIC") != std::string::npos || d.find("DECIMAL") != std::string::npos) {
    return pg ? "numeric" : "DECIMAL(30,10)";
  }
  if (d.find("REAL") != std::string::npos || d.find("FLOA") != std::string::npos ||
      d.find("DOUB") != std::string::npos) {
    return pg ? "double precision" : "DOUBLE";
  }
  if (d.find("BOOL") != std::string::npos) return pg ? "boolean" : "BOOLEAN";
  if (d.find("BLOB") != std::string::npos) return pg ? "bytea" : "LONGBLOB";
  if (d == "DATE") return pg ? "date" : "DATE";
  if (d.find("DATETIME") != std::string::npos || d.find("TIMESTAMP") != std::string::npos) {
    return pg ? "timestamp" : "DATETIME";
  }
  if (char kind = TemporalKind(db, t, c); kind != 0) {
    if (kind == 'D') return pg ? "date" : "DATE";
    return pg ? "timestamp" : "DATETIME";
  }
  if (std::regex_search(d, m, std::regex(R"(CHAR\s*\((\d+)\))"))) {
    return (pg ? "varchar(" : "VARCHAR(") + m[1].str() + ")";
  }
  // MySQL cannot index TEXT without a prefix: key columns become VARCHAR.
  bool referenced = false;
  for (const Table& other : all) {
    for (const ForeignKey& fk : other.fks) {
      if (Lower(fk.ref_table) != Lower(t.name)) continue;
      for (const std::string& rc : fk.ref_columns) referenced = referenced || rc == c.name;
    }
  }
  if (!pg && (IsKeyColumn(t, c.name) || referenced)) {
    return "VARCHAR(" + std::to_string(kTextKeyLength) + ")";
  }
  return pg ? "text" : "LONGTEXT";
}

std::string ValueLiteral(sqlite3_stmt* s, int col, Target& target, const std::string& type) {
  switch (sqlite3_column_type(s, col)) {
    case SQLITE_NULL:
      return "NULL";
    case SQLITE_INTEGER:
      if (type == "boolean" || type == "BOOLEAN") {
        return sqlite3_column_int64(s, col) != 0 ? "TRUE" : "FALSE";
      }
      return std::to_string(sqlite3_column_int64(s, col));
    case SQLITE_FLOAT: {
      char buf[64];
      std::snprintf(buf, sizeof(buf), "%.17g", sqlite3_column_double(s, col));
      return buf;
    }
    case SQLITE_BLOB: {
      const auto* bytes = static_cast<const unsigned char*>(sqlite3_column_blob(s, col));
      int n = sqlite3_column_bytes(s, col);
      static const char* kHex = "0123456789abcdef";
      std::string hex;
      for (int i = 0; i < n; ++i) {
        hex += kHex[bytes[i] >> 4];
        hex += kHex[bytes[i] & 15];
      }
      return target.postgres() ? "'\\x" + hex + "'::bytea" : "X'" + hex + "'";
    }
    default:
      return target.Literal(Text(s, col));
  }
}

void Load(sqlite3* db, Target& target) {
  const bool pg = target.postgres();
  std::vector<Table> tables = ReadSchema(db);
  for (Table& t : tables) {
    for (Column& c : t.columns) c.mapped = MapType(db, t, c, pg, tables);
  }
  for (const Table& t : tables) {
    std::string ddl = "CREATE TABLE " + target.Ident(t.name) + " (";
    std::vector<std::string> pk;
    for (const Column& c : t.columns) {
      if (c.pk_position > 0) pk.resize(std::max<size_t>(pk.size(), c.pk_position));
    }
    for (const Column& c : t.columns) {
      if (c.pk_position > 0) pk[c.pk_position - 1] = target.Ident(c.name);
    }
    bool first = true;
    for (const Column& c : t.columns) {
      ddl += (first ? "" : ", ") + target.Ident(c.name) + " " + c.mapped;
      first = false;
      bool identity =
          pk.size() == 1 && c.pk_position == 1 && (c.mapped == "integer" || c.mapped == "INT");
      if (identity) ddl += pg ? " GENERATED BY DEFAULT AS IDENTITY" : " AUTO_INCREMENT";
      if (c.not_null || c.pk_position > 0) ddl += " NOT NULL";
    }
    if (!pk.empty()) {
      ddl += ", PRIMARY KEY (";
      for (size_t i = 0; i < pk.size(); ++i) ddl += (i ? ", " : "") + pk[i];
      ddl += ")";
    }
    ddl += ")";
    if (!pg) ddl += " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4";
    target.Exec(ddl);

    // Rows, several per INSERT.
    std::string cols;
    for (const Column& c : t.columns) cols += (cols.empty() ? "" : ", ") + target.Ident(c.name);
    sqlite3_stmt* s = Prepare(db, "SELECT * FROM " + SqliteIdent(t.name));
    std::string batch;
    size_t in_batch = 0;
    auto flush = [&] {
      if (in_batch == 0) return;
      target.Exec("INSERT INTO " + target.Ident(t.name) + " (" + cols + ") VALUES " + batch);
      batch.clear();
      in_batch = 0;
    };
    target.Exec(pg ? "BEGIN" : "START TRANSACTION");
    while (sqlite3_step(s) == SQLITE_ROW) {
      std::string row = "(";
      for (int i = 0; i < static_cast<int>(t.columns.size()); ++i) {
        row += (i ? ", " : "") + ValueLiteral(s, i, target, t.columns[i].mapped);
      }
      batch += (in_batch ? ", " : "") + row + ")";
      if (++in_batch == kRowsPerInsert) flush();
    }
    flush();
    target.Exec("COMMIT");
    sqlite3_finalize(s);
    if (pg && pk.size() == 1) {
      // Move the identity past the copied ids (harmless when the table is empty).
      const Column* key = nullptr;
      for (const Column& c : t.columns) {
        if (c.pk_position == 1) key = &c;
      }
      if (key != nullptr && key->mapped == "integer") {
        target.Exec("SELECT setval(pg_get_serial_sequence(" + target.Literal(target.Ident(t.name)) +
                    ", " + target.Literal(Lower(key->name)) + "), COALESCE(MAX(" +
                    target.Ident(key->name) + "), 0) + 1, false) FROM " + target.Ident(t.name));
      }
    }
  }
  // Keys and indexes once the rows are in.
  for (const Table& t : tables) {
    for (const ForeignKey& fk : t.fks) {
      std::string sql = "ALTER TABLE " + target.Ident(t.name) + " ADD FOREIGN KEY (";
      for (size_t i = 0; i < fk.columns.size(); ++i)
        sql += (i ? ", " : "") + target.Ident(fk.columns[i]);
      sql += ") REFERENCES " + target.Ident(fk.ref_table) + " (";
      for (size_t i = 0; i < fk.ref_columns.size(); ++i) {
        sql += (i ? ", " : "") + target.Ident(fk.ref_columns[i]);
      }
      target.Exec(sql + ")");
    }
    for (const Index& index : t.indexes) {
      std::string sql = std::string("CREATE ") + (index.unique ? "UNIQUE " : "") + "INDEX " +
                        target.Ident(index.name) + " ON " + target.Ident(t.name) + " (";
      for (size_t i = 0; i < index.columns.size(); ++i) {
        sql += (i ? ", " : "") + target.Ident(index.columns[i]);
      }
      target.Exec(sql + ")");
    }
  }
  target.Exec(pg ? "ANALYZE" : "SET SESSION foreign_key_checks = 1");
  std::cout << "loaded " << tables.size() << " tables\n";
}

}  // namespace

int main(int argc, char** argv) {
  std::string target_url, sqlite_path;
  bool demo = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--target" && i + 1 < argc) {
      target_url = argv[++i];
    } else if (a == "--sqlite" && i + 1 < argc) {
      sqlite_path = argv[++i];
    } else if (a == "--demo") {
      demo = true;
    } else {
      Die("usage: askdb_load_fixture --target URL (--sqlite FILE | --demo)");
    }
  }
  if (target_url.empty() || (sqlite_path.empty() == !demo)) {
    Die("usage: askdb_load_fixture --target URL (--sqlite FILE | --demo)");
  }
  askdb::StatusOr<askdb::db::DatabaseUrl> url = askdb::db::ParseDatabaseUrl(target_url);
  if (!url.ok()) Die(url.status().ToString());
  std::filesystem::path demo_path;
  if (demo) {
    demo_path = std::filesystem::temp_directory_path() /
                ("askdb_demo_fixture_" + std::to_string(::getpid()) + ".sqlite");
    askdb::Status made = askdb::demo::CreateDemoDatabase(demo_path, {});
    if (!made.ok()) Die(made.ToString());
    sqlite_path = demo_path.string();
  }
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(sqlite_path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    Die("cannot open " + sqlite_path);
  }
  std::unique_ptr<Target> target;
  if (url->engine == "postgres") {
    target = std::make_unique<PgTarget>(*url);
  } else if (url->engine == "mysql") {
    target = std::make_unique<MysqlTarget>(*url);
  } else {
    Die("the target must be a postgres:// or mysql:// URL");
  }
  Load(db, *target);
  sqlite3_close(db);
  if (!demo_path.empty()) std::filesystem::remove(demo_path);
  return 0;
}
