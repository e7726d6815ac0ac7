#include "askdb/db/mysql/mysql_connector.h"

#include <errmsg.h>
#include <mysql.h>
#include <mysqld_error.h>
#include <sys/socket.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <thread>

#include "askdb/db/ascii_util.h"
#include "askdb/db/database_url.h"
#include "askdb/db/mysql/mysql_dialect.h"
#include "askdb/db/mysql/mysql_grants.h"
#include "askdb/db/mysql/mysql_statement_guard.h"
#include "askdb/db/server_support.h"
#include "askdb/db/statement_guard.h"

namespace askdb::db {
namespace mysql_internal {

struct ConnectParams {
  std::string host;
  unsigned port = 0;
  std::string user;
  std::optional<std::string> password;
  std::string database;
  bool require_tls = false;
  std::string tls_ca;
  // sslmode=verify_identity: the certificate must also hold the URL's host.
  bool verify_identity = false;
};

class Session {
 public:
  explicit Session(MYSQL* conn) : conn_(conn) {}
  ~Session() {
    if (conn_ != nullptr) mysql_close(conn_);
  }
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  MYSQL* conn() const { return conn_; }
  bool broken() const { return broken_; }
  void MarkBroken() { broken_ = true; }

  bool mariadb = false;
  unsigned long thread_id = 0;
  std::string limits;  // the last SET of timeout and row limit, to skip repeating it

 private:
  MYSQL* conn_;
  bool broken_ = false;
};

}  // namespace mysql_internal

namespace {

using server::SteadyClock;
using Session = mysql_internal::Session;
using ConnectParams = mysql_internal::ConnectParams;

constexpr unsigned kDefaultPort = 3306;
constexpr unsigned kBinaryCharset = 63;  // charsetnr of binary strings and blobs
constexpr long long kNoCap = std::numeric_limits<long long>::max() / 2;
constexpr std::array<std::string_view, 6> kKnownParams = {
    "password_file", "pool_size", "ssl", "sslmode", "ssl_ca", "allow_privileged_role"};

bool IsConnectionError(unsigned err) {
  return err == CR_SERVER_GONE_ERROR || err == CR_SERVER_LOST || err == CR_CONNECTION_ERROR ||
         err == CR_CONN_HOST_ERROR || err == CR_COMMANDS_OUT_OF_SYNC || err == ER_CONNECTION_KILLED;
}

std::string Error(MYSQL* conn) {
  return std::string(mysql_error(conn)) + " (error " + std::to_string(mysql_errno(conn)) + ")";
}

// Runs trusted text (settings, catalog queries) and returns its rows as text; NULL → nullopt.
using Row = std::vector<std::optional<std::string>>;
StatusOr<std::vector<Row>> RunText(Session& s, const std::string& sql, std::string_view where) {
  if (mysql_real_query(s.conn(), sql.data(), sql.size()) != 0) {
    unsigned err = mysql_errno(s.conn());
    std::string message = Error(s.conn());
    if (IsConnectionError(err) || err >= CR_MIN_ERROR) {
      s.MarkBroken();
      return UnavailableError("lost the connection to " + std::string(where) + " (" + message +
                              "); the next statement reconnects, retry it");
    }
    if (err == ER_STATEMENT_TIMEOUT || err == ER_QUERY_INTERRUPTED) {
      return DeadlineExceededError("a catalog query on " + std::string(where) + " was stopped (" +
                                   message + ")");
    }
    return SqlError("MySQL: " + message);
  }
  std::vector<Row> rows;
  MYSQL_RES* res = mysql_store_result(s.conn());
  if (res == nullptr) {
    if (mysql_field_count(s.conn()) != 0) {
      s.MarkBroken();
      return UnavailableError("lost the connection to " + std::string(where) + " (" +
                              Error(s.conn()) + ")");
    }
    return rows;
  }
  unsigned n = mysql_num_fields(res);
  while (MYSQL_ROW row = mysql_fetch_row(res)) {
    unsigned long* lengths = mysql_fetch_lengths(res);
    Row out;
    out.reserve(n);
    for (unsigned i = 0; i < n; ++i) {
      if (row[i] == nullptr) {
        out.emplace_back();
      } else {
        out.emplace_back(std::string(row[i], lengths[i]));
      }
    }
    rows.push_back(std::move(out));
  }
  mysql_free_result(res);
  return rows;
}

// The integer types, which MySQL may mark unsigned; empty for any other type.
std::string_view IntegerTypeName(enum_field_types type) {
  switch (type) {
    case MYSQL_TYPE_TINY:
      return "tinyint";
    case MYSQL_TYPE_SHORT:
      return "smallint";
    case MYSQL_TYPE_INT24:
      return "mediumint";
    case MYSQL_TYPE_LONG:
      return "int";
    case MYSQL_TYPE_LONGLONG:
      return "bigint";
    default:
      return "";
  }
}

std::string DecimalTypeName(const MYSQL_FIELD& f, bool is_unsigned) {
  // length counts digits, a sign and a point; decimals is the scale.
  unsigned scale = f.decimals;
  unsigned precision =
      static_cast<unsigned>(f.length) - (scale > 0 ? 1 : 0) - (is_unsigned ? 0 : 1);
  return "decimal(" + std::to_string(precision) + "," + std::to_string(scale) + ")";
}

// The string and blob types: the binary character set makes them binary.
std::string_view StringTypeName(enum_field_types type, bool binary) {
  switch (type) {
    case MYSQL_TYPE_TINY_BLOB:
    case MYSQL_TYPE_MEDIUM_BLOB:
    case MYSQL_TYPE_LONG_BLOB:
    case MYSQL_TYPE_BLOB:
      return binary ? "blob" : "text";
    case MYSQL_TYPE_STRING:
      return binary ? "binary" : "char";
    case MYSQL_TYPE_VAR_STRING:
    case MYSQL_TYPE_VARCHAR:
      return binary ? "varbinary" : "varchar";
    default:
      return "";
  }
}

std::string TypeName(const MYSQL_FIELD& f) {
  const bool is_unsigned = (f.flags & UNSIGNED_FLAG) != 0;
  if (std::string_view name = IntegerTypeName(f.type); !name.empty()) {
    return is_unsigned ? std::string(name) + " unsigned" : std::string(name);
  }
  switch (f.type) {
    case MYSQL_TYPE_YEAR:
      return "year";
    case MYSQL_TYPE_FLOAT:
      return "float";
    case MYSQL_TYPE_DOUBLE:
      return "double";
    case MYSQL_TYPE_DECIMAL:
    case MYSQL_TYPE_NEWDECIMAL:
      return DecimalTypeName(f, is_unsigned);
    case MYSQL_TYPE_DATE:
    case MYSQL_TYPE_NEWDATE:
      return "date";
    case MYSQL_TYPE_TIME:
      return "time";
    case MYSQL_TYPE_DATETIME:
      return "datetime";
    case MYSQL_TYPE_TIMESTAMP:
      return "timestamp";
    case MYSQL_TYPE_BIT:
      return "bit(" + std::to_string(f.length) + ")";
    case MYSQL_TYPE_JSON:
      return "json";
    case MYSQL_TYPE_GEOMETRY:
      return "geometry";
    case MYSQL_TYPE_NULL:
      return "null";
    default:
      return std::string(StringTypeName(f.type, f.charsetnr == kBinaryCharset));
  }
}

Value IntegerValue(std::string_view s) {
  int64_t i = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), i);
  if (ec == std::errc() && ptr == s.data() + s.size()) return Value::Int(i);
  return Value::Decimal(std::string(s));  // unsigned bigint above INT64_MAX stays exact
}

