#include "askdb/permissions/rewrite.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <set>

#include "askdb/common/text.h"
#include "askdb/db/schema.h"
#include "askdb/permissions/pg_tree.h"

namespace askdb::permissions {
namespace {

using internal::HasObject;
using internal::StringList;

Status Refuse(std::string_view why) {
  return PermissionDeniedError("refused under your data permissions: " + std::string(why));
}

std::string QuoteIdentifier(SqlEngine engine, std::string_view name) {
  const char q = engine == SqlEngine::kMysql ? '`' : '"';
  std::string out(1, q);
  for (char c : name) {
    out += c;
    if (c == q) out += q;
  }
  return out + q;
}

std::string QuoteLiteral(SqlEngine engine, std::string_view value) {
  // PostgreSQL: an E'' string reads backslashes the same whatever
  // standard_conforming_strings says; MySQL: escaping the backslash keeps the literal closed
  // with or without NO_BACKSLASH_ESCAPES; SQLite has no backslash escapes.
  const bool escape_backslash = engine != SqlEngine::kSqlite;
  std::string out = engine == SqlEngine::kPostgres ? "E'" : "'";
  for (char c : value) {
    if (c == '\'') {
      out += "''";
    } else if (c == '\\' && escape_backslash) {
      out += "\\\\";
    } else {
      out += c;
    }
  }
  return out + "'";
}

bool IsSystemSchema(std::string_view schema) {
  const std::string s = text::AsciiLower(schema);
  return s == "information_schema" || s == "pg_catalog" || s.starts_with("pg_toast") ||
         s.starts_with("pg_temp") || s == "mysql" || s == "performance_schema" || s == "sys";
}

// A base-table reference found in the parse tree.
struct TableRef {
  size_t location = 0;
  int parts = 1;  // name parts: catalog.schema.relname
  std::string schema;
  std::string relname;
  bool has_alias = false;
};

// Finds the table references of a statement, with the CTE names in scope at each.
class RefCollector {
 public:
  explicit RefCollector(SqlEngine engine) : engine_(engine) {}

  Status Walk(const Json& node) {
    if (node.is_array()) {
      for (const Json& item : node) ASKDB_RETURN_IF_ERROR(Walk(item));
      return Status::Ok();
    }
    if (!node.is_object()) return Status::Ok();
    if (HasObject(node, "withClause")) return WalkWith(node);
    if (node.contains("relname")) AddRef(node);
    if (HasObject(node, "FuncCall")) {
      std::vector<std::string> name = StringList(node["FuncCall"]["funcname"]);
      if (name.size() > 1)
        qualified_functions_.push_back(name[name.size() - 2] + "." + name.back());
      if (!name.empty() && internal::ReadsTablesByName(text::AsciiLower(name.back()))) {
        return Refuse("the function " + name.back() +
                      " reads tables given by name, which the permission rewrite cannot see");
      }
    }
    if (HasObject(node, "intoClause")) return Refuse("SELECT ... INTO writes a table");
    for (const auto& [key, value] : node.items()) {
      if (value.is_object() || value.is_array()) ASKDB_RETURN_IF_ERROR(Walk(value));
    }
    return Status::Ok();
  }

  std::vector<TableRef>& refs() { return refs_; }
  // schema.function calls seen (a MySQL view calls its stored functions so).
  const std::vector<std::string>& qualified_functions() const { return qualified_functions_; }

 private:
  // CTE names are in scope for the query and the later CTEs. In a CTE's own body:
  // PostgreSQL with RECURSIVE sees every CTE of the clause; SQLite and MySQL are given only
  // the earlier ones and (RECURSIVE) itself — a name taken for a table when an engine might
  // take it for a CTE is rewritten, which is the safe direction.
  // Not shared with the PostgreSQL statement guard's walk (db/postgres/pg_statement_guard.cc):
  // that one reads PostgreSQL text only, where RECURSIVE puts every CTE in scope, and its
  // error direction is the opposite (a name wrongly taken for a CTE there skips a catalog
  // check; here it would skip a rewrite), so the scope rules differ per engine.
  Status WalkWith(const Json& stmt) {
    const Json& with = stmt["withClause"];
    const bool recursive = with.value("recursive", false);
    std::vector<std::pair<std::string, const Json*>> ctes;
    if (with.contains("ctes") && with["ctes"].is_array()) {
      for (const Json& item : with["ctes"]) {
        const Json& cte = item.contains("CommonTableExpr") ? item["CommonTableExpr"] : item;
        ctes.emplace_back(cte.value("ctename", ""), &cte);
      }
    }
    scopes_.emplace_back();
    if (recursive && engine_ == SqlEngine::kPostgres) {
      for (const auto& entry : ctes) scopes_.back().insert(entry.first);
    }
    Status status;
    for (const auto& [name, cte] : ctes) {
      if (recursive) scopes_.back().insert(name);
      if (cte->contains("ctequery")) status = Walk((*cte)["ctequery"]);
      if (!status.ok()) break;
      scopes_.back().insert(name);
    }
    if (status.ok()) {
      for (const auto& [key, value] : stmt.items()) {
        if (key == "withClause") continue;
        status = Walk(value);
        if (!status.ok()) break;
      }
    }
    scopes_.pop_back();
    return status;
  }

