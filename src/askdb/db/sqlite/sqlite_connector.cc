#include "askdb/db/sqlite/sqlite_connector.h"

#include <openssl/evp.h>
#include <sqlite3.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <map>
#include <system_error>
#include <utility>
#include <vector>

#include "askdb/db/ascii_util.h"
#include "askdb/db/sqlite/sqlite_dialect.h"
#include "askdb/db/statement_guard.h"

namespace askdb::db {
namespace {

using Clock = std::chrono::steady_clock;

constexpr std::string_view kReadOnlyPrefix = "refused: this connection is read-only; ";
constexpr std::string_view kInternalTablePrefix = "sqlite_";
constexpr std::string_view kReadOnlySuffix = " (askdb only runs SELECT statements)";

// Functions that reach outside the database or change the connection; SQLite's shell and
// some builds register them. Refused even in askdb's own queries; the statements of people
// and models are held to the statement guard's allow-list (statement_guard.h) as well.
constexpr std::array<std::string_view, 11> kDeniedFunctions = {
    "load_extension", "readfile",         "writefile",           "edit",
    "fts3_tokenizer", "zipfile",          "sqlar_compress",      "sqlar_uncompress",
    "lsmode",         "shell_add_schema", "shell_module_schema",
};

// PRAGMAs that only read the schema. Introspection uses them, and a person may too; every
// other PRAGMA (journal_mode=, user_version=, writable_schema=, ...) is refused.
constexpr std::array<std::string_view, 6> kReadOnlyPragmas = {
    "table_info", "table_xinfo", "index_list", "index_info", "index_xinfo", "foreign_key_list",
};

struct ActionName {
  int action;
  std::string_view name;
};

constexpr std::array<ActionName, 27> kActionNames = {{
    {SQLITE_CREATE_INDEX, "CREATE INDEX"},
    {SQLITE_CREATE_TABLE, "CREATE TABLE"},
    {SQLITE_CREATE_TEMP_INDEX, "CREATE TEMP INDEX"},
    {SQLITE_CREATE_TEMP_TABLE, "CREATE TEMP TABLE"},
    {SQLITE_CREATE_TEMP_TRIGGER, "CREATE TEMP TRIGGER"},
    {SQLITE_CREATE_TEMP_VIEW, "CREATE TEMP VIEW"},
    {SQLITE_CREATE_TRIGGER, "CREATE TRIGGER"},
    {SQLITE_CREATE_VIEW, "CREATE VIEW"},
    {SQLITE_DELETE, "DELETE"},
    {SQLITE_DROP_INDEX, "DROP INDEX"},
    {SQLITE_DROP_TABLE, "DROP TABLE"},
    {SQLITE_DROP_TEMP_INDEX, "DROP TEMP INDEX"},
    {SQLITE_DROP_TEMP_TABLE, "DROP TEMP TABLE"},
    {SQLITE_DROP_TEMP_TRIGGER, "DROP TEMP TRIGGER"},
    {SQLITE_DROP_TEMP_VIEW, "DROP TEMP VIEW"},
    {SQLITE_DROP_TRIGGER, "DROP TRIGGER"},
    {SQLITE_DROP_VIEW, "DROP VIEW"},
    {SQLITE_INSERT, "INSERT"},
    {SQLITE_UPDATE, "UPDATE"},
    {SQLITE_ATTACH, "ATTACH"},
    {SQLITE_DETACH, "DETACH"},
    {SQLITE_ALTER_TABLE, "ALTER TABLE"},
    {SQLITE_REINDEX, "REINDEX"},
    {SQLITE_ANALYZE, "ANALYZE"},
    {SQLITE_CREATE_VTABLE, "CREATE VIRTUAL TABLE"},
    {SQLITE_DROP_VTABLE, "DROP VIRTUAL TABLE"},
    {SQLITE_SAVEPOINT, "SAVEPOINT"},
}};

template <size_t N>
bool ContainsIgnoreCase(const std::array<std::string_view, N>& list, const char* name) {
  if (name == nullptr) return false;
  return std::any_of(list.begin(), list.end(), [name](std::string_view item) {
    return internal::EqualsIgnoreAsciiCase(item, name);
  });
}

std::string DescribeAction(int action, const char* arg1, const char* arg2) {
  std::string a1 = arg1 != nullptr ? arg1 : "";
  switch (action) {
    case SQLITE_TRANSACTION:
      return a1.empty() ? "a transaction statement" : a1;  // BEGIN, COMMIT, ROLLBACK
    case SQLITE_PRAGMA:
      return "PRAGMA " + a1 + (arg2 != nullptr ? " = " + std::string(arg2) : "");
    case SQLITE_FUNCTION:
      return "the function " + std::string(arg2 != nullptr ? arg2 : "?") + "()";
    case SQLITE_SAVEPOINT:  // arg1 is the savepoint operation: BEGIN, RELEASE or ROLLBACK
      if (a1 == "RELEASE") return "RELEASE SAVEPOINT";
      if (a1 == "ROLLBACK") return "ROLLBACK TO SAVEPOINT";
      return "SAVEPOINT";
    default:
      break;
  }
  for (const ActionName& entry : kActionNames) {
    if (entry.action == action) return std::string(entry.name);
  }
  return "operation #" + std::to_string(action);
}

std::string ReadOnlyRefusal(std::string_view what) {
  return std::string(kReadOnlyPrefix) + std::string(what) + " is not allowed" +
         std::string(kReadOnlySuffix);
}

bool IsSqlSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'; }

// Offset of the first byte of `s` that starts real SQL — not blank, not a comment, not ';'
// — or npos. Mirrors SQLite's tokenizer: an unterminated /* comment runs to the end.
size_t FirstSqlByte(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    char c = s[i];
    if (IsSqlSpace(c) || c == ';') {
      ++i;
    } else if (c == '-' && i + 1 < s.size() && s[i + 1] == '-') {
      i = s.find('\n', i);
      if (i == std::string_view::npos) return std::string_view::npos;
    } else if (c == '/' && i + 1 < s.size() && s[i + 1] == '*') {
      i = s.find("*/", i + 2);
      if (i == std::string_view::npos) return std::string_view::npos;
      i += 2;
    } else {
      return i;
    }
  }
  return std::string_view::npos;
}

// The statement's leading keywords, for messages only (enforcement never looks at text):
// "CREATE TEMP TABLE", "DROP INDEX", or just the first word ("ANALYZE", "VACUUM").
std::string FirstKeyword(std::string_view sql) {
  constexpr size_t kMaxWords = 4;
  constexpr std::array<std::string_view, 4> kObjectWords = {"TABLE", "VIEW", "INDEX", "TRIGGER"};
  size_t pos = FirstSqlByte(sql);
  std::vector<std::string> words;
  while (pos != std::string_view::npos && pos < sql.size() && words.size() < kMaxWords) {
    std::string word;
    for (; pos < sql.size(); ++pos) {
      char c = sql[pos];
      bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
      if (!alpha) break;
      word += (c >= 'a' && c <= 'z') ? static_cast<char>(c - 32) : c;
    }
    if (word.empty()) break;
    words.push_back(word);
    if (std::find(kObjectWords.begin(), kObjectWords.end(), word) != kObjectWords.end()) {
      std::string phrase;
      for (const std::string& w : words) phrase += (phrase.empty() ? "" : " ") + w;
      return phrase;
    }
    while (pos < sql.size() && IsSqlSpace(sql[pos])) ++pos;
  }
  return words.empty() ? "" : words.front();
}

std::string FormatDuration(std::chrono::milliseconds d) {
  constexpr long long kMillisPerSecond = 1000;
  if (d.count() % kMillisPerSecond == 0) return std::to_string(d.count() / kMillisPerSecond) + " s";
  return std::to_string(d.count()) + " ms";
}

struct StmtFinalizer {
  void operator()(sqlite3_stmt* stmt) const { sqlite3_finalize(stmt); }
};
using StmtPtr = std::unique_ptr<sqlite3_stmt, StmtFinalizer>;

std::string ErrorText(sqlite3* db) {
  std::string message = sqlite3_errmsg(db);
  // SQLite's whole message for "SELECT * FROM t WHERE": nothing says where or what to do.
  if (message == "incomplete input") {
    message +=
        ": the statement ends too early (a clause with nothing after it, or an unclosed "
        "parenthesis or quote); complete it";
  }
#if SQLITE_VERSION_NUMBER >= 3038000
  int offset = sqlite3_error_offset(db);
  if (offset >= 0) message += " at offset " + std::to_string(offset);
#endif
  return message;
}

// Text columns (SQLite's TEXT affinity rule): the declared type mentions CHAR, CLOB or
// TEXT and not INT.
bool HasTextAffinity(std::string_view declared_type) {
  std::string upper;
  for (char c : declared_type) upper += (c >= 'a' && c <= 'z') ? static_cast<char>(c - 32) : c;
  if (upper.find("INT") != std::string::npos) return false;
  return upper.find("CHAR") != std::string::npos || upper.find("CLOB") != std::string::npos ||
         upper.find("TEXT") != std::string::npos;
}

// Paths that SQLite would read as something other than a file name (":memory:", a
// "file:" URI when a build enables URIs globally) are made explicitly relative.
std::string SafeFileName(std::string_view path) {
  std::string p(path);
  bool absolute = !p.empty() && p.front() == '/';
  if (!absolute && (p == ":memory:" || p.rfind("file:", 0) == 0)) return "./" + p;
  return p;
}

Value CellValue(sqlite3_stmt* stmt, int col) {
  switch (sqlite3_column_type(stmt, col)) {
    case SQLITE_INTEGER:
      return Value::Int(sqlite3_column_int64(stmt, col));
    case SQLITE_FLOAT:
      return Value::Double(sqlite3_column_double(stmt, col));
    case SQLITE_TEXT: {
      const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(stmt, col));
      int bytes = sqlite3_column_bytes(stmt, col);
      return Value::Text(text != nullptr ? std::string(text, bytes) : std::string());
    }
    case SQLITE_BLOB: {
      const auto* blob = static_cast<const char*>(sqlite3_column_blob(stmt, col));
      int bytes = sqlite3_column_bytes(stmt, col);
      return Value::Blob(blob != nullptr ? std::string(blob, bytes) : std::string());
    }
    default:
      return Value::Null();
  }
}

