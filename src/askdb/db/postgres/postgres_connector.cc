#include "askdb/db/postgres/postgres_connector.h"

#include <libpq-fe.h>
#include <poll.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <functional>
#include <limits>
#include <set>
#include <unordered_map>

#include "askdb/db/ascii_util.h"
#include "askdb/db/database_url.h"
#include "askdb/db/postgres/pg_connection.h"
#include "askdb/db/postgres/pg_session.h"
#include "askdb/db/postgres/pg_statement_guard.h"
#include "askdb/db/postgres/postgres_dialect.h"
#include "askdb/db/server_support.h"
#include "askdb/db/statement_guard.h"

namespace askdb::db {
namespace {

using postgres_internal::ConnParams;
using postgres_internal::ErrorField;
using postgres_internal::ResultPtr;
using postgres_internal::TrimmedText;
using server::SteadyClock;
using Session = postgres_internal::Session;

constexpr std::string_view kCursorPrefix = "DECLARE askdb_cursor NO SCROLL CURSOR FOR ";
// Above this, FETCH ALL: max_rows + 1 would overflow and no cap is meant anyway.
constexpr long long kFetchAllThreshold = std::numeric_limits<long long>::max() / 2;
constexpr char kListSeparator = '\x1f';  // joins name arrays in catalog queries

// Session settings given at startup: they become the session's defaults, so RESET or
// set_config(..., false) inside a rolled-back transaction cannot lift them.
constexpr std::string_view kStartupOptions =
    "-c default_transaction_read_only=on -c TimeZone=UTC -c DateStyle=ISO,YMD "
    "-c standard_conforming_strings=on -c IntervalStyle=iso_8601";

// URL parameters handed to libpq as they are.
constexpr std::array<std::string_view, 9> kLibpqParams = {
    "sslmode",        "sslrootcert",    "sslcert",          "sslkey",
    "sslcrl",         "sslcompression", "application_name", "target_session_attrs",
    "connect_timeout"};
// URL parameters askdb itself reads.
constexpr std::array<std::string_view, 3> kOwnParams = {"password_file", "pool_size",
                                                        "allow_privileged_role"};

// Role attributes and predefined roles that reach beyond reading data, and why each
// matters. A superuser has them all; the check names it alone.
struct PrivilegeCheck {
  std::string_view sql;  // a boolean expression about current_user
  std::string_view name;
  std::string_view why;
};
constexpr std::array<PrivilegeCheck, 11> kPrivilegeChecks = {{
    {"r.rolsuper", "superuser (rolsuper)",
     "it can read and write any file on the server, run programs there and read password "
     "hashes"},
    {"r.rolcreaterole", "CREATEROLE", "it can create roles and grant itself more"},
    {"r.rolcreatedb", "CREATEDB", "it can create databases"},
    {"r.rolbypassrls", "BYPASSRLS", "it ignores row-level security policies"},
    {"r.rolreplication", "REPLICATION", "it can stream every change on the server"},
    {"pg_read_server_files", "member of pg_read_server_files",
     "it can read any file on the database server"},
    {"pg_write_server_files", "member of pg_write_server_files",
     "it can write files on the database server"},
    {"pg_execute_server_program", "member of pg_execute_server_program",
     "it can run programs on the database server"},
    {"pg_signal_backend", "member of pg_signal_backend",
     "it can cancel and terminate other sessions"},
    {"pg_read_all_settings", "member of pg_read_all_settings",
     "it can read every server setting, including file paths"},
    {"pg_write_all_data", "member of pg_write_all_data", "it can write every table"},
}};

// PostgreSQL type OIDs (pg_type.h); stable across versions.
enum Oid : unsigned {
  kBool = 16,
  kBytea = 17,
  kInt8 = 20,
  kInt2 = 21,
  kInt4 = 23,
  kOid = 26,
  kFloat4 = 700,
  kFloat8 = 701,
  kDate = 1082,
  kTime = 1083,
  kTimestamp = 1114,
  kTimestampTz = 1184,
  kTimeTz = 1266,
  kNumeric = 1700,
};

// Byte offset in `text` of the 1-based character position `chars` (PostgreSQL counts
// characters, askdb reports bytes like the SQLite connector).
size_t ByteOffsetOfChar(std::string_view text, long chars) {
  size_t i = 0;
  for (long n = 1; n < chars && i < text.size(); ++n) {
    ++i;
    while (i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) ++i;
  }
  return i;
}

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}
bool Contains(std::string_view s, std::string_view part) {
  return s.find(part) != std::string_view::npos;
}

// "\x4142" (bytea hex output) → "AB".
std::string DecodeByteaHex(std::string_view text) {
  if (!StartsWith(text, "\\x")) return std::string(text);
  std::string out;
  out.reserve((text.size() - 2) / 2);
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return 0;
  };
  for (size_t i = 2; i + 1 < text.size(); i += 2) {
    out += static_cast<char>(hex(text[i]) * 16 + hex(text[i + 1]));
  }
  return out;
}

// "2024-03-01 13:45:00+08" → "2024-03-01T13:45:00+08:00".
std::string IsoTimestamp(std::string_view text, bool with_zone) {
  std::string out(text);
  if (out.size() > 10 && out[10] == ' ') out[10] = 'T';
  if (with_zone && out.size() >= 3) {
    size_t sign = out.find_last_of("+-");
    // A zone written as +HH gets its minutes; +HH:MM and +HH:MM:SS are kept as they are.
    if (sign != std::string::npos && sign > 10 && out.size() - sign == 3) out += ":00";
  }
  return out;
}

Value ToValue(unsigned oid, const char* text, int length) {
  std::string_view s(text, static_cast<size_t>(length));
  switch (oid) {
    case kBool:
      return Value::Bool(s == "t");
    case kInt2:
    case kInt4:
    case kInt8:
    case kOid: {
      int64_t v = 0;
      auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
      if (ec == std::errc() && ptr == s.data() + s.size()) return Value::Int(v);
      return Value::Decimal(std::string(s));  // oid values above INT64_MAX cannot occur
    }
    case kFloat4:
    case kFloat8: {
      if (s == "NaN" || s == "Infinity" || s == "-Infinity") return Value::Text(std::string(s));
      return Value::Double(std::strtod(std::string(s).c_str(), nullptr));
    }
    case kNumeric:
      if (s == "NaN" || s == "Infinity" || s == "-Infinity") return Value::Text(std::string(s));
      return Value::Decimal(std::string(s));
    case kDate:
      if (s == "infinity" || s == "-infinity") return Value::Text(std::string(s));
      return Value::Date(std::string(s));
    case kTime:
    case kTimeTz:
      return Value::Time(std::string(s));
    case kTimestamp:
    case kTimestampTz:
      if (s == "infinity" || s == "-infinity") return Value::Text(std::string(s));
      return Value::Timestamp(IsoTimestamp(s, oid == kTimestampTz));
    case kBytea:
      return Value::Blob(DecodeByteaHex(s));
    default:
      return Value::Text(std::string(s));
  }
}

