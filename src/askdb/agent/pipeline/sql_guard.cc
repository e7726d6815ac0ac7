#include "askdb/agent/pipeline/sql_guard.h"

#include <cctype>

namespace askdb::agent::pipeline {
namespace {

bool IsSpace(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

// The index just past the comment that starts at `i` (-- up to the line's end, /* to */),
// or `i` itself when no comment starts there.
size_t CommentEnd(std::string_view sql, size_t i) {
  const std::string_view opener = sql.substr(i, 2);
  if (opener == "--") {
    const size_t end = sql.find('\n', i);
    return end == std::string_view::npos ? sql.size() : end;
  }
  if (opener == "/*") {
    const size_t end = sql.find("*/", i + 2);
    return end == std::string_view::npos ? sql.size() : end + 2;
  }
  return i;
}

// Walks `sql` and calls `emit(c, in_literal)` for every character outside comments. A
// comment becomes one space so that tokens on either side stay apart.
template <typename Emit>
void WalkWithoutComments(std::string_view sql, Emit emit) {
  size_t i = 0;
  while (i < sql.size()) {
    const char c = sql[i];
    if (const size_t end = CommentEnd(sql, i); end != i) {
      i = end;
      emit(' ', false);
      continue;
    }
    if (c == '\'' || c == '"' || c == '`') {
      // A quoted literal or identifier; a doubled quote is an escaped quote.
      emit(c, true);
      ++i;
      while (i < sql.size()) {
        emit(sql[i], true);
        if (sql[i] == c) {
          if (i + 1 < sql.size() && sql[i + 1] == c) {
            emit(sql[i + 1], true);
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        ++i;
      }
      continue;
    }
    emit(c, false);
    ++i;
  }
}

std::string Trim(std::string text) {
  size_t begin = 0;
  while (begin < text.size() && IsSpace(text[begin])) ++begin;
  size_t end = text.size();
  while (end > begin && IsSpace(text[end - 1])) --end;
  return text.substr(begin, end - begin);
}

}  // namespace

std::string StripSqlComments(std::string_view sql) {
  std::string out;
  out.reserve(sql.size());
  WalkWithoutComments(sql, [&](char c, bool) { out.push_back(c); });
  out = Trim(std::move(out));
  while (!out.empty() && out.back() == ';') out = Trim(out.substr(0, out.size() - 1));
  return out;
}

Status CheckSingleReadStatement(std::string_view sql) {
  const std::string body = StripSqlComments(sql);
  if (body.empty()) {
    return InvalidArgumentError("the SQL is empty; write one SELECT statement");
  }
  bool second_statement = false;
  bool after_semicolon = false;
  WalkWithoutComments(body, [&](char c, bool in_literal) {
    if (in_literal) {
      if (after_semicolon) second_statement = true;
      return;
    }
    if (c == ';') {
      after_semicolon = true;
    } else if (after_semicolon && !IsSpace(c)) {
      second_statement = true;
    }
  });
  if (second_statement) {
    return InvalidArgumentError(
        "the SQL holds more than one statement; write exactly one SELECT statement");
  }
  size_t word_end = 0;
  while (word_end < body.size() &&
         (std::isalpha(static_cast<unsigned char>(body[word_end])) != 0)) {
    ++word_end;
  }
  std::string first;
  for (size_t i = 0; i < word_end; ++i) {
    first.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(body[i]))));
  }
  if (first != "SELECT" && first != "WITH") {
    return PermissionDeniedError(
        "only read statements may run, and this one starts with '" +
        (first.empty() ? body.substr(0, 1) : first) +
        "'; askdb never modifies data — write one SELECT (or WITH ... SELECT) statement");
  }
  return Status::Ok();
}

namespace {

// A word byte: ASCII letters, digits, _ and $, and every byte of a UTF-8 sequence.
bool IsWordByte(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u >= 0x80 || std::isalnum(u) != 0 || c == '_' || c == '$';
}

// Reads the quoted text that opens at sql[i] (', ", ` or [) into `text`, unescaped: a
// doubled quote is one quote, and with `backslash_escapes` a backslash escapes the next
// character in a '' string. Returns the index just past the closing quote (or the end).
size_t ReadQuoted(std::string_view sql, size_t i, bool backslash_escapes, std::string& text) {
  const char open = sql[i];
  const char close = open == '[' ? ']' : open;
  ++i;
  while (i < sql.size()) {
    if (backslash_escapes && open == '\'' && sql[i] == '\\' && i + 1 < sql.size()) {
      text.push_back(sql[i + 1]);
      i += 2;
      continue;
    }
    if (sql[i] == close) {
      if (close != ']' && i + 1 < sql.size() && sql[i + 1] == close) {
        text.push_back(close);
        i += 2;
        continue;
      }
      return i + 1;
    }
    text.push_back(sql[i++]);
  }
  return i;
}

// SqlIdentifiers for one reading of string literals: `backslash_escapes` as MySQL and
// PostgreSQL's E'' strings read them, or not as SQLite and standard SQL do.
void ScanIdentifiers(std::string_view sql, bool backslash_escapes, std::vector<std::string>& out) {
  size_t i = 0;
  while (i < sql.size()) {
    const char c = sql[i];
    if (const size_t end = CommentEnd(sql, i); end != i) {
      i = end;
    } else if (c == '\'' || c == '"' || c == '`' || c == '[') {
      std::string text;
      i = ReadQuoted(sql, i, backslash_escapes, text);
      if (c == '[') {
        // A bracketed name in SQLite, a subscript in PostgreSQL: both readings count.
        ScanIdentifiers(text, backslash_escapes, out);
      }
      if (c != '\'') out.push_back(std::move(text));  // a string literal names nothing
    } else if (IsWordByte(c)) {
      const size_t start = i;
      while (i < sql.size() && IsWordByte(sql[i])) ++i;
      // A number is not a name.
      if (std::isdigit(static_cast<unsigned char>(sql[start])) == 0) {
        out.emplace_back(sql.substr(start, i - start));
      }
    } else {
      ++i;
    }
  }
}

}  // namespace

std::vector<std::string> SqlIdentifiers(std::string_view sql) {
  // Engines disagree on whether a backslash escapes a quote inside a string, so a string
  // may end earlier in one reading than in the other: the names of both readings count.
  std::vector<std::string> out;
  ScanIdentifiers(sql, false, out);
  ScanIdentifiers(sql, true, out);
  return out;
}

std::string NormalizeSqlForComparison(std::string_view sql) {
  const std::string body = StripSqlComments(sql);
  std::string out;
  bool pending_space = false;
  WalkWithoutComments(body, [&](char c, bool in_literal) {
    if (!in_literal && IsSpace(c)) {
      pending_space = !out.empty();
      return;
    }
    if (pending_space) out.push_back(' ');
    pending_space = false;
    out.push_back(in_literal ? c : static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  });
  return out;
}

}  // namespace askdb::agent::pipeline