// Shared by Open and OpenInMemory: the probe that proves the file is a database.
Status ProbeDatabase(sqlite3* db, std::string_view label) {
  char* err = nullptr;
  int rc = sqlite3_exec(db, "SELECT count(*) FROM sqlite_master", nullptr, nullptr, &err);
  std::string message = err != nullptr ? err : sqlite3_errstr(rc);
  sqlite3_free(err);
  switch (rc & 0xff) {
    case SQLITE_OK:
      return Status::Ok();
    case SQLITE_NOTADB:
      return InvalidArgumentError(std::string(label) +
                                  " is not a SQLite database; point askdb at a SQLite file "
                                  "(.sqlite, .db) or use a postgres:// or mysql:// URL");
    case SQLITE_CORRUPT:
      return InvalidArgumentError(std::string(label) + " is a corrupt SQLite database (" + message +
                                  "); restore it from a backup");
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return UnavailableError(std::string(label) + " is locked by another process (" + message +
                              "); retry when it is free");
    default:
      return UnavailableError("cannot read " + std::string(label) + ": " + message);
  }
}

}  // namespace

void SqliteConnector::DbCloser::operator()(sqlite3* db) const { sqlite3_close_v2(db); }

SqliteConnector::SqliteConnector(PrivateTag, std::unique_ptr<sqlite3, DbCloser> db,
                                 std::string path, std::string display_name,
                                 const SqliteOpenOptions& options)
    : db_(std::move(db)),
      path_(std::move(path)),
      display_name_(std::move(display_name)),
      options_(options) {}

