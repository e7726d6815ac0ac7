#include "askdb/cli/database_resolver.h"

#include <system_error>

#include "askdb/common/paths.h"
#include "askdb/db/connector_registry.h"

namespace askdb::cli {

StatusOr<std::filesystem::path> DemoDatabasePath() {
  ASKDB_ASSIGN_OR_RETURN(std::filesystem::path data_dir, DataDir());
  return data_dir / "demo" / "retail.sqlite";
}

StatusOr<std::string> ResolveDatabaseUrl(const std::string& db_flag, const CliContext& ctx) {
  if (!db_flag.empty()) return db_flag;
  if (!ctx.config.database.default_url.empty()) return ctx.config.database.default_url;
  StatusOr<std::filesystem::path> demo = DemoDatabasePath();
  std::error_code ec;
  if (demo.ok() && std::filesystem::exists(*demo, ec)) return "sqlite:" + demo->string();
  return InvalidArgumentError(
      "no database given: pass --db URL (e.g. --db sqlite:shop.db), set "
      "database.default_url in askdb.toml, or run `askdb demo` to create the demo database");
}

StatusOr<std::unique_ptr<db::Connector>> OpenDatabase(const std::string& db_flag,
                                                      const CliContext& ctx) {
  ASKDB_ASSIGN_OR_RETURN(std::string url, ResolveDatabaseUrl(db_flag, ctx));
  return db::OpenConnector(url);
}

}  // namespace askdb::cli
