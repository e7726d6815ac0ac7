// Which database a command works on: the --db flag, else database.default_url from the
// configuration, else the demo database when it has been created. Opening goes through the
// connector registry, so every engine askdb supports works here.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "askdb/cli/cli_context.h"
#include "askdb/common/status.h"
#include "askdb/db/connector.h"

namespace askdb::cli {

// The --db flag's help, the same on every command that resolves its database here.
inline constexpr char kDatabaseFlagHelp[] =
    "Database URL (sqlite:PATH, a file path, postgres://, mysql://; default: "
    "database.default_url, else the demo database `askdb demo` creates)";

// <data dir>/demo/retail.sqlite.
StatusOr<std::filesystem::path> DemoDatabasePath();

// The URL to use, or InvalidArgument explaining how to name a database.
StatusOr<std::string> ResolveDatabaseUrl(const std::string& db_flag, const CliContext& ctx);

StatusOr<std::unique_ptr<db::Connector>> OpenDatabase(const std::string& db_flag,
                                                      const CliContext& ctx);

}  // namespace askdb::cli
