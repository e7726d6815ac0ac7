// askdb demo: creates the bundled demo database when it is missing, then runs the main job
// on it — everyday questions about the retail chain in Chinese and English, answered with
// no model, each shown with its SQL, a table and a chart — and writes one HTML report.
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <system_error>

#include "askdb/agent/ask/datasource.h"
#include "askdb/agent/graph/checkpoint_store.h"
#include "askdb/agent/pipeline/pipeline.h"
#include "askdb/analysis/chart_recommender.h"
#include "askdb/analysis/report_builder.h"
#include "askdb/cli/answer_output.h"
#include "askdb/cli/cli_context.h"
#include "askdb/cli/database_resolver.h"
#include "askdb/cli/result_output.h"
#include "askdb/cli/spinner.h"
#include "askdb/common/file_util.h"
#include "askdb/common/paths.h"
#include "askdb/db/connector.h"
#include "askdb/db/connector_registry.h"
#include "askdb/demo/demo_database.h"
#include "askdb/knowledge/terms/term_file.h"

namespace askdb::cli {
namespace {

struct DemoOptions {
  std::string db_path;
  std::string report;
  bool refresh = false;
};

// The showcase: everyday questions a retail team asks, in both languages, answered with
// no model. Each must be answered by its route (the e2e test checks this).
constexpr const char* kDemoQuestions[] = {
    "2025年每月销售额",
    "2024年各地区的销售额",
    "各渠道的订单数占比",
    "销量最高的10个商品",
    "上海的订单数",
    "how many customers per segment",
    "对本数据源提出一些分析建议",
    "做一份全面的销售分析报告",
};

StatusOr<std::filesystem::path> EnsureDemoDatabase(const DemoOptions& options, CliContext& ctx) {
  std::filesystem::path path;
  if (!options.db_path.empty()) {
    path = options.db_path;
  } else {
    ASKDB_ASSIGN_OR_RETURN(path, DemoDatabasePath());
  }
  std::error_code ec;
  // Someone's own database at --db: --refresh replaced it with the demo, and even a plain run
  // wrote the demo's semantic model over theirs beside it.
  if (std::filesystem::exists(path, ec) && !demo::LooksLikeDemoDatabase(path)) {
    return AlreadyExistsError(
        path.string() + " exists and is not askdb's demo database; askdb demo would " +
        (options.refresh ? "overwrite it" : "write the demo's semantic model beside it") +
        ": give --db a path that does not exist yet (askdb ask --db " + path.string() +
        " asks about your own data)");
  }
  if (!std::filesystem::exists(path, ec) || options.refresh) {
    if (path.has_parent_path()) ASKDB_RETURN_IF_ERROR(EnsureDir(path.parent_path()).status());
    Spinner spinner(ctx.interactive());
    spinner.SetStage("Creating the demo database");
    demo::DemoOptions demo_options;
    demo_options.overwrite = options.refresh;
    Status created = demo::CreateDemoDatabase(path, demo_options);
    spinner.Stop();
    ASKDB_RETURN_IF_ERROR(created);
    if (!ctx.json) std::cerr << "Created the demo database at " << path.string() << "\n";
  }
  // The semantic model beside it follows this binary's built-in copy, so a model improved
  // in a newer askdb reaches a demo database created by an older one.
  const std::filesystem::path model = agent::SemanticModelPathFor(path);
  StatusOr<std::string> current = ReadFile(model);
  if (!current.ok() || *current != demo::BuiltinDemoSemanticModelJson()) {
    ASKDB_RETURN_IF_ERROR(demo::WriteDemoSemanticModel(model));
  }
  // The demo's business terms, written once: `askdb kb term` edits them afterwards.
  const std::filesystem::path terms = knowledge::TermsPathFor(path);
  if (!std::filesystem::exists(terms, ec)) {
    ASKDB_RETURN_IF_ERROR(WriteFileAtomic(terms, demo::BuiltinDemoTermsJson()));
  }
  return path;
}

StatusOr<std::filesystem::path> ReportPath(const DemoOptions& options, const CliContext& ctx) {
  if (!options.report.empty()) return std::filesystem::path(options.report);
  std::filesystem::path dir = ctx.config.report.default_dir;
  if (dir.empty()) {
    ASKDB_ASSIGN_OR_RETURN(std::filesystem::path data_dir, DataDir());
    dir = data_dir / "reports";
  }
  ASKDB_RETURN_IF_ERROR(EnsureDir(dir).status());
  return dir / "demo-report.html";
}

StatusOr<agent::PreparedDatasource> ReadDemoSchema(const std::string& url, CliContext& ctx) {
  Spinner spinner(ctx.interactive());
  spinner.SetStage("Reading the schema");
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<db::Connector> connector, db::OpenConnector(url));
  return agent::PrepareDatasource(std::move(connector), url);
}

// Asks each showcase question, adds its answer to `report` and prints it (or, with --json,
// returns the answers for one JSON document).
StatusOr<Json> AnswerShowcase(agent::pipeline::Pipeline& pipeline, analysis::Report& report,
                              CliContext& ctx) {
  const Style style = ctx.style();
  Json json_items = Json::array();
  for (const char* question : kDemoQuestions) {
    Spinner question_spinner(ctx.interactive());
    question_spinner.SetStage(std::string("Answering: ") + question);
    StatusOr<agent::pipeline::PipelineResult> result = pipeline.Ask("demo", question);
    question_spinner.Stop();
    if (!result.ok()) return result.status().WithContext(question);

    report.AddHeading(question);
    AddAnswerToReport(report, *result);
    if (ctx.json) {
      Json entry = result->ToJson();
      entry["question"] = question;
      json_items.push_back(std::move(entry));
    } else {
      std::cout << style.Bold("▌ " + std::string(question)) << "\n";
      PrintPipelineAnswer(ctx, *result, "");
      std::cout << "\n";
    }
  }
  return json_items;
}

Status RunDemo(const DemoOptions& options, CliContext& ctx) {
  ASKDB_ASSIGN_OR_RETURN(std::filesystem::path db_path, EnsureDemoDatabase(options, ctx));
  ASKDB_ASSIGN_OR_RETURN(std::filesystem::path report_path, ReportPath(options, ctx));
  const std::string url = "sqlite:" + db_path.string();
  ASKDB_ASSIGN_OR_RETURN(agent::PreparedDatasource prepared, ReadDemoSchema(url, ctx));
  // No model, no persistence: every showcase answer comes from askdb itself.
  agent::InMemoryCheckpointStore checkpoints;
  agent::pipeline::PipelineDeps deps;
  deps.datasource = [&]() -> StatusOr<agent::PreparedDatasource*> { return &prepared; };
  deps.checkpoints = &checkpoints;
  deps.options = PipelineOptionsFromConfig(ctx);
  deps.options.plan_review = false;  // the demo runs unattended
  ASKDB_ASSIGN_OR_RETURN(agent::pipeline::Pipeline pipeline,
                         agent::pipeline::Pipeline::Create(std::move(deps)));

  analysis::Report report("askdb 演示：零售连锁 / retail chain demo");
  report.set_subtitle(prepared.connector->display_name());
  ASKDB_ASSIGN_OR_RETURN(Json json_items, AnswerShowcase(pipeline, report, ctx));
  ASKDB_RETURN_IF_ERROR(analysis::WriteReport(report, report_path));
  if (ctx.json) {
    PrintJson(ctx, Json{{"database", db_path.string()},
                        {"report", report_path.string()},
                        {"results", std::move(json_items)}});
  } else {
    std::cout << "Report written to " << ctx.style().Bold(report_path.string())
              << " (open it in a browser; it works offline)\n";
  }
  return Status::Ok();
}

}  // namespace

Command AddDemoCommand(CLI::App& app) {
  auto options = std::make_shared<DemoOptions>();
  CLI::App* cmd = app.add_subcommand(
      "demo",
      "Create the demo retail database if missing and answer its showcase questions "
      "in one report");
  cmd->add_option("--db", options->db_path,
                  "Where the demo database lives (default: <data dir>/demo/retail.sqlite)");
  cmd->add_option("--report", options->report,
                  "Report file, .html or .md (default: <report dir>/demo-report.html)");
  cmd->add_flag("--refresh", options->refresh, "Re-create the demo database");
  cmd->footer(
      "Examples:\n"
      "  askdb demo\n"
      "  askdb demo --report /tmp/demo.html --json");
  return {cmd, [options](CliContext& ctx) { return RunDemo(*options, ctx); }};
}

}  // namespace askdb::cli