enum class Step { kControl, kDeclare, kFetch, kCatalog };

}  // namespace

namespace postgres_internal {
struct Call {
  enum class Reason { kNone, kDeadline, kCancelled };
  SteadyClock::time_point deadline;
  std::chrono::milliseconds timeout{0};
  std::shared_ptr<const CancellationToken> token;
  uint64_t epoch = 0;
  Reason reason = Reason::kNone;
};
}  // namespace postgres_internal

namespace {

using Call = postgres_internal::Call;

Status TimeoutError(const Call& call) {
  return DeadlineExceededError("query exceeded the " + server::FormatDuration(call.timeout) +
                               " timeout; narrow it or raise --timeout");
}

Status LostConnection(std::string_view where, std::string_view detail) {
  return UnavailableError("lost the connection to " + std::string(where) + " (" +
                          std::string(detail) +
                          "); the server may have restarted or ended the session — the next "
                          "statement reconnects, retry it");
}

// Why the connection failed, named from libpq's text, in the words of a read-only
// connection: the server refuses, the database's name is wrong.
Status ConnectFailure(const std::string& detail, const std::string& where,
                      const std::string& database, std::chrono::milliseconds connect_timeout) {
  const postgres_internal::ConnectFailureWording wording{
      .subject = "the server " + where,
      .target = where,
      .missing_database = "the database '" + database + "' does not exist on " + where,
      .missing_database_fix = "check the database name in the URL",
      .password_sources = "PGPASSWORD / ASKDB_PG_PASSWORD",
      .server = "server"};
  return postgres_internal::ConnectFailureStatus(detail, wording, connect_timeout);
}

// The SQLSTATEs that mean a refusal or a resource limit rather than a mistake in the SQL.
std::optional<Status> RefusalOf(const std::string& state, const std::string& message,
                                const std::string& word) {
  if (state == "42601" && Contains(message, "multiple commands")) {
    return PermissionDeniedError(server::SeveralStatementsRefusal());
  }
  if (state == "25006" || state == "25001" || state == "25P01") {
    return PermissionDeniedError(
        server::ReadOnlyRefusal(word.empty() ? "this statement" : word, message));
  }
  if (state == "42501") {
    return PermissionDeniedError("refused by the server: " + message +
                                 "; askdb's database role lacks this privilege, which is "
                                 "intended for a read-only role");
  }
  if (state == "0A000" && Contains(message, "data-modifying")) {
    return PermissionDeniedError(server::ReadOnlyRefusal("a data-modifying WITH", message));
  }
  if (state == "53200" || state == "54000" || state == "54001" || state == "53100") {
    return ResourceExhaustedError("PostgreSQL ran out of resources running the query (" + message +
                                  "); narrow it");
  }
  return std::nullopt;
}

// Where in the user's statement the DECLARE failed (" at offset N", or empty), the cursor
// prefix taken off; a refusal when the statement is no query at all.
StatusOr<std::string> PositionText(const PGresult* r, const std::string& state,
                                   std::string_view sql, const std::string& word) {
  const std::string position = ErrorField(r, PG_DIAG_STATEMENT_POSITION);
  long pos = position.empty() ? 0 : std::strtol(position.c_str(), nullptr, 10);
  long user_chars = pos - static_cast<long>(kCursorPrefix.size());
  if (pos <= 0 || user_chars < 1) return std::string();
  size_t offset = ByteOffsetOfChar(sql, user_chars);
  if (state == "42601" && offset == server::FirstSqlByte(sql) && !server::IsQueryWord(word)) {
    // The server's grammar for a cursor admits only SELECT and VALUES; a statement that
    // fails at its first word is some other kind of statement.
    return PermissionDeniedError(server::ReadOnlyRefusal(word, ""));
  }
  const std::string at_word = server::FirstWord(sql.substr(std::min(offset, sql.size())));
  if (state == "42601" &&
      (at_word == "INSERT" || at_word == "UPDATE" || at_word == "DELETE" || at_word == "MERGE")) {
    // A write where the cursor's grammar wants a query: WITH ... DELETE and the like.
    return PermissionDeniedError(server::ReadOnlyRefusal(at_word, ""));
  }
  return " at offset " + std::to_string(offset);
}

// Turns an error result into a Status. `sql` is the user's statement for kDeclare (to map
// positions and name refused statements).
Status MapError(const PGresult* r, Session& session, Step step, std::string_view sql,
                const Call& call, std::string_view where) {
  const std::string state = ErrorField(r, PG_DIAG_SQLSTATE);
  std::string message = ErrorField(r, PG_DIAG_MESSAGE_PRIMARY);
  if (message.empty()) message = TrimmedText(PQresultErrorMessage(r));
  const std::string hint = ErrorField(r, PG_DIAG_MESSAGE_HINT);
  if (session.broken() || postgres_internal::ConnectionLostState(state)) {
    session.MarkBroken();
    return LostConnection(where, message);
  }
  if (state == "57014") {  // query_canceled: our cancel, or statement_timeout
    return call.reason == Call::Reason::kCancelled ? CancelledError("query cancelled")
                                                   : TimeoutError(call);
  }
  const std::string word = server::FirstWord(sql);
  if (std::optional<Status> refused = RefusalOf(state, message, word)) return *refused;
  std::string position_text;
  if (step == Step::kDeclare) {
    ASKDB_ASSIGN_OR_RETURN(position_text, PositionText(r, state, sql, word));
  }
  std::string out = "PostgreSQL: " + message + position_text;
  if (!hint.empty()) out += " (hint: " + hint + ")";
  return SqlError(out);
}

void SendCancel(PGconn* conn) {
  PGcancel* cancel = PQgetCancel(conn);
  if (cancel == nullptr) return;
  constexpr int kErrorBufferBytes = 256;
  char error[kErrorBufferBytes];
  PQcancel(cancel, error, sizeof(error));
  PQfreeCancel(cancel);
}

// Whether a cancel request went to the server for this call, and when.
struct CancelSent {
  bool sent = false;
  SteadyClock::time_point at;
};

// Why the call must stop now, if it must: cancelled (its token, or Cancel() moved the
// epoch) or past its deadline.
void NoteStopReason(Call& call, const std::atomic<uint64_t>& epoch, SteadyClock::time_point now) {
  if ((call.token && call.token->IsCancelled()) ||
      epoch.load(std::memory_order_relaxed) != call.epoch) {
    call.reason = Call::Reason::kCancelled;
  } else if (now >= call.deadline) {
    call.reason = Call::Reason::kDeadline;
  }
}

// The server did not confirm the cancel within the grace: it is gone or stuck, and its
// connection was dropped.
Status UnconfirmedCancelError(const Call& call, const PostgresOptions& options) {
  if (call.reason == Call::Reason::kCancelled) {
    return CancelledError("query cancelled (the server did not confirm within " +
                          server::FormatDuration(options.cancel_grace) +
                          "; its connection was closed)");
  }
  return DeadlineExceededError("query exceeded the " + server::FormatDuration(call.timeout) +
                               " timeout and the server did not stop it within " +
                               server::FormatDuration(options.cancel_grace) +
                               "; the connection was closed — check the server, narrow the "
                               "query or raise --timeout");
}

// How long to wait for the socket: the poll interval, or until just past the deadline.
std::chrono::milliseconds PollWait(const Call& call, const PostgresOptions& options,
                                   bool cancel_sent, SteadyClock::time_point now) {
  auto wait = options.poll_interval;
  if (!cancel_sent && call.deadline > now) {
    wait =
        std::min(wait, std::chrono::duration_cast<std::chrono::milliseconds>(call.deadline - now) +
                           std::chrono::milliseconds(1));
  }
  return wait;
}

// Waits until a whole result is buffered: sends a cancel at the deadline or on
// cancellation, and gives the connection up when the server does not confirm in time.
Status AwaitBufferedResult(Session& session, Call& call, const PostgresOptions& options,
                           const std::atomic<uint64_t>& epoch, std::string_view where,
                           CancelSent& cancel) {
  PGconn* conn = session.conn();
  while (true) {
    if (PQconsumeInput(conn) == 0) {
      session.MarkBroken();
      if (cancel.sent) {
        return call.reason == Call::Reason::kCancelled ? CancelledError("query cancelled")
                                                       : TimeoutError(call);
      }
      return LostConnection(where, TrimmedText(PQerrorMessage(conn)));
    }
    if (PQisBusy(conn) == 0) return Status::Ok();
    const auto now = SteadyClock::now();
    if (!cancel.sent) {
      NoteStopReason(call, epoch, now);
      if (call.reason != Call::Reason::kNone) {
        SendCancel(conn);
        cancel = {.sent = true, .at = now};
      }
    } else if (now - cancel.at >= options.cancel_grace) {
      session.MarkBroken();
      return UnconfirmedCancelError(call, options);
    }
    const auto wait = PollWait(call, options, cancel.sent, now);
    pollfd pfd{PQsocket(conn), POLLIN, 0};
    poll(&pfd, 1, static_cast<int>(std::max<long long>(1, wait.count())));
  }
}

// Keeps the first error result and the last other one. A COPY cannot come through a
// cursor; a connection left in COPY state is unusable.
Status KeepResult(Session& session, ResultPtr result, ResultPtr& last, ResultPtr& error) {
  ExecStatusType status = PQresultStatus(result.get());
  if (status == PGRES_FATAL_ERROR || status == PGRES_BAD_RESPONSE ||
      status == PGRES_NONFATAL_ERROR) {
    if (!error) error = std::move(result);
  } else if (status == PGRES_COPY_IN || status == PGRES_COPY_OUT || status == PGRES_COPY_BOTH) {
    session.MarkBroken();
    return PermissionDeniedError(server::ReadOnlyRefusal("COPY", ""));
  } else {
    last = std::move(result);
  }
  return Status::Ok();
}

// Waits for the results of what was just sent, watching the deadline and the cancellation
// flags. Returns the last result; an error result is returned as is (the caller maps it).
StatusOr<ResultPtr> AwaitResults(Session& session, Call& call, const PostgresOptions& options,
                                 const std::atomic<uint64_t>& epoch, std::string_view where) {
  PGconn* conn = session.conn();
  CancelSent cancel;
  ResultPtr last;
  ResultPtr error;
  while (true) {
    ASKDB_RETURN_IF_ERROR(AwaitBufferedResult(session, call, options, epoch, where, cancel));
    PGresult* raw = PQgetResult(conn);
    if (raw == nullptr) break;
    ASKDB_RETURN_IF_ERROR(KeepResult(session, ResultPtr(raw), last, error));
  }
  if (error) return error;
  if (!last) {
    session.MarkBroken();
    return LostConnection(where, "no result");
  }
  return last;
}

// Sends `sql` (simple or extended protocol) and waits for its results (AwaitResults).
StatusOr<ResultPtr> Exchange(Session& session, const std::string& sql, bool extended, Call& call,
                             const PostgresOptions& options, const std::atomic<uint64_t>& epoch,
                             std::string_view where) {
  PGconn* conn = session.conn();
  int sent = extended
                 ? PQsendQueryParams(conn, sql.c_str(), 0, nullptr, nullptr, nullptr, nullptr, 0)
                 : PQsendQuery(conn, sql.c_str());
  if (sent == 0) {
    session.MarkBroken();
    return LostConnection(where, TrimmedText(PQerrorMessage(conn)));
  }
  return AwaitResults(session, call, options, epoch, where);
}

// Parses, analyses and binds `sql` as the unnamed prepared statement (a Parse message):
// the server resolves every name but neither plans nor runs it. The next simple query
// (the ROLLBACK that ends the transaction) discards the unnamed statement.
StatusOr<ResultPtr> PrepareUnnamed(Session& session, const std::string& sql, Call& call,
                                   const PostgresOptions& options,
                                   const std::atomic<uint64_t>& epoch, std::string_view where) {
  PGconn* conn = session.conn();
  if (PQsendPrepare(conn, "", sql.c_str(), 0, nullptr) == 0) {
    session.MarkBroken();
    return LostConnection(where, TrimmedText(PQerrorMessage(conn)));
  }
  return AwaitResults(session, call, options, epoch, where);
}

}  // namespace

