// askdb sql: runs one read-only statement, shows the rows and a chart, writes a report.
#include <CLI/CLI.hpp>
#include <cmath>
#include <iostream>
#include <iterator>
#include <memory>

#include "askdb/analysis/chart_recommender.h"
#include "askdb/analysis/report_builder.h"
#include "askdb/cli/cli_context.h"
#include "askdb/cli/database_resolver.h"
#include "askdb/cli/option_checks.h"
#include "askdb/cli/result_output.h"
#include "askdb/cli/spinner.h"
#include "askdb/cli/user_session.h"
#include "askdb/db/connector.h"

namespace askdb::cli {
namespace {

struct SqlOptions {
  std::string sql;
  std::string db;
  std::string report;
  std::string title;
  long long max_rows = 0;  // 0: from the configuration
  double timeout_s = 0;    // 0: from the configuration
};

Status RunSql(SqlOptions options, CliContext& ctx) {
  if (options.sql == "-") {
    options.sql.assign(std::istreambuf_iterator<char>(std::cin), {});
  }
  ASKDB_ASSIGN_OR_RETURN(std::shared_ptr<const CliUser> user, SignInFromCli(ctx, options.db));
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<db::Connector> connector, OpenDatabase(options.db, ctx));
  // --user/--token: the statement is rewritten for the user's rules, or refused saying why.
  if (user != nullptr) {
    ASKDB_ASSIGN_OR_RETURN(connector, UserConnector(std::move(connector), *user));
  }
  db::QueryOptions query;
  query.max_rows = options.max_rows > 0 ? options.max_rows : ctx.config.database.max_rows;
  query.timeout = options.timeout_s > 0
                      ? std::chrono::milliseconds(std::llround(options.timeout_s * 1000))
                      : std::chrono::milliseconds(ctx.config.database.query_timeout_ms);

  Spinner spinner(ctx.interactive());
  spinner.SetStage("Running SQL");
  StatusOr<db::ResultSet> result = connector->Execute(options.sql, query);
  spinner.Stop();
  if (!result.ok()) return result.status();

  analysis::ChartRequest chart_request;
  chart_request.title = options.title;
  chart_request.sql = options.sql;
  analysis::ChartSpec chart = analysis::RecommendChart(*result, chart_request);

  if (!options.report.empty()) {
    analysis::Report report(options.title.empty() ? "Query result" : options.title);
    report.set_subtitle(connector->display_name());
    report.AddSql(options.sql);
    report.AddChart(chart);
    report.AddTable(*result, "", analysis::kDefaultReportTableRows, options.sql);
    ASKDB_RETURN_IF_ERROR(analysis::WriteReport(report, options.report));
  }
  if (ctx.json) {
    Json out = QueryResultJson(options.sql, *result, chart);
    if (!options.report.empty()) out["report"] = options.report;
    if (user != nullptr && !user->note.empty()) out["permissions"] = user->note;
    PrintJson(ctx, out);
  } else {
    PrintQueryResult(ctx, "", *result, chart);
    if (user != nullptr) PrintPermissionNote(ctx, user->note);
    if (!options.report.empty()) std::cout << "\nReport written to " << options.report << "\n";
  }
  return Status::Ok();
}

}  // namespace

Command AddSqlCommand(CLI::App& app) {
  auto options = std::make_shared<SqlOptions>();
  CLI::App* cmd = app.add_subcommand("sql", "Run one read-only SQL statement");
  cmd->add_option("query", options->sql, "The SELECT statement, or - to read it from stdin")
      ->required();
  cmd->add_option("--db", options->db, kDatabaseFlagHelp);
  cmd->add_option("--report", options->report,
                  "Also write a report: .html (self-contained, opens offline) or .md");
  cmd->add_option("--title", options->title, "Title for the chart and report");
  cmd->add_option("--max-rows", options->max_rows, "Row cap (default: database.max_rows)")
      ->check(PositiveValue());
  cmd->add_option("--timeout", options->timeout_s,
                  "Seconds before the statement is stopped (default: database.query_timeout_ms)")
      ->check(PositiveValue());
  cmd->footer(
      "Only read statements run: the database engine refuses writes, ATTACH, PRAGMA writes\n"
      "and the like, whatever the SQL looks like.\n\n"
      "Examples:\n"
      "  askdb sql \"SELECT name_zh, COUNT(*) FROM regions JOIN cities USING (region_id) "
      "GROUP BY 1\"\n"
      "  askdb sql --db chinook.sqlite \"SELECT BillingCountry, SUM(Total) FROM Invoice "
      "GROUP BY 1 ORDER BY 2 DESC\" --report sales.html\n"
      "  echo \"SELECT 1\" | askdb sql - --json");
  return {cmd, [options](CliContext& ctx) { return RunSql(*options, ctx); }};
}

}  // namespace askdb::cli
