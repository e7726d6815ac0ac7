#include "askdb/cli/commands/kb_term_command.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>

#include "askdb/cli/commands/users_access.h"
#include "askdb/cli/database_resolver.h"
#include "askdb/cli/result_output.h"
#include "askdb/common/paths.h"
#include "askdb/db/connector.h"
#include "askdb/db/database_url.h"
#include "askdb/knowledge/terms/term_evidence.h"
#include "askdb/knowledge/terms/term_file.h"
#include "askdb/knowledge/terms/term_store.h"
#include "askdb/server/api/datasource_cache.h"
#include "askdb/server/api/management_setup.h"
#include "askdb/server/api/term_scope.h"
#include "askdb/server/api/terms_api.h"
#include "askdb/server/security/secret_box.h"
#include "askdb/server/store/management_store.h"

namespace askdb::cli {
namespace {

struct TermOptions {
  std::string db;
  std::string term;
  std::vector<std::string> synonyms;
  std::string description;
  std::string measure, filter, value, where, subject, period, period_column;
  bool no_recall = false;
  bool replace = false;
  std::string switch_to;   // recall: "on" or "off"
  std::string agent;       // --agent: the management database's terms of an agent
  std::string datasource;  // --datasource: ... of a datasource
  bool scoped() const { return !agent.empty() || !datasource.empty(); }
};

// The terms of an agent or datasource in the management database (askdb serve's), with what
// binding them needs: the owner's datasource, connected as the server connects it.
// Members are destroyed in reverse order: each borrows only those declared before it.
struct ScopedTerms {
  std::unique_ptr<server::store::ManagementStore> store;
  std::unique_ptr<server::security::SecretBox> secrets;
  std::unique_ptr<server::api::DatasourceCache> datasources;
  std::unique_ptr<knowledge::TermStore> terms;
  server::api::TermOwner owner;
};

StatusOr<ScopedTerms> OpenScoped(const TermOptions& o, CliContext& ctx) {
  if (!o.agent.empty() && !o.datasource.empty()) {
    return InvalidArgumentError("give --agent or --datasource, not both");
  }
  if (!o.db.empty()) {
    return InvalidArgumentError(
        "--db picks a SQLite file's own terms; an agent's or datasource's terms bind to its "
        "datasource in the management database: drop --db");
  }
  ScopedTerms s;
  ASKDB_ASSIGN_OR_RETURN(s.store, OpenManagementDatabase(ctx));
  const bool agent = !o.agent.empty();
  ASKDB_ASSIGN_OR_RETURN(
      s.owner, server::api::FindTermOwner(*s.store, agent, agent ? o.agent : o.datasource));
  ASKDB_ASSIGN_OR_RETURN(std::filesystem::path data_dir, DataDir());
  ASKDB_ASSIGN_OR_RETURN(server::security::SecretBox secrets,
                         server::security::SecretBox::FromKeyFile(
                             data_dir / std::string(server::api::kDefaultSecretKeyFileName)));
  s.secrets = std::make_unique<server::security::SecretBox>(std::move(secrets));
  s.datasources = std::make_unique<server::api::DatasourceCache>(
      *s.store, *s.secrets, data_dir / std::string(server::api::kDefaultModelDirName));
  ASKDB_ASSIGN_OR_RETURN(s.terms, server::api::OpenDatasourceTerms(*s.store, *s.datasources));
  return s;
}

// The stored term of the owner's scope named `word` (its name or id); nullopt when none.
StatusOr<std::optional<knowledge::BusinessTerm>> FindScoped(const ScopedTerms& s,
                                                            std::string_view word) {
  ASKDB_ASSIGN_OR_RETURN(std::vector<knowledge::BusinessTerm> terms, s.terms->List(s.owner.scope));
  for (knowledge::BusinessTerm& t : terms) {
    if (t.term == word || t.id == word) return std::optional(std::move(t));
  }
  return std::optional<knowledge::BusinessTerm>();
}

Status NoSuchTerm(std::string_view word, std::string_view where) {
  return NotFoundError("no term '" + std::string(word) + "' in " + std::string(where) +
                       "; see `askdb kb term list`");
}

// The stored term of the owner's scope named `word`; not found names the scope.
StatusOr<knowledge::BusinessTerm> RequireScoped(const ScopedTerms& s, std::string_view word) {
  ASKDB_ASSIGN_OR_RETURN(std::optional<knowledge::BusinessTerm> found, FindScoped(s, word));
  if (!found) return NoSuchTerm(word, s.owner.scope);
  return std::move(*found);
}

// The terms file of the SQLite database the command names.
StatusOr<std::filesystem::path> TermsFile(const TermOptions& o, const CliContext& ctx) {
  ASKDB_ASSIGN_OR_RETURN(std::string url, ResolveDatabaseUrl(o.db, ctx));
  ASKDB_ASSIGN_OR_RETURN(db::DatabaseUrl parsed, db::ParseDatabaseUrl(url));
  if (!parsed.is_sqlite()) {
    return InvalidArgumentError(
        "askdb kb term --db keeps terms beside a SQLite file; for a server database give "
        "--datasource ID or --agent ID instead of --db (the terms askdb serve reads; askdb "
        "serve registers its --db as datasource default)");
  }
  return knowledge::TermsPathFor(parsed.database);
}

StatusOr<std::vector<knowledge::BusinessTerm>> LoadOrEmpty(const std::filesystem::path& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return std::vector<knowledge::BusinessTerm>{};
  return knowledge::LoadTermsFile(path);
}

// The term the add options describe (not yet checked against a catalog).
StatusOr<knowledge::BusinessTerm> TermFromOptions(const TermOptions& o) {
  knowledge::BusinessTerm t;
  t.term = o.term;
  t.synonyms = o.synonyms;
  t.description = o.description;
  t.is_recall = !o.no_recall;
  t.filter = o.where;
  t.subject = o.subject;
  t.period = o.period;
  t.period_column = o.period_column;
  int meanings = 0;
  for (const auto& [text, meaning] : {std::pair{&o.measure, nlq::BusinessMeaning::kMeasure},
                                      std::pair{&o.filter, nlq::BusinessMeaning::kFilter},
                                      std::pair{&o.value, nlq::BusinessMeaning::kValueAlias}}) {
    if (text->empty()) continue;
    ++meanings;
    t.meaning = meaning;
    t.expression = *text;
  }
  if (meanings > 1) return InvalidArgumentError("give one of --measure, --filter or --value");
  // A period alone is a filter ("本季度新客" = --period 本季度 --period-column ...signup_date).
  if (meanings == 0 && !o.period.empty()) t.meaning = nlq::BusinessMeaning::kFilter;
  return t;
}

void PrintAdded(const CliContext& ctx, const knowledge::BusinessTerm& t, bool replaced,
                const std::string& where) {
  if (ctx.json) {
    PrintJson(ctx, knowledge::TermToJson(t));
  } else {
    std::cout << (replaced ? "replaced" : "added") << " term " << t.term << " in " << where << "\n";
  }
}

// An agent's or datasource's term: bound to its datasource's catalog as the HTTP API does.
Status RunAddScoped(const TermOptions& o, CliContext& ctx) {
  ASKDB_ASSIGN_OR_RETURN(knowledge::BusinessTerm t, TermFromOptions(o));
  ASKDB_ASSIGN_OR_RETURN(ScopedTerms s, OpenScoped(o, ctx));
  ASKDB_ASSIGN_OR_RETURN(std::optional<knowledge::BusinessTerm> old, FindScoped(s, t.term));
  if (old && !o.replace) {
    return AlreadyExistsError("term '" + t.term + "' exists in " + s.owner.scope +
                              "; add --replace to change it");
  }
  if (old) t.id = old->id;
  ASKDB_ASSIGN_OR_RETURN(t, server::api::SaveBoundTerm(*s.terms, *s.datasources, s.owner, t));
  PrintAdded(ctx, t, old.has_value(), s.owner.scope);
  return Status::Ok();
}

Status RunAdd(const TermOptions& o, CliContext& ctx) {
  if (o.scoped()) return RunAddScoped(o, ctx);
  ASKDB_ASSIGN_OR_RETURN(knowledge::BusinessTerm t, TermFromOptions(o));
  ASKDB_ASSIGN_OR_RETURN(std::filesystem::path path, TermsFile(o, ctx));
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<db::Connector> conn, OpenDatabase(o.db, ctx));
  ASKDB_ASSIGN_OR_RETURN(db::DatabaseSchema schema, conn->Introspect(db::IntrospectOptions{}));
  ASKDB_RETURN_IF_ERROR(knowledge::ValidateTerm(t, schema));
  ASKDB_ASSIGN_OR_RETURN(std::vector<knowledge::BusinessTerm> terms, LoadOrEmpty(path));
  bool replaced = false;
  for (knowledge::BusinessTerm& old : terms) {
    if (old.term != t.term) continue;
    if (!o.replace) {
      return AlreadyExistsError("term '" + t.term + "' exists in " + path.string() +
                                "; add --replace to change it");
    }
    old = t;
    replaced = true;
  }
  if (!replaced) terms.push_back(t);
  ASKDB_RETURN_IF_ERROR(knowledge::CheckNoClash(terms));
  ASKDB_RETURN_IF_ERROR(knowledge::SaveTermsFile(terms, path));  // all or nothing: one rename
  PrintAdded(ctx, t, replaced, path.string());
  return Status::Ok();
}

Status RunList(const TermOptions& o, CliContext& ctx) {
  std::vector<knowledge::BusinessTerm> terms;
  std::string where;
  if (o.scoped()) {
    ASKDB_ASSIGN_OR_RETURN(ScopedTerms s, OpenScoped(o, ctx));
    ASKDB_ASSIGN_OR_RETURN(terms, s.terms->List(s.owner.scope));
    where = s.owner.scope;
  } else {
    ASKDB_ASSIGN_OR_RETURN(std::filesystem::path path, TermsFile(o, ctx));
    ASKDB_ASSIGN_OR_RETURN(terms, LoadOrEmpty(path));
    where = path.string();
  }
  if (ctx.json) {
    Json out = Json::array();
    for (const auto& t : terms) out.push_back(knowledge::TermToJson(t));
    PrintJson(ctx, out);
    return Status::Ok();
  }
  if (terms.empty()) {
    std::cout << "no business terms in " << where << "; add one with `askdb kb term add`\n";
  }
  for (const auto& t : terms) {
    std::cout << knowledge::TermPromptText(t) << (t.is_recall ? "" : "  [recall off]") << "\n";
  }
  return Status::Ok();
}

Status RemoveFromFile(const TermOptions& o, const CliContext& ctx) {
  ASKDB_ASSIGN_OR_RETURN(std::filesystem::path path, TermsFile(o, ctx));
  ASKDB_ASSIGN_OR_RETURN(std::vector<knowledge::BusinessTerm> terms, LoadOrEmpty(path));
  const size_t before = terms.size();
  std::erase_if(terms, [&](const knowledge::BusinessTerm& t) { return t.term == o.term; });
  if (terms.size() == before) {
    return NoSuchTerm(o.term, path.string());
  }
  return knowledge::SaveTermsFile(terms, path);
}

Status RunRemove(const TermOptions& o, CliContext& ctx) {
  if (o.scoped()) {
    ASKDB_ASSIGN_OR_RETURN(ScopedTerms s, OpenScoped(o, ctx));
    ASKDB_ASSIGN_OR_RETURN(knowledge::BusinessTerm old, RequireScoped(s, o.term));
    ASKDB_RETURN_IF_ERROR(server::api::RemoveOwnedTerm(*s.terms, *s.datasources, s.owner, old.id));
  } else {
    ASKDB_RETURN_IF_ERROR(RemoveFromFile(o, ctx));
  }
  if (ctx.json) {
    PrintJson(ctx, Json{{"removed", o.term}});
  } else {
    std::cout << "removed term " << o.term << "\n";
  }
  return Status::Ok();
}

// Switches a term's recall on or off: off, it is neither recalled as evidence nor read by the
// engine, and its definition is kept (the route POST …/terms/{tid}/recall from the CLI).
Status RunRecall(const TermOptions& o, CliContext& ctx) {
  if (o.switch_to != "on" && o.switch_to != "off") {
    return InvalidArgumentError("askdb kb term recall takes on or off, not '" + o.switch_to + "'");
  }
  const bool on = o.switch_to == "on";
  std::string where;
  if (o.scoped()) {
    ASKDB_ASSIGN_OR_RETURN(ScopedTerms s, OpenScoped(o, ctx));
    ASKDB_ASSIGN_OR_RETURN(knowledge::BusinessTerm old, RequireScoped(s, o.term));
    ASKDB_RETURN_IF_ERROR(s.terms->SetRecall(old.id, on));
    where = s.owner.scope;
  } else {
    ASKDB_ASSIGN_OR_RETURN(std::filesystem::path path, TermsFile(o, ctx));
    ASKDB_ASSIGN_OR_RETURN(std::vector<knowledge::BusinessTerm> terms, LoadOrEmpty(path));
    auto it = std::find_if(terms.begin(), terms.end(),
                           [&](const knowledge::BusinessTerm& t) { return t.term == o.term; });
    if (it == terms.end()) {
      return NoSuchTerm(o.term, path.string());
    }
    it->is_recall = on;
    ASKDB_RETURN_IF_ERROR(knowledge::SaveTermsFile(terms, path));
    where = path.string();
  }
  if (ctx.json) {
    PrintJson(ctx, Json{{"term", o.term}, {"is_recall", on}});
  } else {
    std::cout << "recall " << o.switch_to << " for term " << o.term << " in " << where << "\n";
  }
  return Status::Ok();
}

// The subcommand that runs sets which action runs (CLI11 calls its callback on parse).
using TermAction = std::shared_ptr<std::function<Status(const TermOptions&, CliContext&)>>;

// term add: the word and what it means (a measure, a filter, a value alias), checked.
CLI::App* AddTermAdd(CLI::App* cmd, TermOptions& o, const TermAction& action) {
  CLI::App* add = cmd->add_subcommand("add", "Add a term, checked against the database");
  add->add_option("term", o.term, "The word, e.g. GMV or 高价值客户")->required();
  add->add_option("--synonym", o.synonyms, "Another word for it (repeatable)");
  add->add_option("--description", o.description, "What it means, for people and the model");
  add->add_option("--measure", o.measure, "A measure, e.g. \"SUM(orders.total_amount)\"");
  add->add_option("--filter", o.filter, "A condition, e.g. \"customers.birth_year >= 1995\"");
  add->add_option("--value", o.value, "A value alias, e.g. \"cities.name_zh IN ('上海','杭州')\"");
  add->add_option("--where", o.where, "The rows a measure (or an aggregate filter) aggregates");
  add->add_option("--subject", o.subject, "The table an aggregate filter selects rows of");
  add->add_option(
      "--period", o.period,
      "A filter's (or measure's) relative period, resolved at question time: 近一年, 近30天, "
      "上季度, \"last 12 months\", \"this year\" ...");
  add->add_option("--period-column", o.period_column,
                  "The date column the period bounds, e.g. orders.order_date");
  add->add_flag("--no-recall", o.no_recall, "Store it with its recall switch off");
  add->add_flag("--replace", o.replace, "Replace a term of the same name");
  add->callback([action] { *action = RunAdd; });
  return add;
}

// term remove and term recall name a term by its word (or id in a management database).
CLI::App* AddTermRemove(CLI::App* cmd, TermOptions& o, const TermAction& action) {
  CLI::App* remove = cmd->add_subcommand("remove", "Remove a term");
  remove->add_option("term", o.term, "The term's word (or, with --agent/--datasource, its id)")
      ->required();
  remove->callback([action] { *action = RunRemove; });
  return remove;
}

CLI::App* AddTermRecall(CLI::App* cmd, TermOptions& o, const TermAction& action) {
  CLI::App* recall = cmd->add_subcommand(
      "recall", "Switch a term's recall on or off (off: not recalled, not read by the engine)");
  recall->add_option("term", o.term, "The term's word (or, with --agent/--datasource, its id)")
      ->required();
  recall->add_option("switch", o.switch_to, "on or off")->required();
  recall->callback([action] { *action = RunRecall; });
  return recall;
}

// Whose terms: a SQLite database's file, or an agent's or datasource's in the management
// database.
void AddTermScopeOptions(CLI::App* sub, TermOptions& o) {
  sub->add_option("--db", o.db,
                  "The SQLite database (default: database.default_url, else the demo)");
  sub->add_option("--agent", o.agent,
                  "An agent's terms in the management database (askdb serve's), checked "
                  "against its datasource");
  sub->add_option("--datasource", o.datasource,
                  "A datasource's terms in the management database (e.g. default)");
}

}  // namespace