// DATETIME and TIMESTAMP in ISO form; MySQL's zero dates stay text.
Value DateTimeValue(const MYSQL_FIELD& f, std::string_view s) {
  if (s.substr(0, 4) == "0000") return Value::Text(std::string(s));
  std::string iso(s);
  if (iso.size() > 10 && iso[10] == ' ') iso[10] = 'T';
  // TIMESTAMP is stored in UTC and shown in the session's zone, which is UTC.
  if (f.type == MYSQL_TYPE_TIMESTAMP) iso += "+00:00";
  return Value::Timestamp(iso);
}

// BIT(1) is a truth value; a wider BIT is its big-endian bytes as a number.
Value BitValue(const MYSQL_FIELD& f, std::string_view s) {
  if (f.length == 1) return Value::Bool(!s.empty() && s.back() != 0);
  uint64_t bits = 0;
  for (char c : s) bits = (bits << 8) | static_cast<unsigned char>(c);
  return Value::Int(static_cast<int64_t>(bits));
}

Value ToValue(const MYSQL_FIELD& f, const char* v, unsigned long n) {
  std::string_view s(v, n);
  switch (f.type) {
    case MYSQL_TYPE_TINY:
    case MYSQL_TYPE_SHORT:
    case MYSQL_TYPE_INT24:
    case MYSQL_TYPE_LONG:
    case MYSQL_TYPE_LONGLONG:
    case MYSQL_TYPE_YEAR:
      return IntegerValue(s);
    case MYSQL_TYPE_DECIMAL:
    case MYSQL_TYPE_NEWDECIMAL:
      return Value::Decimal(std::string(s));
    case MYSQL_TYPE_FLOAT:
    case MYSQL_TYPE_DOUBLE:
      return Value::Double(std::strtod(std::string(s).c_str(), nullptr));
    case MYSQL_TYPE_DATE:
    case MYSQL_TYPE_NEWDATE:
      if (s.substr(0, 4) == "0000") return Value::Text(std::string(s));  // zero dates
      return Value::Date(std::string(s));
    case MYSQL_TYPE_TIME:
      return Value::Time(std::string(s));
    case MYSQL_TYPE_DATETIME:
    case MYSQL_TYPE_TIMESTAMP:
      return DateTimeValue(f, s);
    case MYSQL_TYPE_BIT:
      return BitValue(f, s);
    case MYSQL_TYPE_GEOMETRY:
      return Value::Blob(std::string(s));
    default:  // strings and blobs; the binary character set makes a blob
      if (!StringTypeName(f.type, false).empty() && f.charsetnr == kBinaryCharset) {
        return Value::Blob(std::string(s));
      }
      return Value::Text(std::string(s));
  }
}

}  // namespace

MysqlConnector::MysqlConnector(PrivateTag, std::unique_ptr<ConnectParams> params,
                               std::string display_name, std::string database,
                               const MysqlOptions& options)
    : params_(std::move(params)),
      display_name_(std::move(display_name)),
      database_(std::move(database)),
      options_(options),
      pool_(std::make_unique<server::SessionPool<Session>>(options.max_sessions,
                                                           [this] { return Connect(); })) {}

MysqlConnector::~MysqlConnector() { Cancel(); }

const Dialect& MysqlConnector::dialect() const { return MysqlDialect::Instance(); }

size_t MysqlConnector::open_sessions() const { return pool_->open_sessions(); }

namespace {

// Applies the URL's parameters to the connection and the options; refuses an unknown one.
Status ApplyUrlParams(const DatabaseUrl& url, ConnectParams& params, MysqlOptions& opts) {
  std::string verify_mode;  // sslmode=verify_ca or verify_identity, as written
  for (const auto& [key, value] : url.params) {
    if (!server::IsOneOf(key, kKnownParams)) {
      return InvalidArgumentError("unknown MySQL URL parameter '" + key + "' in " + url.Redacted() +
                                  "; known parameters: " + server::KnownParamsText(kKnownParams));
    }
    if (key == "pool_size") {
      ASKDB_ASSIGN_OR_RETURN(opts.max_sessions, server::ParsePoolSize(value));
    } else if (key == "ssl" || key == "sslmode") {
      std::string v = internal::AsciiLowerCopy(value);
      const bool verify = v == "verify_ca" || v == "verify_identity";
      params.require_tls = v == "true" || v == "1" || v == "require" || v == "required" || verify;
      params.verify_identity = v == "verify_identity";
      verify_mode = verify ? value : "";
    } else if (key == "ssl_ca") {
      params.tls_ca = value;
      params.require_tls = true;
    } else if (key == "allow_privileged_role") {
      ASKDB_ASSIGN_OR_RETURN(bool allow, guard::ParseAllowPrivilegedRole(value));
      opts.allow_privileged_role = opts.allow_privileged_role || allow;
    }
  }
  // The client library checks the certificate only against a CA it is given: a verify mode
  // without one would promise a check that is not made.
  if (!verify_mode.empty() && params.tls_ca.empty()) {
    return InvalidArgumentError("sslmode=" + verify_mode + " in " + url.Redacted() +
                                " needs ssl_ca=/path/ca.crt, the CA that signed the server's "
                                "certificate; without it the certificate cannot be checked");
  }
  return Status::Ok();
}

// The server's other databases (lower-case): a name qualified by one of them is not this
// datasource's.
StatusOr<std::set<std::string>> OtherDatabases(Session& session, const DatabaseUrl& url) {
  StatusOr<std::vector<Row>> databases = RunText(session, "SHOW DATABASES", url.Redacted());
  if (!databases.ok()) return databases.status().WithContext("listing the databases");
  const std::string own = internal::AsciiLowerCopy(url.database);
  std::set<std::string> others;
  for (const Row& row : *databases) {
    if (row.empty() || !row[0]) continue;
    std::string name = internal::AsciiLowerCopy(*row[0]);
    if (name != own) others.insert(std::move(name));
  }
  return others;
}

}  // namespace

