#include "askdb/permissions/pg_tree.h"

#include <pg_query.h>

#include <cctype>

#include "askdb/common/text.h"

namespace askdb::permissions::internal {

StatusOr<Json> ParsePostgres(std::string_view sql) {
  const std::string text(sql);
  PgQueryParseResult parsed = pg_query_parse(text.c_str());
  if (parsed.error != nullptr) {
    std::string message = parsed.error->message != nullptr ? parsed.error->message : "?";
    const int position = parsed.error->cursorpos;
    pg_query_free_parse_result(parsed);
    return InvalidArgumentError("the SQL parser cannot read it: " + message +
                                (position > 0 ? " at byte " + std::to_string(position) : ""));
  }
  StatusOr<Json> tree = ParseJson(parsed.parse_tree != nullptr ? parsed.parse_tree : "");
  pg_query_free_parse_result(parsed);
  if (!tree.ok()) return InternalError("the SQL parser's tree could not be read");
  return tree;
}

std::string StringValue(const Json& node) {
  if (HasObject(node, "String")) {
    const Json& s = node["String"];
    if (s.contains("sval") && s["sval"].is_string()) return s["sval"];
  }
  return "";
}

std::vector<std::string> StringList(const Json& list) {
  std::vector<std::string> out;
  if (!list.is_array()) return out;
  for (const Json& item : list) out.push_back(StringValue(item));
  return out;
}

}  // namespace askdb::permissions::internal

namespace askdb::permissions::internal {

StatusOr<std::vector<Placeholder>> FindPlaceholders(std::string_view predicate) {
  constexpr std::string_view kOpen = "{user.";
  std::vector<Placeholder> out;
  for (size_t i = predicate.find('{'); i != std::string_view::npos;
       i = predicate.find('{', i + 1)) {
    const size_t close = predicate.find('}', i);
    if (predicate.substr(i, kOpen.size()) != kOpen || close == std::string_view::npos) {
      return InvalidArgumentError(
          "the predicate has a '{' at byte " + std::to_string(i) +
          " that does not start a {user.NAME} placeholder; write an attribute as {user.region}");
    }
    std::string name(predicate.substr(i + kOpen.size(), close - i - kOpen.size()));
    bool valid = !name.empty() && name.size() <= 64;
    for (unsigned char c : name) {
      valid = valid && (std::isalnum(c) != 0 || c == '_' || c >= 0x80);
    }
    if (!valid) {
      return InvalidArgumentError("the placeholder {user." + name +
                                  "} is not an attribute name; use letters, digits and '_' "
                                  "(at most 64 bytes), as in {user.region}");
    }
    out.push_back(Placeholder{i, close + 1, std::move(name)});
  }
  return out;
}

}  // namespace askdb::permissions::internal