PostgresConnector::PostgresConnector(PrivateTag,
                                     std::vector<std::pair<std::string, std::string>> conn_params,
                                     std::string display_name, std::string database,
                                     const PostgresOptions& options)
    : conn_params_(std::move(conn_params)),
      display_name_(std::move(display_name)),
      database_(std::move(database)),
      options_(options),
      pool_(std::make_unique<server::SessionPool<Session>>(options.max_sessions,
                                                           [this] { return Connect(); })) {}

PostgresConnector::~PostgresConnector() { Cancel(); }

const Dialect& PostgresConnector::dialect() const { return PostgresDialect::Instance(); }

size_t PostgresConnector::open_sessions() const { return pool_->open_sessions(); }

namespace {

// The URL's parameters: askdb's own set the options, libpq's are passed on after the
// defaults (a later value wins: libpq takes the last one); an unknown one is refused.
Status ApplyUrlParams(const DatabaseUrl& url, ConnParams& params, PostgresOptions& opts) {
  for (const auto& [key, value] : url.params) {
    if (server::IsOneOf(key, kOwnParams)) {
      if (key == "pool_size") {
        ASKDB_ASSIGN_OR_RETURN(opts.max_sessions, server::ParsePoolSize(value));
      } else if (key == "allow_privileged_role") {
        ASKDB_ASSIGN_OR_RETURN(bool allow, guard::ParseAllowPrivilegedRole(value));
        opts.allow_privileged_role = opts.allow_privileged_role || allow;
      }
      continue;
    }
    if (!server::IsOneOf(key, kLibpqParams)) {
      return InvalidArgumentError(
          "unknown PostgreSQL URL parameter '" + key + "' in " + url.Redacted() +
          "; known parameters: " + server::KnownParamsText(kLibpqParams, kOwnParams));
    }
    params.emplace_back(key, value);
  }
  return Status::Ok();
}

}  // namespace

