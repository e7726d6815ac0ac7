// askdb kb term add|list|remove: the business terms of a SQLite database, kept beside it as
// NAME.terms.json (knowledge/terms/term_file.h), checked against its catalog when saved.
#pragma once

#include "askdb/cli/cli_context.h"

namespace askdb::cli {

// Adds `term` under `kb`; the handler runs the chosen term subcommand (Ok when none was).
CommandHandler AddKbTermCommand(CLI::App* kb);

}  // namespace askdb::cli