namespace askdb::permissions::internal {
namespace {

Status Refuse(std::string_view why) {
  return PermissionDeniedError("refused under your data permissions: " + std::string(why));
}

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// Blanks [from, to) keeping line breaks (parser positions stay meaningful in messages).
void Blank(std::string& out, size_t from, size_t to) {
  for (size_t i = from; i < to && i < out.size(); ++i) {
    if (out[i] != '\n') out[i] = ' ';
  }
}

// End (one past the closing quote) of a quoted run starting at `start` with quote `q`;
// doubled quotes stay inside; `backslash` escapes the next byte. npos when unterminated.
size_t QuotedEnd(std::string_view sql, size_t start, char q, bool backslash) {
  for (size_t i = start + 1; i < sql.size(); ++i) {
    if (backslash && sql[i] == '\\') {
      ++i;
    } else if (sql[i] == q) {
      if (i + 1 < sql.size() && sql[i + 1] == q) {
        ++i;
      } else {
        return i + 1;
      }
    }
  }
  return std::string_view::npos;
}

// The steps of NormalizeForParser: each reads one token starting at `i` (already known to
// be its kind), rewrites it in `out` for the parser and returns where the next one starts,
// or refuses what the two readings of the text would disagree on.

// "#" (MySQL) and "--" comments: blanked to the end of the line.
size_t BlankToLineEnd(std::string_view sql, std::string& out, size_t i) {
  size_t end = sql.find('\n', i);
  if (end == std::string_view::npos) end = sql.size();
  Blank(out, i, end);
  return end;
}

// "-- ..." to the end of the line; on MySQL only before a space or control character.
StatusOr<size_t> LineComment(std::string_view sql, std::string& out, size_t i, bool mysql) {
  const char after = i + 2 < sql.size() ? sql[i + 2] : ' ';
  if (mysql && !IsSpace(after) && static_cast<unsigned char>(after) >= 0x20) {
    return Refuse("'--' followed by '" + std::string(1, after) +
                  "' reads differently on MySQL and on the SQL parser; put a space "
                  "between the two minus signs");
  }
  return BlankToLineEnd(sql, out, i);
}

// "/* ... */"; MySQL runs the inside of /*! ... */ and /*M! ... */, so those are refused.
StatusOr<size_t> BlockComment(std::string_view sql, std::string& out, size_t i, bool mysql) {
  if (mysql && i + 2 < sql.size() &&
      (sql[i + 2] == '!' || (sql[i + 2] == 'M' && i + 3 < sql.size() && sql[i + 3] == '!'))) {
    return Refuse("a MySQL executable comment (/*! ... */) runs SQL that askdb cannot check");
  }
  size_t end = sql.find("*/", i + 2);
  end = end == std::string_view::npos ? sql.size() : end + 2;
  Blank(out, i, end);
  return end;
}

// A string literal ('...', and "..." on MySQL) becomes '000...': its content cannot read as
// SQL to the parser.
StatusOr<size_t> MaskString(std::string_view sql, std::string& out, size_t i, bool mysql) {
  const char c = sql[i];
  const size_t end = QuotedEnd(sql, i, c, mysql);
  if (end == std::string_view::npos) return Refuse("a string is not closed");
  out[i] = '\'';
  out[end - 1] = '\'';
  for (size_t k = i + 1; k + 1 < end; ++k) out[k] = '0';
  return end;
}

// A quoted name ("...", `...`, [...] outside MySQL) becomes "..."; one holding a quote or
// bracket is refused (the two readings would cut it differently).
StatusOr<size_t> QuotedName(std::string_view sql, std::string& out, size_t i) {
  const char c = sql[i];
  const char close = c == '[' ? ']' : c;
  const size_t end = c == '[' ? sql.find(']', i + 1) : QuotedEnd(sql, i, close, false);
  if (end == std::string_view::npos) return Refuse("a quoted name is not closed");
  const size_t last = c == '[' ? end : end - 1;
  std::string_view inner = sql.substr(i + 1, last - i - 1);
  if (inner.find('"') != std::string_view::npos || inner.find('`') != std::string_view::npos ||
      inner.find(']') != std::string_view::npos || inner.find('[') != std::string_view::npos) {
    return Refuse("the quoted name " + std::string(sql.substr(i, last - i + 1)) +
                  " contains a quote or bracket; rename it or ask without it");
  }
  out[i] = '"';
  out[last] = '"';
  return last + 1;
}

// The step for the token at `i`: where the next one starts (i + 1 for anything plain).
StatusOr<size_t> NormalizeToken(std::string_view sql, std::string& out, size_t i, bool mysql) {
  const char c = sql[i];
  const char next = i + 1 < sql.size() ? sql[i + 1] : '\0';
  if (c == '-' && next == '-') return LineComment(sql, out, i, mysql);
  if (mysql && c == '#') return BlankToLineEnd(sql, out, i);
  if (c == '/' && next == '*') return BlockComment(sql, out, i, mysql);
  if (c == '\'' || (mysql && c == '"')) return MaskString(sql, out, i, mysql);
  if (c == '"' || c == '`' || (!mysql && c == '[')) return QuotedName(sql, out, i);
  if (c == '$') {
    return Refuse("'$' outside quotes reads differently on " +
                  std::string(mysql ? "MySQL" : "SQLite") +
                  " and on the SQL parser; quote the name that contains it");
  }
  return i + 1;
}

}  // namespace

StatusOr<std::string> NormalizeForParser(std::string_view sql, SqlEngine engine) {
  std::string out(sql);
  if (engine == SqlEngine::kPostgres) return out;
  const bool mysql = engine == SqlEngine::kMysql;
  size_t i = 0;
  while (i < sql.size()) {
    ASKDB_ASSIGN_OR_RETURN(i, NormalizeToken(sql, out, i, mysql));
  }
  return out;
}

bool ReadsTablesByName(std::string_view name) {
  return name.starts_with("query_to_xml") || name.starts_with("table_to_xml") ||
         name.starts_with("cursor_to_xml") || name.starts_with("schema_to_xml") ||
         name.starts_with("database_to_xml") || name == "query_to_xmlschema" ||
         name == "table_to_xmlschema" || name == "cursor_to_xmlschema" ||
         name.starts_with("dblink") || name == "ts_stat" || name.starts_with("pragma_") ||
         name == "currtid" || name == "currtid2";
}

namespace {

Status PredicateError(std::string_view why) {
  return InvalidArgumentError("the row predicate " + std::string(why) +
                              "; write one condition over the table's columns, e.g. "
                              "region = {user.region}");
}

// Collects column names of `node` (a predicate's expression), refusing what a plain
// condition has no use for.
Status CollectColumns(const Json& node, std::string_view table, std::vector<std::string>& out) {
  if (node.is_array()) {
    for (const Json& item : node) ASKDB_RETURN_IF_ERROR(CollectColumns(item, table, out));
    return Status::Ok();
  }
  if (!node.is_object()) return Status::Ok();
  if (node.contains("SubLink") || node.contains("relname") || node.contains("RangeVar")) {
    return PredicateError("has a subquery or reads a table");
  }
  if (HasObject(node, "FuncCall")) {
    std::vector<std::string> name = StringList(node["FuncCall"]["funcname"]);
    if (!name.empty() && ReadsTablesByName(name.back())) {
      return PredicateError("calls " + name.back() + ", which reads tables");
    }
  }
  if (HasObject(node, "ColumnRef")) {
    const Json& fields = node["ColumnRef"]["fields"];
    std::vector<std::string> parts = StringList(fields);
    for (const std::string& p : parts) {
      if (p.empty()) return PredicateError("uses '*'");
    }
    if (parts.size() == 2 && !table.empty() && text::EqualsIgnoreAsciiCase(parts[0], table)) {
      out.push_back(parts[1]);
    } else if (parts.size() == 1) {
      out.push_back(parts[0]);
    } else {
      return PredicateError("names a column of another table (" + parts.front() + ")");
    }
    return Status::Ok();
  }
  for (const auto& [key, value] : node.items()) {
    ASKDB_RETURN_IF_ERROR(CollectColumns(value, table, out));
  }
  return Status::Ok();
}

}  // namespace

StatusOr<std::vector<std::string>> PredicateColumns(std::string_view predicate,
                                                    std::string_view table, SqlEngine engine) {
  for (std::string_view bad : {"--", "/*", "*/", ";", "#", "\\"}) {
    if (predicate.find(bad) != std::string_view::npos) {
      return PredicateError("contains '" + std::string(bad) + "'");
    }
  }
  ASKDB_ASSIGN_OR_RETURN(std::vector<Placeholder> placeholders, FindPlaceholders(predicate));
  std::string text(predicate);
  for (auto it = placeholders.rbegin(); it != placeholders.rend(); ++it) {
    text.replace(it->begin, it->end - it->begin, "'0'");
  }
  StatusOr<std::string> normal = NormalizeForParser(text, engine);
  if (!normal.ok()) return PredicateError(normal.status().message());
  // The marker shows whether the predicate stays inside its parentheses: the WHERE clause
  // must be exactly AND(predicate, marker).
  StatusOr<Json> tree =
      ParsePostgres("SELECT 1 FROM askdb_rule_table WHERE (" + *normal + ") AND askdb_marker");
  if (!tree.ok()) return PredicateError("cannot be read: " + tree.status().message());
  const Json& stmts = (*tree)["stmts"];
  if (!stmts.is_array() || stmts.size() != 1 || !HasObject(stmts[0], "stmt") ||
      !HasObject(stmts[0]["stmt"], "SelectStmt")) {
    return PredicateError("is not one condition");
  }
  const Json& select = stmts[0]["stmt"]["SelectStmt"];
  for (const auto& [key, value] : select.items()) {
    if (key != "targetList" && key != "fromClause" && key != "whereClause" &&
        key != "limitOption" && key != "op") {
      return PredicateError("is not one condition (it adds " + key + ")");
    }
  }
  if (select.value("op", "SETOP_NONE") != "SETOP_NONE") return PredicateError("adds a UNION");
  const Json& where = select["whereClause"];
  const bool shaped =
      HasObject(where, "BoolExpr") && where["BoolExpr"].value("boolop", "") == "AND_EXPR" &&
      where["BoolExpr"]["args"].is_array() && where["BoolExpr"]["args"].size() == 2 &&
      HasObject(where["BoolExpr"]["args"][1], "ColumnRef") &&
      StringList(where["BoolExpr"]["args"][1]["ColumnRef"]["fields"]) ==
          std::vector<std::string>{"askdb_marker"};
  if (!shaped) return PredicateError("is not one condition (its parentheses do not balance)");
  std::vector<std::string> columns;
  ASKDB_RETURN_IF_ERROR(CollectColumns(where["BoolExpr"]["args"][0], table, columns));
  return columns;
}

}  // namespace askdb::permissions::internal