  void AddRef(const Json& range_var) {
    TableRef ref;
    ref.relname = range_var.value("relname", "");
    ref.schema = range_var.value("schemaname", "");
    const std::string catalog = range_var.value("catalogname", "");
    ref.parts = 1 + (ref.schema.empty() ? 0 : 1) + (catalog.empty() ? 0 : 1);
    if (ref.parts == 1) {
      for (const auto& scope : scopes_) {
        if (scope.count(ref.relname) != 0) return;  // a CTE, not a table
      }
    }
    if (!catalog.empty() && ref.schema.empty()) ref.schema = catalog;
    ref.location = range_var.value("location", static_cast<size_t>(0));
    ref.has_alias = HasObject(range_var, "alias");
    refs_.push_back(std::move(ref));
  }

  SqlEngine engine_;
  std::vector<std::set<std::string>> scopes_;
  std::vector<TableRef> refs_;
  std::vector<std::string> qualified_functions_;
};

bool IsSystemRef(const TableRef& ref, SqlEngine engine) {
  const std::string lower = text::AsciiLower(ref.relname);
  return IsSystemSchema(ref.schema) || lower.starts_with("sqlite_") ||
         (ref.schema.empty() && engine == SqlEngine::kPostgres && lower.starts_with("pg_"));
}

std::string WithoutRefusalPrefix(const std::string& message) {
  constexpr std::string_view kPrefix = "refused under your data permissions: ";
  return message.starts_with(kPrefix) ? message.substr(kPrefix.size()) : message;
}

// Judges views one by one, following views that read views (memoised; a cycle or a deep
// chain is refused).
class ViewJudge {
 public:
  ViewJudge(const std::map<std::string, ViewDefinition>& definitions, SqlEngine engine,
            const EffectivePolicy& policy, const db::DatabaseSchema& schema)
      : definitions_(definitions), engine_(engine), policy_(policy), schema_(schema) {}

  std::string Judge(const std::string& view, int depth = 0) {
    if (auto it = verdicts_.find(view); it != verdicts_.end()) return it->second;
    if (depth > 16) return "views nest more than 16 deep";
    verdicts_[view] = "it reads itself through other views";  // until judged: a cycle
    const std::string verdict = JudgeDefinition(view, depth);
    verdicts_[view] = verdict;
    return verdict;
  }

  const ViewVerdicts& verdicts() const { return verdicts_; }

