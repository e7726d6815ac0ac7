#include "askdb/db/postgres/pg_statement_guard.h"

#include <pg_query.h>

#include <set>
#include <string>
#include <vector>

#include "askdb/common/json.h"
#include "askdb/db/statement_guard.h"

namespace askdb::db::postgres_internal {
namespace {

using guard::Engine;

// Schemas whose tables are the server's, not the user's data.
bool IsSystemSchema(std::string_view schema) {
  return schema == "pg_catalog" || schema == "information_schema" ||
         schema.starts_with("pg_toast") || schema.starts_with("pg_temp");
}

std::string Sval(const Json& node) {
  if (node.is_object() && node.contains("String")) {
    const Json& s = node["String"];
    if (s.is_object() && s.contains("sval") && s["sval"].is_string()) return s["sval"];
  }
  return "";
}

std::vector<std::string> Names(const Json& list) {
  std::vector<std::string> out;
  if (!list.is_array()) return out;
  for (const Json& item : list) out.push_back(Sval(item));
  return out;
}

std::string Join(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : ".") + p;
  return out;
}

// Whether `name`, written as a field (`t.name`, `(expr).name`), may be a dangerous
// PostgreSQL function called in attribute notation. Names that are only MySQL or SQLite
// functions (sleep, edit, ...) are ordinary column names here.
bool IsDangerousAttribute(std::string_view name) {
  static const std::set<std::string, std::less<>> kOtherEnginesOnly = {"sleep",
                                                                       "benchmark",
                                                                       "edit",
                                                                       "readfile",
                                                                       "writefile",
                                                                       "load_file",
                                                                       "load_extension",
                                                                       "get_lock",
                                                                       "release_lock",
                                                                       "is_free_lock",
                                                                       "is_used_lock",
                                                                       "master_pos_wait",
                                                                       "master_gtid_wait",
                                                                       "fts3_tokenizer",
                                                                       "sys_exec",
                                                                       "sys_eval"};
  return guard::IsKnownDangerousFunction(name) && kOtherEnginesOnly.count(name) == 0;
}

class Walker {
 public:
  Status Walk(const Json& node) {
    if (node.is_array()) {
      for (const Json& item : node) ASKDB_RETURN_IF_ERROR(Walk(item));
      return Status::Ok();
    }
    if (!node.is_object()) return Status::Ok();
    if (node.contains("withClause") && node["withClause"].is_object()) return WalkWith(node);
    // Typed fields may hold a node without its wrapper, so nodes are recognised by shape.
    if (node.contains("relname")) ASKDB_RETURN_IF_ERROR(CheckTable(node));
    if (node.contains("funcname")) ASKDB_RETURN_IF_ERROR(CheckFunction(node["funcname"]));
    if (node.contains("A_Indirection")) ASKDB_RETURN_IF_ERROR(CheckIndirection(node));
    if (node.contains("ColumnRef")) ASKDB_RETURN_IF_ERROR(CheckColumnRef(node["ColumnRef"]));
    if (node.contains("A_Expr")) ASKDB_RETURN_IF_ERROR(CheckOperator(node["A_Expr"]));
    for (const auto& [key, value] : node.items()) {
      if (value.is_object() || value.is_array()) ASKDB_RETURN_IF_ERROR(Walk(value));
    }
    return Status::Ok();
  }

