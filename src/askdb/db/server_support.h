// Pieces shared by the network connectors (PostgreSQL, MySQL/MariaDB): a bounded pool of
// sessions, the password lookup (URL, password file, environment) and small text helpers
// used for checks and messages. Header-only so both connectors use it without another
// library; it lives in db/ beside the connectors that share it.
//
// Thread-safety: SessionPool is thread-safe (a mutex and a condition variable guard it).
// The free functions are pure, except ResolvePassword which reads the environment and a
// file.
#pragma once

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/status.h"
#include "askdb/db/ascii_util.h"
#include "askdb/db/database_url.h"
#include "askdb/db/schema.h"

namespace askdb::db::server {

using SteadyClock = std::chrono::steady_clock;

// A pool of at most `max_sessions` open sessions. Acquire hands out an idle session or
// opens a new one with the opener (outside the lock); when every slot is busy it waits for
// one until the deadline. A caller gives the session back with Release, or Discard when
// it is broken: the slot is then free for a fresh connection, which is how the pool
// recovers from a server restart or a killed backend.
template <typename Session>
class SessionPool {
 public:
  using Opener = std::function<StatusOr<std::unique_ptr<Session>>()>;

  SessionPool(size_t max_sessions, Opener opener)
      : max_sessions_(std::max<size_t>(1, max_sessions)), opener_(std::move(opener)) {}

  // `reused` tells the caller whether the session came from the idle list (and so may have
  // died while idle) or was opened just now.
  StatusOr<std::unique_ptr<Session>> Acquire(SteadyClock::time_point deadline, bool* reused) {
    {
      std::unique_lock lock(mu_);
      if (!cv_.wait_until(lock, deadline,
                          [this] { return !idle_.empty() || open_ < max_sessions_; })) {
        return DeadlineExceededError("all " + std::to_string(max_sessions_) +
                                     " database connections stayed busy until the timeout; "
                                     "retry, or raise the pool size or the timeout");
      }
      if (!idle_.empty()) {
        std::unique_ptr<Session> session = std::move(idle_.back());
        idle_.pop_back();
        if (reused != nullptr) *reused = true;
        return session;
      }
      ++open_;  // reserve the slot before opening outside the lock
    }
    if (reused != nullptr) *reused = false;
    StatusOr<std::unique_ptr<Session>> opened = opener_();
    if (!opened.ok()) Discard();
    return opened;
  }

  void Release(std::unique_ptr<Session> session) {
    {
      std::lock_guard lock(mu_);
      idle_.push_back(std::move(session));
    }
    cv_.notify_one();
  }

  // Frees the slot of a session that was closed (or never opened).
  void Discard() {
    {
      std::lock_guard lock(mu_);
      if (open_ > 0) --open_;
    }
    cv_.notify_one();
  }

  // Closes every idle session (their slots become free).
  void DropIdle() {
    std::vector<std::unique_ptr<Session>> dropped;
    {
      std::lock_guard lock(mu_);
      open_ -= std::min(open_, idle_.size());
      dropped.swap(idle_);
    }
    cv_.notify_all();
  }

  size_t open_sessions() const {
    std::lock_guard lock(mu_);
    return open_;
  }
  size_t idle_sessions() const {
    std::lock_guard lock(mu_);
    return idle_.size();
  }

