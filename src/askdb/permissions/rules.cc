#include "askdb/permissions/rules.h"

#include <algorithm>
#include <cstdio>

#include "askdb/common/text.h"
#include "askdb/db/schema.h"
#include "askdb/permissions/pg_tree.h"

namespace askdb::permissions {

bool UserContext::HasRole(std::string_view role) const {
  return std::find(roles.begin(), roles.end(), role) != roles.end();
}

const std::string* UserContext::Attribute(std::string_view name) const {
  auto it = attributes.find(std::string(name));
  return it == attributes.end() ? nullptr : &it->second;
}

std::string_view ToString(GranteeKind kind) { return kind == GranteeKind::kUser ? "user" : "role"; }

std::string_view ToString(RuleKind kind) {
  switch (kind) {
    case RuleKind::kRow:
      return "row";
    case RuleKind::kHideColumn:
      return "hide";
    case RuleKind::kMaskColumn:
      return "mask";
  }
  return "row";
}

std::string_view ToString(MaskKind kind) {
  switch (kind) {
    case MaskKind::kFixed:
      return "fixed";
    case MaskKind::kPartial:
      return "partial";
    case MaskKind::kHash:
      return "hash";
  }
  return "fixed";
}

StatusOr<SqlEngine> EngineFromName(std::string_view engine) {
  if (engine == "sqlite") return SqlEngine::kSqlite;
  if (engine == "postgres") return SqlEngine::kPostgres;
  if (engine == "mysql") return SqlEngine::kMysql;
  return InvalidArgumentError("data permissions do not support the engine \"" +
                              std::string(engine) + "\"; use sqlite, postgres or mysql");
}

namespace {

// The table part of "schema.table", lower case: rules and references match on it.
std::string TableKey(std::string_view table) {
  const size_t dot = table.rfind('.');
  return text::AsciiLower(dot == std::string_view::npos ? table : table.substr(dot + 1));
}

StatusOr<std::string> StringField(const Json& json, const char* key, bool required) {
  if (!json.contains(key) || json[key].is_null()) {
    if (required) return InvalidArgumentError(std::string("the rule has no \"") + key + "\"");
    return std::string();
  }
  if (!json[key].is_string()) {
    return InvalidArgumentError(std::string("the rule's \"") + key + "\" must be a string");
  }
  return json[key].get<std::string>();
}

StatusOr<int64_t> IntField(const Json& json, const char* key, int64_t max) {
  if (!json.contains(key) || json[key].is_null()) return 0;
  if (!json[key].is_number_integer() || json[key].get<int64_t>() < 0 ||
      json[key].get<int64_t>() > max) {
    return InvalidArgumentError(std::string("the rule's \"") + key +
                                "\" must be a whole number from 0 to " + std::to_string(max));
  }
  return json[key].get<int64_t>();
}

// The record's own checks (no catalog): the fields its kind needs.
Status CheckFields(const PermissionRule& rule) {
  if (rule.datasource_id.empty()) return InvalidArgumentError("the rule has no datasource_id");
  if (rule.grantee.empty()) {
    return InvalidArgumentError("the rule has no grantee; name a user id or a role");
  }
  if (rule.table.empty()) return InvalidArgumentError("the rule has no table");
  if (rule.kind == RuleKind::kRow) {
    if (rule.predicate.empty()) {
      return InvalidArgumentError(
          "a row rule needs a predicate over the table's columns, e.g. region = {user.region}");
    }
    return internal::FindPlaceholders(rule.predicate).status();
  }
  if (rule.column.empty()) {
    return InvalidArgumentError(std::string("a ") + std::string(ToString(rule.kind)) +
                                " rule needs a column");
  }
  if (rule.kind == RuleKind::kMaskColumn && rule.mask != MaskKind::kHash &&
      rule.mask_text.size() > 64) {
    return InvalidArgumentError("mask_text is longer than 64 bytes; shorten it");
  }
  return Status::Ok();
}

// Single-quoted ANSI literal, for the rules in words.
std::string Quoted(std::string_view value) {
  std::string out = "'";
  for (char c : value) out += (c == '\'') ? std::string("''") : std::string(1, c);
  return out + "'";
}

uint64_t Fnv1a(std::string_view text, uint64_t seed) {
  uint64_t h = seed;
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  return h;
}

}  // namespace

Json RuleToJson(const PermissionRule& rule) {
  Json j{{"id", rule.id},
         {"datasource_id", rule.datasource_id},
         {"grantee_kind", ToString(rule.grantee_kind)},
         {"grantee", rule.grantee},
         {"kind", ToString(rule.kind)},
         {"table", rule.table}};
  if (rule.kind == RuleKind::kRow) {
    j["predicate"] = rule.predicate;
  } else {
    j["column"] = rule.column;
  }
  if (rule.kind == RuleKind::kMaskColumn) {
    j["mask"] = ToString(rule.mask);
    if (rule.mask != MaskKind::kHash) j["mask_text"] = rule.mask_text;
    if (rule.mask == MaskKind::kPartial) {
      j["keep_first"] = rule.keep_first;
      j["keep_last"] = rule.keep_last;
    }
  }
  if (!rule.note.empty()) j["note"] = rule.note;
  j["created_ms"] = rule.created_ms;
  j["updated_ms"] = rule.updated_ms;
  return j;
}

namespace {

StatusOr<GranteeKind> GranteeKindFromName(const std::string& name) {
  if (name == "user") return GranteeKind::kUser;
  if (name == "role") return GranteeKind::kRole;
  return InvalidArgumentError("grantee_kind is \"" + name + "\"; use \"user\" or \"role\"");
}

StatusOr<RuleKind> RuleKindFromName(const std::string& name) {
  if (name == "row") return RuleKind::kRow;
  if (name == "hide") return RuleKind::kHideColumn;
  if (name == "mask") return RuleKind::kMaskColumn;
  return InvalidArgumentError("kind is \"" + name + "\"; use \"row\", \"hide\" or \"mask\"");
}

// An absent mask is a fixed one.
StatusOr<MaskKind> MaskKindFromName(const std::string& name) {
  if (name.empty() || name == "fixed") return MaskKind::kFixed;
  if (name == "partial") return MaskKind::kPartial;
  if (name == "hash") return MaskKind::kHash;
  return InvalidArgumentError("mask is \"" + name + "\"; use \"fixed\", \"partial\" or \"hash\"");
}

// The mask's fields: kind, replacement text and the characters a partial mask keeps.
Status ReadMaskFields(const Json& json, PermissionRule& rule) {
  ASKDB_ASSIGN_OR_RETURN(std::string mask, StringField(json, "mask", false));
  ASKDB_ASSIGN_OR_RETURN(rule.mask, MaskKindFromName(mask));
  if (json.contains("mask_text")) {
    ASKDB_ASSIGN_OR_RETURN(rule.mask_text, StringField(json, "mask_text", false));
  }
  ASKDB_ASSIGN_OR_RETURN(int64_t first, IntField(json, "keep_first", 64));
  ASKDB_ASSIGN_OR_RETURN(int64_t last, IntField(json, "keep_last", 64));
  rule.keep_first = static_cast<int>(first);
  rule.keep_last = static_cast<int>(last);
  return Status::Ok();
}

// Timestamps are the store's bookkeeping: one that is not a whole number is left at 0.
int64_t OptionalMillis(const Json& json, const char* key) {
  return json.contains(key) && json[key].is_number_integer() ? json[key].get<int64_t>() : 0;
}

}  // namespace

StatusOr<PermissionRule> RuleFromJson(const Json& json) {
  if (!json.is_object()) return InvalidArgumentError("a rule must be a JSON object");
  PermissionRule rule;
  ASKDB_ASSIGN_OR_RETURN(rule.id, StringField(json, "id", false));
  ASKDB_ASSIGN_OR_RETURN(rule.datasource_id, StringField(json, "datasource_id", true));
  ASKDB_ASSIGN_OR_RETURN(std::string grantee_kind, StringField(json, "grantee_kind", true));
  ASKDB_ASSIGN_OR_RETURN(rule.grantee_kind, GranteeKindFromName(grantee_kind));
  ASKDB_ASSIGN_OR_RETURN(rule.grantee, StringField(json, "grantee", true));
  ASKDB_ASSIGN_OR_RETURN(std::string kind, StringField(json, "kind", true));
  ASKDB_ASSIGN_OR_RETURN(rule.kind, RuleKindFromName(kind));
  ASKDB_ASSIGN_OR_RETURN(rule.table, StringField(json, "table", true));
  ASKDB_ASSIGN_OR_RETURN(rule.predicate, StringField(json, "predicate", false));
  ASKDB_ASSIGN_OR_RETURN(rule.column, StringField(json, "column", false));
  ASKDB_RETURN_IF_ERROR(ReadMaskFields(json, rule));
  ASKDB_ASSIGN_OR_RETURN(rule.note, StringField(json, "note", false));
  rule.created_ms = OptionalMillis(json, "created_ms");
  rule.updated_ms = OptionalMillis(json, "updated_ms");
  ASKDB_RETURN_IF_ERROR(CheckFields(rule));
  return rule;
}

// Rules are written over the CLI, the HTTP API and the web UI's Permissions page alike, so
// the names are pointed to on all three.
constexpr std::string_view kWhereTablesAreListed =
    "the web UI's Admin → Datasources page, GET /api/v1/datasources/{id}/tables or "
    "askdb schema lists the tables and their columns";

Status ValidateRule(const PermissionRule& rule, const db::DatabaseSchema& schema) {
  ASKDB_RETURN_IF_ERROR(CheckFields(rule));
  const db::TableInfo* table = schema.FindTable(TableKey(rule.table));
  if (table == nullptr) {
    return InvalidArgumentError("table " + rule.table + " is not in the datasource's catalog; " +
                                "check the name (" + std::string(kWhereTablesAreListed) + ")");
  }
  if (table->kind == db::TableInfo::Kind::kView) {
    return InvalidArgumentError(rule.table +
                                " is a view; put the rule on the table it reads (views are "
                                "refused for users with rules)");
  }
  if (rule.kind != RuleKind::kRow) {
    if (table->FindColumn(rule.column) == nullptr) {
      return InvalidArgumentError("column " + rule.column + " is not in table " + rule.table +
                                  "; check the name (" + std::string(kWhereTablesAreListed) + ")");
    }
    return Status::Ok();
  }
  ASKDB_ASSIGN_OR_RETURN(SqlEngine engine, EngineFromName(schema.engine));
  ASKDB_ASSIGN_OR_RETURN(std::vector<std::string> columns,
                         internal::PredicateColumns(rule.predicate, table->name, engine));
  for (const std::string& column : columns) {
    if (table->FindColumn(column) == nullptr) {
      return InvalidArgumentError("the predicate uses column " + column + ", which table " +
                                  rule.table +
                                  " does not have; a row rule may use only its "
                                  "table's columns and {user.NAME} attributes");
    }
  }
  return Status::Ok();
}

void SpellColumnAsCatalog(PermissionRule& rule, const db::DatabaseSchema& schema) {
  if (rule.kind == RuleKind::kRow) return;
  const db::TableInfo* table = schema.FindTable(TableKey(rule.table));
  const db::ColumnInfo* column = table == nullptr ? nullptr : table->FindColumn(rule.column);
  if (column != nullptr) rule.column = column->name;
}

const TablePolicy* EffectivePolicy::Find(std::string_view table) const {
  auto it = tables.find(TableKey(table));
  return it == tables.end() ? nullptr : &it->second;
}

std::string EffectivePolicy::Describe() const {
  std::vector<std::string> parts;
  for (const auto& [key, table] : tables) {
    if (!table.refusal.empty()) {
      parts.push_back(table.table + " is not available to you (" + table.refusal + ")");
      continue;
    }
    if (!table.predicates.empty()) {
      std::string where;
      for (const std::string& p : table.predicates) {
        std::string bound = p;
        StatusOr<std::vector<internal::Placeholder>> found = internal::FindPlaceholders(p);
        if (found.ok()) {
          for (auto it = found->rbegin(); it != found->rend(); ++it) {
            auto value = attributes.find(it->name);
            bound.replace(it->begin, it->end - it->begin,
                          value == attributes.end() ? "?" : Quoted(value->second));
          }
        }
        // Each of several predicates in parentheses: they are ANDed as wholes, so
        // "a and b OR c" must not read as "(a and b) OR c".
        if (table.predicates.size() > 1) bound = "(" + bound + ")";
        where += (where.empty() ? "" : " and ") + bound;
      }
      parts.push_back("you see rows of " + table.table + " where " + where);
    }
    for (const auto& [key, policy] : table.columns) {
      const std::string& column = policy.name.empty() ? key : policy.name;
      if (policy.hidden) {
        parts.push_back(table.table + "." + column + " is hidden");
      } else if (policy.masked) {
        parts.push_back(table.table + "." + column + " is masked (" +
                        std::string(ToString(policy.mask)) + ")");
      }
    }
  }
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : "; ") + p;
  return out;
}