 private:
  // A query with a WITH clause: its CTE names are in scope for later CTEs (all of them
  // when RECURSIVE) and for the query itself.
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
    if (recursive) {
      for (const auto& [name, cte] : ctes) scopes_.back().insert(name);
    }
    Status status;
    for (const auto& [name, cte] : ctes) {
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

  bool IsCte(const std::string& name) const {
    for (const auto& scope : scopes_) {
      if (scope.count(name) != 0) return true;
    }
    return false;
  }

  Status CheckTable(const Json& range_var) {
    const std::string schema = range_var.value("schemaname", "");
    const std::string name = range_var.value("relname", "");
    if (schema.empty()) {
      if (IsCte(name)) return Status::Ok();
      if (name.starts_with("pg_")) {
        return guard::TableRefused(
            name,
            "an unqualified pg_ name is PostgreSQL's system catalog (pg_catalog is searched "
            "first); if it is your own table, qualify it with its schema");
      }
      return Status::Ok();
    }
    if (IsSystemSchema(schema)) {
      return guard::TableRefused(schema + "." + name,
                                 "it is in the system schema " + schema +
                                     " (server catalogs can hold password hashes, settings and "
                                     "other databases' objects)");
    }
    return Status::Ok();
  }

  Status CheckFunction(const Json& funcname) {
    std::vector<std::string> parts = Names(funcname);
    if (parts.empty()) return Status::Ok();
    const std::string& name = parts.back();
    if (parts.size() > 2 || (parts.size() == 2 && parts[0] != "pg_catalog")) {
      return guard::FunctionRefused(Join(parts),
                                    "only built-in functions (pg_catalog) may be called; a "
                                    "function in another schema can do anything");
    }
    std::string reason = guard::FunctionRefusalReason(Engine::kPostgres, name);
    if (!reason.empty()) return guard::FunctionRefused(name, reason);
    return Status::Ok();
  }

  // `(expr).name` calls function name(expr) when expr has no field of that name.
  Status CheckIndirection(const Json& node) {
    const Json& ind = node["A_Indirection"];
    if (!ind.is_object() || !ind.contains("indirection")) return Status::Ok();
    for (const std::string& field : Names(ind["indirection"])) {
      if (!field.empty() && IsDangerousAttribute(field)) {
        return guard::FunctionRefused(
            field,
            guard::FunctionRefusalReason(Engine::kPostgres, field) + " (called as an attribute)");
      }
    }
    return Status::Ok();
  }

  // `t.name` may be function name(t) when t is a row.
  Status CheckColumnRef(const Json& ref) {
    if (!ref.is_object() || !ref.contains("fields")) return Status::Ok();
    std::vector<std::string> fields = Names(ref["fields"]);
    for (size_t i = 1; i < fields.size(); ++i) {
      if (IsDangerousAttribute(fields[i])) {
        return guard::FunctionRefused(fields[i],
                                      guard::FunctionRefusalReason(Engine::kPostgres, fields[i]) +
                                          " (called as an attribute)");
      }
    }
    return Status::Ok();
  }

  // OPERATOR(schema.op): an operator outside pg_catalog runs a user-defined function.
  Status CheckOperator(const Json& expr) {
    if (!expr.is_object() || !expr.contains("name")) return Status::Ok();
    std::vector<std::string> parts = Names(expr["name"]);
    if (parts.size() >= 2 && parts[0] != "pg_catalog") {
      return guard::FunctionRefused("OPERATOR(" + Join(parts) + ")",
                                    "only built-in operators (pg_catalog) may be used");
    }
    return Status::Ok();
  }

  std::vector<std::set<std::string>> scopes_;
};

}  // namespace

StatusOr<GuardVerdict> GuardPostgresStatement(std::string_view wrapped_sql) {
  const std::string text(wrapped_sql);
  PgQueryParseResult parsed = pg_query_parse(text.c_str());
  if (parsed.error != nullptr) {
    pg_query_free_parse_result(parsed);
    return GuardVerdict::kUnparsed;
  }
  StatusOr<Json> tree = ParseJson(parsed.parse_tree != nullptr ? parsed.parse_tree : "");
  pg_query_free_parse_result(parsed);
  if (!tree.ok()) return guard::Unprovable("askdb could not read the statement's parse tree");
  if (!tree->contains("stmts") || !(*tree)["stmts"].is_array() || (*tree)["stmts"].size() != 1) {
    return GuardVerdict::kLeaveToServer;
  }
  const Json& raw = (*tree)["stmts"][0];
  if (!raw.contains("stmt") || !raw["stmt"].is_object()) return GuardVerdict::kLeaveToServer;
  const Json* stmt = &raw["stmt"];
  if (stmt->contains("DeclareCursorStmt")) {
    const Json& declare = (*stmt)["DeclareCursorStmt"];
    if (!declare.contains("query")) return GuardVerdict::kLeaveToServer;
    stmt = &declare["query"];
  }
  if (!stmt->contains("SelectStmt")) return GuardVerdict::kLeaveToServer;
  Walker walker;
  ASKDB_RETURN_IF_ERROR(walker.Walk(*stmt));
  return GuardVerdict::kAllowed;
}

}  // namespace askdb::db::postgres_internal