 private:
  std::string JudgeDefinition(const std::string& view, int depth) {
    auto def = definitions_.find(view);
    if (def == definitions_.end() || def->second.sql.empty()) {
      return "askdb could not read its definition (the database account may not be allowed to)";
    }
    if (def->second.calls_user_functions) {
      return "it calls a function that is not built in, which may read a protected table";
    }
    StatusOr<std::string> normalized = internal::NormalizeForParser(def->second.sql, engine_);
    if (!normalized.ok()) return WithoutRefusalPrefix(normalized.status().message());
    StatusOr<Json> tree = internal::ParsePostgres(*normalized);
    if (!tree.ok()) return "askdb could not read its definition: " + tree.status().message();
    const Json& stmts = (*tree)["stmts"];
    if (!stmts.is_array() || stmts.size() != 1 || !HasObject(stmts[0], "stmt")) {
      return "its definition is not one statement";
    }
    const Json& stmt = stmts[0]["stmt"];
    const Json* query = nullptr;
    if (HasObject(stmt, "ViewStmt") && stmt["ViewStmt"].contains("query")) {
      query = &stmt["ViewStmt"]["query"];
    } else if (HasObject(stmt, "SelectStmt")) {
      query = &stmt;
    }
    if (query == nullptr) return "its definition is not a SELECT";
    RefCollector collector(engine_);
    if (Status walked = collector.Walk(*query); !walked.ok()) {
      return WithoutRefusalPrefix(walked.message());
    }
    if (engine_ == SqlEngine::kMysql && !collector.qualified_functions().empty()) {
      return "it calls the stored function " + collector.qualified_functions().front() +
             ", which may read a protected table";
    }
    for (const TableRef& ref : collector.refs()) {
      if (IsSystemRef(ref, engine_)) return "it reads the system catalog " + ref.relname;
      if (policy_.Find(ref.relname) != nullptr) {
        return "it reads the protected table " + ref.relname;
      }
      const db::TableInfo* table = schema_.FindTable(ref.relname);
      if (table == nullptr) return "it reads " + ref.relname + ", which is not in askdb's catalog";
      if (table->kind == db::TableInfo::Kind::kView) {
        const std::string inner = Judge(text::AsciiLower(ref.relname), depth + 1);
        if (!inner.empty()) return "it reads the view " + ref.relname + ", and " + inner;
      }
    }
    return "";
  }

  const std::map<std::string, ViewDefinition>& definitions_;
  SqlEngine engine_;
  const EffectivePolicy& policy_;
  const db::DatabaseSchema& schema_;
  ViewVerdicts verdicts_;
};

size_t SkipSpaceAndComments(std::string_view text, size_t i) {
  while (i < text.size()) {
    if (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r' ||
        text[i] == '\f') {
      ++i;
    } else if (text.substr(i, 2) == "--") {
      const size_t end = text.find('\n', i);
      i = end == std::string_view::npos ? text.size() : end;
    } else if (text.substr(i, 2) == "/*") {
      // PostgreSQL's comments nest (other engines' text has no comments left here).
      int depth = 0;
      while (i < text.size()) {
        if (text.substr(i, 2) == "/*") {
          ++depth;
          i += 2;
        } else if (text.substr(i, 2) == "*/") {
          i += 2;
          if (--depth == 0) break;
        } else {
          ++i;
        }
      }
    } else {
      break;
    }
  }
  return i;
}

// End of one identifier (plain or "quoted") at `i`, or npos.
size_t IdentifierEnd(std::string_view text, size_t i) {
  if (i >= text.size()) return std::string_view::npos;
  if (text[i] == '"') {
    for (size_t k = i + 1; k < text.size(); ++k) {
      if (text[k] != '"') continue;
      if (k + 1 < text.size() && text[k + 1] == '"') {
        ++k;
      } else {
        return k + 1;
      }
    }
    return std::string_view::npos;
  }
  size_t k = i;
  while (k < text.size()) {
    const unsigned char c = static_cast<unsigned char>(text[k]);
    if (std::isalnum(c) != 0 || c == '_' || c == '$' || c >= 0x80) {
      ++k;
    } else {
      break;
    }
  }
  return k == i ? std::string_view::npos : k;
}

// The byte span [begin, end) of a reference's name parts, and where its last part begins.
struct NameSpan {
  size_t begin = 0;
  size_t end = 0;
  size_t last = 0;
};

StatusOr<NameSpan> FindSpan(std::string_view normalized, const TableRef& ref) {
  NameSpan span{ref.location, ref.location, ref.location};
  size_t i = ref.location;
  for (int part = 0; part < ref.parts; ++part) {
    if (part > 0) {
      i = SkipSpaceAndComments(normalized, i);
      if (i >= normalized.size() || normalized[i] != '.') break;
      i = SkipSpaceAndComments(normalized, i + 1);
    }
    const size_t end = IdentifierEnd(normalized, i);
    if (end == std::string_view::npos) {
      return Refuse("askdb could not find where the table name " + ref.relname +
                    " is written in the statement");
    }
    span.last = i;
    span.end = end;
    i = end;
  }
  return span;
}

bool IsWordByte(char c) {
  const unsigned char u = static_cast<unsigned char>(c);
  return std::isalnum(u) != 0 || c == '_' || c == '$' || u >= 0x80;
}

size_t SkipBlanks(std::string_view text, size_t i) {
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i])) != 0) ++i;
  return i;
}

size_t SkipDigits(std::string_view text, size_t i) {
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) != 0) ++i;
  return i;
}