std::string EffectivePolicy::Fingerprint() const {
  if (tables.empty()) return "";
  // A canonical text of everything that decides what the user sees, then two independent
  // 64-bit hashes of it: equal rules give equal text, whatever order they were granted in.
  std::string canon;
  auto field = [&canon](std::string_view s) {
    canon += std::to_string(s.size()) + ":" + std::string(s) + ";";
  };
  for (const auto& [key, table] : tables) {
    field(key);
    field(table.refusal);
    std::vector<std::string> preds = table.predicates;
    std::sort(preds.begin(), preds.end());
    for (const std::string& p : preds) field(p);
    field("|");
    for (const auto& [column, policy] : table.columns) {
      field(column);
      field(policy.hidden ? "hide" : policy.masked ? ToString(policy.mask) : "none");
      field(policy.mask_text);
      field(std::to_string(policy.keep_first) + "," + std::to_string(policy.keep_last));
    }
  }
  for (const auto& [name, value] : attributes) {
    field(name);
    field(value);
  }
  char buf[40];
  std::snprintf(buf, sizeof buf, "p1-%016llx%016llx",
                static_cast<unsigned long long>(Fnv1a(canon, 14695981039346656037ULL)),
                static_cast<unsigned long long>(Fnv1a(canon, 0x9e3779b97f4a7c15ULL)));
  return buf;
}

