// askdb eval: measures the question-to-SQL engine on a team's own questions by execution
// accuracy (see nlq/eval.h), or the request classifier on labelled requests
// (agent/classifier_eval.h) — per split, category and overall — and writes a JSON report.
#include <CLI/CLI.hpp>
#include <iostream>
#include <map>
#include <memory>
#include <system_error>

#include "askdb/agent/ask/datasource.h"
#include "askdb/agent/classifier_eval.h"
#include "askdb/agent/request_classifier.h"
#include "askdb/cli/answer_output.h"
#include "askdb/cli/cli_context.h"
#include "askdb/cli/database_resolver.h"
#include "askdb/cli/result_output.h"
#include "askdb/cli/spinner.h"
#include "askdb/common/file_util.h"
#include "askdb/db/connector_registry.h"
#include "askdb/nlq/eval.h"

namespace askdb::cli {
namespace {

struct EvalCommandOptions {
  std::string questions;
  std::string db;
  std::string report_json;
  double threshold = 0;  // 0: from the configuration
};

// A line's "db": "demo" (the demo database), a path relative to the questions file, or a
// URL / path as `askdb sql --db` takes it. A relative path found nowhere is named under the
// questions file's folder, where the docs say it is looked for (not the current directory).
StatusOr<std::string> ResolveEvalDb(const std::string& db, const std::filesystem::path& base) {
  if (db == "demo") {
    ASKDB_ASSIGN_OR_RETURN(std::filesystem::path demo, DemoDatabasePath());
    std::error_code ec;
    if (!std::filesystem::exists(demo, ec)) {
      return NotFoundError(
          "the questions use db \"demo\" but the demo database does not exist "
          "yet: run `askdb demo` first");
    }
    return "sqlite:" + demo.string();
  }
  if (db.find("://") == std::string::npos && db.rfind("sqlite:", 0) != 0) {
    std::error_code ec;
    std::filesystem::path relative = base / db;
    if (std::filesystem::exists(relative, ec)) return "sqlite:" + relative.string();
    const std::filesystem::path given(db);
    if (given.is_relative() && !std::filesystem::exists(given, ec)) {
      return "sqlite:" + std::filesystem::absolute(relative, ec).string();
    }
  }
  return db;
}

// The questions whose gold SQL did not run: they count as wrong answers, so a typo in the
// file would otherwise pass for the engine's mistake.
std::string GoldFailures(const nlq::EvalReport& report) {
  std::string out;
  for (const nlq::EvalItemResult& item : report.items) {
    if (item.correct || !item.error.starts_with("gold SQL failed")) continue;
    out += "  " + item.id + ": " + item.error + "\n";
  }
  if (out.empty()) return out;
  return "gold SQL that did not run (counted as wrong answers; fix it in the questions file)\n" +
         out;
}

// Every mistake of a questions file that would end or skew the run, found before it starts
// and said at once (one run per typo otherwise): a question with no text (it would count as
// an abstention), an id used twice (the report tells questions apart by id), a line with no
// db and no --db, a db that does not open. Ok when none.
Status CheckEvalQuestions(const std::vector<nlq::EvalQuestion>& questions,
                          const std::string& default_db, const std::filesystem::path& base) {
  std::vector<std::string> problems;
  std::map<std::string, int> ids;
  std::map<std::string, std::string> dbs;  // db -> the first question's id
  for (const nlq::EvalQuestion& q : questions) {
    if (q.question.find_first_not_of(" \t\r\n") == std::string::npos) {
      problems.push_back("question " + q.id + " has no question text");
    }
    if (++ids[q.id] == 2) problems.push_back("id " + q.id + " is used by more than one question");
    const std::string& db = q.db.empty() ? default_db : q.db;
    if (db.empty()) {
      problems.push_back("question " + q.id + " names no db and no --db was given");
    } else {
      dbs.emplace(db, q.id);
    }
  }
  for (const auto& [db, first] : dbs) {
    StatusOr<std::string> url = ResolveEvalDb(db, base);
    Status opened = url.ok() ? db::OpenConnector(*url).status() : url.status();
    if (!opened.ok())
      problems.push_back("db " + db + " (question " + first +
                         "…): " + std::string(opened.message()));
  }
  if (problems.empty()) return Status::Ok();
  std::string out =
      std::to_string(problems.size()) + " problem(s) in the questions file; nothing was run:";
  for (const std::string& p : problems) out += "\n  - " + p;
  return InvalidArgumentError(out);
}

// Writes the JSON report where asked and prints the text or the JSON.
Status EmitReport(const EvalCommandOptions& options, CliContext& ctx, const Json& json,
                  const std::string& text) {
  if (!options.report_json.empty()) {
    ASKDB_RETURN_IF_ERROR(WriteFileAtomic(options.report_json, json.dump(2)));
  }
  if (ctx.json) {
    PrintJson(ctx, json);
  } else {
    std::cout << text;
    if (!options.report_json.empty()) {
      std::cout << "JSON report written to " << options.report_json << "\n";
    }
  }
  return Status::Ok();
}

Status RunClassifierEvalCommand(const EvalCommandOptions& options, CliContext& ctx) {
  ASKDB_ASSIGN_OR_RETURN(std::vector<agent::LabelledRequest> requests,
                         agent::ReadLabelledRequests(options.questions));
  const agent::RequestClassifier* classifier = agent::RequestClassifier::Default();
  if (classifier == nullptr) return InternalError("the built-in classifier rules do not compile");
  const agent::ClassifierEvalReport report = agent::RunClassifierEval(requests, *classifier);
  return EmitReport(options, ctx, agent::ClassifierEvalReportToJson(report),
                    agent::RenderClassifierEvalText(report));
}

Status RunEvalCommand(const EvalCommandOptions& options, CliContext& ctx) {
  if (agent::LooksLikeLabelledRequests(options.questions)) {
    return RunClassifierEvalCommand(options, ctx);
  }
  ASKDB_ASSIGN_OR_RETURN(std::vector<nlq::EvalQuestion> questions,
                         nlq::ReadEvalQuestions(options.questions));
  if (questions.empty()) {
    return InvalidArgumentError(options.questions +
                                " holds no questions (one JSON object per "
                                "line: {\"id\", \"db\", \"question\", \"gold_sql\"})");
  }
  const std::filesystem::path base = std::filesystem::path(options.questions).parent_path();
  std::string default_db = options.db;
  if (default_db.empty()) {
    if (StatusOr<std::string> url = ResolveDatabaseUrl("", ctx); url.ok()) default_db = *url;
  }
  ASKDB_RETURN_IF_ERROR(CheckEvalQuestions(questions, default_db, base));
  Spinner spinner(ctx.interactive());
  spinner.SetStage("Evaluating " + std::to_string(questions.size()) + " questions");

  nlq::EvalOptions eval;
  eval.translate = TranslateOptionsFromConfig(ctx.config);
  if (options.threshold > 0) eval.translate.confidence_threshold = options.threshold;
  eval.default_db = default_db;
  eval.open = [&](const std::string& db) -> StatusOr<nlq::EvalDatasource> {
    ASKDB_ASSIGN_OR_RETURN(std::string url, ResolveEvalDb(db, base));
    ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<db::Connector> connector, db::OpenConnector(url));
    ASKDB_ASSIGN_OR_RETURN(agent::PreparedDatasource ds,
                           agent::PrepareDatasource(std::move(connector), url));
    nlq::EvalDatasource out;
    out.connector = std::move(ds.connector);
    out.index = std::move(ds.index);
    return out;
  };
  StatusOr<nlq::EvalReport> report = nlq::RunEval(questions, eval);
  spinner.Stop();
  if (!report.ok()) return report.status();

