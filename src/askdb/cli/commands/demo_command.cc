// askdb demo: creates the bundled demo database when it is missing, then runs the main job
// on it — a few everyday questions about the retail chain, each shown with its SQL, a
// table and a chart — and writes them all into one HTML report.
#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>
#include <system_error>

#include "askdb/agent/ask/datasource.h"
#include "askdb/analysis/chart_recommender.h"
#include "askdb/analysis/report_builder.h"
#include "askdb/cli/cli_context.h"
#include "askdb/cli/database_resolver.h"
#include "askdb/cli/result_output.h"
#include "askdb/cli/spinner.h"
#include "askdb/common/file_util.h"
#include "askdb/common/paths.h"
#include "askdb/db/connector.h"
#include "askdb/db/connector_registry.h"
#include "askdb/demo/demo_database.h"

namespace askdb::cli {
namespace {

struct DemoOptions {
  std::string db_path;
  std::string report;
  bool refresh = false;
};

struct DemoQuery {
  const char* title;
  const char* sql;
};

// The showcase: the kinds of questions a retail team asks every day.
constexpr DemoQuery kDemoQueries[] = {
    {"2025年每月销售额 (monthly revenue, 2025)",
     "SELECT strftime('%Y-%m', order_date) AS month, ROUND(SUM(total_amount), 2) AS revenue\n"
     "FROM orders\n"
     "WHERE status = 'completed' AND order_date >= '2025-01-01'\n"
     "GROUP BY month ORDER BY month"},
    {"各地区销售额 (revenue by region)",
     "SELECT r.name_zh AS region, ROUND(SUM(o.total_amount), 2) AS revenue\n"
     "FROM orders o\n"
     "JOIN stores s ON s.store_id = o.store_id\n"
     "JOIN cities c ON c.city_id = s.city_id\n"
     "JOIN regions r ON r.region_id = c.region_id\n"
     "WHERE o.status = 'completed'\n"
     "GROUP BY r.name_zh ORDER BY revenue DESC"},
    {"各渠道订单占比 (share of orders by channel)",
     "SELECT channel, COUNT(*) AS orders\n"
     "FROM orders\n"
     "GROUP BY channel ORDER BY orders DESC"},
    {"销售额最高的10个商品 (top 10 products by revenue)",
     "SELECT p.name AS product, ROUND(SUM(oi.amount), 2) AS revenue\n"
     "FROM order_items oi\n"
     "JOIN products p ON p.product_id = oi.product_id\n"
     "JOIN orders o ON o.order_id = oi.order_id\n"
     "WHERE o.status = 'completed'\n"
     "GROUP BY p.product_id ORDER BY revenue DESC LIMIT 10"},
    {"2025年退货率 (refund rate, 2025)",
     "SELECT ROUND(100.0 * SUM(status = 'refunded') / COUNT(*), 2) AS refund_rate_pct\n"
     "FROM orders\n"
     "WHERE order_date >= '2025-01-01'"},
};

StatusOr<std::filesystem::path> EnsureDemoDatabase(const DemoOptions& options, CliContext& ctx) {
  std::filesystem::path path;
  if (!options.db_path.empty()) {
    path = options.db_path;
  } else {
    ASKDB_ASSIGN_OR_RETURN(path, DemoDatabasePath());
  }
  std::error_code ec;
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

Status RunDemo(const DemoOptions& options, CliContext& ctx) {
  ASKDB_ASSIGN_OR_RETURN(std::filesystem::path db_path, EnsureDemoDatabase(options, ctx));
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<db::Connector> connector,
                         db::OpenConnector("sqlite:" + db_path.string()));
  ASKDB_ASSIGN_OR_RETURN(std::filesystem::path report_path, ReportPath(options, ctx));

  analysis::Report report("askdb 演示：零售连锁 / retail chain demo");
  report.set_subtitle(connector->display_name());
  db::QueryOptions query;
  query.max_rows = ctx.config.database.max_rows;
  query.timeout = std::chrono::milliseconds(ctx.config.database.query_timeout_ms);
  Json json_items = Json::array();
  const Style style = ctx.style();

  for (const DemoQuery& item : kDemoQueries) {
    Spinner spinner(ctx.interactive());
    spinner.SetStage(std::string("Running: ") + item.title);
    StatusOr<db::ResultSet> result = connector->Execute(item.sql, query);
    spinner.Stop();
    if (!result.ok()) return result.status().WithContext(item.title);

    analysis::ChartRequest chart_request;
    chart_request.title = item.title;
    chart_request.question = item.title;
    chart_request.sql = item.sql;
    analysis::ChartSpec chart = analysis::RecommendChart(*result, chart_request);

    report.AddHeading(item.title);
    report.AddSql(item.sql);
    report.AddChart(chart);
    if (chart.kind != analysis::ChartKind::kKpi) report.AddTable(*result);

    if (ctx.json) {
      Json entry = QueryResultJson(item.sql, *result, chart);
      entry["title"] = item.title;
      json_items.push_back(std::move(entry));
    } else {
      std::cout << style.Bold("▌ " + std::string(item.title)) << "\n";
      PrintQueryResult(ctx, item.sql, *result, chart);
      std::cout << "\n";
    }
  }
  ASKDB_RETURN_IF_ERROR(analysis::WriteReport(report, report_path));
  if (ctx.json) {
    PrintJson(ctx, Json{{"database", db_path.string()},
                        {"report", report_path.string()},
                        {"results", std::move(json_items)}});
  } else {
    std::cout << "Report written to " << style.Bold(report_path.string())
              << " (open it in a browser; it works offline)\n";
  }
  return Status::Ok();
}

}  // namespace

Command AddDemoCommand(CLI::App& app) {
  auto options = std::make_shared<DemoOptions>();
  CLI::App* cmd = app.add_subcommand(
      "demo", "Create the demo retail database if missing and run the main job on it");
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