SqliteConnector::~SqliteConnector() = default;

const Dialect& SqliteConnector::dialect() const { return SqliteDialect::Instance(); }

namespace {
// askdb_mask_hash(x): the hash mask of a data permission (permissions/rewrite.h) — SQLite
// has no built-in hash. MD5 of the value's text as 32 lower-case hex digits, exactly what
// PostgreSQL's md5(x::text) and MySQL's MD5(CAST(x AS CHAR)) give, so a masked value is the
// same on every engine; NULL stays NULL.
void MaskHash(sqlite3_context* context, int /*argc*/, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) {
    sqlite3_result_null(context);
    return;
  }
  const unsigned char* text = sqlite3_value_text(argv[0]);
  const int size = sqlite3_value_bytes(argv[0]);
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int digest_size = 0;
  if (EVP_Digest(text, static_cast<size_t>(size), digest, &digest_size, EVP_md5(), nullptr) != 1) {
    sqlite3_result_error(context, "askdb_mask_hash: MD5 failed", -1);
    return;
  }
  char hex[2 * EVP_MAX_MD_SIZE + 1];
  for (unsigned int i = 0; i < digest_size; ++i) {
    std::snprintf(hex + 2 * i, 3, "%02x", digest[i]);
  }
  sqlite3_result_text(context, hex, static_cast<int>(2 * digest_size), SQLITE_TRANSIENT);
}
}  // namespace

Status SqliteConnector::Harden(sqlite3* db, const SqliteOpenOptions& options,
                               std::string_view label) {
  sqlite3_create_function(db, "askdb_mask_hash", 1,
                          SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, nullptr, &MaskHash,
                          nullptr, nullptr);
  sqlite3_extended_result_codes(db, 1);
  int unused = 0;
  sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, &unused);
  sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, &unused);
  sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0);
  sqlite3_limit(db, SQLITE_LIMIT_SQL_LENGTH, options.max_sql_bytes);
  sqlite3_limit(db, SQLITE_LIMIT_LENGTH, options.max_value_bytes);
  sqlite3_busy_timeout(db, static_cast<int>(options.busy_timeout.count()));
  ASKDB_RETURN_IF_ERROR(ProbeDatabase(db, label));
  // A second engine-level guard under the authorizer: with query_only on, SQLite refuses
  // any statement that would change a database file.
  char* err = nullptr;
  int rc = sqlite3_exec(db, "PRAGMA query_only = 1", nullptr, nullptr, &err);
  std::string message = err != nullptr ? err : "";
  sqlite3_free(err);
  if (rc != SQLITE_OK) {
    return InternalError("cannot make " + std::string(label) + " query-only: " + message);
  }
  return Status::Ok();
}

void SqliteConnector::InstallCallbacks() {
  sqlite3_set_authorizer(db_.get(), &SqliteConnector::Authorize, this);
  sqlite3_progress_handler(db_.get(), options_.progress_check_interval,
                           &SqliteConnector::OnProgress, this);
}

StatusOr<std::unique_ptr<SqliteConnector>> SqliteConnector::Open(std::string_view path,
                                                                 const SqliteOpenOptions& options) {
  if (path.empty()) {
    return InvalidArgumentError("no SQLite database path given; pass a file such as demo.sqlite");
  }
  std::string label(path);
  std::error_code ec;
  std::filesystem::file_status st = std::filesystem::status(std::filesystem::path(label), ec);
  if (ec || !std::filesystem::exists(st)) {
    if (ec && ec != std::errc::no_such_file_or_directory) {
      return UnavailableError("cannot check database file " + label + ": " + ec.message());
    }
    std::string hint = std::filesystem::path(label).is_absolute()
                           ? "; check the path"
                           : "; check the path (relative paths start at " +
                                 std::filesystem::current_path(ec).string() + ")";
    return NotFoundError("database file not found: " + label + hint);
  }
  if (std::filesystem::is_directory(st)) {
    return InvalidArgumentError(label + " is a directory, not a SQLite database file");
  }

  sqlite3* raw = nullptr;
  // READONLY without CREATE: SQLite never creates the file. No SQLITE_OPEN_URI: a user path
  // is a file name, never a URI with options. NOMUTEX: calls are serialised by mu_.
  int rc = sqlite3_open_v2(SafeFileName(path).c_str(), &raw,
                           SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nullptr);
  std::unique_ptr<sqlite3, DbCloser> db(raw);
  if (rc != SQLITE_OK) {
    std::string message = raw != nullptr ? sqlite3_errmsg(raw) : sqlite3_errstr(rc);
    if ((rc & 0xff) == SQLITE_PERM || (rc & 0xff) == SQLITE_CANTOPEN) {
      return PermissionDeniedError("cannot open " + label + " for reading: " + message +
                                   "; check the file's permissions");
    }
    return UnavailableError("cannot open " + label + ": " + message);
  }
  ASKDB_RETURN_IF_ERROR(Harden(db.get(), options, label));
  auto connector = std::make_unique<SqliteConnector>(PrivateTag(), std::move(db), label,
                                                     "sqlite:" + label, options);
  connector->InstallCallbacks();
  return connector;
}

