#include "bench/recall/gold_tables.h"

#include <algorithm>
#include <set>

#include "askdb/common/text.h"

namespace askdb::bench {
namespace {

struct SqlToken {
  enum class Kind { kWord, kQuoted, kPunct };
  Kind kind;
  std::string text;
};

bool IsWordChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}

std::vector<SqlToken> Lex(std::string_view sql) {
  std::vector<SqlToken> out;
  size_t i = 0;
  while (i < sql.size()) {
    char c = sql[i];
    if (c == '\'') {  // string literal: skipped, '' escapes a quote
      ++i;
      while (i < sql.size()) {
        if (sql[i] == '\'' && i + 1 < sql.size() && sql[i + 1] == '\'') {
          i += 2;
        } else if (sql[i] == '\'') {
          ++i;
          break;
        } else {
          ++i;
        }
      }
      out.push_back({SqlToken::Kind::kPunct, "'"});
      continue;
    }
    if (c == '"' || c == '`' || c == '[') {
      char close = c == '[' ? ']' : c;
      size_t end = sql.find(close, i + 1);
      if (end == std::string_view::npos) end = sql.size();
      out.push_back({SqlToken::Kind::kQuoted, std::string(sql.substr(i + 1, end - i - 1))});
      i = end + 1;
      continue;
    }
    if (IsWordChar(c)) {
      size_t start = i;
      while (i < sql.size() && IsWordChar(sql[i])) ++i;
      out.push_back({SqlToken::Kind::kWord, std::string(sql.substr(start, i - start))});
      continue;
    }
    if (c == '(' || c == ')' || c == ',' || c == '.') {
      out.push_back({SqlToken::Kind::kPunct, std::string(1, c)});
    }
    ++i;
  }
  return out;
}

bool IsKeyword(const SqlToken& t, std::string_view upper) {
  if (t.kind != SqlToken::Kind::kWord || t.text.size() != upper.size()) return false;
  for (size_t i = 0; i < upper.size(); ++i) {
    char c = t.text[i];
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (c != upper[i]) return false;
  }
  return true;
}

// Keywords that end a FROM list.
constexpr std::string_view kClauseEnds[] = {"WHERE",  "GROUP", "ORDER",     "HAVING",
                                            "LIMIT",  "UNION", "EXCEPT",    "ON",
                                            "SELECT", "USING", "INTERSECT", "WINDOW"};

}  // namespace

std::vector<std::string> TablesInSql(std::string_view sql) {
  std::vector<SqlToken> tokens = Lex(sql);
  std::vector<std::string> out;
  std::set<std::string> seen;
  int depth = 0;
  std::vector<int> from_depths;  // paren depths with an open FROM list
  bool expect_table = false;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const SqlToken& t = tokens[i];
    if (t.kind == SqlToken::Kind::kPunct) {
      if (t.text == "(") {
        ++depth;
        expect_table = false;
      } else if (t.text == ")") {
        while (!from_depths.empty() && from_depths.back() >= depth) from_depths.pop_back();
        --depth;
      } else if (t.text == "," && !from_depths.empty() && from_depths.back() == depth) {
        expect_table = true;
      }
      continue;
    }
    if (IsKeyword(t, "FROM") || IsKeyword(t, "JOIN")) {
      expect_table = true;
      if (from_depths.empty() || from_depths.back() != depth) from_depths.push_back(depth);
      continue;
    }
    bool ends = std::any_of(std::begin(kClauseEnds), std::end(kClauseEnds),
                            [&](std::string_view k) { return IsKeyword(t, k); });
    if (ends && t.kind == SqlToken::Kind::kWord) {
      if (!from_depths.empty() && from_depths.back() == depth) from_depths.pop_back();
      expect_table = false;
      continue;
    }
    if (!expect_table) continue;
    expect_table = false;
    std::string name = t.text;
    // schema.table: the last part names the table.
    while (i + 2 < tokens.size() && tokens[i + 1].text == "." &&
           tokens[i + 1].kind == SqlToken::Kind::kPunct &&
           tokens[i + 2].kind != SqlToken::Kind::kPunct) {
      name = tokens[i + 2].text;
      i += 2;
    }
    if (seen.insert(text::AsciiLower(name)).second) out.push_back(name);
  }
  return out;
}

db::DatabaseSchema SchemaFromSpiderTables(const Json& entry) {
  db::DatabaseSchema schema;
  schema.engine = "sqlite";
  schema.database = entry.value("db_id", "");
  const Json& table_names = entry.at("table_names_original");
  const Json& natural_tables = entry.at("table_names");
  auto says_more = [](const std::string& natural, const std::string& original) {
    std::string a, b;
    for (char c : text::AsciiLower(natural)) {
      if (c != ' ' && c != '_') a += c;
    }
    for (char c : text::AsciiLower(original)) {
      if (c != ' ' && c != '_') b += c;
    }
    return a != b;
  };
  for (size_t i = 0; i < table_names.size(); ++i) {
    db::TableInfo t;
    t.name = table_names[i].get<std::string>();
    std::string natural = natural_tables[i].get<std::string>();
    if (says_more(natural, t.name)) t.comment = natural;
    schema.tables.push_back(std::move(t));
  }
  const Json& columns = entry.at("column_names_original");
  const Json& natural_columns = entry.at("column_names");
  const Json& types = entry.at("column_types");
  // Global column index → (table, index in table).
  std::vector<std::pair<int, int>> where(columns.size(), {-1, -1});
  for (size_t i = 0; i < columns.size(); ++i) {
    int table = columns[i][0].get<int>();
    if (table < 0 || static_cast<size_t>(table) >= schema.tables.size()) continue;
    db::ColumnInfo c;
    c.name = columns[i][1].get<std::string>();
    c.type = text::AsciiLower(types[i].get<std::string>());
    std::string natural = natural_columns[i][1].get<std::string>();
    if (says_more(natural, c.name)) c.comment = natural;
    auto& cols = schema.tables[table].columns;
    where[i] = {table, static_cast<int>(cols.size())};
    cols.push_back(std::move(c));
  }
  for (const Json& pk : entry.at("primary_keys")) {
    std::vector<int> ids;
    if (pk.is_array()) {
      for (const Json& id : pk) ids.push_back(id.get<int>());
    } else {
      ids.push_back(pk.get<int>());
    }
    for (int id : ids) {
      auto [t, c] = where[id];
      if (t < 0) continue;
      schema.tables[t].columns[c].primary_key = true;
      schema.tables[t].primary_key.push_back(schema.tables[t].columns[c].name);
    }
  }
  for (const Json& fk : entry.at("foreign_keys")) {
    auto [t, c] = where[fk[0].get<int>()];
    auto [rt, rc] = where[fk[1].get<int>()];
    if (t < 0 || rt < 0) continue;
    db::ForeignKey key;
    key.columns = {schema.tables[t].columns[c].name};
    key.ref_table = schema.tables[rt].name;
    key.ref_columns = {schema.tables[rt].columns[rc].name};
    schema.tables[t].foreign_keys.push_back(std::move(key));
  }
  return schema;
}

}  // namespace askdb::bench