// MySQL's and SQLite's `LIMIT offset, count`, which PostgreSQL's grammar lacks, becomes the
// equivalent `LIMIT count OFFSET offset`, at the same bytes of `sql` and `normalized` (whose
// comments and strings are blanked, so only a real clause matches); both stay aligned.
void RewriteCommaLimits(std::string& sql, std::string& normalized) {
  struct Match {
    size_t begin, end;
    std::string replacement;
  };
  std::vector<Match> found;
  const std::string lower = text::AsciiLower(normalized);
  for (size_t at = lower.find("limit"); at != std::string::npos; at = lower.find("limit", at + 5)) {
    if ((at > 0 && IsWordByte(lower[at - 1])) || at + 5 >= lower.size() ||
        std::isspace(static_cast<unsigned char>(lower[at + 5])) == 0) {
      continue;
    }
    const size_t a = SkipBlanks(lower, at + 5);
    const size_t a_end = SkipDigits(lower, a);
    if (a_end == a) continue;
    const size_t comma = SkipBlanks(lower, a_end);
    if (comma >= lower.size() || lower[comma] != ',') continue;
    const size_t b = SkipBlanks(lower, comma + 1);
    const size_t b_end = SkipDigits(lower, b);
    if (b_end == b || (b_end < lower.size() && IsWordByte(lower[b_end]))) continue;
    found.push_back(
        {at, b_end,
         "LIMIT " + lower.substr(b, b_end - b) + " OFFSET " + lower.substr(a, a_end - a)});
  }
  for (auto it = found.rbegin(); it != found.rend(); ++it) {
    sql.replace(it->begin, it->end - it->begin, it->replacement);
    normalized.replace(it->begin, it->end - it->begin, it->replacement);
  }
}

// A short excerpt of `text` around byte `at` (on UTF-8 character boundaries).
std::string Excerpt(std::string_view text, size_t at) {
  size_t begin = at > 24 ? at - 24 : 0;
  size_t end = std::min(text.size(), at + 24);
  while (begin > 0 && (static_cast<unsigned char>(text[begin]) & 0xC0) == 0x80) --begin;
  while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) ++end;
  return std::string(text.substr(begin, end - begin));
}

std::string ColumnList(SqlEngine engine, const db::TableInfo& table, const TablePolicy& policy) {
  std::string out;
  for (const db::ColumnInfo& column : table.columns) {
    auto it = policy.columns.find(text::AsciiLower(column.name));
    const std::string quoted = QuoteIdentifier(engine, column.name);
    std::string item = quoted;
    if (it != policy.columns.end()) {
      if (it->second.hidden) continue;
      if (it->second.masked) item = MaskExpression(engine, quoted, it->second) + " AS " + quoted;
    }
    out += (out.empty() ? "" : ", ") + item;
  }
  return out;
}

}  // namespace

StatusOr<std::string> BindPredicate(std::string_view predicate,
                                    const std::map<std::string, std::string>& attributes,
                                    SqlEngine engine) {
  StatusOr<std::vector<internal::Placeholder>> found = internal::FindPlaceholders(predicate);
  if (!found.ok()) return Refuse(found.status().message());
  std::string out(predicate);
  for (auto it = found->rbegin(); it != found->rend(); ++it) {
    auto value = attributes.find(it->name);
    if (value == attributes.end()) {
      return Refuse("a row rule uses {user." + it->name + "}, and your account has no " + it->name +
                    " attribute; ask an admin to set it");
    }
    if (value->second.find('\0') != std::string::npos) {
      return Refuse("the attribute " + it->name + " holds a NUL byte");
    }
    out.replace(it->begin, it->end - it->begin, QuoteLiteral(engine, value->second));
  }
  return out;
}

Status CheckPredicate(std::string_view predicate, SqlEngine engine) {
  StatusOr<std::vector<std::string>> columns = internal::PredicateColumns(predicate, "", engine);
  if (!columns.ok()) return Refuse(columns.status().message());
  return Status::Ok();
}