StatusOr<std::unique_ptr<SqliteConnector>> SqliteConnector::OpenInMemory(
    std::string_view setup_sql, const SqliteOpenOptions& options) {
  sqlite3* raw = nullptr;
  int rc = sqlite3_open_v2(
      ":memory:", &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
  std::unique_ptr<sqlite3, DbCloser> db(raw);
  if (rc != SQLITE_OK) {
    return ResourceExhaustedError("cannot open an in-memory SQLite database: " +
                                  std::string(sqlite3_errstr(rc)));
  }
  std::string setup(setup_sql);
  char* err = nullptr;
  rc = sqlite3_exec(db.get(), setup.c_str(), nullptr, nullptr, &err);
  std::string message = err != nullptr ? err : "";
  sqlite3_free(err);
  if (rc != SQLITE_OK) {
    return InvalidArgumentError("the in-memory database's setup SQL failed: " + message +
                                "; fix the fixture SQL");
  }
  ASKDB_RETURN_IF_ERROR(Harden(db.get(), options, ":memory:"));
  auto connector = std::make_unique<SqliteConnector>(PrivateTag(), std::move(db),
                                                     ":memory:", "sqlite::memory:", options);
  connector->InstallCallbacks();
  return connector;
}

namespace {
// Marks the statements of Execute and Check (people's and models') for the statement
// guard while they are prepared and run; introspection's own queries are not.
struct GuardedScope {
  GuardedScope(bool& flag, bool on) : flag_(flag) { flag_ = on; }
  ~GuardedScope() { flag_ = false; }
  bool& flag_;
};
}  // namespace

int SqliteConnector::Authorize(void* self, int action, const char* arg1, const char* arg2,
                               const char* /*db_name*/, const char* trigger) {
  auto* connector = static_cast<SqliteConnector*>(self);
  switch (action) {
    case SQLITE_SELECT:
      connector->saw_query_ = true;
      return SQLITE_OK;
    case SQLITE_READ:
      return connector->AuthorizeRead(arg1, arg2, trigger);
    case SQLITE_RECURSIVE:
      return SQLITE_OK;
    case SQLITE_FUNCTION:
      return connector->AuthorizeFunction(arg1, arg2);
    case SQLITE_PRAGMA:
      if (!ContainsIgnoreCase(kReadOnlyPragmas, arg1)) break;
      connector->saw_query_ = true;
      return SQLITE_OK;
    default:
      break;
  }
  return connector->DenyAction(action, arg1, arg2);
}

int SqliteConnector::AuthorizeRead(const char* table, const char* column, const char* trigger) {
  if (!guarded_ || read_policy_ == nullptr || table == nullptr) return SQLITE_OK;
  std::string why = ReadRefusal(table, column, trigger);
  return why.empty() ? SQLITE_OK : GuardDeny(std::move(why));
}

int SqliteConnector::AuthorizeFunction(const char* arg1, const char* name) {
  if (guarded_ && name != nullptr) {
    std::string reason = guard::FunctionRefusalReason(guard::Engine::kSqlite, name);
    if (!reason.empty()) return GuardDeny(guard::FunctionRefused(name, reason).message());
  }
  if (!ContainsIgnoreCase(kDeniedFunctions, name)) return SQLITE_OK;
  return DenyAction(SQLITE_FUNCTION, arg1, name);
}

int SqliteConnector::GuardDeny(std::string why) {
  if (guard_refusal_.empty()) guard_refusal_ = std::move(why);
  return SQLITE_DENY;
}

int SqliteConnector::DenyAction(int action, const char* arg1, const char* arg2) {
  // Keep the first refusal: later callbacks of the same statement are consequences of it.
  if (denied_operation_.empty()) {
    denied_operation_ = DescribeAction(action, arg1, arg2);
    bool row_write = action == SQLITE_INSERT || action == SQLITE_UPDATE || action == SQLITE_DELETE;
    if (row_write && arg1 != nullptr && std::string_view(arg1).starts_with(kInternalTablePrefix)) {
      denied_internal_table_ = arg1;
    }
  }
  return SQLITE_DENY;
}

Status SqliteConnector::Refusal(std::string_view statement) const {
  if (!guard_refusal_.empty() && denied_operation_.empty()) {
    return PermissionDeniedError(guard_refusal_);
  }
  return PermissionDeniedError(ReadOnlyRefusal(DescribeRefusal(statement)));
}

std::string SqliteConnector::DescribeRefusal(std::string_view statement) const {
  if (denied_operation_.empty()) return "this statement";
  if (denied_internal_table_.empty()) return denied_operation_;
  // DDL and ANALYZE are refused at their write to an internal table; the statement's own
  // keyword tells the person more than "INSERT".
  std::string keyword = FirstKeyword(statement);
  return (keyword.empty() ? denied_operation_ : keyword) + " (it would write to " +
         denied_internal_table_ + ")";
}

int SqliteConnector::OnProgress(void* self) {
  auto* connector = static_cast<SqliteConnector*>(self);
  bool cancelled = connector->cancel_requested_.load(std::memory_order_relaxed) ||
                   (connector->cancel_token_ && connector->cancel_token_->IsCancelled());
  if (cancelled) {
    connector->interrupt_ = Interrupt::kCancelled;
    return 1;
  }
  if (connector->has_deadline_ && Clock::now() >= connector->deadline_) {
    connector->interrupt_ = Interrupt::kDeadline;
    return 1;
  }
  return 0;
}

void SqliteConnector::Cancel() {
  cancel_requested_.store(true, std::memory_order_relaxed);
  // Safe from any thread while the handle is open; a no-op when nothing runs.
  sqlite3_interrupt(db_.get());
}

std::string SqliteConnector::ReadRefusal(const char* table, const char* column,
                                         const char* view) const {
  const std::string t = internal::AsciiLowerCopy(table);
  const std::string c = column != nullptr ? internal::AsciiLowerCopy(column) : "";
  if (read_policy_->hidden_columns.count(t + "." + c) != 0) {
    return "refused under your data permissions: column " + std::string(column) + " of " + table +
           " is hidden from you";
  }
  if (view != nullptr && read_policy_->protected_tables.count(t) != 0 &&
      read_policy_->views.count(internal::AsciiLowerCopy(view)) != 0) {
    return "refused under your data permissions: " + std::string(view) +
           " reads the protected table " + table + "; views are not available under data rules";
  }
  return "";
}

StatusOr<ResultSet> SqliteConnector::ExecuteUnder(std::string_view sql, const QueryOptions& options,
                                                  const SqliteReadPolicy& policy) {
  std::lock_guard lock(mu_);
  read_policy_ = &policy;
  struct Reset {
    const SqliteReadPolicy*& p;
    ~Reset() { p = nullptr; }
  } reset{read_policy_};
  return ExecuteLocked(sql, options);
}

Status SqliteConnector::CheckUnder(std::string_view sql, const QueryOptions& options,
                                   const SqliteReadPolicy& policy) {
  std::lock_guard lock(mu_);
  read_policy_ = &policy;
  struct Reset {
    const SqliteReadPolicy*& p;
    ~Reset() { p = nullptr; }
  } reset{read_policy_};
  return CheckLocked(sql, options);
}

StatusOr<ResultSet> SqliteConnector::Execute(std::string_view sql, const QueryOptions& options) {
  std::lock_guard lock(mu_);
  return ExecuteLocked(sql, options);
}

Status SqliteConnector::Check(std::string_view sql, const QueryOptions& options) {
  std::lock_guard lock(mu_);
  return CheckLocked(sql, options);
}

StatusOr<ResultSet> SqliteConnector::ExecuteLocked(std::string_view sql,
                                                   const QueryOptions& options) {
  if (options.max_rows < 0) {
    return InvalidArgumentError("max_rows is " + std::to_string(options.max_rows) +
                                "; pass 0 or more");
  }
  cancel_requested_.store(false, std::memory_order_relaxed);
  GuardedScope guarded(guarded_, !options.internal);
  return RunLocked(sql, options.max_rows, options.timeout, options.cancel);
}

Status SqliteConnector::CheckLocked(std::string_view sql, const QueryOptions& options) {
  cancel_requested_.store(false, std::memory_order_relaxed);
  GuardedScope guarded(guarded_, !options.internal);
  StatusOr<ResultSet> prepared =
      RunLocked(sql, /*max_rows=*/0, options.timeout, options.cancel, Mode::kPrepareOnly);
  if (prepared.ok()) return Status::Ok();
  Status status = prepared.status();
  // A statement SQLite cannot compile is the caller's SQL to fix, not a failed run.
  if (status.code() == StatusCode::kSqlError) status = InvalidArgumentError(status.message());
  return status.WithContext("checking the query on " + display_name_);
}

namespace {

// The statement is the only one: anything but blanks and comments after it (`rest`, which
// starts at `offset` of the query) is refused like a write (exit 5).
Status CheckNothingFollows(std::string_view rest, size_t offset) {
  const size_t extra = FirstSqlByte(rest);
  if (extra == std::string_view::npos) return Status::Ok();
  return PermissionDeniedError(
      "refused: only one statement may run at a time, but more SQL follows at offset " +
      std::to_string(offset + extra) + "; send a single SELECT");
}

// The statement's result columns: name and declared type ("" when SQLite has none).
std::vector<ResultColumn> ColumnsOf(sqlite3_stmt* stmt) {
  std::vector<ResultColumn> columns;
  const int column_count = sqlite3_column_count(stmt);
  columns.reserve(column_count);
  for (int i = 0; i < column_count; ++i) {
    const char* name = sqlite3_column_name(stmt, i);
    const char* decl = sqlite3_column_decltype(stmt, i);
    columns.push_back(ResultColumn{name != nullptr ? name : "", decl != nullptr ? decl : ""});
  }
  return columns;
}

// Steps the statement into `result` up to `max_rows` rows (the row past the cap is fetched
// only to learn that it exists: truncated). The last step's code: SQLITE_DONE when all went.
int StepRows(sqlite3_stmt* stmt, long long max_rows, ResultSet& result) {
  const int column_count = sqlite3_column_count(stmt);
  int rc = SQLITE_OK;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    if (static_cast<long long>(result.rows.size()) >= max_rows) {
      result.truncated = true;
      return SQLITE_DONE;
    }
    std::vector<Value> row;
    row.reserve(column_count);
    for (int i = 0; i < column_count; ++i) row.push_back(CellValue(stmt, i));
    result.rows.push_back(std::move(row));
  }
  return rc;
}

}  // namespace

