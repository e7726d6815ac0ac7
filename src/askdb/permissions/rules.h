// Data permissions: the rules of one datasource, granted to a user or a role, and what they
// mean for one user (EffectivePolicy).
//
// Row rule: a table and a predicate over its columns, which may use the user's attributes
// as {user.NAME} (`region = {user.region}`); the user sees only the rows it holds for.
// Column rule: hide a column (it does not exist for the user: any reference fails to bind),
// or mask it — fixed text, partial (keep the first/last characters), or a hash.
//
// Combining: every rule granted to the user (by id) or to one of their roles applies. Row
// predicates of the same table are ANDed; for one column, hide wins over mask, and of two
// masks the later rule (by id) wins. The admin role is exempt from all rules. A rule whose
// predicate uses an attribute the user does not have makes its table refused for that user
// (never read unfiltered); other tables stay usable.
//
// Thread-safety: plain data and pure functions.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/json.h"
#include "askdb/common/status.h"
#include "askdb/permissions/user_context.h"

namespace askdb::db {
struct DatabaseSchema;
}

namespace askdb::permissions {

enum class GranteeKind { kUser, kRole };
enum class SqlEngine { kSqlite, kPostgres, kMysql };

// "sqlite", "postgres", "mysql" (Connector::engine(), DatabaseSchema::engine);
// InvalidArgument otherwise.
StatusOr<SqlEngine> EngineFromName(std::string_view engine);

enum class RuleKind { kRow, kHideColumn, kMaskColumn };
enum class MaskKind { kFixed, kPartial, kHash };

struct PermissionRule {
  std::string id;             // assigned by the store when empty
  std::string datasource_id;  // the datasource (management store id, or the CLI's --db name)
  GranteeKind grantee_kind = GranteeKind::kRole;
  std::string grantee;  // a user id (kUser) or a role name (kRole)
  RuleKind kind = RuleKind::kRow;
  std::string table;      // as in the catalog; "schema.table" where the engine has schemas
  std::string predicate;  // kRow: SQL condition over the table's columns, may use {user.X}
  std::string column;     // kHideColumn / kMaskColumn
  MaskKind mask = MaskKind::kFixed;  // kMaskColumn
  std::string mask_text = "***";     // kFixed: the text shown; kPartial: the middle filler
  int keep_first = 0;                // kPartial: characters kept at the start
  int keep_last = 0;                 // kPartial: characters kept at the end
  std::string note;                  // free text for admins
  int64_t created_ms = 0;
  int64_t updated_ms = 0;
};

std::string_view ToString(GranteeKind kind);  // "user", "role"
std::string_view ToString(RuleKind kind);     // "row", "hide", "mask"
std::string_view ToString(MaskKind kind);     // "fixed", "partial", "hash"

// JSON form used by the HTTP API and the CLI: {"id","datasource_id","grantee_kind",
// "grantee","kind","table","predicate","column","mask","mask_text","keep_first",
// "keep_last","note","created_ms","updated_ms"}; fields that do not apply to the kind are
// left out. RuleFromJson: InvalidArgument naming the field that is wrong.
Json RuleToJson(const PermissionRule& rule);
StatusOr<PermissionRule> RuleFromJson(const Json& json);

// Checks a rule on its own and against the datasource's catalog: the kind's fields are
// present, the table and column exist (case-insensitive), the predicate parses as one SQL
// condition (PostgreSQL's parser), references only the table's columns, uses only {user.X}
// placeholders, and is not one of the rules the rewrite cannot apply (subqueries, function
// calls that read tables), read the way the datasource's engine (schema.engine) reads it.
// Errors: InvalidArgument saying what is wrong and what to write.
// Binding on the engine itself is checked by PermissionedConnector::CheckRules.
Status ValidateRule(const PermissionRule& rule, const db::DatabaseSchema& schema);

// Writes a valid rule's column as the catalog spells it ("phone" -> "Phone"), so the rule
// and the note the user reads name the column as the database does. Call after ValidateRule.
void SpellColumnAsCatalog(PermissionRule& rule, const db::DatabaseSchema& schema);

// A column as the user sees it.
struct ColumnPolicy {
  std::string name;  // as the rule spells it (the map key is lower-case), for Describe
  bool hidden = false;
  bool masked = false;
  MaskKind mask = MaskKind::kFixed;
  std::string mask_text = "***";
  int keep_first = 0;
  int keep_last = 0;
};

// A table as the user sees it.
struct TablePolicy {
  std::string table;  // as written in the rules (catalog name, maybe "schema.table")
  // Row predicates as written, {user.X} placeholders unbound (the rewrite binds them as
  // literals quoted for the engine, BindPredicate in rewrite.h); ANDed. Empty: every row.
  std::vector<std::string> predicates;
  std::map<std::string, ColumnPolicy> columns;  // lower-case column name -> policy
  // Non-empty: the table is refused for this user, and why (a missing attribute).
  std::string refusal;
};

// The rules of one datasource for one user, attributes bound.
struct EffectivePolicy {
  std::map<std::string, TablePolicy> tables;      // lower-case table name (no schema) -> policy
  std::map<std::string, std::string> attributes;  // the user's values of the {user.X} used

  bool empty() const { return tables.empty(); }
  const TablePolicy* Find(std::string_view table) const;  // case-insensitive, schema ignored
  // In words, for the user: "you see rows of orders where region = '华东'; staff.salary is
  // masked; staff.ssn is hidden". Empty when no rule applies.
  std::string Describe() const;
  // Stable across processes; equal for two users exactly when their bound rules are equal;
  // "" when no rule applies (a run without rules keeps its cache keys).
  std::string Fingerprint() const;
};

// The rules that apply to `user` among `rules` (of one datasource), attributes bound.
// Admins get an empty policy.
EffectivePolicy ResolvePolicy(const UserContext& user, const std::vector<PermissionRule>& rules);

// Fingerprint of `user`'s effective rules on a datasource (EffectivePolicy::Fingerprint):
// the key answer caches add so that an answer is never served across different rules.
std::string PermissionFingerprint(const UserContext& user,
                                  const std::vector<PermissionRule>& rules);

}  // namespace askdb::permissions