StatusOr<std::unique_ptr<PostgresConnector>> PostgresConnector::Open(
    const DatabaseUrl& url, const PostgresOptions& options) {
  PostgresOptions opts = options;
  ASKDB_ASSIGN_OR_RETURN(std::optional<std::string> password,
                         server::ResolvePassword(url, {"ASKDB_PG_PASSWORD"}));
  ConnParams params =
      postgres_internal::UrlConnParams(url, password, opts.connect_timeout, "askdb");
  params.emplace_back("options", std::string(kStartupOptions));
  ASKDB_RETURN_IF_ERROR(ApplyUrlParams(url, params, opts));
  auto connector = std::make_unique<PostgresConnector>(PrivateTag(), std::move(params),
                                                       url.Redacted(), url.database, opts);
  // Connect now so that bad credentials fail at open time, then keep the session.
  bool reused = false;
  auto deadline = SteadyClock::now() + opts.connect_timeout + opts.cancel_grace;
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<Session> first,
                         connector->pool_->Acquire(deadline, &reused));
  if (!opts.allow_privileged_role) {
    Status role = connector->CheckRole(*first, url.user);
    if (!role.ok()) return role;
  }
  connector->pool_->Release(std::move(first));
  return connector;
}

Status PostgresConnector::CheckRole(Session& session, const std::string& user) {
  std::string sql = "SELECT current_user";
  for (const PrivilegeCheck& check : kPrivilegeChecks) {
    if (check.sql.starts_with("r.")) {
      sql += ", " + std::string(check.sql);
    } else {  // a predefined role; older servers may not have it
      sql += ", EXISTS (SELECT 1 FROM pg_roles g WHERE g.rolname = '" + std::string(check.sql) +
             "' AND pg_has_role(current_user, g.oid, 'MEMBER'))";
    }
  }
  sql += " FROM pg_roles r WHERE r.rolname = current_user";
  Call call;
  call.timeout = options_.connect_timeout;
  call.deadline = SteadyClock::now() + options_.connect_timeout;
  call.epoch = cancel_epoch_.load();
  ASKDB_ASSIGN_OR_RETURN(ResultPtr r, Exchange(session, sql, /*extended=*/true, call, options_,
                                               cancel_epoch_, display_name_));
  if (PQresultStatus(r.get()) != PGRES_TUPLES_OK || PQntuples(r.get()) != 1) {
    return PermissionDeniedError("cannot tell what the role connected to " + display_name_ +
                                 " may do (" + TrimmedText(PQresultErrorMessage(r.get())) +
                                 "); askdb refuses roles it cannot check — add "
                                 "?allow_privileged_role=true to the URL to skip the check");
  }
  std::vector<guard::RolePrivilege> found;
  for (size_t i = 0; i < kPrivilegeChecks.size(); ++i) {
    if (PQgetvalue(r.get(), 0, static_cast<int>(i) + 1)[0] != 't') continue;
    found.push_back({std::string(kPrivilegeChecks[i].name), std::string(kPrivilegeChecks[i].why)});
    if (i == 0) break;  // a superuser: the rest follows
  }
  if (found.empty()) return Status::Ok();
  std::string role = PQgetvalue(r.get(), 0, 0);
  if (role.empty()) role = user;
  return guard::PrivilegedRoleRefused(guard::Engine::kPostgres, role, display_name_, database_,
                                      found);
}

Status PostgresConnector::GuardStatement(std::string_view sql, Call& call) {
  const std::string declare = std::string(kCursorPrefix) + std::string(sql);
  StatusOr<postgres_internal::GuardVerdict> verdict =
      postgres_internal::GuardPostgresStatement(declare);
  if (verdict.ok() && *verdict != postgres_internal::GuardVerdict::kUnparsed) return Status::Ok();
  // A refused or unreadable statement goes to the server's parser first (a Parse message:
  // nothing is planned or run). Its error wins — a misspelt function or table is the
  // caller's SQL to fix, and a server newer than the parser may reject the syntax too — and
  // a statement it accepts stays refused.
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<Session> session, BeginReadOnly(call));
  Status prepared = PrepareCursor(*session, sql, call);
  Finish(std::move(session));
  if (!prepared.ok()) return prepared;
  if (!verdict.ok()) return verdict.status();
  return guard::Unprovable(
      "the statement uses syntax askdb's PostgreSQL 15 parser cannot read, so what it "
      "references cannot be checked");
}