void SqliteConnector::BeginCall(const std::shared_ptr<const CancellationToken>& cancel,
                                std::chrono::milliseconds timeout, Clock::time_point start) {
  denied_operation_.clear();
  denied_internal_table_.clear();
  guard_refusal_.clear();
  interrupt_ = Interrupt::kNone;
  cancel_token_ = cancel;
  has_deadline_ = timeout.count() > 0;
  deadline_ = start + timeout;
}

StatusOr<sqlite3_stmt*> SqliteConnector::PrepareOneQuery(std::string_view sql,
                                                         std::chrono::milliseconds timeout) {
  const char* cursor = nullptr;
  ASKDB_ASSIGN_OR_RETURN(sqlite3_stmt * first, PrepareFirstStatement(sql, timeout, &cursor));
  StmtPtr stmt(first);
  const char* const end = sql.data() + sql.size();
  if (!stmt) {
    return InvalidArgumentError(
        "empty query: the text holds no SQL statement, only blanks or "
        "comments; write one SELECT");
  }
  ASKDB_RETURN_IF_ERROR(CheckNothingFollows(std::string_view(cursor, end - cursor),
                                            static_cast<size_t>(cursor - sql.data())));
  if (!sqlite3_stmt_readonly(stmt.get()) || !saw_query_) {
    std::string keyword = FirstKeyword(sqlite3_sql(stmt.get()));
    return PermissionDeniedError(ReadOnlyRefusal(keyword.empty() ? "this statement" : keyword));
  }
  return stmt.release();
}

