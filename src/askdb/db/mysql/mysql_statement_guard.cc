#include "askdb/db/mysql/mysql_statement_guard.h"

#include <algorithm>
#include <array>
#include <optional>
#include <vector>

#include "askdb/db/statement_guard.h"

namespace askdb::db::mysql_internal {
namespace {

using guard::Engine;

enum class Kind { kWord, kQuoted, kString, kNumber, kVariable, kSystemVariable, kPunct };

struct Token {
  Kind kind;
  std::string text;  // lower-cased for words; unquoted for quoted identifiers
};

// Words that may stand before '(' without being a function call.
constexpr auto kParenKeywords = std::to_array<std::string_view>({
    "in",        "exists", "any",       "all",      "some",    "as",
    "on",        "using",  "from",      "join",     "and",     "or",
    "not",       "xor",    "where",     "having",   "select",  "by",
    "when",      "then",   "else",      "like",     "rlike",   "between",
    "distinct",  "union",  "intersect", "except",   "lateral", "values",
    "row",       "is",     "case",      "escape",   "over",    "columns",
    "path",      "nested", "partition", "index",    "key",     "with",
    "recursive", "limit",  "offset",    "window",   "table",   "straight_join",
    "into",      "div",    "mod",       "interval", "binary",  "unknown",
    "null",      "true",   "false",     "match",    "against",
});

// Cast and column types written with parentheses: CAST(x AS DECIMAL(10, 2)).
constexpr auto kTypeWords = std::to_array<std::string_view>({
    "decimal",   "dec",      "numeric", "char",      "nchar", "varchar", "binary",
    "varbinary", "datetime", "time",    "timestamp", "float", "double",  "signed",
    "unsigned",  "integer",  "int",     "json",      "date",  "year",
});

constexpr auto kSystemSchemas = std::to_array<std::string_view>({
    "mysql",
    "information_schema",
    "performance_schema",
    "sys",
});

// First words of statements the connector's server-side prepare refuses itself (they
// return no result set or cannot be prepared); their messages stay the connector's.
constexpr auto kLeftToServer = std::to_array<std::string_view>({
    "insert",   "update",   "delete",     "replace", "create", "drop",   "alter",   "truncate",
    "rename",   "grant",    "revoke",     "set",     "lock",   "unlock", "start",   "begin",
    "commit",   "rollback", "savepoint",  "release", "load",   "do",     "handler", "xa",
    "prepare",  "execute",  "deallocate", "flush",   "reset",  "purge",  "install", "uninstall",
    "shutdown", "kill",     "use",        "end",
});

constexpr auto kQueryWords = std::to_array<std::string_view>({"select", "with", "values", "table"});

template <size_t N>
bool In(const std::array<std::string_view, N>& list, std::string_view word) {
  return std::find(list.begin(), list.end(), word) != list.end();
}

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

bool IsWordByte(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '$' || c >= 0x80;
}

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// A comment at `i` ("-- ", "#", "/* */"): the position after it; `i` when none starts there.
// "-- " starts a comment only when a blank or control character follows the dashes.
// Executable comments and optimizer hints are refused: the server runs what they hold.
StatusOr<size_t> SkipComment(std::string_view sql, size_t i) {
  const size_t n = sql.size();
  const char c = sql[i];
  const bool line_comment = (c == '-' && i + 1 < n && sql[i + 1] == '-' &&
                             (i + 2 >= n || static_cast<unsigned char>(sql[i + 2]) <= ' ')) ||
                            c == '#';
  if (line_comment) {
    size_t end = sql.find('\n', i);
    return end == std::string_view::npos ? n : end + 1;
  }
  if (c != '/' || i + 1 >= n || sql[i + 1] != '*') return i;
  if (i + 2 < n && (sql[i + 2] == '!' || sql[i + 2] == '+' ||
                    (sql[i + 2] == 'M' && i + 3 < n && sql[i + 3] == '!'))) {
    return guard::Unprovable(
        "executable comments (/*! ... */, /*M! ... */) and optimizer hints (/*+ ... */) "
        "are not allowed: the server runs what they hold");
  }
  size_t end = sql.find("*/", i + 2);
  if (end == std::string_view::npos) return guard::Unprovable("an unterminated comment");
  return end + 2;
}

// A quoted string ('…', or "…" without ANSI_QUOTES) or name (`…`, or "…" with it) at `i`,
// added to `out` unquoted: the position after it; `i` when none starts there. A backslash
// escapes in a string; a doubled quote stands for itself.
StatusOr<size_t> ReadQuoted(std::string_view sql, size_t i, bool ansi_quotes,
                            std::vector<Token>& out) {
  const size_t n = sql.size();
  const char c = sql[i];
  const bool string_quote = c == '\'' || (c == '"' && !ansi_quotes);
  const bool ident_quote = c == '`' || (c == '"' && ansi_quotes);
  if (!string_quote && !ident_quote) return i;
  std::string text;
  size_t j = i + 1;
  bool closed = false;
  while (j < n) {
    if (string_quote && sql[j] == '\\' && j + 1 < n) {
      text += sql[j + 1];
      j += 2;
      continue;
    }
    if (sql[j] == c) {
      if (j + 1 < n && sql[j + 1] == c) {  // doubled quote
        text += c;
        j += 2;
        continue;
      }
      closed = true;
      ++j;
      break;
    }
    text += sql[j++];
  }
  if (!closed) return guard::Unprovable("an unterminated quoted string or name");
  out.push_back({string_quote ? Kind::kString : Kind::kQuoted, std::move(text)});
  return j;
}

// A user (@name) or system (@@name) variable at `i`: the position after it; `i` when none.
size_t ReadVariable(std::string_view sql, size_t i, std::vector<Token>& out) {
  if (sql[i] != '@') return i;
  const size_t n = sql.size();
  size_t j = i + 1;
  const bool system = j < n && sql[j] == '@';
  if (system) ++j;
  size_t start = j;
  while (j < n && (IsWordByte(static_cast<unsigned char>(sql[j])) || sql[j] == '.')) ++j;
  out.push_back(
      {system ? Kind::kSystemVariable : Kind::kVariable, Lower(sql.substr(start, j - start))});
  return j;
}

// A word or number at `i`, lower-cased: the position after it; `i` when none. Digits alone (or
// a number with an exponent) are a number; 1abc is a name in MySQL.
size_t ReadWord(std::string_view sql, size_t i, std::vector<Token>& out) {
  const char c = sql[i];
  if (!IsWordByte(static_cast<unsigned char>(c))) return i;
  size_t j = i;
  while (j < sql.size() && IsWordByte(static_cast<unsigned char>(sql[j]))) ++j;
  std::string word = Lower(sql.substr(i, j - i));
  const bool number =
      c >= '0' && c <= '9' && std::all_of(word.begin(), word.end(), [](char ch) {
        return (ch >= '0' && ch <= '9') || ch == 'e' || ch == 'x' || (ch >= 'a' && ch <= 'f');
      });
  out.push_back({number ? Kind::kNumber : Kind::kWord, std::move(word)});
  return j;
}

// Splits `sql` into tokens. `ansi_quotes`: "..." is an identifier, else a string. Each step
// returns the position after what it read, or where it started when its shape is not there.
StatusOr<std::vector<Token>> Lex(std::string_view sql, bool ansi_quotes) {
  std::vector<Token> out;
  size_t i = 0;
  while (i < sql.size()) {
    if (IsSpace(sql[i])) {
      ++i;
      continue;
    }
    ASKDB_ASSIGN_OR_RETURN(size_t next, SkipComment(sql, i));
    if (next == i) {
      ASKDB_ASSIGN_OR_RETURN(next, ReadQuoted(sql, i, ansi_quotes, out));
    }
    if (next == i) next = ReadVariable(sql, i, out);
    if (next == i) next = ReadWord(sql, i, out);
    if (next == i) {
      out.push_back({Kind::kPunct, std::string(1, sql[i])});
      next = i + 1;
    }
    i = next;
  }
  return out;
}

bool IsName(const Token& t) { return t.kind == Kind::kWord || t.kind == Kind::kQuoted; }
bool IsPunct(const Token& t, char c) { return t.kind == Kind::kPunct && t.text[0] == c; }

// Index of the ')' matching the '(' at `open`, or npos.
size_t MatchingParen(const std::vector<Token>& tokens, size_t open) {
  int depth = 0;
  for (size_t k = open; k < tokens.size(); ++k) {
    if (IsPunct(tokens[k], '(')) ++depth;
    if (IsPunct(tokens[k], ')') && --depth == 0) return k;
  }
  return std::string::npos;
}

// Only a query may run (a leading '(' of a parenthesised query skipped). True: a query,
// whose tokens are checked next; false: nothing to check here (empty, or a statement the
// server's prepare refuses itself).
StatusOr<bool> IsQueryToCheck(const std::vector<Token>& tokens) {
  size_t first = 0;
  while (first < tokens.size() && IsPunct(tokens[first], '(')) ++first;
  if (first >= tokens.size()) return false;  // empty: the connector says so
  const Token& lead = tokens[first];
  if (lead.kind == Kind::kWord && In(kQueryWords, lead.text)) return true;
  if (lead.kind == Kind::kWord && In(kLeftToServer, lead.text)) return false;
  return guard::Unprovable("a " + (lead.kind == Kind::kWord ? lead.text : "statement") +
                           " statement is not a query; only SELECT, WITH, VALUES and TABLE "
                           "may run");
}

// Server variables and SELECT ... INTO / PROCEDURE, refused wherever they stand.
Status CheckForbiddenToken(const Token& t) {
  if (t.kind == Kind::kSystemVariable) {
    return guard::Unprovable("the server variable @@" + t.text +
                             " is not allowed: server variables reveal the server's "
                             "configuration (paths, versions, settings)");
  }
  if (t.kind == Kind::kWord && (t.text == "into" || t.text == "procedure")) {
    return guard::Unprovable("SELECT ... " + std::string(t.text == "into" ? "INTO" : "PROCEDURE") +
                             " is not allowed: it writes files or variables or runs code");
  }
  return Status::Ok();
}

// The name at k qualifies the next one (schema.table): a system schema or another database
// is refused.
Status CheckQualifier(const std::vector<Token>& tokens, size_t k,
                      const std::set<std::string>& other_dbs) {
  const bool qualified_next =
      k + 2 < tokens.size() && IsPunct(tokens[k + 1], '.') && IsName(tokens[k + 2]);
  const bool after_dot = k > 0 && IsPunct(tokens[k - 1], '.');
  if (!qualified_next || after_dot) return Status::Ok();
  const std::string schema = Lower(tokens[k].text);
  if (In(kSystemSchemas, schema)) {
    return guard::TableRefused(schema + "." + tokens[k + 2].text,
                               "it is in the system schema " + schema +
                                   " (server catalogs: accounts, password hashes, grants, "
                                   "other sessions)");
  }
  if (other_dbs.count(schema) != 0) {
    return guard::TableRefused(schema + "." + tokens[k + 2].text,
                               "it is in the database " + schema + ", not in this datasource's");
  }
  return Status::Ok();
}

// Whether the name at k followed by '(' is a column list, not a call: WITH name (columns)
// AS (...) ("f(x) AS (" is valid nowhere else) or ... AS alias (columns).
bool IsColumnList(const std::vector<Token>& tokens, size_t k) {
  const size_t close = MatchingParen(tokens, k + 1);
  if (close != std::string::npos && close + 2 < tokens.size() &&
      tokens[close + 1].kind == Kind::kWord && tokens[close + 1].text == "as" &&
      IsPunct(tokens[close + 2], '(')) {
    return true;
  }
  return k > 0 && tokens[k - 1].kind == Kind::kWord && tokens[k - 1].text == "as";
}

// A name followed by '(' is a function call, unless it is a keyword, a type, or a column
// list; only built-in functions the guard allows may be called.
Status CheckCall(const std::vector<Token>& tokens, size_t k) {
  const Token& t = tokens[k];
  if (k + 1 >= tokens.size() || !IsPunct(tokens[k + 1], '(')) return Status::Ok();
  if (t.kind == Kind::kWord && (In(kParenKeywords, t.text) || In(kTypeWords, t.text))) {
    return Status::Ok();
  }
  if (IsColumnList(tokens, k)) return Status::Ok();
  if (k > 0 && IsPunct(tokens[k - 1], '.')) {
    return guard::FunctionRefused(tokens[k - 2].text + "." + t.text,
                                  "only built-in functions may be called; a stored function "
                                  "can do anything");
  }
  const std::string name = Lower(t.text);  // MySQL function names ignore case
  std::string reason = guard::FunctionRefusalReason(Engine::kMysql, name);
  if (!reason.empty()) return guard::FunctionRefused(name, reason);
  return Status::Ok();
}

Status CheckTokens(const std::vector<Token>& tokens, const std::set<std::string>& other_dbs) {
  ASKDB_ASSIGN_OR_RETURN(bool query, IsQueryToCheck(tokens));
  if (!query) return Status::Ok();
  for (size_t k = 0; k < tokens.size(); ++k) {
    ASKDB_RETURN_IF_ERROR(CheckForbiddenToken(tokens[k]));
    if (!IsName(tokens[k])) continue;
    ASKDB_RETURN_IF_ERROR(CheckQualifier(tokens, k, other_dbs));
    ASKDB_RETURN_IF_ERROR(CheckCall(tokens, k));
  }
  return Status::Ok();
}

}  // namespace

Status GuardMysqlStatement(std::string_view sql, const std::set<std::string>& other_databases) {
  // The session's sql_mode may or may not have ANSI_QUOTES: the text must be safe read
  // either way.
  for (bool ansi_quotes : {false, true}) {
    ASKDB_ASSIGN_OR_RETURN(std::vector<Token> tokens, Lex(sql, ansi_quotes));
    ASKDB_RETURN_IF_ERROR(CheckTokens(tokens, other_databases));
  }
  return Status::Ok();
}

}  // namespace askdb::db::mysql_internal