StatusOr<std::unique_ptr<Session>> PostgresConnector::Connect() const {
  return postgres_internal::OpenSession(conn_params_, postgres_internal::ServerNotices::kPrint,
                                        display_name_, [this](const std::string& detail) {
                                          return ConnectFailure(detail, display_name_, database_,
                                                                options_.connect_timeout);
                                        });
}

StatusOr<std::unique_ptr<Session>> PostgresConnector::BeginReadOnly(Call& call) {
  const long long timeout_ms = std::max<long long>(0, call.timeout.count());
  const std::string begin =
      "BEGIN TRANSACTION READ ONLY; SET LOCAL statement_timeout = " + std::to_string(timeout_ms);
  constexpr int kAttempts = 2;  // a dead pooled session is replaced once
  Status last_error;
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    bool reused = false;
    ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<Session> session,
                           pool_->Acquire(call.deadline, &reused));
    StatusOr<ResultPtr> result =
        Exchange(*session, begin, /*extended=*/false, call, options_, cancel_epoch_, display_name_);
    Status status = result.status();
    if (result.ok() && PQresultStatus(result->get()) != PGRES_COMMAND_OK) {
      status = MapError(result->get(), *session, Step::kControl, "", call, display_name_);
    }
    if (status.ok()) return session;
    if (session->broken()) {
      session.reset();
      pool_->Discard();
      if (reused && call.reason == Call::Reason::kNone) {
        last_error = status;
        continue;
      }
      return status;
    }
    Finish(std::move(session));
    return status;
  }
  return last_error;
}

void PostgresConnector::Finish(std::unique_ptr<Session> session) {
  if (!session) return;
  if (!session->broken()) {
    Call call;
    call.timeout = options_.cancel_grace;
    call.deadline = SteadyClock::now() + options_.cancel_grace;
    call.epoch = cancel_epoch_.load();
    StatusOr<ResultPtr> result = Exchange(*session, "ROLLBACK", /*extended=*/false, call, options_,
                                          cancel_epoch_, display_name_);
    if (result.ok() && PQresultStatus(result->get()) == PGRES_COMMAND_OK &&
        PQtransactionStatus(session->conn()) == PQTRANS_IDLE) {
      pool_->Release(std::move(session));
      return;
    }
  }
  session.reset();
  pool_->Discard();
}

StatusOr<ResultSet> PostgresConnector::Execute(std::string_view sql, const QueryOptions& options) {
  const auto start = SteadyClock::now();
  ASKDB_RETURN_IF_ERROR(server::CheckStatementText(sql, options_.max_sql_bytes, false));
  Call call;
  call.timeout = options.timeout;
  call.deadline =
      options.timeout.count() > 0 ? start + options.timeout : SteadyClock::time_point::max();
  call.token = options.cancel;
  call.epoch = cancel_epoch_.load();
  if (call.token && call.token->IsCancelled()) return CancelledError("query cancelled");
  if (!options.internal) ASKDB_RETURN_IF_ERROR(GuardStatement(sql, call));
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<Session> session, BeginReadOnly(call));
  StatusOr<ResultSet> result = RunCursor(*session, sql, options.max_rows, call);
  Finish(std::move(session));
  if (result.ok()) {
    result->elapsed =
        std::chrono::duration_cast<std::chrono::microseconds>(SteadyClock::now() - start);
  }
  return result;
}

Status PostgresConnector::Check(std::string_view sql, const QueryOptions& options) {
  const std::string context = "checking the query on " + display_name_;
  Status text = server::CheckStatementText(sql, options_.max_sql_bytes, false);
  if (!text.ok()) return text.WithContext(context);
  Call call;
  call.timeout = options.timeout;
  call.deadline = options.timeout.count() > 0 ? SteadyClock::now() + options.timeout
                                              : SteadyClock::time_point::max();
  call.token = options.cancel;
  call.epoch = cancel_epoch_.load();
  if (call.token && call.token->IsCancelled()) {
    return CancelledError("query cancelled before it started").WithContext(context);
  }
  if (Status guarded = options.internal ? Status::Ok() : GuardStatement(sql, call); !guarded.ok()) {
    if (guarded.code() == StatusCode::kSqlError) guarded = InvalidArgumentError(guarded.message());
    return guarded.WithContext(context);
  }
  StatusOr<std::unique_ptr<Session>> session = BeginReadOnly(call);
  if (!session.ok()) return session.status().WithContext(context);
  Status status = PrepareCursor(**session, sql, call);
  Finish(std::move(*session));
  if (status.ok()) return status;
  // A statement the server cannot parse or bind is the caller's SQL to fix.
  if (status.code() == StatusCode::kSqlError) status = InvalidArgumentError(status.message());
  return status.WithContext(context);
}

Status PostgresConnector::PrepareCursor(Session& session, std::string_view sql, Call& call) {
  // The same DECLARE CURSOR wrapper as Execute: its grammar admits one SELECT or VALUES
  // only, and its analysis refuses a data-modifying WITH, so the checks match Execute's.
  const std::string declare = std::string(kCursorPrefix) + std::string(sql);
  ASKDB_ASSIGN_OR_RETURN(ResultPtr prepared, PrepareUnnamed(session, declare, call, options_,
                                                            cancel_epoch_, display_name_));
  if (PQresultStatus(prepared.get()) != PGRES_COMMAND_OK) {
    return MapError(prepared.get(), session, Step::kDeclare, sql, call, display_name_);
  }
  return Status::Ok();
}