// The subcommands are added in the order --help lists them.
CommandHandler AddKbTermCommand(CLI::App* kb) {
  auto o = std::make_shared<TermOptions>();
  auto action = std::make_shared<std::function<Status(const TermOptions&, CliContext&)>>();
  CLI::App* cmd = kb->add_subcommand(
      "term", "Business terms of a database (NAME.terms.json), an agent or a datasource");
  cmd->require_subcommand(1);
  CLI::App* add = AddTermAdd(cmd, *o, action);
  CLI::App* list = cmd->add_subcommand("list", "List the terms");
  list->callback([action] { *action = RunList; });
  CLI::App* remove = AddTermRemove(cmd, *o, action);
  CLI::App* recall = AddTermRecall(cmd, *o, action);
  for (CLI::App* sub : {add, list, remove, recall}) AddTermScopeOptions(sub, *o);
  cmd->footer(
      "Examples:\n"
      "  askdb kb term add 净销售额 --measure \"SUM(orders.total_amount)\" "
      "--where \"orders.status = 'completed'\"\n"
      "  askdb kb term add 高价值客户 --filter \"SUM(orders.total_amount) > 10000\" "
      "--subject customers\n"
      "  askdb kb term add 活跃客户 --filter \"COUNT(orders.order_id) >= 1\" --subject customers "
      "--period 近90天 --period-column orders.order_date\n"
      "  askdb kb term add 大单 --agent ag_1 --filter \"orders.total_amount > 8000\"\n"
      "  askdb kb term list --json\n"
      "  askdb kb term recall 大单 off\n"
      "  askdb kb term remove 净销售额");
  return [o, action](CliContext& ctx) { return *action ? (*action)(*o, ctx) : Status::Ok(); };
}

}  // namespace askdb::cli
