// DatabaseUrl: where a user database lives, parsed from the text a person types.
//
// Accepted forms:
//   sqlite:PATH                  a file, relative or absolute (sqlite:demo.sqlite)
//   sqlite:///ABSOLUTE/PATH      an absolute file path
//   PATH                         a bare file path is SQLite (demo.sqlite, /x/y.db)
//   postgres://USER:PASSWORD@HOST:PORT/DATABASE?k=v   (also postgresql://)
//   mysql://USER:PASSWORD@HOST:PORT/DATABASE?k=v      (also mariadb://)
// `sqlite://relative` is refused because it is ambiguous (is "relative" a host?).
// User, password, database and parameters are percent-decoded.
//
// Plain value type; parsing is pure and thread-safe. A DatabaseUrl holds the password in
// clear: log and display only Redacted().
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "askdb/common/status.h"

namespace askdb::db {

struct DatabaseUrl {
  std::string scheme;  // lower-cased as written: "sqlite", "postgresql", "mariadb", ...
  std::string engine;  // canonical engine: "sqlite", "postgres", "mysql"
  std::string user;
  std::string password;
  bool has_password = false;  // "user:@host" has an (empty) password, "user@host" none
  std::string host;           // without IPv6 brackets
  std::optional<int> port;    // nullopt: the engine's default
  // The database name for servers; the file path for SQLite.
  std::string database;
  std::vector<std::pair<std::string, std::string>> params;  // in the order written

  bool is_sqlite() const { return engine == "sqlite"; }
  // The URL with the password (and password-like parameters) replaced by "***".
  std::string Redacted() const;
};

// Parses `url`. InvalidArgument says what is wrong and lists the accepted forms; the
// message never repeats a password.
StatusOr<DatabaseUrl> ParseDatabaseUrl(std::string_view url);

// The accepted forms, one per line, for help texts and error messages.
std::string_view DatabaseUrlForms();

}  // namespace askdb::db