StatusOr<ResultSet> PostgresConnector::RunCursor(Session& session, std::string_view sql,
                                                 long long max_rows, Call& call) {
  const std::string declare = std::string(kCursorPrefix) + std::string(sql);
  ASKDB_ASSIGN_OR_RETURN(ResultPtr declared, Exchange(session, declare, true, call, options_,
                                                      cancel_epoch_, display_name_));
  if (PQresultStatus(declared.get()) != PGRES_COMMAND_OK) {
    return MapError(declared.get(), session, Step::kDeclare, sql, call, display_name_);
  }
  const long long cap = std::max<long long>(0, max_rows);
  const std::string fetch = cap >= kFetchAllThreshold
                                ? std::string("FETCH ALL FROM askdb_cursor")
                                : "FETCH FORWARD " + std::to_string(cap + 1) + " FROM askdb_cursor";
  ASKDB_ASSIGN_OR_RETURN(ResultPtr fetched, Exchange(session, fetch, true, call, options_,
                                                     cancel_epoch_, display_name_));
  PGresult* r = fetched.get();
  if (PQresultStatus(r) != PGRES_TUPLES_OK) {
    return MapError(r, session, Step::kFetch, sql, call, display_name_);
  }
  ResultSet result;
  const int columns = PQnfields(r);
  std::vector<std::pair<unsigned, int>> types;
  std::vector<unsigned> oids;
  for (int c = 0; c < columns; ++c) {
    result.columns.push_back(ResultColumn{PQfname(r, c), ""});
    types.emplace_back(PQftype(r, c), PQfmod(r, c));
    oids.push_back(PQftype(r, c));
  }
  const int rows = PQntuples(r);
  const int kept = static_cast<int>(std::min<long long>(rows, cap));
  result.truncated = rows > kept;
  result.rows.reserve(kept);
  for (int i = 0; i < kept; ++i) {
    std::vector<Value> row;
    row.reserve(columns);
    for (int c = 0; c < columns; ++c) {
      if (PQgetisnull(r, i, c)) {
        row.push_back(Value::Null());
      } else {
        row.push_back(ToValue(oids[c], PQgetvalue(r, i, c), PQgetlength(r, i, c)));
      }
    }
    result.rows.push_back(std::move(row));
  }
  fetched.reset();
  ASKDB_RETURN_IF_ERROR(DescribeColumns(session, call, result, types));
  return result;
}

Status PostgresConnector::DescribeColumns(Session& session, Call& call, ResultSet& result,
                                          const std::vector<std::pair<unsigned, int>>& types) {
  std::vector<std::pair<unsigned, int>> missing;
  {
    std::lock_guard lock(type_names_mu_);
    for (size_t c = 0; c < types.size(); ++c) {
      auto it = type_names_.find(types[c]);
      if (it != type_names_.end()) {
        result.columns[c].declared_type = it->second;
      } else if (std::find(missing.begin(), missing.end(), types[c]) == missing.end()) {
        missing.push_back(types[c]);
      }
    }
  }
  if (missing.empty()) return Status::Ok();
  // One round trip names every new (type, modifier) pair: numeric(10,2), varchar(40), ...
  std::string oids = "'{";
  std::string mods = "'{";
  for (size_t i = 0; i < missing.size(); ++i) {
    oids += (i ? "," : "") + std::to_string(missing[i].first);
    mods += (i ? "," : "") + std::to_string(missing[i].second);
  }
  std::string sql = "SELECT format_type(o, NULLIF(m, -1)) FROM unnest(" + oids + "}'::oid[], " +
                    mods + "}'::int[]) WITH ORDINALITY AS u(o, m, i) ORDER BY i";
  StatusOr<ResultPtr> named =
      Exchange(session, sql, true, call, options_, cancel_epoch_, display_name_);
  if (!named.ok()) return named.status();
  if (PQresultStatus(named->get()) != PGRES_TUPLES_OK ||
      PQntuples(named->get()) != static_cast<int>(missing.size())) {
    return Status::Ok();  // names are a courtesy; the rows are already here
  }
  std::lock_guard lock(type_names_mu_);
  for (size_t i = 0; i < missing.size(); ++i) {
    type_names_[missing[i]] = PQgetvalue(named->get(), static_cast<int>(i), 0);
  }
  for (size_t c = 0; c < types.size(); ++c) {
    result.columns[c].declared_type = type_names_[types[c]];
  }
  return Status::Ok();
}

void PostgresConnector::Cancel() { cancel_epoch_.fetch_add(1); }

// ---------------------------------------------------------------------------------------
// Introspection: a fixed number of catalog queries however many tables there are, so that
// a catalog of thousands of tables costs a few round trips.