namespace {

// The rules granted to the user or to one of their roles, by id: later rules win between two
// masks of the same column.
std::vector<const PermissionRule*> RulesGrantedTo(const UserContext& user,
                                                  const std::vector<PermissionRule>& rules) {
  std::vector<const PermissionRule*> granted;
  for (const PermissionRule& rule : rules) {
    const bool applies = rule.grantee_kind == GranteeKind::kUser ? rule.grantee == user.user_id
                                                                 : user.HasRole(rule.grantee);
    if (applies) granted.push_back(&rule);
  }
  std::sort(granted.begin(), granted.end(),
            [](const PermissionRule* a, const PermissionRule* b) { return a->id < b->id; });
  return granted;
}

// A predicate that needs an attribute the user lacks makes the table unreadable for them
// rather than unfiltered (its shape is checked per engine by the connector).
void AddRowRule(const PermissionRule& rule, const UserContext& user, TablePolicy& table,
                std::map<std::string, std::string>& attributes) {
  StatusOr<std::vector<internal::Placeholder>> found = internal::FindPlaceholders(rule.predicate);
  if (!found.ok()) {
    table.refusal = "its row rule " + rule.id + " is not usable: " + found.status().message();
    return;
  }
  for (const internal::Placeholder& p : *found) {
    const std::string* value = user.Attribute(p.name);
    if (value == nullptr) {
      table.refusal = "its row rule uses {user." + p.name + "}, and your account has no " + p.name +
                      " attribute; ask an admin to set it";
    } else {
      attributes[p.name] = *value;
    }
  }
  table.predicates.push_back(rule.predicate);
}

// Hiding beats masking, whichever rule came first.
void AddColumnRule(const PermissionRule& rule, TablePolicy& table) {
  ColumnPolicy& column = table.columns[text::AsciiLower(rule.column)];
  if (column.name.empty()) column.name = rule.column;
  if (rule.kind == RuleKind::kHideColumn) {
    column.hidden = true;
    column.masked = false;
  } else if (!column.hidden) {
    column.masked = true;
    column.mask = rule.mask;
    column.mask_text = rule.mask_text;
    column.keep_first = rule.keep_first;
    column.keep_last = rule.keep_last;
  }
}

}  // namespace

EffectivePolicy ResolvePolicy(const UserContext& user, const std::vector<PermissionRule>& rules) {
  EffectivePolicy policy;
  if (user.IsAdmin()) return policy;
  for (const PermissionRule* rule : RulesGrantedTo(user, rules)) {
    TablePolicy& table = policy.tables[TableKey(rule->table)];
    if (table.table.empty()) table.table = rule->table;
    if (rule->kind == RuleKind::kRow) {
      AddRowRule(*rule, user, table, policy.attributes);
    } else {
      AddColumnRule(*rule, table);
    }
  }
  return policy;
}

std::string PermissionFingerprint(const UserContext& user,
                                  const std::vector<PermissionRule>& rules) {
  return ResolvePolicy(user, rules).Fingerprint();
}

}  // namespace askdb::permissions