StatusOr<std::unique_ptr<MysqlConnector>> MysqlConnector::Open(const DatabaseUrl& url,
                                                               const MysqlOptions& options) {
  MysqlOptions opts = options;
  auto params = std::make_unique<ConnectParams>();
  params->host = url.host.empty() ? "localhost" : url.host;
  params->port = url.port ? static_cast<unsigned>(*url.port) : kDefaultPort;
  params->user = url.user;
  params->database = url.database;
  ASKDB_ASSIGN_OR_RETURN(params->password,
                         server::ResolvePassword(url, {"ASKDB_MYSQL_PASSWORD", "MYSQL_PWD"}));
  ASKDB_RETURN_IF_ERROR(ApplyUrlParams(url, *params, opts));
  auto connector = std::make_unique<MysqlConnector>(PrivateTag(), std::move(params), url.Redacted(),
                                                    url.database, opts);
  bool reused = false;
  ASKDB_ASSIGN_OR_RETURN(
      std::unique_ptr<Session> first,
      connector->pool_->Acquire(SteadyClock::now() + opts.connect_timeout + opts.cancel_grace,
                                &reused));
  if (!opts.allow_privileged_role) {
    Status role = connector->CheckRole(*first, url.user);
    if (!role.ok()) return role;
  }
  ASKDB_ASSIGN_OR_RETURN(connector->other_databases_, OtherDatabases(*first, url));
  connector->pool_->Release(std::move(first));
  return connector;
}

Status MysqlConnector::CheckRole(Session& session, const std::string& user) {
  StatusOr<std::vector<Row>> grants =
      RunText(session, "SHOW GRANTS FOR CURRENT_USER()", display_name_);
  if (!grants.ok()) {
    return PermissionDeniedError("cannot tell what the account connected to " + display_name_ +
                                 " may do (" + grants.status().message() +
                                 "); askdb refuses accounts it cannot check — add "
                                 "?allow_privileged_role=true to the URL to skip the check");
  }
  std::vector<std::string> lines;
  for (const Row& row : *grants) {
    if (!row.empty() && row[0]) lines.push_back(*row[0]);
  }
  const std::vector<guard::RolePrivilege> found = mysql_internal::RiskyPrivileges(lines);
  if (found.empty()) return Status::Ok();
  return guard::PrivilegedRoleRefused(guard::Engine::kMysql, user, display_name_, database_, found);
}

namespace {

// The client's settings before connecting: the timeout, no LOAD DATA LOCAL (it would let a
// server read client files), utf8mb4, and TLS enforced when the URL asks for it.
void SetConnectOptions(MYSQL* raw, const ConnectParams& params,
                       std::chrono::milliseconds connect_timeout) {
  unsigned timeout_s =
      static_cast<unsigned>(std::max<long long>(1, (connect_timeout.count() + 999) / 1000));
  mysql_optionsv(raw, MYSQL_OPT_CONNECT_TIMEOUT, &timeout_s);
  unsigned no_local_infile = 0;
  mysql_optionsv(raw, MYSQL_OPT_LOCAL_INFILE, &no_local_infile);
  mysql_optionsv(raw, MYSQL_SET_CHARSET_NAME, "utf8mb4");
  if (params.require_tls) {
    my_bool enforce = 1;
    mysql_optionsv(raw, MYSQL_OPT_SSL_ENFORCE, &enforce);
    if (!params.tls_ca.empty()) mysql_optionsv(raw, MYSQL_OPT_SSL_CA, params.tls_ca.c_str());
    if (params.verify_identity) {
      my_bool verify_host = 1;
      mysql_optionsv(raw, MYSQL_OPT_SSL_VERIFY_SERVER_CERT, &verify_host);
    }
  }
}

// Why the connection failed, in words that say what to check: the account, the database's
// rights or name, TLS, a timeout, or the server not being there.
Status ConnectFailure(MYSQL* raw, const std::string& where, const std::string& database,
                      std::chrono::milliseconds connect_timeout) {
  const unsigned err = mysql_errno(raw);
  const std::string detail = Error(raw);
  switch (err) {
    case ER_ACCESS_DENIED_ERROR:
    case ER_ACCESS_DENIED_NO_PASSWORD_ERROR:
      return PermissionDeniedError(
          "access denied connecting to " + where + " (" + detail +
          "); check the user and password (URL, password_file= or ASKDB_MYSQL_PASSWORD), or, "
          "when the account requires TLS, add ?ssl=true");
    case ER_DBACCESS_DENIED_ERROR:
      return PermissionDeniedError("the user may not use the database on " + where + " (" + detail +
                                   "); ask for SELECT rights on it");
    case ER_BAD_DB_ERROR:
      return NotFoundError("the database '" + database + "' does not exist on " + where + " (" +
                           detail + "); check the database name in the URL");
    default:
      break;
  }
  if (err == CR_SSL_CONNECTION_ERROR || detail.find("SSL") != std::string::npos ||
      detail.find("TLS") != std::string::npos) {
    return PermissionDeniedError("TLS negotiation with " + where + " failed (" + detail +
                                 "); check the server's TLS setup or the ssl= parameter");
  }
  if (detail.find("timed out") != std::string::npos ||
      detail.find("timeout") != std::string::npos) {
    return UnavailableError("timed out connecting to " + where + " after " +
                            server::FormatDuration(connect_timeout) +
                            "; check the host, port and firewall");
  }
  return UnavailableError("cannot connect to " + where + " (" + detail +
                          "); check that the server runs and the host and port are right");
}

}  // namespace