StatusOr<ResultSet> SqliteConnector::RunLocked(
    std::string_view sql, long long max_rows, std::chrono::milliseconds timeout,
    const std::shared_ptr<const CancellationToken>& cancel, Mode mode) {
  const Clock::time_point start = Clock::now();
  if (sql.size() > static_cast<size_t>(options_.max_sql_bytes)) {
    return InvalidArgumentError("the query is " + std::to_string(sql.size()) +
                                " bytes long; the limit is " +
                                std::to_string(options_.max_sql_bytes) +
                                " bytes — shorten it (large literals belong in the database)");
  }
  if (cancel && cancel->IsCancelled()) return CancelledError("query cancelled before it started");

  BeginCall(cancel, timeout, start);
  // Clear the per-call state however this function returns.
  struct ResetOnExit {
    SqliteConnector* c;
    ~ResetOnExit() {
      c->cancel_token_.reset();
      c->has_deadline_ = false;
    }
  } reset_on_exit{this};

  ASKDB_ASSIGN_OR_RETURN(sqlite3_stmt * query, PrepareOneQuery(sql, timeout));
  StmtPtr stmt(query);

  ResultSet result;
  result.columns = ColumnsOf(stmt.get());
  if (mode == Mode::kPrepareOnly) return result;  // finalized unstepped: nothing ran
  const int rc = StepRows(stmt.get(), max_rows, result);
  if (rc != SQLITE_DONE) return StepError(rc, sql, timeout);
  result.elapsed = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start);
  return result;
}

// Skip leading empty statements (";", comments) to reach the first real one.
StatusOr<sqlite3_stmt*> SqliteConnector::PrepareFirstStatement(std::string_view sql,
                                                               std::chrono::milliseconds timeout,
                                                               const char** rest) {
  const char* cursor = sql.data();
  const char* const end = sql.data() + sql.size();
  StmtPtr stmt;
  while (!stmt && cursor < end) {
    sqlite3_stmt* raw = nullptr;
    const char* tail = nullptr;
    saw_query_ = false;
    int rc = sqlite3_prepare_v2(db_.get(), cursor, static_cast<int>(end - cursor), &raw, &tail);
    stmt.reset(raw);
    if (rc != SQLITE_OK) return PrepareError(rc, std::string_view(cursor, end - cursor), timeout);
    cursor = tail != nullptr ? tail : end;
  }
  *rest = cursor;
  return stmt.release();
}

// The progress handler stopped the statement: past its deadline, or cancelled.
Status SqliteConnector::InterruptError(std::chrono::milliseconds timeout) const {
  if (interrupt_ == Interrupt::kDeadline) {
    return DeadlineExceededError("query exceeded the " + FormatDuration(timeout) +
                                 " timeout; narrow it or raise --timeout");
  }
  return CancelledError("query cancelled");
}