 private:
  const size_t max_sessions_;
  Opener opener_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::vector<std::unique_ptr<Session>> idle_;
  size_t open_ = 0;  // idle + in use + being opened
};

// The URL parameter pool_size: how many sessions the pool may open, at least one.
inline StatusOr<size_t> ParsePoolSize(const std::string& value) {
  const long n = std::strtol(value.c_str(), nullptr, 10);
  if (n < 1) {
    return InvalidArgumentError("pool_size must be a positive number, not '" + value + "'");
  }
  return static_cast<size_t>(n);
}

// The value of URL parameter `key` (case-sensitive, as libraries spell them), or nullptr.
inline const std::string* FindParam(const DatabaseUrl& url, std::string_view key) {
  for (const auto& [k, v] : url.params) {
    if (k == key) return &v;
  }
  return nullptr;
}

// Whether `key` is one of `names` (a URL parameter among those a connector or store takes).
inline bool IsOneOf(std::string_view key, const auto& names) {
  return std::find(names.begin(), names.end(), key) != names.end();
}

// "a, b, c": every name of `lists` in order, for the message that refuses another URL
// parameter.
inline std::string KnownParamsText(const auto&... lists) {
  std::string known;
  auto add = [&known](const auto& names) {
    for (std::string_view name : names) {
      if (!known.empty()) known += ", ";
      known += name;
    }
  };
  (add(lists), ...);
  return known;
}

// The password to use, in this order: the URL's own, the file named by the URL parameter
// `password_file` (first line), the environment variables in `env_vars` (the first one set
// and not empty: an empty variable counts as unset, as everywhere in askdb, so the next one
// is read). nullopt when none gives one (the library's own defaults may still apply, e.g.
// ~/.pgpass). Errors never contain the password.
inline StatusOr<std::optional<std::string>> ResolvePassword(
    const DatabaseUrl& url, const std::vector<std::string_view>& env_vars) {
  if (url.has_password) return std::optional<std::string>(url.password);
  if (const std::string* file = FindParam(url, "password_file")) {
    std::ifstream in(*file);
    if (!in) {
      return NotFoundError("cannot read the password file " + *file +
                           " named by password_file=; check the path and its permissions");
    }
    std::string line;
    std::getline(in, line);
    while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) line.pop_back();
    return std::optional<std::string>(line);
  }
  for (std::string_view var : env_vars) {
    if (const char* value = std::getenv(std::string(var).c_str());
        value != nullptr && *value != '\0') {
      return std::optional<std::string>(std::string(value));
    }
  }
  return std::optional<std::string>();
}

inline bool IsSqlSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == '\v';
}

