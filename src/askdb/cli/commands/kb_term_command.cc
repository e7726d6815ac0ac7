#include "askdb/cli/commands/kb_term_command.h"

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "askdb/cli/database_resolver.h"
#include "askdb/cli/result_output.h"
#include "askdb/db/connector.h"
#include "askdb/db/database_url.h"
#include "askdb/knowledge/terms/term_evidence.h"
#include "askdb/knowledge/terms/term_file.h"

namespace askdb::cli {
namespace {

struct TermOptions {
  std::string db;
  std::string term;
  std::vector<std::string> synonyms;
  std::string description;
  std::string measure, filter, value, where, subject;
  bool no_recall = false;
  bool replace = false;
};

// The terms file of the SQLite database the command names.
StatusOr<std::filesystem::path> TermsFile(const TermOptions& o, const CliContext& ctx) {
  ASKDB_ASSIGN_OR_RETURN(std::string url, ResolveDatabaseUrl(o.db, ctx));
  ASKDB_ASSIGN_OR_RETURN(db::DatabaseUrl parsed, db::ParseDatabaseUrl(url));
  if (!parsed.is_sqlite()) {
    return InvalidArgumentError(
        "askdb kb term keeps terms beside a SQLite file; for a server datasource use the "
        "management API (docs/knowledge.md)");
  }
  return knowledge::TermsPathFor(parsed.database);
}

StatusOr<std::vector<knowledge::BusinessTerm>> LoadOrEmpty(const std::filesystem::path& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return std::vector<knowledge::BusinessTerm>{};
  return knowledge::LoadTermsFile(path);
}

Status RunAdd(const TermOptions& o, const CliContext& ctx) {
  knowledge::BusinessTerm t;
  t.term = o.term;
  t.synonyms = o.synonyms;
  t.description = o.description;
  t.is_recall = !o.no_recall;
  t.filter = o.where;
  t.subject = o.subject;
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
  if (ctx.json) {
    PrintJson(ctx, knowledge::TermToJson(t));
  } else {
    std::cout << (replaced ? "replaced" : "added") << " term " << t.term << " in " << path.string()
              << "\n";
  }
  return Status::Ok();
}

Status RunList(const TermOptions& o, const CliContext& ctx) {
  ASKDB_ASSIGN_OR_RETURN(std::filesystem::path path, TermsFile(o, ctx));
  ASKDB_ASSIGN_OR_RETURN(std::vector<knowledge::BusinessTerm> terms, LoadOrEmpty(path));
  if (ctx.json) {
    Json out = Json::array();
    for (const auto& t : terms) out.push_back(knowledge::TermToJson(t));
    PrintJson(ctx, out);
    return Status::Ok();
  }
  if (terms.empty()) std::cout << "no business terms; add one with `askdb kb term add`\n";
  for (const auto& t : terms) {
    std::cout << knowledge::TermPromptText(t) << (t.is_recall ? "" : "  [recall off]") << "\n";
  }
  return Status::Ok();
}

Status RunRemove(const TermOptions& o, const CliContext& ctx) {
  ASKDB_ASSIGN_OR_RETURN(std::filesystem::path path, TermsFile(o, ctx));
  ASKDB_ASSIGN_OR_RETURN(std::vector<knowledge::BusinessTerm> terms, LoadOrEmpty(path));
  const size_t before = terms.size();
  std::erase_if(terms, [&](const knowledge::BusinessTerm& t) { return t.term == o.term; });
  if (terms.size() == before) {
    return NotFoundError("no term '" + o.term + "' in " + path.string() +
                         "; see `askdb kb term list`");
  }
  ASKDB_RETURN_IF_ERROR(knowledge::SaveTermsFile(terms, path));
  if (ctx.json) {
    PrintJson(ctx, Json{{"removed", o.term}});
  } else {
    std::cout << "removed term " << o.term << "\n";
  }
  return Status::Ok();
}

}  // namespace

CommandHandler AddKbTermCommand(CLI::App* kb) {
  auto o = std::make_shared<TermOptions>();
  auto action = std::make_shared<std::function<Status(const TermOptions&, const CliContext&)>>();
  CLI::App* cmd = kb->add_subcommand("term", "Business terms of a database (NAME.terms.json)");
  cmd->require_subcommand(1);

  CLI::App* add = cmd->add_subcommand("add", "Add a term, checked against the database");
  add->add_option("term", o->term, "The word, e.g. GMV or 高价值客户")->required();
  add->add_option("--synonym", o->synonyms, "Another word for it (repeatable)");
  add->add_option("--description", o->description, "What it means, for people and the model");
  add->add_option("--measure", o->measure, "A measure, e.g. \"SUM(orders.total_amount)\"");
  add->add_option("--filter", o->filter, "A condition, e.g. \"customers.birth_year >= 1995\"");
  add->add_option("--value", o->value, "A value alias, e.g. \"cities.name_zh IN ('上海','杭州')\"");
  add->add_option("--where", o->where, "The rows a measure (or an aggregate filter) aggregates");
  add->add_option("--subject", o->subject, "The table an aggregate filter selects rows of");
  add->add_flag("--no-recall", o->no_recall, "Store it with its recall switch off");
  add->add_flag("--replace", o->replace, "Replace a term of the same name");
  add->callback([action] { *action = RunAdd; });

  CLI::App* list = cmd->add_subcommand("list", "List the terms");
  list->callback([action] { *action = RunList; });

  CLI::App* remove = cmd->add_subcommand("remove", "Remove a term");
  remove->add_option("term", o->term, "The term's word")->required();
  remove->callback([action] { *action = RunRemove; });

  for (CLI::App* sub : {add, list, remove}) {
    sub->add_option("--db", o->db,
                    "The SQLite database (default: database.default_url, else the demo)");
  }
  cmd->footer(
      "Examples:\n"
      "  askdb kb term add 净销售额 --measure \"SUM(orders.total_amount)\" "
      "--where \"orders.status = 'completed'\"\n"
      "  askdb kb term add 高价值客户 --filter \"SUM(orders.total_amount) > 10000\" "
      "--subject customers\n"
      "  askdb kb term list --json\n"
      "  askdb kb term remove 净销售额");
  return [o, action](CliContext& ctx) { return *action ? (*action)(*o, ctx) : Status::Ok(); };
}

}  // namespace askdb::cli