// Why `statement` did not compile: refused by the authorizer or the guard, interrupted,
// too large, or the SQL's own error.
Status SqliteConnector::PrepareError(int rc, std::string_view statement,
                                     std::chrono::milliseconds timeout) const {
  if ((rc & 0xff) == SQLITE_AUTH || !denied_operation_.empty() || !guard_refusal_.empty()) {
    return Refusal(statement);
  }
  if ((rc & 0xff) == SQLITE_INTERRUPT) return InterruptError(timeout);
  if ((rc & 0xff) == SQLITE_TOOBIG) {
    return InvalidArgumentError("the query is too large for SQLite (" + ErrorText(db_.get()) +
                                "); shorten it");
  }
  return SqlError(ErrorText(db_.get()));
}

// Why running `sql` stopped before its last row, by SQLite's primary result code.
Status SqliteConnector::StepError(int rc, std::string_view sql,
                                  std::chrono::milliseconds timeout) const {
  switch (rc & 0xff) {
    case SQLITE_INTERRUPT:
      return InterruptError(timeout);
    case SQLITE_AUTH:
      return Refusal(sql);
    case SQLITE_READONLY:
      return PermissionDeniedError(ReadOnlyRefusal("writing to the database"));
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return UnavailableError("the database " + path_ + " is locked by another process (" +
                              ErrorText(db_.get()) + "); retry shortly");
    case SQLITE_NOMEM:
      return ResourceExhaustedError("SQLite ran out of memory running the query; narrow it");
    case SQLITE_TOOBIG:
      return ResourceExhaustedError("the query built a value too large (" + ErrorText(db_.get()) +
                                    "); narrow it");
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
    case SQLITE_IOERR:
      return UnavailableError("cannot read " + path_ + ": " + ErrorText(db_.get()));
    default:
      return SqlError(ErrorText(db_.get()));
  }
}

StatusOr<DatabaseSchema> SqliteConnector::Introspect(const IntrospectOptions& options) {
  std::lock_guard lock(mu_);
  cancel_requested_.store(false, std::memory_order_relaxed);
  constexpr long long kAllRows = std::numeric_limits<long long>::max();
  ASKDB_ASSIGN_OR_RETURN(
      ResultSet listing,
      RunLocked("SELECT name, type FROM sqlite_master WHERE type IN ('table', 'view') "
                "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
                kAllRows,
                options.timeout.count() > 0 ? options.timeout : options_.introspect_timeout,
                nullptr));

  DatabaseSchema schema;
  schema.engine = "sqlite";
  schema.database = std::filesystem::path(path_).filename().string();
  std::vector<bool> wanted_found(options.tables.size(), false);
  for (const std::vector<Value>& row : listing.rows) {
    const std::string& name = row[0].text();
    if (!options.tables.empty()) {
      bool wanted = false;
      for (size_t i = 0; i < options.tables.size(); ++i) {
        if (internal::EqualsIgnoreAsciiCase(options.tables[i], name)) {
          wanted = true;
          wanted_found[i] = true;
        }
      }
      if (!wanted) continue;
    }
    TableInfo table;
    table.name = name;
    table.kind = row[1].text() == "view" ? TableInfo::Kind::kView : TableInfo::Kind::kTable;
    schema.tables.push_back(std::move(table));
  }
  std::string missing;
  for (size_t i = 0; i < options.tables.size(); ++i) {
    if (!wanted_found[i]) missing += (missing.empty() ? "" : ", ") + options.tables[i];
  }
  if (!missing.empty()) {
    return NotFoundError("no such table or view in " + display_name_ + ": " + missing +
                         "; list the tables with `askdb schema`");
  }
  for (TableInfo& table : schema.tables) {
    ASKDB_RETURN_IF_ERROR(
        IntrospectTable(table, options).WithContext("introspecting " + table.name));
  }
  return schema;
}

Status SqliteConnector::IntrospectTable(TableInfo& table, const IntrospectOptions& options) {
  const std::chrono::milliseconds timeout =
      options.timeout.count() > 0 ? options.timeout : options_.introspect_timeout;
  ASKDB_RETURN_IF_ERROR(ReadColumns(table, timeout));
  ASKDB_RETURN_IF_ERROR(ReadForeignKeys(table, timeout));
  ASKDB_RETURN_IF_ERROR(ReadIndexes(table, timeout));
  // Views are not counted or sampled: evaluating one can cost as much as any query.
  if (table.kind != TableInfo::Kind::kTable) return Status::Ok();
  if (options.row_counts) {
    const std::string quoted = SqliteDialect::Instance().QuoteIdentifier(table.name);
    ASKDB_ASSIGN_OR_RETURN(ResultSet count, RunCatalog("SELECT COUNT(*) FROM " + quoted, timeout));
    if (!count.rows.empty()) table.row_count = count.rows[0][0].int_value();
  }
  if (options.sample_values_per_column > 0) {
    ASKDB_RETURN_IF_ERROR(ReadSampleValues(table, options, timeout));
  }
  return Status::Ok();
}

// A catalog statement, with no row cap.
StatusOr<ResultSet> SqliteConnector::RunCatalog(const std::string& sql,
                                                std::chrono::milliseconds timeout) {
  constexpr long long kAllRows = std::numeric_limits<long long>::max();
  return RunLocked(sql, kAllRows, timeout, nullptr);
}

