// askdb kb term add|list|remove: the business terms of a SQLite database, kept beside it as
// NAME.terms.json (knowledge/terms/term_file.h), checked against its catalog when saved; or,
// with --agent ID / --datasource ID, an agent's or datasource's terms in the management
// database (askdb serve's), saved through the HTTP API's own path (server/api/term_scope.h).
#pragma once

#include "askdb/cli/cli_context.h"

namespace askdb::cli {

// Adds `term` under `kb`; the handler runs the chosen term subcommand (Ok when none was).
CommandHandler AddKbTermCommand(CLI::App* kb);

}  // namespace askdb::cli