StatusOr<std::unique_ptr<Session>> MysqlConnector::Connect() const {
  MYSQL* raw = mysql_init(nullptr);
  if (raw == nullptr) return ResourceExhaustedError("libmariadb could not allocate a connection");
  auto session = std::make_unique<Session>(raw);
  SetConnectOptions(raw, *params_, options_.connect_timeout);
  // No CLIENT_MULTI_STATEMENTS: the server then refuses "a; b" itself.
  if (mysql_real_connect(raw, params_->host.c_str(), params_->user.c_str(),
                         params_->password ? params_->password->c_str() : nullptr,
                         params_->database.empty() ? nullptr : params_->database.c_str(),
                         params_->port, nullptr, 0) == nullptr) {
    return ConnectFailure(raw, display_name_, database_, options_.connect_timeout);
  }
  session->mariadb = std::string(mysql_get_server_info(raw)).find("MariaDB") != std::string::npos;
  session->thread_id = mysql_thread_id(raw);
  for (const char* setup : {"SET SESSION TRANSACTION READ ONLY",
                            "SET SESSION time_zone = '+00:00', sql_mode = "
                            "REPLACE(@@sql_mode, 'NO_BACKSLASH_ESCAPES', '')"}) {
    StatusOr<std::vector<Row>> done = RunText(*session, setup, display_name_);
    if (!done.ok()) return done.status().WithContext("setting up the session");
  }
  return session;
}

void MysqlConnector::Finish(std::unique_ptr<Session> session) {
  if (!session) return;
  if (!session->broken() && RunText(*session, "ROLLBACK", display_name_).ok()) {
    pool_->Release(std::move(session));
    return;
  }
  session.reset();
  pool_->Discard();
}

void MysqlConnector::Cancel() {
  cancel_epoch_.fetch_add(1);
  std::lock_guard lock(watch_mu_);
  watch_cv_.notify_all();
}

StatusOr<ResultSet> MysqlConnector::Execute(std::string_view sql, const QueryOptions& options) {
  const auto start = SteadyClock::now();
  ASKDB_RETURN_IF_ERROR(server::CheckStatementText(sql, options_.max_sql_bytes, true));
  if (options.cancel && options.cancel->IsCancelled()) return CancelledError("query cancelled");
  const auto deadline =
      options.timeout.count() > 0 ? start + options.timeout : SteadyClock::time_point::max();
  if (Status guarded = options.internal
                           ? Status::Ok()
                           : mysql_internal::GuardMysqlStatement(sql, other_databases_);
      !guarded.ok()) {
    // The server's own error wins (a misspelt function is the caller's SQL to fix); a
    // statement it can prepare stays refused. Nothing runs either way.
    ASKDB_RETURN_IF_ERROR(PrepareOnServer(sql, options, deadline));
    return guarded;
  }
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<Session> session, AcquireLive(deadline));
  StatusOr<ResultSet> result = RunChecked(*session, sql, options, deadline);
  Finish(std::move(session));
  if (result.ok()) {
    result->elapsed =
        std::chrono::duration_cast<std::chrono::microseconds>(SteadyClock::now() - start);
  }
  return result;
}

StatusOr<std::unique_ptr<Session>> MysqlConnector::AcquireLive(SteadyClock::time_point deadline) {
  constexpr int kAttempts = 2;  // a dead pooled session is replaced once
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    bool reused = false;
    ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<Session> session, pool_->Acquire(deadline, &reused));
    // mysql_ping tells a dead idle session before anything is sent for the statement.
    if (reused && mysql_ping(session->conn()) != 0) {
      session.reset();
      pool_->Discard();
      continue;
    }
    return session;
  }
  return UnavailableError("cannot reach " + display_name_ +
                          ": pooled connections were dead and no new one could be used; retry");
}

// Kills the statement running on `session` (KILL QUERY from a second connection) at the
// deadline or when the query's token or Cancel() fires; closes the socket if the server
// does not stop within cancel_grace. Stops and joins its thread on destruction.
class MysqlConnector::Watchdog {
 public:
  Watchdog(MysqlConnector& connector, Session& session, const QueryOptions& options,
           SteadyClock::time_point deadline)
      : connector_(connector),
        session_(session),
        token_(options.cancel),
        timeout_(options.timeout),
        deadline_(deadline),
        epoch_(connector.cancel_epoch_.load()),
        thread_([this] { Watch(); }) {}
  ~Watchdog() {
    {
      std::lock_guard lock(connector_.watch_mu_);
      done_ = true;
    }
    connector_.watch_cv_.notify_all();
    thread_.join();
  }
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

  // Why the statement was stopped, if the watchdog stopped it.
  std::optional<Status> Interrupted() const {
    switch (reason_.load()) {
      case Reason::kCancelled:
        return CancelledError("query cancelled");
      case Reason::kDeadline:
        return DeadlineExceededError("query exceeded the " + server::FormatDuration(timeout_) +
                                     " timeout; narrow it or raise --timeout");
      default:
        return std::nullopt;
    }
  }

 private:
  enum class Reason { kNone, kDeadline, kCancelled };

  void Watch() {
    std::unique_lock lock(connector_.watch_mu_);
    bool killed = false;
    SteadyClock::time_point killed_at;
    while (!done_) {
      auto now = SteadyClock::now();
      if (!killed) {
        if ((token_ && token_->IsCancelled()) || connector_.cancel_epoch_.load() != epoch_) {
          reason_ = Reason::kCancelled;
        } else if (now >= deadline_) {
          reason_ = Reason::kDeadline;
        }
        if (reason_.load() != Reason::kNone) {
          killed = true;
          killed_at = now;
          lock.unlock();
          StatusOr<std::unique_ptr<Session>> killer = connector_.Connect();
          if (killer.ok()) {
            (void)RunText(**killer, "KILL QUERY " + std::to_string(session_.thread_id),
                          connector_.display_name_);
          }
          lock.lock();
          continue;
        }
      } else if (now - killed_at >= connector_.options_.cancel_grace) {
        // The server does not answer: unblock the client by closing the socket.
        shutdown(static_cast<int>(mysql_get_socket(session_.conn())), SHUT_RDWR);
        session_.MarkBroken();
        return;
      }
      auto wake = now + connector_.options_.poll_interval;
      if (!killed && deadline_ < wake) wake = deadline_;
      connector_.watch_cv_.wait_until(lock, wake);
    }
  }

