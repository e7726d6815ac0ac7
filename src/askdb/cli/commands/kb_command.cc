// askdb kb: the knowledge base from the command line (docs/knowledge.md) — add a document
// (Markdown, text, PDF, DOCX, HTML, CSV) or a Q&A/FAQ pair, list items with their state,
// search (each hit's keyword, vector and fused scores), remove, re-index. The records live
// in the management database (the data directory's askdb_server.sqlite, or server.store_url),
// so `askdb serve` and `askdb ask` see what is added here.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>

#include "askdb/cli/cli_context.h"
#include "askdb/cli/commands/kb_term_command.h"
#include "askdb/cli/knowledge_options.h"
#include "askdb/cli/result_output.h"
#include "askdb/common/file_util.h"
#include "askdb/common/paths.h"
#include "askdb/knowledge/document_parser.h"
#include "askdb/knowledge/knowledge_json.h"
#include "askdb/knowledge/knowledge_setup.h"

namespace askdb::cli {
namespace {

struct KbOptions {
  std::string file;
  std::vector<std::string> qa;   // --qa QUESTION ANSWER
  std::vector<std::string> faq;  // --faq QUESTION ANSWER
  std::string title;
  std::string format;
  std::string chunker;
  int chunk_size = 0;
  int chunk_overlap = -1;
  std::string agent;
  std::string datasource;
  bool no_recall = false;
  bool deleted = false;
  std::string query;
  std::string mode = "hybrid";
  int top = 5;
  std::string id;
  std::string switch_value;  // recall on|off
};

StatusOr<std::string> Scope(const KbOptions& o) {
  if (!o.agent.empty() && !o.datasource.empty()) {
    return InvalidArgumentError("give --agent or --datasource, not both");
  }
  if (!o.datasource.empty()) return knowledge::MakeScope("datasource", o.datasource);
  return knowledge::MakeScope("agent", o.agent.empty() ? "default" : o.agent);
}

StatusOr<knowledge::OpenedKnowledgeBase> Open(const CliContext& ctx) {
  ASKDB_ASSIGN_OR_RETURN(std::filesystem::path data_dir, DataDir());
  ASKDB_RETURN_IF_ERROR(EnsureDir(data_dir).status());
  ASKDB_ASSIGN_OR_RETURN(knowledge::KnowledgeBaseOptions options, CliKnowledgeOptions(ctx.config));
  return knowledge::OpenKnowledgeBase(data_dir, ctx.config.server.store_url, options);
}

void PrintItem(const CliContext& ctx, const knowledge::KnowledgeItem& item) {
  std::cout << ctx.style().Bold(item.id) << "  " << knowledge::ItemKindName(item.kind) << "  "
            << item.scope << "  " << knowledge::ItemStateName(item.state)
            << (item.recall ? "" : "  recall off") << (item.deleted ? "  deleted" : "") << "  "
            << item.chunk_count << " chunk(s)  " << item.title << "\n";
  if (!item.state_reason.empty()) std::cout << "    " << item.state_reason << "\n";
}

// The chunker the flags ask for, or none (the knowledge base's default) when no flag is given.
using OptionalChunker = std::optional<knowledge::ChunkerOptions>;
StatusOr<OptionalChunker> ChunkerFromFlags(const KbOptions& o,
                                           const knowledge::ChunkerOptions& defaults) {
  if (o.chunker.empty() && o.chunk_size <= 0 && o.chunk_overlap < 0) return OptionalChunker();
  knowledge::ChunkerOptions chunker = defaults;
  if (!o.chunker.empty()) {
    ASKDB_ASSIGN_OR_RETURN(chunker.kind, knowledge::ParseChunkerKind(o.chunker));
  }
  if (o.chunk_size > 0) chunker.size = o.chunk_size;
  if (o.chunk_overlap >= 0) chunker.overlap = o.chunk_overlap;
  return OptionalChunker(chunker);
}

// `*indexed`: the item that already holds the file's content in the scope (AddDocument).
StatusOr<knowledge::KnowledgeItem> AddFile(const KbOptions& o, const std::string& scope,
                                           knowledge::KnowledgeBase& kb,
                                           knowledge::KnowledgeItem* indexed) {
  const std::string file_name = std::filesystem::path(o.file).filename().string();
  std::error_code ec;
  const auto size = std::filesystem::file_size(o.file, ec);
  if (!ec) {  // over the limit: refused before reading it (a missing file: ReadFile says)
    ASKDB_RETURN_IF_ERROR(knowledge::CheckDocumentSize(file_name, static_cast<int64_t>(size),
                                                       {.max_bytes = kb.options().max_file_bytes}));
  }
  ASKDB_ASSIGN_OR_RETURN(std::string bytes, ReadFile(o.file));
  knowledge::DocumentInput input;
  input.scope = scope;
  input.file_name = file_name;
  input.format = o.format;
  input.title = o.title;
  input.bytes = std::move(bytes);
  input.recall = !o.no_recall;
  ASKDB_ASSIGN_OR_RETURN(input.chunker, ChunkerFromFlags(o, kb.options().default_chunker));
  return kb.AddDocument(input, indexed);
}

// --qa or --faq: a question and its answer.
StatusOr<knowledge::KnowledgeItem> AddPair(const KbOptions& o, const std::string& scope,
                                           knowledge::KnowledgeBase& kb) {
  const std::vector<std::string>& pair = o.qa.empty() ? o.faq : o.qa;
  knowledge::PairInput input;
  input.scope = scope;
  input.kind = o.qa.empty() ? knowledge::ItemKind::kFaq : knowledge::ItemKind::kQa;
  input.question = pair[0];
  input.answer = pair[1];
  input.title = o.title;
  input.recall = !o.no_recall;
  return kb.AddPair(input);
}

// The file's content is already indexed in the scope: nothing to do (exit 0), the line naming
// the item; --json: that item with "already_indexed": true.
Status PrintAlreadyIndexed(const CliContext& ctx, const Status& why,
                           const knowledge::KnowledgeItem& indexed) {
  if (ctx.json) {
    Json out = knowledge::KnowledgeItemToJson(indexed);
    out["already_indexed"] = true;
    out["message"] = why.message();
    PrintJson(ctx, out);
  } else {
    std::cout << why.message() << "\n";
  }
  return Status::Ok();
}

Status RunAdd(const KbOptions& o, const CliContext& ctx) {
  const int given = (o.file.empty() ? 0 : 1) + (o.qa.empty() ? 0 : 1) + (o.faq.empty() ? 0 : 1);
  if (given != 1) {
    return InvalidArgumentError("give one of FILE, --qa QUESTION ANSWER or --faq QUESTION ANSWER");
  }
  ASKDB_ASSIGN_OR_RETURN(const std::string scope, Scope(o));
  ASKDB_ASSIGN_OR_RETURN(knowledge::OpenedKnowledgeBase opened, Open(ctx));
  knowledge::KnowledgeItem indexed;
  StatusOr<knowledge::KnowledgeItem> added =
      o.file.empty() ? AddPair(o, scope, *opened.kb) : AddFile(o, scope, *opened.kb, &indexed);
  if (!added.ok() && !indexed.id.empty()) return PrintAlreadyIndexed(ctx, added.status(), indexed);
  ASKDB_ASSIGN_OR_RETURN(const knowledge::KnowledgeItem item, std::move(added));
  if (ctx.json) {
    PrintJson(ctx, knowledge::KnowledgeItemToJson(item));
  } else {
    std::cout << "added ";
    PrintItem(ctx, item);
  }
  return Status::Ok();
}

Status RunList(const KbOptions& o, const CliContext& ctx) {
  ASKDB_ASSIGN_OR_RETURN(knowledge::OpenedKnowledgeBase opened, Open(ctx));
  knowledge::ItemFilter filter;
  if (!o.agent.empty() || !o.datasource.empty()) {
    ASKDB_ASSIGN_OR_RETURN(filter.scope, Scope(o));
  }
  filter.include_deleted = o.deleted;
  ASKDB_ASSIGN_OR_RETURN(const std::vector<knowledge::KnowledgeItem> items,
                         opened.kb->List(filter));
  if (ctx.json) {
    Json out = Json::array();
    for (const auto& item : items) out.push_back(knowledge::KnowledgeItemToJson(item));
    PrintJson(ctx, out);
    return Status::Ok();
  }
  if (items.empty()) std::cout << "the knowledge base is empty; add with `askdb kb add FILE`\n";
  for (const auto& item : items) PrintItem(ctx, item);
  return Status::Ok();
}

Status RunSearch(const KbOptions& o, const CliContext& ctx) {
  if (o.query.find_first_not_of(" \t\r\n") == std::string::npos) {
    return InvalidArgumentError(
        "the query is blank: give the words to search for, e.g. askdb kb "
        "search \"fiscal year\"");
  }
  ASKDB_ASSIGN_OR_RETURN(knowledge::OpenedKnowledgeBase opened, Open(ctx));
  knowledge::SearchOptions search;
  if (o.mode == "keyword") {
    search.mode = knowledge::SearchMode::kKeyword;
  } else if (o.mode == "vector") {
    search.mode = knowledge::SearchMode::kVector;
  } else if (o.mode != "hybrid") {
    return InvalidArgumentError("--mode must be hybrid, keyword or vector, not '" + o.mode + "'");
  }
  if (o.top < 1) return InvalidArgumentError("--top must be at least 1");
  search.top_k = static_cast<size_t>(o.top);
  if (!o.agent.empty() || !o.datasource.empty()) {
    ASKDB_ASSIGN_OR_RETURN(const std::string scope, Scope(o));
    search.filter.scopes = {scope};
  }
  const knowledge::SearchResult result = opened.kb->Search(o.query, search);
  if (ctx.json) {
    Json hits = Json::array();
    for (const auto& h : result.hits) {
      hits.push_back(knowledge::SearchHitToJson(h));
    }
    Json out = {{"query", o.query}, {"mode", o.mode}, {"hits", hits}};
    if (!result.vector_error.empty()) out["vector_error"] = result.vector_error;
    PrintJson(ctx, out);
    return Status::Ok();
  }
  if (result.hits.empty()) std::cout << "no match\n";
  for (const auto& h : result.hits) {
    char scores[96];
    std::snprintf(scores, sizeof scores, "fused %.4f  keyword %.3f  vector %.3f", h.fused_score,
                  h.keyword_score, h.vector_score);
    std::cout << ctx.style().Bold(h.chunk_id) << "  " << scores << "\n    " << h.text << "\n";
  }
  if (!result.vector_error.empty()) std::cerr << "warning: " << result.vector_error << "\n";
  return Status::Ok();
}

Status RunRemove(const KbOptions& o, const CliContext& ctx) {
  ASKDB_ASSIGN_OR_RETURN(knowledge::OpenedKnowledgeBase opened, Open(ctx));
  ASKDB_RETURN_IF_ERROR(opened.kb->Remove(o.id));
  if (ctx.json) {
    PrintJson(ctx, Json{{"removed", o.id}});
  } else {
    std::cout << "removed " << o.id << "\n";
  }
  return Status::Ok();
}

Status RunRecall(const KbOptions& o, const CliContext& ctx) {
  if (o.switch_value != "on" && o.switch_value != "off") {
    return InvalidArgumentError("recall takes on or off, not '" + o.switch_value + "'");
  }
  ASKDB_ASSIGN_OR_RETURN(knowledge::OpenedKnowledgeBase opened, Open(ctx));
  knowledge::ItemEdit edit;
  edit.recall = o.switch_value == "on";
  ASKDB_ASSIGN_OR_RETURN(const knowledge::KnowledgeItem item, opened.kb->Edit(o.id, edit));
  if (ctx.json) {
    PrintJson(ctx, knowledge::KnowledgeItemToJson(item));
  } else {
    PrintItem(ctx, item);
  }
  return Status::Ok();
}

Status RunReindex(const KbOptions& o, const CliContext& ctx) {
  ASKDB_ASSIGN_OR_RETURN(knowledge::OpenedKnowledgeBase opened, Open(ctx));
  const bool progress = ctx.interactive();
  ASKDB_ASSIGN_OR_RETURN(const int indexed,
                         opened.kb->Reindex(o.id, [progress](size_t done, size_t total) {
                           if (progress) std::cerr << "\rre-indexed " << done << "/" << total;
                         }));
  if (progress) std::cerr << "\n";
  ASKDB_ASSIGN_OR_RETURN(const auto items, opened.kb->List({}));
  int failed = 0;
  for (const auto& item : items) failed += item.state == knowledge::ItemState::kFailed ? 1 : 0;
  if (ctx.json) {
    PrintJson(ctx, Json{{"indexed", indexed}, {"failed", failed}});
  } else {
    std::cout << "re-indexed " << indexed << " item(s)"
              << (failed > 0 ? ", " + std::to_string(failed) + " failed (askdb kb list)" : "")
              << "\n";
  }
  return failed > 0 ? UnavailableError(std::to_string(failed) +
                                       " item(s) could not be indexed; see `askdb kb list`")
                    : Status::Ok();
}

// add: the scope the item goes to. list, search (`filter`): without either flag, every scope.
void AddScopeOptions(CLI::App* cmd, KbOptions& o, bool filter = false) {
  if (filter) {
    cmd->add_option("--agent", o.agent,
                    "Only this agent's knowledge (default: every agent and datasource)");
    cmd->add_option("--datasource", o.datasource,
                    "Only this datasource's knowledge (default: every agent and datasource)");
    return;
  }
  cmd->add_option("--agent", o.agent, "The agent the knowledge belongs to (default: default)");
  cmd->add_option("--datasource", o.datasource, "A datasource the knowledge belongs to instead");
}

// The subcommand that ran sets the action; its options all live in one KbOptions.
using KbAction = std::function<Status(const KbOptions&, const CliContext&)>;

void AddKbAddSubcommand(CLI::App* cmd, KbOptions& o, const std::shared_ptr<KbAction>& action) {
  CLI::App* add = cmd->add_subcommand("add", "Add a document (FILE) or a Q&A/FAQ pair");
  add->add_option("file", o.file, "A .md, .txt, .pdf, .docx, .html or .csv file");
  add->add_option("--qa", o.qa, "A question and its answer")->expected(2);
  add->add_option("--faq", o.faq, "An FAQ question and its answer")->expected(2);
  add->add_option("--title", o.title, "A name for it (default: the file name or question)");
  add->add_option("--format", o.format, "The file's format when its name does not say");
  add->add_option("--chunker", o.chunker, "token, recursive, sentence or paragraph");
  add->add_option("--chunk-size", o.chunk_size, "Characters (tokens for token) per chunk");
  add->add_option("--chunk-overlap", o.chunk_overlap, "Characters repeated between chunks");
  add->add_flag("--no-recall", o.no_recall, "Store it with its recall switch off");
  AddScopeOptions(add, o);
  add->callback([action] { *action = RunAdd; });
}

// remove, recall and reindex: the subcommands about one stored item (or, reindex, all).
void AddKbItemSubcommands(CLI::App* cmd, KbOptions& o, const std::shared_ptr<KbAction>& action) {
  CLI::App* remove = cmd->add_subcommand("remove", "Delete an item (and its index entries)");
  remove->add_option("id", o.id, "The item's id (askdb kb list)")->required();
  remove->callback([action] { *action = RunRemove; });

  CLI::App* recall = cmd->add_subcommand("recall", "Turn an item's recall switch on or off");
  recall->add_option("id", o.id, "The item's id")->required();
  recall->add_option("switch", o.switch_value, "on or off")->required();
  recall->callback([action] { *action = RunRecall; });

  CLI::App* reindex = cmd->add_subcommand("reindex", "Re-chunk and re-embed one item or all");
  reindex->add_option("id", o.id, "The item's id; none: every item");
  reindex->callback([action] { *action = RunReindex; });
}

}  // namespace

Command AddKbCommand(CLI::App& app) {
  auto o = std::make_shared<KbOptions>();
  auto action = std::make_shared<KbAction>();
  CLI::App* cmd = app.add_subcommand("kb", "The knowledge base: documents, Q&A, FAQ");
  cmd->require_subcommand(1);
  AddKbAddSubcommand(cmd, *o, action);

  CLI::App* list = cmd->add_subcommand("list", "List items with their state");
  AddScopeOptions(list, *o, /*filter=*/true);
  list->add_flag("--deleted", o->deleted, "Include deleted items");
  list->callback([action] { *action = RunList; });

  CLI::App* search = cmd->add_subcommand("search", "Search; shows each hit's scores");
  search->add_option("query", o->query, "What to look for")->required();
  search->add_option("--mode", o->mode, "hybrid (default), keyword or vector");
  search->add_option("--top", o->top, "Hits to show (default 5)");
  AddScopeOptions(search, *o, /*filter=*/true);
  search->callback([action] { *action = RunSearch; });

  AddKbItemSubcommands(cmd, *o, action);
  cmd->footer(
      "Examples:\n"
      "  askdb kb add handbook.pdf --chunker sentence --chunk-size 400\n"
      "  askdb kb add --qa \"What is GMV?\" \"成交总额: SUM(orders.amount)\"\n"
      "  askdb kb search \"fiscal year\" --json\n"
      "  askdb kb remove kn_3f9c0e1a2b4d5e6f");
  CommandHandler terms = AddKbTermCommand(cmd);  // askdb kb term (kb_term_command.cc)
  return {cmd, [o, action, terms](CliContext& ctx) {
            return *action ? (*action)(*o, ctx) : terms(ctx);
          }};
}

}  // namespace askdb::cli