namespace {

// Ordinary, partitioned and foreign tables, views and materialised views outside the
// system schemas — only those askdb's role may read: a table it cannot SELECT from could
// never be queried, and counting or sampling it would fail the whole introspection.
constexpr std::string_view kRelationFilter =
    "c.relkind IN ('r', 'p', 'v', 'm', 'f') AND NOT c.relispartition "
    "AND n.nspname NOT IN ('pg_catalog', 'information_schema') "
    "AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%' "
    "AND has_schema_privilege(n.oid, 'USAGE') AND has_table_privilege(c.oid, 'SELECT')";

std::vector<std::string> SplitList(std::string_view text) {
  std::vector<std::string> out;
  if (text.empty()) return out;
  size_t start = 0;
  while (true) {
    size_t end = text.find(kListSeparator, start);
    out.emplace_back(text.substr(start, end == std::string_view::npos ? text.npos : end - start));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return out;
}

std::string Cell(const PGresult* r, int row, int col) {
  return std::string(PQgetvalue(r, row, col), PQgetlength(r, row, col));
}

// One catalog query's rows, or the mapped error (IntrospectIn binds the session and call).
using CatalogQuery = std::function<StatusOr<ResultPtr>(const std::string&)>;
// A relation's oid → its index in schema.tables.
using TablesByOid = std::unordered_map<std::string, size_t>;

// The tables and views (only those asked for, when some are), with their comments and the
// server's row estimate; `exact_count` gets the tables it has no estimate for.
Status ReadRelations(const CatalogQuery& query, const IntrospectOptions& options,
                     const std::string& display_name, DatabaseSchema& schema, TablesByOid& by_oid,
                     std::vector<size_t>& exact_count) {
  ASKDB_ASSIGN_OR_RETURN(
      ResultPtr rels,
      query("SELECT c.oid, n.nspname, c.relname, c.relkind, COALESCE(d.description, ''), "
            "c.reltuples::bigint FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            "LEFT JOIN pg_description d ON d.objoid = c.oid AND d.classoid = "
            "'pg_class'::regclass AND d.objsubid = 0 WHERE " +
            std::string(kRelationFilter) + " ORDER BY n.nspname, c.relname"));
  std::vector<bool> wanted_found(options.tables.size(), false);
  for (int i = 0; i < PQntuples(rels.get()); ++i) {
    TableInfo table;
    table.schema = Cell(rels.get(), i, 1);
    table.name = Cell(rels.get(), i, 2);
    if (!options.tables.empty() &&
        !server::IsWantedTable(options.tables, table.name, table.schema + "." + table.name,
                               wanted_found)) {
      continue;
    }
    const char kind = PQgetvalue(rels.get(), i, 3)[0];
    table.kind = (kind == 'v' || kind == 'm') ? TableInfo::Kind::kView : TableInfo::Kind::kTable;
    table.comment = Cell(rels.get(), i, 4);
    if (table.kind == TableInfo::Kind::kTable && options.row_counts) {
      long long tuples = std::strtoll(PQgetvalue(rels.get(), i, 5), nullptr, 10);
      if (tuples >= 0 && kind != 'p') {
        table.row_count = tuples;
        table.row_count_is_estimate = true;
      } else if (kind == 'r' || kind == 'p') {
        exact_count.push_back(schema.tables.size());
      }
    }
    by_oid[Cell(rels.get(), i, 0)] = schema.tables.size();
    schema.tables.push_back(std::move(table));
  }
  return server::CheckWantedTablesFound(options.tables, wanted_found, display_name);
}

// Columns, with types, nullability, defaults, comments; per table, which columns are text
// (type category S), the ones sampled later.
StatusOr<std::vector<std::vector<bool>>> ReadColumns(const CatalogQuery& query,
                                                     const TablesByOid& by_oid,
                                                     DatabaseSchema& schema) {
  ASKDB_ASSIGN_OR_RETURN(
      ResultPtr cols,
      query("SELECT a.attrelid, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, "
            "pg_get_expr(ad.adbin, ad.adrelid), COALESCE(d.description, ''), t.typcategory "
            "FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid "
            "JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_type t ON t.oid = a.atttypid "
            "LEFT JOIN pg_attrdef ad ON ad.adrelid = a.attrelid AND ad.adnum = a.attnum "
            "LEFT JOIN pg_description d ON d.objoid = a.attrelid AND d.classoid = "
            "'pg_class'::regclass AND d.objsubid = a.attnum "
            "WHERE a.attnum > 0 AND NOT a.attisdropped AND " +
            std::string(kRelationFilter) + " ORDER BY a.attrelid, a.attnum"));
  std::vector<std::vector<bool>> is_text(schema.tables.size());
  for (int i = 0; i < PQntuples(cols.get()); ++i) {
    auto it = by_oid.find(Cell(cols.get(), i, 0));
    if (it == by_oid.end()) continue;
    ColumnInfo column;
    column.name = Cell(cols.get(), i, 1);
    column.type = Cell(cols.get(), i, 2);
    column.nullable = PQgetvalue(cols.get(), i, 3)[0] != 't';
    if (!PQgetisnull(cols.get(), i, 4)) column.default_value = Cell(cols.get(), i, 4);
    column.comment = Cell(cols.get(), i, 5);
    is_text[it->second].push_back(PQgetvalue(cols.get(), i, 6)[0] == 'S');
    schema.tables[it->second].columns.push_back(std::move(column));
  }
  return is_text;
}

// Primary and foreign keys, with column names resolved in the server (`sep` joins them).
Status ReadKeys(const CatalogQuery& query, const std::string& sep, const TablesByOid& by_oid,
                DatabaseSchema& schema) {
  ASKDB_ASSIGN_OR_RETURN(
      ResultPtr keys,
      query("SELECT co.conrelid, co.contype, array_to_string(ARRAY(SELECT a.attname FROM "
            "unnest(co.conkey) WITH ORDINALITY k(num, ord) JOIN pg_attribute a ON a.attrelid = "
            "co.conrelid AND a.attnum = k.num ORDER BY k.ord), " +
            sep +
            "), COALESCE(fn.nspname, ''), COALESCE(fc.relname, ''), array_to_string(ARRAY("
            "SELECT a.attname FROM unnest(co.confkey) WITH ORDINALITY k(num, ord) JOIN "
            "pg_attribute a ON a.attrelid = co.confrelid AND a.attnum = k.num ORDER BY k.ord), " +
            sep +
            ") FROM pg_constraint co JOIN pg_class c ON c.oid = co.conrelid JOIN pg_namespace n "
            "ON n.oid = c.relnamespace LEFT JOIN pg_class fc ON fc.oid = co.confrelid LEFT JOIN "
            "pg_namespace fn ON fn.oid = fc.relnamespace WHERE co.contype IN ('p', 'f') AND " +
            std::string(kRelationFilter) + " ORDER BY co.conrelid, co.conname"));
  for (int i = 0; i < PQntuples(keys.get()); ++i) {
    auto it = by_oid.find(Cell(keys.get(), i, 0));
    if (it == by_oid.end()) continue;
    TableInfo& table = schema.tables[it->second];
    std::vector<std::string> columns = SplitList(Cell(keys.get(), i, 2));
    if (PQgetvalue(keys.get(), i, 1)[0] == 'p') {
      table.primary_key = columns;
      for (ColumnInfo& column : table.columns) {
        column.primary_key =
            std::find(columns.begin(), columns.end(), column.name) != columns.end();
      }
    } else {
      ForeignKey fk;
      fk.columns = std::move(columns);
      fk.ref_schema = Cell(keys.get(), i, 3);
      if (fk.ref_schema == table.schema) fk.ref_schema.clear();
      fk.ref_table = Cell(keys.get(), i, 4);
      fk.ref_columns = SplitList(Cell(keys.get(), i, 5));
      table.foreign_keys.push_back(std::move(fk));
    }
  }
  return Status::Ok();
}

// Indexes: name, uniqueness and key columns ('<expression>' for an expression).
Status ReadIndexes(const CatalogQuery& query, const std::string& sep, const TablesByOid& by_oid,
                   DatabaseSchema& schema) {
  ASKDB_ASSIGN_OR_RETURN(
      ResultPtr indexes,
      query("SELECT i.indrelid, ic.relname, i.indisunique, array_to_string(ARRAY(SELECT CASE "
            "WHEN k.num = 0 THEN '<expression>' ELSE (SELECT a.attname FROM pg_attribute a "
            "WHERE a.attrelid = i.indrelid AND a.attnum = k.num) END FROM "
            "unnest(i.indkey::int2[]) WITH ORDINALITY k(num, ord) WHERE k.ord <= i.indnkeyatts "
            "ORDER BY k.ord), " +
            sep +
            ") FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_class c ON "
            "c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE " +
            std::string(kRelationFilter) + " ORDER BY i.indrelid, ic.relname"));
  for (int i = 0; i < PQntuples(indexes.get()); ++i) {
    auto it = by_oid.find(Cell(indexes.get(), i, 0));
    if (it == by_oid.end()) continue;
    IndexInfo index;
    index.name = Cell(indexes.get(), i, 1);
    index.unique = PQgetvalue(indexes.get(), i, 2)[0] == 't';
    index.columns = SplitList(Cell(indexes.get(), i, 3));
    schema.tables[it->second].indexes.push_back(std::move(index));
  }
  return Status::Ok();
}

// A table's schema-qualified, quoted name.
std::string QualifiedName(const TableInfo& t) {
  const PostgresDialect& d = PostgresDialect::Instance();
  return d.QuoteIdentifier(t.schema) + "." + d.QuoteIdentifier(t.name);
}

// Exact counts for tables the server has no estimate for, several per round trip.
Status CountRowsExactly(const CatalogQuery& query, const std::vector<size_t>& exact_count,
                        size_t batch_tables, DatabaseSchema& schema) {
  for (size_t begin = 0; begin < exact_count.size(); begin += batch_tables) {
    size_t end = std::min(exact_count.size(), begin + batch_tables);
    std::string sql;
    for (size_t k = begin; k < end; ++k) {
      if (!sql.empty()) sql += " UNION ALL ";
      sql += "SELECT " + std::to_string(exact_count[k]) + ", count(*) FROM " +
             QualifiedName(schema.tables[exact_count[k]]);
    }
    ASKDB_ASSIGN_OR_RETURN(ResultPtr counts, query(sql));
    for (int i = 0; i < PQntuples(counts.get()); ++i) {
      size_t t = std::strtoull(PQgetvalue(counts.get(), i, 0), nullptr, 10);
      if (t >= schema.tables.size()) continue;
      schema.tables[t].row_count = std::strtoll(PQgetvalue(counts.get(), i, 1), nullptr, 10);
      schema.tables[t].row_count_is_estimate = false;
    }
  }
  return Status::Ok();
}

// The sampled query of one text column: its most frequent short values among the first rows.
std::string SampleQuery(size_t k, const TableInfo& table, const ColumnInfo& column,
                        const PostgresOptions& limits, int values_per_column) {
  const std::string col = PostgresDialect::Instance().QuoteIdentifier(column.name);
  return "(SELECT " + std::to_string(k) + " AS k, v FROM (SELECT CAST(" + col +
         " AS text) AS v FROM " + QualifiedName(table) + " LIMIT " +
         std::to_string(limits.sample_scan_rows) +
         ") s WHERE v IS NOT NULL AND "
         "octet_length(v) <= " +
         std::to_string(limits.max_sample_value_bytes) +
         " GROUP BY v ORDER BY count(*) DESC, v LIMIT " + std::to_string(values_per_column) + ")";
}

// Sample values: the most frequent short values among the first rows of each text column of
// each ordinary table, many columns per round trip.
Status ReadSampleValues(const CatalogQuery& query, const std::vector<std::vector<bool>>& is_text,
                        const PostgresOptions& limits, int values_per_column,
                        DatabaseSchema& schema) {
  const std::vector<std::pair<size_t, size_t>> targets = server::SampleTargets(schema, is_text);
  const size_t batch = static_cast<size_t>(std::max(1, limits.sample_batch_columns));
  for (size_t begin = 0; begin < targets.size(); begin += batch) {
    size_t end = std::min(targets.size(), begin + batch);
    std::string sql;
    for (size_t k = begin; k < end; ++k) {
      const TableInfo& table = schema.tables[targets[k].first];
      if (!sql.empty()) sql += " UNION ALL ";
      sql += SampleQuery(k, table, table.columns[targets[k].second], limits, values_per_column);
    }
    ASKDB_ASSIGN_OR_RETURN(ResultPtr samples, query(sql));
    for (int i = 0; i < PQntuples(samples.get()); ++i) {
      size_t k = std::strtoull(PQgetvalue(samples.get(), i, 0), nullptr, 10);
      if (k >= targets.size()) continue;
      schema.tables[targets[k].first].columns[targets[k].second].sample_values.push_back(
          Cell(samples.get(), i, 1));
    }
  }
  return Status::Ok();
}

}  // namespace

StatusOr<DatabaseSchema> PostgresConnector::Introspect(const IntrospectOptions& options) {
  Call call;
  call.timeout = options.timeout.count() > 0 ? options.timeout : options_.introspect_timeout;
  call.deadline = SteadyClock::now() + call.timeout;
  call.epoch = cancel_epoch_.load();
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<Session> session, BeginReadOnly(call));
  DatabaseSchema schema;
  schema.engine = "postgres";
  schema.database = database_;
  Status status = IntrospectIn(*session, call, options, schema);
  Finish(std::move(session));
  if (!status.ok()) return status.WithContext("introspecting " + display_name_);
  return schema;
}