  MysqlConnector& connector_;
  Session& session_;
  const std::shared_ptr<const CancellationToken> token_;
  const std::chrono::milliseconds timeout_;
  const SteadyClock::time_point deadline_;
  const uint64_t epoch_;
  bool done_ = false;  // guarded by connector_.watch_mu_
  std::atomic<Reason> reason_{Reason::kNone};
  std::thread thread_;  // last: starts after every other member is ready
};

Status MysqlConnector::PrepareWatched(Session& session, std::string_view sql,
                                      const QueryOptions& options, SteadyClock::time_point deadline,
                                      ServerError* server_error) {
  // A prepare waits for metadata locks, so it is bounded like a running statement.
  Watchdog watchdog(*this, session, options, deadline);
  Status status = PrepareOnly(session, sql, server_error);
  if (!status.ok()) {
    if (std::optional<Status> why = watchdog.Interrupted()) status = *why;
  }
  return status;
}

Status MysqlConnector::PrepareOnServer(std::string_view sql, const QueryOptions& options,
                                       SteadyClock::time_point deadline) {
  bool reused = false;
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<Session> session, pool_->Acquire(deadline, &reused));
  Status status = PrepareWatched(*session, sql, options, deadline);
  Finish(std::move(session));
  return status;
}

namespace {

// A failed check in the caller's words: what the server cannot parse or bind is the
// caller's SQL to fix.
Status CheckFailure(Status status, unsigned server_code, const std::string& server_message) {
  if (server_code == ER_PROCACCESS_DENIED_ERROR && status.code() == StatusCode::kPermissionDenied) {
    // The server checks EXECUTE rights before existence, so a user with SELECT grants
    // only hears about an unknown function this way: for the caller it is a name that
    // does not bind, like an unknown column.
    return InvalidArgumentError("MySQL: " + server_message + " (error " +
                                std::to_string(server_code) +
                                "): the function does not exist, or the database user may "
                                "not run it; use a built-in function");
  }
  if (status.code() == StatusCode::kSqlError) return InvalidArgumentError(status.message());
  return status;
}

}  // namespace

Status MysqlConnector::Check(std::string_view sql, const QueryOptions& options) {
  const auto start = SteadyClock::now();
  const std::string context = "checking the query on " + display_name_;
  Status text = server::CheckStatementText(sql, options_.max_sql_bytes, true);
  if (!text.ok()) return text.WithContext(context);
  if (options.cancel && options.cancel->IsCancelled()) {
    return CancelledError("query cancelled before it started").WithContext(context);
  }
  const auto deadline =
      options.timeout.count() > 0 ? start + options.timeout : SteadyClock::time_point::max();
  if (Status guarded = options.internal
                           ? Status::Ok()
                           : mysql_internal::GuardMysqlStatement(sql, other_databases_);
      !guarded.ok()) {
    // As in Execute, the server's error wins; below, Check only prepares, so falling
    // through to report it in Check's words runs nothing.
    if (PrepareOnServer(sql, options, deadline).ok()) return guarded.WithContext(context);
  }
  StatusOr<std::unique_ptr<Session>> session = AcquireLive(deadline);
  if (!session.ok()) return session.status().WithContext(context);
  ServerError server_error;
  Status status = PrepareWatched(**session, sql, options, deadline, &server_error);
  Finish(std::move(*session));
  if (status.ok()) return status;
  return CheckFailure(std::move(status), server_error.code, server_error.message)
      .WithContext(context);
}

Status MysqlConnector::PrepareOnly(Session& s, std::string_view sql, ServerError* server_error) {
  const std::string word = server::FirstWord(sql, true);
  MYSQL_STMT* stmt = mysql_stmt_init(s.conn());
  if (stmt == nullptr) return ResourceExhaustedError("libmariadb could not allocate a statement");
  int rc = mysql_stmt_prepare(stmt, sql.data(), sql.size());
  unsigned err = rc != 0 ? mysql_stmt_errno(stmt) : 0;
  std::string message = rc != 0 ? std::string(mysql_stmt_error(stmt)) : "";
  if (server_error != nullptr) *server_error = {err, message};
  unsigned fields = rc == 0 ? mysql_stmt_field_count(stmt) : 0;
  unsigned long params = rc == 0 ? mysql_stmt_param_count(stmt) : 0;
  mysql_stmt_close(stmt);
  if (rc != 0) {
    if (IsConnectionError(err) || err >= CR_MIN_ERROR) {
      s.MarkBroken();
      return UnavailableError("lost the connection to " + display_name_ + " (" + message +
                              "); the next statement reconnects, retry it");
    }
    if (err == ER_UNSUPPORTED_PS || err == ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION) {
      return PermissionDeniedError(
          server::ReadOnlyRefusal(word.empty() ? "this statement" : word, ""));
    }
    if (err == ER_TABLEACCESS_DENIED_ERROR || err == ER_COLUMNACCESS_DENIED_ERROR ||
        err == ER_SPECIFIC_ACCESS_DENIED_ERROR || err == ER_DBACCESS_DENIED_ERROR ||
        err == ER_ACCESS_DENIED_ERROR || err == ER_PROCACCESS_DENIED_ERROR) {
      return PermissionDeniedError("refused by the server: " + message +
                                   "; askdb's database user lacks this privilege, which is "
                                   "intended for a read-only user");
    }
    if (err == ER_PARSE_ERROR && server::HasSecondStatement(sql, true)) {
      return PermissionDeniedError(server::SeveralStatementsRefusal());
    }
    if (err == ER_PARSE_ERROR && !server::IsQueryWord(word)) {
      return PermissionDeniedError(server::ReadOnlyRefusal(word, message));
    }
    return SqlError("MySQL: " + message + " (error " + std::to_string(err) + ")");
  }
  if (fields == 0) {
    return PermissionDeniedError(
        server::ReadOnlyRefusal(word.empty() ? "a statement that returns no rows" : word, ""));
  }
  if (params > 0) {
    return InvalidArgumentError("the query has " + std::to_string(params) +
                                " '?' placeholders but askdb passes no parameters; write the "
                                "values into the SQL");
  }
  return Status::Ok();
}