// Offset of the first byte of `s` that starts real SQL (not blank, not a comment, not ';')
// or npos. `hash_comments` also skips MySQL's "# ..." comments.
inline size_t FirstSqlByte(std::string_view s, bool hash_comments = false) {
  size_t i = 0;
  while (i < s.size()) {
    char c = s[i];
    if (IsSqlSpace(c) || c == ';') {
      ++i;
    } else if ((c == '-' && i + 1 < s.size() && s[i + 1] == '-') || (hash_comments && c == '#')) {
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

// Whether more SQL follows a ';' outside quotes and comments. Backslash escapes inside
// quotes (MySQL's default) are honoured; used only to name an error the server already
// gave, never to decide what runs.
inline bool HasSecondStatement(std::string_view s, bool hash_comments = false) {
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '\'' || c == '"' || c == '`') {
      for (++i; i < s.size() && s[i] != c; ++i) {
        if (s[i] == '\\' && c != '`') ++i;
      }
    } else if ((c == '-' && i + 1 < s.size() && s[i + 1] == '-') || (hash_comments && c == '#')) {
      i = s.find('\n', i);
      if (i == std::string_view::npos) return false;
    } else if (c == '/' && i + 1 < s.size() && s[i + 1] == '*') {
      i = s.find("*/", i + 2);
      if (i == std::string_view::npos) return false;
      ++i;
    } else if (c == ';') {
      return FirstSqlByte(s.substr(i + 1), hash_comments) != std::string_view::npos;
    }
  }
  return false;
}

// Introspecting only some tables (IntrospectOptions::tables): whether the relation `name`,
// or `qualified` (its schema or database, a dot, its name), is one asked for, in any ASCII
// case; marks in `found` each asked name it matches.
inline bool IsWantedTable(const std::vector<std::string>& wanted, std::string_view name,
                          std::string_view qualified, std::vector<bool>& found) {
  bool matched = false;
  for (size_t w = 0; w < wanted.size(); ++w) {
    if (internal::EqualsIgnoreAsciiCase(wanted[w], name) ||
        internal::EqualsIgnoreAsciiCase(wanted[w], qualified)) {
      matched = found[w] = true;
    }
  }
  return matched;
}

// NotFound naming every asked table that no relation matched, else Ok.
inline Status CheckWantedTablesFound(const std::vector<std::string>& wanted,
                                     const std::vector<bool>& found,
                                     const std::string& display_name) {
  std::string missing;
  for (size_t i = 0; i < wanted.size(); ++i) {
    if (!found[i]) missing += (missing.empty() ? "" : ", ") + wanted[i];
  }
  if (missing.empty()) return Status::Ok();
  return NotFoundError("no such table or view in " + display_name + ": " + missing +
                       "; list the tables with `askdb schema`");
}

// The (table, column) pairs whose sample values introspection reads: the text columns
// (`is_text`, per table and column) of ordinary tables, not views.
inline std::vector<std::pair<size_t, size_t>> SampleTargets(
    const DatabaseSchema& schema, const std::vector<std::vector<bool>>& is_text) {
  std::vector<std::pair<size_t, size_t>> targets;
  for (size_t t = 0; t < schema.tables.size(); ++t) {
    if (schema.tables[t].kind != TableInfo::Kind::kTable) continue;
    for (size_t c = 0; c < schema.tables[t].columns.size() && c < is_text[t].size(); ++c) {
      if (is_text[t][c]) targets.emplace_back(t, c);
    }
  }
  return targets;
}

// Several statements in one text are refused like a write: askdb runs one SELECT at a time.
inline std::string SeveralStatementsRefusal() {
  return "refused: only one statement may run at a time, but the text holds several; send a "
         "single SELECT";
}

// The first word of the statement, upper-cased, for messages only (enforcement is the
// server's): "DELETE", "WITH", "SELECT".
inline std::string FirstWord(std::string_view sql, bool hash_comments = false) {
  size_t pos = FirstSqlByte(sql, hash_comments);
  std::string word;
  for (; pos != std::string_view::npos && pos < sql.size(); ++pos) {
    char c = sql[pos];
    bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    if (!alpha) break;
    word += (c >= 'a' && c <= 'z') ? static_cast<char>(c - 32) : c;
  }
  return word;
}

// Whether a statement starting with `word` is meant as a query (so an error in it is a
// SQL mistake to fix, not a refused operation).
inline bool IsQueryWord(std::string_view word) {
  return word == "SELECT" || word == "WITH" || word == "VALUES" || word == "TABLE" || word.empty();
}

inline std::string FormatDuration(std::chrono::milliseconds d) {
  constexpr long long kMillisPerSecond = 1000;
  if (d.count() % kMillisPerSecond == 0) return std::to_string(d.count() / kMillisPerSecond) + " s";
  return std::to_string(d.count()) + " ms";
}

inline std::string ReadOnlyRefusal(std::string_view what, std::string_view detail) {
  // A query word refused here is a query that writes or locks; "SELECT is not allowed (askdb
  // only runs SELECT statements)" would contradict itself.
  const bool query = !what.empty() && IsQueryWord(what);
  std::string out =
      "refused: this connection is read-only; " +
      (query ? "a " + std::string(what) +
                   " that writes (INTO OUTFILE, INTO DUMPFILE, INTO @variables) or locks rows "
                   "(FOR UPDATE, LOCK IN SHARE MODE) is not allowed (askdb only runs plain "
                   "queries; remove that clause)"
             : std::string(what) + " is not allowed (askdb only runs SELECT statements)");
  if (!detail.empty()) out += " — the server said: " + std::string(detail);
  return out;
}

// Checks every connector makes before sending text to a server: not empty, not too big,
// no NUL byte (C APIs would cut the text there and run only the part before it).
inline Status CheckStatementText(std::string_view sql, size_t max_bytes, bool hash_comments) {
  if (sql.size() > max_bytes) {
    return InvalidArgumentError("the query is " + std::to_string(sql.size()) +
                                " bytes, over the limit of " + std::to_string(max_bytes) +
                                " bytes; shorten it");
  }
  if (sql.find('\0') != std::string_view::npos) {
    return InvalidArgumentError(
        "the query contains a NUL byte; remove it and send a single SELECT");
  }
  if (FirstSqlByte(sql, hash_comments) == std::string_view::npos) {
    return InvalidArgumentError(
        "empty query: the text holds no SQL statement, only blanks or comments; write one "
        "SELECT");
  }
  return Status::Ok();
}

inline std::string TrimTrailingSpace(std::string s) {
  while (!s.empty() && IsSqlSpace(s.back())) s.pop_back();
  return s;
}

}  // namespace askdb::db::server
