// What `askdb users` and the `--user` option of the asking commands share: the management
// database as the CLI opens it, and how a password is read.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "askdb/cli/cli_context.h"
#include "askdb/common/status.h"

namespace askdb::server::store {
class ManagementStore;
}

namespace askdb::cli {

// ASKDB_PASSWORD, else a prompt on the terminal (not echoed); InvalidArgument when neither.
StatusOr<std::string> ReadPassword(std::string_view prompt);

// The management database: server.store_url, else <data dir>/askdb_server.sqlite.
StatusOr<std::unique_ptr<server::store::ManagementStore>> OpenManagementDatabase(CliContext& ctx);

}  // namespace askdb::cli