namespace {

// The server-side limits of one statement: a row more than the cap (to see it was cut) and
// the timeout, in the variable of the server's kind.
std::string StatementLimits(const Session& s, const QueryOptions& options) {
  const long long cap = std::max<long long>(0, options.max_rows);
  const std::string select_limit = cap >= kNoCap ? "DEFAULT" : std::to_string(cap + 1);
  const long long timeout_ms = std::max<long long>(0, options.timeout.count());
  std::string limits = "SET SESSION sql_select_limit = " + select_limit + ", ";
  if (s.mariadb) {
    char seconds[32];
    std::snprintf(seconds, sizeof(seconds), "%.3f", static_cast<double>(timeout_ms) / 1000.0);
    limits += "max_statement_time = " + std::string(seconds);
  } else {
    limits += "max_execution_time = " + std::to_string(timeout_ms);
  }
  return limits;
}

// The statement's limits (set again only when they changed), then a read-only transaction.
Status BeginStatement(Session& s, const QueryOptions& options, const std::string& display_name) {
  const std::string limits = StatementLimits(s, options);
  if (limits != s.limits) {
    ASKDB_RETURN_IF_ERROR(RunText(s, limits, display_name).status());
    s.limits = limits;
  }
  return RunText(s, "START TRANSACTION READ ONLY", display_name).status();
}

// What a failed statement's error is read with. `interrupted` says why the watchdog
// stopped it; it is asked only when the server's error is not its own timeout.
struct FailedStatement {
  std::string word;  // the statement's first word, for a read-only refusal
  const QueryOptions& options;
  const std::string& display_name;
  std::function<std::optional<Status>()> interrupted;
};

// An error the server gave the statement itself: a write in the read-only transaction,
// a privilege, resources, or the SQL.
Status ServerRefusal(unsigned err, const std::string& message, std::string_view word) {
  if (err == ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION) {
    return PermissionDeniedError(server::ReadOnlyRefusal(word, message));
  }
  if (err == ER_TABLEACCESS_DENIED_ERROR || err == ER_SPECIFIC_ACCESS_DENIED_ERROR ||
      err == ER_COLUMNACCESS_DENIED_ERROR || err == ER_PROCACCESS_DENIED_ERROR) {
    return PermissionDeniedError("refused by the server: " + message);
  }
  if (err == ER_OUTOFMEMORY || err == ER_OUT_OF_RESOURCES) {
    return ResourceExhaustedError("MySQL ran out of resources running the query (" + message +
                                  "); narrow it");
  }
  return SqlError("MySQL: " + message);
}

// A failed statement's Status: the server's timeout, the watchdog's reason, a lost
// connection (the session is marked broken), else what the server refused.
Status QueryError(Session& s, unsigned err, const std::string& message,
                  const FailedStatement& failed) {
  if (err == ER_STATEMENT_TIMEOUT || err == 3024 /* MySQL max_execution_time */) {
    return DeadlineExceededError("query exceeded the " +
                                 server::FormatDuration(failed.options.timeout) +
                                 " timeout; narrow it or raise --timeout");
  }
  if (auto why = failed.interrupted()) {
    if (IsConnectionError(err) || err >= CR_MIN_ERROR) s.MarkBroken();
    return *why;
  }
  if (IsConnectionError(err) || err >= CR_MIN_ERROR) {
    s.MarkBroken();
    return UnavailableError("lost the connection to " + failed.display_name + " (" + message +
                            "); the server may have restarted or ended the session — the "
                            "next statement reconnects, retry it");
  }
  return ServerRefusal(err, message, failed.word);
}

// The result's columns and up to `cap` rows; the rest are read and dropped (truncated).
ResultSet ReadRows(MYSQL_RES* res, long long cap) {
  ResultSet result;
  const unsigned n = mysql_num_fields(res);
  MYSQL_FIELD* fields = mysql_fetch_fields(res);
  for (unsigned i = 0; i < n; ++i) {
    result.columns.push_back(ResultColumn{fields[i].name, TypeName(fields[i])});
  }
  while (MYSQL_ROW row = mysql_fetch_row(res)) {
    if (static_cast<long long>(result.rows.size()) >= cap) {
      result.truncated = true;
      continue;  // drain: sql_select_limit keeps this to one row for a SELECT
    }
    unsigned long* lengths = mysql_fetch_lengths(res);
    std::vector<Value> out;
    out.reserve(n);
    for (unsigned i = 0; i < n; ++i) {
      out.push_back(row[i] == nullptr ? Value::Null() : ToValue(fields[i], row[i], lengths[i]));
    }
    result.rows.push_back(std::move(out));
  }
  return result;
}

}  // namespace

StatusOr<ResultSet> MysqlConnector::RunChecked(Session& s, std::string_view sql,
                                               const QueryOptions& options,
                                               SteadyClock::time_point deadline) {
  MYSQL* conn = s.conn();
  const std::string word = server::FirstWord(sql, true);
  // 1. Prepare (parse, resolve, check privileges; nothing runs) to learn what it is.
  ASKDB_RETURN_IF_ERROR(PrepareOnly(s, sql));
  // 2. Server-side limits for this statement, then a read-only transaction.
  ASKDB_RETURN_IF_ERROR(BeginStatement(s, options, display_name_));
  // 3. Run it with a watchdog that kills the query at the deadline or on cancellation.
  Watchdog watchdog(*this, s, options, deadline);
  const FailedStatement failed{word, options, display_name_,
                               [&watchdog] { return watchdog.Interrupted(); }};
  if (mysql_real_query(conn, sql.data(), sql.size()) != 0) {
    return QueryError(s, mysql_errno(conn), Error(conn), failed);
  }
  MYSQL_RES* res = mysql_use_result(conn);
  if (res == nullptr) {
    if (mysql_errno(conn) != 0) return QueryError(s, mysql_errno(conn), Error(conn), failed);
    return PermissionDeniedError(server::ReadOnlyRefusal(word, ""));
  }
  ResultSet result = ReadRows(res, std::max<long long>(0, options.max_rows));
  unsigned err = mysql_errno(conn);
  std::string message = err != 0 ? Error(conn) : "";
  mysql_free_result(res);
  if (err != 0) return QueryError(s, err, message, failed);
  if (auto why = watchdog.Interrupted()) return *why;
  return result;
}