namespace {

// The primary key's columns in key order, from PRAGMA table_info's rows (cid, name, type,
// notnull, dflt_value, pk: the 1-based position in the key).
std::vector<std::string> KeyInOrder(const ResultSet& table_info) {
  std::map<int64_t, std::string> by_position;
  for (const std::vector<Value>& row : table_info.rows) {
    if (row[5].int_value() > 0) by_position[row[5].int_value()] = row[1].text();
  }
  std::vector<std::string> key;
  for (auto& [position, name] : by_position) key.push_back(name);
  return key;
}

}  // namespace

Status SqliteConnector::ReadColumns(TableInfo& table, std::chrono::milliseconds timeout) {
  const std::string quoted = SqliteDialect::Instance().QuoteIdentifier(table.name);
  ASKDB_ASSIGN_OR_RETURN(ResultSet cols, RunCatalog("PRAGMA table_info(" + quoted + ")", timeout));
  for (const std::vector<Value>& row : cols.rows) {
    ColumnInfo column;
    column.name = row[1].text();
    column.type = row[2].text();
    column.nullable = row[3].int_value() == 0;
    if (!row[4].is_null()) column.default_value = row[4].ToDisplayString();
    column.primary_key = row[5].int_value() > 0;
    table.columns.push_back(std::move(column));
  }
  for (std::string& name : KeyInOrder(cols)) table.primary_key.push_back(std::move(name));
  return Status::Ok();
}

// Foreign keys: id, seq, table, from, to, ...; one id per constraint, several rows for a
// composite key. SQLite numbers constraints in reverse order of declaration.
Status SqliteConnector::ReadForeignKeys(TableInfo& table, std::chrono::milliseconds timeout) {
  const SqliteDialect& d = SqliteDialect::Instance();
  ASKDB_ASSIGN_OR_RETURN(
      ResultSet fks,
      RunCatalog("PRAGMA foreign_key_list(" + d.QuoteIdentifier(table.name) + ")", timeout));
  std::map<int64_t, ForeignKey, std::greater<>> by_id;
  std::map<int64_t, bool> implicit_target;  // REFERENCES parent without column names
  for (const std::vector<Value>& row : fks.rows) {
    ForeignKey& fk = by_id[row[0].int_value()];
    fk.ref_table = row[2].text();
    fk.columns.push_back(row[3].text());
    if (row[4].is_null()) {
      implicit_target[row[0].int_value()] = true;
    } else {
      fk.ref_columns.push_back(row[4].text());
    }
  }
  for (auto& [id, fk] : by_id) {
    if (implicit_target.contains(id)) {
      // REFERENCES parent means the parent's primary key.
      ASKDB_ASSIGN_OR_RETURN(
          ResultSet parent,
          RunCatalog("PRAGMA table_info(" + d.QuoteIdentifier(fk.ref_table) + ")", timeout));
      fk.ref_columns = KeyInOrder(parent);
    }
    table.foreign_keys.push_back(std::move(fk));
  }
  return Status::Ok();
}

// Indexes: seq, name, unique, origin, partial; then each index's columns.
Status SqliteConnector::ReadIndexes(TableInfo& table, std::chrono::milliseconds timeout) {
  const SqliteDialect& d = SqliteDialect::Instance();
  ASKDB_ASSIGN_OR_RETURN(
      ResultSet indexes,
      RunCatalog("PRAGMA index_list(" + d.QuoteIdentifier(table.name) + ")", timeout));
  for (const std::vector<Value>& row : indexes.rows) {
    IndexInfo index;
    index.name = row[1].text();
    index.unique = row[2].int_value() != 0;
    ASKDB_ASSIGN_OR_RETURN(
        ResultSet index_cols,
        RunCatalog("PRAGMA index_info(" + d.QuoteIdentifier(index.name) + ")", timeout));
    for (const std::vector<Value>& col : index_cols.rows) {
      index.columns.push_back(col[2].is_null() ? "<expression>" : col[2].text());
    }
    table.indexes.push_back(std::move(index));
  }
  return Status::Ok();
}

// The most frequent short values among the first rows of each text column: cheap, and the
// values people are most likely to name in a question.
Status SqliteConnector::ReadSampleValues(TableInfo& table, const IntrospectOptions& options,
                                         std::chrono::milliseconds timeout) {
  const SqliteDialect& d = SqliteDialect::Instance();
  const std::string quoted = d.QuoteIdentifier(table.name);
  for (ColumnInfo& column : table.columns) {
    if (!HasTextAffinity(column.type)) continue;
    const std::string c = d.QuoteIdentifier(column.name);
    std::string sql = "SELECT v FROM (SELECT " + c + " AS v FROM " + quoted + " WHERE " + c +
                      " IS NOT NULL AND typeof(" + c + ") = 'text' AND length(CAST(" + c +
                      " AS BLOB)) <= " + std::to_string(options_.max_sample_value_bytes) +
                      " LIMIT " + std::to_string(options_.sample_scan_rows) +
                      ") GROUP BY v ORDER BY COUNT(*) DESC, v LIMIT " +
                      std::to_string(options.sample_values_per_column);
    ASKDB_ASSIGN_OR_RETURN(ResultSet samples, RunCatalog(sql, timeout));
    for (const std::vector<Value>& row : samples.rows) {
      column.sample_values.push_back(row[0].text());
    }
  }
  return Status::Ok();
}

}  // namespace askdb::db