std::string MaskExpression(SqlEngine engine, const std::string& quoted_column,
                           const ColumnPolicy& policy) {
  const std::string filler = QuoteLiteral(engine, policy.mask_text);
  const std::string as_text = engine == SqlEngine::kMysql ? "CAST(" + quoted_column + " AS CHAR)"
                                                          : "CAST(" + quoted_column + " AS TEXT)";
  switch (policy.mask) {
    case MaskKind::kFixed:
      // The same text for every row, NULL included: a mask shows nothing of the value.
      return filler;
    case MaskKind::kHash:
      switch (engine) {
        case SqlEngine::kSqlite:
          return "askdb_mask_hash(" + quoted_column + ")";
        case SqlEngine::kPostgres:
          return "md5(" + as_text + ")";
        case SqlEngine::kMysql:
          return "MD5(" + as_text + ")";
      }
      break;
    case MaskKind::kPartial: {
      const std::string keep = std::to_string(policy.keep_first + policy.keep_last);
      const std::string first = std::to_string(policy.keep_first);
      const std::string last = std::to_string(policy.keep_last);
      std::string length, head, tail, concat;
      if (engine == SqlEngine::kSqlite) {
        length = "length(" + as_text + ")";
        head = "substr(" + as_text + ", 1, " + first + ")";
        tail = "substr(" + as_text + ", " + length + " - " + last + " + 1)";
        concat = head + " || " + filler + " || " + tail;
      } else {
        length = "CHAR_LENGTH(" + as_text + ")";
        head = "LEFT(" + as_text + ", " + first + ")";
        tail = engine == SqlEngine::kPostgres && policy.keep_last == 0
                   ? "''"
                   : "RIGHT(" + as_text + ", " + last + ")";
        concat = engine == SqlEngine::kMysql ? "CONCAT(" + head + ", " + filler + ", " + tail + ")"
                                             : head + " || " + filler + " || " + tail;
      }
      if (policy.keep_last == 0 && engine == SqlEngine::kSqlite) {
        concat = head + " || " + filler;
      }
      // A value no longer than what would be kept shows only the filler.
      return "CASE WHEN " + quoted_column + " IS NULL THEN NULL WHEN " + length + " <= " + keep +
             " THEN " + filler + " ELSE " + concat + " END";
    }
  }
  return filler;
}

ViewVerdicts JudgeViews(const std::map<std::string, ViewDefinition>& definitions, SqlEngine engine,
                        const EffectivePolicy& policy, const db::DatabaseSchema& schema) {
  ViewJudge judge(definitions, engine, policy, schema);
  for (const db::TableInfo& table : schema.tables) {
    if (table.kind == db::TableInfo::Kind::kView) judge.Judge(text::AsciiLower(table.name));
  }
  return judge.verdicts();
}

