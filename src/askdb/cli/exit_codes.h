// The askdb command's exit codes, one per kind of failure, so that scripts can react
// without parsing messages. Documented in docs/cli.md; keep the two in step.
#pragma once

#include "askdb/common/status.h"

namespace askdb::cli {

enum ExitCode : int {
  kExitOk = 0,
  kExitInternal = 1,       // a bug in askdb: please report it
  kExitUsage = 2,          // bad command line: unknown option, missing argument
  kExitInput = 3,          // bad input: missing file, not a database, malformed URL, empty query
  kExitSql = 4,            // the database rejected the statement (syntax, unknown column, ...)
  kExitRefused = 5,        // refused: a write or other statement askdb never runs
  kExitTimeout = 6,        // the statement ran past its timeout
  kExitUnavailable = 7,    // a server (database, model) could not be reached
  kExitNotAnswered = 8,    // askdb understood the request but could not answer it
  kExitInterrupted = 130,  // Ctrl-C
};

int ExitCodeFor(const Status& status);

}  // namespace askdb::cli