Status PostgresConnector::IntrospectIn(Session& session, Call& call,
                                       const IntrospectOptions& options, DatabaseSchema& schema) {
  const CatalogQuery query = [&](const std::string& sql) -> StatusOr<ResultPtr> {
    ASKDB_ASSIGN_OR_RETURN(
        ResultPtr r, Exchange(session, sql, true, call, options_, cancel_epoch_, display_name_));
    if (PQresultStatus(r.get()) != PGRES_TUPLES_OK) {
      return MapError(r.get(), session, Step::kCatalog, "", call, display_name_);
    }
    return r;
  };
  const std::string sep = "chr(" + std::to_string(static_cast<int>(kListSeparator)) + ")";
  TablesByOid by_oid;
  std::vector<size_t> exact_count;  // tables never analysed: reltuples is -1
  ASKDB_RETURN_IF_ERROR(ReadRelations(query, options, display_name_, schema, by_oid, exact_count));
  ASKDB_ASSIGN_OR_RETURN(const std::vector<std::vector<bool>> is_text,
                         ReadColumns(query, by_oid, schema));
  ASKDB_RETURN_IF_ERROR(ReadKeys(query, sep, by_oid, schema));
  ASKDB_RETURN_IF_ERROR(ReadIndexes(query, sep, by_oid, schema));
  ASKDB_RETURN_IF_ERROR(CountRowsExactly(
      query, exact_count, static_cast<size_t>(options_.exact_count_batch_tables), schema));
  if (options.sample_values_per_column <= 0) return Status::Ok();
  return ReadSampleValues(query, is_text, options_, options.sample_values_per_column, schema);
}

}  // namespace askdb::db