namespace {

// The parser could not read the statement: its message, where (the parser's byte position is
// the same in the text as sent, see NormalizeForParser), and how to write it instead.
Status UnparsedRefusal(const Status& parse_error, const std::string& sql) {
  std::string near;
  const std::string& message = parse_error.message();
  const size_t byte_at = message.rfind(" at byte ");
  if (byte_at != std::string::npos) {
    const size_t position = std::strtoul(message.c_str() + byte_at + 9, nullptr, 10);
    if (position > 0 && position <= sql.size()) {
      near = " near \"" + Excerpt(sql, position - 1) + "\"";
    }
  }
  return Refuse(message + near +
                ". askdb applies your data permissions only to statements its SQL parser "
                "(PostgreSQL's grammar) can read; write it in standard SQL — e.g. LIMIT n "
                "OFFSET m, CASE WHEN instead of IF(), || or CONCAT() — and send it again");
}

// The one SELECT statement of a parse tree; a refusal when there is none, or several.
StatusOr<const Json*> OnlySelect(const Json& tree) {
  const auto found = tree.find("stmts");
  if (found == tree.end() || !found->is_array() || found->empty()) {
    return Refuse("the text holds no statement");
  }
  const Json& stmts = *found;
  if (stmts.size() != 1) return Refuse("the text holds several statements; send one");
  if (!HasObject(stmts[0], "stmt") || !HasObject(stmts[0]["stmt"], "SelectStmt")) {
    return Refuse("only a SELECT statement can be checked");
  }
  return &stmts[0]["stmt"];
}

// A table no rule names may be read as it is, if the catalog knows it; a view only when
// askdb checked what it reads and found nothing protected.
Status CheckUnprotected(const TableRef& ref, const db::TableInfo* table, const std::string& lower,
                        const ViewVerdicts* views) {
  if (table == nullptr) {
    return Refuse("the table " + ref.relname +
                  " is not in the datasource's catalog as askdb knows it (refresh the "
                  "schema if it is new)");
  }
  if (table->kind != db::TableInfo::Kind::kView) return Status::Ok();
  auto verdict = views == nullptr ? ViewVerdicts::const_iterator() : views->find(lower);
  if (views == nullptr || verdict == views->end()) {
    return Refuse("the view " + ref.relname +
                  " cannot be used: askdb has not checked what it reads");
  }
  if (!verdict->second.empty()) {
    return Refuse("the view " + ref.relname + " cannot be used: " + verdict->second +
                  " (query the tables themselves: your rules apply to them)");
  }
  return Status::Ok();
}

// A protected table's reference replaced in `sql` by a subquery of its visible columns and
// rows: "(SELECT <columns> FROM <name> WHERE (<rule>) AND …) AS <name>".
Status ReplaceProtected(const TableRef& ref, const db::TableInfo* table,
                        const TablePolicy& table_policy, const EffectivePolicy& policy,
                        SqlEngine engine, const std::string& normalized, std::string& sql) {
  if (!table_policy.refusal.empty()) {
    return Refuse("the table " + table_policy.table +
                  " is not available to you: " + table_policy.refusal);
  }
  if (table == nullptr || table->kind == db::TableInfo::Kind::kView) {
    return Refuse("the protected table " + ref.relname + " is not in the catalog as a table");
  }
  const std::string columns = ColumnList(engine, *table, table_policy);
  if (columns.empty()) return Refuse("every column of " + ref.relname + " is hidden from you");
  std::string where;
  for (const std::string& predicate : table_policy.predicates) {
    ASKDB_ASSIGN_OR_RETURN(std::string bound, BindPredicate(predicate, policy.attributes, engine));
    where += (where.empty() ? " WHERE (" : " AND (") + bound + ")";
  }
  if (ref.location >= normalized.size()) return Refuse("a table position is out of range");
  ASKDB_ASSIGN_OR_RETURN(NameSpan span, FindSpan(normalized, ref));
  const std::string name_text = sql.substr(span.begin, span.end - span.begin);
  std::string replacement = "(SELECT " + columns + " FROM " + name_text + where + ")";
  if (!ref.has_alias) replacement += " AS " + sql.substr(span.last, span.end - span.last);
  sql.replace(span.begin, span.end - span.begin, replacement);
  return Status::Ok();
}

}  // namespace

StatusOr<RewriteResult> RewriteStatement(std::string_view sql, SqlEngine engine,
                                         const EffectivePolicy& policy,
                                         const db::DatabaseSchema& schema,
                                         const ViewVerdicts* views) {
  RewriteResult result;
  result.sql = std::string(sql);
  if (policy.empty()) return result;
  ASKDB_ASSIGN_OR_RETURN(std::string normalized, internal::NormalizeForParser(sql, engine));
  if (engine != SqlEngine::kPostgres) RewriteCommaLimits(result.sql, normalized);
  StatusOr<Json> tree = internal::ParsePostgres(normalized);
  if (!tree.ok()) return UnparsedRefusal(tree.status(), result.sql);
  ASKDB_ASSIGN_OR_RETURN(const Json* select, OnlySelect(*tree));
  RefCollector collector(engine);
  ASKDB_RETURN_IF_ERROR(collector.Walk(*select));
  std::vector<TableRef>& refs = collector.refs();
  // Last reference first, so that each replacement leaves the earlier positions as they were.
  std::sort(refs.begin(), refs.end(),
            [](const TableRef& a, const TableRef& b) { return a.location > b.location; });
  for (const TableRef& ref : refs) {
    const std::string lower = text::AsciiLower(ref.relname);
    if (IsSystemRef(ref, engine)) {
      return Refuse("the system catalog " + (ref.schema.empty() ? "" : ref.schema + ".") +
                    ref.relname + " describes the protected tables");
    }
    const db::TableInfo* table = schema.FindTable(ref.relname);
    const TablePolicy* table_policy = policy.Find(ref.relname);
    if (table_policy == nullptr) {
      ASKDB_RETURN_IF_ERROR(CheckUnprotected(ref, table, lower, views));
      continue;
    }
    ASKDB_RETURN_IF_ERROR(
        ReplaceProtected(ref, table, *table_policy, policy, engine, normalized, result.sql));
    result.tables.push_back(lower);
    result.changed = true;
  }
  std::reverse(result.tables.begin(), result.tables.end());
  return result;
}

}  // namespace askdb::permissions