  return EmitReport(options, ctx, nlq::EvalReportToJson(*report),
                    nlq::RenderEvalText(*report) + GoldFailures(*report));
}

}  // namespace

Command AddEvalCommand(CLI::App& app) {
  auto options = std::make_shared<EvalCommandOptions>();
  CLI::App* cmd = app.add_subcommand(
      "eval",
      "Measure the question-to-SQL engine (execution accuracy) or the request classifier on "
      "your own labelled questions");
  cmd->add_option("questions", options->questions,
                  "JSONL file: questions {\"id\", \"db\", \"question\", \"gold_sql\", "
                  "\"categories\", \"split\"} or labelled requests {\"text\", \"type\", "
                  "\"lang\", \"split\"} per line")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--db", options->db, "Database for lines without \"db\"");
  cmd->add_option("--report-json", options->report_json, "Write the full report as JSON");
  cmd->add_option("--threshold", options->threshold,
                  "Engine confidence threshold (default: nlq.confidence_threshold)")
      ->check(CLI::Range(0.0, 1.0));
  cmd->footer(
      "A line's db is \"demo\", a SQLite path (relative to the questions file) or a URL.\n"
      "A question counts as correct when its rows equal the gold SQL's rows (as a multiset;\n"
      "in order when the gold SQL has ORDER BY; column names ignored; numbers within a\n"
      "tolerance; any of \"gold_sql_alternatives\" may match). A line with\n"
      "\"expect_abstain\": true has no answer in the data: answering it counts as wrong.\n"
      "Figures are given per \"split\" (e.g. develop / report) when lines name one.\n"
      "A file of {\"text\", \"type\"} lines measures the request classifier instead: accuracy\n"
      "per split, language and type (type \"other\" is right when handed on as data_query or\n"
      "marked unsure).\n\n"
      "Examples:\n"
      "  askdb eval tests/nlq/dev_set.jsonl\n"
      "  askdb eval my_questions.jsonl --db sqlite:shop.db --report-json eval.json\n"
      "  askdb eval tests/nlq/defog.jsonl\n"
      "  askdb eval my_requests.jsonl          # {\"text\", \"type\"} lines: the classifier");
  return {cmd, [options](CliContext& ctx) { return RunEvalCommand(*options, ctx); }};
}

}  // namespace askdb::cli