StatusOr<DatabaseSchema> MysqlConnector::Introspect(const IntrospectOptions& options) {
  const auto deadline =
      SteadyClock::now() +
      (options.timeout.count() > 0 ? options.timeout : options_.introspect_timeout);
  bool reused = false;
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<Session> session, pool_->Acquire(deadline, &reused));
  if (reused && mysql_ping(session->conn()) != 0) {
    session.reset();
    pool_->Discard();
    ASKDB_ASSIGN_OR_RETURN(session, pool_->Acquire(deadline, &reused));
  }
  DatabaseSchema schema;
  schema.engine = "mysql";
  schema.database = database_;
  Status status = IntrospectIn(*session, options, schema);
  Finish(std::move(session));
  if (!status.ok()) return status.WithContext("introspecting " + display_name_);
  return schema;
}

namespace {

// One catalog query's rows (IntrospectIn binds the session and the error's wording).
using TextQuery = std::function<StatusOr<std::vector<Row>>(const std::string&)>;
// A table's name → its index in schema.tables.
using TablesByName = std::map<std::string, size_t>;

// The catalog is read in one read-only transaction under the introspection's time limit.
Status BeginCatalogRead(Session& s, long long timeout_ms, const std::string& display_name) {
  std::string limits = "SET SESSION sql_select_limit = DEFAULT, ";
  limits += s.mariadb ? "max_statement_time = " + std::to_string(timeout_ms / 1000)
                      : "max_execution_time = " + std::to_string(timeout_ms);
  ASKDB_RETURN_IF_ERROR(RunText(s, limits, display_name).status());
  s.limits = limits;
  return RunText(s, "START TRANSACTION READ ONLY", display_name).status();
}

// The tables and views (only those asked for, when some are), with their comments and the
// server's row estimate; `exact` gets the tables whose estimate is small enough to count.
Status ReadTables(const TextQuery& query, const IntrospectOptions& options,
                  const std::string& database, long long exact_count_below,
                  const std::string& display_name, DatabaseSchema& schema, TablesByName& by_name,
                  std::vector<size_t>& exact) {
  ASKDB_ASSIGN_OR_RETURN(
      std::vector<Row> tables,
      query("SELECT TABLE_NAME, TABLE_TYPE, TABLE_COMMENT, TABLE_ROWS FROM "
            "information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME"));
  std::vector<bool> wanted_found(options.tables.size(), false);
  for (const Row& row : tables) {
    TableInfo table;
    table.name = row[0].value_or("");
    if (!options.tables.empty() &&
        !server::IsWantedTable(options.tables, table.name, database + "." + table.name,
                               wanted_found)) {
      continue;
    }
    const bool view = row[1].value_or("") == "VIEW";
    table.kind = view ? TableInfo::Kind::kView : TableInfo::Kind::kTable;
    if (!view) table.comment = row[2].value_or("");
    if (!view && options.row_counts && row[3]) {
      table.row_count = std::strtoll(row[3]->c_str(), nullptr, 10);
      table.row_count_is_estimate = true;
      if (*table.row_count < exact_count_below) exact.push_back(schema.tables.size());
    }
    by_name[table.name] = schema.tables.size();
    schema.tables.push_back(std::move(table));
  }
  return server::CheckWantedTablesFound(options.tables, wanted_found, display_name);
}

// Columns, with types, nullability, defaults, comments and primary-key flags; per table,
// which columns are text (char, text, enum, set types), the ones sampled later.
StatusOr<std::vector<std::vector<bool>>> ReadColumns(const TextQuery& query,
                                                     const TablesByName& by_name,
                                                     DatabaseSchema& schema) {
  ASKDB_ASSIGN_OR_RETURN(
      std::vector<Row> columns,
      query("SELECT TABLE_NAME, COLUMN_NAME, COLUMN_TYPE, IS_NULLABLE, COLUMN_DEFAULT, "
            "COLUMN_COMMENT, DATA_TYPE, COLUMN_KEY FROM information_schema.COLUMNS WHERE "
            "TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, ORDINAL_POSITION"));
  std::vector<std::vector<bool>> is_text(schema.tables.size());
  static const std::array<std::string_view, 8> kTextTypes = {
      "char", "varchar", "text", "tinytext", "mediumtext", "longtext", "enum", "set"};
  for (const Row& row : columns) {
    auto it = by_name.find(row[0].value_or(""));
    if (it == by_name.end()) continue;
    ColumnInfo column;
    column.name = row[1].value_or("");
    column.type = row[2].value_or("");
    column.nullable = row[3].value_or("") == "YES";
    // MariaDB reports a NULL default as the text NULL.
    if (row[4] && *row[4] != "NULL") column.default_value = *row[4];
    column.comment = row[5].value_or("");
    column.primary_key = row[7].value_or("") == "PRI";
    const std::string data_type = internal::AsciiLowerCopy(row[6].value_or(""));
    is_text[it->second].push_back(std::find(kTextTypes.begin(), kTextTypes.end(), data_type) !=
                                  kTextTypes.end());
    schema.tables[it->second].columns.push_back(std::move(column));
  }
  return is_text;
}

// Primary keys and foreign keys (one row per key column, gathered per constraint); a
// reference into the same database leaves ref_schema empty.
Status ReadKeys(const TextQuery& query, const std::string& database, const TablesByName& by_name,
                DatabaseSchema& schema) {
  ASKDB_ASSIGN_OR_RETURN(
      std::vector<Row> keys,
      query("SELECT TABLE_NAME, CONSTRAINT_NAME, COLUMN_NAME, REFERENCED_TABLE_SCHEMA, "
            "REFERENCED_TABLE_NAME, REFERENCED_COLUMN_NAME FROM "
            "information_schema.KEY_COLUMN_USAGE WHERE TABLE_SCHEMA = DATABASE() AND "
            "(CONSTRAINT_NAME = 'PRIMARY' OR REFERENCED_TABLE_NAME IS NOT NULL) ORDER BY "
            "TABLE_NAME, CONSTRAINT_NAME, ORDINAL_POSITION"));
  std::map<std::pair<size_t, std::string>, size_t> fk_index;
  for (const Row& row : keys) {
    auto it = by_name.find(row[0].value_or(""));
    if (it == by_name.end()) continue;
    TableInfo& table = schema.tables[it->second];
    const std::string constraint = row[1].value_or("");
    if (constraint == "PRIMARY") {
      table.primary_key.push_back(row[2].value_or(""));
      continue;
    }
    auto [fk_it, inserted] =
        fk_index.emplace(std::make_pair(it->second, constraint), table.foreign_keys.size());
    if (inserted) {
      ForeignKey fk;
      fk.ref_schema = row[3].value_or("") == database ? "" : row[3].value_or("");
      fk.ref_table = row[4].value_or("");
      table.foreign_keys.push_back(std::move(fk));
    }
    ForeignKey& fk = table.foreign_keys[fk_it->second];
    fk.columns.push_back(row[2].value_or(""));
    fk.ref_columns.push_back(row[5].value_or(""));
  }
  return Status::Ok();
}

// Indexes: name, uniqueness and columns in order ('<expression>' for an expression).
Status ReadIndexes(const TextQuery& query, const TablesByName& by_name, DatabaseSchema& schema) {
  ASKDB_ASSIGN_OR_RETURN(
      std::vector<Row> stats,
      query("SELECT TABLE_NAME, INDEX_NAME, NON_UNIQUE, COLUMN_NAME FROM "
            "information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() ORDER BY "
            "TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX"));
  for (const Row& row : stats) {
    auto it = by_name.find(row[0].value_or(""));
    if (it == by_name.end()) continue;
    TableInfo& table = schema.tables[it->second];
    const std::string name = row[1].value_or("");
    if (table.indexes.empty() || table.indexes.back().name != name) {
      table.indexes.push_back(IndexInfo{name, {}, row[2].value_or("1") == "0"});
    }
    table.indexes.back().columns.push_back(row[3].value_or("<expression>"));
  }
  return Status::Ok();
}

// Exact counts for the small tables (`exact`), several per round trip.
Status CountRowsExactly(const TextQuery& query, const std::vector<size_t>& exact,
                        size_t count_batch, DatabaseSchema& schema) {
  const MysqlDialect& d = MysqlDialect::Instance();
  for (size_t begin = 0; begin < exact.size(); begin += count_batch) {
    std::string sql;
    for (size_t k = begin; k < std::min(exact.size(), begin + count_batch); ++k) {
      if (!sql.empty()) sql += " UNION ALL ";
      sql += "SELECT " + std::to_string(exact[k]) + ", COUNT(*) FROM " +
             d.QuoteIdentifier(schema.tables[exact[k]].name);
    }
    ASKDB_ASSIGN_OR_RETURN(std::vector<Row> counts, query(sql));
    for (const Row& row : counts) {
      size_t t = std::strtoull(row[0].value_or("0").c_str(), nullptr, 10);
      if (t >= schema.tables.size()) continue;
      schema.tables[t].row_count = std::strtoll(row[1].value_or("0").c_str(), nullptr, 10);
      schema.tables[t].row_count_is_estimate = false;
    }
  }
  return Status::Ok();
}

// The sampled query of one text column: its most frequent short values among the first rows.
// CONVERT gives every branch one character set, so UNION ALL never mixes collations.
std::string SampleQuery(size_t k, const TableInfo& table, const ColumnInfo& column,
                        const MysqlOptions& limits, int values_per_column) {
  const MysqlDialect& d = MysqlDialect::Instance();
  const std::string col = d.QuoteIdentifier(column.name);
  return "(SELECT " + std::to_string(k) + " AS k, v FROM (SELECT CONVERT(" + col +
         " USING utf8mb4) COLLATE utf8mb4_bin AS v FROM " + d.QuoteIdentifier(table.name) +
         " LIMIT " + std::to_string(limits.sample_scan_rows) +
         ") s WHERE v IS NOT NULL AND OCTET_LENGTH(v) <= " +
         std::to_string(limits.max_sample_value_bytes) +
         " GROUP BY v ORDER BY COUNT(*) DESC, v LIMIT " + std::to_string(values_per_column) + ")";
}

// Sample values of each text column of each ordinary table, many columns per round trip.
Status ReadSampleValues(const TextQuery& query, const std::vector<std::vector<bool>>& is_text,
                        const MysqlOptions& limits, int values_per_column, DatabaseSchema& schema) {
  const std::vector<std::pair<size_t, size_t>> targets = server::SampleTargets(schema, is_text);
  const size_t batch = static_cast<size_t>(std::max(1, limits.sample_batch_columns));
  for (size_t begin = 0; begin < targets.size(); begin += batch) {
    std::string sql;
    for (size_t k = begin; k < std::min(targets.size(), begin + batch); ++k) {
      const TableInfo& table = schema.tables[targets[k].first];
      if (!sql.empty()) sql += " UNION ALL ";
      sql += SampleQuery(k, table, table.columns[targets[k].second], limits, values_per_column);
    }
    ASKDB_ASSIGN_OR_RETURN(std::vector<Row> samples, query(sql));
    for (const Row& row : samples) {
      size_t k = std::strtoull(row[0].value_or("0").c_str(), nullptr, 10);
      if (k >= targets.size() || !row[1]) continue;
      schema.tables[targets[k].first].columns[targets[k].second].sample_values.push_back(*row[1]);
    }
  }
  return Status::Ok();
}

}  // namespace

Status MysqlConnector::IntrospectIn(Session& s, const IntrospectOptions& options,
                                    DatabaseSchema& schema) {
  const long long timeout_ms =
      (options.timeout.count() > 0 ? options.timeout : options_.introspect_timeout).count();
  ASKDB_RETURN_IF_ERROR(BeginCatalogRead(s, timeout_ms, display_name_));
  const TextQuery query = [&](const std::string& sql) { return RunText(s, sql, display_name_); };
  TablesByName by_name;
  std::vector<size_t> exact;
  ASKDB_RETURN_IF_ERROR(ReadTables(query, options, database_, options_.exact_count_below,
                                   display_name_, schema, by_name, exact));
  ASKDB_ASSIGN_OR_RETURN(const std::vector<std::vector<bool>> is_text,
                         ReadColumns(query, by_name, schema));
  ASKDB_RETURN_IF_ERROR(ReadKeys(query, database_, by_name, schema));
  ASKDB_RETURN_IF_ERROR(ReadIndexes(query, by_name, schema));
  ASKDB_RETURN_IF_ERROR(CountRowsExactly(
      query, exact, static_cast<size_t>(std::max(1, options_.exact_count_batch_tables)), schema));
  if (options.sample_values_per_column <= 0) return Status::Ok();
  return ReadSampleValues(query, is_text, options_, options.sample_values_per_column, schema);
}

}  // namespace askdb::db
